"""Eternal Council abilities of the cards whose data is complete
(cards/data/eternal-council.yaml): Seek. Cards come from the real catalog. No faction
deck list exists: scenarios only."""

from __future__ import annotations

import pytest
from scenario import CD, GRUNT, Scenario, build, faction_cards, pending

from engine.abilities.registry import ACTIVE
from engine.actions import END_PHASE, NO, YES, PlayEvent
from engine.phases import ATTACK, BUILD, MAGIC, MOVE, SUMMON


@pytest.fixture(scope="module")
def ec() -> CD:
    return faction_cards("eternal-council")


@pytest.mark.covers("seek.effect")
def test_seek_offers_a_draw_at_move_build_and_attack(ec: CD) -> None:
    sc = Scenario()
    seek = sc.add(0, ec["seek"], zone="hand")
    for _ in range(4):
        sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=SUMMON)
    st.apply_action(PlayEvent(seek))
    assert st.zone[seek] == ACTIVE and pending(st) is None
    hand = len(st.hand[0])
    st.apply_action(END_PHASE)  # -> Move
    dec = pending(st)
    assert st.phase == MOVE and dec is not None and dec.ability == "seek.effect"
    assert dec.player == 0 and set(dec.options) == {NO, YES}
    st.apply_action(YES)
    assert len(st.hand[0]) == hand + 1 and len(st.deck[0]) == 3
    st.apply_action(END_PHASE)  # -> Build
    assert st.phase == BUILD and pending(st) is not None
    st.apply_action(NO)
    assert len(st.hand[0]) == hand + 1
    st.apply_action(END_PHASE)  # -> Attack
    assert st.phase == ATTACK and pending(st) is not None
    st.apply_action(YES)
    assert len(st.hand[0]) == hand + 2
    st.apply_action(END_PHASE)  # -> Magic: nothing
    assert st.phase == MAGIC and pending(st) is None


@pytest.mark.covers("seek.effect")
def test_seek_silent_with_an_empty_deck_and_in_the_opponents_turn(ec: CD) -> None:
    sc = Scenario()
    sc.add(1, ec["seek"], zone="active")  # the opponent's Seek
    sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=SUMMON)
    st.apply_action(END_PHASE)
    assert st.phase == MOVE and pending(st) is None
    sc2 = Scenario()
    sc2.add(0, ec["seek"], zone="active")  # own Seek, nothing to draw
    st2 = build(sc2, phase=SUMMON)
    st2.apply_action(END_PHASE)
    assert st2.phase == MOVE and pending(st2) is None
