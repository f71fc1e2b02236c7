"""Issue 32 (hardening): outages of the services behind the site.

- The cache is Redis and Redis is down: validating decks, browsing cards and logging
  in keep working (they used to answer 503), and the login lockout keeps counting
  (in the database).
- The database is down: pages answer the site's 503 page (they answered a 500).
- Error bodies under /api/ name no internal host or port to anonymous callers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client
from rest_framework.test import APIClient

from sw_site import cache as shared_cache

ROOT = Path(__file__).resolve().parents[2]
DEAD_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1
PASSWORD = "ice-and-logic-42"


def settings_caches(cache_url: str) -> dict:
    """``CACHES`` as sw_site/settings.py builds it for ``DJANGO_CACHE_URL``."""
    env = {**os.environ, "DJANGO_CACHE_URL": cache_url}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from sw_site import settings; "
            "print(json.dumps(settings.CACHES['default']))",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.fixture
def redis_down(settings):  # type: ignore[no-untyped-def]
    """The default cache as the settings make it for a Redis nobody answers at."""
    shared_cache.reset_breaker()
    settings.CACHES = {**settings.CACHES, "default": settings_caches(DEAD_REDIS)}
    yield
    shared_cache.reset_breaker()


@pytest.mark.django_db
def test_validation_and_browsing_work_while_redis_is_down(redis_down, catalog_db):
    client = APIClient(REMOTE_ADDR="192.0.2.50")
    response = client.post(
        "/api/decks/validate/",
        {"ruleset": "second", "cards": [{"card": "svara", "count": 1}]},
        format="json",
    )
    assert response.status_code == 200, response.content[:300]
    assert response.json()["valid"] is False
    assert client.get("/api/cards/?faction=polar-dwarves").status_code == 200
    assert client.get("/api/factions/").status_code == 200
    assert Client().get("/cards/").status_code == 200


@pytest.mark.django_db
def test_validation_is_still_throttled_while_redis_is_down(redis_down, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "validate_anon": "3/min",
        },
    }
    client = APIClient(REMOTE_ADDR="192.0.2.51")
    body = {"text": "1 Svara"}
    statuses = [
        client.post("/api/decks/validate/", body, format="json").status_code
        for _ in range(4)
    ]
    assert statuses == [200, 200, 200, 429]


@pytest.mark.django_db
def test_login_and_its_lockout_work_while_redis_is_down(redis_down, user):
    def login(password: str, address: str):  # type: ignore[no-untyped-def]
        return APIClient(REMOTE_ADDR=address).post(
            "/api/auth/token/",
            {"username": "svara", "password": password},
            format="json",
        )

    assert login(PASSWORD, "192.0.2.60").status_code == 200
    page = Client(REMOTE_ADDR="192.0.2.61").post(
        "/accounts/login/", {"username": "svara", "password": PASSWORD}
    )
    assert page.status_code == 302
    # The lockout fails closed: it counts in the database meanwhile.
    statuses = [login(f"x{i}", f"192.0.2.{70 + i}").status_code for i in range(11)]
    assert statuses == [401] * 10 + [429]
    assert login(PASSWORD, "192.0.2.99").status_code == 429


@pytest.mark.django_db
def test_the_cache_fails_open_while_redis_is_down(redis_down):
    from django.core.cache import cache

    cache.set("k", 1)
    assert cache.get("k") is None
    assert cache.get("k", "default") == "default"
    assert cache.add("k", 1) is False
    cache.set_many({"a": 1, "b": 2})
    assert cache.get_many(["a", "b"]) == {}
    cache.delete("k")
    with pytest.raises(ValueError):
        cache.incr("k")


@pytest.mark.django_db
def test_catalog_reads_fail_open_whatever_their_cache(monkeypatch, catalog_db):  # type: ignore[no-untyped-def]
    """Cached catalog reads are a convenience: a cache that is down is a miss."""
    import redis
    from django.core.cache import caches

    def down(*args: object, **kwargs: object) -> None:
        raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:1.")

    store = caches["catalog"]
    monkeypatch.setattr(store, "get", down)
    monkeypatch.setattr(store, "set", down)
    client = APIClient()
    assert client.get("/api/cards/?faction=polar-dwarves").status_code == 200
    assert client.get("/api/factions/").status_code == 200


def test_settings_use_the_fallback_redis_cache():
    caches = settings_caches("redis://127.0.0.1:6379/14")
    assert caches["BACKEND"] == "sw_site.cache.FallbackRedisCache"
    assert caches["LOCATION"] == "redis://127.0.0.1:6379/14"


# ------------------------------------------------------------- the database is down


@pytest.fixture
def database_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every query fails as a refused connection does (the message names the host)."""
    from django.db.backends import utils

    def down(*args: object, **kwargs: object) -> None:
        raise OperationalError(
            'connection failed: connection to server at "10.20.30.40", port 5432 '
            "failed: Connection refused"
        )

    monkeypatch.setattr(utils.CursorWrapper, "execute", down)
    monkeypatch.setattr(utils.CursorDebugWrapper, "execute", down)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/cards/", "/decks/", "/factions/"])
def test_pages_answer_503_while_the_database_is_down(database_down, url: str) -> None:
    page = Client(raise_request_exception=False).get(url)
    assert page.status_code == 503
    assert int(page["Retry-After"]) > 0
    assert b"Temporarily unavailable" in page.content
    assert b"10.20.30.40" not in page.content and b"5432" not in page.content


@pytest.mark.django_db
def test_api_answers_503_with_no_host_while_the_database_is_down(database_down):
    response = APIClient(raise_request_exception=False).get("/api/factions/")
    assert response.status_code == 503
    assert b"10.20.30.40" not in response.content


@pytest.mark.django_db
def test_api_error_bodies_name_no_internal_host(monkeypatch: pytest.MonkeyPatch):
    from rest_framework.response import Response

    from sw_site import health

    # What a health check (or any error) may put in a body: the driver's message.
    def report(self, request):  # type: ignore[no-untyped-def]
        return Response(
            {
                "code": "service_unavailable",
                "message": "Failing: database, broker.",
                "checks": {
                    "database": {
                        "ok": False,
                        "error": 'OperationalError: connection to server at "db.'
                        'internal" (10.20.30.40), port 5432 failed',
                    },
                    "broker": {
                        "ok": False,
                        "error": "Error 111 connecting to redis.internal:6379. "
                        "Connection refused. (redis://:s3cret@10.1.1.1:6379/0)",
                    },
                },
            },
            status=503,
        )

    monkeypatch.setattr(health.HealthApi, "get", report)
    response = Client().get("/api/health/")
    assert response.status_code == 503
    body = response.content.decode()
    for secret in ("10.20.30.40", "db.internal", "5432", "6379", "s3cret", "10.1.1.1"):
        assert secret not in body, body
    assert response.json()["checks"]["database"]["ok"] is False


@pytest.mark.django_db
@pytest.mark.parametrize(("staff", "shown"), [(True, True), (False, False)])
def test_only_staff_see_the_details(django_user_model, monkeypatch, staff, shown):  # type: ignore[no-untyped-def]
    from rest_framework.response import Response

    from accounts.apis import AuthTokenListApi

    def report(self, request):  # type: ignore[no-untyped-def]
        return Response({"code": "x", "message": "redis.internal:6379"}, status=503)

    monkeypatch.setattr(AuthTokenListApi, "get", report)
    user = django_user_model.objects.create_user("root", "", PASSWORD, is_staff=staff)
    client = Client()
    client.force_login(user)
    response = client.get("/api/auth/tokens/")
    assert response.status_code == 503
    assert ("redis.internal:6379" in response.content.decode()) is shown
