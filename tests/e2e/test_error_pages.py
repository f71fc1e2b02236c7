"""Issue 33 (error pages): a visitor who opens an unknown address on the site as
`make run` serves it (the default settings: no DJANGO_* variable, runserver with the
Makefile's RUNSERVER_ARGS) sees the site's own 404 page, styled by its stylesheet,
not Django's debug page.

The server is a real `manage.py runserver` subprocess on a free port, because the
test process's own live server runs with whatever settings the tests chose."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def makefile_runserver_args() -> list[str]:
    text = (ROOT / "Makefile").read_text()
    match = re.search(r"^RUNSERVER_ARGS \?= (.*)$", text, re.MULTILINE)
    assert match, "the Makefile's run target takes RUNSERVER_ARGS"
    return match.group(1).split()


@pytest.fixture
def make_run_server(tmp_path: Path) -> Iterator[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'run.sqlite3'}"
    port = free_port()
    log = (tmp_path / "runserver.log").open("wb")
    proc = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "runserver",
            *makefile_runserver_args(),
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/static/css/site.css", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # it answers (the test below checks the status)
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    pytest.fail(
                        "runserver did not start: "
                        + (tmp_path / "runserver.log").read_text()[-2000:]
                    )
                time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_404_under_make_run_is_the_sites_page(make_run_server, browser):  # type: ignore[no-untyped-def]
    base = make_run_server
    # The stylesheet is served although DEBUG is off (runserver --insecure).
    with urllib.request.urlopen(base + "/static/css/site.css", timeout=5) as css:
        assert css.status == 200
        assert b".site-header" in css.read()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    response = page.goto(base + "/no-such-deck-page/")
    assert response is not None and response.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    body = page.content()
    assert "Using the URLconf" not in body and "DEBUG = True" not in body
    # The site's layout and styles: the dark header from site.css, the main menu.
    header_bg = page.locator(".site-header").evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert header_bg == "rgb(29, 42, 56)"
    assert page.get_by_role("navigation", name="Main").count() == 1
    page.close()
