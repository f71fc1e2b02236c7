"""Services called directly (no broker; slices played in this process): slicing
invariance against the engine, a slice stored once, the finaliser, "to precision"
rounds, cancel, failure with a reason, limits, tickets on commit."""

from __future__ import annotations

import pytest

from engine.deckbuilding.resolve import faction_deck
from engine.play import play_many
from engine.tools.runs import summarize
from engine.tools.stats import wilson
from simulate import adapters, selectors
from simulate.kinds import SIMULATION
from simulate.models import ChunkResult, JobStatus, SimulationJob
from simulate.services import jobs
from work import services as work
from work.models import Lane, LaneState

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
def test_slicing_never_changes_results(make_job, settings, swap):
    """However the games are cut (by time, by an expert cap, into more or fewer
    lanes), the stored games are the engine's games for the seed."""
    games, seed = 45, 11
    results, expected_rows = engine_rows(games, seed, swap=swap)
    outcomes, totals = [], []
    for lanes, cap in ((1, None), (4, 7), (3, 1)):
        settings.WORK_LANES = lanes
        job = run(make_job(games=games, seed=seed, chunk_size=cap, swap=swap))
        assert job.status == JobStatus.DONE
        rows = ChunkResult.objects.filter(job=job).order_by("first_game")
        firsts = [r.first_game for r in rows]
        assert firsts == sorted(set(firsts)) and firsts[0] == 0
        if cap:
            assert all(r.games <= cap * job.results_per_index for r in rows)
        curve = job.result["curve"]
        assert curve[-1]["games"] == job.total_games
        assert curve[-1]["ci95"] == job.result["ci95"]
        outcomes.append(selectors.simulation_outcomes(job=job))
        totals.append({k: v for k, v in job.result.items() if k != "curve"})
        assert not Lane.objects.filter(job_id=job.pk).exists()  # forgotten when done
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


def test_a_slice_stops_when_its_time_is_spent(make_job, settings, monkeypatch):
    """Slices are cut by time: with a tiny time slice each slice plays one game and
    puts its lane back in line; the result is the same."""
    settings.WORK_SLICE_SECONDS = 0.000001
    settings.WORK_LANES = 1
    job = make_job(games=6, seed=3)
    assert work.run_ticket() is True
    lane = Lane.objects.get(job_id=job.pk)
    assert lane.state == LaneState.QUEUED and lane.cursor == 1
    job = run(job)
    assert [r.games for r in ChunkResult.objects.filter(job=job)] == [1] * 6
    assert selectors.simulation_outcomes(job=job) == engine_rows(6, 3)[1]


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


def test_a_slice_taken_for_lost_stores_nothing(make_job, settings):
    """A slice whose lane was put back in line (its heartbeat stopped) or whose job
    was cancelled stores nothing: no game is ever counted twice."""
    settings.WORK_LANES = 1
    job = make_job(games=10, chunk_size=4)
    lane = work.claim()
    player = SIMULATION.player(job, lane)
    played = [player.play(i) for i in range(lane.cursor, lane.cursor + 4)]
    # The watchdog decided the holder was gone and another slice took the lane.
    Lane.objects.filter(pk=lane.pk).update(state=LaneState.QUEUED, claim="")
    other = work.claim()
    assert other.pk == lane.pk and other.claim != lane.claim
    work.finish_slice(SIMULATION, lane, played, 10)  # the late, stale slice
    assert not ChunkResult.objects.filter(job=job).exists()
    work.run_slice(other)
    assert list(ChunkResult.objects.filter(job=job).values_list("games", flat=True))
    job = run(job)
    assert job.result["games"] == 10
    assert selectors.simulation_outcomes(job=job) == engine_rows(10, job.seed)[1]


def test_finaliser_runs_once(make_job):
    job = run(make_job(games=20, chunk_size=10))
    snapshot = job.result
    assert work.run_ticket(only=("simulation", job.pk)) is False
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.result == snapshot


def test_to_precision_mode_stops_at_the_target(make_job, settings):
    settings.SIMULATE_WAVE_GAMES = 20
    job = make_job(games=2000, target_half_width=0.12)
    assert {lane.round for lane in Lane.objects.filter(job_id=job.pk)} == {0}
    job = run(job)
    assert job.status == JobStatus.DONE
    played = job.result["games"]
    assert played < 2000 and played % 20 == 0
    assert job.result["half_width"] <= 0.12
    # One round fewer would not have been precise enough.
    rows = selectors.simulation_outcomes(job=job)[: played - 20]
    wins = sum(r[0] == "a" for r in rows)
    low, high = wilson(wins, len(rows))
    assert (high - low) / 2 > 0.12
    # The games played are exactly the first `played` games of the run.
    assert selectors.simulation_outcomes(job=job) == engine_rows(played, job.seed)[1]


def test_to_precision_mode_stops_at_the_cap(make_job, settings):
    settings.SIMULATE_WAVE_GAMES = 10
    job = run(make_job(games=30, target_half_width=0.001))
    assert job.status == JobStatus.DONE
    assert job.result["games"] == 30 and job.round == 3


def test_cancel_stops_remaining_slices(make_job, settings):
    settings.WORK_LANES = 1
    job = make_job(games=30, chunk_size=10)
    assert work.run_ticket()
    job = jobs.simulation_cancel(job=job)
    assert job.status == JobStatus.CANCELLED and job.finished_at
    assert not Lane.objects.filter(job_id=job.pk).exists()
    assert work.run_ticket() is False
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED
    assert selectors.simulation_progress(job=job) == {"done": 10, "total": 30}
    # Cancelling a finished job changes nothing.
    assert jobs.simulation_cancel(job=job).status == JobStatus.CANCELLED


def test_game_error_fails_the_job_naming_the_game(make_job, monkeypatch):
    job = make_job(games=20, chunk_size=10)

    def broken(*args, **kwargs):
        raise RuntimeError("summoner fell off the board")

    monkeypatch.setattr("engine.play.play_many", broken)
    job = run(job)
    assert job.status == JobStatus.FAILED
    assert "summoner fell off the board" in job.error
    assert "game 0 (seed " in job.error
    assert not Lane.objects.filter(job_id=job.pk).exists()


def test_a_game_over_the_time_limit_fails_only_when_it_had_a_slice_to_itself(
    make_job, settings, monkeypatch
):
    """The soft time limit mid-slice keeps the games already played and puts the
    lane back in line (the game gets a fresh slice); a game that cannot finish in a
    slice of its own fails the job with a reason naming it."""
    from celery.exceptions import SoftTimeLimitExceeded

    from simulate.kinds import _GamePlayer

    settings.WORK_LANES = 1
    job = make_job(games=8, seed=4)
    real = _GamePlayer.play
    calls = {"n": 0}

    def slow_third(self, unit):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            raise SoftTimeLimitExceeded()
        return real(self, unit)

    monkeypatch.setattr(_GamePlayer, "play", slow_third)
    assert work.run_ticket()
    assert ChunkResult.objects.get(job=job).games == 2
    assert Lane.objects.get(job_id=job.pk).state == LaneState.QUEUED

    def always_slow(self, unit):  # type: ignore[no-untyped-def]
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(_GamePlayer, "play", always_slow)
    job = run(job)
    assert job.status == JobStatus.FAILED
    assert "game 2 (seed" in job.error and "CELERY_TASK_SOFT_TIME_LIMIT" in job.error


def test_limits(make_job, settings, user):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="100,000"):
        jobs.check_submission(owner=user, games=100_001)
    settings.SIMULATE_MAX_ACTIVE_JOBS = 2
    make_job()
    make_job()
    with pytest.raises(jobs.TooManyActiveJobs):
        make_job()


def test_searching_agents_have_tighter_game_caps(user, settings):
    from django.core.exceptions import ValidationError

    from simulate.services import matrices

    settings.SIMULATE_MAX_GAMES_BY_AGENT = {"slowpoke": 300}
    jobs.check_submission(owner=user, games=300, agents=("greedy", "slowpoke"))
    with pytest.raises(ValidationError, match="300 games per job with the slowpoke"):
        jobs.check_submission(owner=user, games=301, agents=("greedy", "slowpoke"))
    jobs.check_submission(owner=user, games=301, agents=("greedy", "random"))
    # A matrix counts every pair against the agent's cap.
    with pytest.raises(ValidationError, match="at most 300 games per matrix"):
        matrices.matrix_check(owner=user, decks=3, games_per_pair=102, agent="slowpoke")
    matrices.matrix_check(owner=user, decks=3, games_per_pair=100, agent="slowpoke")


def test_submission_sends_tickets_on_commit(user, dispatched, settings):
    from django.test import TestCase

    settings.WORK_LANES = 4
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        job = jobs.simulation_submit(
            owner=user,
            deck_a=FACTION_A,
            deck_b=FACTION_B,
            games=100,
            agent_a="greedy",
            agent_b="greedy",
        )
        assert dispatched == []  # nothing is queued before the commit
    for callback in callbacks:
        callback()
    assert dispatched == [(4, 0)]  # four interactive lanes, one ticket each
    lanes = Lane.objects.filter(job_id=job.pk).order_by("start")
    assert [(lane.start, lane.stop) for lane in lanes] == [
        (0, 25),
        (25, 50),
        (50, 75),
        (75, 100),
    ]
    assert job.deck_a["source"] == {"kind": "faction", "slug": FACTION_A}
    assert job.engine_version == adapters.engine_version()
    assert job.chunk_size is None


def test_big_jobs_are_batch_work(user, dispatched, settings):
    from django.test import TestCase

    settings.WORK_INTERACTIVE_MAX_GAMES = 50
    with TestCase.captureOnCommitCallbacks(execute=True):
        jobs.simulation_submit(
            owner=user, deck_a=FACTION_A, deck_b=FACTION_B, games=51, agent_a="random"
        )
    assert dispatched[-1][0] == 0 and dispatched[-1][1] > 0


def test_a_worker_with_other_engine_code_fails_the_job(make_job, settings):
    settings.WORK_LANES = 1
    job = make_job(games=20, chunk_size=10)
    assert work.run_ticket()
    job.refresh_from_db()
    assert job.engine_version == adapters.engine_version()  # stamped by slice 1
    # The next slice lands on a worker whose engine/ differs from the first's.
    SimulationJob.objects.filter(pk=job.pk).update(engine_version="0123456789ab")
    job = run(job)
    assert job.status == JobStatus.FAILED
    assert "played by engine 0123456789ab" in job.error
    assert ChunkResult.objects.filter(job=job).count() == 1


def test_a_failed_job_runs_again_from_its_first_game(make_job, monkeypatch, dispatched):
    job = make_job(games=12, seed=9)
    original = __import__("engine.play", fromlist=["play_many"]).play_many

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("engine.play.play_many", broken)
    job = run(job)
    assert job.status == JobStatus.FAILED
    monkeypatch.setattr("engine.play.play_many", original)
    dispatched.clear()
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        job = jobs.simulation_rerun(job=job)
    assert job.status == JobStatus.QUEUED and job.error == ""
    assert dispatched and dispatched[0][0] > 0
    job = run(job)
    assert job.status == JobStatus.DONE
    assert selectors.simulation_outcomes(job=job) == engine_rows(12, 9)[1]
    # Only a failed job runs again.
    assert jobs.simulation_rerun(job=job).status == JobStatus.DONE


def test_broker_down_fails_the_job_with_the_reason(user, monkeypatch):
    from django.test import TestCase
    from kombu.exceptions import OperationalError

    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("work.dispatch.send_tickets", down)
    with pytest.raises(jobs.BrokerUnavailable):
        with TestCase.captureOnCommitCallbacks(execute=True):
            jobs.simulation_submit(
                owner=user, deck_a=FACTION_A, deck_b=FACTION_B, games=4
            )
    job = SimulationJob.objects.get()
    assert job.status == JobStatus.FAILED and "unavailable" in job.error
    assert not Lane.objects.exists()
    assert jobs.active_job_count(owner=user) == 0
