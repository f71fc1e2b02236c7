"""Take the README's screenshots again: ``.venv/bin/python docs/screenshots.py``.

Builds a throw-away site (a SQLite file in a temporary folder, the catalog loaded, one
public greedy game between two faction decks played in-process), serves it with
``runserver`` and photographs pages with Debian's Chromium through Playwright, on a
desktop (1280x800) and a phone (390x844) viewport, into ``docs/``. The images are
what the site shows; nothing is staged.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs"
PY = sys.executable
CHROMIUM = "/usr/bin/chromium"

SETUP = """
from django.contrib.auth import get_user_model
from simulate.services import jobs
owner = get_user_model().objects.create_user(username="shots", password="x-shots-1")
job = jobs.simulation_submit(owner=owner, deck_a="polar-dwarves", deck_b="tundra-orcs",
    games=1, agent_a="greedy", agent_b="greedy", seed=5, visibility="public")
jobs.simulation_run_inline(job_id=job.pk)
job.refresh_from_db()
print(job.shared_path)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="sw-shots-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "CELERY_TASK_ALWAYS_EAGER": "1",
    }

    def manage(*args: str) -> str:
        return subprocess.run(
            [PY, "manage.py", *args],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    manage("migrate", "--noinput", "-v0")
    manage("load_catalog")
    shared = manage("shell", "-c", SETUP).strip().splitlines()[-1]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [PY, "manage.py", "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        shoot(base, shared)
    finally:
        server.terminate()
        server.wait(10)
    return 0


def shoot(base: str, shared: str) -> None:
    from playwright.sync_api import sync_playwright

    pages = {
        "cards": "/cards/?f=phoenix-elves",
        "card": "/cards/fire-drake/",
        "matrix": "/matrices/ready/",
        "replay": f"{shared}games/0/",
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for device, size in (
            ("desktop", {"width": 1280, "height": 800}),
            ("phone", {"width": 390, "height": 844}),
        ):
            page = browser.new_page(viewport=size)
            for name, path in pages.items():
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                if name == "replay":
                    # a step in the middle of the game: an attack with its dice
                    for _ in range(3):
                        page.get_by_role("button", name="Turn ▶▶").click()
                    page.get_by_role("button", name="Next attack ⚔").click()
                    page.wait_for_timeout(300)
                    page.evaluate("window.scrollTo(0, 0)")  # the board first
                if name == "cards":  # the faces, not the filters above them
                    page.evaluate(
                        "document.querySelector('.view-switch, .card-grid')"
                        "?.scrollIntoView()"
                    )
                page.screenshot(path=str(OUT / f"screenshot-{name}-{device}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    raise SystemExit(main())
