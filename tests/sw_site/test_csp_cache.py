"""sw_site.csp: django-csp's middleware with the site policy built once. Every
header it writes is the one django-csp would write, and it follows the settings."""

from __future__ import annotations

from typing import Any

import pytest
from csp.constants import NONCE, SELF
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from sw_site.csp import CSPMiddleware

HEADER = "Content-Security-Policy"
REPORT_ONLY = "Content-Security-Policy-Report-Only"


def answer(middleware_class: Any, path: str = "/cards/", **attrs: Any) -> Any:
    """The response ``middleware_class`` makes of a plain 200 with ``attrs``."""

    def view(request: Any) -> HttpResponse:
        response = HttpResponse("ok")
        for name, value in attrs.items():
            setattr(response, name, value)
        return response

    return middleware_class(view)(RequestFactory().get(path))


def headers(response: Any) -> dict[str, str]:
    return {k: v for k, v in response.items() if k.startswith("Content-Security")}


@pytest.mark.parametrize(
    "attrs",
    [
        {},
        {"_csp_update": {"style-src": ["'unsafe-inline'"]}},
        {"_csp_replace": {"img-src": ["data:"]}},
        {"_csp_exempt": True},
    ],
    ids=["site", "update", "replace", "exempt"],
)
def test_the_same_header_as_django_csp(attrs: dict[str, Any]) -> None:
    ours = answer(CSPMiddleware, **attrs)
    theirs = answer(DjangoCSPMiddleware, **attrs)
    assert headers(ours) == headers(theirs)
    assert (HEADER in ours) is not attrs.get("_csp_exempt", False)


def test_the_policy_follows_the_settings() -> None:
    before = answer(CSPMiddleware)[HEADER]
    assert "img-src 'self'" in before
    changed = {"DIRECTIVES": {"default-src": ["'self'"], "img-src": ["'none'"]}}
    with override_settings(
        CONTENT_SECURITY_POLICY=changed,
        CONTENT_SECURITY_POLICY_REPORT_ONLY={
            "EXCLUDE_URL_PREFIXES": ["/api/"],
            "DIRECTIVES": {"default-src": ["'none'"]},
        },
    ):
        response = answer(CSPMiddleware)
        assert response[HEADER] == answer(DjangoCSPMiddleware)[HEADER]
        assert "img-src 'none'" in response[HEADER]
        assert response[REPORT_ONLY] == "default-src 'none'"
        assert REPORT_ONLY not in answer(CSPMiddleware, path="/api/cards/")
    assert answer(CSPMiddleware)[HEADER] == before


def test_a_nonce_used_by_the_view_is_in_the_header() -> None:
    def view(request: Any) -> HttpResponse:
        return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")

    changed = {"DIRECTIVES": {"default-src": ["'self'"], "script-src": [SELF, NONCE]}}
    with override_settings(CONTENT_SECURITY_POLICY=changed):
        request = RequestFactory().get("/")
        response = CSPMiddleware(view)(request)
    nonce = response.content.decode().split("nonce='")[1].split("'")[0]
    assert f"'nonce-{nonce}'" in response[HEADER]
