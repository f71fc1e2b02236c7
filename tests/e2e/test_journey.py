"""Browser test: the whole player's path in one go, as a new player walks it.

From the home page to a faction deck, "Customise this deck" (logged out), break a
rule and read the plain-words error, fix it, save (which asks to sign up and keeps
the cards), simulate the deck against a faction deck, read the verdict, open a
replay and step to an attack (arrow, dice, hits), jump to the winner banner, share
the result as unlisted and open the link logged out. Simulations run inline (a few
random-agent games) so the browser finds them done.
"""

from __future__ import annotations

import re

import pytest

from .conftest import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_to_verdict(
    live_server, browser, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from decks.models import Deck
    from simulate.models import SimulationJob

    base = live_server.url
    page.goto(f"{base}/")
    expect(page.get_by_role("heading", name="Build")).to_be_visible()
    page.get_by_role("link", name="See the factions").click()
    page.get_by_role("link", name="Polar Dwarves").first.click()
    expect(page.locator("h1")).to_have_text("Polar Dwarves faction deck")

    # Customise the faction deck, logged out: the builder opens with its cards.
    page.get_by_role("link", name="Customise this deck").click()
    page.wait_for_url("**/decks/new/?from=polar-dwarves")
    status = page.locator("#deck-status")
    expect(page.get_by_text("Try it freely")).to_be_visible()
    expect(status).to_contain_text("Legal deck")

    # Break a rule: one common too few. The error is in words, with the numbers.
    page.get_by_role("button", name="Remove one Ice Smith", exact=True).click()
    error = page.locator("#deck-errors li[data-code='commons.count']")
    expect(error).to_have_text(
        re.compile(r"^Add 1 more common: the deck has \d+ of the \d+")
    )
    expect(page.locator("#deck-errors")).not_to_contain_text("commons.count")
    # The rules panel stays in view while scrolling the card list (desktop).
    page.mouse.wheel(0, 4000)
    expect(page.locator("#validation-heading")).to_be_in_viewport()
    # Fix it.
    page.get_by_role("button", name="Add one Ice Smith", exact=True).click()
    expect(status).to_contain_text("Legal deck")
    page.get_by_label("Deck name").fill("Frost gauntlet")

    # Saving asks for an account and keeps the work.
    page.locator("aside .save-button").click()
    page.wait_for_url("**/accounts/login/**")
    page.locator("#main").get_by_role("link", name="Sign up").click()
    sign_up(page, base, "newplayer")
    page.wait_for_url("**/decks/new/?draft=1")
    expect(page.get_by_label("Deck name")).to_have_value("Frost gauntlet")
    expect(status).to_contain_text("Legal deck")
    page.locator("aside .save-button").click()
    page.wait_for_url("**/decks/*/")
    expect(page.locator(".deck-meta .badge").first).to_have_text("Legal")
    deck = Deck.objects.get(name="Frost gauntlet")
    assert deck.owner.username == "newplayer"

    # Simulate against a faction deck: the form comes prefilled with this deck.
    page.get_by_role("link", name="Simulate against a deck").click()
    expect(page.get_by_label("Your deck (A)")).to_have_value(str(deck.pk))
    page.get_by_label("Opponent (B)").select_option("tundra-orcs")
    page.get_by_label("Games", exact=True).fill("3")
    page.get_by_label("Who plays deck A").select_option("random")
    page.get_by_label("Who plays deck B").select_option("random")
    estimate = page.locator("#estimate")
    expect(estimate).to_contain_text(
        "3 seeds, each played twice with the seats swapped = 6 games"
    )
    expect(estimate).to_contain_text("on one worker")
    page.get_by_role("button", name="Start simulation").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    job = SimulationJob.objects.get(owner=deck.owner)
    assert job.status == "done" and job.total_games == 6

    # The verdict: one sentence with its interval.
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("95% interval")
    expect(verdict).to_contain_text(re.compile(r"favoured|No clear edge"))
    expect(page.locator("[data-field=assoc] tbody tr").first).to_contain_text(
        "baseline"
    )

    # A replay: step to the first attack, see its arrow and dice, then the end.
    page.get_by_role("link", name="game 0").click()
    page.wait_for_url("**/games/0/")
    step_text = page.locator("[data-field=step-text]")
    expect(step_text).to_contain_text("Setup")
    page.get_by_role("button", name="Next action").click()
    expect(step_text).not_to_contain_text("Setup")
    page.get_by_role("button", name="Next attack ⚔").click()
    expect(step_text).to_contain_text("attacks")
    expect(step_text).to_contain_text(re.compile(r"\d+ hits?"))
    expect(page.locator(".replay-board line.arrow-attack")).to_have_count(1)
    assert page.locator(".replay-dice .die").count() >= 1
    page.get_by_role("button", name="Last").click()
    banner = page.locator("[data-field=banner]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile(r"wins:|Draw:"))
    expect(banner).not_to_contain_text("_")

    # Share by link, then open it logged out.
    page.go_back()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    page.get_by_label("Who can see these results").select_option("unlisted")
    page.get_by_role("button", name="Save").click()
    link = page.locator("#share-url").input_value()
    job.refresh_from_db()
    assert link.endswith(f"/s/{job.share_token}/")  # a token, not the id
    stranger = browser.new_context().new_page()
    stranger.goto(link)
    expect(stranger.locator(".verdict")).to_contain_text("95% interval")
    expect(stranger.get_by_text("Shared by newplayer")).to_be_visible()
    expect(stranger.locator("[data-field=record]")).not_to_have_text("–")
