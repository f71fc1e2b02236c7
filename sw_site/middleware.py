"""Every error under ``/api/`` is JSON ``{"code", "message"}``, whatever raised it.

DRF views already answer their own errors in JSON (``sw_site.api``); this middleware
covers what happens outside them: unknown URLs (Django's 404 page), bodies over the
size limit (413, refused from ``Content-Length`` before anything reads them), errors
Django turns into HTML pages (400, 403), a dependency that is down (the database or
the Celery broker: 503) and any other uncaught exception (a JSON 500 that logs one
line with the request id, never an HTML page or a 50-line traceback per request).

Every response carries ``X-Request-ID`` (the client's own when it sent a sane one).
Pages outside ``/api/`` keep their own HTML error pages, except that a dependency
outage (the database or the broker) is the site's 503 page (``templates/503.html``,
rendered without touching the database or the session), not a 500.

Error bodies under ``/api/`` never name an internal host to anyone but staff: host
names, addresses, ports and service URLs in a 4xx/5xx JSON body (a driver's "connection
to server at 10.0.0.5, port 5432 failed", "Error 111 connecting to redis:6379") are
replaced by placeholders (:func:`scrub`).
"""

from __future__ import annotations

import json
import logging
import re
import traceback
import uuid
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.functional import SimpleLazyObject, empty

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


#: What an internal address looks like in an error message, and what replaces it.
_INTERNAL = [
    # service URLs: redis://:secret@10.0.0.5:6379/0, postgres://user@db/x
    (re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'<>]+", re.I), "<service>"),
    # libpq: connection to server at "db.internal" (10.0.0.5), port 5432 failed
    (re.compile(r'(server at )"[^"]*"( \([^)]*\))?'), r'\1"<host>"'),
    (re.compile(r'(on socket )"[^"]*"'), r'\1"<socket>"'),
    # host:port (an IPv4 or IPv6 address, or a name)
    (
        re.compile(
            r"(?:\[[0-9a-f:.]+\]|\b\d{1,3}(?:\.\d{1,3}){3}|\b[a-z][a-z0-9_-]*"
            r"(?:\.[a-z0-9_-]+)*):\d{1,5}\b",
            re.I,
        ),
        "<host>",
    ),
    (re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b"), "<host>"),
    (re.compile(r"\bport \d{1,5}\b", re.I), "port <port>"),
]


def scrub(text: str) -> str:
    """``text`` with internal hosts, addresses, ports and service URLs replaced."""
    for pattern, replacement in _INTERNAL:
        text = pattern.sub(replacement, text)
    return text


def _scrub_data(value: Any) -> Any:
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, list):
        return [_scrub_data(v) for v in value]
    if isinstance(value, dict):
        return {k: _scrub_data(v) for k, v in value.items()}
    return value


def _is_staff(request: HttpRequest) -> bool:
    """Staff, as far as the request already knows: a user nobody looked up yet (the
    session's, lazily) is not looked up here, where the database may be what failed
    (DRF puts its token user on the request too)."""
    user = request.__dict__.get("user")
    if isinstance(user, SimpleLazyObject):
        if user._wrapped is empty:  # type: ignore[attr-defined]
            return False
        user = user._wrapped  # type: ignore[attr-defined]
    return bool(
        user is not None
        and getattr(user, "is_authenticated", False)
        and getattr(user, "is_staff", False)
    )


def _scrubbed(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """An error body with no internal host in it, unless staff asked."""
    if response.status_code < 400 or not _is_json(response) or _is_staff(request):
        return response
    if getattr(response, "streaming", False):
        return response
    try:
        data = json.loads(response.content)
    except ValueError:
        return response
    clean = _scrub_data(data)
    if clean != data:
        response.content = json.dumps(clean).encode()
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
    return response


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
            response = _scrubbed(request, response)
        response["X-Request-ID"] = request_id
        return response

    def process_exception(
        self, request: HttpRequest, exc: Exception
    ) -> HttpResponse | None:
        if not is_api(request):
            return _page_outage(request, exc)
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


#: Seconds a client is told to wait after a dependency outage (``Retry-After``).
OUTAGE_RETRY_AFTER = 30

_OUTAGE_MESSAGES = {
    "database_unavailable": "The database is not answering right now.",
    "broker_unavailable": "The task queue is not answering right now.",
}


def _page_outage(request: HttpRequest, exc: Exception) -> HttpResponse | None:
    """The site's 503 page for a page whose database or broker is down (None for
    any other error: Django's own 500 handling). Rendered without the request, so
    without the session, the user or anything else that would ask the database."""
    outage = dependency_error(exc)
    if outage is None:
        return None
    code = json.loads(outage.content)["code"]
    logger.error(
        "%s %s %s -> 503 request_id=%s: %s",
        request.method,
        request.path,
        type(exc).__name__,
        getattr(request, "request_id", "-"),
        _one_line(exc),
    )
    if isinstance(exc, DatabaseError):
        _rollback_quietly()
    body: str
    try:
        body = render_to_string("503.html", {"message": _OUTAGE_MESSAGES.get(code, "")})
    except Exception:  # noqa: BLE001 - the status matters more than the styling
        body = "<h1>Temporarily unavailable</h1><p>Please try again in a minute.</p>"
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(OUTAGE_RETRY_AFTER)
    response["Cache-Control"] = "no-store"
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
