"""Eternal Council abilities of the cards whose data is complete
(cards/data/eternal-council.yaml): Praefectus Edia, Seek, Psychic Assault, Insight.
Cards come from the real catalog. No faction deck list exists: scenarios only."""

from __future__ import annotations

import pytest
from scenario import (
    CD,
    CHAMP,
    GATE,
    GRUNT,
    SUMMONER,
    Dice,
    Scenario,
    build,
    card,
    faction_cards,
    pending,
)

from engine.core import dice
from engine.core.actions import END_PHASE, NO, YES, Attack, ChooseTarget, PlayEvent
from engine.core.hooks import ACTIVE, DISCARD
from engine.core.phases import ATTACK, BUILD, DRAW, MAGIC, MOVE, SUMMON


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


# -- Psychic Assault -------------------------------------------------------------------
@pytest.mark.covers("psychic-assault.effect")
def test_psychic_assault_pings_after_each_draw_in_your_turn(ec: CD) -> None:
    sc = Scenario()
    sc.add(0, ec["psychic-assault"], zone="active")
    foe = sc.add(1, card("foe", life=3), "d3")  # 2 spaces from the summoner on d1
    sc.add(1, card("far", life=3), "d4")  # 3 spaces: out of reach
    champ = sc.add(1, CHAMP, "e2")
    sc.add(1, GATE, "c2")  # not a common or champion
    for _ in range(6):
        sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=MAGIC, magic=(0, 0))
    assert st.draw(0, 2) == 2  # one draw of two cards: one ping
    st.settle()
    dec = pending(st)
    assert dec is not None and dec.ability == "psychic-assault.effect"
    assert dec.options[0] == NO
    assert set(dec.options[1:]) == {ChooseTarget(foe), ChooseTarget(champ)}
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 1 and pending(st) is None
    # the draw phase's draw-up counts too, then the turn goes on as usual
    st.apply_action(END_PHASE)  # -> Draw: hand 2 -> 5
    dec = pending(st)
    assert st.phase == DRAW and dec is not None
    st.apply_action(NO)
    assert pending(st) is None and len(st.hand[0]) == 5


@pytest.mark.covers("psychic-assault.effect")
def test_psychic_assault_not_in_the_opponents_turn_nor_without_a_card(ec: CD) -> None:
    sc = Scenario()
    sc.add(0, ec["psychic-assault"], zone="active")
    sc.add(1, card("foe", life=3), "d3")
    sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=MAGIC, turn_player=1)
    st.draw(0, 1)  # drawn in the opponent's turn (an effect): no ping
    st.settle()
    assert pending(st) is None and not st.stack
    st.turn_player = 0
    assert st.draw(0, 1) == 0  # empty deck: nothing drawn, nothing happens
    assert not st.stack


# -- Insight ---------------------------------------------------------------------------
@pytest.mark.covers("insight.effect")
def test_insight_gains_boost_per_draw_for_summoner_strength_up_to_5(ec: CD) -> None:
    sc = Scenario()
    insight = sc.add(0, ec["insight"], zone="hand")
    for _ in range(9):
        sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=SUMMON)
    base = st.strength(0)
    st.apply_action(PlayEvent(insight))
    assert st.zone[insight] == ACTIVE and st.strength(0) == base
    st.draw(0, 3)  # one draw
    st.settle()
    assert st.boost[insight] == 1 and st.strength(0) == base + 1
    for _ in range(6):
        st.draw(0, 1)
        st.settle()
    assert st.boost[insight] == 7 and st.strength(0) == base + 5  # at most +5
    assert st.strength(1) == 2  # the other summoner: unchanged


@pytest.mark.covers("insight.effect")
def test_insight_bonus_ends_with_the_event_and_ignores_opponents_draws(
    ec: CD,
) -> None:
    sc = Scenario()
    insight = sc.add(0, ec["insight"], zone="active")
    sc.add(1, GRUNT, zone="deck")
    sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=MAGIC)
    st.turn_player = 1
    st.draw(1, 1)  # the opponent draws
    st.settle()
    assert st.boost[insight] == 0
    st.draw(0, 1)  # yours count in any turn
    st.settle()
    assert st.boost[insight] == 1 and st.strength(0) == 3
    st.discard_card(insight)  # leaves the active area (start of your next turn)
    assert st.boost[insight] == 0 and st.strength(0) == 2


# -- Praefectus Edia -------------------------------------------------------------------
R = dice.RANGED


def edia(ec: CD) -> Scenario:
    """Edia (player 0) at d1, the test summoner (player 1) at c8."""
    return Scenario(summoners=(ec["praefectus-edia"], SUMMONER))


@pytest.mark.covers("praefectus-edia.kinetic-siphon")
def test_kinetic_siphon_once_per_turn_attacking_or_attacked(ec: CD, rig: Dice) -> None:
    sc = edia(ec)
    enemy = sc.add(1, card("tank", life=20), "d2")
    other = sc.add(1, GRUNT, "c1")
    st = build(sc, phase=ATTACK)
    rig(R, R, R)
    st.apply_action(Attack(0, enemy))
    assert st.boost[0] == 1
    st.targeted_enemy = True
    st.apply_action(END_PHASE)  # -> magic
    st.apply_action(END_PHASE)  # -> draw
    st.apply_action(END_PHASE)  # the opponent's turn
    st.phase = ATTACK
    rig(0, 0)
    st.apply_action(Attack(other, 0))  # attacked, even without damage
    assert st.boost[0] == 2
    rig(0, 0, 0)
    st.apply_action(Attack(enemy, 0))  # twice in one turn: once
    assert st.boost[0] == 2


@pytest.mark.covers("praefectus-edia.kinetic-siphon")
def test_kinetic_siphon_not_for_structures_or_friends(ec: CD, rig: Dice) -> None:
    sc = edia(ec)
    gate = sc.add(1, GATE, "d4")
    friend = sc.add(0, GRUNT, "e1")
    taken = sc.add(1, card("weak", life=1, cost=0), "c1")
    victim = sc.add(1, card("weak", life=1, cost=0), "b1")  # behind it
    st = build(sc, phase=ATTACK)
    st.set_controller(taken, 0)
    rig(R)
    st.apply_action(Attack(0, gate))
    assert st.boost[0] == 0
    st.attacked.clear()
    rig(R)
    st.apply_action(Attack(0, friend))
    st.attacked.clear()
    rig(R)
    st.apply_action(Attack(0, taken))  # an enemy card her player controls
    assert st.zone[taken] == DISCARD and st.boost[0] == 0
    st.attacked.clear()
    rig(R)
    st.apply_action(Attack(0, victim))  # an enemy unit, destroyed by the attack
    assert st.zone[victim] == DISCARD and st.boost[0] == 1


@pytest.mark.covers("praefectus-edia.continuance")
def test_continuance_keeps_an_active_event_for_2_boost(ec: CD) -> None:
    sc = edia(ec)
    seek = sc.add(0, ec["seek"], zone="active")
    insight = sc.add(0, ec["insight"], zone="active")
    st = build(sc, phase=DRAW, turn_player=1)
    st.boost[0] = 3
    st.boost[insight] = 2
    st.apply_action(END_PHASE)  # the opponent's turn ends
    dec = pending(st)
    assert dec is not None and dec.player == 0
    assert dec.options == (NO, ChooseTarget(seek), ChooseTarget(insight))
    st.apply_action(ChooseTarget(insight))
    assert st.boost[0] == 1 and pending(st) is None  # not enough for a second
    st.settle()
    assert st.turn_player == 0
    assert st.zone[seek] == DISCARD and seek in st.discard[0]
    assert st.zone[insight] == ACTIVE and st.active[0] == [insight]
    assert st.boost[insight] == 2 and st.strength(0) == 3 + 2


@pytest.mark.covers("praefectus-edia.continuance")
def test_continuance_declined_or_without_boost_discards(ec: CD) -> None:
    sc = edia(ec)
    seek = sc.add(0, ec["seek"], zone="active")
    insight = sc.add(0, ec["insight"], zone="active")
    st = build(sc, phase=DRAW, turn_player=1)
    st.boost[0] = 4
    st.apply_action(END_PHASE)
    st.apply_action(ChooseTarget(seek))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(insight))
    st.apply_action(NO)
    st.settle()
    assert st.zone[seek] == ACTIVE and st.zone[insight] == DISCARD
    assert st.boost[0] == 2
    # kept for this turn only: with 1 boost, nothing is asked and it goes
    st.boost[0] = 1
    for _ in range(6):  # Edia's turn, phase by phase
        st.apply_action(END_PHASE)
    st.settle()
    for _ in range(6):  # the opponent's turn: no question (1 boost)
        assert pending(st) is None
        st.apply_action(END_PHASE)
    assert st.turn_player == 0 and st.zone[seek] == DISCARD
