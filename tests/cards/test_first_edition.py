"""The first-edition catalog in the database and on the site (issue 16): an edition is
part of a card's identity; load_catalog loads both editions idempotently; the API and
the browse pages show the second edition by default and the first with
``?ruleset=first``; sample decks are labelled as such."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from cards.models import Card, Faction
from cards.services import catalog_load
from engine.deckbuilding.catalog import load_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def both(db):
    second = load_catalog()
    first = load_catalog(ruleset="first")
    catalog_load(catalog=second)
    catalog_load(catalog=first, edition="first")
    return second, first


def test_both_editions_load_and_a_second_load_changes_nothing(both):
    second, first = both
    assert Card.objects.filter(edition="first").count() == len(first.cards)
    assert Card.objects.filter(edition="second").count() == len(second.cards)
    # the same slug in both editions: two rows
    assert Card.objects.filter(slug="fire-drake").count() == 2
    assert Faction.objects.filter(slug="phoenix-elves").count() == 2
    again = catalog_load(catalog=load_catalog(ruleset="first"), edition="first")
    assert not again.changed
    again = catalog_load(catalog=load_catalog())
    assert not again.changed


def test_load_catalog_command_loads_every_edition_idempotently(db):
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert "first edition" in out.getvalue()
    assert Card.objects.filter(edition="first").exists()
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert out.getvalue().count("already up to date") == 2


def test_api_cards_default_to_the_second_edition(both, api_client):
    body = api_client.get("/api/cards/", {"q": "fire drake"}).json()
    assert body["count"] == 1
    body = api_client.get("/api/cards/", {"ruleset": "first", "faction": "tundra-orcs"})
    assert body.status_code == 200, body.json()
    names = {c["name"] for c in body.json()["results"]}
    assert {"Grognack", "Fighter", "Ice Wall"} <= names
    assert api_client.get("/api/cards/", {"ruleset": "third"}).status_code == 400


def test_api_card_detail_and_factions_by_edition(both, api_client):
    one = api_client.get("/api/cards/fire-drake/", {"ruleset": "first"}).json()
    two = api_client.get("/api/cards/fire-drake/").json()
    assert one["life"] == 7 and one != two
    assert api_client.get("/api/cards/the-demagogue/").status_code == 404
    facs = api_client.get("/api/factions/", {"ruleset": "first"}).json()
    assert len(facs) == 16 and "the-filth" in {f["slug"] for f in facs}
    assert len(api_client.get("/api/factions/").json()) == len(load_catalog().factions)


def test_api_faction_deck_labels_sample_decks(both, api_client):
    deck = api_client.get("/api/factions/fallen-kingdom/deck/", {"ruleset": "first"})
    body = deck.json()
    assert body["ruleset"] == "first" and body["kind"] == "faction deck"
    assert body["total"] == 34
    sample = api_client.get(
        "/api/factions/tundra-orcs/deck/", {"ruleset": "first"}
    ).json()
    assert sample["kind"] == "sample deck, counts not official"
    text = api_client.get(
        "/api/factions/tundra-orcs/deck/", {"ruleset": "first", "format": "text"}
    ).content.decode()
    assert "sample deck, counts not official" in text


def test_browse_pages_filter_by_edition(both, client):
    page = client.get("/cards/", {"ruleset": "first", "q": "grognack"})
    assert page.status_code == 200 and b"Grognack" in page.content
    page = client.get("/factions/", {"ruleset": "first"})
    assert b"The Filth" in page.content
    page = client.get("/factions/tundra-orcs/deck/", {"ruleset": "first"})
    assert page.status_code == 200
    assert b"sample deck, counts not official" in page.content
    assert b"Simulate against" not in page.content  # the engine plays the second
    page = client.get("/factions/tundra-orcs/deck/")
    assert b"/simulations/new/?deck_a=tundra-orcs" in page.content
    page = client.get("/cards/ice-wall/", {"ruleset": "first"})
    assert page.status_code == 200 and b"Ice Wall" in page.content
