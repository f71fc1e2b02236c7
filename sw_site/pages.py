"""Error pages for the server-rendered site.

``templates/404.html``, ``403.html`` and ``500.html`` are what Django renders for
pages when ``DEBUG`` is off. :func:`friendly_errors` renders the same 404/403 pages
from a page view in every mode (with ``DEBUG`` on, Django would otherwise show its
technical page to a player who opens a private deck's link). The API under
``/api/`` keeps its own JSON errors (``sw_site.api``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

CSRF_MESSAGE = (
    "This form could not be sent: it expired or came from another site. "
    "Reload the page and try again."
)


def friendly_errors(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Render Http404 and PermissionDenied raised by a page view as the site's
    styled 404 and 403 pages."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return render(request, "404.html", status=404)
        except PermissionDenied as exc:
            return render(request, "403.html", {"message": str(exc)}, status=403)

    return wrapper


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A refused CSRF check (``CSRF_FAILURE_VIEW``): the site's 403 page saying what
    to do, or a JSON 403 under ``/api/``; the technical reason is never shown."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": CSRF_MESSAGE, "code": "csrf_failed"}, status=403)
    return render(request, "403.html", {"message": CSRF_MESSAGE}, status=403)
