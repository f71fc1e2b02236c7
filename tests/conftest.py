"""Shared fixtures: users and API clients; app fixtures live beside their tests."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "worker: starts real subprocesses (Celery workers, gunicorn) on the test "
        "database",
    )


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """Skip @requires_postgres tests on other databases (DRF's conftest idiom).

    Worker tests share the test database with a subprocess: on SQLite it must be a
    file, not pytest-django's default in-memory database (set TEST NAME when unset).
    """
    try:
        vendor = connection.vendor
    except Exception:  # settings not configured: engine-only run
        return
    if vendor == "sqlite" and any(i.get_closest_marker("worker") for i in items):
        from django.conf import settings

        test = settings.DATABASES["default"].setdefault("TEST", {})
        if not test.get("NAME"):
            test["NAME"] = os.path.join(
                tempfile.gettempdir(), f"sw-decklab-test-{os.getpid()}.sqlite3"
            )
    if vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL=postgres://...)")
    for item in items:
        if "requires_postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def live_database_url(transactional_db) -> str:  # type: ignore[no-untyped-def]
    """A DATABASE_URL naming the test database, for subprocesses (mark the test
    ``worker`` so that a SQLite test database is a file)."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        name = str(s["NAME"])
        if "mode=memory" in name or name == ":memory:":
            pytest.fail("SQLite test database in memory: mark the test `worker`")
        return f"sqlite:///{Path(name).resolve()}"
    auth = quote(s["USER"] or "", safe="")
    if s.get("PASSWORD"):
        auth += ":" + quote(s["PASSWORD"], safe="")
    host = s.get("HOST") or "localhost"
    port = s.get("PORT") or 5432
    return f"postgres://{auth}@{host}:{port}/{s['NAME']}"


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
def _fresh_catalog_reads(settings):  # type: ignore[no-untyped-def]
    """Catalog reads are cached per process by catalog version (cards/read_cache):
    in tests the version is read on every request (one query) and the cache starts
    empty, so each test sees its own catalog."""
    from django.core.cache import caches

    settings.CATALOG_VERSION_TTL = 0
    caches["catalog"].clear()
    yield
    caches["catalog"].clear()


@pytest.fixture(autouse=True)
def _no_heartbeat_thread_in_process(settings):  # type: ignore[no-untyped-def]
    """Slices run in the test process (inline) hold their lane inside the test's
    transaction, which a heartbeat thread's own connection cannot see: beat too
    rarely to matter there. Worker subprocesses keep their own settings."""
    settings.WORK_BEAT_SECONDS = 3600


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


@pytest.fixture(scope="module")
def catalog_db(django_db_setup, django_db_blocker) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The catalog and its faction decks in the database, once per module (rolled
    back afterwards; each test runs in a savepoint inside)."""
    from django.db import transaction

    from cards.services import catalog_load
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            catalog_load(catalog=load_catalog())
            faction_decks_sync()
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture(scope="module")
def both_editions(django_db_setup, django_db_blocker) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Both editions' catalogs and faction decks, once per module (rolled back)."""
    from django.db import transaction

    from cards.services import catalog_load
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            for edition in ("second", "first"):
                catalog_load(catalog=load_catalog(ruleset=edition), edition=edition)
            faction_decks_sync()
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
