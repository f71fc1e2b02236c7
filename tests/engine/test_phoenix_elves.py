"""Every Phoenix Elves ability (the card data in cards/data/phoenix-elves.yaml;
Queen Maldaria's current official text), with edge cases where the timing words matter.
Cards come from the real catalog; dice are rigged. No faction deck list exists (the
starting units are unknown), so the cards are tested through scenarios."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, SUMMONER, Dice, Scenario, at, build, card, pending

from engine.core import dice
from engine.core.actions import (
    END_PHASE,
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
)
from engine.core.hooks import DISCARD
from engine.core.phases import ATTACK, MAGIC, MOVE, SUMMON
from engine.core.types import AttackType, CardDef

M, R, S = dice.MELEE, dice.RANGED, dice.SPECIAL
CD = dict[str, CardDef]


def queen_scenario(pe: CD) -> Scenario:
    return Scenario(summoners=(pe["queen-maldaria"], SUMMONER))


# -- Queen Maldaria: Call Protection ---------------------------------------------------
@pytest.mark.covers("queen-maldaria.call-protection")
def test_queen_call_protection_places_friendly_unit_after_attack_phase(
    pe: CD, rig: Dice
) -> None:
    sc = queen_scenario(pe)  # queen at d1
    enemy = sc.add(1, card("tank", life=9), "d4")
    friend = sc.add(0, pe["fanessa"], "f6")
    st = build(sc, phase=ATTACK)
    rig(R)
    st.apply_action(Attack(0, enemy))
    assert pending(st) is None  # only when the Attack Phase ends
    st.apply_action(END_PHASE)
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(friend))
    st.apply_action(ChooseTarget(friend))
    st.apply_action(ChooseSpace(at("c1")))
    assert st.pos[friend] == at("c1") and friend not in st.moved
    assert st.phase == MAGIC


@pytest.mark.covers("queen-maldaria.call-protection")
def test_queen_call_protection_needs_an_attack_on_an_enemy_card(
    pe: CD, rig: Dice
) -> None:
    sc = queen_scenario(pe)
    friend = sc.add(0, pe["fanessa"], "d3")
    sc.add(1, GRUNT, "a8")
    st = build(sc, phase=ATTACK)
    st.apply_action(Attack(0, friend))  # a friendly target does not count
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.phase == MAGIC


# -- Queen Maldaria: Save the Queen ----------------------------------------------------
@pytest.mark.covers("queen-maldaria.save-the-queen", "fire-drake.fire-breath")
def test_queen_save_the_queen_no_force_no_attack_through(pe: CD) -> None:
    sc = queen_scenario(pe)
    guard = sc.add(0, pe["royal-guardian"], "d2")  # next to the queen
    loose = sc.add(0, pe["royal-guardian"], "a2")
    drake = sc.add(1, pe["fire-drake"], "d4")
    st = build(sc, phase=ATTACK, turn_player=1)
    assert not st.can_be_forced(guard) and st.can_be_forced(loose)
    st.force(guard, at("e2"))
    assert st.pos[guard] == at("d2")
    targets = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == drake
    }
    assert guard in targets and 0 not in targets  # the drake cannot fire through


# -- Fanessa: Riposte ------------------------------------------------------------------
@pytest.mark.covers("fanessa.riposte")
def test_fanessa_riposte_hits_adjacent_attacker(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    fan = sc.add(0, pe["fanessa"], "c3")
    melee = sc.add(1, GRUNT, "c4")
    archer = sc.add(1, card("archer", attack=AttackType.RANGED), "f3")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M, 0)
    st.apply_action(Attack(melee, fan))
    assert st.damage[melee] == 1 and st.damage[fan] == 1
    rig(R, R)
    st.apply_action(Attack(archer, fan))  # not adjacent: no riposte
    assert st.damage[archer] == 0


@pytest.mark.covers("fanessa.riposte")
def test_fanessa_riposte_needs_her_in_play(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    fan = sc.add(0, pe["fanessa"], "c3")
    brute = sc.add(1, card("brute", strength=9, life=9), "c4")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(*[M] * 9)
    st.apply_action(Attack(brute, fan))
    assert st.zone[fan] == DISCARD and st.damage[brute] == 0


# -- Fire Drake ------------------------------------------------------------------------
@pytest.mark.covers("fire-drake.protector")
def test_fire_drake_protector_summons_next_to_summoner(pe: CD) -> None:
    sc = Scenario()
    drake = sc.add(0, pe["fire-drake"], zone="hand")
    ember = sc.add(0, pe["ember-mage"], zone="hand")
    sc.add(0, GATE, "a5")
    st = build(sc, phase=SUMMON, magic=(9, 0))
    legal = st.legal_actions()
    assert Summon(drake, at("d2")) in legal and Summon(drake, at("a6")) in legal
    assert Summon(ember, at("d2")) not in legal


@pytest.mark.covers("fire-drake.fire-breath")
def test_fire_drake_fire_breath_through_units_hits_those_between(
    pe: CD, rig: Dice
) -> None:
    sc = Scenario()
    drake = sc.add(0, pe["fire-drake"], "a2")
    mine = sc.add(0, card("mine", life=5), "a3")
    foe = sc.add(1, card("foe", life=5), "a4")
    target = sc.add(1, card("target", life=9), "a5")
    wall = sc.add(1, GATE, "b2")
    behind_wall = sc.add(1, GRUNT, "c2")
    st = build(sc, phase=ATTACK)
    targets = [a.target for a in st.legal_actions() if isinstance(a, Attack)]
    assert {mine, foe, target, wall} <= set(targets)
    assert behind_wall not in targets  # structures still block
    rig(S | R, S | R, R, M)
    st.apply_action(Attack(drake, target))
    assert st.damage[target] == 3
    assert st.damage[mine] == 2 and st.damage[foe] == 2


@pytest.mark.covers("fire-drake.fire-breath")
def test_fire_drake_fire_breath_no_side_damage_without_units_between(
    pe: CD, rig: Dice
) -> None:
    sc = Scenario()
    drake = sc.add(0, pe["fire-drake"], "a2")
    target = sc.add(1, card("target", life=9), "a4")
    st = build(sc, phase=ATTACK)
    rig(S | R, S | R, S | R, S | R)
    st.apply_action(Attack(drake, target))
    assert st.damage[target] == 4 and pending(st) is None and not st.stack


# -- Holleas ---------------------------------------------------------------------------
@pytest.mark.covers("holleas.fiery-summon", "holleas.ignite")
def test_holleas_fiery_summon_and_ignite(pe: CD) -> None:
    sc = Scenario()
    hol = sc.add(0, pe["holleas"], "c4")
    archer = sc.add(0, pe["ember-archer"], "c5")
    far = sc.add(0, pe["ember-archer"], "e5")
    guardian = sc.add(0, pe["royal-guardian"], "b4")
    mage = sc.add(0, pe["ember-mage"], zone="hand")
    rg = sc.add(0, pe["royal-guardian"], zone="hand")
    st = build(sc, phase=SUMMON)
    legal = st.legal_actions()
    assert Summon(mage, at("d4")) in legal and Summon(rg, at("d4")) not in legal
    assert st.strength(archer) == 3 and st.strength(far) == 2
    assert st.strength(guardian) == 1 and st.strength(hol) == 3


# -- Ember Archer: Quick Shot ----------------------------------------------------------
@pytest.mark.covers("ember-archer.quick-shot")
def test_ember_archer_quick_shot_after_move(pe: CD) -> None:
    sc = Scenario()
    archer = sc.add(0, pe["ember-archer"], "a3")
    near = sc.add(1, GRUNT, "b6")  # straight line from b3, 3 spaces
    hidden = sc.add(1, GRUNT, "f3")  # behind the blocker
    sc.add(1, GATE, "d3")
    st = build(sc, phase=MOVE)
    st.apply_action(Move(archer, at("b3")))
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(near)}
    st.apply_action(ChooseTarget(near))
    assert st.damage[near] == 1 and st.damage[hidden] == 0
    assert archer not in st.attacked


@pytest.mark.covers("ember-archer.quick-shot")
def test_ember_archer_quick_shot_not_after_force(pe: CD) -> None:
    sc = Scenario()
    archer = sc.add(0, pe["ember-archer"], "a3")
    sc.add(1, GRUNT, "a5")
    st = build(sc, phase=MOVE)
    st.force(archer, at("b3"))
    st.settle()
    assert pending(st) is None


# -- Ember Beast -----------------------------------------------------------------------
@pytest.mark.covers("ember-beast.born-of-fire")
def test_ember_beast_born_of_fire_summon_next_to_ember(pe: CD) -> None:
    sc = Scenario()
    sc.add(0, pe["ember-mage"], "c5")
    sc.add(1, pe["ember-mage"], "f5")  # enemy Ember: no
    beast = sc.add(0, pe["ember-beast"], zone="hand")
    other = sc.add(0, pe["royal-guardian"], zone="hand")
    st = build(sc, phase=SUMMON)
    legal = st.legal_actions()
    assert Summon(beast, at("c6")) in legal and Summon(beast, at("e5")) not in legal
    assert Summon(other, at("c6")) not in legal


@pytest.mark.covers("ember-beast.wildfire")
def test_ember_beast_wildfire_at_start_of_own_move_phase(pe: CD) -> None:
    sc = Scenario()
    beast = sc.add(0, pe["ember-beast"], "c3")
    e1 = sc.add(1, GRUNT, "c4")
    e2 = sc.add(1, GATE, "b3")  # a structure: no
    friend = sc.add(0, GRUNT, "d3")
    st = build(sc, phase=SUMMON)
    st.apply_action(END_PHASE)
    assert st.phase == MOVE
    assert st.damage[e1] == 1 and st.damage[e2] == 0 and st.damage[friend] == 0
    st.apply_action(END_PHASE)
    st.apply_action(END_PHASE)
    assert st.damage[e1] == 1 and st.damage[beast] == 0


# -- Ember Mage: Guarded ---------------------------------------------------------------
@pytest.mark.covers("ember-mage.guarded")
def test_ember_mage_guarded_first_attack_each_turn(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    mage = sc.add(0, pe["ember-mage"], "c3")
    brute = sc.add(1, card("brute", strength=3, life=9), "c4")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M, M, M)
    st.apply_action(Attack(brute, mage))
    assert st.damage[mage] == 1
    st.attacked.clear()  # a second attack in the same turn: not guarded
    rig(M)
    st.apply_action(Attack(brute, mage))
    assert st.zone[mage] == DISCARD


# -- Royal Guardian --------------------------------------------------------------------
@pytest.mark.covers("royal-guardian.engage")
def test_royal_guardian_engage(pe: CD) -> None:
    sc = Scenario()
    sc.add(0, pe["royal-guardian"], "c3")
    enemy = sc.add(1, GRUNT, "c4")
    back = sc.add(1, GRUNT, "d3")
    st = build(sc, phase=MOVE, turn_player=1)
    st.apply_action(Move(enemy, at("c5")))
    assert st.damage[enemy] == 1
    # glossary "farther": a partial move away counts, even ending next to it again
    st.apply_action(Move(back, at("c2")))  # d3 -> d2 -> c2
    assert st.pos[back] == at("c2") and st.damage[back] == 1


@pytest.mark.covers("royal-guardian.shove", "royal-guardian.engage")
def test_royal_guardian_shove_may_force_adjacent_enemy(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    rg = sc.add(0, pe["royal-guardian"], "c3")
    enemy = sc.add(1, card("tank", life=9), "c4")
    gate = sc.add(1, GATE, "b3")
    st = build(sc, phase=ATTACK)
    rig(M)
    st.apply_action(Attack(rg, enemy))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    assert ChooseSpace(at("c5")) in dec.options
    st.apply_action(ChooseSpace(at("c5")))
    assert st.pos[enemy] == at("c5")
    assert st.damage[enemy] == 1 + 1  # Engage: forced farther from the guardian
    st.attacked.clear()
    st.apply_action(Attack(rg, gate))  # a structure: no shove
    assert pending(st) is None


# -- Spirit of the Phoenix -------------------------------------------------------------
@pytest.mark.covers(
    "spirit-of-the-phoenix.effect", "ember-archer.quick-shot", "burn.effect"
)
def test_spirit_of_the_phoenix_adds_1_to_unit_ability_damage(pe: CD) -> None:
    sc = Scenario()
    sp = sc.add(0, pe["spirit-of-the-phoenix"], zone="hand")
    burn = sc.add(0, pe["burn"], zone="hand")
    archer = sc.add(0, pe["ember-archer"], "a3")
    foe = sc.add(1, card("tank", life=9), "b6")
    foe2 = sc.add(1, card("tank", life=9), "d2")
    st = build(sc, phase=SUMMON)
    st.apply_action(PlayEvent(sp))
    st.apply_action(END_PHASE)
    st.apply_action(Move(archer, at("b3")))
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 2
    st.apply_action(PlayEvent(burn))  # an event, not a unit's ability
    st.apply_action(ChooseTarget(foe2))
    assert st.damage[foe2] == 2


# -- Blinding Flare --------------------------------------------------------------------
@pytest.mark.covers("blinding-flare.effect")
def test_blinding_flare_counts_only_specials(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    bf = sc.add(0, pe["blinding-flare"], zone="hand")
    near = sc.add(0, card("near", life=9), "d2")
    far = sc.add(0, card("far", life=9), "b4")
    a1 = sc.add(1, card("brute", strength=3), "d3")
    a2 = sc.add(1, card("brute", strength=3), "b5")
    a3 = sc.add(1, card("brute", strength=3), "e1")
    st = build(sc, phase=MAGIC)
    st.apply_action(PlayEvent(bf))
    st.turn_player = 1
    st.phase = ATTACK
    rig(M, M | S, M, M, M, M, M, S, S)
    st.apply_action(Attack(a1, near))
    assert st.damage[near] == 1
    st.apply_action(Attack(a2, far))  # not next to the summoner
    assert st.damage[far] == 3
    st.apply_action(Attack(a3, 0))  # the summoner itself
    assert st.damage[0] == 2


# -- Burn ------------------------------------------------------------------------------
@pytest.mark.covers("burn.effect")
def test_burn_common_or_champion_within_2_of_summoner(pe: CD) -> None:
    sc = Scenario()
    burn = sc.add(0, pe["burn"], zone="hand")
    near = sc.add(1, card("near", life=9), "d3")
    champ = sc.add(1, pe["fanessa"], "c2")
    sc.add(1, GRUNT, "d4")  # 3 away
    sc.add(1, GATE, "e1")  # structure
    st = build(sc, phase=MOVE)
    st.apply_action(PlayEvent(burn))
    dec = pending(st)
    assert dec is not None
    assert set(dec.options) == {ChooseTarget(near), ChooseTarget(champ)}
    st.apply_action(ChooseTarget(champ))
    assert st.damage[champ] == 2 and st.zone[burn] == DISCARD


@pytest.mark.covers("burn.effect")
def test_burn_not_playable_without_target(pe: CD) -> None:
    sc = Scenario()
    burn = sc.add(0, pe["burn"], zone="hand")
    st = build(sc, phase=MOVE)
    assert PlayEvent(burn) not in st.legal_actions()


# -- Divine Retribution ----------------------------------------------------------------
@pytest.mark.covers("divine-retribution.effect")
def test_divine_retribution_punishes_enemy_attackers(pe: CD, rig: Dice) -> None:
    sc = Scenario()
    dr = sc.add(0, pe["divine-retribution"], zone="hand")
    near = sc.add(0, card("near", life=9), "d4")  # 3 from the summoner at d1
    far = sc.add(0, card("far", life=9), "d5")  # 4 away
    a1 = sc.add(1, card("archer", life=5, attack=AttackType.RANGED), "a4")
    a2 = sc.add(1, GRUNT, "e5")
    st = build(sc, phase=MAGIC)
    st.apply_action(PlayEvent(dr))
    st.turn_player = 1
    st.phase = ATTACK
    rig(R, 0, M, 0)
    st.apply_action(Attack(a1, near))
    assert st.damage[a1] == 1
    st.apply_action(Attack(a2, far))
    assert st.damage[a2] == 0
