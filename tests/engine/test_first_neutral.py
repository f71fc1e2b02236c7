"""First-edition cards of no faction (cards/data/first/neutral.yaml; issue 17):
Summoning Surge (neutral.py). Magic Drain, A Hero Is Born and Reinforcements (shared.py)
are covered in test_first_starter_abilities.py."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, fresh, put, to_hand
from scenario import pending

from engine.core.actions import NO, ChooseTarget, EndPhase, PlayEvent, Summon
from engine.core.board import sq
from engine.core.phases import EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DECK
from engine.core.zones import MAGIC as MAGIC_PILE


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
    discard_from_deck(st, 0, 5)
    pile = fill_magic(st, 0, 1)
    surge = to_hand(st, 0, "summoning-surge")
    st.invalidate()
    assert PlayEvent(surge) in st.legal_actions()
    st.apply_action(PlayEvent(surge))
    # up to 3 cards of my discard pile, chosen one at a time, never the Surge
    picked = []
    for _ in range(3):
        dec = pending(st)
        assert dec is not None and dec.options[0] == NO
        assert ChooseTarget(surge) not in dec.options
        assert dec.options[1:] == tuple(
            ChooseTarget(c) for c in st.discard[0] if c != surge
        )
        picked.append(dec.options[-1].card)  # type: ignore[attr-defined]
        st.apply_action(dec.options[-1])
    assert pending(st) is None  # 3 moved: no more asked
    assert st.magic_pile[0] == pile + picked and st.magic[0] == 4
    assert all(st.zone[c] == MAGIC_PILE for c in picked)
    cost = st.info.cards[knight].cost or 0
    assert cost <= st.magic[0]
    assert Summon(knight, sq(3, 2)) in st.legal_actions()  # still the event phase
    st.apply_action(Summon(knight, sq(3, 2)))
    assert st.zone[knight] == BOARD and st.magic[0] == 4 - cost
    assert st.zone[wall] == BOARD
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    assert not any(isinstance(a, Summon) for a in st.legal_actions())


def test_summoning_surge_may_stop_early_and_never_moves_itself() -> None:
    st = sera()
    put(st, 1, "fighter-tundra-orcs", sq(5, 0))
    surge = to_hand(st, 0, "summoning-surge")
    for c in list(st.discard[0]):
        st.to_magic_pile(c, 1)  # (an empty discard pile to start from)
    discard_from_deck(st, 0, 1)
    (only,) = st.discard[0]
    st.invalidate()
    st.apply_action(PlayEvent(surge))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(only))
    st.apply_action(ChooseTarget(only))
    assert pending(st) is None  # only the Surge is left there: nothing more asked
    assert st.magic_pile[0] == [only] and st.discard[0] == [surge]
    # a second Surge: the player may stop at once ("up to")
    st2 = sera()
    put(st2, 1, "fighter-tundra-orcs", sq(5, 0))
    surge2 = to_hand(st2, 0, "summoning-surge")
    discard_from_deck(st2, 0, 2)
    st2.invalidate()
    st2.apply_action(PlayEvent(surge2))
    st2.apply_action(NO)
    assert pending(st2) is None and st2.magic_pile[0] == []


def test_summoning_surge_needs_fewer_units() -> None:
    st = sera()
    surge = to_hand(st, 0, "summoning-surge")
    st.invalidate()
    assert PlayEvent(surge) not in st.legal_actions()  # one summoner each
    assert st.zone[surge] != DECK
