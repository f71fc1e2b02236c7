"""Browser test: from a deck to its card values, a better deck, and the new deck.

A logged-in player opens their deck, asks what each card is worth (random agent,
one opponent, a tiny budget, run inline so the browser finds it done), reads the
table on the job page and beside the deck, then asks for a better deck, reads the
suggested swap with its per-opponent table and saves it as a new deck in one click.

The card values are the real engine run. The suggestion search is the real job
machinery (rounds, pieces, state, report, apply) with a one-swap run in the
registry's ``suggestions`` slot: the engine's search needs far more games than a
browser test can play before it confirms anything (tests/engine/test_suggest.py and
tests/analysis/test_services.py run the real search).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core.game import GameDeck
from engine.optimize.paired import Block, BlockTask, replace_in_place
from engine.optimize.runs import BlockRun, blocks_from_json, blocks_to_json

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OUT, IN = "ice-smith", "frost-shaman"


class OneSwapRun(BlockRun):
    """One round: the deck and one swap on the same four blocks; reports the swap
    with its measured gain (a stand-in for the long search)."""

    def __init__(self, deck: GameDeck, field: Sequence[GameDeck], job: Any) -> None:
        from engine.deckbuilding.resolve import default_catalog

        card = default_catalog().cards[IN]
        self.deck, self.field, self.job = deck, list(field), job
        self._decks = [deck, *self.field, replace_in_place(deck, OUT, card)]
        self.base: list[Block] = []
        self.var: list[Block] = []
        self.max_games = job.max_games

    def next_round(self) -> list[BlockTask]:
        if self.base:
            return []
        nf, last = len(self.field), len(self._decks) - 1
        return [
            (d, 1 + i % nf, self.job.seed, i, self.job.agent, None)
            for d in (0, last)
            for i in range(4)
        ]

    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        self.base, self.var = list(blocks[:4]), list(blocks[4:])
        self.played = 16

    def state(self) -> dict[str, Any]:
        return {"base": blocks_to_json(self.base), "var": blocks_to_json(self.var)}

    def report(self) -> dict[str, Any]:
        diffs = [v.score - b.score for b, v in zip(self.base, self.var, strict=True)]
        gain = sum(diffs) / len(diffs) if diffs else 0.0
        half = 1.96 * math.sqrt(0.25 / max(1, len(diffs)))
        row = {
            "opponent": self.field[0].name,
            "gain": gain,
            "ci": [gain - half, gain + half],
            "blocks": 4,
        }
        swap = {
            "out": OUT,
            "out_name": "Ice Smith",
            "in": IN,
            "in_name": "Frost Shaman",
            "slot": "common",
            "gain": gain,
            "ci": row["ci"],
            "games": 16,
            "per_opponent": [row],
            "worst_matchup": {"opponent": row["opponent"], "gain": gain},
        }
        return {
            "status": "confirmed" if diffs else "running",
            "games": self.played,
            "suggestions": [swap] if diffs else [],
        }


@pytest.fixture
def one_swap_kind(monkeypatch):  # type: ignore[no-untyped-def]
    from analysis.runs import KINDS, RunKind

    class OneSwapKind(RunKind):
        name = "suggestions"

        def build(self, job, deck, field):  # type: ignore[no-untyped-def]
            return OneSwapRun(deck, field, job)

        def restore(self, job, deck, field, state):  # type: ignore[no-untyped-def]
            run = OneSwapRun(deck, field, job)
            run.base = blocks_from_json(state["base"])
            run.var = blocks_from_json(state["var"])
            run.played = 16 if run.base else 0
            return run

    monkeypatch.setitem(KINDS, "suggestions", OneSwapKind())


@pytest.fixture
def inline_analyses(monkeypatch, settings):  # type: ignore[no-untyped-def]
    """Tiny analyses run to the end inside the request that submits them."""
    from work import dispatch

    settings.ANALYSIS_AGENT = "random"
    settings.ANALYSIS_ROUND_BLOCKS = 2
    settings.ANALYSIS_FIELD = ["cave-goblins"]
    settings.ANALYSIS_DEFAULT_GAMES = 100

    monkeypatch.setattr("work.dispatch.send_tickets", dispatch._run_eagerly)


def test_deck_to_card_values_to_a_better_deck(
    live_server, page, catalog_loaded, inline_analyses, one_swap_kind
):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from decks.models import Deck
    from decks.selectors import deck_entry_pairs
    from decks.services import deck_copy

    user = get_user_model().objects.create_user("tester", password="glacier-Logic-2026")
    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    deck = deck_copy(deck=faction, owner=user, name="Frost wall")

    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/{deck.pk}/")
    page.get_by_label("Username").fill("tester")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/decks/{deck.pk}/")

    # Card values: the form names the budget in computer time and the players.
    page.get_by_role("link", name="Measure card values").click()
    expect(page.locator("h1")).to_contain_text("What each card is worth")
    expect(page.locator("#analysis-estimate")).to_contain_text("computer time")
    page.get_by_label("Budget (games)").fill("100")
    expect(page.locator("#analysis-estimate")).to_contain_text("100 games")
    page.get_by_label("Who plays").select_option("random")
    page.get_by_role("button", name="Measure card values").click()
    page.wait_for_url("**/analyses/*/")
    expect(page.locator('[data-field="status"]')).to_have_text("Done")
    table = page.locator('table[data-field="card-values"]')
    expect(table.locator("tbody tr")).to_have_count(10)
    expect(table).to_contain_text("Ice Smith")
    expect(page.locator("#players-h")).to_have_text("Who played")

    # Beside the deck: the same table.
    page.get_by_role("link", name="Frost wall").first.click()
    panel = page.locator(".card-values-panel")
    expect(panel).to_contain_text("What each card is worth")
    expect(panel.locator("tbody tr")).to_have_count(10)

    # A better deck: the suggestion, its table per opponent, one click to save it.
    page.get_by_role("link", name="Find a better deck").click()
    page.get_by_role("button", name="Find a better deck").click()
    page.wait_for_url("**/analyses/*/")
    suggestion = page.locator('[data-suggestion="0"]')
    expect(suggestion).to_contain_text("Take out Ice Smith, put in Frost Shaman")
    expect(suggestion.locator("table.per-opponent tbody tr")).to_have_count(1)
    expect(suggestion).to_contain_text("Cave Goblins")
    page.get_by_role("button", name="Save as a new deck").click()
    page.wait_for_url("**/decks/*/")
    expect(page.locator("h1")).to_have_text("Frost wall (improved)")
    expect(page.locator(".messages")).to_contain_text("original deck is unchanged")
    new = Deck.objects.get(name="Frost wall (improved)")
    after, before = dict(deck_entry_pairs(new)), dict(deck_entry_pairs(deck))
    assert after[IN] == 1 and after[OUT] == before[OUT] - 1


def test_card_values_form_says_what_a_budget_can_decide(
    live_server, page, catalog_loaded, settings
):  # type: ignore[no-untyped-def]
    """Issue 33: the form names the smallest budget that can decide anything for
    this deck and, as the budget is typed, what it can tell apart (the script's
    text is the server's, budget for budget); a budget below it is refused with
    the number."""
    from django.contrib.auth import get_user_model
    from playwright.sync_api import expect

    from analysis import selectors
    from analysis.models import AnalysisJob
    from decks.models import Deck
    from decks.services import deck_copy

    settings.ANALYSIS_AGENT = "random"
    user = get_user_model().objects.create_user("budget", password="glacier-Logic-2026")
    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    deck = deck_copy(deck=faction, owner=user, name="Frost wall")
    plan = selectors.card_values_plan_for(deck=deck, user=user)
    least = selectors.least_deciding_games(plan)

    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/decks/{deck.pk}/analyse/card-values/")
    page.get_by_label("Username").fill("budget")
    page.get_by_label("Password").fill("glacier-Logic-2026")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/analyse/card-values/")

    decides = page.locator("#analysis-decides")
    expect(decides).to_contain_text(
        f"The smallest budget that can decide anything for this deck: {least:,} games"
    )
    budget = page.get_by_label("Budget (games)")
    for games in (1, 300, least - 1, least, 1000, 10_000, 50_000):
        budget.fill(str(games))
        expect(decides).to_have_text(selectors.card_values_budget_text(plan, games))
        expect(page.locator("#analysis-estimate")).to_contain_text(f"{games:,} games")
    budget.fill("1000")
    expect(decides).to_contain_text("told apart only if it is worth about")

    # Ticking one opponent makes rounds shorter: the smallest budget follows.
    page.locator('#analysis-field input[type="checkbox"]').first.check()
    one = selectors.card_values_plan(cards=plan["cards"], field_size=1)
    expect(decides).to_contain_text(
        f"decide anything for this deck: {selectors.least_deciding_games(one):,} games"
    )
    page.locator('#analysis-field input[type="checkbox"]').first.uncheck()

    budget.fill(str(least - 1))
    page.get_by_role("button", name="Measure card values").click()
    expect(page.locator(".field-error, .errors")).to_contain_text(
        f"the smallest budget that can is {least:,} games"
    )
    assert not AnalysisJob.objects.exists()
