"""The card database in Chromium (issue 33, items 1 and 2): a card face shows its
ability text, plain "ranged" finds every ranged unit, the grid/table view and the
filters survive a reload through the URL, an incomplete faction says so and offers no
faction deck, and the pages fit a 390 px phone without sideways scrolling."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def count_of(page) -> int:  # type: ignore[no-untyped-def]
    text = page.locator(".result-count").inner_text()
    match = re.match(r"(\d+) card", text)
    assert match, text
    return int(match.group(1))


def search(page, words: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_label("Search", exact=True).fill(words)
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()


def test_a_card_face_shows_its_ability_and_event_texts(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from cards.models import Card

    svara = Card.objects.get(slug="svara", edition="second")
    ability = svara.abilities.get()
    freeze = Card.objects.get(slug="freeze", edition="second").abilities.get()
    page.goto(f"{live_server.url}/cards/")
    search(page, "svara")
    face = page.locator('.card-face[data-card="svara"]')
    expect(face).to_be_visible()
    expect(face.locator(".face-name")).to_have_text("Svara")
    expect(face.locator(".ability-name")).to_have_text(f"{ability.name}.")
    expect(face.locator(".ability-text")).to_have_text(ability.text)
    expect(face.locator(".stat-life dd")).to_have_text(str(svara.life))
    expect(face.locator(".stat-attack dd")).to_have_text("Ranged, range 3")
    # An event's face: its text, without an "Effect" label.
    search(page, "freeze")
    event = page.locator('.card-face[data-card="freeze"]')
    expect(event.locator(".face-text")).to_have_text(freeze.text)
    # The card page shows the same face, and its text once.
    event.get_by_role("link", name="Freeze").click()
    page.wait_for_url("**/cards/freeze/")
    expect(page.locator(".card-face .ability-text")).to_have_text(freeze.text)
    expect(page.get_by_text(freeze.text)).to_have_count(1)
    expect(page.get_by_text("Effect", exact=True)).to_have_count(0)


def test_plain_ranged_finds_every_ranged_unit(live_server, page, catalog_loaded):  # type: ignore[no-untyped-def]
    page.goto(f"{live_server.url}/cards/")
    search(page, "a:ranged")
    explicit = count_of(page)
    assert explicit == 42
    search(page, "ranged")
    plain = count_of(page)
    assert plain >= explicit  # every ranged unit, and the cards whose texts say so
    # Narrowed to ranged attackers, the plain word still finds all of them.
    page.get_by_label("Attack", exact=True).select_option("ranged")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url(re.compile(r".*attack_type=ranged.*"))
    assert count_of(page) == explicit


def test_view_and_filters_survive_a_reload(live_server, page, catalog_loaded):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/cards/")
    expect(page.locator(".card-grid .card-face").first).to_be_visible()
    page.get_by_label("Faction", exact=True).select_option("polar-dwarves")
    page.get_by_label("Sort by").select_option("-cost")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url(re.compile(r".*faction=polar-dwarves.*"))
    page.locator(".view-switch").get_by_role("link", name="Table").click()
    page.wait_for_url(re.compile(r".*view=table.*"))
    page.reload()
    expect(page.locator(".cards-table")).to_be_visible()
    expect(page.locator(".card-grid")).to_have_count(0)
    expect(page.get_by_label("Faction", exact=True)).to_have_value("polar-dwarves")
    expect(page.get_by_label("Sort by")).to_have_value("-cost")
    factions = page.locator(".cards-table tbody td:nth-child(2)").all_inner_texts()
    assert factions and set(factions) == {"Polar Dwarves"}
    costs = page.locator(".cards-table tbody td:nth-child(4)").all_inner_texts()
    known = [int(c) for c in costs if c.isdigit()]
    assert known == sorted(known, reverse=True)
    # The table shows the texts too.
    expect(page.locator(".cards-table td.card-text").first).not_to_be_empty()
    # A new search keeps the table; the grid link keeps the filters.
    search(page, "ice")
    assert "view=table" in page.url
    expect(page.locator(".cards-table")).to_be_visible()
    page.locator(".view-switch").get_by_role("link", name="Cards").click()
    page.wait_for_load_state()
    assert "view=" not in page.url and "faction=polar-dwarves" in page.url
    expect(page.locator(".card-grid .card-face").first).to_be_visible()
    page.reload()
    expect(page.get_by_label("Search", exact=True)).to_have_value("ice")


def test_an_incomplete_faction_says_so_and_offers_no_faction_deck(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    base = live_server.url
    page.goto(f"{base}/factions/")
    card = page.locator(".faction-card.faction-skyspear-avians")
    expect(card.locator(".faction-status")).to_contain_text(
        "Incomplete: no faction deck to play"
    )
    expect(card).to_contain_text("Missing:")
    expect(card.get_by_role("link", name="Faction deck")).to_have_count(0)
    expect(card.get_by_role("link", name="Customise")).to_have_count(0)
    polar = page.locator(".faction-card.faction-polar-dwarves")
    expect(polar.get_by_role("link", name="Faction deck")).to_be_visible()
    card.get_by_role("link", name="Skyspear Avians").click()
    page.wait_for_url("**/factions/skyspear-avians/")
    expect(page.locator("h1")).to_have_text("Skyspear Avians")
    expect(page.locator(".faction-status")).to_contain_text("Incomplete")
    expect(page.locator(".faction-missing")).to_contain_text("faction deck list")
    expect(page.locator(".card-face").first).to_be_visible()
    assert page.locator('a[href*="/deck/"]').count() == 0
    # The old deck address leads here too, not to an empty deck page.
    page.goto(f"{base}/factions/skyspear-avians/deck/")
    page.wait_for_url("**/factions/skyspear-avians/")


def test_card_pages_fit_a_phone(live_server, browser, catalog_loaded):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    base = live_server.url
    for path in (
        "/cards/",
        "/cards/?view=table",
        "/cards/svara/",
        "/factions/",
        "/factions/skyspear-avians/",
    ):
        page.goto(f"{base}{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    # On a phone the extra filters start folded; the table scrolls in its own box.
    page.goto(f"{base}/cards/")
    expect(page.locator("details.more-filters")).not_to_have_attribute("open", "")
    page.goto(f"{base}/cards/?view=table")
    box = page.locator(".table-scroll")
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")
    context.close()
