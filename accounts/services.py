"""Account writes: creating users and issuing API tokens.

Users are Django's own ``auth.User``; this app adds no model of its own. Passwords go
through the project's ``AUTH_PASSWORD_VALIDATORS`` before anything is saved.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from rest_framework.authtoken.models import Token


@transaction.atomic
def user_create(*, username: str, password: str, email: str = "") -> User:
    """Create an active user. Raises ``ValidationError`` (nothing saved) when the
    username is taken or invalid, or the password fails the configured validators."""
    user_model = get_user_model()
    user = user_model(username=username, email=email)
    user.full_clean(exclude=["password"])
    validate_password(password, user=user)
    if user_model.objects.filter(username__iexact=username).exists():
        raise ValidationError(
            {"username": ["A user with that username already exists."]}
        )
    user.set_password(password)
    user.save()
    return user


@transaction.atomic
def auth_token_get_or_create(*, user: User) -> Token:
    """The user's API token (DRF ``TokenAuthentication``), created on first use.
    Idempotent: the same token is returned until it is revoked or expires (then a
    new one is issued)."""
    from accounts.authentication import token_expired

    token, _ = Token.objects.select_for_update().get_or_create(user=user)
    if token_expired(token.created):
        token.delete()
        token = Token.objects.create(user=user)
    return token


@transaction.atomic
def auth_token_revoke(*, user: Any, token_id: str) -> bool:
    """Delete the user's token whose id (``accounts.selectors.token_id``: the first
    characters of its key) is ``token_id``; False when the user has no such token.
    Requests with the revoked key are refused from then on."""
    from accounts.selectors import auth_token_list

    for token in auth_token_list(user=user):
        if token["id"] == token_id:
            deleted, _ = Token.objects.filter(user=user, key=token["key"]).delete()
            return bool(deleted)
    return False
