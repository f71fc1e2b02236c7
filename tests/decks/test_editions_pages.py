"""Issue 33: the deck pages work for both editions.

- Every deck list shows the edition, and same-named decks of both editions (the
  faction decks that exist in both) never share a name on one page.
- Import takes the edition of the deck text; a text of the other edition is one
  clear error, not a list of unknown cards.
- The collection records the products of either edition, and the builder and the
  deck lists read the collection of the deck's edition.
- The deck page keeps Delete apart from the ordinary actions, last.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from decks import selectors, services
from decks.models import Deck
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.decktext import format_deck_text

pytestmark = pytest.mark.django_db

PASSWORD = "glacier-Logic-2026"


@pytest.fixture
def catalog(both_editions, db):  # type: ignore[no-untyped-def]
    return load_catalog()


@pytest.fixture
def logged_in(user, catalog) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def first_edition_text(faction: str = "phoenix-elves") -> str:
    deck = selectors.deck_start_from(None, faction, "first")
    assert deck is not None and deck.ruleset == "first"
    pairs = selectors.deck_entry_pairs(deck)
    return format_deck_text(pairs, catalog=load_catalog(ruleset="first"))


def deck_links(html: str) -> list[str]:
    return re.findall(r'<a href="/decks/\d+/">([^<]+)</a>', html)


def test_deck_list_shows_editions_and_no_two_decks_share_a_name(catalog):
    faction_decks = Deck.objects.filter(is_faction_deck=True)
    both = set(
        faction_decks.filter(ruleset="first").values_list("name", flat=True)
    ) & set(faction_decks.filter(ruleset="second").values_list("name", flat=True))
    assert both, "the catalog has faction decks of the same name in both editions"
    html = Client().get("/decks/").content.decode()
    assert '<th scope="col">Edition</th>' in html
    assert "First edition</span>" in html and "Second edition</span>" in html
    links = deck_links(html)
    assert len(links) == len(set(links)), sorted(n for n in links if links.count(n) > 1)
    name = sorted(both)[0]
    assert f"{name} (First edition)" in links
    assert f"{name} (Second edition)" in links


def test_deck_list_filters_by_edition(catalog):
    html = Client().get("/decks/?ruleset=first").content.decode()
    assert "First edition</span>" in html
    assert "Second edition</span>" not in html
    # a single edition on the page: names need no edition
    assert not any("(First edition)" in n for n in deck_links(html))


def test_import_first_edition_text(logged_in, user):
    response = logged_in.post(
        "/decks/import/",
        {"text": first_edition_text(), "ruleset": "first", "visibility": "private"},
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    deck = Deck.objects.get(owner=user)
    assert deck.ruleset == "first"
    assert selectors.deck_validate(deck).valid


def test_import_of_the_other_edition_is_one_clear_error(logged_in, user):
    response = logged_in.post(
        "/decks/import/",
        {"text": first_edition_text(), "ruleset": "second", "visibility": "private"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-code="edition.mismatch"' in html
    assert "choose First edition" in html
    assert "card.unknown" not in html
    assert not Deck.objects.filter(owner=user).exists()


def test_collection_page_records_first_edition_products(logged_in, user, catalog):
    page = logged_in.get("/collection/?ruleset=first")
    html = page.content.decode()
    assert 'name="ruleset" value="first"' in html
    first_products = list(load_catalog(ruleset="first").products)
    assert f'name="quantity-{first_products[0]}"' in html
    response = logged_in.post(
        "/collection/",
        {"ruleset": "first", f"quantity-{first_products[0]}": "1"},
    )
    assert response.status_code == 302
    assert response["Location"].endswith("/collection/?ruleset=first")
    owned_first = selectors.collection_owned_cards(user=user, ruleset="first")
    assert owned_first  # cards of that starter set
    # the second edition's collection is still unknown, not mixed with the first's
    assert selectors.collection_owned_cards(user=user, ruleset="second") is None


def test_first_edition_builder_reads_the_first_edition_collection(
    logged_in, user, catalog
):
    first_products = list(load_catalog(ruleset="first").products)
    services.collection_set(
        user=user, product=first_products[0], quantity=1, ruleset="first"
    )
    deck = services.deck_import_text(
        owner=user, text=first_edition_text(), ruleset="first"
    )
    html = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Owned" in html or "owned" in html
    view = selectors.deck_views([deck], user=user)[0]
    assert view.buildable is not None  # the first-edition collection is known


def test_collection_set_refuses_a_product_of_another_edition(user, catalog):
    from django.core.exceptions import ValidationError

    only_first = set(load_catalog(ruleset="first").products) - set(
        load_catalog().products
    )
    with pytest.raises(ValidationError):
        services.collection_set(
            user=user, product=sorted(only_first)[0], quantity=1, ruleset="second"
        )


def test_delete_stands_apart_last_in_the_deck_actions(logged_in, user, make_deck):
    deck = make_deck(user)
    html = logged_in.get(f"/decks/{deck.pk}/").content.decode()
    actions = html.split('<div class="deck-actions">', 1)[1].split("\n</div>", 1)[0]
    zone = actions.index('class="danger-zone')
    assert actions.index("Delete this deck") > zone
    for ordinary in ("Edit in the builder", "Copy to my decks", "Print deck sheet"):
        assert actions.index(ordinary) < zone


def test_an_illegal_decks_editor_names_the_rule_limit(logged_in, user, svara_cards):
    """Five Ice Smiths (the limit is 4): the editor says "max 4", names the excess,
    and still loads the five (the check reports them)."""
    cards = dict(svara_cards)
    cards["ice-smith"] = 5
    deck = services.deck_create(owner=user, name="Smiths", entries=list(cards.items()))
    rows = {
        r.card.slug: r
        for r in selectors.deck_builder_rows(summoner="svara", counts=cards)
    }
    assert (rows["ice-smith"].max_count, rows["ice-smith"].input_max) == (4, 5)
    html = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert '<small class="muted" id="limit-ice-smith">max 4</small>' in html
    assert "5 is over the limit: at most 4 of this card." in html
    assert 'id="limit-ice-smith">max 5' not in html


def test_the_builder_keeps_delete_apart_too(logged_in, user, make_deck):
    deck = make_deck(user)
    html = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    actions = html.split('<div class="deck-actions">', 1)[1]
    zone = actions.index('class="danger-zone')
    assert actions.index("Delete this deck") > zone
    assert actions.index("Copy this deck") < zone
    assert actions.index("Export deck text") < zone
