"""Workers' signs of life, kept in the shared cache (``/api/health/`` reads them).

Every worker's watchdog (``work.bootsteps.Watchdog``) calls :func:`beat` each
``WORK_WATCHDOG_INTERVAL`` seconds; the health check calls a worker alive when the
last beat is at most three intervals old. The cache must be shared by the web and
the workers (the database cache by default; see ``CACHES`` in the settings).
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from django.core.cache import cache

KEY = "work:worker-heartbeat"


def beat(*, now: float | None = None) -> None:
    cache.set(
        KEY,
        {"at": time.time() if now is None else now, "worker": worker_name()},
        timeout=24 * 3600,
    )


def last() -> dict[str, Any] | None:
    value = cache.get(KEY)
    return value if isinstance(value, dict) else None


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"
