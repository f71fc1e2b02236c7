"""Issue 33 (error pages): visitors see the site's own 404/403/500 pages under the
default settings (what `make run` uses); Django's debug pages only when a developer
asks for them (DJANGO_DEBUG=1, `make dev`); DJANGO_DEBUG=0 stays production.

The 500 page is rendered without the database and without context processors, which
may be what failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import include, path

ROOT = Path(__file__).resolve().parents[2]
TEST_KEY = "test-only-9f3kQ2mZr7LpW8vX1nB4tY6uH0sD5gJ3cE2aR9oIxq7Vw"


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a page view")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


urlpatterns = [
    path("test-boom/", boom),
    path("test-forbidden/", forbidden),
    path("", include("sw_site.urls")),
]


def failing_context_processor(request: HttpRequest) -> dict[str, object]:
    raise RuntimeError("a context processor that fails")


def settings_in_mode(debug: str | None) -> dict[str, object]:
    """The settings a fresh process reads with DJANGO_DEBUG unset, "1" or "0"."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    if debug is not None:
        env["DJANGO_DEBUG"] = debug
        env["DJANGO_SECRET_KEY"] = TEST_KEY
    code = (
        "import json; from sw_site import settings as s; print(json.dumps({"
        "'DEBUG': s.DEBUG, 'PRODUCTION': s.PRODUCTION, 'HOSTS': s.ALLOWED_HOSTS, "
        "'SSL': getattr(s, 'SECURE_SSL_REDIRECT', False), "
        "'SECURE_COOKIE': getattr(s, 'SESSION_COOKIE_SECURE', False)}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_default_settings_hide_debug_pages_but_stay_local():
    mode = settings_in_mode(None)
    assert mode["DEBUG"] is False  # the site's own error pages
    assert mode["PRODUCTION"] is False
    assert "127.0.0.1" in mode["HOSTS"]  # still answers on loopback over plain HTTP
    assert mode["SSL"] is False and mode["SECURE_COOKIE"] is False


def test_debug_pages_only_when_asked_and_production_unchanged():
    assert settings_in_mode("1")["DEBUG"] is True
    production = settings_in_mode("0")
    assert production["DEBUG"] is False and production["PRODUCTION"] is True
    assert production["HOSTS"] == [] and production["SSL"] is True


def test_make_run_serves_static_files_with_debug_off():
    """runserver serves no static file with DEBUG off unless told to (--insecure)."""
    makefile = (ROOT / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "$(RUNSERVER_ARGS)" in run
    assert "RUNSERVER_ARGS ?= --noreload --insecure" in makefile
    dev = makefile.split("\ndev:", 1)[1].split("\n\n", 1)[0]
    assert "DJANGO_DEBUG=1" in dev


@pytest.mark.django_db
def test_unknown_address_is_the_sites_404_page(settings):
    settings.DEBUG = False
    response = Client().get("/no-such-page/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "<h1>Not found</h1>" in body
    assert 'class="site-header"' in body  # the site's layout, with its menu
    assert "Using the URLconf" not in body  # not Django's technical page


@pytest.mark.django_db
def test_permission_denied_is_the_sites_403_page(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__
    response = Client().get("/test-forbidden/")
    assert response.status_code == 403
    assert "<h1>Not allowed</h1>" in response.content.decode()


@pytest.mark.django_db
def test_500_page_needs_no_database_and_no_context_processor(
    settings, django_assert_num_queries
):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__
    options = settings.TEMPLATES[0]["OPTIONS"]
    settings.TEMPLATES = [
        {
            **settings.TEMPLATES[0],
            "OPTIONS": {
                **options,
                "context_processors": [
                    *options["context_processors"],
                    f"{__name__}.failing_context_processor",
                ],
            },
        }
    ]
    client = Client(raise_request_exception=False)
    with django_assert_num_queries(0):
        response = client.get("/test-boom/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "<h1>Something went wrong</h1>" in body
    assert "Traceback" not in body and "a bug in a page view" not in body


@pytest.mark.django_db
def test_a_refused_csrf_check_is_the_sites_403_page_or_json_under_the_api() -> None:
    """A form posted without its CSRF token (an expired page, another site) gets the
    site's 403 page saying what to do; the technical reason is not shown."""
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "someone", "password": "x"})
    assert response.status_code == 403
    body = response.content.decode()
    assert "Reload the page and try again" in body
    assert "CSRF" not in body and "csrfmiddlewaretoken" not in body
    assert 'class="error-page"' in body
