"""Browser tests of issue 33's simulation items: a first-edition deck simulates
against a first-edition faction deck from the page; the replay header at a mid-game
step names the turn and phase of the action shown; an unlisted result opens by its
token logged out and 404s by its id; the matrix page renders the shipped matrix; at
390x844 the simulate, result, replay and matrix pages are no wider than the screen.
Simulations run inline (a few random-agent games) so the browser finds them done."""

from __future__ import annotations

import re

import pytest

from .conftest import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _first_edition_deck(owner):  # type: ignore[no-untyped-def]
    from cards.services import catalog_load
    from decks.services import deck_create
    from engine.deckbuilding.catalog import load_catalog
    from engine.deckbuilding.resolve import default_catalog

    catalog_load(catalog=load_catalog(ruleset="first"), edition="first")
    deck = default_catalog("first").summoners["prince-elien"].deck
    return deck_create(
        owner=owner,
        name="Elien's first-edition host",
        entries=[(e.card, e.count) for e in deck.entries],
        ruleset="first",
    )


def _page_width(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_first_edition_simulation_replay_sharing_and_phone(
    live_server, browser, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from simulate.models import SimulationJob

    base = live_server.url
    page.goto(f"{base}/accounts/signup/")
    sign_up(page, base, "firstplayer")
    owner = get_user_model().objects.get(username="firstplayer")
    deck = _first_edition_deck(owner)

    # The form, prefilled from the deck: first-edition opponents only, labelled.
    page.goto(f"{base}/simulations/new/?deck_a={deck.pk}")
    expect(page.get_by_label("Your deck (A)")).to_have_value(str(deck.pk))
    opponent = page.get_by_label("Opponent (B)")
    expect(opponent.locator("option[value='first:tundra-orcs']")).to_have_count(1)
    expect(opponent.locator("option[value='cave-goblins']")).to_have_count(0)
    expect(opponent.locator("option").first).to_contain_text("(first edition)")
    opponent.select_option("first:tundra-orcs")
    page.get_by_label("Games", exact=True).fill("2")
    page.get_by_label("Who plays deck A").select_option("random")
    page.get_by_label("Who plays deck B").select_option("random")
    page.get_by_role("button", name="Start simulation").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    job = SimulationJob.objects.get(owner=owner)
    assert job.status == "done" and job.ruleset == "first"
    expect(page.locator("[data-field=edition]")).to_have_text("First edition")
    expect(page.locator(".verdict")).to_contain_text("95% interval")

    # A replay at a mid-game step: the header names that action's turn and phase.
    page.get_by_role("link", name="game 0").click()
    page.wait_for_url("**/games/0/")
    label = page.locator("[data-field=label]")
    expect(label).to_contain_text("Setup")
    page.get_by_role("button", name="Next attack ⚔").click()
    step_text = page.locator("[data-field=step-text]")
    expect(step_text).to_contain_text("attacks")
    data = page.evaluate(
        "JSON.parse(document.getElementById('replay-data').textContent)"
    )
    shown = int(page.locator("[data-field=slider]").input_value())
    step = data["steps"][shown]
    name = data["names"][step["player"]]
    expect(label).to_contain_text(
        f"Turn {step['turn']}: {name} · attack phase · step {shown + 1} of"
    )
    expect(page.locator("h2", has_text="This turn")).to_contain_text(
        f"Turn {step['turn']}"
    )
    # Mid-game: a later step, the header still that step's own turn and phase.
    mid = len(data["steps"]) // 2
    page.locator("[data-field=slider]").fill(str(mid))
    step = data["steps"][mid]
    expect(label).to_contain_text(
        f"Turn {step['turn']}: {data['names'][step['player']]} · {step['phase']} phase"
    )
    expect(step_text).not_to_contain_text(re.compile(r"[a-z]+-[a-z]+\.[a-z]"))
    expect(page.locator(".replay-board text", has_text="…")).to_have_count(0)

    # Share as unlisted: the link is a token; logged out it opens, the id 404s.
    page.goto(f"{base}/simulations/{job.pk}/")
    page.get_by_label("Who can see these results").select_option("unlisted")
    page.get_by_role("button", name="Save").click()
    link = page.locator("#share-url").input_value()
    job.refresh_from_db()
    assert link.endswith(f"/s/{job.share_token}/") and "/simulations/" not in link
    stranger = browser.new_context().new_page()
    stranger.goto(link)
    expect(stranger.locator(".verdict")).to_contain_text("95% interval")
    expect(stranger.get_by_text("Shared by firstplayer")).to_be_visible()
    expect(stranger.locator(f"a[href*='/decks/{deck.pk}/']")).to_have_count(0)
    response = stranger.goto(f"{base}/simulations/{job.pk}/")
    assert response is not None and response.status == 404

    # A phone: no page wider than the screen; the replay board first.
    phone = browser.new_context(viewport=PHONE)
    phone_page = phone.new_page()
    phone_page.goto(link)
    for url in (
        link,
        f"{link}games/0/",
        f"{base}/matrices/ready/",
        f"{base}/simulations/",
    ):
        phone_page.goto(url)
        assert _page_width(phone_page) <= PHONE["width"], url
    phone_page.goto(f"{link}games/0/")
    board = phone_page.locator(".replay-board").bounding_box()
    assert board is not None and board["y"] < PHONE["height"] / 2
    assert board["width"] >= 300
    # Logged in on the phone: the forms.
    phone_page.goto(f"{base}/accounts/login/")
    phone_page.get_by_label("Username").fill("firstplayer")
    phone_page.get_by_label("Password").fill("glacier-Logic-2026")
    phone_page.get_by_role("button", name="Log in").click()
    for url in (
        f"{base}/simulations/new/?deck_a={deck.pk}",
        f"{base}/matrices/new/",
        f"{base}/simulations/{job.pk}/",
    ):
        phone_page.goto(url)
        assert _page_width(phone_page) <= PHONE["width"], url


def test_ready_matrix_page_renders_the_shipped_matrix(live_server, page):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from simulate.ready import ready_matrices

    page.goto(f"{live_server.url}/matrices/ready/")
    shipped = ready_matrices()["matrices"]
    tables = page.locator("table.ready-matrix-table")
    expect(tables).to_have_count(len(shipped))
    planner = page.locator("table[data-matrix='second-planner']")
    first_row = planner.locator("tbody tr").first
    expect(first_row.locator("th")).to_have_text("Tundra Orcs")
    expect(first_row.locator("td").nth(1)).to_contain_text("56%")
    expect(first_row.locator("td").nth(1)).to_contain_text("49–63%")
    # Coloured by the script (a style set from data-rate).
    style = first_row.locator("td").nth(1).get_attribute("style") or ""
    assert "background-color" in style
    expect(page.locator("#first-greedy")).to_contain_text("First edition")
