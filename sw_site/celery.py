"""Celery application (cookiecutter-django layout).

Configuration comes from Django settings under the ``CELERY_`` namespace; see
``sw_site/settings.py`` "# CELERY" for the embedded (filesystem broker) default.
Every worker also runs the job framework's watchdog (``work.bootsteps.Watchdog``):
slices whose worker died go back in line without a command or an extra process.
"""

import os

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sw_site.settings")

app = Celery("sw_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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


# Every worker's watchdog (heartbeats, lost slices back in line), added by name so
# the Celery app imports no app.
app.steps["worker"].add("work.bootsteps:Watchdog")
