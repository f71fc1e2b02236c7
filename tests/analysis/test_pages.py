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
    page = response.content.decode()
    assert "10 games cannot decide any card of this deck" in page
    assert "the smallest budget that can is " in page
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


def test_form_says_the_smallest_deciding_budget_and_what_a_budget_tells(
    page_client, deck
):
    from analysis import selectors

    url = f"/decks/{deck.pk}/analyse/card-values/"
    plan = selectors.card_values_plan_for(deck=deck, user=deck.owner)
    least = selectors.least_deciding_games(plan)
    page = page_client.get(url).content.decode()
    assert (
        f"The smallest budget that can decide anything for this deck: {least:,} games"
        in page
    )
    assert 'id="budget-plan"' in page  # the numbers analysis.js redraws it from
    # a refused budget says the number, and the form says it before submitting too
    response = page_client.post(url, {"max_games": str(least - 1)})
    assert response.status_code == 400
    body = response.content.decode()
    assert f"{least - 1:,} games cannot decide any card" in body
    assert f"the smallest budget that can is {least:,} games" in body
    assert not AnalysisJob.objects.exists()


def test_what_a_budget_can_decide_is_the_engine_arithmetic():
    from analysis import selectors

    # a 10-card deck against 20 opponents, as the site's default field plays it,
    # one card at a time (the screening design below)
    plan = selectors.card_values_plan(cards=10, field_size=20, design="one-at-a-time")
    assert plan["step"] == 20 and plan["round_games"] == 2 * 20 * 11
    assert selectors.least_deciding_games(plan) == 440
    for refused in (1, 100, 300):  # the budgets the issue saw refused unexplained
        text = selectors.card_values_budget_text(plan, refused)
        assert "440 games" in text and "cannot decide any card" in text
    # 1,000 games: two rounds, 40 blocks per card: only a card worth ~20 points
    assert selectors.decidable_value(plan, 1000) == pytest.approx(
        plan["z"] * 0.5 / 40**0.5
    )
    text = selectors.card_values_budget_text(plan, 1000)
    assert "worth about 20 points" in text and "needs about 3,960 games" in text
    # more games tell smaller values apart
    assert selectors.decidable_value(plan, 10_000) < selectors.decidable_value(
        plan, 1000
    )
    assert selectors.games_to_decide(plan, 0.10) == 3960
    # the screening design plays the deck and 6 variants a block, each block more
    # telling for every card: the same verdicts for fewer games
    screen = selectors.card_values_plan(cards=10, field_size=20, design="screening")
    assert screen["runs_per_block"] == 7 and screen["variants"] == 6
    assert screen["round_games"] == 2 * 20 * 7 and screen["precision"] > 1
    assert selectors.games_to_decide(screen, 0.10) < 0.5 * 3960
    groups = selectors.card_values_plan(cards=10, field_size=20, design="groups")
    assert 4 <= groups["runs_per_block"] <= 5 and groups["variants"] in (3, 4)


def test_job_page_says_what_its_budget_could_tell_apart(page_client, submit):
    from analysis import selectors

    job = submit(max_games=300)
    plan = selectors.card_values_plan(
        cards=len(job.state["cards"]),
        field_size=len(job.field),
        round_blocks=job.state["params"]["step"],
        design=job.state["design"],
    )
    points = round(100 * min(selectors.decidable_value(plan, 300), 1.0))
    page = page_client.get(f"/analyses/{job.pk}/").content.decode()
    assert (
        f"At a budget of 300 games a card is told apart only if it is worth about "
        f"{points} points" in page
    )


def test_an_unfinished_card_says_whether_the_rest_of_the_budget_can_tell_it(submit):
    from analysis import selectors

    job = submit(max_games=300)
    assert job.is_active
    row = {"copies": 2, "verdict": "cannot tell at this budget", "games": 40}
    job.report = {
        "cards": [
            {**row, "card": "a", "name": "A", "vam": 0.08, "ci": [-0.02, 0.18]}
            | {"final_half_width": 0.05},
            {**row, "card": "b", "name": "B", "vam": 0.01, "ci": [-0.09, 0.11]}
            | {"final_half_width": 0.05},
        ]
    }
    got = {r["card"]: r["verdict"] for r in selectors.card_value_rows(job)}
    assert got["a"].startswith("not yet: the rest of the budget can tell it")
    assert got["b"] == "not yet, and likely not at this budget"
    job.status = "done"
    done = {r["card"]: r["verdict"] for r in selectors.card_value_rows(job)}
    assert set(done.values()) == {"cannot tell at this budget"}


def test_the_suggestion_form_states_the_smallest_budget(page_client, deck):
    page = page_client.get(f"/decks/{deck.pk}/analyse/suggestions/").content.decode()
    assert "The smallest budget for this deck:" in page
    assert "possible swaps tried against" in page
