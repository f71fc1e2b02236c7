"""Honesty checks (engine/optimize/honesty.py) on small budgets: planted clones stay
out of the catalog but pass the construction rules through a catalog view, an exact
renamed clone plays identical paired games, the A/A confirmation on independent arms
does not confirm, a weakened clone is ranked last, and the command refuses bad input."""

from __future__ import annotations

import pytest

from engine.deckbuilding.resolve import default_catalog, faction_deck
from engine.optimize import sequential as sq
from engine.optimize.__main__ import main
from engine.optimize.candidates import CatalogPlus, candidate_swaps, catalog_pool
from engine.optimize.card_values import summarize as summarize_values
from engine.optimize.honesty import (
    aa_independent,
    aa_paired,
    first_common,
    min_budget,
    renamed,
    strengthened,
    strongest_common,
    summarize,
    weakened,
)
from engine.optimize.paired import BLANK, BlockTask, replace_in_place, run_blocks


def test_clones_are_analysis_only_and_legal_through_a_catalog_view() -> None:
    deck = faction_deck("vanguards")
    card = first_common(deck)
    weak, strong, same = weakened(card), strengthened(card), renamed(card)
    assert (weak.strength, weak.life, weak.cost) == (0, 1, card.cost)
    assert strong.strength == card.strength + 2 and strong.life == card.life + 2  # type: ignore[operator]
    assert same.abilities == card.abilities and same.slug != card.slug
    cat = default_catalog()
    assert not {weak.slug, strong.slug, same.slug} & set(cat.cards)
    planted = replace_in_place(deck, card.slug, weak)
    view = CatalogPlus(cat, [weak, strong])
    swaps = candidate_swaps(planted, [*catalog_pool(), strong], catalog=view)
    pairs = {(s.out_slug, s.in_slug) for s in swaps}
    assert (weak.slug, strong.slug) in pairs
    assert (weak.slug, card.slug) in pairs  # back to the real card
    # without the view the validator knows neither clone: the only legal swaps
    # take the unknown card out, and the strengthened clone never comes in
    blind = candidate_swaps(planted, [*catalog_pool(), strong])
    assert blind and all(s.out_slug == weak.slug for s in blind)
    assert strong.slug not in {
        s.in_slug for s in candidate_swaps(deck, [*catalog_pool(), strong])
    }
    # the view never leaks into the package catalog
    assert weak.slug not in default_catalog().cards


def test_an_exact_renamed_clone_plays_identical_paired_games() -> None:
    deck = faction_deck("vanguards")
    rep = aa_paired(
        deck, [faction_deck("tundra-orcs")], agent="random", seed=3, blocks=4
    )
    assert rep == {"card": first_common(deck).slug, "blocks": 4, "blocks_differing": 0}


def test_the_aa_confirmation_on_independent_arms_does_not_confirm() -> None:
    deck = faction_deck("vanguards")
    rep = aa_independent(
        deck, [faction_deck("tundra-orcs")], agent="random", seed=4, max_games=256
    )
    assert rep["independent"] is True
    assert rep["status"] in (sq.NO_GAIN, sq.UNDECIDED)
    assert rep["games"] <= 256 and rep["blocks"] >= sq.MIN_BLOCKS
    # the arms really are unpaired: paired games of a renamed clone would all tie
    assert rep["gain"] != 0.0 or rep["ci"][0] < 0 < rep["ci"][1]


def test_a_weakened_clone_ranks_below_the_card_it_clones() -> None:
    """The planted check on a small budget (96 greedy games): one Citadel Knight of
    the Vanguards deck replaced in place by a 0-strength 1-life clone, the values
    above magic of the clone and of the real Citadel Knight measured on the same
    16 blocks against Tundra Orcs. The weakening is blatant on purpose: greedy
    plays the clone (paying 2 magic for a unit that cannot hurt), so the clone is
    worth less than a blank (the magic it would give), the real card is not."""
    deck = faction_deck("vanguards")
    card = strongest_common(deck)
    assert card.slug == "citadel-knight"
    weak = weakened(card)
    planted = replace_in_place(deck, card.slug, weak)
    decks = [
        planted,
        faction_deck("tundra-orcs"),
        replace_in_place(planted, weak.slug, BLANK),
        replace_in_place(planted, card.slug, BLANK),
    ]
    tasks: list[BlockTask] = [
        (d, 1, 2, i, "greedy", None) for d in (0, 2, 3) for i in range(16)
    ]
    blocks = run_blocks(decks, tasks)
    rows = summarize_values(
        planted, blocks[:16], {weak.slug: blocks[16:32], card.slug: blocks[32:]}
    )
    vam = {r["card"]: r["vam"] for r in rows}
    # measured: clone -6.2 points, the real knight's last copy 0.0 on these blocks
    assert vam[weak.slug] < 0
    assert vam[weak.slug] < vam[card.slug]


def test_summary_counts_rates() -> None:
    runs = [
        {
            "planted": {
                "weakened_ranked_last": True,
                "weakened_below_original": True,
                "swapped_out": True,
                "swapped_in": False,
                "confirmed": True,
                "pick": {"gain": 0.04},
            },
            "aa_paired": {"blocks_differing": 0},
            "aa_independent": {"status": sq.NO_GAIN},
            "held_out": {"gain": 0.02, "share": 0.5},
            "second_agent": {"gain": -0.01, "share": -0.25},
            "coverage": {"covered": True},
        },
        {
            "planted": {
                "weakened_ranked_last": False,
                "weakened_below_original": True,
                "swapped_out": False,
                "swapped_in": False,
                "confirmed": False,
                "pick": {"gain": 0.001},  # a search gain near zero
            },
            "aa_paired": {"blocks_differing": 0},
            "aa_independent": {"status": sq.CONFIRMED},
            # its own share (10) says nothing
            "held_out": {"gain": 0.01, "share": 10.0},
        },
    ]
    s = summarize(runs)
    assert s["weakened_ranked_last"]["hits"] == 1
    assert s["weakened_ranked_last"]["of"] == 2
    assert s["weakened_below_original"]["hits"] == 2
    assert s["aa_false_confirmations"]["hits"] == 1
    assert s["aa_paired_identical"] is True
    # summed gains over summed search gains, not the mean of the shares (5.25)
    assert s["held_out_share"] == pytest.approx(0.03 / 0.041)
    assert s["second_agent_share"] == pytest.approx(-0.25)
    assert s["coverage"] == {"hits": 1, "of": 1, "rate": 1.0, "ci": s["coverage"]["ci"]}


def test_min_budget_grows_with_the_field() -> None:
    deck = faction_deck("vanguards")
    one = min_budget(deck, [faction_deck("tundra-orcs")])
    three = min_budget(
        deck, [faction_deck(f) for f in ("tundra-orcs", "breakers", "polar-dwarves")]
    )
    assert 0 < one < three


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_the_honesty_command_prints_the_planted_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The planted check's figures, as the command prints them (random play: the
    figures' shape, not their values)."""
    import json

    deck = faction_deck("vanguards")
    field = [faction_deck("tundra-orcs")]
    need = min_budget(deck, field)
    args = ["honesty", "--agent", "random", "--field", "tundra-orcs", "--budget"]
    args += ["400", "--suggest-budget", str(need), "--jobs", "2", "--json"]
    assert main(args) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["cpu_seconds"] > 0 and isinstance(rep["swap_found_strong"], bool)
    weak, strong = rep["weakened_clone"], rep["strengthened_clone"]
    assert weak["card"].endswith("-weakened") and strong["card"].endswith(
        "-strengthened"
    )
    assert weak["original"] != strong["original"]  # two different commons
    for row in (weak, strong):
        assert 1 <= row["rank"] <= row["of"]
        assert isinstance(row["contrast_decided"], bool)
        lo, hi = row["difference_ci"]
        assert row["contrast_decided"] == (lo > 0 or hi < 0)
    assert weak["below_original"] == (weak["difference"] < 0)
    assert strong["above_original"] == (strong["difference"] > 0)
    assert rep["summary"]["aa_paired_identical"] is None  # no extra budget given


@pytest.mark.parametrize(
    "args",
    [
        ["honesty", "--budget", "100"],
        ["honesty", "--suggest-budget", "100"],
        ["honesty", "--extra-budget", "10"],
        ["honesty", "--runs", "0"],
        ["honesty", "--agent", "nobody"],
        ["honesty", "--field", "no-such-deck"],
        ["suggest", "--deck", "vanguards", "--budget", "0"],
        ["suggest", "--deck", "no-such-deck"],
        ["suggest", "--deck", "vanguards", "--field", ""],
        ["suggest", "--deck", "vanguards", "--climb", "9", "--agent", "random"],
        ["suggest", "--deck", "vanguards", "--budget", "50", "--agent", "random"],
    ],
)
def test_the_commands_refuse_bad_input(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err
