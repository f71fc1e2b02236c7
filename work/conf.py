"""Settings of the job framework, in one place.

Each value can be overridden by a Django setting of the same name prefixed with
``WORK_`` (e.g. ``WORK_SLICE_SECONDS``), read at call time so tests may override it;
the settings module also reads the timing values and queue names from the
environment.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

DEFAULTS: dict[str, Any] = {
    # A slice stops starting new units once this many seconds are spent (never
    # more than a third of CELERY_TASK_SOFT_TIME_LIMIT): short enough that waiting
    # work gets a worker soon, long enough that storing a slice costs little.
    "SLICE_SECONDS": 15.0,
    # A running slice beats every BEAT_SECONDS; a slice with no beat for LOST_AFTER
    # seconds lost its worker (killed, out of memory, the machine gone): the
    # watchdog puts its lane back in line. Work that waits in the queue is never
    # taken for lost, however long it waits.
    "BEAT_SECONDS": 4.0,
    "LOST_AFTER": 20.0,
    # Every worker's watchdog runs this often (0: off); the health check calls a
    # worker alive when a watchdog beat within three intervals.
    "WATCHDOG_INTERVAL": 5.0,
    # Slices of one lane lost in a row before the job fails (a game that kills its
    # worker every time must not loop forever).
    "MAX_HEALS": 3,
    # Lanes per round: how many worker processes one job may use at once.
    "LANES": 4,
    # Fewest units in a lane (a short job is not spread thinner than this).
    "MIN_LANE_UNITS": 2,
    # A simulation or matrix of more games than this is batch work.
    "INTERACTIVE_MAX_GAMES": 2_000,
    # Celery queues of the slice tickets: interactive and batch work (the same by
    # default). A worker consuming only QUEUE never runs batch work; see the
    # operations guide for sizing.
    "QUEUE": None,
    "BATCH_QUEUE": None,
    # Celery retries of a slice ticket on transient database/broker errors.
    "TASK_MAX_RETRIES": 3,
}


def get(name: str) -> Any:
    return getattr(settings, f"WORK_{name}", DEFAULTS[name])


def slice_seconds() -> float:
    """The time slice, kept well inside the soft time limit."""
    soft = getattr(settings, "CELERY_TASK_SOFT_TIME_LIMIT", None)
    limit = float(get("SLICE_SECONDS"))
    return min(limit, soft / 3) if soft else limit


def queue(priority: int) -> str | None:
    """The Celery queue of a ticket for work of ``priority`` (None: the default)."""
    if priority:
        return get("BATCH_QUEUE") or get("QUEUE")
    return get("QUEUE")
