"""The job framework on real simulation jobs (slices played in this process):
lanes, the claim order (interactive first, users round robin), heartbeats, the
watchdog that heals only work whose holder stopped beating, tickets, eager mode,
and the one Celery task."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import TestCase
from django.utils import timezone

from simulate.models import JobStatus, SimulationJob
from simulate.services import jobs
from work import heartbeat
from work import services as work
from work.models import Lane, LaneState, Priority, Share

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []

    def record(interactive: int = 0, batch: int = 0) -> None:
        calls.append((interactive, batch))

    monkeypatch.setattr("work.dispatch.send_tickets", record)
    return calls


@pytest.fixture
def submit(sent):  # type: ignore[no-untyped-def]
    def make(owner: Any, games: int = 8, **kwargs: Any) -> SimulationJob:
        options: dict[str, Any] = {
            "deck_a": "cave-goblins",
            "deck_b": "breakers",
            "games": games,
            "seed": 7,
            "agent_a": "random",
            "agent_b": "random",
        }
        options.update(kwargs)
        with TestCase.captureOnCommitCallbacks(execute=True):
            return jobs.simulation_submit(owner=owner, **options)

    return make


def test_split_cuts_near_equal_contiguous_lanes():
    assert work.split(range(0, 10), 4, 2) == [
        range(0, 3),
        range(3, 6),
        range(6, 8),
        range(8, 10),
    ]
    assert work.split(range(5, 8), 4, 2) == [range(5, 8)]  # none shorter than 2
    assert work.split(range(0, 1), 4, 2) == [range(0, 1)]
    assert work.split(range(3, 3), 4, 2) == []


def test_interactive_work_is_claimed_before_batch_work(
    submit, user, other_user, settings
):
    settings.WORK_INTERACTIVE_MAX_GAMES = 20
    settings.WORK_LANES = 1
    big = submit(user, games=40)  # batch: more than 20 games
    small = submit(other_user, games=4)
    assert Lane.objects.get(job_id=big.pk).priority == Priority.BATCH
    lane = work.claim()
    assert lane.job_id == small.pk  # submitted later, claimed first
    # An interactive-only ticket never takes batch work.
    assert work.claim(batch=False) is None
    assert work.claim().job_id == big.pk


def test_users_share_workers_round_robin(submit, user, other_user, settings):
    """One user's many lanes do not keep another user waiting behind them: each
    claim goes to the user served least recently."""
    settings.WORK_LANES = 4
    first = submit(user, games=8)  # four lanes, submitted first
    second = submit(other_user, games=8)
    owners = []
    for _ in range(6):
        lane = work.claim()
        owners.append(lane.owner_id)
    assert owners[:4] == [user.pk, other_user.pk, user.pk, other_user.pk]
    assert Share.objects.count() == 2
    assert {first.pk, second.pk} == set(
        Lane.objects.filter(state=LaneState.RUNNING).values_list("job_id", flat=True)
    )


def test_the_watchdog_heals_only_work_whose_holder_stopped_beating(
    submit, user, sent, settings
):
    """A running lane with no heartbeat for LOST_AFTER seconds goes back in line
    with a ticket; a running lane that beats, and queued lanes however old, are
    left alone; the job counts its heals."""
    settings.WORK_LANES = 3
    settings.WORK_LOST_AFTER = 20
    job = submit(user, games=6)
    dead, alive = work.claim(), work.claim()
    long_ago = timezone.now() - timedelta(minutes=30)
    Lane.objects.filter(pk=dead.pk).update(beat_at=long_ago)
    Lane.objects.filter(state=LaneState.QUEUED).update(queued_at=long_ago)
    assert work.beat_lane(alive.pk, alive.claim)
    sent.clear()

    acted = work.watchdog_tick()
    assert acted == [dead.pk]
    assert sent == [(1, 0)]
    dead.refresh_from_db()
    assert dead.state == LaneState.QUEUED and dead.claim == "" and dead.heals == 1
    alive.refresh_from_db()
    assert alive.state == LaneState.RUNNING
    job.refresh_from_db()
    assert job.heals == 1 and job.is_active
    assert heartbeat.last() is not None
    # The old holder cannot beat any more: its slice will stop and store nothing.
    assert not work.beat_lane(dead.pk, "old-token")


def test_a_lane_lost_again_and_again_fails_its_job(submit, user, settings):
    settings.WORK_LANES = 1
    settings.WORK_MAX_HEALS = 2
    job = submit(user, games=4)
    long_ago = timezone.now() - timedelta(minutes=5)
    for _ in range(2):
        work.claim()
        Lane.objects.update(beat_at=long_ago)
        assert work.heal_lost()
    work.claim()
    Lane.objects.update(beat_at=long_ago)
    assert work.heal_lost() == []
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "stopped 3 times in a row" in job.error and "game 0" in job.error
    assert not Lane.objects.exists()


def test_waiting_work_gets_tickets_again_only_when_nothing_runs(
    submit, user, sent, settings
):
    """A queued lane is never taken for lost. Only when work waits, nothing runs
    anywhere and nothing was claimed for two watchdog rounds (its ticket went
    astray) does the watchdog send tickets again."""
    settings.WORK_LANES = 2
    settings.WORK_WATCHDOG_INTERVAL = 5
    submit(user, games=4)
    assert work.orphans() == []  # just queued: its tickets are on their way
    long_ago = timezone.now() - timedelta(minutes=10)
    Lane.objects.update(queued_at=long_ago)
    running = work.claim()
    assert work.orphans() == []  # something runs: tickets are flowing
    Lane.objects.filter(pk=running.pk).update(state=LaneState.QUEUED, claim="")
    assert work.orphans() == []  # a claim was made just now: tickets are flowing
    Share.objects.update(served_at=long_ago)
    assert len(work.orphans()) == 2
    sent.clear()
    work.watchdog_tick()
    assert sent == [(2, 0)]


def test_a_ticket_with_nothing_to_claim_ends_at_once(db):
    from work.tasks import run_slice

    assert run_slice.run() is False


def test_the_slice_task_is_a_late_acked_bounded_retry(db):
    from django.db import OperationalError

    from work.tasks import run_slice

    assert run_slice.name == "work.slice"
    assert run_slice.acks_late and run_slice.reject_on_worker_lost
    assert OperationalError in run_slice.autoretry_for
    assert run_slice.max_retries == 3


def test_tickets_go_to_the_queue_of_their_priority(monkeypatch, settings):
    from celery import current_app

    from work import dispatch

    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, **kw: sent.append((name, kw))
    )
    settings.WORK_QUEUE = "play"
    settings.WORK_BATCH_QUEUE = "long"
    dispatch.send_tickets(2, 1)
    ticket = {"ignore_result": True}
    assert sent == [
        ("work.slice", {"kwargs": {"batch": False}, "queue": "play", **ticket}),
        ("work.slice", {"kwargs": {"batch": False}, "queue": "play", **ticket}),
        ("work.slice", {"kwargs": {"batch": True}, "queue": "long", **ticket}),
    ]


def test_a_batch_ticket_that_takes_interactive_work_replaces_itself(
    submit, user, sent, settings
):
    settings.WORK_QUEUE = "play"
    settings.WORK_BATCH_QUEUE = "long"
    settings.WORK_LANES = 1
    submit(user, games=2)
    sent.clear()
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert work.run_ticket(batch=True)
    assert (0, 1) in sent  # the batch lane it was sent for still has its ticket


def test_eager_mode_runs_a_job_to_the_end_without_recursion(
    user, monkeypatch, settings
):
    from sw_site.celery import app

    settings.WORK_SLICE_SECONDS = 0.000001  # one game a slice: many tickets
    monkeypatch.setitem(app.conf, "task_always_eager", True)
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = jobs.simulation_submit(
            owner=user,
            deck_a="cave-goblins",
            deck_b="breakers",
            games=30,
            agent_a="random",
            agent_b="random",
        )
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.result["games"] == 30


def test_the_heartbeat_thread_stops_a_slice_whose_lane_was_taken(
    transactional_db, user, settings, monkeypatch
):
    """A running slice's heartbeat thread finds its lane gone (cancelled, or
    healed by the watchdog): the slice stops early and stores nothing."""
    import threading

    settings.WORK_BEAT_SECONDS = 0.05
    settings.WORK_LANES = 1
    monkeypatch.setattr("work.dispatch.send_tickets", lambda *a, **k: None)
    job = jobs.simulation_submit(
        owner=user,
        deck_a="cave-goblins",
        deck_b="breakers",
        games=50,
        agent_a="random",
        agent_b="random",
    )
    from simulate.kinds import _GamePlayer

    real = _GamePlayer.play
    started = threading.Event()

    def slow(self, unit):  # type: ignore[no-untyped-def]
        started.set()
        import time

        time.sleep(0.05)
        return real(self, unit)

    monkeypatch.setattr(_GamePlayer, "play", slow)
    lane = work.claim()
    runner = threading.Thread(target=work.run_slice, args=(lane,))
    runner.start()
    started.wait(5)
    jobs.simulation_cancel(job=job)
    runner.join(10)
    assert not runner.is_alive()
    assert not job.chunks.exists()


def test_health_reports_a_silent_worker_within_20_seconds(db, client):
    """Every worker's watchdog beats each WATCHDOG_INTERVAL (5 s); the health check
    calls the workers down once the last beat is three intervals old, so a killed
    worker shows within 15-20 s (the next health request after that)."""
    import time

    from django.core.cache import cache

    cache.clear()
    heartbeat.beat(now=time.time() - 4)
    body = client.get("/api/health/").json()
    assert body["checks"]["workers"]["ok"] is True
    heartbeat.beat(now=time.time() - 16)
    response = client.get("/api/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["workers"]["ok"] is False
