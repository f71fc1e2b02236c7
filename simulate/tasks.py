"""Celery tasks of the simulate app: thin wrappers over ``simulate.services.jobs``.

- ``simulate.run_chunk(job_id, chunk_index)``: plays one chunk and upserts its result
  (idempotent, so ``acks_late`` + ``reject_on_worker_lost`` are safe: a chunk lost
  with its worker is redelivered and stored once). Retries (bounded) only on transient
  database/broker errors; a game error fails the job with the engine's message.
- ``simulate.advance(results, job_id)``: the chord body; finalises the job or sends
  the next wave / missing chunks as a new chord.
- ``simulate.chord_failed``: the chord error callback; fails the job.

Arguments are only ids and indices. Fan-out is ``chord(group(run_chunk...),
advance.s(job_id))``; nothing ever waits on a result (no ``.get()``).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import chord, group, shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerOperationalError

from simulate import conf
from simulate.services import chunks, jobs

logger = logging.getLogger(__name__)

TRANSIENT_ERRORS = (OperationalError, InterfaceError, BrokerOperationalError)

TASK_OPTIONS: dict[str, Any] = {
    "bind": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "max_retries": conf.DEFAULTS["TASK_MAX_RETRIES"],
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
}


def _queue_of(task: Any) -> str | None:
    """The queue the current task came from, so a job's later chunks stay on it."""
    info = getattr(task.request, "delivery_info", None) or {}
    return info.get("routing_key") or None


def enqueue_chunks(
    job_id: int, chunk_indices: list[int], *, queue: str | None = None
) -> None:
    """Send ``chord(group(run_chunk...), advance.s(job_id))`` for these chunks."""
    if not chunk_indices:
        return
    queue = queue or conf.get("QUEUE")
    options = {"queue": queue} if queue else {}
    header = group(run_chunk.si(job_id, i).set(**options) for i in chunk_indices)
    body = advance.s(job_id).set(**options).on_error(chord_failed.s(job_id=job_id))
    chord(header, body).apply_async()


@shared_task(name="simulate.run_chunk", **TASK_OPTIONS)
def run_chunk(self: Any, job_id: int, chunk_index: int) -> list[int]:
    try:
        chunks.chunk_run(job_id=job_id, chunk_index=chunk_index)
    except chunks.GameError as exc:
        logger.warning("simulation %s failed: %s", job_id, exc)
        jobs.simulation_fail(job_id=job_id, error=str(exc))
    # A constant result: a duplicate of this chunk reports the same value.
    return [job_id, chunk_index]


@shared_task(name="simulate.advance", **TASK_OPTIONS)
def advance(self: Any, _results: Any, job_id: int) -> None:
    next_chunks = jobs.simulation_advance(job_id=job_id)
    enqueue_chunks(job_id, next_chunks, queue=_queue_of(self))


@shared_task(name="simulate.chord_failed")
def chord_failed(request: Any, exc: BaseException, traceback: Any, job_id: int) -> None:
    jobs.simulation_fail(job_id=job_id, error=f"a chunk failed: {exc!r}"[:4000])
