"""Browser test: sign up, build a legal Polar Dwarves deck from scratch in the builder
(live validation through the API, no page reload), save it.

Runs Debian's Chromium through Playwright's sync API against pytest-django's
``live_server``; skipped only when /usr/bin/chromium is missing. Playwright's sync API
runs an event loop in this thread, hence ``DJANGO_ALLOW_ASYNC_UNSAFE``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the player adds by hand: the summoner brings its gates, starting units (1 Frost
# Mage, 1 Ice Golem) and epic events (2 Ice Ram), locked.
ADD_BY_CLICKING = {
    "Parapet": 2,
    "Ice Repair": 2,
    "Glacial Shift": 2,
    "Nadiana": 1,
    "Ollag": 1,
    "Jarmund": 1,
}
ADD_BY_TYPING = {"frost-mage": 5, "ice-golem": 5, "bear-cavalry": 4, "ice-smith": 4}


@pytest.fixture
def page(live_server, monkeypatch) -> Iterator[object]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # only while a browser runs
    if not CHROMIUM.exists():
        pytest.skip("chromium not found at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(15_000)
            yield page
        finally:
            browser.close()


@pytest.fixture
def catalog_loaded(transactional_db) -> None:  # type: ignore[no-untyped-def]
    from cards.services import catalog_load
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog

    catalog_load(catalog=load_catalog())
    faction_decks_sync()


def test_build_a_legal_deck_from_scratch(live_server, page, catalog_loaded):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from decks.models import Deck

    base = live_server.url
    page.goto(f"{base}/accounts/signup/?next=/decks/new/")
    page.get_by_label("Username").fill("frostbuilder")
    page.locator("#id_password1").fill("glacier-Logic-2026")
    page.locator("#id_password2").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(f"{base}/decks/new/")

    # Choose the summoner: its locked cards arrive with it.
    page.get_by_label("Summoner").select_option("svara")
    page.get_by_role("button", name="Start building").click()
    page.wait_for_url("**/decks/new/?summoner=svara")
    status = page.locator("#deck-status")
    expect(status).to_contain_text("Not legal yet")
    expect(page.locator("#deck-slots [data-role=epic_event] .slot-count")).to_have_text(
        "2"
    )

    # Search, then add with the + buttons (keyboard: focus and press Enter).
    search = page.get_by_label("Search cards")
    for name, copies in ADD_BY_CLICKING.items():
        search.fill(name)
        plus = page.get_by_role("button", name=f"Add one {name}", exact=True)
        expect(plus).to_be_visible()
        for _ in range(copies):
            plus.focus()
            page.keyboard.press("Enter")
    search.fill("")

    # ... and by typing counts.
    for slug, copies in ADD_BY_TYPING.items():
        page.locator(f"#count-{slug}").fill(str(copies))
        page.locator(f"#count-{slug}").dispatch_event("change")

    # Live validation: no reload, the status region says the deck is legal.
    expect(status).to_have_text("Legal deck: 34 cards.")
    expect(page.locator("#deck-errors li")).to_have_count(0)
    expect(page.locator("#deck-slots [data-role=common] .slot-count")).to_have_text(
        "16"
    )
    assert page.url.endswith("/decks/new/?summoner=svara")

    page.get_by_label("Deck name").fill("Frost wall")
    page.locator("aside .save-button").click()
    page.wait_for_url("**/decks/*/")
    expect(page.locator("h1")).to_have_text("Frost wall")
    expect(page.locator(".deck-meta .badge").first).to_have_text("Legal")

    deck = Deck.objects.get(name="Frost wall")
    assert deck.owner.username == "frostbuilder"
    assert deck.summoner.slug == "svara"
    assert sum(e.count for e in deck.entries.all()) == 34


def test_phone_width_owned_filter_and_no_horizontal_scroll(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from decks.services import collection_set

    user = get_user_model().objects.create_user("phone", password="glacier-Logic-2026")
    # The Master Set holds the Polar Dwarves deck; Brutal Force and Freeze (Tundra
    # Orcs, Starter Set) share Svara's Water symbol but are not owned.
    collection_set(user=user, product="master-set", quantity=1)

    page.set_viewport_size({"width": 390, "height": 844})
    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/new/%3Fsummoner%3Dsvara")
    page.get_by_label("Username").fill("phone")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/decks/new/?summoner=svara")

    no_overflow = "document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(no_overflow)

    freeze = page.locator(".pool-row[data-slug=freeze]")
    expect(freeze).to_be_visible()
    page.get_by_label("Show only cards I own").check()
    expect(freeze).to_be_hidden()
    expect(page.locator(".pool-row[data-slug=ice-smith]")).to_be_visible()
    expect(page.locator("#pool-shown")).to_contain_text("Showing")

    # Adding an unowned card warns live (collection.short), keyboard only.
    page.get_by_label("Show only cards I own").press("Space")
    expect(freeze).to_be_visible()
    page.get_by_role("button", name="Add one Freeze", exact=True).focus()
    page.keyboard.press("Enter")
    expect(
        page.locator("#deck-warnings li[data-code='collection.short']")
    ).to_contain_text("Freeze")
    expect(page.locator("#pool-status")).to_be_visible()
    assert page.evaluate(no_overflow)


def test_typed_counts_are_brought_back_with_the_reason(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    """Issue 33: a typed count beyond the rules is set back to the limit and the
    builder says why; an illegal deck's editor names the real limit (4), not the
    count it holds (5)."""
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from decks.services import deck_create
    from tests.decks.conftest import POLAR_DWARVES_CUSTOM

    user = get_user_model().objects.create_user("typer", password="glacier-Logic-2026")
    cards = dict(POLAR_DWARVES_CUSTOM)
    cards["ice-smith"] = 5  # one over the common copy limit of 4
    deck = deck_create(owner=user, name="Too many smiths", entries=list(cards.items()))

    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/{deck.pk}/edit/")
    page.get_by_label("Username").fill("typer")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck.pk}/edit/")

    smith = page.locator(".pool-row[data-slug=ice-smith]")
    expect(smith.locator("#limit-ice-smith")).to_have_text("max 4")
    expect(smith.locator(".count-note")).to_have_text(
        "5 is over the limit: at most 4 of this card."
    )

    field = page.get_by_label("Copies of Ice Smith")
    field.fill("9")
    field.press("Tab")
    expect(field).to_have_value("4")
    expect(smith.locator(".count-note")).to_have_text(
        "9 is too many: at most 4 of this card."
    )
    # A champion: one copy at most.
    page.get_by_label("Copies of Nadiana").fill("3")
    page.get_by_label("Copies of Nadiana").press("Tab")
    expect(page.get_by_label("Copies of Nadiana")).to_have_value("1")
    expect(page.locator(".pool-row[data-slug=nadiana] .count-note")).to_have_text(
        "3 is too many: at most 1 of this card."
    )
    # The + button at the limit says so too; a count within the rules clears it.
    page.get_by_role("button", name="Add one Ice Smith", exact=True).click()
    expect(field).to_have_value("4")
    expect(smith.locator(".count-note")).to_have_text(
        "5 is too many: at most 4 of this card."
    )
    field.fill("3")
    field.press("Tab")
    expect(smith.locator(".count-note")).to_be_hidden()


def test_delete_stands_apart_from_the_ordinary_actions(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    """Issue 33: the red Delete is no longer between ordinary buttons: it is the
    last action, pushed to the end of the row behind a divider."""
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from decks.services import deck_create
    from tests.decks.conftest import POLAR_DWARVES_CUSTOM

    user = get_user_model().objects.create_user(
        "careful", password="glacier-Logic-2026"
    )
    deck = deck_create(owner=user, name="Keep me", entries=POLAR_DWARVES_CUSTOM)
    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/{deck.pk}/")
    page.get_by_label("Username").fill("careful")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck.pk}/")

    actions = page.locator(".deck-actions").first
    delete = actions.get_by_role("link", name="Delete this deck")
    expect(delete).to_be_visible()
    last = actions.locator(":scope > *").last
    expect(last).to_have_class("danger-zone no-print")
    others = [
        actions.get_by_role("link", name="Edit in the builder"),
        actions.get_by_role("button", name="Copy to my decks"),
        actions.get_by_role("button", name="Print deck sheet"),
    ]
    boxes = [o.bounding_box() for o in others]
    box = delete.bounding_box()
    below = box["y"] >= max(b["y"] + b["height"] for b in boxes)
    gap = box["x"] - max(b["x"] + b["width"] for b in boxes)
    # apart: on a row of its own below the others, or far from them on the same row
    assert below or gap >= 24, (box, boxes)
    border = last.evaluate("el => getComputedStyle(el).borderLeftStyle")
    assert border == "solid"  # the divider before it


def test_a_first_edition_deck_from_import_to_builder_to_save(
    live_server, page, transactional_db
):  # type: ignore[no-untyped-def]
    """Issue 33 (both editions): a first-edition deck text imports as a first-edition
    deck (the page asks for the edition; the wrong one is one clear error), lists
    with its edition, opens in the builder whose live check speaks the first
    edition's rules, and saves; the collection page takes first-edition products."""
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from cards.services import catalog_load
    from decks.models import Deck
    from decks.selectors import deck_entry_pairs, deck_start_from
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog
    from engine.deckbuilding.decktext import format_deck_text

    for edition in ("second", "first"):
        catalog_load(catalog=load_catalog(ruleset=edition), edition=edition)
    faction_decks_sync()
    source = deck_start_from(None, "phoenix-elves", "first")
    text = format_deck_text(
        deck_entry_pairs(source), catalog=load_catalog(ruleset="first")
    )
    get_user_model().objects.create_user("oldtimer", password="glacier-Logic-2026")

    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/import/")
    page.get_by_label("Username").fill("oldtimer")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/decks/import/")

    # The wrong edition: one clear error, nothing saved.
    page.get_by_label("Deck text").fill(text)
    page.get_by_label("Deck name").fill("Old flames")
    page.get_by_role("button", name="Import").click()
    errors = page.locator(".errors li")
    expect(errors).to_have_count(1)
    expect(errors.first).to_contain_text("choose First edition")

    page.get_by_label("Edition").select_option("first")
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/decks/*/")
    deck = Deck.objects.get(name="Old flames")
    assert deck.ruleset == "first"
    expect(page.locator(".deck-meta")).to_contain_text("First edition")

    page.get_by_role("link", name="Edit in the builder").click()
    status = page.locator("#deck-status")
    expect(status).to_contain_text("Legal")
    page.get_by_role("button", name="Save deck").first.click()
    page.wait_for_url(f"**/decks/{deck.pk}/")
    expect(page.locator(".messages")).to_contain_text("Saved")

    page.goto(f"{base}/decks/")
    row = page.locator("tr", has=page.get_by_role("link", name="Old flames"))
    expect(row.locator(".edition-badge")).to_have_text("First edition")

    page.goto(f"{base}/collection/?ruleset=first")
    first = next(iter(load_catalog(ruleset="first").products))
    page.locator(f"#quantity-{first}").fill("1")
    page.get_by_role("button", name="Save collection").click()
    expect(page.locator(".messages")).to_contain_text(
        "Collection saved (First edition)"
    )
    expect(page.locator(f"#quantity-{first}")).to_have_value("1")
