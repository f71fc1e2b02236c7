"""Import/export round trips through the API for every faction deck of the catalog:
deck text and deck code both give back exactly the same (card, count) entries, and
the faction decks themselves pass the construction rules."""

from __future__ import annotations

import pytest

from decks.models import Deck
from decks.selectors import deck_entry_pairs

pytestmark = pytest.mark.django_db

FACTIONS_WITH_DECKS = [
    "cave-goblins",
    "breakers",
    "savanna-elves",
    "vanguards",
    "fallen-kingdom",
    "polar-dwarves",
    "phoenix-elves",  # Starter Set (starting units: low confidence)
    "tundra-orcs",
]


def test_the_list_covers_every_catalog_faction_deck(catalog):
    with_deck = [s for s, f in catalog.factions.items() if f.deck is not None]
    assert sorted(with_deck) == sorted(FACTIONS_WITH_DECKS)


@pytest.fixture
def deck_of(catalog):  # type: ignore[no-untyped-def]
    def get(faction: str) -> Deck:
        return Deck.objects.get(is_faction_deck=True, faction__slug=faction)

    return get


@pytest.mark.parametrize("faction", FACTIONS_WITH_DECKS)
def test_faction_deck_is_legal(deck_of, auth_client, faction):
    body = auth_client.get(f"/api/decks/{deck_of(faction).pk}/").json()
    assert body["validation"]["valid"] is True, body["validation"]["errors"]
    assert body["card_count"] == 34


@pytest.mark.parametrize("faction", FACTIONS_WITH_DECKS)
def test_text_round_trip(deck_of, auth_client, faction):
    deck = deck_of(faction)
    text = auth_client.get(f"/api/decks/{deck.pk}/export/").content.decode()
    response = auth_client.post("/api/decks/import/", {"text": text}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["name"] == deck.name
    assert body["summoner"] == deck.summoner.slug
    assert body["validation"]["valid"] is True
    copy = Deck.objects.get(pk=body["id"])
    assert sorted(deck_entry_pairs(copy)) == sorted(deck_entry_pairs(deck))
    # Exporting the import gives the same text again.
    again = auth_client.get(f"/api/decks/{copy.pk}/export/").content.decode()
    assert again == text


@pytest.mark.parametrize("faction", FACTIONS_WITH_DECKS)
def test_code_round_trip(deck_of, auth_client, faction):
    deck = deck_of(faction)
    code = auth_client.get(f"/api/decks/{deck.pk}/export/", {"format": "code"}).json()[
        "code"
    ]
    response = auth_client.post(
        "/api/decks/import/", {"code": code, "name": "From code"}, format="json"
    )
    assert response.status_code == 201, response.json()
    copy = Deck.objects.get(pk=response.json()["id"])
    assert copy.name == "From code"
    assert sorted(deck_entry_pairs(copy)) == sorted(deck_entry_pairs(deck))
    assert (
        auth_client.get(f"/api/decks/{copy.pk}/export/", {"format": "code"}).json()[
            "code"
        ]
        == code
    )


@pytest.mark.parametrize("faction", FACTIONS_WITH_DECKS)
def test_copy_round_trip(deck_of, auth_client, faction):
    deck = deck_of(faction)
    body = auth_client.post(f"/api/decks/{deck.pk}/copy/", {}, format="json").json()
    copy = Deck.objects.get(pk=body["id"])
    assert sorted(deck_entry_pairs(copy)) == sorted(deck_entry_pairs(deck))
    assert body["validation"]["valid"] is True
