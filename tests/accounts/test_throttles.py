"""Abuse limits (issue 15, item 5), counted in the shared cache: logins per account
and per address (60 wrong passwords then the right one no longer succeed), sign-ups
and anonymous validation per address, and API tokens their owner can list and
revoke; unauthenticated token clients get 401 with WWW-Authenticate."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"
PASSWORD = "ice-and-logic-42"
ROOT = Path(__file__).resolve().parents[2]


def from_address(address: str) -> APIClient:
    return APIClient(REMOTE_ADDR=address)


def login(client: APIClient, password: str, username: str = "svara"):  # type: ignore[no-untyped-def]
    return client.post(
        TOKEN_URL, {"username": username, "password": password}, format="json"
    )


def test_sixty_wrong_passwords_then_the_right_one_is_refused(user):
    # From 60 different addresses, so only the per-account limit can stop them.
    statuses = [
        login(from_address(f"10.0.{i // 250}.{i % 250 + 1}"), f"guess-{i}").status_code
        for i in range(60)
    ]
    assert statuses[:10] == [401] * 10
    assert set(statuses[10:]) == {429}
    response = login(from_address("192.0.2.7"), PASSWORD)
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert int(response["Retry-After"]) > 0
    assert not Token.objects.exists()


def test_good_logins_do_not_lock_the_account(user):
    for i in range(15):
        assert login(from_address(f"10.1.0.{i + 1}"), PASSWORD).status_code == 200


def test_logins_are_limited_per_address(user, other_user):
    client = from_address("198.51.100.9")
    statuses = [
        login(client, "x", username=f"nobody{i}").status_code for i in range(31)
    ]
    assert statuses[:30] == [401] * 30
    assert statuses[30] == 429
    # Another address is not affected.
    assert login(from_address("198.51.100.10"), PASSWORD).status_code == 200


def test_forwarded_for_cannot_dodge_the_address_limit(user):
    client = APIClient(REMOTE_ADDR="203.0.113.5")
    for i in range(30):
        client.post(
            TOKEN_URL,
            {"username": f"nobody{i}", "password": "x"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.9.9.{i}",
        )
    response = client.post(
        TOKEN_URL,
        {"username": "svara", "password": PASSWORD},
        format="json",
        HTTP_X_FORWARDED_FOR="10.9.9.200",
    )
    assert response.status_code == 429


def test_login_page_is_throttled_per_account(user):
    for i in range(10):
        page = Client(REMOTE_ADDR=f"10.2.0.{i + 1}").post(
            "/accounts/login/", {"username": "svara", "password": f"wrong-{i}"}
        )
        assert page.status_code == 200  # the form again, with its error
    page = Client(REMOTE_ADDR="10.2.1.1").post(
        "/accounts/login/", {"username": "svara", "password": PASSWORD}
    )
    assert page.status_code == 429
    assert b"Too many login attempts" in page.content
    assert "_auth_user_id" not in page.wsgi_request.session


def test_signups_are_limited_per_address():
    client = Client(REMOTE_ADDR="198.51.100.20")
    statuses = []
    for i in range(11):
        response = client.post(
            "/accounts/signup/",
            {
                "username": f"player{i}",
                "email": "",
                "password1": "long-enough-pass-9",
                "password2": "long-enough-pass-9",
            },
        )
        statuses.append(response.status_code)
        client.logout()
    assert statuses[:10] == [302] * 10
    assert statuses[10] == 429


def test_anonymous_validation_is_limited_per_address(settings, user):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "validate_anon": "3/min",
        },
    }
    body = {"text": "1 Svara"}
    client = from_address("198.51.100.30")
    statuses = [
        client.post("/api/decks/validate/", body, format="json").status_code
        for _ in range(4)
    ]
    assert statuses == [200, 200, 200, 429]
    # A logged-in user from the same address has a limit of their own.
    client.force_authenticate(user)
    assert client.post("/api/decks/validate/", body, format="json").status_code == 200


def test_unauthenticated_token_clients_get_401_with_www_authenticate(api_client):
    response = api_client.get("/api/simulations/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["code"] == "not_authenticated"
    bad = APIClient(HTTP_AUTHORIZATION="Token 0123456789abcdef")
    response = bad.get("/api/collection/")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_owner_lists_and_revokes_tokens(user, other_user):
    token = login(APIClient(), PASSWORD).json()["token"]
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    (listed,) = client.get("/api/auth/tokens/").json()
    assert listed["id"] == token[:8] and token not in json.dumps(listed)
    assert listed["expires"] is not None

    # Someone else cannot see or revoke it.
    other = APIClient()
    other.force_authenticate(other_user)
    assert other.get("/api/auth/tokens/").json() == []
    assert other.delete(f"/api/auth/tokens/{token[:8]}/").status_code == 404

    assert client.delete(f"/api/auth/tokens/{token[:8]}/").status_code == 204
    response = client.get("/api/collection/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert not Token.objects.filter(key=token).exists()


def test_expired_token_is_refused_and_replaced(user, settings):
    settings.TOKEN_TTL_DAYS = 30
    token = login(APIClient(), PASSWORD).json()["token"]
    Token.objects.filter(key=token).update(created=timezone.now() - timedelta(days=31))
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.get("/api/collection/")
    assert response.status_code == 401 and "expired" in response.json()["message"]
    fresh = login(APIClient(), PASSWORD).json()["token"]
    assert fresh != token
    assert (
        APIClient(HTTP_AUTHORIZATION=f"Token {fresh}")
        .get("/api/collection/")
        .status_code
        == 200
    )


SCRIPT = textwrap.dedent(
    """
    import django, json
    django.setup()
    from rest_framework.test import APIClient
    client = APIClient(REMOTE_ADDR="192.0.2.99")
    response = client.post(
        "/api/auth/token/", {"username": "svara", "password": "%s"}, format="json"
    )
    print(json.dumps({"status": response.status_code}))
    """
)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_lock_is_shared_with_other_processes(user, live_database_url):
    """What one server process counted, another one sees (a second gunicorn worker,
    or the same one after a restart): the count lives in the shared cache."""
    for i in range(10):
        login(from_address(f"10.3.0.{i + 1}"), f"wrong-{i}")
    env = {**os.environ, "DATABASE_URL": live_database_url}
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT % PASSWORD],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {"status": 429}
