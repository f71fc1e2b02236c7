"""Browse pages: faction index, card list with filters, card detail, faction deck."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.services import catalog_load
from tests.cards.catalogs import scaled_catalog

pytestmark = pytest.mark.django_db


def test_home_page_shows_the_path_and_folds_the_data(client, loaded_catalog):
    html = client.get("/").content.decode()
    for step, link in (
        ("Browse", 'href="/factions/"'),
        ("Build", 'href="/decks/new/"'),
        ("Simulate", 'href="/simulations/new/"'),
    ):
        assert f"<h2>{step}</h2>" in html and link in html
    assert "Svara" in html
    assert "/decks/new/?from=polar-dwarves" in html
    # Data confidence is still there, folded away.
    assert '<details class="data-details">' in html
    assert "cards with full data" in html.split("<details")[1]


@pytest.mark.parametrize("url", ["/factions/"])
def test_faction_index(client, loaded_catalog, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Factions</h1>" in html
    for faction in loaded_catalog.factions.values():
        assert faction.name in html
    assert reverse("cards:faction-deck", args=["polar-dwarves"]) in html
    assert "Svara" in html
    assert "Water" in html and "Logic" in html
    polar = [c for c in loaded_catalog.cards.values() if c.faction == "polar-dwarves"]
    complete = [
        c
        for c in polar
        if c.stats_known and c.symbols_known and all(a.text for a in c.abilities)
    ]
    assert f"{len(complete)}/{len(polar)} cards with full data" in html
    assert "setup: low confidence" in html
    assert "setup unknown" in html  # factions without a known layout


def test_base_layout(client, loaded_catalog):
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert 'href="/cards/"' in html and 'href="/factions/"' in html
    assert 'href="/api/docs/"' in html
    assert ">Simulations</a>" in html and ">Decks</a>" in html
    assert "css/site.css" in html
    assert 'aria-current="page"' in html


def test_card_list_page(client, loaded_catalog):
    response = client.get("/cards/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"{len(loaded_catalog.cards)} cards." in html
    assert "Page 1 of" in html
    assert 'name="q"' in html and 'name="faction"' in html
    assert 'name="cost__lte"' in html


def test_card_list_page_filters(client, loaded_catalog):
    response = client.get(
        "/cards/", {"faction": "polar-dwarves", "card_class": "champion"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Nadiana", "Ollag", "Jarmund"):
        assert name in html
    assert "Frost Mage" not in html
    assert "3 cards match" in html


def test_card_list_page_text_search_over_ability_texts(client, loaded_catalog):
    html = client.get("/cards/", {"q": "structural shift"}).content.decode()
    assert "Svara" in html


def test_card_list_page_invalid_filter(client, loaded_catalog):
    response = client.get("/cards/", {"cost": "abc", "card_type": "wizard"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Enter a whole number." in html
    assert "Select a valid choice" in html


def test_card_list_page_pagination_keeps_filters(client, loaded_catalog):
    html = client.get("/cards/", {"card_type": "unit"}).content.decode()
    assert "card_type=unit&amp;page=2" in html
    page2 = client.get("/cards/", {"card_type": "unit", "page": 2})
    assert page2.status_code == 200
    assert "Page 2 of" in page2.content.decode()


def test_card_detail_page(client, loaded_catalog):
    response = client.get("/cards/svara/")
    assert response.status_code == 200
    html = response.content.decode()
    svara = loaded_catalog.cards["svara"]
    assert "<h1>Svara</h1>" in html
    assert "Structural Shift" in html
    assert svara.abilities[0].text.split(",")[0] in html
    assert "Summoner" in html and "Ranged" in html
    assert "<dt>Life</dt><dd>12</dd>" in html
    assert "<dt>Cost</dt>" not in html  # summoners have no cost
    assert "High" in html  # confidence
    assert "summonerwars.com" in html  # sources
    assert reverse("cards:faction-deck", args=["polar-dwarves"]) in html


def test_card_detail_page_notes_and_unknown_stats(client, mini_catalog_dir):
    from engine.deckbuilding.catalog import load_catalog

    catalog_load(catalog=load_catalog(mini_catalog_dir))
    html = client.get("/cards/ice-brute/").content.decode()
    assert "Stats unknown" in html
    assert "Notes and errata" in html and "only the name and cost" in html
    assert "Text unknown." in html


def test_faction_deck_page(client, loaded_catalog):
    response = client.get("/factions/polar-dwarves/deck/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Polar Dwarves faction deck" in html
    assert "34 cards" in html
    for label in ("Summoner", "Starting units", "Epic events", "Champions", "Commons"):
        assert f"<h3>{label} " in html
    # The setup grid: 8 rows of 6 cells, the summoner drawn in its space.
    assert html.count('<td class="cell') == 48
    assert "cell-summoner" in html and 'title="Svara"' in html
    assert 'title="Frost Mage"' in html and "cell-gate" in html
    assert "low" in html
    # The copy-as-text block.
    assert "# Deck: Polar Dwarves" in html
    assert "4 Frost Mage" in html
    # The "Simulate" buttons (the site plugs the simulations into the catalog's page).
    assert 'href="/simulations/new/?deck_a=polar-dwarves"' in html
    assert "/matrices/new/?gauntlet=1&amp;gauntlet_deck=polar-dwarves" in html


def test_faction_deck_page_without_deck_goes_to_the_honest_faction_page(
    client, loaded_catalog
):
    slug = next(s for s, f in loaded_catalog.factions.items() if f.deck is None)
    response = client.get(f"/factions/{slug}/deck/")
    assert response.status_code == 302
    assert response["Location"] == f"/factions/{slug}/"
    html = client.get(response["Location"]).content.decode()
    assert "Incomplete: no faction deck to play" in html
    assert "its faction deck list" in html and "its starting setup" in html
    assert f"/factions/{slug}/deck/" not in html


def test_faction_detail_redirects_to_deck(client, loaded_catalog):
    response = client.get("/factions/polar-dwarves/")
    assert response.status_code == 302
    assert response["Location"] == "/factions/polar-dwarves/deck/"


@pytest.mark.parametrize(
    "url", ["/cards/no-such-card/", "/factions/no-such-faction/deck/"]
)
def test_unknown_slug_is_404_page(client, loaded_catalog, url):
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>Not found</h1>" in html
    assert "no-such" in html


# count + page + symbols + abilities + faction <select> + symbol <select>
LIST_PAGE_QUERIES = 6


@pytest.mark.parametrize("factor", [1, 10])
def test_card_list_page_query_count_is_constant(
    client, catalog, django_assert_num_queries, factor
):
    catalog_load(catalog=scaled_catalog(catalog, factor))
    with django_assert_num_queries(LIST_PAGE_QUERIES):
        response = client.get("/cards/")
    assert response.status_code == 200
    with django_assert_num_queries(LIST_PAGE_QUERIES + 1):  # + faction validation
        response = client.get("/cards/", {"faction": "polar-dwarves", "page": 1})
    assert response.status_code == 200


@pytest.mark.parametrize("factor", [1, 10])
def test_faction_pages_query_count_is_constant(
    client, catalog, django_assert_num_queries, factor
):
    catalog_load(catalog=scaled_catalog(catalog, factor))
    with django_assert_num_queries(2):
        assert client.get("/factions/").status_code == 200
    # faction + symbols, entries, shared-name check
    # + 3: the deck's cards for their faces (cards, symbols, abilities)
    with django_assert_num_queries(7):
        assert client.get("/factions/polar-dwarves/deck/").status_code == 200


def test_card_list_marks_cards_with_low_confidence_data(client, loaded_catalog):
    html = client.get("/cards/", {"faction": "high-elves"}).content.decode()
    row = next(r for r in html.split("<tr>") if "Arbiter of War" in r)
    assert "low confidence" in row  # its numbers come from one unofficial source
    html = client.get("/cards/", {"faction": "polar-dwarves"}).content.decode()
    assert "low confidence" not in html
