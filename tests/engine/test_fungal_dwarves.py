"""Fungal Dwarves: Fungal Beast, the faction's one card with complete data
(card data: cards/data/fungal-dwarves.yaml). Dice are rigged."""

from __future__ import annotations

import pytest
from scenario import GATE, Dice, Scenario, at, build, card, pending

from engine.core import dice
from engine.core.actions import END_PHASE, NO, Attack, ChooseOption, ChooseTarget
from engine.core.hooks import BOARD, DISCARD
from engine.core.phases import ATTACK, MAGIC
from engine.core.types import CardDef

M = dice.MELEE
CD = dict[str, CardDef]


@pytest.mark.covers("fungal-beast.infect")
def test_fungal_beast_infect_brings_back_a_carrier(fd: CD, rig: Dice) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    victim = sc.add(1, card("weak", life=2), "c4")
    carrier = sc.add(0, fd["spore-carrier"], zone="discard")
    sc.add(0, card("mushroom"), zone="discard")
    st = build(sc, phase=ATTACK)
    rig(M, M, M)
    st.apply_action(Attack(beast, victim))
    assert st.zone[victim] == DISCARD
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(carrier))
    st.apply_action(ChooseTarget(carrier))
    assert st.zone[carrier] == BOARD and st.pos[carrier] == at("c4")
    assert st.ctrl[carrier] == 0


@pytest.mark.covers("fungal-beast.infect")
def test_fungal_beast_infect_only_when_it_destroys_a_unit(fd: CD, rig: Dice) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    tank = sc.add(1, card("tank", life=9), "c4")
    gate = sc.add(1, GATE, "b3")
    sc.add(0, fd["spore-carrier"], zone="discard")
    st = build(sc, phase=ATTACK)
    rig(M, M, M)
    st.apply_action(Attack(beast, tank))  # not destroyed
    assert pending(st) is None
    st.attacked.clear()
    st.damage[gate] = 4
    rig(M)
    st.apply_action(Attack(beast, gate))  # a structure, not a unit
    assert st.zone[gate] == DISCARD and pending(st) is None


@pytest.mark.covers("fungal-beast.parasitic")
def test_fungal_beast_parasitic_at_end_of_attack_phase(fd: CD) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    sc.add(1, card("tank", life=9), "c4")
    st = build(sc, phase=ATTACK)
    st.targeted_enemy = True
    st.boost[beast] = 1
    st.apply_action(END_PHASE)
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseOption(1))
    st.apply_action(ChooseOption(0))
    assert st.boost[beast] == 0 and st.damage[beast] == 0 and st.phase == MAGIC


@pytest.mark.covers("fungal-beast.parasitic")
def test_fungal_beast_parasitic_without_boost_takes_damage(fd: CD) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    st = build(sc, phase=ATTACK)
    st.targeted_enemy = True
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.damage[beast] == 1
