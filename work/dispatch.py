"""Handing slice tickets to Celery.

A ticket (the task ``work.slice``) carries no job: the worker that runs it claims
the most deserving queued lane at that moment (``work.services.claim``). Tickets
are interchangeable, so a duplicate (a message redelivered after its worker died)
only costs a look at the lanes. One ticket is sent per lane put in line; a
ticket that finds nothing to claim ends at once.
"""

from __future__ import annotations

import logging

from work import conf

logger = logging.getLogger(__name__)

TASK_NAME = "work.slice"


class BrokerUnavailable(Exception):
    """The Celery broker refused a new job's tickets: the job was marked failed (it
    does not count as active) and the caller should answer 503
    ``broker_unavailable``."""


class _Eager:
    """Eager tickets waiting while one runs (interactive, batch)."""

    depth = 0
    pending = [0, 0]


def send_tickets(interactive: int = 0, batch: int = 0) -> None:
    """Send tickets for ``interactive`` and ``batch`` lanes put in line (raises the
    broker's error when it cannot be reached). With ``CELERY_TASK_ALWAYS_EAGER``
    (debugging) the tickets run here, one after another, until no work is left."""
    from celery import current_app

    if current_app.conf.task_always_eager:
        _run_eagerly(interactive, batch)
        return
    for priority, count in ((0, interactive), (1, batch)):
        queue = conf.queue(priority)
        options = {"queue": queue} if queue else {}
        for _ in range(count):
            # No result to keep: nothing waits on a ticket (and a result
            # backend that is down must not hold a submission).
            current_app.send_task(
                TASK_NAME,
                kwargs={"batch": bool(priority)},
                ignore_result=True,
                **options,
            )


def send_tickets_quietly(interactive: int = 0, batch: int = 0) -> None:
    """:func:`send_tickets` from a worker: a broker error is logged, not raised (the
    watchdog sends tickets again for work left in line with no slice running)."""
    from sw_site.celery import broker_errors

    try:
        send_tickets(interactive, batch)
    except broker_errors() as exc:
        logger.warning("could not send %s slice tickets: %r", interactive + batch, exc)


def _run_eagerly(interactive: int, batch: int) -> None:
    """Tickets sent while an eager ticket runs wait for it to end (a loop, not a
    recursion as deep as the job has slices)."""
    from work.services import run_ticket

    _Eager.pending[0] += interactive
    _Eager.pending[1] += batch
    if _Eager.depth:
        return
    _Eager.depth += 1
    try:
        while any(_Eager.pending):
            is_batch = not _Eager.pending[0]
            _Eager.pending[1 if is_batch else 0] -= 1
            run_ticket(batch=is_batch)
    finally:
        _Eager.depth -= 1
