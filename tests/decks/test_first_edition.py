"""First-edition decks on the site (issue 16): create, validate, export (text and deck
code) and import them back, with cards resolved in the first edition's catalog."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.services import catalog_load
from decks.models import Deck
from engine.deckbuilding.catalog import load_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def first(catalog):  # type: ignore[no-untyped-def]
    cat = load_catalog(ruleset="first")
    catalog_load(catalog=cat, edition="first")
    return cat


@pytest.fixture
def client(user):  # type: ignore[no-untyped-def]
    c = APIClient()
    c.force_authenticate(user)
    return c


def test_first_edition_deck_crud_export_and_import(first, client):
    cards = [
        {"card": slug, "count": n}
        for slug, n in first.summoners["abua-shi"].deck.counts().items()
    ]
    made = client.post(
        "/api/decks/",
        {"name": "Jungle", "ruleset": "first", "cards": cards},
        format="json",
    )
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["ruleset"] == "first" and body["summoner"] == "abua-shi"
    assert body["validation"]["valid"] is True, body["validation"]
    deck = Deck.objects.get(pk=body["id"])
    assert {e.card.edition for e in deck.entries.select_related("card")} == {"first"}

    out = client.get(f"/api/decks/{deck.pk}/export/", {"format": "json"}).json()
    assert "6 archer-jungle-elves" in out["text"] and out["code"]
    assert "# Walls\n3 Wall" in out["text"]
    text = client.post(
        "/api/decks/import/", {"text": out["text"], "ruleset": "first"}, format="json"
    )
    assert text.status_code == 201, text.json()
    assert text.json()["validation"]["valid"] is True
    # "Archer" is printed by two first-edition factions: the summoner's is taken
    imported = Deck.objects.get(pk=text.json()["id"])
    slugs = {e.card.slug for e in imported.entries.select_related("card")}
    assert "archer-jungle-elves" in slugs
    code = client.post("/api/decks/import/", {"code": out["code"]}, format="json")
    assert code.status_code == 201, code.json()
    assert code.json()["ruleset"] == "first"

    # an invalid edit lists every violation
    bad = [c for c in cards if c["card"] != "wall"] + [{"card": "reaper", "count": 1}]
    changed = client.put(
        f"/api/decks/{deck.pk}/",
        {"name": "Jungle", "ruleset": "first", "cards": bad, "visibility": "private"},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    codes = {e["code"] for e in changed.json()["validation"]["errors"]}
    assert {"walls.count", "faction.mismatch", "commons.count"} <= codes


def test_second_edition_stays_the_default(first, client):
    made = client.post(
        "/api/decks/import/", {"text": "1 Svara\n4 Ice Smith\n"}, format="json"
    )
    assert made.status_code == 201 and made.json()["ruleset"] == "second"


def test_builder_offers_only_the_first_editions_cards(first, user):
    from django.test import Client

    from decks.services import faction_decks_sync

    faction_decks_sync()
    web = Client()
    web.force_login(user)
    page = web.get("/decks/new/", {"ruleset": "first"})
    assert page.status_code == 200
    assert b"Grognack" in page.content and b"Svara" not in page.content
    page = web.get("/decks/new/", {"ruleset": "first", "summoner": "grognack"})
    assert page.status_code == 200
    body = page.content.decode()
    assert "Ice Wall" in body and "count-fighter-tundra-orcs" in body
    assert "count-ice-smith" not in body  # a second-edition card
    # save the sample deck through the builder: a first-edition deck
    counts = {
        f"count-{slug}": n
        for slug, n in first.summoners["grognack"].deck.counts().items()
    }
    saved = web.post(
        "/decks/new/",
        {
            "summoner": "grognack",
            "ruleset": "first",
            "name": "Blue",
            "visibility": "private",
            "notes": "",
            **counts,
        },
    )
    assert saved.status_code == 302, saved.content.decode()[:2000]
    deck = Deck.objects.get(name="Blue")
    assert deck.ruleset == "first" and deck.summoner.slug == "grognack"
    detail = web.get(f"/decks/{deck.pk}/")
    assert detail.status_code == 200 and b"Ice Wall" in detail.content
    # "Customise this deck" of a first-edition faction deck starts from it
    start = web.get("/decks/new/", {"from": "fallen-kingdom", "ruleset": "first"})
    assert start.status_code == 200 and b"Ret-Talus" in start.content
