"""Every Fallen Kingdom ability (card data: cards/data/fallen-kingdom.yaml), each with
an edge case where its timing words matter. Cards come from the real catalog.

Dice: ``st.search = True`` rolls the fixed pattern sword+bow, sword, special+bow,
sword+bow, sword+special, sword+bow (engine.core.dice.PATTERN_ORDER)."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, Scenario, at, card, end_phases, pending, uses

from engine.core.actions import (
    END_PHASE,
    NO,
    YES,
    Attack,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.hooks import ACTIVE, BOARD, DISCARD, HAND, UNDER
from engine.core.phases import ATTACK, BUILD, MOVE, SUMMON
from engine.core.types import CardDef

FK = dict[str, CardDef]


def kingdom(fk, at_=("d1", "c8")):  # type: ignore[no-untyped-def]
    return Scenario(summoners=(fk["ret-talus"], fk["ret-talus"]), summoner_at=at_)


WALL = card("wall", life=9, cost=0, strength=0)


def shed(life: int) -> CardDef:
    """A small enemy structure (not a unit)."""
    return card(
        "shed",
        life=life,
        cost=0,
        card_type=GATE.card_type,
        classes=GATE.classes,
        strength=None,
        attack=None,
    )


# -- Ret-Talus: Raise the Dead ---------------------------------------------------------
@pytest.mark.covers("ret-talus.raise-the-dead")
def test_ret_talus_raises_an_undead_once_per_turn_for_2_damage(fk: FK) -> None:
    sc = kingdom(fk)
    archer = sc.add(0, fk["undead-archer"], zone="discard")
    sc.add(0, fk["undead-archer"], zone="discard")  # a copy: offered once
    warrior = sc.add(0, fk["undead-warrior"], zone="discard")
    sc.add(0, fk["hellfire-cultist"], zone="discard")  # not Undead
    sc.add(0, fk["dragos"], zone="discard")  # not Undead
    st = sc.build(phase=SUMMON)
    ret = st.info.summoners[0]
    acts = uses(st, "ret-talus.raise-the-dead")
    assert acts == [UseAbility(ret, "ret-talus.raise-the-dead", 0)]
    st.apply_action(acts[0])
    assert st.damage[ret] == 2
    dec = pending(st)
    assert dec is not None and dec.options == (
        ChooseTarget(archer),
        ChooseTarget(warrior),
    )
    st.apply_action(ChooseTarget(warrior))
    dec = pending(st)
    assert dec is not None and ChooseSpace(at("d2")) in dec.options
    st.apply_action(ChooseSpace(at("d2")))
    assert st.zone[warrior] == BOARD and st.pos[warrior] == at("d2")
    assert st.ctrl[warrior] == 0
    assert uses(st, "ret-talus.raise-the-dead") == []  # once per turn
    st.apply_action(END_PHASE)
    assert uses(st, "ret-talus.raise-the-dead") == []  # summon phase only


@pytest.mark.covers("ret-talus.raise-the-dead")
def test_ret_talus_not_offered_when_it_would_destroy_him(fk: FK) -> None:
    sc = kingdom(fk)
    sc.add(0, fk["undead-archer"], zone="discard")
    st = sc.build(phase=SUMMON)
    ret = st.info.summoners[0]
    st.damage[ret] = 10  # 12 life
    assert uses(st, "ret-talus.raise-the-dead") == []
    st.damage[ret] = 9
    st.invalidate()
    assert len(uses(st, "ret-talus.raise-the-dead")) == 1


# -- Dragos: Life Drain ----------------------------------------------------------------
@pytest.mark.covers("dragos.life-drain")
def test_dragos_life_drain_destroys_a_friend_and_specials_hit(fk: FK) -> None:
    sc = kingdom(fk)
    dragos = sc.add(0, fk["dragos"], "c3")
    friend = sc.add(0, fk["hellfire-cultist"], "a3")  # 2 away
    sc.add(0, fk["undead-warrior"], "f3")  # 3 away: no
    target = sc.add(1, card("wall", life=9, cost=0), "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True
    acts = uses(st, "dragos.life-drain")
    assert acts == [UseAbility(dragos, "dragos.life-drain", target)]
    assert Attack(dragos, target) in st.legal_actions()  # the plain attack too
    st.apply_action(acts[0])
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(friend),)
    st.apply_action(ChooseTarget(friend))
    assert st.zone[friend] == DISCARD and st.magic[0] == 3  # own unit: no magic
    # 4 dice: sword+bow, sword, special+bow, sword+bow -> 3 swords + 1 special
    assert st.damage[target] == 4
    assert dragos in st.attacked
    assert uses(st, "dragos.life-drain") == []


@pytest.mark.covers("dragos.life-drain")
def test_dragos_plain_attack_specials_do_nothing(fk: FK) -> None:
    sc = kingdom(fk)
    dragos = sc.add(0, fk["dragos"], "c3")
    sc.add(0, fk["hellfire-cultist"], "a3")
    target = sc.add(1, card("wall", life=9, cost=0), "c4")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(dragos, target))
    assert st.damage[target] == 3


@pytest.mark.covers("dragos.life-drain", "hellfire-cultist.immolate")
def test_dragos_life_drain_attack_lost_if_target_gone(fk: FK) -> None:
    sc = kingdom(fk)
    dragos = sc.add(0, fk["dragos"], "c3")
    cultist = sc.add(0, fk["hellfire-cultist"], "b4")  # next to the target
    target = sc.add(1, card("weak", life=1, cost=0), "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.apply_action(UseAbility(dragos, "dragos.life-drain", target))
    st.apply_action(ChooseTarget(cultist))  # Immolate destroys the target first
    assert st.zone[target] == DISCARD and st.magic[0] == 4
    assert dragos in st.attacked and pending(st) is None


# -- Elut-Bal: Summoned by Fire --------------------------------------------------------
@pytest.mark.covers("elut-bal.summoned-by-fire")
def test_elut_bal_is_summoned_onto_a_destroyed_friendly_unit(fk: FK) -> None:
    sc = kingdom(fk)
    elut = sc.add(0, fk["elut-bal"], zone="hand")
    sc.add(0, GATE, "a2")
    victim = sc.add(0, fk["undead-carrier"], "e5")  # anywhere on the battlefield
    st = sc.build(phase=SUMMON, magic=(6, 0))
    ret = st.info.summoners[0]
    acts = st.legal_actions()
    assert not any(isinstance(a, Summon) and a.card == elut for a in acts)
    opts = uses(st, "elut-bal.summoned-by-fire")
    assert [a.option for a in opts] == [victim]  # never the summoner
    assert all(a.option != ret for a in opts)
    st.apply_action(opts[0])
    assert st.zone[victim] == DISCARD and st.pos[elut] == at("e5")
    assert st.magic[0] == 0 and st.ctrl[elut] == 0
    st.apply_action(END_PHASE)
    assert uses(st, "elut-bal.summoned-by-fire") == []


@pytest.mark.covers("elut-bal.summoned-by-fire")
def test_elut_bal_needs_its_cost(fk: FK) -> None:
    sc = kingdom(fk)
    sc.add(0, fk["elut-bal"], zone="hand")
    sc.add(0, fk["undead-carrier"], "e5")
    st = sc.build(phase=SUMMON, magic=(5, 0))
    assert uses(st, "elut-bal.summoned-by-fire") == []


# -- Gul-Dass: Wrath -------------------------------------------------------------------
@pytest.mark.covers("gul-dass.wrath")
def test_gul_dass_wrath_strength_per_damage(fk: FK) -> None:
    sc = kingdom(fk)
    gul = sc.add(0, fk["gul-dass"], "c3")
    st = sc.build(phase=ATTACK)
    assert st.strength(gul) == 2
    st.deal_damage(gul, 3, 1)
    assert st.strength(gul) == 5


# -- Undead Archer: Soul Shift ---------------------------------------------------------
@pytest.mark.covers("undead-archer.soul-shift")
def test_undead_archer_soul_shift_on_your_turn_within_3(fk: FK) -> None:
    sc = kingdom(fk)
    archer = sc.add(0, fk["undead-archer"], "a3")
    far = sc.add(0, fk["undead-archer"], "f1")  # 5 away from c4
    killer = sc.add(0, fk["undead-warrior"], "c3")
    victim = sc.add(1, card("weak", life=1, cost=0), "c4")  # 3 from a3
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(killer, victim))
    dec = pending(st)
    assert dec is not None and dec.ability == "undead-archer.soul-shift"
    assert dec.source == archer and dec.options == (NO, YES)
    st.apply_action(YES)
    assert st.pos[archer] == at("c4") and st.pos[far] == at("f1")
    assert st.moved == []  # a place, not a move


@pytest.mark.covers("undead-archer.soul-shift")
def test_undead_archer_soul_shift_not_on_enemy_turn(fk: FK) -> None:
    sc = kingdom(fk)
    sc.add(0, fk["undead-archer"], "a3")
    killer = sc.add(1, fk["undead-warrior"], "c3")
    victim = sc.add(0, card("weak", life=1, cost=0), "c4")
    st = sc.build(phase=ATTACK, turn_player=1)
    st.search = True
    st.apply_action(Attack(killer, victim))
    assert st.zone[victim] == DISCARD and pending(st) is None


# -- Undead Carrier: Soulless and Infect -----------------------------------------------
@pytest.mark.covers("undead-carrier.soulless", "undead-carrier.infect")
def test_undead_carrier_soulless_and_infect(fk: FK) -> None:
    sc = kingdom(fk)
    carrier = sc.add(0, fk["undead-carrier"], "c3")
    dead = sc.add(0, fk["undead-carrier"], zone="discard")
    victim = sc.add(1, card("weak", life=1, cost=0), "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True
    st.apply_action(Attack(carrier, victim))
    assert st.zone[victim] == DISCARD and st.magic[0] == 3  # Soulless
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(dead))
    st.apply_action(ChooseTarget(dead))
    assert st.pos[dead] == at("c4") and st.ctrl[dead] == 0


@pytest.mark.covers("undead-carrier.soulless", "undead-carrier.infect")
def test_undead_carrier_gains_magic_for_structures_no_infect_without_kill(
    fk: FK,
) -> None:
    sc = kingdom(fk)
    carrier = sc.add(0, fk["undead-carrier"], "c3")
    sc.add(0, fk["undead-carrier"], zone="discard")
    gate = sc.add(1, shed(2), "c4")
    wall = sc.add(1, WALL, "b3")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True
    st.apply_action(Attack(carrier, gate))
    assert st.zone[gate] == DISCARD and st.magic[0] == 4  # a structure: magic
    assert pending(st) is None  # not a unit: no Infect
    st.attacked.clear()
    st.apply_action(Attack(carrier, wall))
    assert st.zone[wall] == BOARD and pending(st) is None


# -- Undead Warrior: Blood Fury and Imbued Strength ------------------------------------
@pytest.mark.covers("undead-warrior.blood-fury", "undead-warrior.imbued-strength")
def test_undead_warrior_blood_fury_boost_and_end_of_turn_loss(fk: FK) -> None:
    sc = kingdom(fk)
    warrior = sc.add(0, fk["undead-warrior"], "a1")
    killer = sc.add(0, fk["undead-carrier"], "c3")
    v1 = sc.add(1, card("weak", life=1, cost=0), "c4")
    v2 = sc.add(0, card("weak2", life=1, cost=0), "d3")  # a friendly unit counts
    gate = sc.add(1, shed(1), "b3")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(killer, v1))
    assert st.boost[warrior] == 1
    st.deal_damage(v2, 1, 0)
    st.deal_damage(gate, 1, 0)  # a structure: no boost
    st.settle()
    assert st.zone[v1] == DISCARD and st.zone[v2] == DISCARD
    assert st.boost[warrior] == 2 and st.strength(warrior) == 4
    st.boost[warrior] = 7
    assert st.strength(warrior) == 2 + 5  # Imbued Strength: at most +5
    st.boost[warrior] = 3
    end_phases(st, 3)  # attack, magic, draw: the turn ends
    assert st.turn_player == 1 and st.boost[warrior] == 1
    st.deal_damage(killer, 3, 1)  # destroyed in the enemy's turn: no boost
    assert st.boost[warrior] == 1


# -- Hellfire Cultist: Immolate --------------------------------------------------------
@pytest.mark.covers("hellfire-cultist.immolate")
def test_hellfire_cultist_immolate_hits_adjacent_enemy_units(fk: FK) -> None:
    sc = kingdom(fk)
    cultist = sc.add(0, fk["hellfire-cultist"], "c3")
    e1 = sc.add(1, card("weak", life=1, cost=0), "c4")
    e2 = sc.add(1, GRUNT, "b3")
    friend = sc.add(0, GRUNT, "d3")
    egate = sc.add(1, GATE, "c2")
    far = sc.add(1, GRUNT, "e3")
    st = sc.build(phase=ATTACK, turn_player=1, magic=(3, 3))
    st.search = True
    st.apply_action(Attack(e2, cultist))  # 2 dice: 2 sword hits, cultist has 2 life
    assert st.zone[cultist] == DISCARD and st.magic[1] == 4
    assert st.zone[e1] == DISCARD and st.magic[0] == 4  # the Cultist's kill
    assert st.damage[e2] == 1 and st.damage[friend] == 0
    assert st.damage[egate] == 0 and st.damage[far] == 0


# -- Sacrificial Pyre ------------------------------------------------------------------
@pytest.mark.covers("sacrificial-pyre.effect")
def test_sacrificial_pyre_counts_kills_and_heals_when_discarded(fk: FK) -> None:
    sc = kingdom(fk)
    pyre = sc.add(0, fk["sacrificial-pyre"], zone="hand")
    gul = sc.add(0, fk["gul-dass"], "a3")
    weak = [
        sc.add(p, card(f"weak{p}", life=1, cost=0), s)
        for p, s in ((1, "c5"), (0, "e5"), (1, "f6"))
    ]
    gate = sc.add(1, shed(1), "b6")
    st = sc.build(phase=SUMMON, magic=(3, 3))
    st.apply_action(PlayEvent(pyre))
    assert st.zone[pyre] == ACTIVE
    st.damage[gul] = 5
    for w in weak:
        st.deal_damage(w, 1, 0)
    st.deal_damage(gate, 1, 0)  # a structure: not counted
    assert st.boost[pyre] == 3
    end_phases(st, 6)  # my turn ends: the Pyre stays (ACTIVE)
    assert st.turn_player == 1 and st.zone[pyre] == ACTIVE
    late = st.info.summoners[1]
    st.place(sc_weak := weak[0], at("c5"), 1)  # back on the battlefield, then killed
    st.deal_damage(sc_weak, 1, 0)  # in the opponent's turn: counted too
    assert st.boost[pyre] == 4 and st.zone[late] == BOARD
    end_phases(st, 6)  # the opponent's turn ends; mine starts: the Pyre goes
    dec = pending(st)
    assert dec is not None and dec.ability == "sacrificial-pyre.effect"
    assert ChooseTarget(gul) in dec.options
    assert st.zone[pyre] == DISCARD and st.boost[pyre] == 0
    st.apply_action(ChooseTarget(gul))
    assert st.damage[gul] == 1 and st.phase == SUMMON


# -- Blood Summon ----------------------------------------------------------------------
@pytest.mark.covers("blood-summon.effect", "undead-archer.soul-shift")
def test_blood_summon_places_cheap_units_and_hurts_the_picked_unit(fk: FK) -> None:
    sc = kingdom(fk)
    ev = sc.add(0, fk["blood-summon"], zone="hand")
    archer = sc.add(0, fk["undead-archer"], zone="hand")  # cost 2
    cultist = sc.add(0, fk["hellfire-cultist"], zone="hand")  # cost 0
    gul = sc.add(0, fk["gul-dass"], zone="hand")  # cost 6: no
    host = sc.add(0, fk["undead-warrior"], "c4")
    st = sc.build(phase=SUMMON)
    ret = st.info.summoners[0]
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (
        NO,
        ChooseTarget(ret),
        ChooseTarget(host),
    )
    st.apply_action(ChooseTarget(host))
    dec = pending(st)
    assert dec is not None and dec.options == (
        ChooseTarget(archer),
        ChooseTarget(cultist),
    )
    assert ChooseTarget(gul) not in dec.options
    st.apply_action(ChooseTarget(archer))
    st.apply_action(ChooseSpace(at("c5")))
    assert st.pos[archer] == at("c5") and st.damage[host] == 2
    dec = pending(st)  # again, as many times as you wish
    assert dec is not None and dec.options[0] == NO
    st.apply_action(ChooseTarget(host))
    st.apply_action(ChooseTarget(cultist))
    st.apply_action(ChooseSpace(at("b4")))
    assert st.zone[host] == DISCARD  # 4 damage: destroyed
    dec = pending(st)  # the archer just placed may Soul Shift into its space
    assert dec is not None and dec.ability == "undead-archer.soul-shift"
    st.apply_action(NO)
    assert st.pos[cultist] == at("b4") and pending(st) is None  # hand has no unit
    assert st.zone[gul] == HAND


# -- Hellforged Weapon -----------------------------------------------------------------
@pytest.mark.covers("hellforged-weapon.effect")
def test_hellforged_weapon_plus_2_and_cursed(fk: FK) -> None:
    sc = kingdom(fk)
    ev = sc.add(0, fk["hellforged-weapon"], zone="hand")
    common = sc.add(0, fk["undead-carrier"], "c3")
    sc.add(0, fk["gul-dass"], "e3")  # a champion: not offered
    target = sc.add(1, card("wall", life=9, cost=0), "c4")
    st = sc.build(phase=BUILD)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(common),)
    st.apply_action(ChooseTarget(common))
    assert st.zone[ev] == UNDER and st.pos[ev] == common
    assert st.strength(common) == 2 + 2
    st.apply_action(END_PHASE)
    st.search = True
    st.apply_action(Attack(common, target))
    # 4 dice: sword+bow, sword, special+bow, sword+bow -> 3 hits, 1 special
    assert st.damage[target] == 3 and st.damage[common] == 1
    st.destroy(common, 1)
    assert st.zone[ev] == DISCARD


# -- Purge -----------------------------------------------------------------------------
@pytest.mark.covers("purge.effect")
def test_purge_hits_then_destroys_the_chosen_units(fk: FK) -> None:
    sc = kingdom(fk)
    ev = sc.add(0, fk["purge"], zone="hand")
    a = sc.add(0, fk["hellfire-cultist"], "c3")
    b = sc.add(0, fk["undead-warrior"], "e3")
    keep = sc.add(0, fk["undead-carrier"], "a3")
    enemy = sc.add(1, card("weak", life=2, cost=0), "e4")
    st = sc.build(phase=MOVE, magic=(3, 3))
    ret = st.info.summoners[0]
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseTarget(ret) not in dec.options
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(b))
    st.apply_action(NO)  # done choosing
    dec = pending(st)  # the cultist has nothing adjacent: b hits next
    assert dec is not None and dec.options == (NO, ChooseTarget(enemy))
    st.apply_action(ChooseTarget(enemy))
    assert st.zone[enemy] == DISCARD and st.magic[0] == 4
    assert st.zone[a] == DISCARD and st.zone[b] == DISCARD
    assert st.zone[keep] == BOARD and st.magic[0] == 4  # own units: no magic
    assert pending(st) is None and st.phase == MOVE


@pytest.mark.covers("purge.effect")
def test_purge_may_choose_nobody(fk: FK) -> None:
    sc = kingdom(fk)
    ev = sc.add(0, fk["purge"], zone="hand")
    a = sc.add(0, fk["hellfire-cultist"], "c3")
    st = sc.build(phase=MOVE)
    st.apply_action(PlayEvent(ev))
    st.apply_action(NO)
    assert st.zone[a] == BOARD and st.zone[ev] == DISCARD and pending(st) is None
    assert Move(a, at("c5")) in st.legal_actions()
