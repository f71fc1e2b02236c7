"""POST /api/auth/token/: username + password -> token; the token authenticates."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/auth/token/"


def test_token_for_good_credentials_authenticates_later_requests(api_client, user):
    response = api_client.post(
        URL, {"username": "svara", "password": "ice-and-logic-42"}, format="json"
    )
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == "svara"
    token = body["token"]
    again = api_client.post(
        URL, {"username": "svara", "password": "ice-and-logic-42"}, format="json"
    )
    assert again.json()["token"] == token

    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api_client.get("/api/collection/").status_code == 200


def test_bad_password_is_401_json(api_client, user):
    response = api_client.post(
        URL, {"username": "svara", "password": "wrong"}, format="json"
    )
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "authentication_failed"
    assert "password" in response.json()["message"]


def test_inactive_user_gets_no_token(api_client, user):
    user.is_active = False
    user.save()
    response = api_client.post(
        URL, {"username": "svara", "password": "ice-and-logic-42"}, format="json"
    )
    assert response.status_code in (401, 403)


@pytest.mark.parametrize(
    "body",
    [{}, {"username": "svara"}, {"password": "x"}, {"username": "", "password": ""}],
)
def test_missing_fields_are_400(api_client, body):
    response = api_client.post(URL, body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_malformed_json_is_400(api_client):
    response = api_client.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_token_endpoint_needs_no_csrf_even_with_a_session(user):
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(
        URL, {"username": "svara", "password": "ice-and-logic-42"}, format="json"
    )
    assert response.status_code == 200


def test_bad_token_is_rejected(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.get("/api/collection/")
    assert response.status_code in (401, 403)
