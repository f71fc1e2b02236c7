"""The one Celery task of engine work: a slice ticket.

``work.slice(batch)`` claims the most deserving queued lane and plays one slice of
it (:func:`work.services.run_ticket`). Tickets carry no job, so a duplicate or a
redelivered ticket is harmless. ``acks_late`` + ``reject_on_worker_lost``: a ticket
lost with its worker comes back on brokers that redeliver; the lane it held is
healed by the watchdog either way. Retries (bounded) only on transient
database/broker errors.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError

from work import conf, services
from work.dispatch import TASK_NAME

TRANSIENT_ERRORS = (OperationalError, InterfaceError, BrokerOperationalError)


@shared_task(
    name=TASK_NAME,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT_ERRORS,
    max_retries=conf.DEFAULTS["TASK_MAX_RETRIES"],
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    ignore_result=True,
)
def run_slice(self: Any, batch: bool = True) -> bool:
    return services.run_ticket(batch=batch)
