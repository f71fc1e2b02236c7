"""Shared fixtures: users and API clients. App-specific fixtures live beside their tests."""

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
    return django_user_model.objects.create_user(username="svara", password="ice-and-logic-42")


@pytest.fixture
def other_user(django_user_model):  # type: ignore[no-untyped-def]
    return django_user_model.objects.create_user(username="sneeks", password="goblin-tricks-42")


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
