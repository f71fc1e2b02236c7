"""Celery application (cookiecutter-django layout).

Configuration comes from Django settings under the ``CELERY_`` namespace; see
``sw_site/settings.py`` "# CELERY" for the embedded (filesystem broker) default.
Every worker also runs the simulation watchdog (:class:`Watchdog`): jobs whose
chunks died with a worker heal themselves without a command or an extra process.
"""

import logging
import os
from typing import Any

from celery import Celery, bootsteps
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sw_site.settings")

app = Celery("sw_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

logger = logging.getLogger("simulate.watchdog")


def ensure_embedded_broker_dirs() -> None:
    """kombu's filesystem transport needs its folders before the first message."""
    options = app.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "control_folder"):
        if options.get(key):
            os.makedirs(options[key], exist_ok=True)
    backend = str(app.conf.result_backend or "")
    if backend.startswith("file://"):
        os.makedirs(backend[len("file://") :], exist_ok=True)


@setup_logging.connect
def config_loggers(*args, **kwargs):  # type: ignore[no-untyped-def]
    """Let Django's LOGGING setting configure the worker's logging."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


def broker_errors() -> tuple[type[BaseException], ...]:
    """Exceptions that mean the broker (or the Redis result backend, which chords
    use for their bookkeeping) cannot be reached."""
    from kombu.exceptions import OperationalError as KombuOperationalError

    errors: list[type[BaseException]] = [KombuOperationalError, ConnectionError]
    try:
        import redis
    except ImportError:  # pragma: no cover - redis is a dependency
        return tuple(errors)
    errors += [redis.exceptions.ConnectionError, redis.exceptions.TimeoutError]
    return tuple(errors)


class Watchdog(bootsteps.StartStopStep):
    """Every worker's watchdog: each ``SIMULATE_WATCHDOG_INTERVAL`` seconds, in the
    worker's main process (no queue to wait in, no extra process to run), re-send
    the chunks of simulation jobs (and the round pieces of analyses) that stopped
    making progress because a worker died mid-chunk, and leave a heartbeat for
    ``/api/health/``. Several workers running it at once is safe
    (``simulate.services.jobs.simulation_resume_stale`` re-checks each job under a
    row lock)."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker: Any, **kwargs: Any) -> None:
        super().__init__(worker, **kwargs)
        self.tref: Any = None
        self.queue: str | None = None

    def start(self, worker: Any) -> None:
        from simulate import conf

        interval = float(conf.get("WATCHDOG_INTERVAL") or 0)
        if interval <= 0:
            return
        # Lost chunks go back to a queue this worker consumes.
        consumed = sorted(worker.app.amqp.queues.consume_from or ())
        self.queue = consumed[0] if len(consumed) == 1 else None
        self.tref = worker.timer.call_repeatedly(interval, self.tick, priority=10)
        worker.timer.call_after(1.0, self.tick)

    def stop(self, worker: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    def tick(self) -> None:
        from django.db import close_old_connections

        from analysis.services import analysis_watchdog_tick
        from simulate.services.jobs import simulation_watchdog_tick

        try:
            resumed = simulation_watchdog_tick(queue=self.queue)
            if resumed:
                logger.warning("watchdog: re-sent lost chunks of jobs %s", resumed)
            analyses = analysis_watchdog_tick(queue=self.queue)
            if analyses:
                logger.warning("watchdog: resumed analyses %s", analyses)
        except Exception as exc:  # noqa: BLE001 - never let the watchdog kill a worker
            logger.warning("watchdog: round failed: %r", exc)
        finally:
            close_old_connections()


app.steps["worker"].add(Watchdog)
