"""End to end with REAL ``celery -A sw_site worker`` processes on the test database.

- Embedded default (kombu filesystem broker, no server): a job submitted through the
  REST API finishes on a worker subprocess. Runs whenever the broker is the default.
- Any broker: planner games on a two-process worker equal one process's; "to
  precision" rounds; a soft time limit of 5 s with games of about a second (the
  slicing, not the job, adapts to the limit).
- Redis (``CELERY_BROKER_URL=redis://...``): one of two workers is killed with
  SIGKILL mid-slice and never restarted; the survivor's watchdog puts the lost slice
  back in line within a minute of the kill (its heartbeat stopped) and the job ends
  with exactly the engine's games. Skipped with a reason when Redis is not
  configured or not answering; with ``SW_REQUIRE_SERVICES=1`` a missing Redis fails.

The worker reaches the test database through ``DATABASE_URL`` (the test database's
name; on SQLite the conftest switches the test database to a file for these tests)
and consumes a queue of its own (``WORK_QUEUE``), so no other worker on this
machine (``make run``) can take its tickets.
"""

from __future__ import annotations

import math
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from engine.deckbuilding.resolve import faction_deck
from engine.play import play_many
from simulate import adapters, selectors, workers
from simulate.models import ChunkResult, SimulationJob
from work import conf as work_conf

from .conftest import FACTION_A, FACTION_B

BROKER = settings.CELERY_BROKER_URL
REQUIRE = os.environ.get("SW_REQUIRE_SERVICES") == "1"

pytestmark = [pytest.mark.slow, pytest.mark.worker]


def database_url() -> str:
    """A DATABASE_URL naming the test database this process uses."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        name = str(s["NAME"])
        if "mode=memory" in name or name == ":memory:":
            pytest.fail("SQLite test database in memory: see tests/simulate/conftest")
        return f"sqlite:///{Path(name).resolve()}"
    if connection.vendor == "postgresql":
        auth = quote(s["USER"] or "", safe="")
        if s.get("PASSWORD"):
            auth += ":" + quote(s["PASSWORD"], safe="")
        host = s.get("HOST") or "localhost"
        port = s.get("PORT") or 5432
        return f"postgres://{auth}@{host}:{port}/{s['NAME']}"
    pytest.skip(f"no worker database URL for {connection.vendor}")


def worker_env(queue: str, **env: str) -> dict[str, str]:
    """A worker's environment: the test database, tickets on ``queue``."""
    return {"DATABASE_URL": database_url(), "WORK_QUEUE": queue, **env}


@contextmanager
def celery_worker(
    queue: str, log: Path, *, concurrency: int = 2, **env: str
) -> Iterator[subprocess.Popen]:
    """A real worker subprocess on the test database, consuming ``queue``."""
    with workers.worker(
        queue, log, concurrency=concurrency, env=worker_env(queue, **env)
    ) as p:
        yield p


def wait_for(client, job_id: int, log: Path, until, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    body: dict = {}
    while time.monotonic() < deadline:
        body = client.get(f"/api/simulations/{job_id}/").json()
        if until(body):
            return body
        time.sleep(0.2)
    pytest.fail(
        f"job {job_id} stuck: {body.get('status')} {body.get('progress')}\n"
        f"worker log:\n{log.read_text()[-4000:]}"
    )


def done(body: dict) -> bool:
    return body["status"] not in ("queued", "running")


@pytest.fixture
def queue(settings) -> Iterator[str]:
    name = workers.new_queue_name("sim-test")
    settings.WORK_QUEUE = name
    yield name
    workers.delete_queue(name)  # leave nothing behind in the broker


def check_exact(job: SimulationJob, first: int = 0, count: int | None = None) -> None:
    """The stored games equal the engine's games for the same seed (game indices
    ``first ..``, all by default)."""
    a, b = adapters.game_deck(job.deck_a), adapters.game_deck(job.deck_b)
    count = job.games - first if count is None else count
    expected = play_many(
        a,
        b,
        seed=job.seed,
        games=count,
        game_indices=list(range(first, first + count)),
        agent_a=job.agent_a,
        agent_b=job.agent_b,
        swap=job.swap,
        rules=adapters.rules(job.ruleset),
    )
    per = job.results_per_index
    stored = selectors.simulation_outcomes(job=job)[first * per : (first + count) * per]
    assert stored == [adapters.outcome_row(r) for r in expected]


def submit(client, **body) -> int:
    payload = {"deck_a": FACTION_A, "deck_b": FACTION_B, "seed": 2026}
    payload.update(body)
    response = client.post("/api/simulations/", payload, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def assert_complete(job_id: int, games: int) -> SimulationJob:
    """Every game stored once: the slices' game ranges follow each other with no
    gap or overlap and add up to the job's games."""
    job = SimulationJob.objects.get(pk=job_id)
    rows = list(ChunkResult.objects.filter(job=job).order_by("first_game"))
    expected_first = 0
    for row in rows:
        assert row.first_game == expected_first
        expected_first += row.games // job.results_per_index
    assert sum(r.games for r in rows) == games
    assert job.result["games"] == games
    assert job.result["wins_a"] + job.result["wins_b"] + job.result["draws"] == games
    return job


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not BROKER.startswith("filesystem://"),
    reason="embedded-broker test: runs when CELERY_BROKER_URL is unset (filesystem)",
)
def test_embedded_broker_worker_runs_a_job(auth_client, queue, tmp_path):
    log = tmp_path / "worker.log"
    with celery_worker(queue, log):
        job_id = submit(
            auth_client, games=24, agent_a="random", agent_b="random", swap=True
        )
        body = wait_for(auth_client, job_id, log, done, timeout=90)
    assert body["status"] == "done", body.get("error")
    assert body["progress"] == {"done": 48, "total": 48}
    job = assert_complete(job_id, 48)
    check_exact(job)
    assert job.heals == 0


@pytest.mark.django_db(transaction=True)
def test_planner_games_are_the_same_on_a_two_process_worker(
    auth_client, queue, tmp_path
):
    """The planner's budgets are counted in play-out steps, never in time: a job it
    plays on a real worker with two processes (slices in parallel, cut by time)
    stores exactly the games one process plays for the same seed."""
    log = tmp_path / "worker.log"
    with celery_worker(queue, log, WORK_SLICE_SECONDS="1"):
        job_id = submit(
            auth_client, games=8, agent_a="planner", agent_b="greedy", swap=True
        )
        body = wait_for(auth_client, job_id, log, done, timeout=240)
    assert body["status"] == "done", body.get("error")
    assert body["agent_a"] == "planner"
    job = assert_complete(job_id, 16)
    check_exact(job)


def planner_game_seconds() -> float:
    """Wall seconds a planner-against-planner game of the test decks takes on this
    machine now (two games in this process)."""
    a, b = faction_deck(FACTION_A), faction_deck(FACTION_B)
    t0 = time.perf_counter()
    play_many(a, b, seed=7, games=2, agent_a="planner", agent_b="planner")
    return (time.perf_counter() - t0) / 2


@pytest.mark.django_db(transaction=True)
def test_a_short_soft_time_limit_slices_finer_and_never_fails_the_job(
    auth_client, queue, tmp_path
):
    """CELERY_TASK_SOFT_TIME_LIMIT=5 (slices of 5/3 s): the slices shrink to fit the
    limit, the job completes, its games are the engine's, and no slice was lost on
    the way. Each of the 4 lanes gets about three slices' worth of planner games,
    counted from how long a game takes on this machine (a fixed count was cut by
    time on a slow machine and not at all on a fast one)."""
    lanes, budget = work_conf.get("LANES"), 5 / 3
    per_lane = max(3, min(100, math.ceil(3 * budget / planner_game_seconds())))
    games = lanes * per_lane
    log = tmp_path / "worker.log"
    limits = {"CELERY_TASK_SOFT_TIME_LIMIT": "5", "CELERY_TASK_TIME_LIMIT": "8"}
    with celery_worker(queue, log, **limits):
        job_id = submit(auth_client, games=games, agent_a="planner", agent_b="planner")
        body = wait_for(auth_client, job_id, log, done, timeout=300)
    assert body["status"] == "done", (body.get("error"), log.read_text()[-3000:])
    job = assert_complete(job_id, games)
    rows = ChunkResult.objects.filter(job=job)
    assert rows.count() > lanes, games  # more slices than lanes: cut by time
    assert max(r.elapsed_ms for r in rows) < 5000
    assert job.heals == 0
    check_exact(job, count=12)  # (the first 12: all of them would cost as long again)


@pytest.mark.django_db(transaction=True)
def test_to_precision_rounds_on_a_worker(auth_client, queue, tmp_path, settings):
    """The rounds after the first are planned by the worker and stay on the job's
    queue; where the job stops depends only on its games."""
    log = tmp_path / "worker.log"
    with celery_worker(queue, log, SIMULATE_WAVE_GAMES="40"):
        settings.SIMULATE_WAVE_GAMES = 40
        job_id = submit(
            auth_client,
            games=400,
            target_half_width=0.1,
            agent_a="random",
            agent_b="random",
        )
        body = wait_for(auth_client, job_id, log, done, timeout=120)
    assert body["status"] == "done", body.get("error")
    played = body["result"]["games"]
    assert 80 <= played < 400 and played % 40 == 0  # several rounds of 40
    assert body["result"]["half_width"] <= 0.1
    check_exact(SimulationJob.objects.get(pk=job_id), 0, played)


def redis_answers() -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(BROKER, socket_connect_timeout=2).ping())
    except redis.RedisError:
        return False


@pytest.fixture
def require_redis() -> None:
    if not BROKER.startswith("redis://"):
        pytest.skip("needs CELERY_BROKER_URL=redis://... (Redis broker tests)")
    if not redis_answers():
        message = f"Redis does not answer at {BROKER}"
        if REQUIRE:
            pytest.fail(message + " (SW_REQUIRE_SERVICES=1)")
        pytest.skip(message)


@pytest.mark.requires_redis
@pytest.mark.django_db(transaction=True)
def test_redis_worker_runs_a_job_end_to_end(
    require_redis, auth_client, queue, tmp_path
):
    log = tmp_path / "worker.log"
    with celery_worker(queue, log):
        job_id = submit(auth_client, games=60, agent_a="random", agent_b="greedy")
        body = wait_for(auth_client, job_id, log, done, timeout=90)
    assert body["status"] == "done", body.get("error")
    job = assert_complete(job_id, 60)
    check_exact(job)


def _group_pids(proc: subprocess.Popen) -> set[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "-g", str(proc.pid)], capture_output=True, text=True
    ).stdout
    return {int(p) for p in out.split()}


@pytest.mark.requires_redis
@pytest.mark.django_db(transaction=True)
def test_killed_worker_heals_within_a_minute_with_identical_games(
    require_redis, auth_client, queue, tmp_path
):
    """Two workers share a job; one is killed with SIGKILL mid-slice and never comes
    back. Redis would hand its ticket out again only after the visibility timeout
    (900 s, its default); the survivor's watchdog sees the slice's heartbeat stop
    and puts it back in line within a minute of the kill (LOST_AFTER 20 s +
    a watchdog round of 5 s, the defaults), and the job completes with exactly the
    engine's games, each stored once."""
    from work.models import Lane, LaneState

    log = tmp_path / "worker.log"
    env = worker_env(queue, WORK_SLICE_SECONDS="2")
    survivor = workers.start(queue, log, concurrency=1, env=env)
    victim = workers.start(queue, log, concurrency=1, env=env)
    try:
        job_id = submit(auth_client, games=1200, agent_a="greedy", agent_b="greedy")
        deadline = time.monotonic() + 60
        held = None
        while time.monotonic() < deadline and held is None:
            pids = _group_pids(victim)
            for lane in Lane.objects.filter(job_id=job_id, state=LaneState.RUNNING):
                if int(lane.holder.rsplit(":", 1)[-1] or 0) in pids:
                    held = lane
            time.sleep(0.1)
        assert held is not None, log.read_text()[-3000:]
        workers.stop(victim, signal.SIGKILL)
        killed = time.monotonic()
        while SimulationJob.objects.get(pk=job_id).heals == 0:
            assert time.monotonic() - killed < 60, log.read_text()[-3000:]
            time.sleep(0.2)
        healed_in = time.monotonic() - killed
        body = wait_for(auth_client, job_id, log, done, timeout=240)
    finally:
        workers.stop(victim, signal.SIGKILL)
        workers.stop(survivor)
    assert body["status"] == "done", body.get("error")
    assert body["progress"]["done"] == 1200
    assert healed_in < 60
    print(f"the lost slice was back in line {healed_in:.1f} s after the kill")
    job = assert_complete(job_id, 1200)
    check_exact(job)
    assert job.heals == 1
    assert "back in line" in log.read_text()
