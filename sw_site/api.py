"""Uniform JSON errors for the API: every error body is ``{"code", "message"}``
(plus ``"errors"`` with field details for validation failures), never an HTML 500."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import (
    PermissionDenied,
)
from django.core.exceptions import (
    ValidationError as DjangoValidationError,
)
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


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
    if (
        response.status_code == status.HTTP_500_INTERNAL_SERVER_ERROR
    ):  # pragma: no cover
        response.data = {"code": "server_error", "message": "Internal error."}
    return response
