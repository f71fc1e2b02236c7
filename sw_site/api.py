"""Uniform JSON errors for the API: every error body is ``{"code", "message"}``
(plus ``"errors"`` with field details for validation failures), never an HTML 500.

DRF's exception handler, extended: Django's own ValidationError / Http404 /
PermissionDenied map to 400 / 404 / 403, a database or broker outage to 503
(``database_unavailable`` / ``broker_unavailable``), and every 429 carries
``Retry-After``. What happens outside DRF views is ``sw_site.middleware``'s job."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import (
    PermissionDenied,
    RequestDataTooBig,
)
from django.core.exceptions import (
    ValidationError as DjangoValidationError,
)
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from sw_site.parsers import RequestTooLarge


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            inner = _first_message(value)
            return inner if key in ("detail", "non_field_errors") else f"{key}: {inner}"
        return "Invalid input."
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else "Invalid input."
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    from sw_site.middleware import dependency_error

    outage = dependency_error(exc)
    if outage is not None:
        # The database or the broker is down: 503, and roll back what was begun.
        set_rollback()
        return Response(
            json.loads(outage.content), status=status.HTTP_503_SERVICE_UNAVAILABLE
        )
    if isinstance(exc, RequestDataTooBig):
        exc = RequestTooLarge()
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or "Permission denied.")

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    code = getattr(exc, "default_code", "error")
    if isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        if isinstance(codes, str):
            code = codes
    body: dict[str, Any] = {"code": code, "message": _first_message(detail)}
    if isinstance(exc, exceptions.ValidationError):
        body["code"] = "invalid"
        body["errors"] = detail
    response.data = body
    if response.status_code == status.HTTP_429_TOO_MANY_REQUESTS:
        # DRF sets Retry-After for its throttles; other 429s (too many active jobs)
        # say when to look again too.
        response.setdefault("Retry-After", "60")
    if (
        response.status_code == status.HTTP_500_INTERNAL_SERVER_ERROR
    ):  # pragma: no cover
        response.data = {"code": "server_error", "message": "Internal error."}
    return response
