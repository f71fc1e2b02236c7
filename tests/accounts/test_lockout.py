"""Issue 32 (hardening): the login lockout holds under concurrency, across processes
and on every login door (API token, login page, /admin/login/).

16 concurrent wrong passwords for one account, then 25 more one at a time from
another address, used to be answered 401 every time (DRF's ``wait()`` returned None
past the limit, so the check passed, and the read-then-write counter let 13 of a
limit of 10 through); the right password then got a token.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from sw_site.throttles import Counters
from tests.sw_site.test_serve import production_env, start_gunicorn

TOKEN_URL = "/api/auth/token/"
PASSWORD = "ice-and-logic-42"
LIMIT = 10  # login_account: 10/hour
REDIS_URL = os.environ.get("SW_TEST_REDIS_URL", "redis://127.0.0.1:6379/14")


def redis_up() -> bool:
    from urllib.parse import urlparse

    url = urlparse(REDIS_URL)
    try:
        socket.create_connection((url.hostname, url.port or 6379), timeout=1).close()
    except OSError:
        return False
    return True


def post_json(url: str, body: dict, address: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers)


def attack(base: str) -> tuple[list[int], list[int], tuple[int, dict]]:
    """16 concurrent wrong passwords, 25 more one at a time, then the right one."""
    url = f"{base}{TOKEN_URL}"

    def wrong(i: int) -> int:
        return post_json(url, {"username": "svara", "password": f"guess-{i}"})[0]

    with ThreadPoolExecutor(16) as pool:
        burst = list(pool.map(wrong, range(16)))
    serial = [wrong(100 + i) for i in range(25)]
    right = post_json(url, {"username": "svara", "password": PASSWORD})
    return burst, serial, right


def assert_locked(burst: list[int], serial: list[int], right: tuple[int, dict]) -> None:
    statuses = burst + serial
    assert set(statuses) <= {401, 429}, statuses
    assert statuses.count(401) <= LIMIT, statuses  # never more guesses checked
    assert set(serial[-15:]) == {429}, serial
    status, headers = right
    assert status == 429, status
    assert int(headers["Retry-After"]) > 0


# ----------------------------------------------------------------- in one process


@pytest.mark.django_db
def test_the_right_password_is_refused_while_locked_on_every_door(user):
    for i in range(LIMIT):
        response = APIClient(REMOTE_ADDR=f"10.4.0.{i + 1}").post(
            TOKEN_URL, {"username": "svara", "password": f"x{i}"}, format="json"
        )
        assert response.status_code == 401
    for _ in range(3):  # past the limit DRF's wait() was None: every door stays shut
        response = APIClient(REMOTE_ADDR="10.4.1.1").post(
            TOKEN_URL, {"username": "svara", "password": PASSWORD}, format="json"
        )
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
    page = Client(REMOTE_ADDR="10.4.1.2").post(
        "/accounts/login/", {"username": "svara", "password": PASSWORD}
    )
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert not Token.objects.exists()


@pytest.mark.django_db
def test_admin_login_is_throttled_per_account(django_user_model):
    django_user_model.objects.create_superuser("root", "", PASSWORD)
    statuses = [
        Client(REMOTE_ADDR=f"10.5.0.{i + 1}")
        .post("/admin/login/", {"username": "root", "password": f"wrong-{i}"})
        .status_code
        for i in range(LIMIT + 2)
    ]
    assert statuses[:LIMIT] == [200] * LIMIT  # the form again, with its error
    assert statuses[LIMIT:] == [429, 429]
    client = Client(REMOTE_ADDR="10.5.1.1")
    page = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert page.status_code == 429
    assert int(page["Retry-After"]) > 0
    assert b"Too many login attempts" in page.content
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_admin_login_is_throttled_per_address(django_user_model, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "login_address": "5/min",
        },
    }
    django_user_model.objects.create_superuser("root", "", PASSWORD)
    client = Client(REMOTE_ADDR="10.6.0.1")
    for i in range(5):
        client.post("/admin/login/", {"username": f"nobody{i}", "password": "x"})
    page = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert page.status_code == 429
    # A good admin login elsewhere works and does not spend the account's failures.
    other = Client(REMOTE_ADDR="10.6.0.2")
    ok = other.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert ok.status_code == 302 and "_auth_user_id" in other.session


@pytest.mark.django_db
def test_good_logins_give_their_reservation_back(user):
    for i in range(3 * LIMIT):
        client = Client(REMOTE_ADDR=f"10.7.0.{i + 1}")
        page = client.post(
            "/accounts/login/", {"username": "svara", "password": PASSWORD}
        )
        assert page.status_code == 302, i


def _counter_race(n_threads: int, hits_each: int) -> list[int]:
    """Every thread hits the same counter; the counts they saw, sorted."""
    seen: list[int] = []
    lock = threading.Lock()
    barrier = threading.Barrier(n_threads)

    def run() -> None:
        from django.db import connection

        try:
            barrier.wait()
            for _ in range(hits_each):
                n, _left = Counters.hit("race:test", 60)
                with lock:
                    seen.append(n)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(seen)


@pytest.mark.worker  # a file database on SQLite: threads share it
@pytest.mark.django_db(transaction=True)
def test_database_counters_are_atomic_under_threads():
    assert _counter_race(8, 5) == list(range(1, 41))


@pytest.mark.django_db(transaction=True)
def test_redis_counters_are_atomic_under_threads(settings):
    if not redis_up():
        pytest.skip(f"no Redis at {REDIS_URL}")
    from django.core.cache import cache

    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "sw_site.cache.FallbackRedisCache",
            "LOCATION": REDIS_URL,
        },
    }
    import redis

    from accounts.models import ThrottleCounter
    from sw_site import cache as shared_cache

    shared_cache.reset_breaker()
    cache.clear()
    raw = redis.Redis.from_url(REDIS_URL)
    try:
        assert _counter_race(8, 5) == list(range(1, 41))
        count, left = Counters.peek("race:test")
        assert count == 40 and 0 < left <= 60
        Counters.release("race:test")
        assert Counters.peek("race:test")[0] == 39
        # Counted in Redis (with the cache's prefix), not in the database table.
        assert int(raw.get(Counters.redis_key("race:test"))) == 39
        assert 0 < raw.pttl(Counters.redis_key("race:test")) <= 60_000
        assert not ThrottleCounter.objects.exists()
    finally:
        cache.clear()


# ------------------------------------------------------------ against live servers


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_concurrent_wrong_passwords_never_pass_the_limit(user, live_server):
    burst, serial, right = attack(live_server.url)
    assert_locked(burst, serial, right)
    assert not Token.objects.exists()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("store", ["database", "redis"])
def test_lockout_holds_across_gunicorn_workers(
    user, live_database_url, tmp_path, store
):
    """Three gunicorn processes x 4 threads, counting in the shared store."""
    env = production_env(live_database_url, tmp_path / "static")
    if store == "redis":
        if not redis_up():
            pytest.skip(f"no Redis at {REDIS_URL}")
        import redis

        redis.Redis.from_url(REDIS_URL).flushdb()
        env["DJANGO_CACHE_URL"] = REDIS_URL
    with start_gunicorn(env, tmp_path, workers=3, threads=4) as base:
        burst, serial, right = attack(base)
    assert_locked(burst, serial, right)
    assert not Token.objects.exists()
    from accounts.models import ThrottleCounter

    if store == "redis":
        raw = redis.Redis.from_url(REDIS_URL)
        keys = [k.decode() for k in raw.keys("*throttle_login_*")]
        assert any("login_account" in k for k in keys), keys
        assert not ThrottleCounter.objects.exists()
        raw.flushdb()
    else:
        assert ThrottleCounter.objects.filter(key__contains="login_account").exists()
