"""The OpenAPI schema says what the API really answers (issue 15, item 6).

``AutoSchema`` adds to every operation the error responses it can give, each with the
``Error`` body ``{"code", "message"}``, unless the view documents that status itself:

- 400 (and 413 for a body over the limit) for operations with a request body or
  query filters;
- 401 (``WWW-Authenticate: Token``) and 403 for operations behind a login;
- 404 for paths with a parameter (unknown or someone else's private object);
- 429 for throttled operations;
- 503 for every operation (the database or the broker is down);
- 414 for operations with query parameters: a request line too long for the web
  server (gunicorn answers it, so it is the one error that is not JSON).

``error_response(description)`` documents one status by hand.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny

ErrorSerializer = inline_serializer(
    "Error",
    {
        "code": serializers.CharField(
            help_text="A stable code: invalid, parse_error, not_authenticated, "
            "authentication_failed, permission_denied, not_found, "
            "method_not_allowed, request_too_large, throttled, "
            "too_many_active_jobs, deck.invalid, broker_unavailable, "
            "database_unavailable, ..."
        ),
        "message": serializers.CharField(),
        "errors": serializers.JSONField(
            required=False, help_text="Field details of a 400 `invalid`."
        ),
    },
)

DESCRIPTIONS = {
    400: "Invalid input (`invalid`, with field `errors`) or unparseable JSON "
    "(`parse_error`).",
    401: "Not logged in (`not_authenticated`) or bad credentials "
    "(`authentication_failed`); `WWW-Authenticate: Token`.",
    403: "Logged in but not allowed (`permission_denied`).",
    404: "No such object, or someone else's private one (`not_found`).",
    413: "Request body over the size limit (`request_too_large`).",
    429: "Throttled (`throttled`); `Retry-After` says when to try again.",
    503: "The database or the task queue is down (`database_unavailable`, "
    "`broker_unavailable`).",
}


def error_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=ErrorSerializer, description=description)


#: Request components whose body must hold exactly one of two fields (filled by
#: :func:`one_of_required`, applied by :func:`postprocess_one_of`).
ONE_OF_REQUIRED: dict[str, tuple[str, ...]] = {}


def one_of_required(*fields: str) -> Any:
    """Class decorator for an input serializer whose ``validate`` demands exactly one
    of ``fields``: the schema says so with ``oneOf`` (``required`` per field)."""

    def mark(serializer_class: Any) -> Any:
        name = getattr(getattr(serializer_class, "Meta", None), "ref_name", None)
        ONE_OF_REQUIRED[name or serializer_class.__name__] = fields
        return serializer_class

    return mark


#: Request components (nested, so not marked by ``closed_schema``) that refuse
#: keys they do not name: ``{"card", "count"}`` entries (decks.apis.DeckCardsField).
CLOSED_REQUEST_COMPONENTS = ("DeckEntryInput",)


def postprocess_one_of(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """The "exactly one of" request rules; and (the hook list in settings is this
    one) :func:`postprocess_empty_query_values`."""
    schemas = result.get("components", {}).get("schemas", {})
    one_of_refs = set()
    for name, fields in ONE_OF_REQUIRED.items():
        for variant in (name, f"{name}Request"):
            if variant in schemas:
                schemas[variant]["oneOf"] = [{"required": [f]} for f in fields]
                one_of_refs.add(f"#/components/schemas/{variant}")
    # Nested request objects that refuse other keys (their serializer is mapped
    # through a field, not _map_basic_serializer's request direction).
    for name in CLOSED_REQUEST_COMPONENTS:
        if f"{name}Request" in schemas:
            schemas[f"{name}Request"]["additionalProperties"] = False
    # A body that must hold one of two fields cannot be left out: the request body
    # of such an operation is required (an empty POST is a 400).
    for _path, _method, operation in _operations(result):
        body = operation.get("requestBody")
        if body and any(
            media.get("schema", {}).get("$ref") in one_of_refs
            for media in body.get("content", {}).values()
        ):
            body["required"] = True
    return postprocess_empty_query_values(result)


def _operations(result: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, operation)
        for path, item in result.get("paths", {}).items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "responses" in operation
    ]


def postprocess_empty_query_values(result: dict[str, Any]) -> dict[str, Any]:
    """An empty query value (``?ruleset=``, ``?format=``, ``?card_type=``) means
    the parameter was not given: DRF's format negotiation, django-filter and
    ``request_edition`` all read it so, as an HTML form sends it. A choice
    parameter's ``enum`` (a list's items' too: ``?sort=``) therefore lists ``""``,
    and a number or boolean one (``?page=``, ``?cost=``) is that or ``""``."""
    for _path, _method, operation in _operations(result):
        for parameter in operation.get("parameters", []):
            schema = parameter.get("schema", {})
            if parameter.get("in") == "query" and schema.get("type") in (
                "integer",
                "number",
                "boolean",
            ):
                parameter["schema"] = {
                    "oneOf": [schema, {"type": "string", "enum": [""]}]
                }
                continue
            enum = schema.get("enum")
            if (
                parameter.get("in") == "query"
                and enum
                and schema.get("type") == "string"
                and "" not in enum
            ):
                schema["enum"] = [*enum, ""]
                schema.pop("minLength", None)
            items = schema.get("items", {})
            if (
                parameter.get("in") == "query"
                and schema.get("type") == "array"
                and items.get("enum")
                and "" not in items["enum"]
            ):
                # ``?sort=``: an empty list item, read as not given
                items["enum"] = [*items["enum"], ""]
    return result


class AutoSchema(SpectacularAutoSchema):
    def _map_basic_serializer(self, serializer: Any, direction: str) -> Any:
        """A request serializer that refuses unknown fields (``closed_schema``)
        says so: ``additionalProperties: false``."""
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and getattr(serializer, "closed_schema", False):
            schema["additionalProperties"] = False
        return schema

    def map_parsers(self) -> list[Any]:
        """Request bodies are documented as JSON only. The views also parse HTML
        forms and multipart (the browsable API's forms), but those cannot carry
        the nested bodies (``cards: [{card, count}]``) nor a JSON null or number,
        so a form documented with the same schema would promise requests the API
        must refuse."""
        media_types = super().map_parsers()
        return [m for m in media_types if m == "application/json"] or media_types

    def get_auth(self) -> list[dict[str, Any]]:
        """Operations open to anonymous clients say so (``{}``), even when the
        view decides its permissions per method."""
        auth = super().get_auth()
        if auth and not self._needs_login() and {} not in auth:
            auth = [*auth, {}]
        return auth

    def get_operation(self, *args: Any, **kwargs: Any) -> Any:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses = operation.setdefault("responses", {})
        for code in self._error_statuses(operation):
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(
                    error_response(DESCRIPTIONS[code]), str(code)
                )
        if any(p["in"] == "query" for p in operation.get("parameters", [])):
            # the one error the API never sees: gunicorn answers it (in HTML)
            responses.setdefault(
                "414",
                {
                    "description": "Request line over 4,094 bytes (a query far too "
                    "long): the web server refuses it before the API runs, so "
                    "its body is not JSON."
                },
            )
        return operation

    def _error_statuses(self, operation: dict[str, Any]) -> list[int]:
        codes = {503}
        query = {
            p["name"] for p in operation.get("parameters", []) if p["in"] == "query"
        }
        has_body = self.method in ("POST", "PUT", "PATCH")
        if has_body or query - {"page", "format"}:
            codes.add(400)
        if has_body:
            codes.add(413)
        if self._needs_login():
            codes |= {401, 403}
        if "{" in self.path or "page" in query or "format" in query:
            codes.add(404)  # unknown object, page past the end, unknown format
        if self._throttled():
            codes.add(429)
        return sorted(codes)

    def _needs_login(self) -> bool:
        permissions = self.view.get_permissions()
        return any(not isinstance(p, AllowAny) for p in permissions)

    def _throttled(self) -> bool:
        try:
            return bool(self.view.get_throttles())
        except Exception:  # noqa: BLE001 - a view that needs a real request
            return False
