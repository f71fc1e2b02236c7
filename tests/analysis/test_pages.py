"""Pages: the analysis form (budget as computer time, the agent named), the job page
(verdict, card value table, suggestions with one-click apply), the deck page's card
value panel and buttons. Login required; others' analyses 404."""

from __future__ import annotations

import pytest
from django.test import TestCase

from analysis import services
from analysis.models import AnalysisJob

from .test_services import SUGGESTION

pytestmark = pytest.mark.django_db


@pytest.fixture
def page_client(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


def test_pages_need_login(client, deck):
    response = client.get(f"/decks/{deck.pk}/analyse/card-values/")
    assert response.status_code == 302 and "/login" in response["Location"]
    assert client.get("/analyses/1/").status_code == 302


def test_form_explains_the_budget_and_starts_a_job(page_client, deck, dispatched):
    url = f"/decks/{deck.pk}/analyse/card-values/"
    page = page_client.get(url).content.decode()
    assert "What each card is worth" in page
    assert "100 games: about" in page and "computer time" in page
    assert "Random – random moves" in page  # the agents, in words
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = page_client.post(url, {"max_games": "100", "agent": "random"})
    job = AnalysisJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/analyses/{job.pk}/"
    assert job.kind == "card-values" and len(job.field) >= 8
    assert dispatched


def test_form_shows_errors_in_words(page_client, deck, dispatched):
    response = page_client.post(
        f"/decks/{deck.pk}/analyse/card-values/", {"max_games": "10"}
    )
    assert response.status_code == 400
    assert "too small for even one round" in response.content.decode()
    assert not AnalysisJob.objects.exists()


def test_unknown_kind_and_others_decks_are_404(page_client, other_user, deck):
    from decks.services import deck_create

    theirs = deck_create(owner=other_user, name="Theirs", visibility="public")
    assert page_client.get(f"/decks/{deck.pk}/analyse/tarot/").status_code == 404
    response = page_client.get(f"/decks/{theirs.pk}/analyse/card-values/")
    assert response.status_code == 404


def test_job_page_and_deck_page_show_the_card_values(page_client, submit, deck):
    job = services.analysis_run_inline(job_id=submit().pk)
    page = page_client.get(f"/analyses/{job.pk}/").content.decode()
    assert job.status == "done"
    assert "Random – random moves" in page and "Who played" in page
    names = [r["name"] for r in job.report["cards"]]
    for name in names:
        assert name in page
    assert "cannot tell at this budget" in page or "helps" in page or "hurts" in page
    deck_page = page_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "What each card is worth" in deck_page
    assert names[0] in deck_page
    assert f"/decks/{deck.pk}/analyse/suggestions/" in deck_page  # find a better deck
    builder = page_client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert f"/decks/{deck.pk}/analyse/suggestions/" in builder


def test_others_cannot_open_a_job(client, other_user, submit):
    job = submit()
    client.force_login(other_user)
    assert client.get(f"/analyses/{job.pk}/").status_code == 404
    assert client.post(f"/analyses/{job.pk}/cancel/").status_code == 404


def test_cancel_from_the_page(page_client, submit):
    job = submit()
    assert "Cancel" in page_client.get(f"/analyses/{job.pk}/").content.decode()
    page_client.post(f"/analyses/{job.pk}/cancel/")
    job.refresh_from_db()
    assert job.status == "cancelled"


def test_suggestion_page_applies_in_one_click(page_client, submit, deck):
    from decks.models import Deck

    job = submit()
    AnalysisJob.objects.filter(pk=job.pk).update(
        kind="suggestions",
        status="done",
        report={"status": "confirmed", "suggestions": [SUGGESTION]},
    )
    page = page_client.get(f"/analyses/{job.pk}/").content.decode()
    assert "Take out Ice Smith, put in Frost Shaman" in page
    assert "+4.0 points" in page and "Cave Goblins" in page
    response = page_client.post(f"/analyses/{job.pk}/apply/", {"suggestion": "0"})
    new = Deck.objects.get(name="Frost wall (improved)")
    assert response["Location"] == f"/decks/{new.pk}/"
    assert (
        "your original deck is unchanged"
        in page_client.get(response["Location"]).content.decode()
    )


def test_job_page_says_when_the_deck_changed_since(page_client, submit, deck):
    from decks.services import deck_update

    job = submit()
    url = f"/analyses/{job.pk}/"
    assert "has been changed since" not in page_client.get(url).content.decode()
    deck_update(deck=deck, name="Frost wall II")
    assert "has been changed since" in page_client.get(url).content.decode()


def test_durations_read_as_words():
    from analysis.selectors import duration_text

    assert duration_text(0.4) == "about a second"
    assert duration_text(30) == "about 30 seconds"
    assert duration_text(600) == "about 10 minutes"
    assert duration_text(3 * 3600) == "about 3.0 hours"
