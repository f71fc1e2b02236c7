"""What the user chooses for an analysis: the climb of a swap-suggestion search
(accepted swaps in a row, 1..5) and the opponent decks (the field). Through the
service, the REST API and the pages; only the user's own decks are ever offered,
and others' private decks are refused everywhere."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import TestCase

from analysis.models import AnalysisJob

pytestmark = pytest.mark.django_db

# A suggestion search: the smallest budget that plays a step with these fixtures.
SEARCH = {"kind": "suggestions", "max_games": 300}


@pytest.fixture
def goblins(user, catalog_db):  # type: ignore[no-untyped-def]
    """A second deck of the user: their copy of the Cave Goblins faction deck."""
    from decks.models import Deck
    from decks.services import deck_copy

    faction = Deck.objects.get(is_faction_deck=True, faction__slug="cave-goblins")
    return deck_copy(deck=faction, owner=user, name="My goblin horde")


@pytest.fixture
def theirs(other_user, catalog_db):  # type: ignore[no-untyped-def]
    """Another user's decks: one private, one public (both legal)."""
    from decks.models import Deck
    from decks.services import deck_copy, deck_update

    faction = Deck.objects.get(is_faction_deck=True, faction__slug="cave-goblins")
    private = deck_copy(deck=faction, owner=other_user, name="Secret goblins")
    public = deck_copy(deck=faction, owner=other_user, name="Shared goblins")
    deck_update(deck=public, visibility="public")
    return {"private": private, "public": public}


# ---------------------------------------------------------------- service


def test_climb_is_stored_and_passed_to_the_run(submit):
    job = submit(kind="suggestions", max_games=900, climb=3)
    assert job.climb == 3
    assert job.state["params"]["climb"] == 3  # the engine run was built with it
    assert job.report["climb"] == 3
    assert submit(**SEARCH).climb == 1  # the default: the single best swap


def test_climb_survives_the_rounds(submit):
    from analysis import services
    from analysis.runs import job_run

    job = submit(kind="suggestions", max_games=600, climb=2)
    job = services.analysis_run_inline(job_id=job.pk)
    assert job.status == "done" and job.report["climb"] == 2
    assert job_run(job).climb == 2  # restored from the stored state


@pytest.mark.parametrize(
    ("kwargs", "text"),
    [
        ({**SEARCH, "climb": 0}, "must be 1 to 5 (asked for 0)"),
        ({**SEARCH, "climb": 6}, "must be 1 to 5 (asked for 6)"),
        ({**SEARCH, "climb": True}, "whole number"),
        ({"kind": "card-values", "climb": 2}, "card values measure the deck"),
    ],
)
def test_climb_out_of_bounds_is_refused(submit, dispatched, kwargs, text):
    with pytest.raises(ValidationError) as err:
        submit(**kwargs)
    assert text in " ".join(err.value.message_dict["climb"])
    assert not AnalysisJob.objects.exists() and not dispatched


def test_a_budget_too_small_for_the_climb_says_so(submit):
    with pytest.raises(ValidationError) as err:
        submit(**SEARCH, climb=3)
    text = " ".join(err.value.message_dict["max_games"])
    assert "shared by 3 searches in a row (100 games each)" in text
    assert "or fewer swaps in a row" in text


def test_card_values_take_climb_one(submit):
    assert submit(climb=1).climb == 1


def test_field_as_the_form_sends_it(submit, goblins):
    # The page posts strings: faction slugs and the user's deck ids.
    job = submit(field=["phoenix-elves", str(goblins.pk)])
    assert [d["source"] for d in job.field] == [
        {"kind": "faction", "slug": "phoenix-elves"},
        {"kind": "deck", "id": goblins.pk},
    ]
    assert [d["name"] for d in job.field] == [
        "Phoenix Elves Faction Deck",
        "My goblin horde",
    ]


def test_others_private_deck_in_the_field_is_refused(submit, theirs):
    from simulate.services.decks import DeckRejected

    with pytest.raises(DeckRejected) as err:
        submit(field=[str(theirs["private"].pk)])
    assert err.value.field == "field"
    assert f"No deck with id {theirs['private'].pk}" in str(err.value)
    assert not AnalysisJob.objects.exists()


def test_the_form_offers_only_the_users_own_decks(user, deck, goblins, theirs):
    from analysis.selectors import field_choices
    from decks.services import deck_create

    deck_create(owner=user, name="First edition pile", ruleset="first")
    groups = dict(field_choices(user=user, ruleset="second"))
    assert list(groups) == ["Faction decks", "My decks"]
    assert ("cave-goblins", "Cave Goblins") in groups["Faction decks"]
    assert len(groups["Faction decks"]) == 8
    # Own decks of the edition, by name; never others' (public or not) nor
    # decks of another edition.
    assert groups["My decks"] == [
        (str(deck.pk), "Frost wall"),
        (str(goblins.pk), "My goblin horde"),
    ]


# ---------------------------------------------------------------- REST


def _post(client, path, body):  # type: ignore[no-untyped-def]
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(path, body, format="json")


def test_rest_suggestions_take_a_climb(auth_client, deck, dispatched):
    body = {"field": ["cave-goblins"], "max_games": 1200, "seed": 4, "climb": 4}
    response = _post(auth_client, f"/api/decks/{deck.pk}/suggestions/", body)
    assert response.status_code == 202, response.json()
    job = auth_client.get(response.json()["url"]).json()
    assert job["climb"] == 4 and job["field"] == ["Cave Goblins Faction Deck"]
    assert AnalysisJob.objects.get().state["params"]["climb"] == 4
    listed = auth_client.get(f"/api/decks/{deck.pk}/suggestions/").json()
    assert listed[0]["climb"] == 4


@pytest.mark.parametrize(
    ("path", "climb", "text"),
    [
        ("suggestions", 0, "greater than or equal to 1"),
        ("suggestions", 6, "less than or equal to 5"),
        ("suggestions", "two", "valid integer"),
        ("card-values", 3, "Only a swap-suggestion search climbs"),
        ("card-values", "3", "not 3"),
    ],
)
def test_rest_bad_climb_is_a_clear_400(
    auth_client, deck, dispatched, path, climb, text
):
    body = {"field": ["cave-goblins"], "max_games": 300, "climb": climb}
    response = _post(auth_client, f"/api/decks/{deck.pk}/{path}/", body)
    assert response.status_code == 400
    assert "climb" in str(response.json()) and text in str(response.json())
    assert not AnalysisJob.objects.exists() and not dispatched


def test_rest_card_values_accept_climb_one(auth_client, deck, dispatched):
    body = {"field": ["cave-goblins"], "climb": 1}
    response = _post(auth_client, f"/api/decks/{deck.pk}/card-values/", body)
    assert response.status_code == 202, response.json()
    assert auth_client.get(response.json()["url"]).json()["climb"] == 1


def test_rest_someone_elses_private_deck_in_the_field_is_refused(
    auth_client, deck, theirs, dispatched
):
    pk = theirs["private"].pk
    for path in ("card-values", "suggestions"):
        body = {"field": ["cave-goblins", pk], "max_games": 300}
        response = _post(auth_client, f"/api/decks/{deck.pk}/{path}/", body)
        assert response.status_code == 400
        assert f"No deck with id {pk}" in str(response.json()), response.json()
    assert not AnalysisJob.objects.exists() and not dispatched


def test_schema_documents_the_climb(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    parts = schema["components"]["schemas"]
    climb = parts["SuggestionsInputRequest"]["properties"]["climb"]
    assert climb["minimum"] == 1 and climb["maximum"] == 5 and climb["default"] == 1
    # card values take the same body but only climb 1; no other key is accepted
    only = parts["CardValuesInputRequest"]["properties"]["climb"]
    assert only["minimum"] == 1 and only["maximum"] == 1
    assert parts["CardValuesInputRequest"]["additionalProperties"] is False
    assert "climb" in parts["AnalysisJob"]["required"]


# ---------------------------------------------------------------- pages


@pytest.fixture
def page_client(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


def _errors(response: Any) -> str:
    import re

    text = response.content.decode()
    return " | ".join(re.findall(r'(?:<li>|field-error">)([^<]+)<', text))


def _page(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_form_lists_faction_and_own_decks_only(page_client, deck, goblins, theirs):
    page = _page(page_client, f"/decks/{deck.pk}/analyse/suggestions/")
    assert "Against which decks" in page
    assert "every faction deck" in page  # nothing ticked: the default field
    assert 'value="cave-goblins"' in page and "Phoenix Elves" in page
    assert f'value="{goblins.pk}"' in page and "My goblin horde" in page
    assert "Frost wall (this deck)" in page  # a mirror match is a choice too
    for other in theirs.values():
        assert other.name not in page and f'value="{other.pk}"' not in page
    assert "Up to how many swaps in a row" in page
    assert "the search starts again" in page and "take longer" in page


def test_card_values_form_has_the_field_but_no_climb(page_client, deck):
    page = _page(page_client, f"/decks/{deck.pk}/analyse/card-values/")
    assert "Against which decks" in page
    assert "swaps in a row" not in page and 'name="climb"' not in page


def test_post_with_field_and_climb_creates_the_job(
    page_client, deck, goblins, dispatched
):
    url = f"/decks/{deck.pk}/analyse/suggestions/"
    form = {
        "max_games": "1800",
        "agent": "random",
        "field": ["cave-goblins", str(goblins.pk)],
        "climb": "3",
    }
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = page_client.post(url, form)
    assert response.status_code == 302, _errors(response)
    job = AnalysisJob.objects.get()
    assert response["Location"] == f"/analyses/{job.pk}/"
    assert job.kind == "suggestions" and job.climb == 3
    assert job.state["params"]["climb"] == 3
    assert [d["source"] for d in job.field] == [
        {"kind": "faction", "slug": "cave-goblins"},
        {"kind": "deck", "id": goblins.pk},
    ]
    assert dispatched
    detail = _page(page_client, response["Location"])
    assert "2 decks: Cave Goblins Faction Deck, My goblin horde" in detail
    assert "up to 3 swaps in a row" in detail and "started again" in detail


def test_post_without_a_field_plays_every_faction_deck(page_client, deck, dispatched):
    url = f"/decks/{deck.pk}/analyse/card-values/"
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = page_client.post(url, {"max_games": "100", "agent": "random"})
    job = AnalysisJob.objects.get()
    assert response.status_code == 302 and job.climb == 1 and len(job.field) == 8
    detail = _page(page_client, response["Location"])
    assert "every faction deck of the edition (8)" in detail
    assert "swaps in a row" not in detail  # card values do not climb


def test_post_without_a_climb_searches_one_swap(page_client, deck, dispatched):
    url = f"/decks/{deck.pk}/analyse/suggestions/"
    form = {"max_games": "300", "agent": "random", "field": ["cave-goblins"]}
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = page_client.post(url, form)
    assert response.status_code == 302, _errors(response)
    assert AnalysisJob.objects.get().climb == 1
    assert "one swap: the single best swap" in _page(page_client, response["Location"])


@pytest.mark.parametrize(
    ("form", "text"),
    [
        ({"climb": "9"}, "less than or equal to 5"),
        ({"climb": "0"}, "greater than or equal to 1"),
        ({"field": ["atlantis"]}, "Select a valid choice"),
    ],
)
def test_bad_choices_are_form_errors(page_client, deck, dispatched, form, text):
    url = f"/decks/{deck.pk}/analyse/suggestions/"
    response = page_client.post(url, {"max_games": "300", "climb": "1", **form})
    assert response.status_code == 400
    assert text in response.content.decode()
    assert not AnalysisJob.objects.exists() and not dispatched


def test_someone_elses_deck_cannot_be_posted(page_client, deck, theirs, dispatched):
    # Not offered, so not accepted either: their deck ids are not valid choices.
    url = f"/decks/{deck.pk}/analyse/card-values/"
    for other in theirs.values():
        response = page_client.post(url, {"max_games": "100", "field": [str(other.pk)]})
        assert response.status_code == 400
        assert "Select a valid choice" in response.content.decode()
    assert not AnalysisJob.objects.exists() and not dispatched


def test_an_illegal_own_deck_in_the_field_is_a_form_error(
    page_client, deck, goblins, dispatched
):
    from decks.services import deck_update

    deck_update(deck=goblins, entries=[("sneeks", 1)])  # a summoner and nothing else
    url = f"/decks/{deck.pk}/analyse/card-values/"
    response = page_client.post(url, {"max_games": "100", "field": [str(goblins.pk)]})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'class="field opponents has-error"' in page
    assert "Opponent My goblin horde: " in page  # which of the ticked decks
    assert not AnalysisJob.objects.exists() and not dispatched
