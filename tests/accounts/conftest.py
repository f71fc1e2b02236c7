"""Account test fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):  # type: ignore[no-untyped-def]
    """Tests need no slow key stretching (STYLE.md: the test settings use MD5)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
