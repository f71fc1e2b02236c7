"""Browser tests, one per numbered part of the player's-path issue, each walked as a
player would in Debian's Chromium (Playwright). Simulations run inline with few
random-agent games so they finish while the page loads.
"""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "glacier-Logic-2026"


def make_user(name: str):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password=PASSWORD)


def log_in(page, base: str, name: str, next_url: str = "/") -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def svara_deck(owner, name: str = "Frost wall", visibility: str = "private"):  # type: ignore[no-untyped-def]
    from decks.selectors import deck_entry_pairs, deck_start_from
    from decks.services import deck_create

    faction = deck_start_from(None, "polar-dwarves")
    return deck_create(
        owner=owner,
        name=name,
        entries=deck_entry_pairs(faction),
        visibility=visibility,
    )


# 1. Flow ---------------------------------------------------------------------------


def test_1_flow_from_a_faction_deck_to_a_gauntlet(
    live_server, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from simulate.models import MatrixJob

    make_user("gauntleteer")
    base = live_server.url
    page.goto(f"{base}/")
    expect(page.get_by_role("link", name="Build a deck")).to_have_count(2)  # nav + path
    page.get_by_role("link", name="Tundra Orcs").first.click()
    expect(page.get_by_role("button", name="Copy deck text")).to_be_visible()
    page.get_by_role("link", name="Simulate against every faction deck").click()
    # Simulating needs an account: log in, and come back to the prefilled form.
    page.wait_for_url("**/accounts/login/**")
    page.get_by_label("Username").fill("gauntleteer")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/matrices/new/**")
    expect(page.get_by_label("Gauntlet: only one deck")).to_be_checked()
    expect(page.get_by_label("The gauntlet's deck (its row)")).to_have_value(
        "tundra-orcs"
    )
    page.get_by_label("Games per pair").fill("2")
    page.get_by_label("Who plays (both sides)").select_option("random")
    expect(page.locator("#estimate")).to_contain_text(
        re.compile(r"\d+ pairs × 2 games")
    )
    page.get_by_role("button", name="Start matrix").click()
    page.wait_for_url(re.compile(r".*/matrices/\d+/$"))
    matrix = MatrixJob.objects.get()
    assert matrix.gauntlet and matrix.decks[0]["source"]["slug"] == "tundra-orcs"
    expect(page.locator("h1")).to_contain_text(
        re.compile(r"Gauntlet: Tundra Orcs.* against 7 decks")
    )
    rows = page.locator("#matrix tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.locator("td.sim-cell").first).to_contain_text("%")
    expect(page.locator("#matrix thead th.avg-col")).to_have_text("Average")
    expect(rows.first.locator("td.avg-col .cell-ci")).to_contain_text("–")


# 2. Builder -------------------------------------------------------------------------


def test_2_builder_caps_counts_words_errors_and_keeps_the_panel(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    make_user("builder")
    base = live_server.url
    log_in(page, base, "builder", "/decks/new/")
    page.wait_for_url("**/decks/new/")
    picker = page.get_by_label("Summoner")
    expect(picker.locator("option[value=svara]")).to_have_text("Svara (Polar Dwarves)")
    picker.select_option("svara")
    page.get_by_role("button", name="Start building").click()
    page.wait_for_url("**/decks/new/?summoner=svara")
    # Typing above the cap is brought back to the cap at once.
    smith = page.locator("#count-ice-smith")
    smith.fill("9")
    smith.press("Tab")
    expect(smith).to_have_value(smith.get_attribute("max") or "")
    # Errors in words with numbers; the codes stay only as data.
    errors = page.locator("#deck-errors")
    expect(errors.locator("li[data-code='champions.count']")).to_contain_text(
        re.compile(r"Add 3 more champions: the deck has 0 of the 3")
    )
    expect(errors).not_to_contain_text(".count")
    # Keyboard: + button by Enter.
    page.get_by_label("Search cards").fill("Nadiana")
    page.get_by_role("button", name="Add one Nadiana", exact=True).focus()
    page.keyboard.press("Enter")
    expect(errors.locator("li[data-code='champions.count']")).to_contain_text(
        "Add 2 more"
    )
    page.get_by_label("Search cards").fill("")
    # Desktop: the rules panel stays in view while adding commons down the list.
    page.locator(".pool[data-group=common] .pool-row").last.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 500
    expect(page.locator("#deck-status")).to_be_in_viewport()
    # Phone: no sideways scrolling, and the one-line status follows along.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(page.locator("#pool-status")).to_be_visible()


# 3. Import --------------------------------------------------------------------------


def test_3_import_adds_locked_cards_and_looks_like_the_site(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from decks.models import Deck

    make_user("importer")
    base = live_server.url
    log_in(page, base, "importer", "/decks/import/")
    page.wait_for_url("**/decks/import/")
    expect(page.locator("link[href$='css/decks.css']")).to_have_count(1)
    expect(page.get_by_role("link", name="Decks").first).to_be_visible()  # site nav
    page.get_by_label("Deck text").fill("1 Svara\n3 Ice Smiht\n")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("did you mean Ice Smith")
    assert not Deck.objects.filter(owner__username="importer").exists()
    text = (
        "1 Svara\n2 Parapet\n2 Ice Repair\n2 Glacial Shift\n1 Nadiana\n1 Ollag\n"
        "1 Jarmund\n5 Frost Mage\n5 Ice Golem\n4 Bear Cavalry\n4 Ice Smith\n"
    )
    page.get_by_label("Deck text").fill(text)
    page.get_by_label("Deck name").fill("Pasted wall")
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url("**/decks/*/")
    # The gates and epic events the text left out came with the summoner.
    expect(page.locator(".deck-meta .badge").first).to_have_text("Legal")
    entries = page.get_by_role("region", name=re.compile(r"^Cards \("))
    expect(entries).to_contain_text("2 Ice Ram")
    expect(entries).to_contain_text("3 Gate")
    expect(entries).to_contain_text("1 Starting Gate")


# 4. Readable results ----------------------------------------------------------------


def test_4_results_in_words_with_estimate_and_honest_card_table(
    live_server, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    owner = make_user("reader")
    deck = svara_deck(owner)
    base = live_server.url
    log_in(page, base, "reader", f"/decks/{deck.pk}/")
    page.get_by_role("link", name="Simulate against a deck").click()
    form = page.locator("#sim-form")
    expect(form).not_to_contain_text("one-ply")
    expect(form).not_to_contain_text("half-width")
    page.get_by_label("Games", exact=True).fill("2")
    estimate = page.locator("#estimate")
    expect(estimate).to_contain_text("= 4 games")
    page.get_by_label(re.compile("Seats alternate")).uncheck()
    expect(estimate).to_contain_text("2 games;")
    page.get_by_label(re.compile("Seats alternate")).check()
    page.get_by_label("Who plays deck A").select_option("random")
    page.get_by_label("Who plays deck B").select_option("random")
    page.get_by_role("button", name="Start simulation").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    expect(page.locator(".verdict")).to_contain_text(
        re.compile(r"\d+%.*95% interval,? \d+%–\d+%")
    )
    expect(page.locator(".inline-facts")).to_contain_text(
        "each played twice with the seats swapped"
    )
    expect(page.get_by_text("association, not cause")).to_be_visible()
    table = page.locator("[data-field=assoc]")
    expect(table.locator("thead")).to_contain_text("Short games")
    expect(table.locator("thead")).to_contain_text("Long games")
    expect(table.locator("tbody tr.assoc-baseline")).to_have_count(2)
    expect(page.locator("[data-field=terminations]")).not_to_contain_text("_")


# 5. Sharing -------------------------------------------------------------------------


def test_5_sharing_is_opt_in_and_the_deck_browser_finds_cards(
    live_server, browser, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from simulate.models import SimulationJob

    owner = make_user("sharer")
    svara_deck(owner, name="Open wall", visibility="public")
    base = live_server.url
    # Public deck browser and "decks using this card".
    page.goto(f"{base}/cards/ice-smith/")
    expect(page.locator("#using-h")).to_have_text("Decks using this card")
    expect(page.get_by_role("link", name="Open wall")).to_be_visible()
    page.goto(f"{base}/decks/")
    page.get_by_label("Holding the card").fill("Bear Cavalry")
    page.get_by_role("button", name="Filter").click()
    expect(page.get_by_role("link", name="Open wall")).to_be_visible()
    # A result is private until its owner shares it.
    log_in(page, base, "sharer", "/simulations/new/?deck_a=polar-dwarves")
    page.wait_for_url("**/simulations/new/**")
    page.get_by_label("Opponent (B)").select_option("tundra-orcs")
    page.get_by_label("Games", exact=True).fill("1")
    page.get_by_label("Who plays deck A").select_option("random")
    page.get_by_label("Who plays deck B").select_option("random")
    page.get_by_role("button", name="Start simulation").click()
    page.wait_for_url(re.compile(r".*/simulations/\d+/$"))
    url = page.url
    stranger = browser.new_context().new_page()
    stranger.goto(url)
    expect(stranger.locator("h1")).to_have_text("Not found")
    page.get_by_label("Who can see these results").select_option("public")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status").first).to_contain_text("public")
    # shared, it is read by its token; its id stays the owner's alone
    job = SimulationJob.objects.get()
    shared = f"{base}{job.shared_path}"
    assert str(job.pk) not in job.shared_path
    stranger.goto(url)
    expect(stranger.locator("h1")).to_have_text("Not found")
    stranger.goto(shared)
    expect(stranger.locator(".verdict")).to_contain_text("95% interval")
    expect(stranger.locator("form[action$='/share/']")).to_have_count(0)
    stranger.goto(f"{base}/simulations/")
    expect(stranger.locator(f"a[href='{job.shared_path}']")).to_be_visible()
    # Copy the link with the button (clipboard of a secure localhost page).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == shared


# 6. Replays -------------------------------------------------------------------------


def test_6_replay_by_turn_and_by_action(
    live_server, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from simulate.services import jobs

    owner = make_user("watcher")
    job = jobs.simulation_submit(
        owner=owner,
        deck_a="polar-dwarves",
        deck_b="tundra-orcs",
        games=1,
        agent_a="greedy",
        agent_b="greedy",
        seed=5,
    )
    jobs.simulation_run_inline(job_id=job.pk)
    base = live_server.url
    log_in(page, base, "watcher", f"/simulations/{job.pk}/games/0/")
    page.wait_for_url("**/games/0/")
    label = page.locator("[data-field=label]")
    text = page.locator("[data-field=step-text]")
    expect(label).to_contain_text("Setup")
    # each step is labelled with the turn of the action it shows: from the setup
    # the next turn is turn 1, then turn 2
    page.get_by_role("button", name="Turn ▶▶").click()
    expect(label).to_contain_text("Turn 1:")
    page.get_by_role("button", name="Turn ▶▶").click()
    expect(label).to_contain_text("Turn 2:")
    page.get_by_role("button", name="Next action").click()
    # The acting player is named at every step.
    expect(text).to_contain_text(re.compile(r"^(Polar Dwarves|Tundra Orcs)"))
    moved = False
    for _ in range(40):
        page.get_by_role("button", name="Next action").click()
        if page.locator(".replay-board line.arrow-move").count():
            moved = True
            break
    assert moved, "no move drawn as an arrow in 40 actions"
    expect(text).to_contain_text(" moves ")
    page.get_by_role("button", name="Next attack ⚔").click()
    expect(page.locator(".replay-dice .die").first).to_be_visible()
    expect(page.locator(".dice-tally")).to_contain_text("hit")
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-dice .die")).to_have_count(0)
    page.get_by_role("button", name="Last").click()
    expect(page.locator("[data-field=banner]")).to_contain_text(
        re.compile(r"wins: a summoner was destroyed|Draw")
    )
    expect(page.locator("[data-field=counters]")).to_contain_text("Game over")


# 7. Card search ---------------------------------------------------------------------


def test_7_card_search_syntax_sorting_and_owned(live_server, page, catalog_loaded):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    from decks.services import collection_set

    user = make_user("collector")
    collection_set(user=user, product="master-set", quantity=1)
    base = live_server.url
    page.goto(f"{base}/cards/?view=table")  # the rows (the grid is the default)
    expect(page.locator("#search-help")).to_contain_text("f:polar-dwarves c<=2 t:push")
    expect(page.get_by_label("Only cards I own")).to_have_count(0)  # logged out
    page.get_by_label("Search", exact=True).fill("f:polar-dwarves c<=1")
    page.get_by_role("button", name="Search").click()
    rows = page.locator(".cards-table tbody tr")
    expect(rows.first).to_be_visible()
    for faction in rows.locator("td:nth-child(2)").all_inner_texts():
        assert faction == "Polar Dwarves"
    # Sort by cost, descending on the second click.
    page.get_by_role("link", name="Cost").click()
    expect(page.locator("th[aria-sort=ascending]")).to_have_text("Cost")
    page.get_by_role("link", name="Cost").click()
    expect(page.locator("th[aria-sort=descending]")).to_have_text("Cost")
    costs = [int(c) for c in rows.locator("td:nth-child(4)").all_inner_texts()]
    assert costs == sorted(costs, reverse=True)
    # A bad term is explained, not ignored.
    page.get_by_label("Search", exact=True).fill("c<=many")
    page.get_by_role("button", name="Search").click()
    expect(page.locator(".field-error")).to_contain_text("cost needs a number")
    # Logged in: only what I own.
    log_in(page, base, "collector", "/cards/")
    page.get_by_label("Search", exact=True).fill("freeze")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_role("link", name="Freeze", exact=True)).to_be_visible()
    page.get_by_label("Only cards I own").check()
    page.get_by_role("button", name="Search").click()
    expect(page.locator(".result-count")).to_contain_text("0 cards")


# 8. Polish --------------------------------------------------------------------------


def test_8_docs_offline_error_pages_favicon_and_navigation(
    live_server, page, catalog_loaded
):  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    base = live_server.url
    outside: list[str] = []

    def only_local(route):  # type: ignore[no-untyped-def]
        if route.request.url.startswith(base):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(f"{base}/api/docs/")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    assert not [u for u in outside if u.endswith(".js")], outside
    page.goto(f"{base}/api/redoc/")
    expect(page.locator("redoc, .redoc-wrap").first).to_be_attached()
    # The site's own 404, with the navigation.
    response = page.goto(f"{base}/decks/999999/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    # Favicon, and the same navigation on every kind of page.
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert icon and page.request.get(f"{base}{icon}").status == 200
    for path in ("/", "/cards/", "/decks/", "/decks/new/", "/simulations/"):
        page.goto(f"{base}{path}")
        nav = page.get_by_role("navigation", name="Main")
        for name in (
            "Cards",
            "Factions",
            "Decks",
            "Build a deck",
            "Simulations",
            "API docs",
        ):
            expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
