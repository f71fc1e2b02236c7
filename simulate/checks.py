"""System checks of the simulation settings (``manage.py check``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

from simulate import conf


@checks.register()
def watchdog_outlasts_a_chunk(**kwargs: Any) -> list[checks.CheckMessage]:
    """The watchdog takes a job with no write for STALE_AFTER seconds for one whose
    chunk died with its worker; a chunk may run for CELERY_TASK_TIME_LIMIT seconds,
    so a shorter STALE_AFTER would re-send chunks still running (harmless, wasted)."""
    stale = float(conf.get("STALE_AFTER"))
    limit = float(getattr(settings, "CELERY_TASK_TIME_LIMIT", 0) or 0)
    if float(conf.get("WATCHDOG_INTERVAL") or 0) > 0 and limit and stale <= limit:
        return [
            checks.Warning(
                f"SIMULATE_STALE_AFTER ({stale:g} s) should exceed "
                f"CELERY_TASK_TIME_LIMIT ({limit:g} s)",
                hint="Raise SIMULATE_STALE_AFTER or lower the task time limit.",
                id="simulate.W001",
            )
        ]
    return []
