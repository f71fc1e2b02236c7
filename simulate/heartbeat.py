"""A worker's sign of life, kept in the shared cache (``/api/health/`` reads it).

Every worker's watchdog (``sw_site.celery.Watchdog``) calls :func:`beat` each
``SIMULATE_WATCHDOG_INTERVAL`` seconds; the health endpoint calls a worker alive when
the last beat is at most three intervals old. The cache must be shared by the web
and the workers (the database cache by default; see ``CACHES`` in the settings).
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from django.core.cache import cache

KEY = "simulate:worker-heartbeat"


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
