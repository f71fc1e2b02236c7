"""Cached catalog reads: ``/api/factions/...`` and ``/api/cards/...`` (issue 15).

The catalog changes only when ``load_catalog`` runs (or an admin edits it), so a read
answer depends on (catalog version, URL, format) alone and is kept, per server
process, in the ``catalog`` cache (local memory, bounded). The version is a
fingerprint of the catalog tables (row counts and latest ``updated_at``), read at
most every ``CATALOG_VERSION_TTL`` seconds per process: after ``load_catalog`` every
process answers with the new catalog within that delay, without being told.

Answers carry an ``ETag`` from the same key; a conditional GET (``If-None-Match``)
with the current one gets ``304 Not Modified`` without any work (Django's
``condition`` decorator does the comparison).

JSON and text answers are kept rendered (body and headers), and a request with no
``Authorization`` header that finds one is answered from it before DRF: no
authentication, content negotiation, serialisation or rendering (about half the CPU
of a cached card search). With an ``Authorization`` header DRF runs as before (a bad
token is a 401 whatever the cache holds); browsable-API (HTML) answers show the user
and a CSRF token, so only their data is kept and they are rendered each time. A view
with a throttle or a permission other than ``AllowAny`` always goes through DRF.
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import condition
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from cards.models import (
    Ability,
    Card,
    Faction,
    FactionDeckEntry,
    Product,
    SummonerSetup,
    Symbol,
)

_lock = threading.Lock()
_version: tuple[float, str] = (float("-inf"), "")

CATALOG_MODELS = (
    Card,
    Ability,
    Faction,
    FactionDeckEntry,
    SummonerSetup,
    Symbol,
    Product,
)


def catalog_version() -> str:
    """A fingerprint of the catalog tables, re-read at most every
    ``CATALOG_VERSION_TTL`` seconds (default 2) in this process."""
    global _version
    ttl = float(getattr(settings, "CATALOG_VERSION_TTL", 2.0))
    now = time.monotonic()
    checked, version = _version
    if now - checked < ttl:
        return version
    # One query: a count and the latest change of every catalog table.
    columns = []
    for model in CATALOG_MODELS:
        table = connection.ops.quote_name(model._meta.db_table)
        columns.append(f"(SELECT COUNT(*) FROM {table})")
        columns.append(f"(SELECT MAX(updated_at) FROM {table})")
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(columns))
        row = cursor.fetchone()
    version = hashlib.sha1(repr(row).encode()).hexdigest()[:16]
    with _lock:
        _version = (now, version)
    return version


def forget_version() -> None:
    """Re-read the version on the next request (tests; ``load_catalog``)."""
    global _version
    with _lock:
        _version = (float("-inf"), "")


def _answer_key(request: HttpRequest) -> str:
    """What an answer depends on, hashed; computed once per request."""
    key = getattr(request, "_catalog_answer_key", None)
    if key is None:
        accept = request.headers.get("Accept", "")
        # Scheme and host too: paginated answers hold absolute links.
        site = f"{request.scheme}://{request.get_host()}"
        raw = f"{catalog_version()} {site} {request.get_full_path()} {accept}"
        key = hashlib.sha1(raw.encode()).hexdigest()
        request._catalog_answer_key = key  # type: ignore[attr-defined]
    return key


def catalog_etag(request: HttpRequest, *args: Any, **kwargs: Any) -> str:
    return _answer_key(request)[:24]


def depends_on_user(request: HttpRequest) -> bool:
    """Does the answer read the user's collection (``owned``, ``is:owned``)? Such
    answers are neither cached nor given an ETag: the collection changes apart
    from the catalog, and each user has their own."""
    params = request.GET
    return "owned" in params or "is:owned" in params.get("q", "").lower()


class CachedCatalogReadMixin:
    """For the catalog's read-only API views: ETag / 304, and the data of a 200
    answer kept per (catalog version, URL, Accept) in the ``catalog`` cache (not
    for answers that depend on the user, see :func:`depends_on_user`)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        parent = super().dispatch  # type: ignore[misc]
        if depends_on_user(request):
            return parent(request, *args, **kwargs)
        if _public(self):
            parent = _rendered_first(parent)
        return condition(etag_func=catalog_etag)(parent)(request, *args, **kwargs)

    def get(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        if depends_on_user(request._request):
            return super().get(request, *args, **kwargs)  # type: ignore[misc]
        store = caches["catalog"]
        key = f"{_answer_key(request._request)}:{request.accepted_renderer.format}"
        data = _fail_open(lambda: store.get(key))
        if data is not None:
            return Response(data)
        response = super().get(request, *args, **kwargs)  # type: ignore[misc]
        if response.status_code == 200:
            _fail_open(lambda: store.set(key, response.data))
        return response


#: Renderer formats whose bytes depend on the request's URL and Accept header alone.
RENDERED_FORMATS = frozenset({"json", "text"})


def _public(view: Any) -> bool:
    """May a kept answer skip DRF for ``view``: nothing it would check per request
    (no throttle; every permission class ``AllowAny``)?"""
    return not getattr(view, "throttle_classes", ()) and all(
        issubclass(p, AllowAny) for p in getattr(view, "permission_classes", ())
    )


def _rendered_first(dispatch: Any) -> Any:
    """``dispatch`` answered from the rendered-answer cache when it can be, keeping
    what it renders otherwise (see the module's docstring)."""

    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.method != "GET" or "Authorization" in request.headers:
            return dispatch(request, *args, **kwargs)
        store = caches["catalog"]
        key = f"{_answer_key(request)}:rendered"
        kept = _fail_open(lambda: store.get(key))
        if kept is not None:
            content, headers = kept
            return HttpResponse(content, headers=headers)
        response = dispatch(request, *args, **kwargs)
        renderer = getattr(response, "accepted_renderer", None)
        if (
            response.status_code == 200
            and getattr(renderer, "format", None) in RENDERED_FORMATS
            and not response.cookies
        ):
            response.render()
            kept = (response.content, dict(response.items()))
            _fail_open(lambda: store.set(key, kept))
        return response

    return answer


def _fail_open(call: Any) -> Any:
    """A cache call that cannot break a read: a cache that is down (were ``catalog``
    ever configured to a shared cache such as Redis) is a miss, and the answer is
    computed from the database as without any cache."""
    from sw_site.cache import redis_errors

    try:
        return call()
    except redis_errors():
        return None
