"""The production server as `make serve` runs it: gunicorn with DEBUG off, the
documented production variables, static files collected and served by WhiteNoise,
JSON errors and the health endpoint (issue 15, item 4)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).parent / "gunicorn")

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def production_env(database_url: str, static_root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DATABASE_URL=database_url,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="test-only-9f3kQ2mZr7LpW8vX1nB4tY6uH0sD5gJ3cE2aR9oIxq7Vw",
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback, as behind a proxy
        DJANGO_STATIC_ROOT=str(static_root),
    )
    return env


@contextmanager
def start_gunicorn(
    env: dict[str, str], tmp_path: Path, *, workers: int = 1, threads: int = 2
) -> Iterator[str]:
    """gunicorn as `make serve` runs it (after collectstatic), on a free port."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    port = free_port()
    log_path = tmp_path / "gunicorn.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(
        [
            GUNICORN,
            "sw_site.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None, log_path.read_text()
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


@pytest.fixture
def server(live_database_url: str, tmp_path: Path) -> Iterator[str]:
    env = production_env(live_database_url, tmp_path / "static")
    with start_gunicorn(env, tmp_path) as base:
        yield base


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_production_server_serves_static_files_and_json_errors(server: str) -> None:
    from work import heartbeat

    status, headers, body = get(f"{server}/static/css/site.css")
    assert status == 200 and b"{" in body
    # Pages link the hashed copies collectstatic made, which are cached for good.
    status, headers, page = get(f"{server}/")
    assert status == 200
    hashed = re.search(rb"/static/css/site\.[0-9a-f]{12}\.css", page)
    assert hashed, page[:500]
    status, headers, _ = get(server + hashed.group().decode())
    assert status == 200 and "immutable" in headers["Cache-Control"]

    status, headers, body = get(f"{server}/api/no-such-endpoint/")
    assert status == 404 and headers["Content-Type"].startswith("application/json")
    assert json.loads(body)["code"] == "not_found"

    # No worker has reported: health says so with a 503 and the details.
    status, _, body = get(f"{server}/api/health/")
    report = json.loads(body)
    assert status == 503, report
    assert report["checks"]["database"]["ok"] is True
    assert report["checks"]["broker"]["ok"] is True
    assert report["checks"]["workers"]["ok"] is False

    heartbeat.beat()  # what a worker's watchdog does every 5 s
    status, headers, body = get(f"{server}/api/health/")
    assert status == 200, body
    assert json.loads(body)["status"] == "ok"
    assert headers["Cache-Control"] == "no-store"
