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
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render


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
