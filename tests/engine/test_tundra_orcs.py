"""Every Tundra Orcs ability (card data: cards/data/tundra-orcs.yaml), with edge cases
where the timing words matter. Cards come from the real catalog; dice are rigged. No
faction deck list exists (the starting units are unknown): scenarios only."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, SUMMONER, Dice, Scenario, at, build, card, pending

from engine.core import dice
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
)
from engine.core.hooks import ACTIVE, DISCARD
from engine.core.phases import ATTACK, BUILD, MOVE, SUMMON
from engine.core.types import AttackType, CardDef

M, R, S = dice.MELEE, dice.RANGED, dice.SPECIAL
CD = dict[str, CardDef]


def grognack(to: CD, where: str = "d1") -> Scenario:
    return Scenario(summoners=(to["grognack"], SUMMONER), summoner_at=(where, "c8"))


# -- Grognack: Restore -----------------------------------------------------------------
@pytest.mark.covers("grognack.restore")
def test_grognack_restore_after_moving_without_boost(to: CD) -> None:
    st = build(grognack(to), phase=MOVE)
    st.apply_action(Move(0, at("d3")))
    assert st.boost[0] == 1
    st.moved.clear()
    st.apply_action(Move(0, at("d4")))  # already has boost: no second one
    assert st.boost[0] == 1
    st.boost[0] = 0
    st.force(0, at("d5"))  # a force is no move
    st.settle()
    assert st.boost[0] == 0


# -- Grognack: Influence ---------------------------------------------------------------
@pytest.mark.covers("grognack.influence")
def test_grognack_influence_rerolls_a_friendly_attack(to: CD, rig: Dice) -> None:
    sc = grognack(to)
    fighter = sc.add(0, card("fighter", strength=3), "d3")
    target = sc.add(1, card("tank", life=9), "d4")
    st = build(sc, phase=ATTACK)
    st.boost[0] = 2
    rig(0, 0, M)
    st.apply_action(Attack(fighter, target))
    dec = pending(st)
    assert dec is not None and dec.ability == "grognack.influence"
    assert st.damage[target] == 0  # the damage step waits for the choice
    rig(M, M, 0)
    st.apply_action(YES)
    dec = pending(st)  # a reroll may be rerolled again
    assert dec is not None and st.boost[0] == 1
    st.apply_action(NO)
    assert st.damage[target] == 2 and st.boost[0] == 1


@pytest.mark.covers("grognack.influence")
def test_grognack_influence_not_for_himself_nor_without_boost(
    to: CD, rig: Dice
) -> None:
    sc = grognack(to)
    far = sc.add(0, card("far", strength=1), "f5")  # 6 spaces away
    t1 = sc.add(1, card("tank", life=9), "d2")
    t2 = sc.add(1, card("tank", life=9), "f6")
    st = build(sc, phase=ATTACK)
    st.boost[0] = 1
    rig(M, M, M, M, M)
    st.apply_action(Attack(0, t1))  # his own roll
    assert pending(st) is None and st.damage[t1] == 4
    st.apply_action(Attack(far, t2))
    assert pending(st) is None and st.damage[t2] == 1


# -- Ragnor: Blood Bond ----------------------------------------------------------------
@pytest.mark.covers("ragnor.blood-bond")
def test_ragnor_blood_bond_boosts_summoner_per_special(to: CD, rig: Dice) -> None:
    sc = Scenario()
    ragnor = sc.add(0, to["ragnor"], "c3")
    enemy = sc.add(1, card("tank", life=9), "c4")
    gate = sc.add(1, GATE, "b3")
    st = build(sc, phase=ATTACK)
    rig(M | S, S | R, M)
    st.apply_action(Attack(ragnor, enemy))
    assert st.boost[0] == 2 and st.damage[enemy] == 2
    st.attacked.clear()
    rig(S | M, S | M, S | M)
    st.apply_action(Attack(ragnor, gate))  # not a unit
    assert st.boost[0] == 2


# -- Shonk: Wild Strike ----------------------------------------------------------------
@pytest.mark.covers("shonk.wild-strike")
def test_shonk_wild_strike_counts_specials_not_melee(to: CD, rig: Dice) -> None:
    sc = Scenario()
    shonk = sc.add(0, to["shonk"], "c3")
    enemy = sc.add(1, card("tank", life=20), "c4")
    st = build(sc, phase=ATTACK)
    rig(M, M, M, M | S, S | R, M | R, 0, 0)
    st.apply_action(Attack(shonk, enemy))
    assert st.damage[enemy] == 2


# -- Targan ----------------------------------------------------------------------------
@pytest.mark.covers("targan.far-shot")
def test_targan_far_shot_reaches_4(to: CD) -> None:
    sc = Scenario()
    targan = sc.add(0, to["targan"], "a2")
    t4 = sc.add(1, GRUNT, "a6")
    t5 = sc.add(1, GRUNT, "f2")  # 5 away
    st = build(sc, phase=ATTACK)
    targets = {a.target for a in st.legal_actions() if isinstance(a, Attack)}
    assert t4 in targets and t5 not in targets
    assert st.attack_range(targan) == 4


@pytest.mark.covers("targan.piercing-frost")
def test_targan_piercing_frost_adjacent_frost_units(to: CD) -> None:
    sc = Scenario()
    targan = sc.add(0, to["targan"], "c3")
    shaman = sc.add(0, to["frost-shaman"], "c4")
    far = sc.add(0, to["frost-shaman"], "c6")
    smasher = sc.add(0, to["smasher"], "d3")
    foe = sc.add(1, to["frost-shaman"], "b3")
    st = build(sc)
    assert st.strength(shaman) == 4 and st.strength(far) == 3
    assert st.strength(smasher) == 4 and st.strength(foe) == 3
    assert st.strength(targan) == 4


# -- Frost Shaman: Unwieldy Magic ------------------------------------------------------
@pytest.mark.covers("frost-shaman.unwieldy-magic")
def test_frost_shaman_needs_a_special(to: CD, rig: Dice) -> None:
    sc = Scenario()
    shaman = sc.add(0, to["frost-shaman"], "c3")
    enemy = sc.add(1, card("tank", life=9), "c5")
    st = build(sc, phase=ATTACK)
    rig(R, R, M | R)
    st.apply_action(Attack(shaman, enemy))
    assert st.damage[enemy] == 0
    st.attacked.clear()
    rig(R, S | R, M)
    st.apply_action(Attack(shaman, enemy))
    assert st.damage[enemy] == 2


# -- Smasher: Sluggish -----------------------------------------------------------------
@pytest.mark.covers("smasher.sluggish")
def test_smasher_sluggish_takes_extra_per_special(to: CD, rig: Dice) -> None:
    sc = Scenario()
    smasher = sc.add(0, to["smasher"], "c3")
    brute = sc.add(1, card("brute", strength=3), "c4")
    other = sc.add(0, card("other", life=9), "d4")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M | S, S | R, 0)
    st.apply_action(Attack(brute, smasher))
    assert st.damage[smasher] == 1 + 2
    st.attacked.clear()
    rig(M | S, S | R, 0)
    st.apply_action(Attack(brute, other))
    assert st.damage[other] == 1


# -- Tundra Charger: Blood Rush --------------------------------------------------------
@pytest.mark.covers("tundra-charger.blood-rush")
def test_tundra_charger_blood_rush_after_summon(to: CD) -> None:
    sc = Scenario()
    sc.add(0, GATE, "c3")
    ch = sc.add(0, to["tundra-charger"], zone="hand")
    ch2 = sc.add(0, to["tundra-charger"], zone="hand")
    st = build(sc, phase=SUMMON)
    st.apply_action(Summon(ch, at("c4")))
    dec = pending(st)
    assert dec is not None and dec.options == (YES, NO)
    st.apply_action(YES)
    assert st.damage[ch] == 1
    st.apply_action(ChooseSpace(at("c5")))
    assert st.pos[ch] == at("c5") and ch not in st.moved
    st.apply_action(Summon(ch2, at("c4")))
    st.apply_action(NO)  # "may": declined, no damage
    assert st.damage[ch2] == 0 and st.pos[ch2] == at("c4")


# -- Tundra Fighter: Frenzy ------------------------------------------------------------
@pytest.mark.covers("tundra-fighter.frenzy")
def test_tundra_fighter_frenzy_force_and_extra_attack(to: CD, rig: Dice) -> None:
    sc = Scenario()
    tf = sc.add(0, to["tundra-fighter"], "c3")
    e1 = sc.add(1, card("tank", life=9), "c4")
    e2 = sc.add(1, card("tank", life=9), "e3")
    st = build(sc, phase=ATTACK)
    rig(M, 0, S)  # attack: 1 hit; Frenzy die: special
    st.apply_action(Attack(tf, e1))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    st.apply_action(ChooseSpace(at("d3")))
    dec = pending(st)
    assert dec is not None
    assert dec.options == (NO, ChooseTarget(e2))  # e1 is diagonal now
    rig(M, M, M)  # extra attack 2 hits, then Frenzy again: no special
    st.apply_action(ChooseTarget(e2))
    assert st.damage[e2] == 2 and st.damage[e1] == 1
    assert pending(st) is None and st.attacked == [tf]


@pytest.mark.covers("tundra-fighter.frenzy")
def test_tundra_fighter_frenzy_needs_a_special_and_adjacent_enemy(
    to: CD, rig: Dice
) -> None:
    sc = Scenario()
    tf = sc.add(0, to["tundra-fighter"], "c3")
    e1 = sc.add(1, card("tank", life=9), "c4")
    friend = sc.add(0, card("friend", life=9), "b3")
    st = build(sc, phase=ATTACK)
    rig(M, 0, M)  # Frenzy die: no special
    st.apply_action(Attack(tf, e1))
    assert pending(st) is None and rig.sizes == [2, 1]
    st.attacked.clear()
    st.apply_action(Attack(tf, friend))  # not an enemy: no roll
    assert rig.sizes == [2, 1, 2]


# -- For Glory -------------------------------------------------------------------------
@pytest.mark.covers("for-glory.effect")
def test_for_glory_reckless_strike(to: CD, rig: Dice) -> None:
    sc = Scenario()
    fg = sc.add(0, to["for-glory"], zone="hand")
    tf = sc.add(0, card("common", strength=2, life=9), "c3")
    champ = sc.add(0, to["ragnor"], "a3")
    e1 = sc.add(1, card("tank", life=9), "c4")
    e2 = sc.add(1, card("tank", life=9), "a4")
    st = build(sc, phase=BUILD)
    st.apply_action(PlayEvent(fg))
    assert st.zone[fg] == ACTIVE
    assert st.strength(tf) == 4 and st.strength(champ) == 3
    st.apply_action(END_PHASE)
    rig(M, M | S, M, 0)  # 3 hits, 1 special: takes 3 itself
    st.apply_action(Attack(tf, e1))
    assert st.damage[e1] == 3 and st.damage[tf] == 3
    rig(M, 0, 0)
    st.apply_action(Attack(champ, e2))  # a champion: no Reckless Strike
    assert st.damage[champ] == 0


@pytest.mark.covers("for-glory.effect")
def test_for_glory_two_specials_no_recoil(to: CD, rig: Dice) -> None:
    sc = Scenario()
    sc.add(0, to["for-glory"], zone="active")
    tf = sc.add(0, card("common", strength=2, life=9), "c3")
    e1 = sc.add(1, card("tank", life=9), "c4")
    st = build(sc, phase=ATTACK)
    rig(M | S, M | S, M, 0)
    st.apply_action(Attack(tf, e1))
    assert st.damage[e1] == 3 and st.damage[tf] == 0


# -- Brutal Force ----------------------------------------------------------------------
@pytest.mark.covers("brutal-force.effect")
def test_brutal_force_pushes_damaged_unit_away(to: CD, rig: Dice) -> None:
    sc = Scenario()
    sc.add(0, to["brutal-force"], zone="active")
    archer = sc.add(0, card("archer", attack=AttackType.RANGED), "c2")
    e1 = sc.add(1, card("tank", life=9), "c4")
    e2 = sc.add(1, card("tank", life=9), "d2")
    st = build(sc, phase=ATTACK)
    rig(R, 0)
    st.apply_action(Attack(archer, e1))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseSpace(at("c5")))
    st.apply_action(ChooseSpace(at("c5")))
    assert st.pos[e1] == at("c5")
    rig(0, 0)
    st.attacked.clear()
    st.apply_action(Attack(archer, e2))  # no damage: no push
    assert pending(st) is None


# -- Freeze ----------------------------------------------------------------------------
@pytest.mark.covers("freeze.effect", "targan.piercing-frost")
def test_freeze_locks_a_unit_and_blanks_its_abilities(to: CD) -> None:
    sc = Scenario()
    fr = sc.add(0, to["freeze"], zone="hand")
    targan = sc.add(1, to["targan"], "d3")
    shaman = sc.add(1, to["frost-shaman"], "d4")
    mine = sc.add(0, GRUNT, "c3")
    sc.add(1, GRUNT, "d6")  # 5 away: not a choice
    st = build(sc, phase=SUMMON)
    st.boost[shaman] = 1  # has boost: not a choice
    assert st.strength(shaman) == 4
    st.apply_action(PlayEvent(fr))
    dec = pending(st)
    assert dec is not None
    assert set(dec.options) == {ChooseTarget(targan), ChooseTarget(mine)}
    st.apply_action(ChooseTarget(targan))
    assert st.strength(shaman) == 3  # Piercing Frost is gone
    assert not st.can_be_forced(targan) and st.can_be_forced(shaman)
    st.phase = ATTACK
    assert Attack(mine, targan) not in st.legal_actions()
    st.turn_player = 1
    st.phase = MOVE
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == targan
    ]
    st.phase = ATTACK
    assert not [
        a for a in st.legal_actions() if isinstance(a, Attack) and a.attacker == targan
    ]


@pytest.mark.covers("freeze.effect")
def test_freeze_not_playable_without_target(to: CD) -> None:
    sc = Scenario()
    fr = sc.add(0, to["freeze"], zone="hand")
    st = build(sc, phase=SUMMON)
    assert PlayEvent(fr) not in st.legal_actions()


@pytest.mark.covers("freeze.effect")
def test_freeze_ending_a_life_aura_destroys_a_card_at_0_life() -> None:
    """Found by a 3000-game fuzz: Freeze blanked Ollag, whose Cold Snap gave a gate
    +1 life; the gate, with damage equal to its printed life, stayed on the
    battlefield. R7: at life 0 or less a card is destroyed (nobody's kill)."""
    from scenario import faction_cards

    to = faction_cards("tundra-orcs")
    pd = faction_cards("polar-dwarves")
    sc = grognack(to, "d1")
    fr = sc.add(0, to["freeze"], zone="hand")
    ollag = sc.add(1, pd["ollag"], "d3")
    gate = sc.add(1, GATE, "e6")
    st = build(sc, phase=SUMMON, magic=(3, 3))
    st.damage[gate] = 5
    assert st.life(gate) == 6  # Cold Snap
    st.apply_action(PlayEvent(fr))
    st.apply_action(ChooseTarget(ollag))
    assert st.zone[gate] == DISCARD and st.magic == [3, 3]


# -- Primal Fury -----------------------------------------------------------------------
@pytest.mark.covers("primal-fury.effect")
def test_primal_fury_force_and_extra_attack_once_per_turn(to: CD, rig: Dice) -> None:
    sc = grognack(to, "c3")
    pf = sc.add(0, to["primal-fury"], zone="hand")
    e1 = sc.add(1, card("tank", life=20), "c4")
    e2 = sc.add(1, card("tank", life=20), "e2")
    st = build(sc, phase=ATTACK)
    st.apply_action(PlayEvent(pf))
    rig(M, 0, 0, 0)
    st.apply_action(Attack(0, e1))
    dec = pending(st)
    assert dec is not None and ChooseSpace(at("e3")) in dec.options
    assert ChooseSpace(at("c1")) in dec.options  # 2 spaces straight
    st.apply_action(ChooseSpace(at("e3")))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(e2))
    rig(M, M, 0, 0)
    st.apply_action(ChooseTarget(e2))
    assert st.damage[e2] == 2 and st.damage[e1] == 1
    assert pending(st) is None  # once per turn: no second force


@pytest.mark.covers("primal-fury.effect")
def test_primal_fury_only_after_attacking_adjacent_enemy(to: CD, rig: Dice) -> None:
    sc = grognack(to, "c3")
    sc.add(0, to["primal-fury"], zone="active")
    friend = sc.add(0, card("friend", life=20), "c4")
    st = build(sc, phase=ATTACK)
    st.apply_action(Attack(0, friend))
    assert pending(st) is None
    assert st.zone[friend] != DISCARD
