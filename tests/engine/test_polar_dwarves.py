"""Every Polar Dwarves ability (card data: cards/data/polar-dwarves.yaml), each with an
edge case where its timing words matter. Cards come from the real catalog."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, Scenario, at, card, pending

from engine.core.actions import (
    END_PHASE,
    NO,
    Attack,
    Build,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
    YesNo,
)
from engine.core.hooks import ACTIVE, BOARD, DISCARD, UNDER
from engine.core.phases import ATTACK, BUILD, MOVE, SUMMON
from engine.core.types import CardDef

PD = dict[str, CardDef]


def svara_scenario(pd, at_=("d1", "c8")):  # type: ignore[no-untyped-def]
    return Scenario(summoners=(pd["svara"], pd["svara"]), summoner_at=at_)


# -- Svara: Structural Shift -----------------------------------------------------------
@pytest.mark.covers("svara.structural-shift")
def test_svara_structural_shift_after_she_moves(pd: PD) -> None:
    sc = svara_scenario(pd, ("c1", "c8"))
    near = sc.add(0, GATE, "e2")  # distance 3 after nothing; 3 from c2? see below
    far = sc.add(0, GATE, "f6")
    enemy = sc.add(1, GATE, "c4")
    st = sc.build(phase=MOVE)
    svara = st.info.summoners[0]
    st.apply_action(Move(svara, at("c2")))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    targets = [o.card for o in dec.options[1:]]
    assert targets == [near]  # e2 is 2 away; f6 too far; enemy gate not friendly
    st.apply_action(ChooseTarget(near))
    st.apply_action(ChooseSpace(at("e3")))
    assert st.pos[near] == at("e3") and st.pos[far] == at("f6")
    assert st.pos[enemy] == at("c4")
    assert svara in st.moved and near not in st.moved  # a force is not a move


@pytest.mark.covers("svara.structural-shift")
def test_svara_may_decline_and_no_trigger_when_she_is_forced(pd: PD) -> None:
    sc = svara_scenario(pd, ("c1", "c8"))
    g = sc.add(0, GATE, "d2")
    st = sc.build(phase=MOVE)
    svara = st.info.summoners[0]
    st.apply_action(Move(svara, at("b1")))
    st.apply_action(NO)
    assert st.pos[g] == at("d2") and pending(st) is None
    st.force(svara, at("a1"))  # "after Svara MOVES": a push is no move
    st.settle()
    assert pending(st) is None


# -- Nadiana: Greater Frost Bolt -------------------------------------------------------
@pytest.mark.covers("nadiana.greater-frost-bolt")
def test_nadiana_strength_counts_friendly_structures_within_2(pd: PD) -> None:
    sc = svara_scenario(pd)
    n = sc.add(0, pd["nadiana"], "c4")
    sc.add(0, GATE, "c5")  # 1 away
    sc.add(0, GATE, "d5")  # 2 away (diagonal = 2 orthogonal)
    sc.add(0, GATE, "c7")  # 3 away: no
    sc.add(1, GATE, "b4")  # enemy: no
    golem = sc.add(0, pd["ice-golem"], "a4")  # structure 2 away
    st = sc.build(phase=ATTACK)
    assert st.strength(n) == 2 + 3
    st.force(golem, at("a3"))  # now 3 away: counted at the moment of use
    st.settle()
    assert st.strength(n) == 4


# -- Ollag: Cold Snap ------------------------------------------------------------------
@pytest.mark.covers("ollag.cold-snap")
def test_ollag_gives_friendly_structures_1_life_while_in_play(pd: PD) -> None:
    sc = svara_scenario(pd)
    ollag = sc.add(0, pd["ollag"], "a4")
    g = sc.add(0, GATE, "f3")
    eg = sc.add(1, GATE, "f6")
    killer = sc.add(1, pd["ollag"], "a5")
    st = sc.build(phase=ATTACK, turn_player=1)
    assert st.life(g) == 6 and st.life(eg) == 6  # each Ollag helps its own side
    st.damage[g] = 5  # alive only thanks to Cold Snap
    st.damage[ollag] = 6
    st.search = True
    st.apply_action(Attack(killer, ollag))
    assert st.zone[ollag] == DISCARD
    assert st.zone[g] == DISCARD  # life back to 5 with 5 damage: destroyed
    assert st.life(eg) == 6


# -- Jarmund: Momentum and Ice Shards --------------------------------------------------
@pytest.mark.covers("jarmund.momentum")
def test_jarmund_momentum_once_per_turn_and_enemy_units_only(pd: PD) -> None:
    sc = svara_scenario(pd)
    j = sc.add(0, pd["jarmund"], "c3")
    e1 = sc.add(1, pd["ollag"], "c5")
    e_gate = sc.add(1, GATE, "a3")
    friend = sc.add(0, GRUNT, "e3")
    st = sc.build(phase=ATTACK)
    st.apply_action(Attack(j, e_gate))  # a structure: no boost
    assert st.boost[j] == 0
    st.attacked.clear()  # an extra attack
    st.apply_action(Attack(j, friend))  # friendly: no boost
    assert st.boost[j] == 0
    st.attacked.clear()
    st.apply_action(Attack(j, e1))
    assert st.boost[j] == 1
    st.attacked.clear()
    st.apply_action(Attack(j, e1))  # once per turn
    assert st.boost[j] == 1


@pytest.mark.covers("jarmund.ice-shards")
def test_jarmund_ice_shards_at_end_of_build_phase(pd: PD) -> None:
    sc = svara_scenario(pd)
    j = sc.add(0, pd["jarmund"], "a1")
    sc.add(0, GATE, "c4")
    victim = sc.add(1, card("weak", life=1, cost=0), "c5")  # adjacent to my gate
    tough = sc.add(1, pd["ollag"], "d4")  # adjacent too
    safe = sc.add(1, GRUNT, "f6")
    mine = sc.add(0, GRUNT, "b4")  # friendly, adjacent: untouched
    enemy_gate = sc.add(1, GATE, "c3")  # a structure, not a unit: untouched
    st = sc.build(phase=MOVE, magic=(3, 3))
    st.boost[j] = 1
    st.apply_action(END_PHASE)  # end of MOVE phase: nothing
    assert pending(st) is None and st.phase == BUILD
    st.apply_action(END_PHASE)
    dec = pending(st)
    assert dec is not None and dec.ability == "jarmund.ice-shards"
    st.apply_action(YesNo(True))
    assert st.boost[j] == 0
    assert st.zone[victim] == DISCARD and st.magic[0] == 4
    assert st.damage[tough] == 1 and st.damage[safe] == 0 and st.damage[mine] == 0
    assert st.damage[enemy_gate] == 0 and st.phase == ATTACK


@pytest.mark.covers("jarmund.ice-shards")
def test_jarmund_ice_shards_needs_boost(pd: PD) -> None:
    sc = svara_scenario(pd)
    sc.add(0, pd["jarmund"], "a1")
    st = sc.build(phase=BUILD)
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.phase == ATTACK


# -- Frost Mage: Frost Bolt ------------------------------------------------------------
@pytest.mark.covers("frost-mage.frost-bolt")
def test_frost_mage_adjacent_friendly_structures_only(pd: PD) -> None:
    sc = svara_scenario(pd)
    fm = sc.add(0, pd["frost-mage"], "c4")
    sc.add(0, GATE, "c5")
    sc.add(0, pd["ice-golem"], "b4")  # unit and structure: counts
    sc.add(0, GATE, "d5")  # diagonal: no
    sc.add(1, GATE, "d4")  # enemy: no
    st = sc.build(phase=ATTACK)
    assert st.strength(fm) == 1 + 2


# -- Ice Golem -------------------------------------------------------------------------
@pytest.mark.covers(
    "ice-golem.living-gate", "ice-golem.mobile-structure", "ice-golem.slow"
)
def test_ice_golem_is_a_gate_moves_one_space(pd: PD) -> None:
    sc = svara_scenario(pd)
    golem = sc.add(0, pd["ice-golem"], "c4")
    u = sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=SUMMON)
    assert Summon(u, at("c5")) in st.legal_actions()  # summon next to the golem
    st.apply_action(END_PHASE)
    dests = {
        a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == golem
    }
    assert dests == {at("c5"), at("c3"), at("b4"), at("d4")}  # Slow: 1 space


# -- Bear Cavalry: Trample -------------------------------------------------------------
@pytest.mark.covers("bear-cavalry.trample")
def test_bear_cavalry_tramples_commons_after_the_move(pd: PD) -> None:
    sc = svara_scenario(pd)
    bear = sc.add(0, pd["bear-cavalry"], "c3")
    common = sc.add(1, card("weak", life=1, cost=0), "c4")
    champ = sc.add(1, pd["ollag"], "d3")
    st = sc.build(phase=MOVE, magic=(3, 3))
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == bear]
    assert Move(bear, at("c5"), at("c4")) in moves  # through the common
    assert all(a.via != at("d3") for a in moves)  # not through a champion
    assert Move(bear, at("c5"), -1) not in moves  # no clean path to c5
    st.apply_action(Move(bear, at("c5"), at("c4")))
    assert st.pos[bear] == at("c5")
    assert st.zone[common] == DISCARD and st.magic[0] == 4  # ability kill: +1
    assert st.damage[champ] == 0


@pytest.mark.covers("bear-cavalry.trample")
def test_bear_cavalry_clean_path_deals_nothing(pd: PD) -> None:
    sc = svara_scenario(pd)
    bear = sc.add(0, pd["bear-cavalry"], "c3")
    common = sc.add(1, GRUNT, "c4")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(bear, at("d4"), -1))
    assert st.damage[common] == 0


# -- Ice Smith: Frost Axe --------------------------------------------------------------
@pytest.mark.covers("ice-smith.frost-axe")
def test_ice_smith_boosts_after_moving_then_tucks(pd: PD) -> None:
    sc = svara_scenario(pd)
    smith = sc.add(0, pd["ice-smith"], "a3")
    host = sc.add(0, pd["bear-cavalry"], "c5")  # a melee common
    target = sc.add(1, pd["ollag"], "c6")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(smith, at("a5")))  # no boost yet: boost automatically
    assert st.boost[smith] == 1 and pending(st) is None
    st.boost[smith] = 2
    st.moved.clear()
    st.apply_action(Move(smith, at("b5")))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseTarget(host))
    st.apply_action(ChooseTarget(host))
    assert st.zone[smith] == UNDER and st.pos[smith] == host
    assert st.boost[smith] == 0 and st.under[host] == (smith,)
    st.phase = ATTACK
    st.search = True  # pattern: sword+bow, sword, special+bow
    st.apply_action(Attack(host, target))
    assert st.damage[target] == 2 + 2  # the special adds two sword hits
    # the tucked smith goes with its host when the host leaves
    st.destroy(host, 1)
    assert st.zone[smith] == DISCARD and smith in st.discard[0]


@pytest.mark.covers("ice-smith.frost-axe")
def test_ice_smith_forced_is_not_moved(pd: PD) -> None:
    sc = svara_scenario(pd)
    smith = sc.add(0, pd["ice-smith"], "a3")
    st = sc.build(phase=MOVE)
    st.force(smith, at("a4"))
    st.settle()
    assert st.boost[smith] == 0 and pending(st) is None


# -- Ice Ram (ACTIVE) ------------------------------------------------------------------
@pytest.mark.covers("ice-ram.effect")
def test_ice_ram_active_damages_and_pushes_after_structure_moves(pd: PD) -> None:
    sc = svara_scenario(pd)
    ram = sc.add(0, pd["ice-ram"], zone="hand")
    ram2 = sc.add(0, pd["ice-ram"], zone="hand")
    golem = sc.add(0, pd["ice-golem"], "c4")
    victim = sc.add(1, GRUNT, "c6")
    st = sc.build(phase=SUMMON)
    st.apply_action(PlayEvent(ram))
    assert st.zone[ram] == ACTIVE
    assert PlayEvent(ram2) not in st.legal_actions()  # same name already active
    st.apply_action(END_PHASE)
    st.apply_action(Move(golem, at("c5")))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(victim))
    st.apply_action(ChooseTarget(victim))
    assert st.damage[victim] == 1
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    st.apply_action(ChooseSpace(at("c7")))
    assert st.pos[victim] == at("c7")
    # discarded at the start of its owner's next turn
    for _ in range(5):
        st.apply_action(END_PHASE)
    for _ in range(6):
        st.apply_action(END_PHASE)
    assert st.turn_player == 0 and st.zone[ram] == DISCARD


@pytest.mark.covers("ice-ram.effect")
def test_ice_ram_ignores_enemy_structures(pd: PD) -> None:
    sc = svara_scenario(pd)
    sc.add(0, pd["ice-ram"], zone="active")
    enemy_golem = sc.add(1, pd["ice-golem"], "c5")
    sc.add(0, GRUNT, "c3")
    st = sc.build(phase=MOVE)
    st.force(enemy_golem, at("c4"))
    st.settle()
    assert pending(st) is None


# -- Parapet ---------------------------------------------------------------------------
@pytest.mark.covers("parapet.effect")
def test_parapet_is_built_and_lets_friendly_attacks_through(pd: PD) -> None:
    sc = svara_scenario(pd)
    p = sc.add(0, pd["parapet"], zone="hand")
    archer = sc.add(0, pd["frost-mage"], "c1")
    enemy_archer = sc.add(1, pd["frost-mage"], "c4")
    st = sc.build(phase=BUILD)
    assert PlayEvent(p) not in st.legal_actions()
    st.apply_action(Build(p, at("c3")))
    assert st.zone[p] == BOARD and st.life(p) == 5
    st.apply_action(END_PHASE)
    targets = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == archer
    }
    assert enemy_archer in targets and p in targets
    st.turn_player = 1
    st.attacked.clear()
    st.invalidate()
    etargets = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == enemy_archer
    }
    assert archer not in etargets and p in etargets


# -- Ice Repair ------------------------------------------------------------------------
@pytest.mark.covers("ice-repair.effect")
def test_ice_repair_in_move_phase_heals_friendly_structures(pd: PD) -> None:
    sc = svara_scenario(pd)
    ev = sc.add(0, pd["ice-repair"], zone="hand")
    g = sc.add(0, GATE, "c3")
    golem = sc.add(0, pd["ice-golem"], "d3")
    eg = sc.add(1, GATE, "c6")
    st = sc.build(phase=SUMMON)
    st.damage[g], st.damage[golem], st.damage[eg] = 3, 1, 3
    assert PlayEvent(ev) not in st.legal_actions()
    st.apply_action(END_PHASE)
    st.apply_action(PlayEvent(ev))
    assert (st.damage[g], st.damage[golem], st.damage[eg]) == (1, 0, 3)
    assert st.zone[ev] == DISCARD


# -- Glacial Shift ---------------------------------------------------------------------
@pytest.mark.covers("glacial-shift.effect", "ice-ram.effect")
def test_glacial_shift_forces_up_to_three_and_ice_ram_fires_between(pd: PD) -> None:
    sc = svara_scenario(pd)
    ev = sc.add(0, pd["glacial-shift"], zone="hand")
    sc.add(0, pd["ice-ram"], zone="active")
    g1 = sc.add(0, GATE, "d3")
    g2 = sc.add(0, GATE, "b1")
    far = sc.add(0, GATE, "d5")  # 4 from Svara at d1
    enemy = sc.add(1, GRUNT, "e4")
    st = sc.build(phase=BUILD)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and [o.card for o in dec.options[1:]] == [g2, g1]
    assert far not in [getattr(o, "card", None) for o in dec.options]
    st.apply_action(ChooseTarget(g1))
    spaces = [o.space for o in pending(st).options]
    assert at("d4") in spaces and at("c3") in spaces and at("b3") in spaces
    assert at("d5") not in spaces  # blocked line
    st.apply_action(ChooseSpace(at("d4")))
    # Ice Ram resolves first: g1 at d4 is adjacent to the enemy at e4
    dec = pending(st)
    assert dec is not None and dec.ability == "ice-ram.effect"
    st.apply_action(ChooseTarget(enemy))
    st.apply_action(NO)  # do not push
    assert st.damage[enemy] == 1
    dec = pending(st)
    assert dec is not None and dec.ability == "glacial-shift.effect"
    assert ChooseTarget(g1) not in dec.options  # each structure once
    st.apply_action(NO)  # stop after one
    assert pending(st) is None and st.pos[g2] == at("b1")
