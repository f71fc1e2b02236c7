"""Analysis services: submission checks, rounds played piece by piece, resume from
the stored state after an interruption, cancel, and applying a suggestion."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from analysis import services
from analysis.models import AnalysisJob, AnalysisPiece

pytestmark = pytest.mark.django_db


def _play_round(job_id: int) -> tuple[int, list[int]]:
    job = AnalysisJob.objects.get(pk=job_id)
    for piece in range(job.pieces_planned):
        services.piece_run(job_id=job_id, round_=job.rounds, piece=piece)
    return services.analysis_advance(job_id=job_id)


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
    # 10 swappable cards + the deck, 2 blocks each: 22 tasks in pieces of 9
    assert job.pieces_planned == 3
    assert dispatched == [(job.pk, 0, [0, 1, 2])]
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
        ({"max_games": 20}, "max_games", "too small"),
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
    assert _play_round(job.pk)[0] == 1
    services.piece_run(job_id=job.pk, round_=1, piece=0)
    assert AnalysisPiece.objects.filter(job=job, round=1).count() == 1
    resent: list[tuple[int, int, list[int]]] = []
    AnalysisJob.objects.filter(pk=job.pk).update(updated_at="2000-01-01T00:00Z")
    from django.utils import timezone

    services.analysis_resume_stale(
        older_than=timezone.now(), dispatch=lambda *a: resent.append(a)
    )
    # piece 0 of round 1 is kept; only the missing pieces are sent again
    assert resent == [(job.pk, 1, [1, 2])]
    resumed = services.analysis_run_inline(job_id=job.pk)
    assert resumed.status == "done"
    assert resumed.report == report
    assert resumed.state == straight.state


def test_a_piece_stored_twice_counts_once(submit):
    job = submit()
    assert services.piece_run(job_id=job.pk, round_=0, piece=0)
    assert not services.piece_run(job_id=job.pk, round_=0, piece=0)
    assert not services.piece_run(job_id=job.pk, round_=5, piece=0)  # not its round
    assert AnalysisPiece.objects.filter(job=job).count() == 1


def test_progress_counts_stored_pieces(submit):
    from analysis.selectors import analysis_progress

    job = submit()
    assert analysis_progress(job) == {"done": 0, "total": 100}
    services.piece_run(job_id=job.pk, round_=0, piece=0)
    job.refresh_from_db()
    assert analysis_progress(job) == {"done": 18, "total": 100}  # 9 blocks


def test_cancel_stops_the_job_and_late_pieces_skip(submit):
    job = submit()
    services.analysis_cancel(job=job)
    job.refresh_from_db()
    assert job.status == "cancelled" and job.finished_at
    assert not services.piece_run(job_id=job.pk, round_=0, piece=0)
    assert services.analysis_advance(job_id=job.pk) == (0, [])


def test_missing_pieces_fail_the_job_after_bounded_resends(submit, settings):
    settings.ANALYSIS_MAX_RESENDS = 1
    job = submit()
    assert services.analysis_advance(job_id=job.pk) == (0, [0, 1, 2])
    assert services.analysis_advance(job_id=job.pk) == (0, [])
    job.refresh_from_db()
    assert job.status == "failed" and "never completed" in job.error


def test_other_engine_code_fails_the_piece(submit, monkeypatch):
    from simulate.services.chunks import GameError

    job = submit()
    services.piece_run(job_id=job.pk, round_=0, piece=0)
    monkeypatch.setattr("simulate.adapters.engine_version", lambda: "other")
    with pytest.raises(GameError, match="never mixes two versions"):
        services.piece_run(job_id=job.pk, round_=0, piece=1)


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


def test_pieces_that_do_not_match_the_plan_fail_the_job(submit):
    job = submit()
    for piece in range(job.pieces_planned):
        services.piece_run(job_id=job.pk, round_=0, piece=piece)
    AnalysisPiece.objects.filter(job=job, piece=0).update(blocks=[])
    assert services.analysis_advance(job_id=job.pk) == (0, [])
    job.refresh_from_db()
    assert job.status == "failed" and "planned" in job.error
