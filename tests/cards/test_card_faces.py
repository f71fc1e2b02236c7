"""Cards as cards (issue 33, items 1 and 2): the card face, the grid and table views
with the texts, the view and filters kept in the URL, the card page's notes and decks,
plain words that name a keyword, and the honest catalog of factions."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from cards import selectors
from cards.models import Card, Faction
from cards.search import parse

pytestmark = pytest.mark.django_db


def text_of(card: Card) -> str:
    return next(a.text for a in card.abilities.all() if a.text)


@pytest.fixture
def both_editions(loaded_catalog):
    """Both editions' catalogs in the database (the second is ``loaded_catalog``)."""
    from cards.services import catalog_load
    from engine.deckbuilding.catalog import load_catalog

    catalog_load(catalog=load_catalog(ruleset="first"), edition="first")
    return loaded_catalog


@pytest.fixture
def faction_decks(loaded_catalog):
    """The public faction decks (the decks app syncs them from the catalog)."""
    from decks.services import faction_decks_sync

    faction_decks_sync()
    return loaded_catalog


def own_deck(owner, name: str, visibility: str = "private"):  # type: ignore[no-untyped-def]
    from decks.selectors import deck_entry_pairs, deck_start_from
    from decks.services import deck_create

    faction = deck_start_from(None, "polar-dwarves")
    return deck_create(
        owner=owner,
        name=name,
        entries=deck_entry_pairs(faction),
        visibility=visibility,
    )


# The face --------------------------------------------------------------------------


def faces(html: str) -> dict[str, str]:
    """Each card face in the page, by its data-card slug."""
    found = re.findall(r'<article class="card-face[^"]*" data-card="([^"]+)"', html)
    parts = html.split('<article class="card-face')[1:]
    return {
        slug: part.split("</article>")[0]
        for slug, part in zip(found, parts, strict=True)
    }


def test_grid_is_the_default_and_each_face_shows_its_numbers_and_texts(
    client, loaded_catalog
):
    html = client.get("/cards/", {"q": "f:polar-dwarves"}).content.decode()
    shown = faces(html)
    assert '<ul class="card-grid">' in html and "cards-table" not in html
    svara = Card.objects.get(slug="svara", edition="second")
    face = shown["svara"]
    assert "faction-polar-dwarves" in html  # the faction colour's class
    assert "Summoner unit · Polar Dwarves" in face
    assert "<dt>Strength</dt><dd>3</dd>" in face and "<dt>Life</dt><dd>12</dd>" in face
    assert "Ranged, range 3" in face
    assert "Structural Shift." in face and text_of(svara) in face
    assert "Water" in face and "Logic" in face  # symbols
    mage = shown["frost-mage"]
    cost = Card.objects.get(slug="frost-mage", edition="second").cost
    assert f'title="Cost {cost}"' in mage
    # an event: its phase and text, no "Effect" label
    freeze = Card.objects.get(slug="ice-ram", edition="second")
    event = shown["ice-ram"]
    assert text_of(freeze) in event and "Effect" not in event
    assert "Play in your" in event and "phase" in event


def test_melee_face_says_adjacent_and_unknown_numbers_say_so(client, loaded_catalog):
    html = client.get("/cards/", {"q": "f:swamp-orcs"}).content.decode()
    shown = faces(html)
    assert "Incomplete" not in html  # a card list, not the faction page
    unknown = next(f for s, f in shown.items() if "<dt>Life</dt><dd>?</dd>" in f)
    assert "symbols unknown" in unknown
    melee = faces(client.get("/cards/", {"q": "a:melee"}).content.decode())
    assert all("Melee, adjacent" in f for f in melee.values())


def test_first_edition_faces_name_their_edition(client, both_editions):
    html = client.get("/cards/", {"ruleset": "first", "q": "grognack"}).content.decode()
    face = faces(html)["grognack"]
    assert "First edition" in face
    assert "/cards/grognack/?ruleset=first" in face


def test_table_view_shows_the_texts_and_event_texts(client, loaded_catalog):
    html = client.get("/cards/", {"q": "f:polar-dwarves", "view": "table"}).content
    html = html.decode()
    assert "cards-table" in html and "card-grid" not in html
    assert '<th scope="col">Text</th>' in html
    for slug in ("svara", "ice-ram", "parapet"):
        assert text_of(Card.objects.get(slug=slug, edition="second")) in html
    assert "<strong>Effect.</strong>" not in html and ">Effect<" not in html
    assert 'Ranged <span class="muted">(range 3)</span>' in html


# The view and the filters in the URL ------------------------------------------------


def test_view_switch_and_pager_keep_the_filters_and_sort(client, loaded_catalog):
    query = {"card_type": "unit", "sort": "-cost", "view": "table"}
    html = client.get("/cards/", query).content.decode()
    # the switch back to the grid keeps the filters and the sort, drops the view
    assert 'href="?card_type=unit&amp;sort=-cost">Cards</a>' in html
    assert 'aria-current="true">Table</span>' in html
    # the pager and the form keep the table view
    assert "card_type=unit&amp;sort=-cost&amp;view=table&amp;page=2" in html
    assert '<input type="hidden" name="view" value="table">' in html
    # sorting a column stays in the table
    assert "card_type=unit&amp;view=table&amp;sort=cost" in html
    grid = client.get("/cards/", {"card_type": "unit"}).content.decode()
    assert 'href="?card_type=unit&amp;view=table">Table</a>' in grid
    assert 'name="view"' not in grid


def test_unknown_view_falls_back_to_the_grid(client, loaded_catalog):
    response = client.get("/cards/", {"view": "<script>"})
    assert response.status_code == 200
    assert '<ul class="card-grid">' in response.content.decode()


def test_more_filters_fold_counts_the_filters_set(client, loaded_catalog):
    html = client.get("/cards/", {"q": "svara"}).content.decode()
    assert "data-fold-small" in html  # nothing set in it: a phone folds it
    html = client.get(
        "/cards/", {"card_type": "unit", "attack_type": "ranged"}
    ).content.decode()
    assert "(2 set)" in html and "data-fold-small" not in html


# Search: plain words that name a keyword -------------------------------------------


def slugs(**query: str) -> set[str]:
    return set(selectors.card_list(filters=query).values_list("slug", flat=True))


@pytest.mark.parametrize("ruleset", ["second", "first"])
def test_plain_ranged_finds_every_ranged_unit_and_the_texts(both_editions, ruleset):
    ranged = slugs(q="a:ranged", ruleset=ruleset)
    texts = slugs(q="t:ranged", ruleset=ruleset)
    plain = slugs(q="ranged", ruleset=ruleset)
    assert len(ranged) > 10
    assert plain == ranged | texts
    assert slugs(q="melee", ruleset=ruleset) >= slugs(q="a:melee", ruleset=ruleset)


def test_plain_ranged_second_edition_counts(loaded_catalog):
    # 42 ranged units; two more cards say "ranged" in their texts
    assert len(slugs(q="a:ranged")) == 42
    assert len(slugs(q="ranged")) == 42 + len(slugs(q="t:ranged") - slugs(q="a:ranged"))


def test_plain_faction_and_class_words(loaded_catalog):
    polar = slugs(faction="polar-dwarves")
    assert slugs(q="polar") == polar
    assert slugs(q="polar-dwarves") == polar
    assert slugs(q="polar dwarves") == polar
    dwarves = set(
        Card.objects.filter(
            edition="second", faction__name__iendswith="dwarves"
        ).values_list("slug", flat=True)
    )
    assert slugs(q="dwarves") >= dwarves
    assert slugs(q="champion") >= slugs(q="is:champion")
    assert slugs(q="champions") >= slugs(q="is:champion")
    assert slugs(q="event") >= slugs(card_type="event")
    assert slugs(q="structure") >= slugs(q="is:structure")
    # a word naming no keyword is a text search, as before
    assert slugs(q="svara") == {"svara"}
    # words combine: every word must match (here: polar champions)
    assert slugs(q="polar champion") == slugs(q="f:polar-dwarves is:champion")


def test_short_words_and_the_name_no_faction(both_editions):
    filth = set(
        Card.objects.filter(edition="first", faction__slug="the-filth").values_list(
            "slug", flat=True
        )
    )
    the = slugs(q="the", ruleset="first")
    texts = slugs(q="t:the", ruleset="first")
    assert the == texts  # "the" names no faction, though "The Filth" starts with it
    assert slugs(q="filth", ruleset="first") >= filth


def test_the_api_shares_the_plain_word_search(loaded_catalog):
    api = APIClient()
    plain = api.get("/api/cards/", {"q": "ranged", "page_size": 100}).json()
    explicit = api.get("/api/cards/", {"q": "a:ranged", "page_size": 100}).json()
    assert plain["count"] == len(slugs(q="ranged")) >= explicit["count"] == 42
    assert api.get("/api/cards/", {"q": "a:nope"}).status_code == 400


def test_parse_keeps_the_words_and_rejects_bad_terms():
    assert parse("ranged polar").words == ["ranged", "polar"]
    with pytest.raises(Exception, match="attack is melee or ranged"):
        parse("a:flying")


# The card page ----------------------------------------------------------------------


def test_card_page_face_notes_and_no_repeated_labels(client, faction_decks):
    html = client.get("/cards/frost-mage/").content.decode()
    assert '<article class="card-face' in html and "<h1>Frost Mage</h1>" in html
    assert "Rulings and notes" in html and "Confidence in these facts" in html
    # the faction deck once, its two roles together
    assert html.count("Polar Dwarves faction deck</a>") == 1
    assert "faction deck</a>: 5× (1 starting unit, 4 commons)" in html
    assert "(faction deck) (faction deck)" not in html
    assert "(faction deck)</a> <span" not in html
    event = client.get("/cards/ice-ram/").content.decode()
    assert ">Effect<" not in event and "Effect / Effect" not in event
    assert event.count(text_of(Card.objects.get(slug="ice-ram", edition="second"))) == 1


def test_card_page_says_what_is_missing(client, loaded_catalog):
    card = Card.objects.filter(edition="second", stats_known=False).first()
    html = client.get(f"/cards/{card.slug}/").content.decode()
    assert "Not known yet: numbers" in html


def test_card_page_names_the_other_edition(client, both_editions):
    html = client.get("/cards/grognack/").content.decode()
    assert "Second edition" in html
    assert 'href="/cards/grognack/?ruleset=first">first edition</a>' in html
    first = client.get("/cards/grognack/", {"ruleset": "first"}).content.decode()
    assert 'href="/cards/grognack/">second edition</a>' in first
    assert "<title>Grognack (first edition)" in first


def test_card_page_lists_the_viewers_own_decks_never_others_private(
    client, both_editions, faction_decks, user, other_user
):
    own_deck(user, "My secret wall")
    own_deck(user, "My link wall", visibility="unlisted")
    own_deck(other_user, "Their secret wall")
    own_deck(other_user, "Their open wall", visibility="public")
    anonymous = client.get("/cards/ice-smith/").content.decode()
    assert "Their open wall" in anonymous and "Your decks" not in anonymous
    assert "secret wall" not in anonymous and "link wall" not in anonymous
    client.force_login(user)
    html = client.get("/cards/ice-smith/").content.decode()
    mine = html.split("<h3>Your decks</h3>")[1].split("<h3>")[0]
    assert "My secret wall" in mine and "(private)" in mine
    assert "My link wall" in mine and "(unlisted)" in mine
    assert "Their secret wall" not in html
    public = html.split("<h3>Public decks</h3>")[1]
    assert "Their open wall" in public and "My secret wall" not in public
    # the first-edition card of the same name is another card: no deck of these
    first = client.get("/cards/freeze/", {"ruleset": "first"}).content.decode()
    assert "My secret wall" not in first


def test_decks_hook_puts_the_viewers_decks_first(faction_decks, user, other_user):
    from cards import hooks

    for i in range(3):
        own_deck(other_user, f"A public wall {i}", visibility="public")
    own_deck(user, "Zz my wall")
    card = Card.objects.get(slug="ice-smith", edition="second")
    request = SimpleNamespace(user=user)
    page = hooks.page_context(hooks.card_page, None, request=request, card=card)
    names = [d.name for d in page["decks_using"]]
    assert names[0] == "Zz my wall"
    assert page["decks_using_count"] == 5  # the faction deck, 3 public, mine
    anonymous = SimpleNamespace(user=SimpleNamespace(is_authenticated=False))
    page = hooks.page_context(hooks.card_page, None, request=anonymous, card=card)
    assert "Zz my wall" not in [d.name for d in page["decks_using"]]


# The honest catalog -----------------------------------------------------------------


def incomplete(edition: str = "second") -> list[Faction]:
    return [
        f
        for f, status in selectors.faction_list_with_status(edition=edition)
        if not status.playable
    ]


def test_faction_status_says_what_is_known_and_missing(both_editions):
    statuses = dict(selectors.faction_list_with_status())
    polar = next(s for f, s in statuses.items() if f.slug == "polar-dwarves")
    assert polar.complete and polar.playable and polar.label == "Complete"
    assert polar.missing == [] and polar.deck_size == 34
    assert polar.known == "12 cards known, 12 with full data"
    sky = next(s for f, s in statuses.items() if f.slug == "skyspear-avians")
    assert not sky.playable and not sky.complete
    assert sky.label == "Incomplete: no faction deck to play"
    assert any("faction deck list" in m for m in sky.missing)
    assert any("8 of its 8 known cards" in m for m in sky.missing)
    assert len(incomplete()) == 12 and len(statuses) == 20
    assert incomplete("first") == []
    filth = dict(selectors.faction_list_with_status(edition="first"))
    status = next(s for f, s in filth.items() if f.slug == "the-filth")
    assert status.playable and not status.complete  # a deck, one card's text unknown
    assert status.label == "Playable, some data missing"


def test_faction_list_offers_no_deck_for_incomplete_factions(client, loaded_catalog):
    html = client.get("/factions/").content.decode()
    assert html.count("Incomplete: no faction deck to play") == 12
    for faction in incomplete():
        card = html.split(f"faction-card faction-{faction.slug} ")[1].split("</li>")[0]
        assert f"/factions/{faction.slug}/deck/" not in card
        assert f'href="/factions/{faction.slug}/">What is known</a>' in card
        assert "Customise" not in card and "Missing:" in card
    polar = html.split("faction-card faction-polar-dwarves")[1].split("</li>")[0]
    assert 'href="/factions/polar-dwarves/deck/">Faction deck</a>' in polar
    home = client.get("/").content.decode()
    for faction in incomplete():
        assert f"/factions/{faction.slug}/deck/" not in home


def test_incomplete_faction_page_shows_its_known_cards(client, loaded_catalog):
    response = client.get("/factions/skyspear-avians/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Skyspear Avians</h1>" in html
    assert "Incomplete: no faction deck to play" in html
    assert "8 cards known, 0 with full data" in html
    assert len(faces(html)) == 8 and "ava" in faces(html)
    assert "/factions/skyspear-avians/deck/" not in html
    assert reverse("decks:new") + "?from=skyspear-avians" not in html


def test_faction_deck_page_shows_its_cards_as_faces(client, loaded_catalog):
    html = client.get("/factions/polar-dwarves/deck/").content.decode()
    shown = faces(html)
    assert list(shown)[:2] == ["svara", "starting-gate"]  # deck order
    assert len(shown) == 14  # 12 faction cards and the two gates
    svara = Card.objects.get(slug="svara", edition="second")
    assert text_of(svara) in shown["svara"]


def test_complete_faction_page_is_still_its_deck(client, both_editions):
    response = client.get("/factions/tundra-orcs/", {"ruleset": "first"})
    assert response.status_code == 302
    assert response["Location"] == "/factions/tundra-orcs/deck/?ruleset=first"
    assert client.get("/factions/no-such/").status_code == 404
