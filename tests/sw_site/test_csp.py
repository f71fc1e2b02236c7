"""Issue 32 (hardening): every response carries the Content-Security-Policy header,
pages and API alike, errors included; the policy is strict (no inline script, no
plugin, no framing, forms and <base> only to this site); only the API docs pages
relax it, and only for styles, images and ReDoc's worker; and the templates hold no
inline script, handler or style attribute that the policy would block."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(__file__).resolve().parents[2]
HEADER = "Content-Security-Policy"


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            parsed[words[0]] = words[1:]
    return parsed


def plain_routes(patterns=None, prefix: str = "") -> list[str]:  # type: ignore[no-untyped-def]
    """Every URL of the site without a path parameter (admin left out)."""
    routes = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if route.startswith("admin/") or "<" in route or "(?P" in route:
            continue
        if isinstance(entry, URLResolver):
            routes += plain_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            routes.append("/" + route.lstrip("^").rstrip("$"))
    return sorted(set(routes))


def assert_strict(policy: str) -> None:
    d = directives(policy)
    assert d["default-src"] == ["'self'"]
    assert d["script-src"] == ["'self'"]
    assert d["object-src"] == ["'none'"]
    assert d["base-uri"] == ["'self'"]
    assert d["frame-ancestors"] == ["'none'"]
    assert d["form-action"] == ["'self'"]


@pytest.mark.django_db
def test_every_page_and_api_response_carries_the_policy(
    client: Client, django_user_model
) -> None:  # type: ignore[no-untyped-def]
    routes = plain_routes()
    assert {"/", "/cards/", "/decks/new/", "/api/cards/", "/api/decks/"} <= set(routes)
    user = django_user_model.objects.create_user("csp", password="x-pass-1")
    for logged_in in (False, True):
        if logged_in:
            client.force_login(user)
        for route in routes:
            response = client.get(route)
            assert HEADER in response, (route, response.status_code)
            policy = response[HEADER]
            if route.startswith(("/api/docs/", "/api/redoc/")):
                assert directives(policy)["script-src"] == ["'self'"], route
            else:
                assert_strict(policy)
                assert directives(policy)["style-src"] == ["'self'"], route


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/no-such-page/"),
        ("get", "/api/no-such-endpoint/"),
        ("get", "/cards/no-such-card/"),
        ("get", "/api/decks/999999/"),
        ("post", "/api/decks/validate/"),  # 400: no body
        ("post", "/api/decks/"),  # 401/403: anonymous
        ("delete", "/api/cards/"),  # 405
    ],
)
def test_error_responses_carry_the_policy(
    client: Client, method: str, url: str
) -> None:
    response = getattr(client, method)(url, content_type="application/json")
    assert response.status_code >= 400
    assert_strict(response[HEADER])


@pytest.mark.django_db
def test_only_the_docs_relax_the_policy_and_never_for_scripts(client: Client) -> None:
    for url in ("/api/docs/", "/api/docs/?script=", "/api/redoc/"):
        d = directives(client.get(url)[HEADER])
        assert d["script-src"] == ["'self'"], url
        assert "'unsafe-inline'" in d["style-src"]
        assert d["object-src"] == ["'none'"] and d["frame-ancestors"] == ["'none'"]
    page = client.get("/api/docs/").content.decode()
    assert '<script src="/api/docs/?script="></script>' in page
    assert not re.search(r"<script>", page)
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()
    assert "<script>" not in client.get("/api/redoc/").content.decode()


def test_templates_hold_nothing_the_policy_blocks() -> None:
    inline = re.compile(
        r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+=|\sstyle=|<style|javascript:", re.I
    )
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in (ROOT / "templates").rglob("*.html")
        for match in inline.finditer(path.read_text())
    ]
    assert found == []
