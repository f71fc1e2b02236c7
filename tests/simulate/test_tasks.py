"""Celery tasks called directly as functions (no broker): thin wrappers that pass ids,
fail the job on a game error, send the next chords, and build the right canvas."""

from __future__ import annotations

import pytest

from simulate import tasks
from simulate.models import ChunkResult, JobStatus
from simulate.services import jobs

pytestmark = pytest.mark.django_db


def test_run_chunk_stores_once_and_returns_a_constant(make_job):
    job = make_job(games=20, chunk_size=10)
    assert tasks.run_chunk(job.pk, 1) == [job.pk, 1]
    assert tasks.run_chunk(job.pk, 1) == [job.pk, 1]  # duplicate delivery
    assert ChunkResult.objects.filter(job=job).count() == 1


def test_run_chunk_game_error_fails_the_job(make_job, monkeypatch):
    job = make_job(games=20, chunk_size=10)

    def broken(*args, **kwargs):
        raise ValueError("no legal action for the summoner")

    monkeypatch.setattr("engine.play.play_many", broken)
    tasks.run_chunk(job.pk, 0)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "ValueError: no legal action for the summoner" in job.error


def test_run_chunk_of_a_deleted_job_is_a_no_op(make_job):
    job = make_job(games=10)
    job_id = job.pk
    job.delete()
    assert tasks.run_chunk(job_id, 0) == [job_id, 0]


def test_transient_database_errors_are_retried_boundedly():
    from django.db import OperationalError

    assert OperationalError in tasks.run_chunk.autoretry_for
    assert tasks.run_chunk.max_retries == 3
    assert tasks.run_chunk.acks_late and tasks.run_chunk.reject_on_worker_lost
    assert tasks.advance.max_retries == 3
    assert tasks.run_chunk.name == "simulate.run_chunk"


def test_advance_sends_missing_chunks_and_finishes(make_job, dispatched):
    job = make_job(games=30, chunk_size=10)
    dispatched.clear()
    tasks.run_chunk(job.pk, 0)
    tasks.advance([[job.pk, 0]], job.pk)
    assert dispatched == [(job.pk, [1, 2])]
    tasks.run_chunk(job.pk, 1)
    tasks.run_chunk(job.pk, 2)
    tasks.advance([], job.pk)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.result["games"] == 30


def test_chord_error_callback_fails_the_job(make_job):
    job = make_job(games=10)
    tasks.chord_failed(None, RuntimeError("worker exploded"), None, job_id=job.pk)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert "worker exploded" in job.error
    assert jobs.simulation_fail(job_id=job.pk, error="again") is False


def test_enqueue_builds_a_chord_of_ids_on_the_jobs_queue(monkeypatch, settings):
    sent = []

    class FakeChord:
        def __init__(self, header, body):
            self.header, self.body = header, body

        def apply_async(self):
            sent.append(self)

    monkeypatch.setattr(tasks, "chord", FakeChord)
    settings.SIMULATE_QUEUE = "sims"
    tasks.enqueue_chunks(7, [3, 4])
    (canvas,) = sent
    assert [(t.task, t.args, t.options["queue"]) for t in canvas.header.tasks] == [
        ("simulate.run_chunk", (7, 3), "sims"),
        ("simulate.run_chunk", (7, 4), "sims"),
    ]
    assert all(t.immutable for t in canvas.header.tasks)
    assert (canvas.body.task, canvas.body.args) == ("simulate.advance", (7,))
    (errback,) = canvas.body.options["link_error"]
    assert errback["task"] == "simulate.chord_failed"
    assert errback["kwargs"] == {"job_id": 7}
    tasks.enqueue_chunks(7, [])
    assert len(sent) == 1
