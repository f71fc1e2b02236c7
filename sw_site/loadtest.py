"""``make load``: a bounded load test of the production server on loopback.

Starts gunicorn exactly as ``make serve`` does: the same configuration file
(``sw_site/gunicorn_conf.py``, which reads ``WEB_WORKERS``, ``WEB_THREADS`` and the
rest from the environment), DEBUG off, static files collected, on ``DATABASE_URL`` /
``DJANGO_CACHE_URL`` as set (the embedded defaults otherwise). Only the address
differs (a free loopback port), and the anonymous validation limit is raised for the
run (``DJANGO_THROTTLE_RATES``), so the throttle is still counted on every request
but never refuses one. The server's output (its access log included) goes to a file,
as a production server's would, not to the terminal.

Then ``wrk`` runs each scenario — card search (``GET /api/cards/?q=...``, a few
queries in turn) and deck validation (``POST /api/decks/validate/`` with a 34-card
faction deck) — at ``--clients`` connections for ``--seconds`` seconds, after a short
warm-up, and the report (JSON on stdout) gives requests/s, latency percentiles,
errors and the server's CPU time per request, with the machine, the date and the
load average before the run (a benchmark wants a quiet machine). Needs ``wrk``
(``apt-get install wrk``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

#: The gunicorn configuration ``make serve`` runs.
CONFIG = ROOT / "sw_site" / "gunicorn_conf.py"

SEARCHES = ["frost", "goblin", "wall", "summon", "magic", "ice", "lightning", "gate"]


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        for line in subprocess.run(
            ["lscpu"], capture_output=True, text=True, check=True
        ).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return f"{model}, {os.cpu_count()} cores"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_command(port: int) -> list[str]:
    """gunicorn as ``make serve`` starts it, bound to loopback at ``port``."""
    return [str(BIN / "gunicorn"), "-c", str(CONFIG), "--bind", f"127.0.0.1:{port}"]


def server_settings(env: dict[str, str]) -> dict[str, str]:
    """The server's settings as gunicorn resolves them from the configuration file
    and ``env`` (``gunicorn --print-config``)."""
    out = subprocess.run(
        [*server_command(0), "--print-config"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = (re.match(r"^(\w+)\s+= (.*)$", line) for line in out.splitlines())
    settings = {m.group(1): m.group(2).strip() for m in found if m}
    # Ours, not gunicorn's (its pre_request hook reads it): from the file itself.
    settings["keepalive_requests"] = subprocess.run(
        [
            str(BIN / "python"),
            "-c",
            "import runpy, sys; "
            "print(runpy.run_path(sys.argv[1])['keepalive_requests'])",
            str(CONFIG),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return settings


def describe_server(settings: dict[str, str]) -> str:
    """One line for the report: what the load test ran."""
    keys = (
        "max_requests",
        "max_requests_jitter",
        "keepalive",
        "keepalive_requests",
        "timeout",
    )
    details = ", ".join(f"{key} {settings.get(key, '?')}" for key in keys)
    return (
        f"gunicorn {settings.get('worker_class', '?')} "
        f"{settings.get('workers', '?')}x{settings.get('threads', '?')} "
        f"({CONFIG.relative_to(ROOT)}: {details}, "
        f"preload {settings.get('preload_app', '?')}, "
        f"access log {settings.get('accesslog', 'None')})"
    )


def process_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and its live children, and of the children it has
    reaped (replaced workers), from /proc; 0.0 where /proc cannot tell."""
    tick = os.sysconf("SC_CLK_TCK")

    def stat(p: int) -> list[str]:
        try:
            text = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            return []
        return text.rsplit(")", 1)[1].split()

    own = stat(pid)
    if not own:
        return 0.0
    total = sum(int(v) for v in own[11:15])  # utime stime cutime cstime
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = stat(int(entry.name))
            if fields and int(fields[1]) == pid:  # its parent is the server
                total += int(fields[11]) + int(fields[12])
    return total / tick


def server_env(static_root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=env.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_THROTTLE_RATES="validate_anon=1000000000/min",
        LOG_LEVEL="WARNING",
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(  # its output on stderr: stdout is the report
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=sys.stderr,
    )


def parse_wrk(output: str) -> dict[str, Any]:
    def ms(text: str) -> float:
        value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    result: dict[str, Any] = {"non_2xx": 0, "socket_errors": 0}
    for pct in ("50", "90", "99"):
        found = re.search(rf"^\s+{pct}%\s+(\S+)", output, re.M)
        if found:
            result[f"p{pct}_ms"] = round(ms(found.group(1)), 1)
    found = re.search(r"Requests/sec:\s+([\d.]+)", output)
    result["requests_per_s"] = float(found.group(1)) if found else 0.0
    found = re.search(r"(\d+) requests in", output)
    result["requests"] = int(found.group(1)) if found else 0
    found = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if found:
        result["non_2xx"] = int(found.group(1))
    found = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), "
        r"timeout (\d+)",
        output,
    )
    if found:
        result["socket_errors"] = sum(int(n) for n in found.groups())
    return result


def wrk(
    url: str, script: Path, clients: int, seconds: int, server_pid: int = 0
) -> dict[str, Any]:
    cpu_before = process_cpu(server_pid) if server_pid else 0.0
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{clients}",
            f"-d{seconds}s",
            "--timeout",
            "5s",
            "--latency",
            "-s",
            str(script),
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result = parse_wrk(out)
    if server_pid and result["requests"]:
        cpu = process_cpu(server_pid) - cpu_before
        result["server_cpu_ms_per_request"] = round(cpu * 1000 / result["requests"], 2)
    return result


def lua_scripts(folder: Path, deck_text: str) -> dict[str, Path]:
    search = folder / "search.lua"
    paths = ", ".join(f'"/api/cards/?q={q}"' for q in SEARCHES)
    search.write_text(
        f"local paths = {{{paths}}}\nlocal i = 0\n"
        "request = function()\n  i = i + 1\n"
        "  return wrk.format('GET', paths[(i % #paths) + 1])\nend\n"
    )
    validate = folder / "validate.lua"
    body = json.dumps({"text": deck_text})
    validate.write_text(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(body)}\n"
    )
    return {"card search": search, "deck validation": validate}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument(
        "--workers", type=int, help="WEB_WORKERS for this run (default: as set)"
    )
    parser.add_argument(
        "--threads", type=int, help="WEB_THREADS for this run (default: as set)"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("make load needs wrk: apt-get install wrk", file=sys.stderr)
        return 2
    load_average = [round(n, 2) for n in os.getloadavg()]
    folder = Path(tempfile.mkdtemp(prefix="sw-load-"))
    env = server_env(folder / "static")
    if args.workers:
        env["WEB_WORKERS"] = str(args.workers)
    if args.threads:
        env["WEB_THREADS"] = str(args.threads)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_catalog")
    manage(env, "collectstatic", "--noinput", "-v0")
    settings = server_settings(env)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = folder / "gunicorn.log"
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            server_command(port),
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        for _ in range(150):
            if server.poll() is not None:
                sys.stderr.write(log_path.read_text(errors="replace")[-4000:])
                return 1
            try:
                with urllib.request.urlopen(f"{base}/api/factions/", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        with urllib.request.urlopen(
            f"{base}/api/factions/cave-goblins/deck/?format=text", timeout=10
        ) as response:
            deck_text = response.read().decode()
        report: dict[str, Any] = {
            "machine": machine(),
            "date": dt.date.today().isoformat(),
            "load_average": load_average,
            "database": env.get("DATABASE_URL", "sqlite (embedded)").split("@")[-1],
            "cache": env.get("DJANGO_CACHE_URL", "database").split("@")[-1],
            "server": describe_server(settings),
            "clients": args.clients,
            "seconds": args.seconds,
            "scenarios": {},
        }
        for name, script in lua_scripts(folder, deck_text).items():
            url = f"{base}/api/decks/validate/" if "valid" in name else base
            wrk(url, script, args.clients, 3)  # warm-up (caches, connections)
            report["scenarios"][name] = wrk(
                url, script, args.clients, args.seconds, server.pid
            )
        print(json.dumps(report, indent=2))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
