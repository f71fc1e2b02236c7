"""Selectors: filtering, completeness counts, the faction deck and its text."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from cards import selectors
from cards.services import catalog_load
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.decktext import parse_deck_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def mini(mini_catalog_dir):
    catalog = load_catalog(mini_catalog_dir)
    catalog_load(catalog=catalog)
    return catalog


def slugs(qs) -> list[str]:
    return [c.slug for c in qs]


def test_card_list_in_catalog_order(mini):
    assert slugs(selectors.card_list()) == list(mini.cards)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (
            {"faction": "frost", "card_class": "champion"},
            ["old-bear", "rime-witch", "glacier-knight"],
        ),
        ({"card_class": "gate"}, ["starting-gate", "gate"]),
        ({"card_class": "structure"}, ["starting-gate", "gate"]),
        ({"card_type": "event", "cost__gte": 2}, ["avalanche"]),
        ({"cost": 0}, ["starting-gate", "gate", "tundra-scout"]),
        ({"cost__lte": 1, "card_type": "unit"}, ["snow-archer", "tundra-scout"]),
        ({"attack_type": "ranged"}, ["yeti-queen", "rime-witch", "snow-archer"]),
        (
            {"symbol": "logic"},
            ["yeti-queen", "rime-witch", "tundra-scout", "ice-shield"],
        ),
        ({"q": "FROST arrow"}, ["snow-archer"]),
        ({"q": "arrow strength"}, ["snow-archer"]),  # every word, any field
        ({"q": "push"}, ["yeti-queen"]),  # ability text
        ({"q": "smash", "faction": "frost", "cost__lte": 3}, ["ice-brute"]),
        ({"q": "nothing-like-this"}, []),
        ({"faction": "", "q": ""}, None),  # blank values: no filter
    ],
)
def test_card_list_filters(mini, filters, expected):
    got = slugs(selectors.card_list(filters=filters))
    assert got == (list(mini.cards) if expected is None else expected)


def test_card_list_invalid_filters_raise_validation_error(mini):
    with pytest.raises(ValidationError) as err:
        selectors.card_list(filters={"cost": "abc", "faction": "nope"})
    assert set(err.value.message_dict) == {"cost", "faction"}


def test_card_get(mini):
    card = selectors.card_get(slug="snow-archer")
    assert [a.name for a in card.abilities.all()] == ["Frost Arrow"]
    with pytest.raises(Http404):
        selectors.card_get(slug="nope")


def test_faction_list_annotations(mini):
    (frost,) = selectors.faction_list()
    assert frost.card_count == 12
    assert frost.complete_card_count == 11  # ice-brute lacks stats and symbols
    assert frost.deck_size == 34
    assert frost.setup.confidence == "low"


def test_faction_get_unknown(mini):
    with pytest.raises(Http404):
        selectors.faction_get(slug="nope")


def test_faction_deck_groups_and_setup(mini):
    deck = selectors.faction_deck_get(slug="frost")
    assert deck.total == 34
    assert [g.role for g in deck.groups] == [
        "summoner",
        "starting_gate",
        "gate",
        "starting_unit",
        "epic_event",
        "standard_event",
        "champion",
        "common",
    ]
    assert [g.count for g in deck.groups] == [1, 1, 3, 2, 2, 6, 3, 16]
    rows = deck.setup_rows()
    assert len(rows) == 8 and all(len(r) == 6 for r in rows)
    # Top row first: row 7 is the far side, row 0 (the back row) is last.
    assert rows[-1][3].kind == "summoner" and rows[-1][3].label == "Yeti Queen"
    assert rows[-3][3].kind == "gate"
    assert rows[-3][2].label == "Snow Archer"
    assert rows[-2][4].label == "Tundra Scout"
    assert sum(1 for r in rows for c in r if c.kind) == 4


def test_faction_deck_text_round_trips(mini):
    deck = selectors.faction_deck_get(slug="frost")
    text = selectors.faction_deck_text(deck=deck)
    assert text.splitlines()[:2] == [
        "# Deck: Frost Clan",
        "# Frost Clan faction deck, 34 cards",
    ]
    assert "# Commons\n4 Snow Archer\n" in text
    parsed = parse_deck_text(text, catalog=mini)
    assert parsed.ok and parsed.counts() == mini.factions["frost"].deck.counts()


def test_faction_deck_text_writes_slug_for_shared_names(mini):
    from cards.models import Card

    Card.objects.filter(slug="old-bear").update(name="Snow Archer")
    text = selectors.faction_deck_text(deck=selectors.faction_deck_get(slug="frost"))
    assert "1 old-bear\n" in text
    assert "1 snow-archer\n" in text
