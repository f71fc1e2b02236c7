"""Lifecycle of a simulation job: submit, fail, cancel, run again, share.

The games are played by the job framework (:mod:`work`; the kind is
``simulate.kinds.SimulationKind``): in slices cut by time, game ``i`` always from
``derive_seed(job.seed, i)``, each slice stored under ``(job, first_game)`` only
while it holds its lane, so a result never depends on slicing, workers or restarts.

- Status changes are conditional updates (``filter(status__in=ACTIVE)``), so a late
  slice or a duplicate finaliser never resurrects a cancelled or failed job.
- Tickets are handed to Celery only after the transaction that planned the job's
  lanes commits.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from engine.rulesets import DEFAULT_RULESET
from simulate import adapters, conf
from simulate.agents import default_agent
from simulate.kinds import SIMULATION
from simulate.models import (
    ACTIVE_STATUSES,
    ChunkResult,
    JobStatus,
    MatrixJob,
    SimulationJob,
    Visibility,
)
from work import services as work
from work.services import BrokerUnavailable, TooManyActiveJobs, new_seed

__all__ = [
    "BrokerUnavailable",
    "TooManyActiveJobs",
    "new_seed",
    "simulation_cancel",
    "simulation_create",
    "simulation_fail",
    "simulation_rerun",
    "simulation_run_inline",
    "simulation_share",
    "simulation_submit",
]


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
    dispatch: bool = True,
) -> SimulationJob:
    """Store a job for two frozen decks (``services.decks.deck_freeze``), plan its
    lanes and, once the transaction commits, send its tickets to the workers
    (``dispatch=False``: play it with ``simulation_run_inline``, or let the caller
    send them, as a matrix does). Raises BrokerUnavailable (on commit) when the
    broker is down: the job is then failed with that reason.

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
        chunk_size=chunk_size,
        target_half_width=target_half_width,
        wave_games=conf.get("WAVE_GAMES") if target_half_width is not None else None,
        matrix=matrix,
        matrix_row=matrix_cell[0] if matrix_cell else None,
        matrix_col=matrix_cell[1] if matrix_cell else None,
        visibility=visibility,
        engine_version=adapters.engine_version(),
    )
    job.full_clean()
    job.save()
    work.submit(SIMULATION, job, send=dispatch)
    return job


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
    ruleset = options.get("ruleset", DEFAULT_RULESET)
    return simulation_create(
        owner=owner,
        deck_a=deck_freeze(user=owner, spec=deck_a, field="deck_a", ruleset=ruleset),
        deck_b=deck_freeze(user=owner, spec=deck_b, field="deck_b", ruleset=ruleset),
        games=games,
        **options,
    )


def simulation_fail(*, job_id: int, error: str) -> bool:
    """Mark an active job failed with ``error``; False when it was no longer active."""
    return work.fail(SIMULATION, job_id, error)


def simulation_cancel(*, job: SimulationJob) -> SimulationJob:
    """Cancel an active job (no-op otherwise): its waiting slices are dropped and a
    running one stops at its next heartbeat, storing nothing. Games already stored
    stay in the partial result."""
    work.cancel(SIMULATION, job.pk)
    job.refresh_from_db()
    return job


def simulation_rerun(*, job: SimulationJob) -> SimulationJob:
    """Run a failed job (a matrix cell, say) again from its first game: its partial
    games are forgotten, the same decks, seed and agents play again. No-op unless
    the job failed. Raises TooManyActiveJobs (a standalone job, over the limit of
    active jobs) and BrokerUnavailable (the broker is down)."""
    if job.status != JobStatus.FAILED:
        return job
    if job.matrix_id is None:  # a matrix counts once, and is still active
        limit = conf.get("MAX_ACTIVE_JOBS")
        if active_job_count(owner=job.owner) >= limit:
            raise TooManyActiveJobs(
                f"You already have {limit} simulations queued or running; wait for "
                "one to finish or cancel one."
            )
    with transaction.atomic():
        ChunkResult.objects.filter(job=job).delete()
        work.restart(SIMULATION, job, reset={"round": 0, "result": None})
    job.refresh_from_db()
    return job


def simulation_share(*, job: SimulationJob, visibility: str) -> SimulationJob:
    """Set who may read the job's results (the owner's choice; see ``Visibility``).
    The caller has checked ownership (``access_simulation(..., write=True)``)."""
    job.visibility = visibility
    job.full_clean(validate_unique=False, validate_constraints=False)
    job.save(update_fields=["visibility", "updated_at"])
    return job


def simulation_run_inline(*, job_id: int) -> SimulationJob:
    """Play a job to the end in this process, slice after slice (the ``simulate``
    management command): the same lanes, seeds and finaliser as the workers."""
    return work.run_inline(SIMULATION, job_id)
