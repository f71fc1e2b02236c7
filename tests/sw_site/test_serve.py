"""The production server as `make serve` runs it: gunicorn with its configuration
file (sw_site/gunicorn_conf.py, shared with `make load`), DEBUG off, the documented
production variables, static files collected and served by WhiteNoise, JSON errors
and the health endpoint (issue 15, item 4; issue 32: the load test runs this
server)."""

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
CONFIG = "sw_site/gunicorn_conf.py"
#: The master's process id of each server start_gunicorn runs, by its base URL.
MASTERS: dict[str, int] = {}

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
    """gunicorn as `make serve` runs it (after collectstatic; its configuration
    file, with ``workers`` x ``threads``), on a free port."""
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
            "-c",
            CONFIG,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
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
        MASTERS[f"http://127.0.0.1:{port}"] = proc.pid
        yield f"http://127.0.0.1:{port}"
    finally:
        MASTERS.pop(f"http://127.0.0.1:{port}", None)
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


def print_config(env: dict[str, str]) -> dict[str, str]:
    out = subprocess.run(
        [GUNICORN, "-c", CONFIG, "--print-config"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    found = (re.match(r"^(\w+)\s+= (.*)$", line) for line in out.splitlines())
    return {m.group(1): m.group(2).strip() for m in found if m}


@pytest.mark.django_db(transaction=False)
def test_the_server_configuration_reads_the_environment() -> None:
    """Defaults sized for load (a worker is not replaced every few seconds, the
    application is preloaded), each one changed by its WEB_* variable."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
    defaults = print_config(base)
    assert defaults["wsgi_app"] == "sw_site.wsgi:application"
    assert defaults["worker_class"] == "gthread"
    assert (defaults["workers"], defaults["threads"]) == ("4", "2")
    assert int(defaults["max_requests"]) >= 50_000  # not 5,000: every 5 s under load
    assert 0 < int(defaults["max_requests_jitter"]) < int(defaults["max_requests"])
    assert defaults["preload_app"] == "True"
    assert defaults["keepalive"] == "5" and defaults["timeout"] == "30"
    assert defaults["accesslog"] == "None"  # the proxy in front logs requests
    assert defaults["control_socket_disable"] == "True"
    assert defaults["forwarded_allow_ips"] == "['127.0.0.1']"

    changed = print_config(
        {
            **base,
            "WEB_WORKERS": "5",
            "WEB_THREADS": "8",
            "WEB_MAX_REQUESTS": "0",
            "WEB_PRELOAD": "0",
            "WEB_ACCESS_LOG": "-",
            "WEB_KEEPALIVE_REQUESTS": "7",
            "WEB_KEEPALIVE": "2",
            "FORWARDED_ALLOW_IPS": "10.0.0.1",
        }
    )
    assert (changed["workers"], changed["threads"]) == ("5", "8")
    assert changed["max_requests"] == "0" and changed["preload_app"] == "False"
    assert changed["accesslog"] == "-" and changed["keepalive"] == "2"
    assert changed["forwarded_allow_ips"] == "['10.0.0.1']"


@pytest.mark.django_db(transaction=False)
def test_make_serve_and_make_load_run_the_same_configuration() -> None:
    from sw_site import loadtest

    makefile = (ROOT / "Makefile").read_text()
    serve = makefile.split("\nserve:", 1)[1].split("\n\n", 1)[0]
    assert f"gunicorn -c {CONFIG} --bind $(HOST):$(PORT)" in serve
    # Nothing else on the line: every setting comes from the file.
    assert re.search(r"gunicorn -c \S+ --bind \S+\s*$", serve)
    command = loadtest.server_command(8123)
    assert command[1:] == ["-c", str(ROOT / CONFIG), "--bind", "127.0.0.1:8123"]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def test_a_killed_worker_is_replaced_and_serves(
    live_database_url: str, tmp_path: Path
) -> None:
    """The application is preloaded in the master: a worker that dies is forked
    again from it and answers at once, validation (the engine's catalog, read in the
    master) included."""
    import signal

    env = production_env(live_database_url, tmp_path / "static")
    with start_gunicorn(env, tmp_path, workers=1, threads=2) as base:
        assert get(f"{base}/api/factions/")[0] == 200
        master = MASTERS[base]
        (worker,) = _children(master)
        os.kill(worker, signal.SIGKILL)
        deadline = time.monotonic() + 20
        while not (set(_children(master)) - {worker}):
            assert time.monotonic() < deadline, "no new worker within 20 s"
            time.sleep(0.1)
        started = time.monotonic()
        request = urllib.request.Request(
            f"{base}/api/decks/validate/",
            data=json.dumps({"cards": [{"card": "svara", "count": 1}]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            report = json.loads(response.read())
        assert "valid" in report and report["valid"] is False
        assert get(f"{base}/api/cards/?q=frost")[0] == 200
        assert time.monotonic() - started < 10


def test_a_keep_alive_connection_is_closed_after_its_requests(server: str) -> None:
    """WEB_KEEPALIVE_REQUESTS (20): the 20th answer on one connection says
    "Connection: close", so a client's next connection may go to another worker."""
    import http.client

    host, port = server.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        said = []
        for _ in range(20):
            connection.request("GET", "/api/factions/")
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            said.append(response.getheader("Connection", "").lower())
        assert said[:19] == ["keep-alive"] * 19 and said[19] == "close"
    finally:
        connection.close()
