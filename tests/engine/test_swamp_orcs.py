"""Swamp Orcs abilities of the cards whose data is complete (cards/data/swamp-orcs
.yaml): Mugglug (melee by inference: see the card notes). Cards come from the real
catalog; dice are rigged. No faction deck list exists: scenarios only."""

from __future__ import annotations

import pytest
from scenario import (
    CD,
    GRUNT,
    SUMMONER,
    Dice,
    Scenario,
    build,
    card,
    faction_cards,
    pending,
    uses,
)

from engine.core import dice
from engine.core.actions import NO, Attack, ChooseTarget, UseAbility
from engine.core.phases import ATTACK

M = dice.MELEE
REAP = "mugglug.reap"
TANK = card("tank", life=30, cost=0, strength=0)


@pytest.fixture(scope="module")
def so() -> CD:
    return faction_cards("swamp-orcs")


def mugglug(so: CD) -> Scenario:
    """Mugglug (player 0) at d1, the test summoner (player 1) at c8."""
    return Scenario(summoners=(so["mugglug"], SUMMONER))


def attacks_of(st, unit):  # type: ignore[no-untyped-def]
    return {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == unit
    }


# -- Far Strike ------------------------------------------------------------------------
@pytest.mark.covers("mugglug.far-strike")
def test_far_strike_reaches_2_spaces_over_an_empty_space(so: CD, rig: Dice) -> None:
    sc = mugglug(so)
    far = sc.add(1, TANK, "d3")  # d2 between: empty
    left = sc.add(1, TANK, "b1")  # c1 between: empty
    blocked = sc.add(1, TANK, "f1")  # e1 between: taken
    sc.add(0, GRUNT, "e1")
    diag = sc.add(1, TANK, "e2")
    three = sc.add(1, TANK, "a1")  # 3 away
    st = build(sc, phase=ATTACK)
    got = attacks_of(st, 0)
    assert far in got and left in got
    assert blocked not in got and diag not in got and three not in got
    rig(M, M, M)
    st.apply_action(Attack(0, far))
    assert st.damage[far] == 3 and 0 in st.attacked  # an ordinary melee attack
    assert attacks_of(st, 0) == set()  # her one attack this turn


@pytest.mark.covers("mugglug.far-strike")
def test_far_strike_only_in_your_attack_phase_and_within_limits(so: CD) -> None:
    sc = mugglug(so)
    sc.add(1, TANK, "d3")
    st = build(sc, phase=ATTACK)
    st.attacked.extend([90, 91, 92])  # three attackers already
    assert attacks_of(st, 0) == set()
    st2 = build(mugglug(so), phase=ATTACK, turn_player=1)
    assert uses(st2, REAP) == [] and attacks_of(st2, 0) == set()


# -- Reap ------------------------------------------------------------------------------
@pytest.mark.covers("mugglug.reap")
def test_reap_takes_boost_from_friends_within_3_for_strength(so: CD, rig: Dice) -> None:
    sc = mugglug(so)
    enemy = sc.add(1, TANK, "e1")
    a = sc.add(0, GRUNT, "c2")  # 2 away
    b = sc.add(0, GRUNT, "d4")  # 3 away
    far = sc.add(0, GRUNT, "d5")  # 4 away
    st = build(sc, phase=ATTACK)
    st.boost[a], st.boost[b], st.boost[far] = 2, 1, 3
    st.invalidate()
    assert UseAbility(0, REAP, enemy) in uses(st, REAP)
    st.apply_action(UseAbility(0, REAP, enemy))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(a), ChooseTarget(b))
    st.apply_action(ChooseTarget(a))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(b))  # once each
    st.apply_action(ChooseTarget(b))
    st.apply_action(NO)
    assert rig.sizes == [3 + 2]
    assert (st.boost[a], st.boost[b], st.boost[far]) == (1, 0, 3)
    assert 0 in st.attacked and st.strength(0) == 3  # for that attack only


@pytest.mark.covers("mugglug.reap", "mugglug.far-strike")
def test_reap_declined_and_with_far_strike(so: CD, rig: Dice) -> None:
    sc = mugglug(so)
    far = sc.add(1, TANK, "d3")
    a = sc.add(0, GRUNT, "c1")
    st = build(sc, phase=ATTACK)
    assert uses(st, REAP) == []  # no friendly unit with boost
    st.boost[a] = 1
    st.invalidate()
    # any card she may attack: the adjacent friend too (R7), then Far Strike's
    assert uses(st, REAP) == [UseAbility(0, REAP, a), UseAbility(0, REAP, far)]
    st.apply_action(UseAbility(0, REAP, far))
    st.apply_action(NO)  # takes nothing: a plain attack
    assert rig.sizes == [3] and st.boost[a] == 1 and 0 in st.attacked
