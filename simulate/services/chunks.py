"""Play one chunk of a job and store its result (the work of ``simulate.run_chunk``).

Invariants: chunk ``k`` of a job is the games ``SimulationJob.chunk_range(k)``, each
played from ``derive_seed(job.seed, i)`` by the same engine code (``engine_version``,
stamped by the job's first chunk);
its result is upserted under ``(job, chunk_index)``, so running a chunk twice (retry,
redelivery after a lost worker) stores one row.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.utils import timezone

from simulate import adapters
from simulate.models import ChunkResult, JobStatus, SimulationJob


class GameError(Exception):
    """The engine raised while playing a chunk: the job fails with this text."""


def _play(job: SimulationJob, indices: range) -> list[Any]:
    from engine.play import play_many

    return play_many(
        adapters.game_deck(job.deck_a),
        adapters.game_deck(job.deck_b),
        seed=job.seed,
        games=len(indices),
        agent_a=job.agent_a,
        agent_b=job.agent_b,
        swap=job.swap,
        game_indices=list(indices),
        rules=adapters.rules(job.ruleset),
        # The action log tells which events each side played (card_games).
        record=True,
    )


def engine_stamp(model: Any, job_id: int) -> bool:
    """Mark a queued job of ``model`` (a job model with ``status``, ``started_at``,
    ``engine_version`` and ``engine_build``) running, stamped with this worker's
    engine; True when this call started it. The first piece of work to start stamps
    the job; every later piece must run the same code, so that one result never
    mixes two versions of the rules (a deploy or an edit while the job runs fails
    it: GameError)."""
    mine = adapters.engine_version()
    build = adapters.engine_build()
    now = timezone.now()
    started = model.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING,
        started_at=now,
        updated_at=now,
        engine_version=mine,
        engine_build=build,
    )
    if started:
        return True
    stamped = (
        model.objects.filter(pk=job_id).values_list("engine_version", flat=True).first()
    )
    # both builds play the same games: a mix is recorded, not refused
    model.objects.filter(pk=job_id).exclude(engine_build__in=(build, "mixed")).update(
        engine_build="mixed"
    )
    if stamped != mine:
        raise GameError(
            f"this worker runs engine {mine} but the job's first games were "
            f"played by engine {stamped}: a result never mixes two versions of "
            "the rules; restart every worker on the same code and submit again"
        )
    return False


def chunk_run(*, job_id: int, chunk_index: int) -> bool:
    """Play one chunk and upsert its ChunkResult. Returns False when skipped (job no
    longer active, or the chunk is already stored).

    Idempotent (key: job, chunk_index). Raises GameError when the engine fails;
    database errors propagate (the task retries them).
    """
    job = SimulationJob.objects.filter(pk=job_id).first()
    if job is None or not job.is_active:  # deleted, finished, cancelled or failed
        return False
    if ChunkResult.objects.filter(job=job, chunk_index=chunk_index).exists():
        return False
    started = engine_stamp(SimulationJob, job_id)
    if started and job.matrix_id:
        from simulate.services.matrices import matrix_refresh

        matrix_refresh(matrix_id=job.matrix_id)
    indices = job.chunk_range(chunk_index)
    if not indices:
        raise GameError(f"chunk {chunk_index} is outside the job's {job.games} games")
    clock = time.monotonic()
    try:
        results = _play(job, indices)
    except SoftTimeLimitExceeded as exc:
        raise GameError(
            f"chunk {chunk_index} (games {indices.start}-{indices.stop - 1}) ran "
            "longer than the task time limit (CELERY_TASK_SOFT_TIME_LIMIT); submit "
            "it again with a smaller chunk_size"
        ) from exc
    except Exception as exc:  # any engine failure is a game error, reported as such
        detail = "".join(traceback.format_exception_only(exc)).strip()
        raise GameError(
            f"game error in games {indices.start}-{indices.stop - 1}: {detail}"
        ) from exc
    expected = len(indices) * job.results_per_index
    if len(results) != expected:
        raise GameError(f"the engine returned {len(results)} results, not {expected}")
    row = chunk_row(results, events=adapters.events_played(job, results))
    row["elapsed_ms"] = int((time.monotonic() - clock) * 1000)
    chunk_store(job_id=job_id, chunk_index=chunk_index, first_game=indices.start, **row)
    return True


def card_games(
    results: list[Any], events: list[dict[str, set[str]]] | None = None
) -> dict[str, dict[str, dict[str, list[int]]]]:
    """Per side and card: in how many games of each length band the card was played
    (summoned, built or played as an event) and how many of those its side won; the
    slug ``""`` holds every game of the band (the baseline). Association counts only:
    a card played in a winning position looks good without causing the win."""
    out: dict[str, dict[str, dict[str, list[int]]]] = {"a": {}, "b": {}}
    for k, r in enumerate(results):
        band = adapters.length_band(r.turns)
        played_events = events[k] if events else {"a": set(), "b": set()}
        for side in ("a", "b"):
            won = 1 if r.winner == side else 0
            played = {
                slug
                for slug, counts in r.card_stats.get(side, {}).items()
                if counts.get("summoned", 0) > 0
            } | played_events.get(side, set())
            for slug in sorted(played | {""}):
                cell = out[side].setdefault(slug, {}).setdefault(band, [0, 0])
                cell[0] += 1
                cell[1] += won
    return out


def chunk_row(
    results: list[Any], *, events: list[dict[str, set[str]]] | None = None
) -> dict[str, Any]:
    """Aggregates and compact per-game rows of a list of engine GameResults;
    ``events``: per game, the event slugs each side played (``card_games``)."""
    outcomes = [adapters.outcome_row(r) for r in results]
    cards: dict[str, dict[str, list[int]]] = {"a": {}, "b": {}}
    missing: list[str] = []
    for r in results:
        adapters.add_card_counts(cards, adapters.card_counts(r))
        missing += [m for m in r.missing_abilities if m not in missing]
    winners = Counter(o[0] for o in outcomes)
    return {
        "games": len(outcomes),
        "wins_a": winners["a"],
        "wins_b": winners["b"],
        "draws": winners[None],
        "first_player_wins": sum(1 for o in outcomes if o[0] and o[0] == o[3]),
        "a_first_games": sum(1 for o in outcomes if o[3] == "a"),
        "a_first_wins": sum(1 for o in outcomes if o[3] == "a" and o[0] == "a"),
        "partial_games": sum(1 for o in outcomes if o[4]),
        "turns_sum": sum(o[2] for o in outcomes),
        "turn_hist": {
            str(k): v for k, v in sorted(Counter(o[2] for o in outcomes).items())
        },
        "terminations": dict(sorted(Counter(o[1] for o in outcomes).items())),
        "card_stats": cards,
        "card_games": card_games(results, events),
        "missing_abilities": missing,
        "setup_defaults": [
            any(r.setup_defaults_used[side] for r in results) for side in (0, 1)
        ],
        "outcomes": outcomes,
    }


def chunk_store(*, job_id: int, chunk_index: int, **fields: Any) -> None:
    """Upsert one chunk (INSERT .. ON CONFLICT (job, chunk_index) DO UPDATE).

    The job made progress: its count of re-sends without progress starts again."""
    ChunkResult.objects.bulk_create(
        [ChunkResult(job_id=job_id, chunk_index=chunk_index, **fields)],
        update_conflicts=True,
        unique_fields=["job", "chunk_index"],
        update_fields=[*fields, "updated_at"],
    )
    SimulationJob.objects.filter(pk=job_id, resends__gt=0).update(resends=0)
