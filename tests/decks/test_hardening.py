"""Issue 32 (hardening): slugs that name cards or factions of both editions never
answer 500 (they are resolved in the edition ``ruleset`` names, the second by
default), and deck ids given as enormous numbers are a 400, never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.services import catalog_load
from decks.models import Deck
from engine.deckbuilding.catalog import load_catalog

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000


@pytest.fixture
def both_editions(catalog):  # type: ignore[no-untyped-def]
    catalog_load(catalog=load_catalog(ruleset="first"), edition="first")
    from decks.services import faction_decks_sync

    faction_decks_sync()


@pytest.fixture
def api(user):  # type: ignore[no-untyped-def]
    c = APIClient()
    c.force_authenticate(user)
    return c


@pytest.mark.parametrize(
    "query",
    [
        "faction=cave-goblins",
        "summoner=sneeks",
        "faction=cave-goblins&ruleset=second",
        "faction=cave-goblins&ruleset=first",
        "summoner=sneeks&ruleset=first",
    ],
)
def test_deck_list_slug_of_both_editions_is_never_a_500(both_editions, api, query):
    response = api.get(f"/api/decks/?{query}")
    assert response.status_code == 200, response.content[:300]
    edition = "first" if "first" in query else "second"
    results = response.json()["results"]
    assert results, "the faction deck of that edition is listed"
    ids = [r["id"] for r in results]
    assert set(Deck.objects.filter(pk__in=ids).values_list("ruleset", flat=True)) == {
        edition
    }


def test_deck_list_unknown_ruleset_is_a_400(both_editions, api):
    response = api.get("/api/decks/?faction=cave-goblins&ruleset=third")
    assert response.status_code == 400


def test_deck_list_page_slug_of_both_editions(both_editions, client):
    page = client.get("/decks/?faction=cave-goblins")
    assert page.status_code == 200
    page = client.get("/decks/?faction=cave-goblins&ruleset=first")
    assert page.status_code == 200


def test_card_list_slug_of_both_editions(both_editions, client):
    for query in ("faction=cave-goblins", "faction=cave-goblins&ruleset=first"):
        assert client.get(f"/api/cards/?{query}").status_code == 200
        assert client.get(f"/cards/?{query}").status_code == 200


@pytest.mark.parametrize(
    "value", [HUGE, int(HUGE[:4000]), str(2**63), 2**63, "0", 0, -3, "٣", "²"]
)
def test_simulation_deck_id_out_of_range_is_a_400(catalog, api, value):
    response = api.post(
        "/api/simulations/",
        {"deck_a": value, "deck_b": "polar-dwarves", "games": 10},
        format="json",
    )
    assert response.status_code == 400, response.content[:300]
    assert len(response.content) < 2000  # the 5,000 digits are not echoed


@pytest.mark.parametrize("value", [HUGE, str(2**63), 2**64, "²"])
def test_matrix_deck_id_out_of_range_is_a_400(catalog, api, value):
    response = api.post(
        "/api/matrices/",
        {"decks": ["polar-dwarves", value], "games_per_pair": 10},
        format="json",
    )
    assert response.status_code == 400, response.content[:300]
    assert len(response.content) < 2000


@pytest.mark.parametrize("value", [HUGE, str(2**63), "²"])
def test_card_values_field_id_out_of_range_is_a_400(catalog, api, user, value):
    deck = Deck.objects.filter(is_faction_deck=True, ruleset="second").first()
    response = api.post(
        f"/api/decks/{deck.pk}/card-values/", {"field": [value]}, format="json"
    )
    assert response.status_code == 400, response.content[:300]
    assert len(response.content) < 2000


def test_parse_deck_id():
    from django.core.exceptions import ValidationError

    from simulate.services.decks import parse_deck_id

    assert parse_deck_id("12") == 12
    assert parse_deck_id(12) == 12
    assert parse_deck_id(2**63 - 1) == 2**63 - 1
    assert parse_deck_id("polar-dwarves") is None
    for bad in (HUGE, 2**63, "0", 0, -1, "²", "٣", True):
        with pytest.raises(ValidationError):
            parse_deck_id(bad)


@pytest.mark.parametrize(
    "url",
    [
        f"/api/decks/{2**63}/",
        f"/api/decks/{'9' * 30}/export/",
        f"/decks/{2**63}/",
        f"/api/simulations/{2**64}/",
        f"/simulations/{2**64}/",
        f"/api/analysis-jobs/{2**64}/",
        f"/decks/{'9' * 5000}/",
    ],
)
def test_ids_past_the_column_in_urls_are_a_404(catalog, api, url):
    response = api.get(url)
    assert response.status_code == 404, response.content[:300]


@pytest.mark.parametrize("source", [HUGE, str(2**63), "²", "0"])
def test_builder_start_from_an_impossible_id(catalog, client, source):
    assert client.get("/decks/new/", {"from": source}).status_code == 200


def test_a_json_number_of_5000_digits_is_a_clean_400(catalog, api):
    raw = '{"deck_a": ' + HUGE + ', "deck_b": "polar-dwarves", "games": 10}'
    response = api.post("/api/simulations/", raw, content_type="application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "parse_error"
    assert "5,000 digits" in body["message"] and "sys." not in body["message"]
