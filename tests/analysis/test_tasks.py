"""Analysis tasks called directly (no broker): ids only, idempotent pieces, game
errors fail the job, the chord body sends the next round, the canvas is right."""

from __future__ import annotations

import pytest

from analysis import tasks
from analysis.models import AnalysisPiece

pytestmark = pytest.mark.django_db


def test_run_piece_stores_once_and_returns_a_constant(submit):
    job = submit()
    assert tasks.run_piece(job.pk, 0, 1) == [job.pk, 0, 1]
    assert tasks.run_piece(job.pk, 0, 1) == [job.pk, 0, 1]
    assert AnalysisPiece.objects.filter(job=job).count() == 1


def test_a_game_error_fails_the_job(submit, monkeypatch):
    job = submit()

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ValueError("no legal action")

    monkeypatch.setattr("engine.optimize.paired.run_blocks", broken)
    tasks.run_piece(job.pk, 0, 0)
    job.refresh_from_db()
    assert job.status == "failed" and "ValueError: no legal action" in job.error


def test_advance_sends_the_next_round_then_finishes(submit, dispatched):
    job = submit()
    dispatched.clear()
    for piece in range(job.pieces_planned):
        tasks.run_piece(job.pk, 0, piece)
    tasks.advance([], job.pk)
    job.refresh_from_db()
    assert job.rounds == 1 and job.games_done == 44
    assert dispatched == [(job.pk, 1, list(range(job.pieces_planned)))]
    assert not AnalysisPiece.objects.filter(job=job).exists()
    while job.is_active:
        for piece in range(job.pieces_planned):
            tasks.run_piece(job.pk, job.rounds, piece)
        tasks.advance([], job.pk)
        job.refresh_from_db()
    assert job.status == "done" and job.report["games"] == job.games_done


def test_task_options_and_canvas(monkeypatch):
    from django.db import OperationalError

    assert tasks.run_piece.name == "analysis.run_piece"
    assert OperationalError in tasks.run_piece.autoretry_for
    assert tasks.run_piece.max_retries == 3
    assert tasks.run_piece.acks_late and tasks.run_piece.reject_on_worker_lost
    sent = []
    monkeypatch.setattr(
        "celery.canvas._chord.apply_async", lambda self, *a, **k: sent.append(self)
    )
    tasks.enqueue_pieces(7, 2, [0, 1], queue="q1")
    (canvas,) = sent
    assert [t.args for t in canvas.tasks] == [(7, 2, 0), (7, 2, 1)]
    assert canvas.body.kwargs == {} and canvas.body.args == (7,)
    assert canvas.body.options["queue"] == "q1"
    tasks.enqueue_pieces(7, 2, [])
    assert len(sent) == 1


def test_eager_mode_runs_a_job_to_the_end(user, deck, monkeypatch):
    """The embedded setup's debugging mode (CELERY_TASK_ALWAYS_EAGER): the chord
    chain, round after round, runs inside the submitting process."""
    from django.test import TestCase

    from analysis import services
    from sw_site.celery import app

    monkeypatch.setitem(app.conf, "task_always_eager", True)
    monkeypatch.setitem(app.conf, "task_eager_propagates", True)
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = services.analysis_submit(
            owner=user,
            deck_id=deck.pk,
            kind="card-values",
            field=["cave-goblins"],
            seed=5,
        )
    job.refresh_from_db()
    assert job.status == "done" and job.rounds >= 2
