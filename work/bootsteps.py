"""Every worker's watchdog, a Celery bootstep (``sw_site.celery`` adds it by name).

Each ``WORK_WATCHDOG_INTERVAL`` seconds, in the worker's main process (no queue to
wait in, no extra process to run), it leaves a heartbeat for ``/api/health/`` and
puts the lanes of slices whose worker died back in line
(:func:`work.services.watchdog_tick`). Several workers running it at once is safe:
every change is a conditional update.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import bootsteps

logger = logging.getLogger("work.watchdog")


class Watchdog(bootsteps.StartStopStep):
    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker: Any, **kwargs: Any) -> None:
        super().__init__(worker, **kwargs)
        self.tref: Any = None

    def start(self, worker: Any) -> None:
        from work import conf

        interval = float(conf.get("WATCHDOG_INTERVAL") or 0)
        if interval <= 0:
            return
        self.tref = worker.timer.call_repeatedly(interval, self.tick, priority=10)
        worker.timer.call_after(1.0, self.tick)

    def stop(self, worker: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    def tick(self) -> None:
        from django.db import close_old_connections

        from work.services import watchdog_tick

        try:
            watchdog_tick()  # it logs what it did
        except Exception as exc:  # noqa: BLE001 - never let the watchdog kill a worker
            logger.warning("watchdog: round failed: %r", exc)
        finally:
            close_old_connections()
