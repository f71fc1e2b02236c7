"""Read API: /api/factions/, /api/cards/, /api/factions/{slug}/deck/ and the schema."""

from __future__ import annotations

import pytest
from django.urls import include, path, reverse
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from cards.models import Card
from cards.services import catalog_load
from engine.deckbuilding.decktext import parse_deck_text
from tests.cards.catalogs import scaled_catalog

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"


def test_cards_of_polar_dwarves_with_catalog_stats(api_client, loaded_catalog):
    response = api_client.get(CARDS, {"faction": "polar-dwarves"})
    assert response.status_code == 200
    body = response.json()
    rows = {row["slug"]: row for row in body["results"]}
    assert body["count"] == len(rows)  # one page
    expected = {
        s for s, c in loaded_catalog.cards.items() if c.faction == "polar-dwarves"
    }
    assert set(rows) == expected
    deck = loaded_catalog.factions["polar-dwarves"].deck
    deck_cards = {e.card for e in deck.entries}
    neutral = {s for s in deck_cards if loaded_catalog.cards[s].faction is None}
    assert "svara" in rows and deck_cards - neutral <= set(rows)
    for slug, row in rows.items():
        card = loaded_catalog.cards[slug]
        assert row["name"] == card.name
        assert row["faction"] == "polar-dwarves"
        assert (row["cost"], row["strength"], row["life"]) == (
            card.cost,
            card.strength,
            card.life,
        )
        assert row["attack_type"] == (card.attack_type and card.attack_type.value)
        assert row["classes"] == [c.value for c in card.classes]
        assert row["symbols_known"] == card.symbols_known
        assert sorted(row["symbols"]) == sorted(card.symbols)
        assert [a["id"] for a in row["abilities"]] == [a.id for a in card.abilities]
    svara = rows["svara"]
    assert svara["classes"] == ["summoner"] and svara["cost"] is None


def test_filters_combine(api_client, loaded_catalog):
    params = {
        "faction": "polar-dwarves",
        "card_class": "common",
        "cost__lte": 2,
        "q": "structure",
    }
    response = api_client.get(CARDS, params)
    assert response.status_code == 200
    got = [row["slug"] for row in response.json()["results"]]

    def matches(c) -> bool:
        text = " ".join([c.name] + [f"{a.name} {a.text or ''}" for a in c.abilities])
        return (
            c.faction == "polar-dwarves"
            and "common" in [x.value for x in c.classes]
            and c.cost is not None
            and c.cost <= 2
            and "structure" in text.lower()
        )

    expected = [s for s, c in loaded_catalog.cards.items() if matches(c)]
    assert got == expected
    assert expected  # the combination is not vacuous
    # Each filter alone narrows less than all of them together.
    for key in params:
        alone = api_client.get(CARDS, {key: params[key]}).json()
        assert alone["count"] >= len(expected)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"cost": "abc"}, "cost"),
        ({"cost__lte": "1.5"}, "cost__lte"),
        ({"card_type": "wizard"}, "card_type"),
        ({"faction": "nope"}, "faction"),
        ({"card_class": "hero"}, "card_class"),
        ({"symbol": "fire-and-ice"}, "symbol"),
        ({"attack_type": "magic"}, "attack_type"),
    ],
)
def test_invalid_filter_is_400_json(api_client, loaded_catalog, params, field):
    response = api_client.get(CARDS, params)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "invalid"
    assert body["message"].startswith(field)
    assert field in body["errors"]


def test_symbol_and_type_filters(api_client, loaded_catalog):
    response = api_client.get(CARDS, {"symbol": "water", "card_type": "event"})
    assert response.status_code == 200
    slugs = {r["slug"] for r in response.json()["results"]}
    expected = {
        s
        for s, c in loaded_catalog.cards.items()
        if "Water" in c.symbols and c.card_type.value == "event"
    }
    assert slugs == expected and "ice-repair" in slugs


def test_card_list_is_paginated(api_client, loaded_catalog):
    body = api_client.get(CARDS).json()
    assert body["count"] == len(loaded_catalog.cards)
    assert len(body["results"]) == min(50, len(loaded_catalog.cards))
    assert body["next"] is not None
    assert set(body) == {"count", "next", "previous", "results"}


def test_card_detail(api_client, loaded_catalog):
    response = api_client.get("/api/cards/ice-golem/")
    assert response.status_code == 200
    body = response.json()
    assert body["classes"] == ["common", "structure", "gate"]
    assert body["card_type"] == "unit"
    assert [a["name"] for a in body["abilities"]][0] == "Living Gate"


@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/no-such-card/",
        "/api/factions/no-such-faction/",
        "/api/factions/no-such-faction/deck/",
        "/api/factions/no-such-faction/deck/?format=text",
    ],
)
def test_unknown_slug_is_404_json(api_client, loaded_catalog, url):
    response = api_client.get(url)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "not_found"
    assert "no-such" in body["message"]


def test_faction_list(api_client, loaded_catalog):
    response = api_client.get("/api/factions/")
    assert response.status_code == 200
    rows = response.json()
    assert [r["slug"] for r in rows] == list(loaded_catalog.factions)
    polar = next(r for r in rows if r["slug"] == "polar-dwarves")
    assert polar["summoner"] == {"slug": "svara", "name": "Svara"}
    assert polar["build_symbols"] == ["Water", "Logic"] or set(
        polar["build_symbols"]
    ) == {"Water", "Logic"}
    assert polar["deck"] == {"size": 34, "confidence": "high"}
    assert polar["setup"] == {"confidence": "low"}
    assert polar["product"] == "master-set"
    no_setup = next(r for r in rows if loaded_catalog.factions[r["slug"]].setup is None)
    assert no_setup["setup"] is None


def test_faction_detail(api_client, loaded_catalog):
    body = api_client.get("/api/factions/polar-dwarves/").json()
    assert body["name"] == "Polar Dwarves"
    cards = [c for c in loaded_catalog.cards.values() if c.faction == "polar-dwarves"]
    assert body["card_count"] == len(cards)


def test_faction_deck_json(api_client, loaded_catalog):
    response = api_client.get("/api/factions/polar-dwarves/deck/")
    assert response.status_code == 200
    body = response.json()
    deck = loaded_catalog.factions["polar-dwarves"].deck
    assert body["total"] == deck.size() == 34
    assert body["summoner"] == "svara"
    got = [(e["card"], e["count"], e["role"]) for e in body["entries"]]
    assert sorted(got) == sorted((e.card, e.count, e.role.value) for e in deck.entries)
    assert got[0] == ("svara", 1, "summoner")
    assert {"card": "frost-mage", "name": "Frost Mage", "row": 2, "col": 2} in body[
        "setup"
    ]["units"]
    assert body["setup"]["summoner"] == {"row": 0, "col": 3}
    assert body["setup"]["confidence"] == "low"


def test_faction_deck_text(api_client, loaded_catalog):
    response = api_client.get("/api/factions/polar-dwarves/deck/", {"format": "text"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert text.startswith("# Deck: Polar Dwarves\n")
    assert "\n1 Svara\n" in text
    assert "\n4 Frost Mage\n" in text
    parsed = parse_deck_text(text, catalog=loaded_catalog)
    assert parsed.ok, parsed.problems
    assert parsed.name == "Polar Dwarves"
    assert parsed.counts() == loaded_catalog.factions["polar-dwarves"].deck.counts()


def test_faction_without_deck(api_client, loaded_catalog):
    slug = next(s for s, f in loaded_catalog.factions.items() if f.deck is None)
    body = api_client.get(f"/api/factions/{slug}/deck/").json()
    assert body["entries"] == [] and body["total"] == 0 and body["setup"] is None


def test_schema_and_docs(client, db):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for api_path in (
        "/api/cards/",
        "/api/cards/{slug}/",
        "/api/factions/",
        "/api/factions/{slug}/",
        "/api/factions/{slug}/deck/",
    ):
        assert f"{api_path}:" in text
    assert "cost__lte" in text and "card_class" in text
    assert client.get(reverse("api-docs")).status_code == 200


def test_schema_of_cards_api_has_no_warnings(capsys):
    """Only this app's routes, so other apps' schema problems do not mask ours."""
    GENERATOR_STATS.reset()
    patterns = [path("api/", include("cards.api_urls"))]
    schema = SchemaGenerator(patterns=patterns).get_schema(request=None, public=True)
    assert "/api/cards/" in schema["paths"]
    assert not GENERATOR_STATS, capsys.readouterr().err
    deck = schema["paths"]["/api/factions/{slug}/deck/"]["get"]
    assert set(deck["responses"]["200"]["content"]) == {
        "application/json",
        "text/plain",
    }


# --------------------------------------------------------------- query counts

# catalog version (cards/read_cache) + count + page + symbols prefetch + abilities
# prefetch (faction is joined).
LIST_QUERIES = 5


@pytest.mark.parametrize("factor", [1, 10])
def test_card_list_api_query_count_is_constant(
    api_client, catalog, django_assert_num_queries, factor
):
    big = scaled_catalog(catalog, factor)
    catalog_load(catalog=big)
    assert Card.objects.count() == len(big.cards)
    with django_assert_num_queries(LIST_QUERIES):
        response = api_client.get(CARDS)
    assert response.status_code == 200
    # The faction filter adds one query: validating the faction slug.
    with django_assert_num_queries(LIST_QUERIES + 1):
        response = api_client.get(CARDS, {"faction": "polar-dwarves", "q": "frost"})
    assert response.json()["count"] > 0


@pytest.mark.parametrize("factor", [1, 10])
def test_faction_api_query_count_is_constant(
    api_client, catalog, django_assert_num_queries, factor
):
    catalog_load(catalog=scaled_catalog(catalog, factor))
    # catalog version + factions (+ joins) + build symbols
    with django_assert_num_queries(3):
        response = api_client.get("/api/factions/")
    assert len(response.json()) == len(catalog.factions) * factor


def test_catalog_reads_answer_conditional_gets_and_follow_load_catalog(
    api_client, catalog, django_assert_num_queries
):
    """Reads are cached per catalog version: the same read again costs only the
    version check; If-None-Match with the ETag is a 304 with no body; after
    load_catalog changes the catalog, the answer and its ETag change."""
    first = api_client.get(CARDS, {"q": "frost"})
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    with django_assert_num_queries(1):  # the catalog version only
        again = api_client.get(CARDS, {"q": "frost"})
    assert again.json() == first.json() and again["ETag"] == etag
    with django_assert_num_queries(1):
        cached = api_client.get(CARDS, {"q": "frost"}, HTTP_IF_NONE_MATCH=etag)
    assert cached.status_code == 304 and cached.content == b""
    other = api_client.get(CARDS, {"q": "goblin"})
    assert other["ETag"] != etag

    catalog_load(catalog=scaled_catalog(catalog, 2))  # the catalog changes
    fresh = api_client.get(CARDS, {"q": "frost"}, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200 and fresh["ETag"] != etag


@pytest.mark.parametrize(
    "query",
    [
        "cost=1&cost=x",
        "cost=1&cost=2",
        "cost__lte=3&cost__lte=4",
        "ruleset=first&ruleset=second",
    ],
)
def test_a_single_valued_parameter_given_twice_is_refused(loaded_catalog, query):  # type: ignore[no-untyped-def]
    """The schema documents one value; the API does not quietly take the last one
    (``?cost=1&cost=2`` was answered as ``cost=2``)."""
    from django.test import Client

    response = Client().get(f"/api/cards/?{query}")
    assert response.status_code == 400
    assert "Give this parameter once." in str(response.json())
    assert Client().get("/api/cards/?cost=1").status_code == 200
