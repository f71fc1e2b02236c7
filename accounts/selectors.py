"""Account reads: the user's API tokens (never anyone else's)."""

from __future__ import annotations

from typing import Any

from rest_framework.authtoken.models import Token

from accounts.authentication import token_expires_at

#: Characters of a key that name a token in lists and revocations (a key has 40;
#: 8 identify it to its owner without letting the list leak the secret).
TOKEN_ID_LENGTH = 8


def auth_token_list(*, user: Any) -> list[dict[str, Any]]:
    """The user's tokens, newest first: id (the key's first characters), created,
    expires (None: never), and the key itself for the services (not for output)."""
    return [
        {
            "id": token.key[:TOKEN_ID_LENGTH],
            "key": token.key,
            "created": token.created,
            "expires": token_expires_at(token.created),
        }
        for token in Token.objects.filter(user=user).order_by("-created")
    ]
