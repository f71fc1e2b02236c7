"""End to end with REAL ``celery -A sw_site worker`` processes on the test database.

- Embedded default (kombu filesystem broker, no server): a job submitted through the
  REST API finishes on a worker subprocess. Runs whenever the broker is the default.
- Redis (``CELERY_BROKER_URL=redis://...``): the same, then a fault test: the worker is
  killed with SIGKILL mid-job, a new worker starts, and the job completes with exactly
  the requested games, each chunk stored once. Skipped with a reason when Redis is not
  configured or not answering; with ``SW_REQUIRE_SERVICES=1`` a missing Redis fails.
- Redis: one of two workers is killed with SIGKILL and never restarted; the other's
  watchdog re-sends the lost chunk long before the visibility timeout, with no
  command run (issue 15).

The worker reaches the test database through ``DATABASE_URL`` (the test database's
name; on SQLite the conftest switches the test database to a file for these tests)
and consumes a queue of its own (``SIMULATE_QUEUE``), so no other worker on this
machine (``make run``) can take its tasks.
"""

from __future__ import annotations

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

from engine.play import play_many
from simulate import adapters, workers
from simulate.models import ChunkResult, SimulationJob

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


@contextmanager
def celery_worker(queue: str, log: Path, **env: str) -> Iterator[subprocess.Popen]:
    """A real worker subprocess on the test database, consuming ``queue``."""
    with workers.worker(queue, log, env={"DATABASE_URL": database_url(), **env}) as p:
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
    settings.SIMULATE_QUEUE = name
    yield name
    workers.delete_queue(name)  # leave nothing behind in the broker


def check_exact(job: SimulationJob, chunks: list[int]) -> None:
    """Stored chunks equal the engine's games for the same seed, slice by slice."""
    a, b = adapters.game_deck(job.deck_a), adapters.game_deck(job.deck_b)
    for chunk in chunks:
        indices = job.chunk_range(chunk)
        expected = play_many(
            a,
            b,
            seed=job.seed,
            games=len(indices),
            game_indices=list(indices),
            agent_a=job.agent_a,
            agent_b=job.agent_b,
            swap=job.swap,
        )
        row = ChunkResult.objects.get(job=job, chunk_index=chunk)
        assert row.outcomes == [adapters.outcome_row(r) for r in expected]


def submit(client, **body) -> int:
    payload = {"deck_a": FACTION_A, "deck_b": FACTION_B, "seed": 2026}
    payload.update(body)
    response = client.post("/api/simulations/", payload, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def assert_complete(job_id: int, games: int) -> SimulationJob:
    job = SimulationJob.objects.get(pk=job_id)
    rows = ChunkResult.objects.filter(job=job)
    assert sorted(rows.values_list("chunk_index", flat=True)) == list(
        range(job.chunk_count)
    )
    assert sum(rows.values_list("games", flat=True)) == games
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
            auth_client,
            games=24,
            chunk_size=5,
            agent_a="random",
            agent_b="random",
            swap=True,
        )
        body = wait_for(auth_client, job_id, log, done, timeout=90)
    assert body["status"] == "done", body.get("error")
    assert body["progress"] == {"done": 48, "total": 48}
    job = assert_complete(job_id, 48)
    check_exact(job, list(range(job.chunk_count)))


@pytest.mark.django_db(transaction=True)
def test_planner_games_are_the_same_on_a_two_process_worker(
    auth_client, settings, queue, tmp_path
):
    """The planner's budgets are counted in play-out steps, never in time: a job it
    plays on a real worker with two processes (chunks in parallel, in any order)
    stores exactly the games one process plays for the same seed."""
    log = tmp_path / "worker.log"
    with celery_worker(queue, log):
        job_id = submit(
            auth_client,
            games=10,
            chunk_size=5,
            agent_a="planner",
            agent_b="greedy",
            swap=True,
        )
        body = wait_for(auth_client, job_id, log, done, timeout=240)
    assert body["status"] == "done", body.get("error")
    assert body["agent_a"] == "planner"
    job = assert_complete(job_id, 20)
    check_exact(job, list(range(job.chunk_count)))


@pytest.mark.django_db(transaction=True)
def test_to_precision_waves_stay_on_the_jobs_queue(auth_client, queue, tmp_path):
    """Later waves are sent by the worker (chord body) to the queue the job came on."""
    log = tmp_path / "worker.log"
    with celery_worker(queue, log):
        job_id = submit(
            auth_client,
            games=400,
            chunk_size=10,
            target_half_width=0.1,
            agent_a="random",
            agent_b="random",
        )
        body = wait_for(auth_client, job_id, log, done, timeout=120)
    assert body["status"] == "done", body.get("error")
    played = body["result"]["games"]
    assert 80 <= played < 400 and played % 40 == 0  # several waves of 4 chunks
    assert body["result"]["half_width"] <= 0.1
    job = SimulationJob.objects.get(pk=job_id)
    assert ChunkResult.objects.filter(job=job).count() == played // 10


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
        job_id = submit(
            auth_client, games=60, chunk_size=7, agent_a="random", agent_b="greedy"
        )
        body = wait_for(auth_client, job_id, log, done, timeout=90)
    assert body["status"] == "done", body.get("error")
    job = assert_complete(job_id, 60)
    check_exact(job, [0, job.chunk_count - 1])


@pytest.mark.requires_redis
@pytest.mark.django_db(transaction=True)
def test_killed_worker_job_completes_exactly_once(
    require_redis, auth_client, queue, tmp_path
):
    """SIGKILL the whole worker (main process and pool) mid-job: its unacknowledged
    chunks come back after the visibility timeout to a new worker, and the job ends
    with exactly the requested games (chunk upserts never count a game twice)."""
    log = tmp_path / "worker.log"
    env = {"CELERY_BROKER_VISIBILITY_TIMEOUT": "4"}
    games, chunk = 240, 8  # greedy: ~0.5 s per chunk, 30 chunks on 2 processes
    with celery_worker(queue, log, **env) as first:
        job_id = submit(
            auth_client,
            games=games,
            chunk_size=chunk,
            agent_a="greedy",
            agent_b="greedy",
        )
        wait_for(
            auth_client,
            job_id,
            log,
            lambda b: b["progress"]["done"] >= games // 5 or done(b),
            120,
        )
        workers.stop(first, signal.SIGKILL)
    body = auth_client.get(f"/api/simulations/{job_id}/").json()
    assert body["status"] == "running", "the job ended before the kill; make it longer"
    killed_at = body["progress"]["done"]
    with celery_worker(queue, log, **env):
        body = wait_for(auth_client, job_id, log, done, timeout=150)
    assert body["status"] == "done", body.get("error")
    assert body["progress"]["done"] == games > killed_at
    job = assert_complete(job_id, games)
    check_exact(job, [0, job.chunk_count - 1])


@pytest.mark.requires_redis
@pytest.mark.django_db(transaction=True)
def test_killed_worker_heals_without_a_command(
    require_redis, auth_client, queue, tmp_path
):
    """Two workers share a job; one is killed with SIGKILL mid-chunk and never comes
    back. Redis would redeliver its chunk only after the visibility timeout (900 s,
    left at its default here); the surviving worker's watchdog re-sends it once the
    job has made no progress for SIMULATE_STALE_AFTER seconds, and the job completes
    with exactly the requested games, no command run. (Production: STALE_AFTER 60 s,
    watchdog every 15 s; shortened here to keep the test quick.)"""
    log = tmp_path / "worker.log"
    env = {
        "SIMULATE_STALE_AFTER": "6",
        "SIMULATE_WATCHDOG_INTERVAL": "1",
        "CELERY_TASK_SOFT_TIME_LIMIT": "4",
        "CELERY_TASK_TIME_LIMIT": "5",
    }
    games, chunk = 160, 8  # greedy: ~0.3-0.5 s per chunk, 20 chunks
    db = {"DATABASE_URL": database_url()}
    survivor = workers.start(queue, log, concurrency=1, env={**db, **env})
    victim = workers.start(queue, log, concurrency=1, env={**db, **env})
    try:
        job_id = submit(
            auth_client,
            games=games,
            chunk_size=chunk,
            agent_a="greedy",
            agent_b="greedy",
        )
        wait_for(
            auth_client,
            job_id,
            log,
            lambda b: b["progress"]["done"] >= games // 4 or done(b),
            120,
        )
        workers.stop(victim, signal.SIGKILL)
        killed = time.monotonic()
        body = auth_client.get(f"/api/simulations/{job_id}/").json()
        assert body["status"] == "running", "ended before the kill; make it longer"
        body = wait_for(auth_client, job_id, log, done, timeout=120)
        healed_in = time.monotonic() - killed
    finally:
        workers.stop(victim, signal.SIGKILL)
        workers.stop(survivor)
    assert body["status"] == "done", body.get("error")
    assert body["progress"]["done"] == games
    assert healed_in < 120
    job = assert_complete(job_id, games)
    check_exact(job, [0, job.chunk_count - 1])
    assert "watchdog: re-sent lost chunks" in log.read_text()
