"""Start and stop real Celery worker subprocesses (``celery -A sw_site worker``) on a
queue of their own: used by the benchmark command and the integration tests.

Each worker runs in its own process group, so ``stop(proc, signal.SIGKILL)`` kills the
main process and its pool children at once (a lost machine, as far as the broker can
tell). Workers inherit this process's environment plus ``env``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CELERY = str(Path(sys.executable).parent / "celery")


def new_queue_name(prefix: str = "sim") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def start(
    queue: str, log: Path, *, concurrency: int = 2, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        return subprocess.Popen(
            [
                CELERY,
                "-A",
                "sw_site",
                "worker",
                "-Q",
                queue,
                f"--concurrency={concurrency}",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"{queue}-{uuid.uuid4().hex[:6]}@%h",
            ],
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Signal the worker's process group; SIGKILL it if it has not exited in 15 s."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, sig)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


@contextmanager
def worker(
    queue: str, log: Path, *, concurrency: int = 2, env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """A worker for the duration of the block (always stopped afterwards)."""
    proc = start(queue, log, concurrency=concurrency, env=env)
    try:
        yield proc
    finally:
        stop(proc)


def delete_queue(queue: str) -> None:
    """Remove the queue and anything left in it from the broker (best effort)."""
    from sw_site.celery import app

    with app.connection_for_write() as conn:
        try:
            conn.default_channel.queue_delete(queue)
        except Exception:  # noqa: BLE001 - cleanup must not hide the real result
            pass
