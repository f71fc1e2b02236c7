"""Deck pages: list, detail, builder (without JavaScript), copy, delete, import and
the collection page; the same access rules as the API (404 for others' private)."""

from __future__ import annotations

import pytest
from django.test import Client

from decks.models import Deck, OwnedProduct
from decks.selectors import deck_entry_pairs

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner_client(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


@pytest.fixture
def other_client(other_user):  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(other_user)
    return client


def builder_post(cards, **extra):  # type: ignore[no-untyped-def]
    data = {"name": "Built", "visibility": "private", "notes": "", "summoner": "svara"}
    data.update({f"count-{slug}": str(n) for slug, n in cards})
    data.update(extra)
    return data


# ---------------------------------------------------------------------- list


def test_list_for_anonymous_shows_faction_decks(catalog, client):
    response = client.get("/decks/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Polar Dwarves (faction deck)" in html
    assert "My decks" not in html


def test_list_shows_my_decks_but_not_others_private(
    make_deck, user, other_user, owner_client
):
    make_deck(user, name="Mine private")
    make_deck(other_user, "private", name="Their secret")
    make_deck(other_user, "unlisted", name="Their link")
    make_deck(other_user, "public", name="Their public")
    html = owner_client.get("/decks/").content.decode()
    assert "Mine private" in html and "Their public" in html
    assert "Their secret" not in html and "Their link" not in html


def test_list_bad_filter_shows_a_message(catalog, client):
    response = client.get("/decks/", {"faction": "nope"})
    assert response.status_code == 200
    assert 'role="alert"' in response.content.decode()


# -------------------------------------------------------------------- detail


@pytest.mark.parametrize(
    ("visibility", "status"), [("private", 404), ("unlisted", 200), ("public", 200)]
)
def test_detail_access(make_deck, user, client, visibility, status):
    deck = make_deck(user, visibility)
    assert client.get(f"/decks/{deck.pk}/").status_code == status


def test_detail_shows_roles_validation_export_and_actions(
    make_deck, user, owner_client
):
    deck = make_deck(user)
    html = owner_client.get(f"/decks/{deck.pk}/").content.decode()
    for text in (
        "Starting units",
        "Commons",
        "Legal deck: 34 cards.",
        "# Deck: Frost wall",
        'id="deck-code"',
        "Edit in the builder",
        "Copy to my decks",
        "Cost curve",
        'aria-live="polite"',
    ):
        assert text in html, text


def test_detail_buildable_badge(make_deck, user, owner_client):
    from decks.services import collection_set

    deck = make_deck(user)
    collection_set(user=user, product="master-set", quantity=1)
    html = owner_client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Buildable from your collection" in html


def test_detail_of_faction_deck_has_no_edit(faction_deck, owner_client):
    html = owner_client.get(f"/decks/{faction_deck.pk}/").content.decode()
    assert "Faction deck (read-only)" in html
    assert "Edit in the builder" not in html


# ------------------------------------------------------------------- builder


def test_builder_is_open_to_visitors_and_saving_keeps_the_work(catalog, client, user):
    html = client.get("/decks/new/", {"summoner": "svara"}).content.decode()
    assert "Log in to save" in html
    response = client.post(
        "/decks/new/",
        {"summoner": "svara", "name": "Cold open", "count-ice-smith": "3"},
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert "draft%3D1" in response["Location"]
    assert not Deck.objects.filter(name="Cold open").exists()  # nothing saved yet
    client.force_login(user)  # the session (and its draft) survives logging in
    html = client.get("/decks/new/", {"draft": "1"}).content.decode()
    assert 'value="Cold open"' in html
    assert 'name="count-ice-smith" value="3"' in html
    # Editing a saved deck still needs its owner.
    client.logout()
    assert client.get("/decks/1/edit/").status_code == 302


def test_builder_first_asks_for_a_summoner(catalog, owner_client):
    html = owner_client.get("/decks/new/").content.decode()
    assert 'name="summoner"' in html and "Start building" in html
    assert 'value="svara"' in html


def test_builder_lists_the_summoners_cards_with_locked_copies(catalog, owner_client):
    response = owner_client.get("/decks/new/", {"summoner": "svara"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="count-gate" value="3"' in html  # locked, hidden input
    assert 'id="count-frost-mage"' in html and 'min="1" max="5"' in html
    assert 'aria-label="Add one Ice Smith"' in html
    assert 'for="count-ice-smith"' in html
    assert "Show only cards I own" in html
    assert 'data-slug="sneeks"' not in html
    assert "deck-builder.js" in html


def test_builder_rejects_a_non_summoner(catalog, owner_client):
    response = owner_client.get("/decks/new/", {"summoner": "ice-smith"})
    assert response.status_code == 302


def test_builder_saves_a_legal_deck_without_javascript(
    catalog, owner_client, svara_cards
):
    response = owner_client.post("/decks/new/", builder_post(svara_cards))
    assert response.status_code == 302
    deck = Deck.objects.get(name="Built")
    assert dict(deck_entry_pairs(deck)) == dict(svara_cards)
    assert "Legal deck" in owner_client.get(response["Location"]).content.decode()


def test_builder_saves_a_draft_and_shows_its_problems(catalog, owner_client):
    response = owner_client.post("/decks/new/", builder_post([("ice-smith", 2)]))
    deck = Deck.objects.get(name="Built")
    # The summoner's locked cards are part of the deck.
    assert dict(deck_entry_pairs(deck)) == {"svara": 1, "ice-smith": 2}
    html = owner_client.get(response["Location"]).content.decode()
    assert "Not legal yet" in html and "commons.count" in html


@pytest.mark.parametrize(
    "bad", [{"count-ice-smith": "many"}, {"count-ice-smith": "-1"}, {"name": ""}]
)
def test_builder_bad_input_saves_nothing(catalog, owner_client, bad):
    response = owner_client.post("/decks/new/", builder_post([], **bad))
    assert response.status_code == 400
    assert not Deck.objects.filter(name="Built").exists()


def test_builder_unknown_card_saves_nothing(catalog, owner_client):
    response = owner_client.post("/decks/new/", builder_post([("no-such", 1)]))
    assert response.status_code == 400
    assert "no such card" in response.content.decode()
    assert not Deck.objects.filter(is_faction_deck=False).exists()


def test_edit_updates_the_deck(make_deck, user, owner_client, svara_cards):
    deck = make_deck(user)
    page = owner_client.get(f"/decks/{deck.pk}/edit/")
    assert page.status_code == 200
    assert 'value="Frost wall"' in page.content.decode()
    cards = [(s, n) for s, n in svara_cards if s != "ice-smith"]
    response = owner_client.post(
        f"/decks/{deck.pk}/edit/", builder_post(cards, name="Renamed")
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Renamed"
    assert "ice-smith" not in dict(deck_entry_pairs(deck))


@pytest.mark.parametrize(("visibility", "status"), [("private", 404), ("public", 403)])
def test_edit_of_someone_elses_deck(make_deck, user, other_client, visibility, status):
    deck = make_deck(user, visibility)
    assert other_client.get(f"/decks/{deck.pk}/edit/").status_code == status
    response = other_client.post(f"/decks/{deck.pk}/edit/", builder_post([]))
    assert response.status_code == status
    deck.refresh_from_db()
    assert deck.name == "Frost wall"


def test_faction_deck_cannot_be_edited_or_deleted(faction_deck, owner_client):
    assert owner_client.get(f"/decks/{faction_deck.pk}/edit/").status_code == 403
    assert owner_client.post(f"/decks/{faction_deck.pk}/delete/").status_code == 403


# ---------------------------------------------------------- copy and delete


def test_copy_page_action(faction_deck, owner_client, user):
    response = owner_client.post(f"/decks/{faction_deck.pk}/copy/")
    assert response.status_code == 302
    copy = Deck.objects.get(owner=user)
    assert response["Location"] == f"/decks/{copy.pk}/edit/"


def test_copy_needs_post_and_login(faction_deck, owner_client):
    assert owner_client.get(f"/decks/{faction_deck.pk}/copy/").status_code == 405
    assert Client().post(f"/decks/{faction_deck.pk}/copy/").status_code == 302
    assert not Deck.objects.filter(is_faction_deck=False).exists()


def test_copy_of_others_private_is_404(make_deck, user, other_client):
    deck = make_deck(user, "private")
    assert other_client.post(f"/decks/{deck.pk}/copy/").status_code == 404


def test_delete_asks_then_deletes(make_deck, user, owner_client):
    deck = make_deck(user)
    assert (
        "Delete the deck"
        in owner_client.get(f"/decks/{deck.pk}/delete/").content.decode()
    )
    assert Deck.objects.filter(pk=deck.pk).exists()
    response = owner_client.post(f"/decks/{deck.pk}/delete/")
    assert response.status_code == 302
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_delete_of_others_deck(make_deck, user, other_client):
    deck = make_deck(user, "public")
    assert other_client.post(f"/decks/{deck.pk}/delete/").status_code == 403
    assert Deck.objects.filter(pk=deck.pk).exists()


# -------------------------------------------------------------------- import


def test_import_page(catalog, owner_client):
    response = owner_client.post(
        "/decks/import/", {"text": "1 Svara\n4 Ice Smith\n", "visibility": "private"}
    )
    assert response.status_code == 302
    assert Deck.objects.get(is_faction_deck=False).name == "Imported deck"


def test_import_page_shows_problems(catalog, owner_client):
    response = owner_client.post(
        "/decks/import/", {"text": "1 Svara\n4 Ice Smiht\n", "visibility": "private"}
    )
    assert response.status_code == 400
    assert "did you mean Ice Smith?" in response.content.decode()
    assert not Deck.objects.filter(is_faction_deck=False).exists()


# ---------------------------------------------------------------- collection


def test_collection_page_sets_quantities(catalog, user, owner_client):
    page = owner_client.get("/collection/")
    assert page.status_code == 200
    assert 'for="quantity-master-set"' in page.content.decode()
    response = owner_client.post(
        "/collection/", {"quantity-master-set": "2", "quantity-starter-set": "0"}
    )
    assert response.status_code == 302
    assert OwnedProduct.objects.get(user=user).quantity == 2


@pytest.mark.parametrize("value", ["lots", "-1", "100"])
def test_collection_page_bad_quantity_saves_nothing(catalog, owner_client, value):
    response = owner_client.post("/collection/", {"quantity-master-set": value})
    assert response.status_code == 400
    assert not OwnedProduct.objects.exists()


def test_collection_page_needs_login(catalog, client):
    assert client.get("/collection/").status_code == 302


# ------------------------------------------------- public deck browser by card


def test_decks_using_a_card_public_only(make_deck, user, other_user, client):
    make_deck(user, visibility="public", name="Shown wall")
    make_deck(user, visibility="unlisted", name="Link-only wall")
    make_deck(other_user, visibility="private", name="Secret wall")
    html = client.get("/cards/ice-smith/").content.decode()
    assert "Decks using this card" in html
    assert "Shown wall" in html
    assert "Link-only wall" not in html and "Secret wall" not in html
    listing = client.get("/decks/", {"card": "Ice Smith"}).content.decode()
    assert "Shown wall" in listing and "Secret wall" not in listing
    none = client.get("/decks/", {"card": "no-such-card"}).content.decode()
    assert "Shown wall" not in none


def test_deck_page_offers_simulate_customise_copy_and_print(make_deck, user, client):
    deck = make_deck(user, visibility="public", name="Shown wall")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f"/simulations/new/?deck_a={deck.pk}" in html
    assert "gauntlet=1" in html and f"decks={deck.pk}" in html
    assert f"/decks/new/?from={deck.pk}" in html
    assert 'data-copy="deck-text"' in html and "Print deck sheet" in html


def test_faction_deck_page_simulates_it_by_its_faction_slug(catalog, client):
    deck = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'href="/simulations/new/?deck_a=polar-dwarves"' in html
    assert "Measure card values" not in html  # analyses: logged in only


def test_deck_page_offers_its_owner_the_analyses(make_deck, user, client):
    deck = make_deck(user, name="Frost wall")
    client.force_login(user)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'href="/decks/{deck.pk}/analyse/card-values/"' in html
    assert "Measure card values" in html and "Find a better deck" in html


def test_private_deck_logged_out_is_the_sites_own_404(make_deck, user, client):
    deck = make_deck(user, visibility="private", name="Secret wall")
    response = client.get(f"/decks/{deck.pk}/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>Not found</h1>" in html and "Secret wall" not in html
    assert "css/site.css" in html and "img/favicon.svg" in html  # the site's layout
    assert "Technical" not in html and "Traceback" not in html


def test_builder_of_a_saved_deck_offers_both_simulations(make_deck, user, client):
    deck = make_deck(user, name="Frost wall")
    client.force_login(user)
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert f"/simulations/new/?deck_a={deck.pk}" in html
    assert f"gauntlet=1&amp;gauntlet_deck={deck.pk}" in html
