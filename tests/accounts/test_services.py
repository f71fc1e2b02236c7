"""accounts.services: user creation (password validators) and API tokens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from accounts.services import auth_token_get_or_create, user_create

pytestmark = pytest.mark.django_db


def test_user_create_hashes_the_password():
    user = user_create(username="ollag", password="ice-and-logic-42", email="o@x.io")
    assert user.pk is not None
    assert user.check_password("ice-and-logic-42")
    assert user.password != "ice-and-logic-42"


@pytest.mark.parametrize("password", ["short", "password", "12345678901"])
def test_user_create_rejects_weak_passwords_and_saves_nothing(password):
    with pytest.raises(ValidationError):
        user_create(username="ollag", password=password)
    assert not get_user_model().objects.filter(username="ollag").exists()


def test_user_create_rejects_a_taken_username_in_any_case(user):
    with pytest.raises(ValidationError) as exc:
        user_create(username=user.username.upper(), password="ice-and-logic-42")
    assert "username" in exc.value.message_dict


def test_user_create_rejects_an_invalid_username():
    with pytest.raises(ValidationError):
        user_create(username="no spaces allowed!", password="ice-and-logic-42")


def test_auth_token_is_created_once(user):
    first = auth_token_get_or_create(user=user)
    again = auth_token_get_or_create(user=user)
    assert first.key == again.key
    assert len(first.key) == 40
