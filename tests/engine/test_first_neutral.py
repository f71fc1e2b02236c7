"""First-edition cards of no faction (cards/data/first/neutral.yaml; issue 17):
Summoning Surge (neutral.py). Magic Drain, A Hero Is Born and Reinforcements (shared.py)
are covered in test_first_starter_abilities.py."""

from __future__ import annotations

import pytest
from firstbench import fresh, put, to_hand
from scenario import pending

from engine.core.actions import EndPhase, PlayEvent, Summon
from engine.core.board import sq
from engine.core.phases import EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DECK


def sera() -> GameState:
    """Sera Eldwyn (seat 0, holds Summoning Surge) against Grognack."""
    return fresh("sera-eldwyn", "grognack", EVENTS, events=True)


def discard_from_deck(st: GameState, player: int, n: int) -> None:
    for c in list(st.deck[player])[:n]:
        st.discard_card(c)


@pytest.mark.covers("summoning-surge.effect", ruleset="first")
def test_summoning_surge_moves_three_discards_to_magic_and_lets_you_summon() -> None:
    st = sera()
    put(st, 1, "fighter-tundra-orcs", sq(5, 0))
    wall = put(st, 0, "wall", sq(2, 2))
    knight = to_hand(st, 0, "guardian-knight")
    base = len(st.discard[0])  # (the bench discarded the setup units)
    discard_from_deck(st, 0, 5)
    st.magic[0] = base + 1  # the magic pile stands for base + 1 of the discards
    surge = to_hand(st, 0, "summoning-surge")
    st.invalidate()
    assert PlayEvent(surge) in st.legal_actions()
    st.apply_action(PlayEvent(surge))
    assert st.magic[0] == base + 1 + 3 and pending(st) is None  # 4 there: 3 moved
    cost = st.info.cards[knight].cost or 0
    assert cost <= st.magic[0]
    assert Summon(knight, sq(3, 2)) in st.legal_actions()  # still the event phase
    st.apply_action(Summon(knight, sq(3, 2)))
    assert st.zone[knight] == BOARD and st.magic[0] == base + 4 - cost
    assert st.zone[wall] == BOARD
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    assert not any(isinstance(a, Summon) for a in st.legal_actions())


def test_summoning_surge_counts_only_the_discard_pile_and_never_itself() -> None:
    st = sera()
    put(st, 1, "fighter-tundra-orcs", sq(5, 0))
    base = len(st.discard[0])
    discard_from_deck(st, 0, 2)
    st.magic[0] = base + 1  # of the 2 new discards, 1 stands for the magic pile
    surge = to_hand(st, 0, "summoning-surge")
    st.invalidate()
    st.apply_action(PlayEvent(surge))
    assert st.magic[0] == base + 2  # one card moved: not the Surge nor the pile


def test_summoning_surge_needs_fewer_units() -> None:
    st = sera()
    surge = to_hand(st, 0, "summoning-surge")
    st.invalidate()
    assert PlayEvent(surge) not in st.legal_actions()  # one summoner each
    assert st.zone[surge] != DECK
