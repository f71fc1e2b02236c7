"""Round-robin matrices: one SimulationJob per unordered pair of decks.

Cell (i, j) with i < j is the job "deck i (side A) against deck j (side B)"; the page
shows (j, i) as its mirror. All pair jobs share the matrix seed and agent, and play
each seed twice with the seats exchanged (``swap``), so ``games_per_pair`` is rounded
up to an even number.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from engine.rulesets import DEFAULT_RULESET
from simulate import conf
from simulate.agents import default_agent
from simulate.kinds import SIMULATION
from simulate.models import (
    ACTIVE_STATUSES,
    JobStatus,
    MatrixJob,
    SimulationJob,
    Visibility,
)
from simulate.services import jobs
from work import services as work
from work.models import Lane


def pair_games(games_per_pair: int) -> int:
    """Games actually played per pair: seeds x 2 seatings."""
    return 2 * seeds_per_pair(games_per_pair)


def seeds_per_pair(games_per_pair: int) -> int:
    return -(-games_per_pair // 2)


def matrix_pairs(decks: int, *, gauntlet: bool = False) -> list[tuple[int, int]]:
    """The (row, col) pairs played: every pair, or deck 0 against each other deck."""
    if gauntlet:
        return [(0, j) for j in range(1, decks)]
    return list(combinations(range(decks), 2))


def matrix_check(
    *,
    owner: Any,
    decks: int,
    games_per_pair: int,
    agent: str,
    gauntlet: bool = False,
) -> None:
    """Raise ValidationError / TooManyActiveJobs when a matrix breaks a limit. A
    gauntlet may hold one deck more (the deck plus MAX_MATRIX_DECKS opponents)."""
    max_decks = conf.get("MAX_MATRIX_DECKS") + (1 if gauntlet else 0)
    if not 2 <= decks <= max_decks:
        raise ValidationError({"decks": [f"Give between 2 and {max_decks} decks."]})
    pairs = len(matrix_pairs(decks, gauntlet=gauntlet))
    total = pairs * pair_games(games_per_pair)
    limit = conf.max_games((agent,))
    if total > limit:
        raise ValidationError(
            {
                "games_per_pair": [
                    f"{pairs} pairs x {games_per_pair:,} games = {total:,} games; at "
                    f"most {limit:,} games per matrix with the {agent} agent."
                ]
            }
        )
    jobs.check_submission(
        owner=owner, games=pair_games(games_per_pair), agents=(agent, agent)
    )


def matrix_default_agent(*, decks: int, games_per_pair: int, gauntlet: bool) -> str:
    """The agent of a matrix that names none: the default for all its games."""
    pairs = len(matrix_pairs(max(decks, 2), gauntlet=gauntlet))
    return default_agent(games=pairs * pair_games(games_per_pair))


def matrix_submit(
    *, owner: Any, decks: list[Any], games_per_pair: int, **options: Any
) -> MatrixJob:
    """Check the limits, freeze and validate every deck, store the matrix and its pair
    jobs (queued on commit). Raises ValidationError, TooManyActiveJobs, DeckRejected."""
    from simulate.services.decks import deck_freeze

    options["agent"] = options.get("agent") or matrix_default_agent(
        decks=len(decks),
        games_per_pair=games_per_pair,
        gauntlet=bool(options.get("gauntlet")),
    )
    matrix_check(
        owner=owner,
        decks=len(decks),
        games_per_pair=games_per_pair,
        agent=options["agent"],
        gauntlet=bool(options.get("gauntlet")),
    )
    ruleset = options.get("ruleset", DEFAULT_RULESET)
    frozen = [
        deck_freeze(user=owner, spec=d, field="decks", ruleset=ruleset) for d in decks
    ]
    return matrix_create(
        owner=owner, decks=frozen, games_per_pair=games_per_pair, **options
    )


@transaction.atomic
def matrix_create(
    *,
    owner: Any,
    decks: list[dict[str, Any]],
    games_per_pair: int,
    seed: int | None = None,
    agent: str | None = None,
    chunk_size: int | None = None,
    visibility: str = Visibility.PRIVATE,
    gauntlet: bool = False,
    ruleset: str = DEFAULT_RULESET,
    dispatch: bool = True,
) -> MatrixJob:
    """Store a matrix of frozen decks and one job per pair (its lanes' tickets sent
    on commit; ``dispatch=False``: none sent, for inline runs); every pair is
    played under ``ruleset`` (its jobs record it). ``agent`` None: the default for
    all its games."""
    agent = agent or matrix_default_agent(
        decks=len(decks), games_per_pair=games_per_pair, gauntlet=gauntlet
    )
    matrix = MatrixJob(
        owner=owner,
        decks=decks,
        games_per_pair=games_per_pair,
        seed=jobs.new_seed() if seed is None else seed,
        agent=agent,
        visibility=visibility,
        gauntlet=gauntlet,
    )
    matrix.full_clean()
    matrix.save()
    for i, j in matrix_pairs(len(decks), gauntlet=gauntlet):
        jobs.simulation_create(
            owner=owner,
            deck_a=decks[i],
            deck_b=decks[j],
            games=seeds_per_pair(games_per_pair),
            seed=matrix.seed,
            agent_a=agent,
            agent_b=agent,
            swap=True,
            ruleset=ruleset,
            chunk_size=chunk_size,
            matrix=matrix,
            matrix_cell=(i, j),
            dispatch=False,
        )
    if dispatch:
        lanes = list(
            Lane.objects.filter(
                kind=SIMULATION.name,
                job_id__in=matrix.jobs.values_list("pk", flat=True),
            )
        )
        work.send_or_fail_on_commit(SIMULATION, lanes, what="the matrix")
    return matrix


def matrix_share(*, matrix: MatrixJob, visibility: str) -> MatrixJob:
    """Set who may read the matrix (its cells follow it, see access_simulation).
    The caller has checked ownership (``access_matrix(..., write=True)``)."""
    matrix.visibility = visibility
    matrix.full_clean(validate_unique=False, validate_constraints=False)
    matrix.save(update_fields=["visibility", "updated_at"])
    return matrix


def matrix_refresh(*, matrix_id: int) -> None:
    """Derive a matrix's status from its pair jobs (idempotent): queued or running
    while any cell is; once none is, done when every cell is, failed when a cell
    failed (each failed cell keeps its reason and can be run again), else
    cancelled."""
    statuses = set(
        SimulationJob.objects.filter(matrix_id=matrix_id).values_list(
            "status", flat=True
        )
    )
    if statuses & set(ACTIVE_STATUSES):
        started = statuses & {JobStatus.RUNNING, JobStatus.DONE, JobStatus.FAILED}
        status = JobStatus.RUNNING if started else JobStatus.QUEUED
    elif JobStatus.FAILED in statuses:
        status = JobStatus.FAILED
    elif statuses <= {JobStatus.DONE}:
        status = JobStatus.DONE
    else:
        status = JobStatus.CANCELLED
    finished = status in (JobStatus.DONE, JobStatus.FAILED, JobStatus.CANCELLED)
    MatrixJob.objects.filter(pk=matrix_id).exclude(status=status).update(
        status=status,
        finished_at=timezone.now() if finished else None,
        updated_at=timezone.now(),
    )


def matrix_cancel(*, matrix: MatrixJob) -> MatrixJob:
    """Cancel every queued or running pair job of ``matrix`` (finished cells keep
    their results; running slices stop at their next heartbeat). No-op once
    nothing runs."""
    for job_id in SimulationJob.objects.filter(
        matrix=matrix, status__in=ACTIVE_STATUSES
    ).values_list("pk", flat=True):
        work.cancel(SIMULATION, job_id)
    matrix_refresh(matrix_id=matrix.pk)
    matrix.refresh_from_db()
    return matrix


def matrix_cell_rerun(*, matrix: MatrixJob, cell_id: int) -> SimulationJob:
    """Run a failed cell of ``matrix`` again (the caller has checked ownership);
    Http404 for a cell of another matrix, ValidationError unless it failed."""
    from django.http import Http404

    job = SimulationJob.objects.filter(matrix=matrix, pk=cell_id).first()
    if job is None:
        raise Http404("No such cell in this matrix.")
    if job.status != JobStatus.FAILED:
        why = f"Only a failed cell can be run again (this one is {job.status})."
        raise ValidationError({"cell": [why]})
    return jobs.simulation_rerun(job=job)
