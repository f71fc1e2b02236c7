"""Every error under ``/api/`` is JSON ``{"code", "message"}``, whatever raised it.

DRF views already answer their own errors in JSON (``sw_site.api``); this middleware
covers what happens outside them: unknown URLs (Django's 404 page), bodies over the
size limit (413, refused from ``Content-Length`` before anything reads them), errors
Django turns into HTML pages (400, 403), a dependency that is down (the database or
the Celery broker: 503) and any other uncaught exception (a JSON 500 that logs one
line with the request id, never an HTML page or a 50-line traceback per request).

Every response carries ``X-Request-ID`` (the client's own when it sent a sane one).
Pages outside ``/api/`` are left alone (they have their own HTML error pages).
"""

from __future__ import annotations

import logging
import re
import traceback
import uuid
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

from sw_site.parsers import body_limit

logger = logging.getLogger("sw_site.errors")

API_PREFIX = "/api/"

STATUS_CODES = {
    400: ("bad_request", "The request could not be understood."),
    401: ("not_authenticated", "Authentication credentials were not provided."),
    403: ("permission_denied", "You do not have permission to do this."),
    404: ("not_found", "Not found."),
    405: ("method_not_allowed", "Method not allowed."),
    406: ("not_acceptable", "Cannot answer in the requested format."),
    413: ("request_too_large", "The request body is too large."),
    415: ("unsupported_media_type", "Unsupported media type."),
    429: ("throttled", "Too many requests."),
    500: ("server_error", "Internal error."),
    503: ("service_unavailable", "A service the site needs is unavailable."),
}

#: Headers of an HTML error response worth keeping on its JSON replacement.
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "Vary")

_SANE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def error_response(status: int, code: str | None = None, message: str = "") -> Any:
    default_code, default_message = STATUS_CODES.get(status, ("error", "Error."))
    return JsonResponse(
        {"code": code or default_code, "message": message or default_message},
        status=status,
    )


def dependency_error(exc: BaseException) -> Any:
    """A 503 for a database or broker outage; None for anything else."""
    from simulate.services.jobs import BrokerUnavailable
    from sw_site.celery import broker_errors

    if isinstance(exc, BrokerUnavailable) or isinstance(exc, broker_errors()):
        return error_response(
            503, "broker_unavailable", "The task queue is unavailable; try again."
        )
    if isinstance(exc, (OperationalError, InterfaceError)):
        return error_response(
            503, "database_unavailable", "The database is unavailable; try again."
        )
    return None


def _one_line(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    text = "".join(traceback.format_exception_only(exc)).strip().replace("\n", " ")
    return f"{text[:300]}{where}"


class ApiErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get("X-Request-ID", "")
        request_id = given if _SANE_ID.match(given) else uuid.uuid4().hex
        request.request_id = request_id  # type: ignore[attr-defined]
        if not is_api(request):
            response = self.get_response(request)
        elif _content_length(request) > body_limit():
            response = error_response(
                413,
                message=f"The request body is larger than {body_limit():,} bytes.",
            )
        else:
            response = self.get_response(request)
            if response.status_code >= 400 and not _is_json(response):
                response = _as_json(response)
        response["X-Request-ID"] = request_id
        return response

    def process_exception(
        self, request: HttpRequest, exc: Exception
    ) -> HttpResponse | None:
        if not is_api(request):
            return None
        if isinstance(exc, RequestDataTooBig):
            return error_response(413)
        response = dependency_error(exc)
        status = 503 if response is not None else 500
        request_id = getattr(request, "request_id", "-")
        logger.error(
            "%s %s %s -> %s request_id=%s: %s",
            request.method,
            request.path,
            type(exc).__name__,
            status,
            request_id,
            _one_line(exc),
        )
        if response is None:
            response = error_response(
                500, message=f"Internal error (request id {request_id})."
            )
        if isinstance(exc, DatabaseError):
            _rollback_quietly()
        # The line above is the whole report: no second one from django.request.
        response._has_been_logged = True  # type: ignore[attr-defined]
        return response


def _rollback_quietly() -> None:
    from django.db import connection

    try:
        if connection.in_atomic_block:
            return
        connection.close_if_unusable_or_obsolete()
    except Exception:  # noqa: BLE001 - the 503 answer matters more
        pass


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _is_json(response: HttpResponse) -> bool:
    return "json" in response.get("Content-Type", "")


def _as_json(response: HttpResponse) -> HttpResponse:
    status = response.status_code
    message = ""
    if status == 404:
        message = "No API endpoint or object at this URL."
    replacement = error_response(status, message=message)
    for header in KEPT_HEADERS:
        if header in response:
            replacement[header] = response[header]
    for cookie in response.cookies.values():
        replacement.cookies[cookie.key] = cookie
    return replacement
