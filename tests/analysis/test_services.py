"""Analysis services: submission checks, rounds played slice by slice, resume from
the stored state after a lost worker, cancel, and applying a suggestion."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from analysis import services
from analysis.kinds import ANALYSIS
from analysis.models import AnalysisJob, AnalysisPiece
from work import services as work
from work.models import Lane, LaneState, Priority

pytestmark = pytest.mark.django_db


def _play_round(job_id: int) -> int:
    """Play every lane of the job's current round; the job's round after it."""
    job = AnalysisJob.objects.get(pk=job_id)
    start = job.rounds
    while AnalysisJob.objects.get(pk=job_id).rounds == start and work.run_ticket(
        only=("analysis", job_id)
    ):
        pass
    return AnalysisJob.objects.get(pk=job_id).rounds


def test_submit_freezes_the_deck_and_plans_the_first_round(submit, dispatched, deck):
    job = submit()
    assert job.status == "queued"
    assert job.agent == "random"
    assert job.deck_frozen["name"] == "Frost wall"
    assert job.deck_updated_at == deck.updated_at
    assert [d["source"] for d in job.field] == [
        {"kind": "faction", "slug": "cave-goblins"}
    ]
    assert job.state["kind"] == "card-values" and job.rounds == 0
    assert job.state["design"] == "screening"
    # 2 seed blocks, each the deck and three mirror pairs of variants blanking
    # about half of its 10 swappable cards: every run of the round is a unit, cut
    # into 4 lanes
    from analysis.runs import job_run

    runs = 2 * 7
    assert len(job_run(job).next_round()) == runs < 2 * 11
    lanes = Lane.objects.filter(kind="analysis", job_id=job.pk).order_by("start")
    bounds = [(lane.start, lane.stop) for lane in lanes]
    assert len(bounds) == 4 and bounds[0][0] == 0 and bounds[-1][1] == runs
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
    assert {lane.priority for lane in lanes} == {Priority.BATCH}
    assert dispatched == [(0, 4)]  # batch tickets
    assert job.engine_version


def test_default_field_is_every_faction_deck(submit):
    from engine.deckbuilding.resolve import default_catalog
    from simulate.services.decks import playable_faction_slugs

    job = submit(field=None)
    slugs = [d["source"]["slug"] for d in job.field]
    assert slugs == playable_faction_slugs(default_catalog())
    assert len(slugs) >= 8


@pytest.mark.parametrize(
    ("kwargs", "field", "text"),
    [
        ({"max_games": 10**7}, "max_games", "budget must be"),
        ({"max_games": 5}, "max_games", "cannot decide any card of this deck"),
        ({"field": []}, "field", "at least one"),
        ({"agent": "nobody"}, "agent", "Unknown agent"),
        ({"kind": "horoscope"}, "kind", "Unknown analysis"),
    ],
)
def test_bad_requests_are_refused_with_a_reason(
    submit, dispatched, kwargs, field, text
):
    with pytest.raises(ValidationError) as err:
        submit(**kwargs)
    assert text in " ".join(err.value.message_dict[field])
    assert not AnalysisJob.objects.exists() and not dispatched


def test_someone_elses_deck_is_not_found(submit, other_user, catalog_db):
    from decks.services import deck_create

    theirs = deck_create(owner=other_user, name="Theirs", visibility="public")
    with pytest.raises(Http404):
        submit(deck_id=theirs.pk)
    with pytest.raises(Http404):
        submit(deck_id=999_999)


def test_an_illegal_deck_is_rejected(submit, deck):
    from decks.services import deck_update
    from simulate.services.decks import DeckRejected

    deck_update(deck=deck, entries=[("svara", 1), ("frost-mage", 3)])
    with pytest.raises(DeckRejected):
        submit()


def test_active_job_limit(submit, settings):
    from simulate.services.jobs import TooManyActiveJobs

    settings.ANALYSIS_MAX_ACTIVE_JOBS = 1
    submit()
    with pytest.raises(TooManyActiveJobs):
        submit()


def test_rounds_run_to_a_report_and_resume_gives_the_same_report(submit):
    # One job runs straight through; the other is interrupted after a piece of its
    # second round (a worker lost: its other pieces never ran) and resumed from the
    # stored state by the watchdog's path.
    straight = services.analysis_run_inline(job_id=submit().pk)
    assert straight.status == "done"
    assert straight.rounds >= 2
    assert straight.games_done <= straight.max_games
    report = straight.report
    assert {r["verdict"] for r in report["cards"]} <= {
        "helps",
        "hurts",
        "cannot tell at this budget",
    }

    job = submit()
    assert _play_round(job.pk) == 1
    # A slice of round 1 is stored, then a worker dies holding another lane.
    assert work.run_ticket(only=("analysis", job.pk))
    assert AnalysisPiece.objects.filter(job=job, round=1).count() == 1
    lost = work.claim(only=("analysis", job.pk))
    from datetime import timedelta

    from django.utils import timezone

    Lane.objects.filter(pk=lost.pk).update(
        beat_at=timezone.now() - timedelta(minutes=5)
    )
    assert [lane.pk for lane in work.heal_lost()] == [lost.pk]
    resumed = services.analysis_run_inline(job_id=job.pk)
    assert resumed.status == "done" and resumed.heals == 1
    assert resumed.report == report
    assert resumed.state == straight.state


def test_a_slice_taken_for_lost_stores_nothing(submit):
    job = submit()
    lane = work.claim()
    player = ANALYSIS.player(job, lane)
    blocks = [player.play(i) for i in range(lane.start, lane.stop)]
    Lane.objects.filter(pk=lane.pk).update(state=LaneState.QUEUED, claim="")
    work.finish_slice(ANALYSIS, lane, blocks, 5)  # the holder was taken for lost
    assert not AnalysisPiece.objects.filter(job=job).exists()


def test_progress_counts_stored_blocks(submit, settings):
    from analysis.selectors import analysis_progress

    job = submit()
    progress = analysis_progress(job)
    assert (progress["done"], progress["total"]) == (0, 100)
    assert progress["waiting"] == "waiting for a worker"
    assert work.run_ticket()
    job.refresh_from_db()
    stored = sum(len(p.blocks) for p in AnalysisPiece.objects.filter(job=job))
    assert stored and analysis_progress(job)["done"] == 2 * stored


def test_cancel_stops_the_job_and_its_slices(submit):
    job = submit()
    services.analysis_cancel(job=job)
    job.refresh_from_db()
    assert job.status == "cancelled" and job.finished_at
    assert not Lane.objects.filter(kind="analysis", job_id=job.pk).exists()
    assert work.run_ticket() is False


def test_other_engine_code_fails_the_job(submit, monkeypatch):
    job = submit()
    assert work.run_ticket()
    monkeypatch.setattr("work.engine.engine_version", lambda: "other")
    job = services.analysis_run_inline(job_id=job.pk)
    assert job.status == "failed" and "never mixes two versions" in job.error


SUGGESTION = {
    "out": "ice-smith",
    "out_name": "Ice Smith",
    "in": "frost-shaman",
    "in_name": "Frost Shaman",
    "slot": "common",
    "gain": 0.04,
    "ci": [0.01, 0.07],
    "games": 400,
    "per_opponent": [
        {"opponent": "Cave Goblins", "gain": 0.04, "ci": [0.0, 0.08], "blocks": 200}
    ],
    "worst_matchup": {"opponent": "Cave Goblins", "gain": 0.04},
}


def _finished_suggestions(submit, suggestions):  # type: ignore[no-untyped-def]
    job = submit()  # a card value job, turned into a finished suggestion search
    AnalysisJob.objects.filter(pk=job.pk).update(
        kind="suggestions",
        status="done",
        report={"status": "confirmed", "suggestions": suggestions},
    )
    job.refresh_from_db()
    return job


def test_apply_makes_a_new_deck_with_the_swap(submit, user, deck):
    from decks.selectors import deck_entry_pairs, deck_validate

    job = _finished_suggestions(submit, [SUGGESTION])
    new = services.analysis_apply(job=job, owner=user)
    assert new.pk != deck.pk and new.owner == user
    before, after = dict(deck_entry_pairs(deck)), dict(deck_entry_pairs(new))
    assert after["ice-smith"] == before["ice-smith"] - 1
    assert after["frost-shaman"] == 1 and "frost-shaman" not in before
    assert deck_validate(new).valid
    assert "Ice Smith -> Frost Shaman" in new.notes


def test_apply_saves_nothing_when_the_result_breaks_the_rules(submit, user):
    from decks.models import Deck

    illegal = {**SUGGESTION, "in": "svara", "in_name": "Svara"}
    job = _finished_suggestions(submit, [illegal])
    count = Deck.objects.count()
    with pytest.raises(ValidationError):
        services.analysis_apply(job=job, owner=user)
    with pytest.raises(ValidationError):
        services.analysis_apply(job=job, owner=user, picks=[3])
    assert Deck.objects.count() == count


def test_apply_refuses_card_values(submit, user):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        services.analysis_apply(job=submit(), owner=user)


def test_a_suggestion_search_runs_to_a_report(submit):
    job = submit(kind="suggestions", max_games=300)
    assert job.state["kind"] == "suggestion"
    job = services.analysis_run_inline(job_id=job.pk)
    assert job.status == "done"
    report = job.report
    assert report["status"] in ("confirmed", "no-gain", "budget-spent")
    assert 0 < report["games"] <= 300
    assert report["search"]["candidates"] > 0
    slugs = {e["card"] for e in job.deck_frozen["entries"]}
    assert all(s["out"] in slugs for s in report["suggestions"])


def test_a_suggestion_budget_below_one_step_is_refused(submit):
    with pytest.raises(ValidationError) as err:
        submit(kind="suggestions", max_games=100)
    assert "too small" in " ".join(err.value.message_dict["max_games"])


def test_collection_only_needs_a_collection(submit):
    with pytest.raises(ValidationError) as err:
        submit(kind="suggestions", max_games=300, collection_only=True)
    assert "Record your collection" in str(err.value)


def test_a_round_with_a_hole_is_never_absorbed(submit):
    """Blocks stored for a round must be exactly the round's plan; otherwise the
    job fails with the reason rather than absorb a wrong round."""
    job = submit()
    # a stray piece past every lane: one block more than the round planned
    AnalysisPiece.objects.create(job=job, round=0, piece=999, blocks=[[0, 0.5, 0.0, 9]])
    job = services.analysis_run_inline(job_id=job.pk)
    assert job.status == "failed" and "planned" in job.error
