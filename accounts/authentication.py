"""API token authentication with an expiry (``TOKEN_TTL_DAYS``, default 90 days).

DRF's ``TokenAuthentication`` accepts a token forever; this one refuses a token issued
more than ``TOKEN_TTL_DAYS`` days ago (401 ``authentication_failed``; ask
``POST /api/auth/token/`` for a new one). Owners list and revoke their tokens through
``/api/auth/tokens/``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication


def token_expires_at(created: datetime) -> datetime | None:
    days = int(getattr(settings, "TOKEN_TTL_DAYS", 0) or 0)
    return created + timedelta(days=days) if days > 0 else None


def token_expired(created: datetime) -> bool:
    expires = token_expires_at(created)
    return expires is not None and expires <= timezone.now()


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token.created):
            raise exceptions.AuthenticationFailed(
                "Token expired; ask POST /api/auth/token/ for a new one."
            )
        return user, token
