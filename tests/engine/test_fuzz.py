"""Random-playthrough fuzzing (OpenSpiel's random_sim_test) over faction pairs,
checking the invariants after every action.

Every faction with a card the engine plays takes part: with its faction deck, or,
when the catalog has no deck list for it, with its playable cards dealt into another
faction's deck (:mod:`trialdecks`). So every implemented ability meets every faction."""

from __future__ import annotations

import itertools
import random

import pytest
from invariants import check_invariants
from trialdecks import fuzz_decks, playable_cards

from engine.core.game import GameDeck
from engine.core.types import Rules
from engine.deckbuilding.resolve import default_catalog
from engine.play import setup_game


@pytest.fixture(scope="module")
def decks() -> dict[str, GameDeck]:
    return fuzz_decks()


def fuzz(decks: dict[str, GameDeck], games: int, base_seed: int) -> dict[str, int]:
    pairs = list(itertools.product(sorted(decks), repeat=2))
    rules = Rules()
    ends: dict[str, int] = {}
    for g in range(games):
        a, b = pairs[g % len(pairs)]
        seed = base_seed + g
        st = setup_game(decks[a], decks[b], seed=seed, rules=rules)
        rng = random.Random(seed)
        check_invariants(st)
        steps = 0
        while not st.is_terminal():
            acts = st.legal_actions()
            st.apply_action(acts[int(rng.random() * len(acts))])
            check_invariants(st)
            steps += 1
            assert steps < 20_000, "game must end"
        assert st.termination in ("summoner_destroyed", "turn_cap")
        if st.termination == "turn_cap":
            assert st.winner is None
        ends[st.termination] = ends.get(st.termination, 0) + 1
    return ends


def test_fuzz_small(decks: dict[str, GameDeck]) -> None:
    ends = fuzz(decks, 40, base_seed=1000)
    assert sum(ends.values()) == 40


def test_fuzzed_decks_hold_every_playable_card(decks: dict[str, GameDeck]) -> None:
    """Every card the engine plays (so every implemented ability) is in its
    faction's fuzzed deck, and no card it cannot play is."""
    from engine.tools.coverage import coverage

    cat = default_catalog()
    cov = coverage()["factions"]
    with_cards = {s for s, f in cov.items() if f["implemented"]}
    assert with_cards == set(decks)
    assert len(decks) > len([s for s, f in cov.items() if f["deck_known"]])
    for f, d in decks.items():
        have = {c.slug for c in (d.summoner, *(u for u, _ in d.starting_units))}
        have |= {c.slug for c in d.draw_cards}
        assert {c.slug for c in playable_cards(f)} <= have, f
        if not cov[f]["deck_known"]:
            faction_cards = {c.slug for c in cat.cards_of(f)}
            assert (have & faction_cards) == {c.slug for c in playable_cards(f)}, f


@pytest.mark.slow
def test_fuzz_2000_games(decks: dict[str, GameDeck]) -> None:
    ends = fuzz(decks, 2000, base_seed=50_000)
    assert sum(ends.values()) == 2000
