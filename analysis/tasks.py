"""Celery tasks of analyses: thin wrappers over ``analysis.services``.

- ``analysis.run_piece(job_id, round, piece)``: plays one piece of a round and
  upserts its blocks (idempotent: ``acks_late`` + ``reject_on_worker_lost`` are
  safe). A game error fails the job with the engine's message.
- ``analysis.advance(results, job_id)``: the chord body; absorbs the round and
  sends the next one (or the missing pieces) as a new chord, or finishes the job.
- ``analysis.chord_failed``: the chord error callback; fails the job.

Arguments are only ids and indices; nothing waits on a result.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import chord, group, shared_task

from analysis import services
from simulate import conf as simulate_conf
from simulate.services.chunks import GameError
from simulate.tasks import TASK_OPTIONS, _queue_of

logger = logging.getLogger(__name__)


def enqueue_pieces(
    job_id: int, round_: int, pieces: list[int], *, queue: str | None = None
) -> None:
    """Send ``chord(group(run_piece...), advance.s(job_id))`` for these pieces."""
    if not pieces:
        return
    queue = queue or simulate_conf.get("QUEUE")
    options = {"queue": queue} if queue else {}
    header = group(run_piece.si(job_id, round_, i).set(**options) for i in pieces)
    body = advance.s(job_id).set(**options).on_error(chord_failed.s(job_id=job_id))
    chord(header, body).apply_async()


@shared_task(name="analysis.run_piece", **TASK_OPTIONS)
def run_piece(self: Any, job_id: int, round_: int, piece: int) -> list[int]:
    try:
        services.piece_run(job_id=job_id, round_=round_, piece=piece)
    except GameError as exc:
        logger.warning("analysis %s failed: %s", job_id, exc)
        services.analysis_fail(job_id=job_id, error=str(exc))
    return [job_id, round_, piece]


@shared_task(name="analysis.advance", **TASK_OPTIONS)
def advance(self: Any, _results: Any, job_id: int) -> None:
    round_, pieces = services.analysis_advance(job_id=job_id)
    enqueue_pieces(job_id, round_, pieces, queue=_queue_of(self))


@shared_task(name="analysis.chord_failed")
def chord_failed(request: Any, exc: BaseException, traceback: Any, job_id: int) -> None:
    services.analysis_fail(job_id=job_id, error=f"a piece failed: {exc!r}"[:4000])
