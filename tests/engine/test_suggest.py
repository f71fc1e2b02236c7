"""Swap suggestions (engine/optimize/suggest.py, candidates.py, sequential.py): legal
candidates, the sequential test's behaviour and error rates, the search, confirmation
and climb (driven by synthetic block results, no games), and one small real run that
resumes from JSON and gives the same report with one or two worker processes."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

import pytest

from engine.core.game import GameDeck
from engine.deckbuilding.construction import validate_deck
from engine.deckbuilding.resolve import default_catalog, faction_deck
from engine.optimize import sequential as sq
from engine.optimize.candidates import deck_counts
from engine.optimize.paired import Block, BlockTask, run_blocks, slot_class
from engine.optimize.suggest import (
    SuggestionRun,
    candidate_swaps,
    catalog_pool,
    estimate_cpu_seconds,
    format_report,
    min_step_games,
    suggest,
)
from engine.rulesets import DEFAULT_RULESET

# ------------------------------------------------------------------ candidates


@pytest.mark.parametrize(
    ("ruleset", "faction"),
    [("", "vanguards"), ("", "cave-goblins"), ("first", "vanguards")],
)
def test_every_candidate_is_legal_and_in_its_slot_class(
    ruleset: str, faction: str
) -> None:
    deck = faction_deck(faction, ruleset=ruleset or None)
    cat = default_catalog(ruleset or None)
    swaps = candidate_swaps(deck, catalog_pool(ruleset), ruleset=ruleset)
    assert swaps
    slots = {c.slug: slot_class(c) for c in deck.draw_cards}
    for s in swaps:
        assert s.slot == slots[s.out_slug] == slot_class(cat.cards[s.in_slug])
        after = deck_counts(deck)
        after[s.out_slug] -= 1
        after[s.in_slug] += 1
        rep = validate_deck(
            {k: n for k, n in after.items() if n > 0},
            catalog=cat,
            ruleset=ruleset or DEFAULT_RULESET,
            summoner=deck.summoner.slug,
        )
        assert rep.valid, (s, [v.code for v in rep.errors])
    assert len(set(swaps)) == len(swaps)


def test_candidates_respect_copy_limits_and_symbols() -> None:
    deck = faction_deck("vanguards")
    cat = default_catalog()
    swaps = {(s.out_slug, s.in_slug) for s in candidate_swaps(deck, catalog_pool())}
    counts = deck_counts(deck)
    # a common the deck already holds 4 of cannot come in a fifth time
    full = [
        c.slug
        for c in deck.draw_cards
        if slot_class(c) == "common" and counts[c.slug] == 4
    ]
    assert full
    assert not any(new in full for _, new in swaps)
    # a common of a faction sharing no build symbol with the summoner never comes in
    foreign = [
        c
        for c in cat.cards.values()
        if slot_class(c) == "common" and not set(c.symbols) & set(deck.summoner.symbols)
    ]
    assert foreign
    assert not any(new == c.slug for c in foreign for _, new in swaps)
    # an event never replaces a unit
    assert all(slot_class(cat.cards[n]) == slot_class(cat.cards[o]) for o, n in swaps)


def test_candidates_stay_within_the_collection() -> None:
    deck = faction_deck("vanguards")
    free = candidate_swaps(deck, catalog_pool())
    new = free[0].in_slug
    owned = {new: 1}
    within = candidate_swaps(deck, catalog_pool(), collection=owned)
    assert within and {s.in_slug for s in within} == {new}
    assert candidate_swaps(deck, catalog_pool(), collection={}) == []


# --------------------------------------------------------------- sequential test


def test_the_sequential_test_confirms_a_clear_gain_and_not_a_null_one() -> None:
    rng = random.Random(1)
    gain = [0.08 + rng.gauss(0, 0.2) for _ in range(200)]
    null = [rng.gauss(0, 0.2) for _ in range(600)]
    assert sq.sprt(gain) == sq.CONFIRMED
    assert sq.sprt(null) == sq.NO_GAIN
    assert sq.sprt(gain[:10]) == sq.CONTINUE  # too few blocks to look
    assert sq.sprt([0.0] * 64) == sq.NO_GAIN  # identical games: no gain, no crash
    # intervals stay finite (JSON) and within the range of a score difference
    assert sq.interval([0.3]) == (0.3, -1.0, 1.0)
    assert sq.interval([1.0, -1.0])[1:] == (-1.0, 1.0)


def _simulate(delta: float, sims: int, seed: int, sd: float = 0.3) -> float:
    """Share of simulated confirmations: looks every 32 blocks, truncated at 2,000
    blocks (undecided = not confirmed), the statistic alone (no games)."""
    rng = random.Random(seed)
    lo, hi = sq.bounds()
    confirmed = 0
    for _ in range(sims):
        n, s, ss = 0, 0.0, 0.0
        while n < 2000:
            for _ in range(sq.LOOK_BLOCKS):
                d = delta + rng.gauss(0, sd)
                n, s, ss = n + 1, s + d, ss + d * d
            x = sq.llr_from_sums(n, s, ss)
            if x >= hi:
                confirmed += 1
                break
            if x <= lo:
                break
    return confirmed / sims


def test_the_sequential_tests_error_rates_are_about_as_stated() -> None:
    """alpha = beta = 0.05 nominal: with 400 simulated tests a false-confirmation
    rate above 9% or a power below 88% would be far outside the sampling error."""
    assert _simulate(0.0, 400, seed=2) <= 0.09
    assert _simulate(sq.DELTA, 400, seed=3) >= 0.88


def test_a_traded_matchup_blocks_a_confirmation() -> None:
    rng = random.Random(4)
    # +12 points against A, -8 against B: the mean gains, B's interval is below -5
    diffs = [
        (i, (0.12 if i % 2 == 0 else -0.08) + rng.gauss(0, 0.05)) for i in range(400)
    ]
    assert sq.sprt([d for _, d in diffs]) == sq.CONFIRMED
    assert sq.decide(diffs, ["A", "B"], truncated=False) == sq.NO_GAIN
    rows = sq.per_opponent(diffs, ["A", "B"])
    assert [r["blocks"] for r in rows] == [200, 200]
    assert sq.worst_matchup(rows)["opponent"] == "B"


# ----------------------------------------------- the run on synthetic results


def _fake(
    run: SuggestionRun,
    gains: Callable[[str], float],
    seed: int = 0,
    each_round: Callable[[SuggestionRun], None] | None = None,
) -> None:
    """Drive ``run`` with made-up block results: each variant deck (named by its
    swap) scores ``0.5 + gains(name)`` plus noise shared by all decks on a block;
    ``each_round(run)`` before every round."""
    while tasks := run.next_round():
        if each_round is not None:
            each_round(run)
        decks = run.decks()
        blocks = []
        for t in tasks:
            name = decks[t[0]].name
            noise = random.Random(f"{seed}:{t[2]}:{t[3]}").gauss(0, 0.15)
            own = random.Random(f"{seed}:{name}:{t[2]}:{t[3]}").gauss(0, 0.1)
            blocks.append(Block(t[3], 0.5 + gains(name) + noise + own, 0.0, 2))
        run.absorb(tasks, blocks)


def _small(**kw: object) -> SuggestionRun:
    deck = faction_deck("vanguards")
    field = [faction_deck("tundra-orcs"), faction_deck("breakers")]
    kw.setdefault("max_games", 20_000)
    return SuggestionRun(deck, field, pool=catalog_pool(), agent="random", seed=1, **kw)  # type: ignore[arg-type]


def test_the_search_finds_and_confirms_the_one_good_swap() -> None:
    run = _small()
    good = run.cands[7]
    tag = f"({good.out_slug} -> {good.in_slug})"
    _fake(run, lambda name: 0.08 if tag in name else 0.0)
    rep = run.report()
    assert rep["status"] == "confirmed"
    (s,) = rep["suggestions"]
    assert (s["out"], s["in"], s["slot"]) == (good.out_slug, good.in_slug, good.slot)
    assert s["ci"][0] < s["gain"] < s["ci"][1] and s["ci"][0] > 0
    assert s["games"] == 4 * s["blocks"] and s["games"] < rep["games"] <= 20_000
    rounds = rep["search"]["rounds"]
    assert rounds[0]["candidates"] == len(run.cands) and rounds[-1]["candidates"] == 2
    assert all(r["blocks"] % 2 == 0 for r in rounds)  # whole passes over the field
    after = list(faction_deck("vanguards").draw_cards)
    k = max(i for i, c in enumerate(after) if c.slug == good.out_slug)
    assert rep["deck_after"][k] == good.in_slug
    assert rep["rejected"] == []
    assert "Swap 1" in format_report(rep)


def test_no_gain_anywhere_confirms_nothing() -> None:
    run = _small()
    _fake(run, lambda name: 0.0, seed=5)
    rep = run.report()
    assert rep["status"] == "no-gain"
    assert rep["suggestions"] == [] and len(rep["rejected"]) == 1
    assert rep["deck_after"] == [c.slug for c in faction_deck("vanguards").draw_cards]


def test_a_climb_accepts_successive_swaps_within_the_budget() -> None:
    run = _small(climb=3, max_games=40_000)
    # every swap of the current base gains 7 points: each step confirms one
    _fake(run, lambda name: 0.07 if name != "vanguards" else 0.0, seed=2)
    rep = run.report()
    assert rep["status"] == "confirmed"
    assert len(rep["suggestions"]) == len(rep["steps"]) == 3
    assert rep["games"] <= 40_000
    # an accepted swap is never undone by a later one, and all three are applied
    pairs = [(s["out"], s["in"]) for s in rep["suggestions"]]
    assert not any((b, a) in pairs for a, b in pairs)
    deck = faction_deck("vanguards")
    before = [c.slug for c in deck.draw_cards]
    changed = sum(x != y for x, y in zip(before, rep["deck_after"], strict=True))
    assert 1 <= changed <= 3
    for _, new in pairs:
        assert new in rep["deck_after"]


def test_a_run_stops_at_its_budget() -> None:
    n = len(_small().cands)
    need = min_step_games(n, 2)
    run = _small(max_games=need)
    _fake(run, lambda name: 0.0, seed=3)
    rep = run.report()
    assert rep["games"] <= need
    assert rep["status"] in ("budget-spent", "no-gain")


def test_a_run_out_of_budget_names_its_leader_and_what_would_decide_it() -> None:
    """A gain of +4 points on a budget too small to confirm it: the report names
    the swap in the lead with its figures and about how many more games the
    confirmation needs; the leader is followed from the search into the
    confirmation."""
    n = len(_small().cands)
    run = _small(max_games=min_step_games(n, 2) + 400)
    good = run.cands[3]
    tag = f"({good.out_slug} -> {good.in_slug})"
    seen: list[str] = []

    def look(run: SuggestionRun) -> None:
        lead = run.leader()
        if lead is not None:
            seen.append(lead["stage"])

    _fake(run, lambda name: 0.04 if tag in name else 0.0, seed=9, each_round=look)
    rep = run.report()
    assert rep["status"] == "budget-spent" and not rep["suggestions"]
    assert seen[0] == "search" and seen[-1] == "confirmation"
    lead = rep["leader"]
    assert lead["stage"] == "confirmation" and lead["ci"][0] < lead["gain"]
    assert lead["more_games"] is not None and lead["more_games"] > 0
    # the arithmetic: blocks for the log-likelihood ratio to drift to its bound
    xs = [d for _, d in sq.paired_diffs(run.conf_base, run.conf_var)]
    assert lead["more_games"] == 4 * sq.blocks_to_decide(xs) - 4 * len(xs)


def test_the_screening_search_plays_many_swaps_a_game() -> None:
    """Each seed block of the default search plays the deck and two mirror pairs of
    variants, each making about half of the out cards' swaps (one per out card);
    the halving search plays every candidate alone."""
    run = _small()
    assert run.search == "screening"
    tasks = run.next_round()
    blocks = sorted({t[3] for t in tasks})
    assert len(tasks) == 5 * len(blocks)
    outs = {c.out_slug for c in run.cands}
    made = []
    for t in tasks:
        deck = run.decks()[t[0]]
        before = [c.slug for c in run.base.draw_cards]
        after = [c.slug for c in deck.draw_cards]
        changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
        assert len({a for a, _ in changed}) == len(changed)  # one per out card
        made.append(len(changed))
    # the deck itself once a block (a variant whose coins all fell on its mirror's
    # side makes no swap either, now and then)
    assert max(made) >= len(outs) // 2 and made.count(0) >= len(blocks)
    assert sum(made) / len(made) > 3
    halving = _small(search="halving")
    first = halving.next_round()
    assert len(first) == len({t[3] for t in first}) * (1 + len(halving.cands))


def test_blocks_to_decide_follows_the_drift() -> None:
    strong = [0.10, 0.06, 0.14, 0.08, 0.12] * 8  # mean +10 points, sd about 3
    assert sq.blocks_to_decide(strong) == len(strong)  # already past the bound
    # no gain and a wide spread: the test drifts slowly to "no gain"
    none = [0.2, -0.2, 0.4, -0.4, 0.0] * 8
    got = sq.blocks_to_decide(none)
    assert got is not None and got > len(none)
    mean, var = 0.0, sum(x * x for x in none) / (len(none) - 1)
    drift = (sq.DELTA * mean - sq.DELTA**2 / 2) / var
    assert got == math.ceil(sq.bounds()[0] / drift)
    assert sq.blocks_to_decide([0.1]) is None
    # a mean of exactly delta / 2 never drifts
    assert sq.blocks_to_decide([sq.DELTA / 2 + e for e in (-0.01, 0.01)] * 10) is None


# ----------------------------------------------------------------- bad input


def test_bad_input_gets_clear_errors() -> None:
    deck = faction_deck("vanguards")
    pool = catalog_pool()
    with pytest.raises(ValueError, match="at least one opponent"):
        SuggestionRun(deck, [], pool=pool)
    with pytest.raises(ValueError, match="budget"):
        SuggestionRun(deck, [faction_deck("breakers")], pool=pool, max_games=0)
    with pytest.raises(ValueError, match="too small"):
        SuggestionRun(deck, [faction_deck("breakers")], pool=pool, max_games=50)
    with pytest.raises(ValueError, match="climb"):
        SuggestionRun(deck, [faction_deck("breakers")], pool=pool, climb=6)
    with pytest.raises(ValueError, match="no legal swap"):
        SuggestionRun(deck, [faction_deck("breakers")], pool=[])
    run = _small()
    with pytest.raises(ValueError, match="not a suggestion run"):
        SuggestionRun.restore(deck, run.field, {"kind": "card-values"}, pool=pool)
    with pytest.raises(ValueError, match="another deck"):
        SuggestionRun.restore(
            faction_deck("breakers"), run.field, run.state(), pool=pool
        )


def test_cpu_estimate_follows_the_ladder_speed() -> None:
    one = estimate_cpu_seconds(1000, "greedy")
    assert one is not None and one > 0
    assert estimate_cpu_seconds(2000, "greedy") == pytest.approx(2 * one)
    assert estimate_cpu_seconds(1000, "no-such-agent") is None


# --------------------------------------------------------- a small real run


def _real() -> SuggestionRun:
    deck = faction_deck("vanguards")
    cat = default_catalog()
    return SuggestionRun(
        deck,
        [faction_deck("tundra-orcs")],
        pool=[cat.cards["blinding-flare"]],
        agent="random",
        seed=7,
        max_games=300,
    )


def _resumed() -> dict[str, object]:
    run = _real()
    while tasks := run.next_round():
        run.absorb(tasks, run_blocks(run.decks(), tasks))
        stored = json.loads(json.dumps(run.state()))
        run = SuggestionRun.restore(
            run.deck, run.field, stored, pool=list(run.pool.values())
        )
    return run.report()


def test_a_real_run_resumes_from_json_and_forked_workers_agree() -> None:
    resumed = _resumed()
    cat = default_catalog()
    whole = suggest(
        faction_deck("vanguards"),
        [faction_deck("tundra-orcs")],
        pool=[cat.cards["blinding-flare"]],
        agent="random",
        seed=7,
        max_games=300,
        jobs=2,
    )
    assert resumed == whole
    json.dumps(whole, allow_nan=False)  # strict JSON for the site
    assert whole["status"] != "running"
    assert 0 < whole["games"] <= 300  # type: ignore[operator]
    assert whole["search"]["candidates"] == 3  # type: ignore[index]


def test_suggest_is_a_driven_run_and_plans_are_stable() -> None:
    run = _real()
    tasks: list[BlockTask] = run.next_round()
    assert tasks == run.next_round()
    assert {t[2] for t in tasks} == {sq.stream_seed(7, "search", 0)}
    assert sq.stream_seed(7, "search", 0) != sq.stream_seed(7, "confirm", 0)
    deck: GameDeck = run.deck
    assert [d.name for d in run.decks()][:2] == [deck.name, "tundra-orcs"]
    with pytest.raises(ValueError, match="not the round"):
        run.absorb(tasks[1:], [Block(t[3], 0.5, 0.0, 2) for t in tasks[1:]])
