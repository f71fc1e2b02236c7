"""Browser-test plumbing.

The live server answers Chromium on keep-alive connections, one thread each; a
thread still parked on such a socket when the browser goes keeps its database
connection open, and on PostgreSQL the test database then cannot be dropped at the
end of the run ("being accessed by other users"). After the browser tests, close
those sessions from the server side, once, after the last browser-test module of
the run (sweeping after every module would also cut the connection the next
module's tests are using).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module", autouse=True)
def _close_live_server_sessions(request, django_db_blocker) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    here = request.node.path.parent
    modules = [i.path for i in request.session.items if i.path.parent == here]
    if modules and request.node.path != modules[-1]:
        return  # more browser tests to come
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def browser(live_server, monkeypatch) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """Debian's Chromium through Playwright (skipped only when it is missing)."""
    import os

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # only while a browser runs
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"chromium not found at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser) -> object:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


@pytest.fixture
def catalog_loaded(transactional_db) -> None:  # type: ignore[no-untyped-def]
    from cards.services import catalog_load
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog

    catalog_load(catalog=load_catalog())
    faction_decks_sync()


@pytest.fixture
def inline_simulations(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Simulations run to the end inside the request that submits them (after its
    commit), instead of on Celery workers: the browser finds them done."""
    from work import dispatch

    monkeypatch.setattr("work.dispatch.send_tickets", dispatch._run_eagerly)


def sign_up(
    page, base: str, username: str, password: str = "glacier-Logic-2026"
) -> None:  # type: ignore[no-untyped-def]
    """Fill in the sign-up form the browser is on."""
    page.get_by_label("Username").fill(username)
    page.locator("#id_password1").fill(password)
    page.locator("#id_password2").fill(password)
    page.get_by_role("button", name="Create account").click()
