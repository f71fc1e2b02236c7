"""Simulation job lifecycle: create, run a chunk, advance/finalise, fail, cancel.

Invariants
----------
- Game ``i`` of a job is played from ``derive_seed(job.seed, i)`` whatever chunk it
  falls in; chunk ``k`` holds games ``k*chunk_size ..`` (``SimulationJob.chunk_range``).
- ``chunk_run`` is idempotent: it upserts ``ChunkResult(job, chunk_index)``; running a
  chunk twice (retry, redelivery after a lost worker) stores the same row once.
- ``simulation_advance`` (the chord body) is idempotent: it only acts on an active job;
  it re-plans chunks that went missing (bounded by ``MAX_RESENDS``), sends the next
  wave in "to precision" mode, or marks the job done with its aggregated result.
- Every chunk of a job is played by the same engine code (``engine_version``, a hash
  of ``engine/``, stamped by the first chunk); a worker with other code fails the job
  rather than mix two versions of the rules into one result.
- Status changes are conditional updates (``filter(status__in=ACTIVE)``), so a late
  chunk or a duplicate finaliser never resurrects a cancelled or failed job.
- Chunks are handed to Celery only after the transaction that planned them commits
  (``transaction.on_commit``), via ``simulate.tasks.enqueue_chunks``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from engine.rulesets import DEFAULT_RULESET
from simulate import adapters, conf
from simulate.agents import default_agent
from simulate.models import (
    ACTIVE_STATUSES,
    ChunkResult,
    JobStatus,
    MatrixJob,
    SimulationJob,
    Visibility,
)
from simulate.services import chunks

Dispatch = Callable[[int, list[int]], None]


class TooManyActiveJobs(Exception):
    """The user already has ``MAX_ACTIVE_JOBS`` jobs queued or running."""


class BrokerUnavailable(Exception):
    """The Celery broker refused a new job's chunks: the job was marked failed (it does
    not count as active) and the caller should answer 503 ``broker_unavailable``."""


def new_seed() -> int:
    return secrets.randbelow(2**31)


def active_job_count(*, owner: Any) -> int:
    """Standalone jobs plus matrices (a matrix counts once) queued or running."""
    jobs = SimulationJob.objects.filter(
        owner=owner, matrix__isnull=True, status__in=ACTIVE_STATUSES
    ).count()
    matrices = MatrixJob.objects.filter(owner=owner, status__in=ACTIVE_STATUSES).count()
    return jobs + matrices


def check_submission(*, owner: Any, games: int, agents: tuple[str, ...] = ()) -> None:
    """Raise ValidationError / TooManyActiveJobs when a new job breaks a limit."""
    max_games = conf.max_games(agents)
    if games > max_games:
        searching = sorted(
            a for a in set(agents) if a in conf.get("MAX_GAMES_BY_AGENT")
        )
        why = f" with the {' and '.join(searching)} agent" if searching else ""
        raise ValidationError(
            {
                "games": [
                    f"At most {max_games:,} games per job{why} (asked for {games:,})."
                ]
            }
        )
    limit = conf.get("MAX_ACTIVE_JOBS")
    if active_job_count(owner=owner) >= limit:
        raise TooManyActiveJobs(
            f"You already have {limit} simulations queued or running; wait for one "
            "to finish or cancel one."
        )


def _default_dispatch(job_id: int, chunks: list[int]) -> None:
    from simulate.tasks import enqueue_chunks

    enqueue_chunks(job_id, chunks)


def _first_chunks(job: SimulationJob) -> list[int]:
    if job.target_half_width is None:
        return list(range(job.chunk_count))
    return list(range(min(conf.get("WAVE_CHUNKS"), job.chunk_count)))


@transaction.atomic
def simulation_create(
    *,
    owner: Any,
    deck_a: dict[str, Any],
    deck_b: dict[str, Any],
    games: int,
    seed: int | None = None,
    agent_a: str | None = None,
    agent_b: str | None = None,
    swap: bool = False,
    ruleset: str = DEFAULT_RULESET,
    chunk_size: int | None = None,
    target_half_width: float | None = None,
    matrix: MatrixJob | None = None,
    matrix_cell: tuple[int, int] | None = None,
    visibility: str = Visibility.PRIVATE,
    dispatch: Dispatch | None = _default_dispatch,
) -> SimulationJob:
    """Store a job for two frozen decks (``services.decks.deck_freeze``) and, once the
    transaction commits, hand its first chunks to ``dispatch`` (Celery by default;
    ``None`` to run it inline with ``simulation_run_inline``).

    Limits (games, active jobs) are checked by the caller (``check_submission``).
    An agent left ``None`` is the default for the games played
    (:func:`simulate.agents.default_agent`).
    """
    played = games * (2 if swap else 1)
    agent_a = agent_a or default_agent(games=played)
    agent_b = agent_b or default_agent(games=played)
    job = SimulationJob(
        owner=owner,
        deck_a=deck_a,
        deck_b=deck_b,
        agent_a=agent_a,
        agent_b=agent_b,
        games=games,
        seed=new_seed() if seed is None else seed,
        swap=swap,
        ruleset=ruleset,
        chunk_size=chunk_size or conf.auto_chunk_size(games, (agent_a, agent_b)),
        target_half_width=target_half_width,
        matrix=matrix,
        matrix_row=matrix_cell[0] if matrix_cell else None,
        matrix_col=matrix_cell[1] if matrix_cell else None,
        visibility=visibility,
        engine_version=adapters.engine_version(),
    )
    job.full_clean()
    job.save()
    chunks = _first_chunks(job)
    job.chunks_planned = len(chunks)
    job.save(update_fields=["chunks_planned", "updated_at"])
    if dispatch is not None:
        job_id = job.pk
        transaction.on_commit(lambda: _dispatch_or_fail(dispatch, job_id, chunks))
    return job


def _dispatch_or_fail(dispatch: Dispatch, job_id: int, chunks: list[int]) -> None:
    """Hand a new job's chunks to Celery; when the broker is down, mark the job failed
    (so it never sits queued with no message behind it, counting against the user's
    active jobs) and raise BrokerUnavailable."""
    from sw_site.celery import broker_errors

    try:
        dispatch(job_id, chunks)
    except broker_errors() as exc:
        simulation_fail(
            job_id=job_id,
            error=f"the task queue was unavailable when the job was submitted: {exc}",
        )
        raise BrokerUnavailable(str(exc)) from exc


def simulation_submit(
    *,
    owner: Any,
    deck_a: Any,
    deck_b: Any,
    games: int,
    enforce_limits: bool = True,
    **options: Any,
) -> SimulationJob:
    """Check the limits, freeze and validate both deck references, store the job and
    queue it on commit: the one path of the API, the pages and the shell command
    (which is trusted: ``enforce_limits=False``).

    Raises ValidationError (limits), TooManyActiveJobs, DeckRejected (bad deck). The
    keyword ``options`` are those of :func:`simulation_create`; an agent not given
    (or None) is the default for the games played (:mod:`simulate.agents`).
    """
    from simulate.services.decks import deck_freeze

    played = games * (2 if options.get("swap") else 1)
    for side in ("agent_a", "agent_b"):  # the default, for the games played
        options[side] = options.get(side) or default_agent(games=played)
    if enforce_limits:
        agents = (options["agent_a"], options["agent_b"])
        check_submission(owner=owner, games=played, agents=agents)
        chunk_size = options.get("chunk_size")
        cap = conf.max_chunk_size(agents)
        if chunk_size and chunk_size > cap:
            raise ValidationError(
                {"chunk_size": [f"At most {cap} games per chunk with these agents."]}
            )
    ruleset = options.get("ruleset", DEFAULT_RULESET)
    return simulation_create(
        owner=owner,
        deck_a=deck_freeze(user=owner, spec=deck_a, field="deck_a", ruleset=ruleset),
        deck_b=deck_freeze(user=owner, spec=deck_b, field="deck_b", ruleset=ruleset),
        games=games,
        **options,
    )


def simulation_advance(*, job_id: int, stale_before: Any = None) -> list[int]:
    """The chord body: decide what happens after a batch of chunks. Idempotent.

    Returns the chunk indices to send next (already recorded as planned; the caller
    dispatches them after this function's transaction has committed), or [] when the
    job is finished or no longer active. With ``stale_before`` (the watchdog), only a
    job still untouched since then is acted on: two watchdogs never re-send the same
    chunks twice.
    """
    finished = False
    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:
            return []
        if stale_before is not None and job.updated_at >= stale_before:
            return []
        stored = set(
            ChunkResult.objects.filter(job=job).values_list("chunk_index", flat=True)
        )
        missing = [i for i in range(job.chunks_planned) if i not in stored]
        if missing:
            # A chunk's message was lost, or the chord fired early after a duplicate.
            if job.resends >= conf.get("MAX_RESENDS"):
                _fail(
                    job,
                    f"chunks {missing[:10]} never completed after "
                    f"{job.resends} re-sends with no progress in between (are the "
                    "workers running, and is a chunk crashing its worker?)",
                )
                finished = True
            else:
                job.resends += 1
                job.save(update_fields=["resends", "updated_at"])
                return missing
        else:
            from simulate.selectors import simulation_result

            result = simulation_result(job=job)
            next_chunks = _next_wave(job, result)
            if next_chunks:
                job.chunks_planned += len(next_chunks)
                job.save(update_fields=["chunks_planned", "updated_at"])
                return next_chunks
            job.status = JobStatus.DONE
            job.result = result
            job.finished_at = timezone.now()
            job.save(update_fields=["status", "result", "finished_at", "updated_at"])
            finished = True
    if finished and job.matrix_id:
        _matrix_changed(job.matrix_id)
    return []


def _next_wave(job: SimulationJob, result: dict[str, Any]) -> list[int]:
    if job.target_half_width is None or job.chunks_planned >= job.chunk_count:
        return []
    if result["games"] and result["half_width"] <= job.target_half_width:
        return []
    stop = min(job.chunks_planned + conf.get("WAVE_CHUNKS"), job.chunk_count)
    return list(range(job.chunks_planned, stop))


def _fail(job: SimulationJob, error: str) -> bool:
    updated = SimulationJob.objects.filter(
        pk=job.pk, status__in=ACTIVE_STATUSES
    ).update(
        status=JobStatus.FAILED,
        error=error[:4000],
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    return bool(updated)


def simulation_fail(*, job_id: int, error: str) -> bool:
    """Mark an active job failed with ``error``; False when it was no longer active."""
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None:
        return False
    failed = _fail(job, error)
    if failed and job.matrix_id:
        _matrix_changed(job.matrix_id)
    return failed


def simulation_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel an active job (no-op otherwise). Chunks still queued skip themselves."""
    SimulationJob.objects.filter(pk=job.pk, status__in=ACTIVE_STATUSES).update(
        status=JobStatus.CANCELLED,
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    job.refresh_from_db()
    if job.matrix_id:
        _matrix_changed(job.matrix_id)
    return job


def simulation_share(*, job: SimulationJob, visibility: str) -> SimulationJob:
    """Set who may read the job's results (the owner's choice; see ``Visibility``).
    The caller has checked ownership (``access_simulation(..., write=True)``)."""
    job.visibility = visibility
    job.full_clean(validate_unique=False, validate_constraints=False)
    job.save(update_fields=["visibility", "updated_at"])
    return job


def _matrix_changed(matrix_id: int) -> None:
    from simulate.services.matrices import matrix_refresh

    matrix_refresh(matrix_id=matrix_id)


def simulation_resume_stale(
    *, older_than: Any, dispatch: Dispatch | None = None
) -> list[int]:
    """Re-advance active jobs with no write since ``older_than`` (a datetime): chunks
    whose messages were lost (a worker killed mid-chunk: the filesystem broker never
    redelivers, Redis only after its visibility timeout) are sent again, at most
    MAX_RESENDS times in a row without progress; then the job fails with a reason.
    Run by every worker's watchdog (``simulate.watchdog``) and ``simulate_resume``.
    Returns the ids of the jobs acted on."""
    dispatch = dispatch or _default_dispatch
    resumed = []
    stale = SimulationJob.objects.filter(
        status__in=ACTIVE_STATUSES, updated_at__lt=older_than
    ).exclude(chunks__updated_at__gte=older_than)
    for job_id in stale.values_list("pk", flat=True).distinct():
        chunks = simulation_advance(job_id=job_id, stale_before=older_than)
        if chunks:
            dispatch(job_id, chunks)
        resumed.append(job_id)
    return resumed


def simulation_watchdog_tick(*, queue: str | None = None) -> list[int]:
    """One round of the watchdog: re-send the lost chunks of jobs that have made no
    progress for ``STALE_AFTER`` seconds (longer than a chunk may run: the Celery
    hard time limit) to ``queue``, and record that a worker is alive (read by
    ``/api/health/``)."""
    from datetime import timedelta

    from simulate import heartbeat
    from simulate.tasks import enqueue_chunks

    heartbeat.beat()
    since = timezone.now() - timedelta(seconds=conf.get("STALE_AFTER"))

    def dispatch(job_id: int, chunks: list[int]) -> None:
        enqueue_chunks(job_id, chunks, queue=queue)

    return simulation_resume_stale(older_than=since, dispatch=dispatch)


def simulation_run_inline(*, job_id: int) -> SimulationJob:
    """Run a job to the end in this process, chunk by chunk (the ``simulate``
    management command). Same chunking, seeds and finaliser as the workers."""
    pending = list(range(SimulationJob.objects.get(pk=job_id).chunks_planned))
    while pending:
        for chunk_index in pending:
            try:
                chunks.chunk_run(job_id=job_id, chunk_index=chunk_index)
            except chunks.GameError as exc:
                simulation_fail(job_id=job_id, error=str(exc))
                return SimulationJob.objects.get(pk=job_id)
        pending = simulation_advance(job_id=job_id)
    return SimulationJob.objects.get(pk=job_id)
