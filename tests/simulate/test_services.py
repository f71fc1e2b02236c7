"""Services called directly (no broker): chunking invariance against the engine,
idempotent chunk upserts, the finaliser, "to precision" waves, cancel and failure."""

from __future__ import annotations

import pytest

from engine.deckbuilding.resolve import faction_deck
from engine.play import play_many
from engine.simulate import summarize
from engine.tools.stats import wilson
from simulate import adapters, selectors
from simulate.models import ChunkResult, JobStatus, SimulationJob
from simulate.services import chunks, jobs

from .conftest import FACTION_A, FACTION_B

pytestmark = pytest.mark.django_db


def engine_rows(games: int, seed: int, *, swap: bool = False, agent: str = "random"):
    results = play_many(
        faction_deck(FACTION_A),
        faction_deck(FACTION_B),
        seed=seed,
        games=games,
        agent_a=agent,
        agent_b=agent,
        swap=swap,
    )
    return results, [adapters.outcome_row(r) for r in results]


def run(job: SimulationJob) -> SimulationJob:
    return jobs.simulation_run_inline(job_id=job.pk)


@pytest.mark.parametrize("swap", [False, True])
def test_chunk_size_never_changes_results(make_job, swap):
    games, seed = 45, 11
    results, expected_rows = engine_rows(games, seed, swap=swap)
    outcomes, totals = [], []
    for chunk_size in (7, 50, 200):
        job = run(make_job(games=games, seed=seed, chunk_size=chunk_size, swap=swap))
        assert job.status == JobStatus.DONE
        assert ChunkResult.objects.filter(job=job).count() == -(-games // chunk_size)
        curve = job.result["curve"]
        assert len(curve) == job.chunk_count  # one point per chunk, all a prefix
        assert curve[-1]["games"] == job.total_games
        assert curve[-1]["ci95"] == job.result["ci95"]
        outcomes.append(selectors.simulation_outcomes(job=job))
        totals.append({k: v for k, v in job.result.items() if k != "curve"})
    assert outcomes[0] == outcomes[1] == outcomes[2] == expected_rows
    assert totals[0] == totals[1] == totals[2]

    result = totals[0]
    wins_a = sum(r.winner == "a" for r in results)
    assert result["games"] == len(results) == games * (2 if swap else 1)
    assert result["wins_a"] == wins_a
    assert result["wins_b"] == sum(r.winner == "b" for r in results)
    assert result["draws"] == sum(r.winner is None for r in results)
    assert result["ci95"] == list(wilson(wins_a, len(results)))
    assert result["avg_turns"] == pytest.approx(
        sum(r.turns for r in results) / len(results)
    )
    assert result["partial"] == any(r.partial for r in results)
    summoned_a = sum(s["summoned"] for r in results for s in r.card_stats["a"].values())
    assert summoned_a == sum(v[0] for v in result["cards"]["a"].values())
    assert sum(n for _, n in result["turn_histogram"]) == len(results)
    split = result["first_player_split"]
    a_first = [r for r in results if r.first_player == "a"]
    assert split["a"]["games"] == len(a_first)
    assert split["a"]["wins_a"] == sum(r.winner == "a" for r in a_first)
    assert split["a"]["games"] + split["b"]["games"] == len(results)
    assert split["a"]["wins_a"] + split["b"]["wins_a"] == wins_a


def test_summary_equals_the_engine_summary(make_job):
    results, _ = engine_rows(30, 5, swap=True)
    job = run(make_job(games=30, seed=5, swap=True, chunk_size=7))
    expected = summarize(
        results,
        seed=5,
        deck_a=FACTION_A,
        deck_b=FACTION_B,
        agent_a="random",
        agent_b="random",
        swap=True,
        ruleset="second",
    )
    summary = selectors.simulation_summary(job=job, deck_a=FACTION_A, deck_b=FACTION_B)
    assert summary.pop("id") == job.pk and summary.pop("status") == "done"
    assert summary == expected


def test_duplicate_chunk_execution_counts_once(make_job):
    job = make_job(games=30, chunk_size=10)
    assert chunks.chunk_run(job_id=job.pk, chunk_index=1) is True
    # A redelivered copy finds its row and stops; a racing copy upserts the same row.
    assert chunks.chunk_run(job_id=job.pk, chunk_index=1) is False
    row = ChunkResult.objects.get(job=job, chunk_index=1)
    fields = {
        f: getattr(row, f)
        for f in ("first_game", "games", "wins_a", "wins_b", "draws")
        + ("first_player_wins", "partial_games", "turns_sum", "turn_hist")
        + ("terminations", "card_stats", "outcomes")
        + ("missing_abilities", "setup_defaults", "a_first_games", "a_first_wins")
    }
    chunks.chunk_store(job_id=job.pk, chunk_index=1, **fields)
    chunks.chunk_store(job_id=job.pk, chunk_index=1, **fields)
    assert ChunkResult.objects.filter(job=job).count() == 1
    assert selectors.simulation_progress(job=job) == {"done": 10, "total": 30}

    job = run(job)
    assert job.result["games"] == 30
    assert selectors.simulation_outcomes(job=job) == engine_rows(30, job.seed)[1]


def test_finaliser_is_idempotent(make_job):
    job = run(make_job(games=20, chunk_size=10))
    snapshot = job.result
    assert jobs.simulation_advance(job_id=job.pk) == []
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.result == snapshot


def test_missing_chunks_are_resent_then_fail(make_job, settings):
    settings.SIMULATE_MAX_RESENDS = 2
    job = make_job(games=30, chunk_size=10)
    chunks.chunk_run(job_id=job.pk, chunk_index=0)
    # The chord fired but chunks 1 and 2 never stored (lost messages): re-send them.
    assert jobs.simulation_advance(job_id=job.pk) == [1, 2]
    assert jobs.simulation_advance(job_id=job.pk) == [1, 2]
    assert jobs.simulation_advance(job_id=job.pk) == []
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "never completed" in job.error


def test_to_precision_mode_stops_at_the_target(make_job, settings):
    settings.SIMULATE_WAVE_CHUNKS = 2
    job = make_job(games=2000, chunk_size=20, target_half_width=0.12)
    assert job.chunks_planned == 2
    job = run(job)
    assert job.status == JobStatus.DONE
    played = job.result["games"]
    assert played < 2000 and played % 40 == 0
    assert job.result["half_width"] <= 0.12
    # One wave fewer would not have been precise enough.
    rows = selectors.simulation_outcomes(job=job)[: played - 40]
    wins = sum(r[0] == "a" for r in rows)
    low, high = wilson(wins, len(rows))
    assert (high - low) / 2 > 0.12
    # The games played are exactly the first `played` games of the run.
    assert selectors.simulation_outcomes(job=job) == engine_rows(played, job.seed)[1]


def test_to_precision_mode_stops_at_the_cap(make_job):
    job = run(make_job(games=30, chunk_size=10, target_half_width=0.001))
    assert job.status == JobStatus.DONE
    assert job.result["games"] == 30


def test_cancel_stops_remaining_chunks(make_job):
    job = make_job(games=30, chunk_size=10)
    chunks.chunk_run(job_id=job.pk, chunk_index=0)
    job = jobs.simulation_cancel(job=job)
    assert job.status == JobStatus.CANCELLED and job.finished_at
    assert chunks.chunk_run(job_id=job.pk, chunk_index=1) is False
    assert jobs.simulation_advance(job_id=job.pk) == []
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED
    assert selectors.simulation_progress(job=job) == {"done": 10, "total": 30}
    # Cancelling a finished job changes nothing.
    assert jobs.simulation_cancel(job=job).status == JobStatus.CANCELLED


def test_game_error_fails_the_job_with_its_text(make_job, monkeypatch):
    job = make_job(games=20, chunk_size=10)

    def broken(*args, **kwargs):
        raise RuntimeError("summoner fell off the board")

    monkeypatch.setattr("engine.play.play_many", broken)
    job = run(job)
    assert job.status == JobStatus.FAILED
    assert "summoner fell off the board" in job.error
    assert "games 0-9" in job.error
    # A late chunk or finaliser does not resurrect it.
    assert chunks.chunk_run(job_id=job.pk, chunk_index=1) is False
    assert jobs.simulation_advance(job_id=job.pk) == []


def test_limits(make_job, settings, user):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="100,000"):
        jobs.check_submission(owner=user, games=100_001)
    settings.SIMULATE_MAX_ACTIVE_JOBS = 2
    make_job()
    make_job()
    with pytest.raises(jobs.TooManyActiveJobs):
        make_job()


def test_searching_agents_have_tighter_game_and_chunk_caps(user, settings):
    from django.core.exceptions import ValidationError

    from simulate import conf
    from simulate.services import matrices

    settings.SIMULATE_MAX_GAMES_BY_AGENT = {"slowpoke": 300}
    settings.SIMULATE_MAX_CHUNK_BY_AGENT = {"slowpoke": 4}
    jobs.check_submission(owner=user, games=300, agents=("greedy", "slowpoke"))
    with pytest.raises(ValidationError, match="300 games per job with the slowpoke"):
        jobs.check_submission(owner=user, games=301, agents=("greedy", "slowpoke"))
    jobs.check_submission(owner=user, games=301, agents=("greedy", "random"))
    assert conf.auto_chunk_size(10_000, ("greedy", "slowpoke")) == 4
    assert conf.auto_chunk_size(10_000, ("greedy",)) == 200
    # A matrix counts every pair against the agent's cap.
    with pytest.raises(ValidationError, match="at most 300 games per matrix"):
        matrices.matrix_check(owner=user, decks=3, games_per_pair=102, agent="slowpoke")
    matrices.matrix_check(owner=user, decks=3, games_per_pair=100, agent="slowpoke")


def test_requested_chunk_size_respects_an_agent_cap(user, settings, dispatched):
    from django.core.exceptions import ValidationError

    settings.SIMULATE_MAX_CHUNK_BY_AGENT = {"random": 4}
    with pytest.raises(ValidationError, match="At most 4 games per chunk"):
        jobs.simulation_submit(
            owner=user,
            deck_a=FACTION_A,
            deck_b=FACTION_B,
            games=20,
            agent_a="random",
            chunk_size=10,
        )
    job = jobs.simulation_submit(
        owner=user, deck_a=FACTION_A, deck_b=FACTION_B, games=20, agent_a="random"
    )
    assert job.chunk_size == 4 and not SimulationJob.objects.exclude(pk=job.pk).exists()


def test_submission_dispatches_on_commit(user, dispatched):
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        job = jobs.simulation_submit(
            owner=user,
            deck_a=FACTION_A,
            deck_b=FACTION_B,
            games=100,
            chunk_size=30,
            agent_a="greedy",
            agent_b="greedy",
        )
        assert dispatched == []  # nothing is queued before the commit
    for callback in callbacks:
        callback()
    assert dispatched == [(job.pk, [0, 1, 2, 3])]
    assert job.deck_a["source"] == {"kind": "faction", "slug": FACTION_A}
    assert job.engine_version == adapters.engine_version()


def test_stale_jobs_resume_their_lost_chunks(make_job, dispatched):
    from datetime import timedelta

    from django.utils import timezone

    job = make_job(games=30, chunk_size=10)
    chunks.chunk_run(job_id=job.pk, chunk_index=0)
    fresh = make_job(games=10)
    dispatched.clear()
    later = timezone.now() + timedelta(minutes=5)
    # Nothing has moved for "5 minutes": chunks 1 and 2 were lost with their worker.
    SimulationJob.objects.filter(pk=fresh.pk).update(updated_at=later)
    assert jobs.simulation_resume_stale(older_than=later) == [job.pk]
    assert dispatched == [(job.pk, [1, 2])]
    # It was just re-advanced: not stale any more.
    earlier = timezone.now() - timedelta(minutes=1)
    assert jobs.simulation_resume_stale(older_than=earlier) == []


def test_a_worker_with_other_engine_code_fails_the_job(make_job):
    job = make_job(games=20, chunk_size=10)
    assert chunks.chunk_run(job_id=job.pk, chunk_index=0)
    job.refresh_from_db()
    assert job.engine_version == adapters.engine_version()  # stamped by chunk 0
    # Chunk 1 lands on a worker whose engine/ differs from chunk 0's.
    SimulationJob.objects.filter(pk=job.pk).update(engine_version="0123456789ab")
    job = run(job)
    assert job.status == JobStatus.FAILED
    assert "played by engine 0123456789ab" in job.error
    assert ChunkResult.objects.filter(job=job).count() == 1


def test_watchdog_resends_only_jobs_with_no_recent_progress(
    make_job, dispatched, settings
):
    """The watchdog's round (every worker runs one): a job whose chunks stopped
    arriving for STALE_AFTER seconds gets its missing chunks re-sent; a job that
    progressed recently is left alone; progress resets the count of re-sends."""
    from datetime import timedelta

    from django.utils import timezone

    from simulate import heartbeat
    from simulate.models import SimulationJob

    settings.SIMULATE_STALE_AFTER = 60
    stale = make_job(games=30, chunk_size=10)
    fresh = make_job(games=30, chunk_size=10)
    chunks.chunk_run(job_id=stale.pk, chunk_index=0)
    long_ago = timezone.now() - timedelta(seconds=61)
    SimulationJob.objects.filter(pk=stale.pk).update(updated_at=long_ago)
    stale.chunks.update(updated_at=long_ago)
    dispatched.clear()

    assert jobs.simulation_watchdog_tick() == [stale.pk]
    # A second watchdog in the same round finds the job no longer stale.
    assert jobs.simulation_watchdog_tick() == []
    assert dispatched == [(stale.pk, [1, 2])]
    assert fresh.pk not in [job_id for job_id, _ in dispatched]
    stale.refresh_from_db()
    assert stale.resends == 1 and stale.status == JobStatus.RUNNING
    assert heartbeat.last() is not None
    # Progress: a re-sent chunk arrives and the count of re-sends starts again.
    chunks.chunk_run(job_id=stale.pk, chunk_index=1)
    stale.refresh_from_db()
    assert stale.resends == 0


def test_a_chunk_over_the_time_limit_fails_the_job_with_a_reason(make_job, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    job = make_job(games=20, chunk_size=10)

    def too_slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("simulate.services.chunks._play", too_slow)
    with pytest.raises(chunks.GameError, match="time limit"):
        chunks.chunk_run(job_id=job.pk, chunk_index=0)
