"""Account test fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):  # type: ignore[no-untyped-def]
    """Tests need no slow key stretching (STYLE.md: the test settings use MD5)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_throttles(request):  # type: ignore[no-untyped-def]
    """Throttles count in the shared (database) cache: start every test clean."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None:
        yield
        return
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
