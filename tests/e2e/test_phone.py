"""Issue 33 (phone): at 390x844 the site's shell, the deck pages, the collection,
the builder, the analysis pages, log-in and sign-up and the error pages are no
wider than the screen; the main menu folds behind a Menu button (aria-expanded)
that opens and closes it, and stays open when JavaScript is off."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "glacier-Logic-2026"
PHONE = {"width": 390, "height": 844}
#: The page's widest box, and the element sticking out furthest (for the message).
WIDTH = """() => {
  let worst = null, right = 0;
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > right) { right = r.right; worst = el; }
  }
  return {
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    worst: worst ? worst.tagName + '.' + worst.className + ' ' + Math.round(right) : '',
  };
}"""


def log_in(page, base: str, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")


def test_pages_fit_a_phone(live_server, browser, catalog_loaded, inline_simulations):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from django.test import TestCase

    from analysis import services as analysis_services
    from decks.models import Deck
    from decks.services import deck_copy

    user = get_user_model().objects.create_user("phone", password=PASSWORD)
    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    deck = deck_copy(deck=faction, owner=user, name="Frost wall with a long name too")
    with TestCase.captureOnCommitCallbacks(execute=False):
        job = analysis_services.analysis_submit(
            owner=user,
            deck_id=deck.pk,
            kind="card-values",
            field=["cave-goblins"],
            agent="random",
            max_games=2000,
            dispatch=False,
        )

    base = live_server.url
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    public = [
        "/accounts/login/",
        "/accounts/signup/",
        "/no-such-page/",
        "/decks/",
        f"/decks/{faction.pk}/",
        "/decks/new/",
        "/decks/new/?summoner=svara",
    ]
    for path in public:
        page.goto(base + path)
        width = page.evaluate(WIDTH)
        assert width["scroll"] <= width["inner"], (path, width)

    log_in(page, base, "phone")
    private = [
        "/",
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/decks/{deck.pk}/edit/",
        "/decks/import/",
        "/collection/",
        "/collection/?ruleset=first",
        f"/decks/{deck.pk}/analyse/card-values/",
        f"/decks/{deck.pk}/analyse/suggestions/",
        f"/analyses/{job.pk}/",
        f"/decks/{deck.pk}/delete/",
    ]
    for path in private:
        page.goto(base + path)
        width = page.evaluate(WIDTH)
        assert width["scroll"] <= width["inner"], (path, width)
    context.close()


def test_menu_button_opens_and_closes_the_menu(live_server, browser):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_server.url + "/decks/")
    button = page.get_by_role("button", name="Menu")
    menu = page.get_by_role("navigation", name="Main")
    decks = menu.get_by_role("link", name="Decks", exact=True)
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(decks).to_be_hidden()
    # Folded, the header is one row: the brand and the button.
    assert page.locator(".site-header").bounding_box()["height"] < 70

    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(decks).to_be_visible()
    box = page.locator(".site-nav").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    button.click()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(decks).to_be_hidden()

    # Escape closes it and gives the focus back to the button.
    button.click()
    expect(decks).to_be_visible()
    page.keyboard.press("Escape")
    expect(decks).to_be_hidden()
    expect(button).to_be_focused()

    # On a wide screen there is no button: the menu is a row of links.
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(button).to_be_hidden()
    expect(decks).to_be_visible()
    context.close()

    # Without JavaScript the menu stays open and the button stays out of the way.
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/decks/")
    expect(
        page.get_by_role("navigation", name="Main").get_by_role(
            "link", name="Decks", exact=True
        )
    ).to_be_visible()
    expect(page.locator(".nav-toggle")).to_be_hidden()
    context.close()


def test_log_out_lines_up_with_the_menu_links(live_server, browser):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("aligned", password=PASSWORD)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log_in(page, live_server.url, "aligned")
    nav = page.get_by_role("navigation", name="Main")
    link = nav.get_by_role("link", name="Collection").bounding_box()
    button = nav.get_by_role("button", name="Log out aligned").bounding_box()
    # Same row, same text baseline (within a pixel or two), same height.
    assert abs(link["y"] - button["y"]) <= 2, (link, button)
    assert abs(link["height"] - button["height"]) <= 2, (link, button)
    context.close()
