"""High Elves: Arbiter of Peace, the faction's one card with complete data
(shared/catalog/high-elves.yaml). Dice are rigged."""

from __future__ import annotations

import pytest
from scenario import Scenario, card
from test_vanguards import Dice, build

from engine import dice
from engine.actions import Attack
from engine.catalog import load_catalog
from engine.phases import ATTACK
from engine.rules.attack import finish_attack
from engine.types import CardClass, CardDef

M = dice.MELEE
CD = dict[str, CardDef]


@pytest.fixture(scope="module")
def he() -> CD:
    return {c.slug: c for c in load_catalog().cards_of("high-elves")}


@pytest.fixture
def rig(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


@pytest.mark.covers("arbiter-of-peace.tough")
def test_arbiter_of_peace_tough_first_attack_each_turn(he: CD, rig: Dice) -> None:
    sc = Scenario()
    arb = sc.add(0, he["arbiter-of-peace"], "c3")
    brute = sc.add(1, card("brute", strength=2, life=9), "c4")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M, M)
    st.apply_action(Attack(brute, arb))
    assert st.damage[arb] == 1
    st.attacked.clear()
    rig(M)
    st.apply_action(Attack(brute, arb))  # second attack this turn: full damage
    assert st.damage[arb] == 2


@pytest.mark.covers("arbiter-of-peace.law-of-fortitude")
def test_arbiter_law_of_fortitude_commons_within_2_friend_or_foe(
    he: CD, rig: Dice
) -> None:
    sc = Scenario()
    sc.add(0, he["arbiter-of-peace"], "c3")
    friend = sc.add(0, card("friend", life=9), "c5")  # 2 away
    foe = sc.add(1, card("foe", life=9), "d4")  # 2 away, enemy
    far = sc.add(0, card("far", life=9), "c6")  # 3 away
    champ = sc.add(
        0, card("champ", life=9, classes=(CardClass.CHAMPION,)), "b4"
    )  # not a common
    a = sc.add(1, card("brute", strength=2, life=9), "f1")
    st = build(sc, phase=ATTACK)
    for t, want in ((friend, 1), (foe, 1), (far, 2), (champ, 2)):
        # the damage step of an attack by ``a`` rolling two [melee] (no line needed)
        finish_attack(st, a, t, (M, M))
        assert st.damage[t] == want, t
    finish_attack(st, a, friend, (M, M))  # the second attack on it this turn
    assert st.damage[friend] == 3
