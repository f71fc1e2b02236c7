"""Shared fixtures: users and API clients; app fixtures live beside their tests."""

from __future__ import annotations

import pytest
from django.db import connection


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """Skip @requires_postgres tests on other databases (DRF's conftest idiom)."""
    try:
        vendor = connection.vendor
    except Exception:  # settings not configured: engine-only run
        return
    if vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL=postgres://...)")
    for item in items:
        if "requires_postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def user(django_user_model):  # type: ignore[no-untyped-def]
    return django_user_model.objects.create_user(
        username="svara", password="ice-and-logic-42"
    )


@pytest.fixture
def other_user(django_user_model):  # type: ignore[no-untyped-def]
    return django_user_model.objects.create_user(
        username="sneeks", password="goblin-tricks-42"
    )


@pytest.fixture
def api_client():  # type: ignore[no-untyped-def]
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def auth_client(user):  # type: ignore[no-untyped-def]
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user=user)
    return client


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):  # type: ignore[no-untyped-def]
    """MD5 keeps user creation cheap in tests; never used in production."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    """Say plainly when the browser tests did not run for want of a browser."""
    skipped = terminalreporter.stats.get("skipped", [])
    browser = [
        r for r in skipped if "chromium" in str(getattr(r, "longrepr", "")).lower()
    ]
    if browser:
        terminalreporter.write_line(
            f"NOTE: {len(browser)} browser test(s) skipped: Debian's chromium is not "
            "installed (apt-get install chromium); CI installs it.",
            yellow=True,
        )
