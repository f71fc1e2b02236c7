"""Serializer fields the API's inputs share."""

from __future__ import annotations

from typing import Any, cast

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
