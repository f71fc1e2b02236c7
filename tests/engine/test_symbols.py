"""R7 step 3, one reading for every ability that counts dice symbols: a die adds one
for each matching *symbol* it shows, not one per die (engine/rulesets/second/dice.py
explains the reading and quotes the rulebooks). Only faces with two symbols tell the
readings apart: a sword+special die is two results for an ability that counts swords
and specials, or that makes specials count as swords."""

from __future__ import annotations

import pytest
from scenario import GRUNT, Dice, Scenario, build, card

from engine.core import dice
from engine.core.actions import Attack, ChooseTarget, UseAbility
from engine.core.phases import ATTACK
from engine.core.types import CardDef
from engine.rulesets.second.dice import FACES, count_symbols

M, R, S = dice.MELEE, dice.RANGED, dice.SPECIAL
CD = dict[str, CardDef]
TANK = card("tank", life=30, cost=0, strength=0)


def test_count_symbols_counts_each_symbol_of_a_die() -> None:
    """R7: "per matching symbol"; a die with two of the counted symbols adds two."""
    roll = (M | S, M | R, S | R, M, 0)
    assert count_symbols(roll, M) == 3
    assert count_symbols(roll, S) == 2
    assert count_symbols(roll, M, S) == 5  # the sword+special die counts twice
    assert count_symbols(roll, R) == dice.count(roll, R) == 2


def test_die_faces_have_each_symbol_at_most_once() -> None:
    """R1: so counting one symbol by dice or by symbols is the same; the reading only
    matters where two symbols on one die both count."""
    assert len(FACES) == 6
    assert sum(count_symbols(FACES, s) for s in (M, R, S)) == sum(
        bin(f).count("1") for f in FACES
    )
    assert (count_symbols(FACES, M), count_symbols(FACES, R)) == (5, 4)
    assert count_symbols(FACES, S) == 2


@pytest.mark.covers("temple-priest.heal")
def test_temple_priest_heal_sword_special_die_heals_two(vg: CD, rig: Dice) -> None:
    """R7 step 3 + Heal ("1 damage per melee or special result"): sword+special = 2."""
    sc = Scenario()
    priest = sc.add(0, vg["temple-priest"], "c3")
    friend = sc.add(0, vg["citadel-knight"], "c4")
    fodder = sc.add(0, GRUNT, zone="hand")
    st = build(sc, phase=ATTACK)
    st.damage[friend] = 4
    st.apply_action(UseAbility(priest, "temple-priest.heal", friend))
    rig(M | S, R)  # 2 dice: sword+special, bow
    st.apply_action(ChooseTarget(fodder))
    assert st.damage[friend] == 2  # per die would leave 3


@pytest.mark.covers("dragos.life-drain")
def test_dragos_life_drain_sword_special_die_is_two_hits(fk: CD, rig: Dice) -> None:
    """R7 step 3 + Life Drain (specials also count as melee hits): the special on a
    sword+special die is a hit of its own, on top of the sword."""
    sc = Scenario(summoners=(fk["ret-talus"], fk["ret-talus"]))
    dragos = sc.add(0, fk["dragos"], "c3")
    friend = sc.add(0, fk["hellfire-cultist"], "a3")
    target = sc.add(1, TANK, "c4")
    st = build(sc, phase=ATTACK, magic=(3, 3))
    st.apply_action(UseAbility(dragos, "dragos.life-drain", target))
    rig(M | S, M | S, S | R, 0)  # 2 swords + 3 specials
    st.apply_action(ChooseTarget(friend))
    assert st.damage[target] == 5  # per die: 3


@pytest.mark.covers("ice-smith.frost-axe")
def test_frost_axe_sword_special_die_adds_sword_and_two(pd: CD, rig: Dice) -> None:
    """R7 step 3 + Frost Axe (each special also two melee hits): 1 + 2 per such die."""
    sc = Scenario(summoners=(pd["svara"], pd["svara"]))
    host = sc.add(0, pd["bear-cavalry"], "c3")
    smith = sc.add(0, pd["ice-smith"], "a1")
    target = sc.add(1, TANK, "c4")
    st = build(sc, phase=ATTACK)
    st.put_under(smith, host)
    st.invalidate()
    rig(M | S, S | R, 0)  # bear cavalry strength 3
    st.apply_action(Attack(host, target))
    assert st.damage[target] == 1 + 2 + 2


@pytest.mark.covers("ice-smith.frost-axe")
def test_frost_axe_needs_a_melee_host(pd: CD, rig: Dice) -> None:
    """Frost Axe names melee hits: a ranged host's specials add nothing (R7)."""
    sc = Scenario(summoners=(pd["svara"], pd["svara"]))
    host = sc.add(0, pd["frost-mage"], "c3")  # a ranged common
    smith = sc.add(0, pd["ice-smith"], "a1")
    target = sc.add(1, TANK, "c4")
    st = build(sc, phase=ATTACK)
    st.put_under(smith, host)
    st.invalidate()
    rig(S | R, S | R, S | R, S | R)
    st.apply_action(Attack(host, target))
    assert st.damage[target] == st.strength(host)  # bows only


@pytest.mark.covers("shonk.wild-strike")
def test_wild_strike_sword_special_die_is_one_hit(to: CD, rig: Dice) -> None:
    """Wild Strike: specials hit, swords do not; a sword+special die is 1 (R7)."""
    sc = Scenario()
    shonk = sc.add(0, to["shonk"], "c3")
    enemy = sc.add(1, TANK, "c4")
    st = build(sc, phase=ATTACK)
    rig(M | S, M | S, M, M | R, 0, 0, 0, 0)
    st.apply_action(Attack(shonk, enemy))
    assert st.damage[enemy] == 2
