"""The pages work under the Content-Security-Policy (issue 32): Chromium reports no
CSP violation (console, page error or ``securitypolicyviolation`` event) on the
home page, a card page, the deck builder, a deck page, the API docs (Swagger UI and
ReDoc) and a replay, each of which renders its scripted parts; and each page's
response carries the header.

The one violation allowed: ReDoc's "powered by Redocly" logo, which its bundle
always loads from cdn.redoc.ly; the policy blocks that third-party request on
purpose and ReDoc hides the image when it fails.
"""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "glacier-Logic-2026"

#: Runs in every document before its own scripts (Playwright's init scripts are not
#: subject to the page's policy): records each violation the browser reports.
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile
                    + ":" + e.lineNumber);
});
"""

#: The deliberately blocked ReDoc logo (see above).
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


def unexpected(reports: list[str]) -> list[str]:
    return [r for r in reports if REDOC_LOGO not in r]


def test_pages_docs_and_replay_run_without_csp_violations(
    live_server, page, catalog_loaded, inline_simulations
):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from cards.models import Card
    from decks.selectors import deck_entry_pairs, deck_start_from
    from decks.services import deck_create
    from simulate.services import jobs

    owner = get_user_model().objects.create_user("csp", password=PASSWORD)
    deck = deck_create(
        owner=owner,
        name="Frost wall",
        entries=deck_entry_pairs(deck_start_from(None, "polar-dwarves")),
        visibility="private",
    )
    job = jobs.simulation_submit(
        owner=owner,
        deck_a="polar-dwarves",
        deck_b="tundra-orcs",
        games=1,
        agent_a="random",
        agent_b="random",
        seed=5,
    )
    jobs.simulation_run_inline(job_id=job.pk)
    card = Card.objects.order_by("pk").first()
    assert card is not None

    messages: list[str] = []
    page.on(
        "console",
        lambda msg: messages.append(f"console {msg.type}: {msg.text}"),
    )
    page.on("pageerror", lambda err: messages.append(f"pageerror: {err} ({page.url})"))
    page.add_init_script(RECORD_VIOLATIONS)
    base = live_server.url

    page.goto(f"{base}/accounts/login/?next=/")
    page.get_by_label("Username").fill("csp")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")

    def visit(path: str, ready: str, wait_ms: float = 5_000) -> None:
        response = page.goto(f"{base}{path}")
        assert response is not None and response.ok, path
        policy = response.header_value("content-security-policy") or ""
        assert "default-src 'self'" in policy, path
        assert "script-src 'self'" in policy and "unsafe-inline" not in re.search(
            r"script-src[^;]*", policy
        ).group(0), path  # type: ignore[union-attr]
        expect(page.locator(ready).first).to_be_visible(timeout=wait_ms)
        page.wait_for_load_state("networkidle")
        violations = unexpected(page.evaluate("window.__csp"))
        assert violations == [], (path, violations)

    visit("/", "h1")
    visit(f"/cards/{card.slug}/", "h1")
    # The builder's script fills the card rows and the validation panel.
    visit("/decks/new/?from=polar-dwarves", "#deck-curve .bar")
    # The deck page: cost-curve bars sized by site.js from data-pct, no style="".
    visit(f"/decks/{deck.pk}/", "#deck-curve .bar")
    widths = page.eval_on_selector_all(
        "#deck-curve .bar", "bars => bars.map(b => b.style.width)"
    )
    assert widths and all(w.endswith("%") for w in widths), widths
    assert any(w != "0%" for w in widths), widths
    # Swagger UI drew the operations (its init script came from ?script, a file).
    # (the API viewers lay out the whole schema in the browser: on a loaded 2-core
    # machine ReDoc drew its menu within 5 s but not yet its title)
    visit("/api/docs/", ".swagger-ui .opblock", wait_ms=30_000)
    visit("/api/redoc/", "text=Summoner Wars deck lab API", wait_ms=30_000)
    # The replay's script draws the board and steps through the game.
    visit(f"/simulations/{job.pk}/games/0/", "[data-field=label]")
    expect(page.locator("[data-field=label]")).to_contain_text("Setup")
    page.get_by_role("button", name="Next action").click()
    expect(page.locator("[data-field=label]")).to_contain_text("step 2 of")
    assert page.evaluate("window.__csp") == []

    csp = [
        m
        for m in unexpected(messages)
        if re.search(r"content security policy|csp", m, re.I)
    ]
    assert csp == [], csp
    errors = [m for m in unexpected(messages) if m.startswith("pageerror")]
    assert errors == [], errors
