"""Paired games (issue 19 item 1): in-place swaps keep every other card's depth, each
turn's dice do not depend on earlier turns' rolls, the luck control variate has mean
zero, and the block statistics behave."""

from __future__ import annotations

import random

import pytest

from engine.core.dice import die_index, roll_at
from engine.core.types import CardClass
from engine.deckbuilding.resolve import default_catalog, faction_deck
from engine.optimize.paired import (
    BLANK,
    play_block,
    random_swaps,
    replace_in_place,
    slot_class,
)
from engine.optimize.variance import swap_variances
from engine.play import play_one, setup_game
from engine.tools.stats import cross_fitted, mean_interval, mean_var


def order(st, p):  # type: ignore[no-untyped-def]
    return [st.info.cards[c].slug for c in st.deck[p]] + [
        st.info.cards[c].slug for c in st.hand[p]
    ]


def test_an_in_place_swap_keeps_every_other_card_at_its_depth() -> None:
    deck = faction_deck("vanguards")
    out = next(c.slug for c in deck.draw_cards if slot_class(c) == "common")
    variant = replace_in_place(deck, out, BLANK)
    assert len(variant.draw_cards) == len(deck.draw_cards)
    assert sum(c.slug == "blank" for c in variant.draw_cards) == 1
    opp = faction_deck("tundra-orcs")
    for seed in range(20):
        a = setup_game(deck, opp, seed=seed)
        b = setup_game(variant, opp, seed=seed)
        assert a.first_player == b.first_player
        assert order(a, 1) == order(b, 1)  # the opponent's deck is untouched
        diff = [(x, y) for x, y in zip(order(a, 0), order(b, 0), strict=True) if x != y]
        assert diff == [(out, "blank")]


def test_appending_instead_would_shift_the_deck() -> None:
    """Why in place: the same change made by removing a copy and appending the new
    card moves other cards (the pairing the swap must avoid)."""
    deck = faction_deck("vanguards")
    draw = list(deck.draw_cards)
    first = min(k for k, c in enumerate(draw) if slot_class(c) == "common")
    appended = draw[:first] + draw[first + 1 :] + [BLANK]
    import dataclasses

    shifted = dataclasses.replace(deck, draw_cards=tuple(appended))
    opp = faction_deck("tundra-orcs")
    for seed in range(10):
        a = order(setup_game(deck, opp, seed=seed), 0)
        b = order(setup_game(shifted, opp, seed=seed), 0)
        assert sum(x != y for x, y in zip(a, b, strict=True)) > 3


def test_replacing_a_card_the_draw_deck_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="not in the draw deck"):
        replace_in_place(faction_deck("vanguards"), "no-such-card", BLANK)


def test_a_turns_dice_do_not_depend_on_earlier_rolls() -> None:
    deck, opp = faction_deck("vanguards"), faction_deck("tundra-orcs")
    a = setup_game(deck, opp, seed=11)
    b = setup_game(deck, opp, seed=11)
    a.turn = b.turn = 3
    a.roll(2)
    b.roll(7)  # a different number of dice in turn 3
    a.turn = b.turn = 4
    assert a.roll(5) == b.roll(5)
    # and the stream is the documented one
    assert a.roll(3) == roll_at(11, 4, 5, 3, a.info.faces)
    c = setup_game(deck, opp, seed=12)
    c.turn = 4
    assert c.roll(8) != roll_at(11, 4, 0, 8, c.info.faces)


def test_roll_at_is_die_index_die_by_die() -> None:
    faces = (10, 11, 12, 13, 14, 15)
    for seed in (0, 11, 987654321, 2**63 + 5):
        for turn in (1, 4, 30):
            for k in (0, 3):
                for n in range(6):
                    want = tuple(faces[die_index(seed, turn, k + i)] for i in range(n))
                    assert roll_at(seed, turn, k, n, faces) == want


def test_die_index_is_uniform_enough() -> None:
    counts = [0] * 6
    for t in range(1, 41):
        for k in range(150):
            counts[die_index(987654321, t, k)] += 1
    assert all(900 < n < 1100 for n in counts), counts  # 6000 dice, 1000 expected


def test_mcts_worlds_roll_their_own_dice() -> None:
    from engine.agents.mcts import world as mcts_world

    deck, opp = faction_deck("vanguards"), faction_deck("tundra-orcs")
    st = setup_game(deck, opp, seed=5)
    world = mcts_world(st.clone(record=False), 0, 77)
    assert world.dice_seed != st.dice_seed
    assert not world.search


def test_luck_has_mean_zero_over_games() -> None:
    """Attack-dice luck is hits minus expected hits: its mean over many games is 0
    (a control variate must be), while single games vary."""
    deck, opp = faction_deck("breakers"), faction_deck("polar-dwarves")
    lucks = []
    for i in range(120):
        r = play_one(deck, opp, seed=1000 + i, agent_a="random", agent_b="random")
        lucks += [r.luck[0], r.luck[1]]
    m, low, high = mean_interval(lucks)
    assert low < 0 < high, (m, low, high)
    assert mean_var(lucks)[1] > 1.0


def test_a_block_plays_both_seats_and_scores_the_deck() -> None:
    deck, opp = faction_deck("vanguards"), faction_deck("tundra-orcs")
    b1 = play_block(deck, opp, run_seed=3, index=4, agent="random")
    b2 = play_block(deck, opp, run_seed=3, index=4, agent="random")
    assert b1 == b2
    assert b1.score in (0.0, 0.25, 0.5, 0.75, 1.0)
    assert b1.turns > 0


def test_a_swap_for_the_same_card_gives_the_same_games() -> None:
    deck, opp = faction_deck("vanguards"), faction_deck("tundra-orcs")
    out = next(c for c in deck.draw_cards if slot_class(c) == "common")
    same = replace_in_place(deck, out.slug, out)
    for i in range(5):
        a = play_block(deck, opp, run_seed=9, index=i, agent="greedy")
        b = play_block(same, opp, run_seed=9, index=i, agent="greedy")
        assert (a.score, a.luck, a.turns) == (b.score, b.luck, b.turns)


def test_random_swaps_stay_within_a_slot_class() -> None:
    deck = faction_deck("polar-dwarves")
    pool = [c for c in default_catalog().cards_of("polar-dwarves") if not c.is_summoner]
    swaps = random_swaps(deck, pool, 20, seed=2)
    assert len(swaps) == len(set((o, c.slug) for o, c in swaps)) == 20
    by_slug = {c.slug: c for c in deck.draw_cards}
    for out, card in swaps:
        assert out != card.slug
        assert slot_class(by_slug[out]) == slot_class(card) is not None
        assert not card.has_class(CardClass.EPIC)


def test_cross_fitting_removes_luck_and_keeps_the_mean() -> None:
    rng = random.Random(4)
    xs = [rng.gauss(0, 1) for _ in range(2000)]
    ys = [0.3 + 0.8 * x + rng.gauss(0, 0.3) for x in xs]
    adj, beta = cross_fitted(ys, xs)
    assert abs(beta - 0.8) < 0.05
    assert mean_var(adj)[1] < 0.2 * mean_var(ys)[1]
    assert abs(mean_var(adj)[0] - 0.3) < 0.03


def test_paired_variance_is_lower_when_scores_are_shared() -> None:
    from engine.optimize.paired import Block

    rng = random.Random(8)
    base, cand = [], []
    for i in range(400):
        s = rng.random()
        base.append(Block(i, float(s > 0.5), 0.0, 10))
        cand.append(Block(i, float(s > 0.45), 0.0, 10))  # the same luck, +5 points
    v = swap_variances(base, cand)
    assert v["var_paired"] < 0.3 * v["var_independent"]
    assert v["correlation"] > 0.8
    assert 0.0 < v["diff"] < 0.1


# ------------------------------------------------------------------ card values
def test_benjamini_hochberg_matches_the_textbook_example() -> None:
    from engine.optimize.card_values import benjamini_hochberg

    ps = [0.01, 0.04, 0.03, 0.005, 0.5]
    qs = benjamini_hochberg(ps)
    # sorted p: .005 .01 .03 .04 .5 -> p*m/rank: .025 .025 .05 .05 .5 (monotone)
    assert qs == pytest.approx([0.025, 0.05, 0.05, 0.025, 0.5])


def test_summarize_calls_a_card_only_on_evidence() -> None:
    from engine.optimize.card_values import HELPS, HURTS, UNKNOWN, summarize
    from engine.optimize.paired import Block

    deck = faction_deck("vanguards")
    slugs = []
    for c in deck.draw_cards:
        if slot_class(c) and c.slug not in slugs:
            slugs.append(c.slug)
    rng = random.Random(3)
    base = [Block(i, rng.choice((0.0, 0.5, 1.0)), 0.0, 20) for i in range(400)]
    variants = {}
    for k, slug in enumerate(slugs[:3]):
        shift = (-0.3, 0.3, 0.0)[k]  # worse without it, better without it, same
        variants[slug] = [
            Block(b.index, min(1.0, max(0.0, b.score + shift)), 0.0, 20) for b in base
        ]
    rows = {r["card"]: r for r in summarize(deck, base, variants)}
    assert rows[slugs[0]]["verdict"] == HELPS and rows[slugs[0]]["vam"] > 0.15
    assert rows[slugs[1]]["verdict"] == HURTS and rows[slugs[1]]["vam"] < -0.15
    assert rows[slugs[2]]["verdict"] == UNKNOWN
    assert rows[slugs[2]]["ci"][0] <= 0 <= rows[slugs[2]]["ci"][1]


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_card_values_race_within_the_budget_on_shared_blocks() -> None:
    from engine.optimize.card_values import card_values, swappable

    deck = faction_deck("vanguards")
    field = [faction_deck("tundra-orcs"), faction_deck("breakers")]
    rep = card_values(
        deck, field, agent="random", seed=5, max_games=1200, round_blocks=4
    )
    assert rep["games"] <= 1200
    assert [r["card"] for r in rep["cards"]] == [s for s, _, _ in swappable(deck)]
    for r in rep["cards"]:
        assert r["blocks"] % 4 == 0 and r["blocks"] >= 4
        assert r["ci"][0] <= r["vam"] <= r["ci"][1]
    again = card_values(
        deck, field, agent="random", seed=5, max_games=1200, round_blocks=4, jobs=2
    )
    assert again == rep  # deterministic from the seed, in 1 or 2 processes


def test_card_values_need_a_field() -> None:
    from engine.optimize.card_values import card_values

    with pytest.raises(ValueError, match="field"):
        card_values(faction_deck("vanguards"), [], agent="random")


# ------------------------------------------------------------------ the CLI
def test_optimize_cli_card_values_and_variance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from engine.optimize.__main__ import main

    args = ["card-values", "--deck", "vanguards", "--field", "tundra-orcs"]
    args += ["--agent", "random", "--budget", "700", "--seed", "2", "--json"]
    assert main(args) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["deck"] == "vanguards" and rep["field"] == ["tundra-orcs"]
    assert 0 < rep["games"] <= 700 and rep["cards"]
    assert {"card", "vam", "ci", "verdict", "q"} <= set(rep["cards"][0])
    assert main(["variance", "--swaps", "1", "--blocks", "4", "--agent", "random"]) == 0
    assert "lower" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["card-values", "--deck", "vanguards", "--agent", "nobody"],
        ["card-values", "--deck", "no-such-faction"],
        ["card-values", "--deck", "vanguards", "--budget", "0"],
        ["variance", "--blocks", "2"],
    ],
)
def test_optimize_cli_refuses_bad_input(args: list[str]) -> None:
    from engine.optimize.__main__ import main

    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2


def test_blocks_of_another_ruleset_play_in_forked_workers() -> None:
    """A task carries its ``Rules``; the compiled engine's frozen ``Rules`` does not
    unpickle, so the workers get tasks by fork, and a first-edition run over two
    processes gives the blocks of one process."""
    from engine.core.types import Rules
    from engine.optimize.paired import run_blocks

    decks = [
        faction_deck("tundra-orcs", ruleset="first"),
        faction_deck("phoenix-elves", ruleset="first"),
    ]
    rules = Rules(ruleset="first")
    tasks = [(0, 1, 7, i, "random", rules) for i in range(4)]
    assert run_blocks(decks, tasks, jobs=2) == run_blocks(decks, tasks, jobs=1)
