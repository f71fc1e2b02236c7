"""Sign up, log in and log out pages (Django auth with CSRF)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db

GOOD = {
    "username": "nadiana",
    "email": "n@example.com",
    "password1": "glacier-Logic-2026",
    "password2": "glacier-Logic-2026",
}


def test_signup_page_renders_a_labelled_form(client):
    response = client.get("/accounts/signup/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'for="id_username"' in html
    assert "csrfmiddlewaretoken" in html


def test_signup_creates_the_user_and_logs_in(client):
    response = client.post("/accounts/signup/?next=/decks/", GOOD)
    assert response.status_code == 302
    assert response["Location"] == "/decks/"
    user = get_user_model().objects.get(username="nadiana")
    assert int(client.session["_auth_user_id"]) == user.pk


def test_signup_ignores_an_offsite_next(client):
    response = client.post("/accounts/signup/?next=https://evil.example/", GOOD)
    assert response["Location"] == "/"


def test_signup_with_mismatched_passwords_shows_errors(client):
    response = client.post("/accounts/signup/", {**GOOD, "password2": "other-pw-9876"})
    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="nadiana").exists()
    assert "field-error" in response.content.decode()


def test_signup_with_taken_name_shows_errors(client, user):
    response = client.post("/accounts/signup/", {**GOOD, "username": "svara"})
    assert response.status_code == 400


def test_signup_requires_csrf():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/signup/", GOOD)
    assert response.status_code == 403
    assert not get_user_model().objects.filter(username="nadiana").exists()


def test_login_and_logout(client, user):
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    response = client.post(
        "/accounts/login/", {"username": "svara", "password": "ice-and-logic-42"}
    )
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_login_with_a_bad_password_stays_on_the_form(client, user):
    response = client.post(
        "/accounts/login/", {"username": "svara", "password": "nope"}
    )
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logged_in_user_visiting_signup_is_redirected(client, user):
    client.force_login(user)
    assert client.get("/accounts/signup/").status_code == 302
