"""Serializer fields, and the input serializer, the API's inputs share."""

from __future__ import annotations

from typing import Any, cast

from django.http import QueryDict
from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A string, not a number turned into one (``{"name": 0}`` is a 400).

    ``max_length`` counts what was sent, as the schema's ``maxLength`` says:
    DRF counts after trimming, so 101 characters with a leading space passed.
    """

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        if self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return cast(str, super().to_internal_value(data))


#: A form post from a logged-in browser (the browsable API's forms) carries Django's
#: CSRF token as a field of the body: it is the request's, not the endpoint's.
FORM_ONLY_KEYS = frozenset({"csrfmiddlewaretoken"})


class StrictInputSerializer(serializers.Serializer):
    """Input that names every field it takes: an unknown field (a typo such as
    ``game`` for ``games``, or ``text`` where ``cards`` was meant) is a 400, never
    silently dropped for a default the caller did not ask for. Its schema says so
    (``additionalProperties: false``, ``sw_site.openapi.AutoSchema``)."""

    closed_schema = True

    def to_internal_value(self, data: Any) -> Any:
        if hasattr(data, "keys"):
            known = set(self.fields)
            if isinstance(data, QueryDict):
                known |= FORM_ONLY_KEYS
            unknown = sorted(set(data.keys()) - known)
            if unknown:
                raise serializers.ValidationError(
                    {
                        str(name)[:40]: [
                            "Unknown field; this endpoint takes: "
                            + ", ".join(self.fields)
                            + "."
                        ]
                        for name in unknown[:10]
                    }
                )
        return super().to_internal_value(data)
