"""High Elves: every card with complete data (cards/data/high-elves.yaml; most texts
from one fan implementation, low confidence). Cards from the real catalog; dice are
rigged."""

from __future__ import annotations

import pytest
from scenario import (
    CHAMP,
    GATE,
    GRUNT,
    SUMMONER,
    Dice,
    Scenario,
    at,
    build,
    card,
    end_turn,
    pending,
    uses,
)

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
    UseAbility,
)
from engine.core.hooks import ACTIVE, DISCARD
from engine.core.mechanics.attack import finish_attack
from engine.core.phases import ATTACK, BUILD, MOVE, SUMMON
from engine.core.types import CardClass, CardDef

M = dice.MELEE
CD = dict[str, CardDef]
LIBERTY = "law-of-liberty.effect"


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


# -- Arbiter of War --------------------------------------------------------------------
@pytest.mark.covers("arbiter-of-war.strong", "arbiter-of-war.law-of-strength")
def test_arbiter_of_war_strong_and_law_of_strength_friend_or_foe(he: CD) -> None:
    sc = Scenario()
    war = sc.add(0, he["arbiter-of-war"], "c3")
    war2 = sc.add(0, he["arbiter-of-war"], "c4")  # its own Strong only: +1 once
    friend = sc.add(0, GRUNT, "c5")  # near both Arbiters: still +1 once
    foe = sc.add(1, GRUNT, "e3")  # 2 away, enemy
    far = sc.add(0, GRUNT, "c7")  # 3 from the nearest Arbiter
    champ = sc.add(0, CHAMP, "b3")  # not a common
    st = build(sc, phase=MOVE)
    assert st.strength(war) == 3 and st.strength(war2) == 3
    assert st.strength(friend) == 3 and st.strength(foe) == 3
    assert st.strength(far) == 2 and st.strength(champ) == 3


# -- Arbiter of Justice ----------------------------------------------------------------
@pytest.mark.covers("arbiter-of-justice.repentance")
def test_repentance_only_after_an_attack_that_deals_damage(he: CD, rig: Dice) -> None:
    sc = Scenario()
    arb = sc.add(0, he["arbiter-of-justice"], "c3")
    target = sc.add(1, card("wall", life=20), "c4")
    st = build(sc, phase=ATTACK)
    rig(0, 0, 0)  # three blanks: no damage, no Repentance
    st.apply_action(Attack(arb, target))
    assert st.damage[target] == 0 and st.damage[arb] == 0
    st.attacked.clear()
    rig(M, 0, 0)
    st.apply_action(Attack(arb, target))
    assert st.damage[target] == 1 and st.damage[arb] == 1


@pytest.mark.covers("arbiter-of-justice.law-of-restitution")
def test_law_of_restitution_commons_within_2_friend_or_foe(he: CD, rig: Dice) -> None:
    sc = Scenario()
    sc.add(0, he["arbiter-of-justice"], "c3")
    near_foe = sc.add(1, GRUNT, "c5")  # 2 away, enemy common
    far_foe = sc.add(1, GRUNT, "e6")  # 5 away
    champ = sc.add(1, CHAMP, "b4")  # 2 away, not a common
    wall = sc.add(0, card("wall", life=20), "c6")
    wall2 = sc.add(0, card("wall2", life=20), "e5")
    wall3 = sc.add(0, card("wall3", life=20), "a4")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M, M)
    st.apply_action(Attack(near_foe, wall))
    assert st.damage[wall] == 2 and st.damage[near_foe] == 1
    rig(M, M)
    st.apply_action(Attack(far_foe, wall2))
    assert st.damage[far_foe] == 0
    rig(M, M, M)
    st.apply_action(Attack(champ, wall3))
    assert st.damage[champ] == 0


# -- Valeria the Just ------------------------------------------------------------------
@pytest.mark.covers("valeria-the-just.holy-word")
def test_holy_word_after_her_move_pushes_or_pulls_a_friendly_common(he: CD) -> None:
    sc = Scenario(summoners=(he["valeria-the-just"], SUMMONER))
    friend = sc.add(0, GRUNT, "d4")
    sc.add(0, CHAMP, "c2")  # not a common: no option
    sc.add(1, GRUNT, "e3")  # enemy common: no option
    st = build(sc, phase=MOVE)
    st.apply_action(Move(0, at("d2")))
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(friend)}
    st.apply_action(ChooseTarget(friend))
    st.apply_action(ChooseSpace(at("d3")))  # pulled 1 space closer
    assert st.pos[friend] == at("d3")
    assert friend not in st.moved  # a force, not a move


@pytest.mark.covers("valeria-the-just.holy-word")
def test_holy_word_after_her_attack_but_not_when_she_is_forced(
    he: CD, rig: Dice
) -> None:
    sc = Scenario(summoners=(he["valeria-the-just"], SUMMONER))
    friend = sc.add(0, GRUNT, "d3")
    foe = sc.add(1, card("wall", life=20), "d2")
    st = build(sc, phase=ATTACK)
    rig(M, M)
    st.apply_action(Attack(0, foe))
    dec = pending(st)
    assert dec is not None and ChooseTarget(friend) in dec.options
    st.apply_action(NO)
    st.force(0, at("e1"))  # pushed: not her own move
    st.settle()
    assert pending(st) is None


@pytest.mark.covers("valeria-the-just.high-gate")
def test_high_gate_enemy_moving_away_takes_2(he: CD) -> None:
    sc = Scenario(summoners=(he["valeria-the-just"], SUMMONER))
    foe = sc.add(1, card("foe", life=9), "d2")
    stay = sc.add(1, card("stay", life=9), "c1")
    friend = sc.add(0, card("friend", life=9), "e1")
    st = build(sc, phase=MOVE, turn_player=1)
    st.apply_action(Move(foe, at("d4")))
    assert st.damage[foe] == 2
    st.apply_action(Move(stay, at("b1")))  # away from d1 too
    assert st.damage[stay] == 2
    st.turn_player = 0
    st.moved.clear()
    st.apply_action(Move(friend, at("f2")))  # friendly: nothing
    assert st.damage[friend] == 0


# -- Cassia the Gentle -----------------------------------------------------------------
@pytest.mark.covers("cassia-the-gentle.radiant-healing")
def test_radiant_healing_at_the_end_of_your_attack_phase(he: CD) -> None:
    sc = Scenario()
    sc.add(0, he["cassia-the-gentle"], "c3")
    near = sc.add(0, card("near", life=9), "c5")
    champ = sc.add(0, card("champ", life=9, classes=(CardClass.CHAMPION,)), "c4")
    foe = sc.add(1, card("foe", life=9), "d3")
    far = sc.add(0, card("far", life=9), "c6")
    st = build(sc, phase=ATTACK)
    for c in (near, champ, foe, far):
        st.damage[c] = 2
    st.apply_action(END_PHASE)
    assert [st.damage[c] for c in (near, champ, foe, far)] == [1, 2, 2, 2]


@pytest.mark.covers("cassia-the-gentle.radiant-healing")
def test_radiant_healing_not_in_the_opponents_attack_phase(he: CD) -> None:
    sc = Scenario()
    sc.add(0, he["cassia-the-gentle"], "c3")
    near = sc.add(0, card("near", life=9), "c4")
    st = build(sc, phase=ATTACK, turn_player=1)
    st.damage[near] = 2
    st.apply_action(END_PHASE)
    assert st.damage[near] == 2


# -- Attendant Priest ------------------------------------------------------------------
@pytest.mark.covers("attendant-priest.inspire")
def test_inspire_after_summon_heals_an_adjacent_friendly_common(he: CD) -> None:
    sc = Scenario()
    priest = sc.add(0, he["attendant-priest"], zone="hand")
    sc.add(0, GATE, "c2")
    hurt = sc.add(0, card("hurt", life=9), "b3")
    foe = sc.add(1, card("foe", life=9), "d3")
    st = build(sc, phase=SUMMON)
    st.damage[hurt] = 2
    st.damage[foe] = 2
    st.apply_action(Summon(priest, at("c3")))
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(hurt)}
    st.apply_action(ChooseTarget(hurt))
    assert st.damage[hurt] == 1 and st.damage[foe] == 2


@pytest.mark.covers("attendant-priest.support", "attendant-priest.inspire")
def test_support_summons_the_priest_next_to_a_friendly_arbiter(he: CD) -> None:
    sc = Scenario()
    priest = sc.add(0, he["attendant-priest"], zone="hand")
    other = sc.add(0, card("grunt2"), zone="hand")
    sc.add(0, GATE, "a2")
    arbiter = sc.add(0, he["arbiter-of-war"], "d4")
    hurt = sc.add(0, card("hurt", life=9), "e5")
    sc.add(1, he["arbiter-of-justice"], "f6")  # an enemy Arbiter: no
    st = build(sc, phase=SUMMON, magic=(5, 5))
    st.damage[hurt] = 1
    spaces = {a.space for a in st.legal_actions() if isinstance(a, Summon)}
    by_card = {
        c: {
            a.space for a in st.legal_actions() if isinstance(a, Summon) and a.card == c
        }
        for c in (priest, other)
    }
    gate = {at("a1"), at("b2"), at("a3")}
    assert by_card[other] == gate
    assert by_card[priest] == gate | {at("c4"), at("e4"), at("d3"), at("d5")}
    assert at("f5") not in spaces and at("e6") not in spaces
    del arbiter
    st.apply_action(Summon(priest, at("d5")))  # a summon: Inspire follows
    assert st.magic[0] == 4 and st.pos[priest] == at("d5")
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(hurt))


# -- Laws (events) ---------------------------------------------------------------------
@pytest.mark.covers("law-of-sanctity.effect")
def test_law_of_sanctity_caps_attacks_on_summoners_and_stays_for_a_boost(
    he: CD, rig: Dice
) -> None:
    sc = Scenario()
    law = sc.add(0, he["law-of-sanctity"], zone="hand")
    a = sc.add(1, card("brute", strength=3), "d2")
    b = sc.add(1, card("brute2", strength=3), "b3")
    victim = sc.add(0, card("victim", life=9), "b2")
    st = build(sc, phase=BUILD)
    st.apply_action(PlayEvent(law))
    assert st.zone[law] == ACTIVE and st.boost[law] == 1
    end_turn(st)
    st.phase = ATTACK
    st.damage[0] = 0  # (cost of inaction at the end of my turn)
    rig(M, M, M)
    st.apply_action(Attack(a, 0))  # my summoner: 3 hits, 1 damage
    assert st.damage[0] == 1
    rig(M, M, M)
    st.apply_action(Attack(b, victim))  # not a summoner: full damage
    assert st.damage[victim] == 3
    end_turn(st)  # my turn: may remove the boost to keep it
    dec = pending(st)
    assert dec is not None and dec.ability == "law-of-sanctity.effect"
    st.apply_action(YES)
    assert st.zone[law] == ACTIVE and st.boost[law] == 0
    end_turn(st)
    end_turn(st)  # no boost left: discarded at the start of my turn
    assert st.zone[law] == DISCARD


@pytest.mark.covers("law-of-loyalty.effect")
def test_law_of_loyalty_commons_next_to_any_summoner(he: CD) -> None:
    sc = Scenario()
    law = sc.add(0, he["law-of-loyalty"], zone="hand")
    mine = sc.add(0, GRUNT, "d2")  # next to my summoner (d1)
    foe = sc.add(1, GRUNT, "c7")  # next to the enemy summoner (c8)
    foe_near_mine = sc.add(1, GRUNT, "e1")  # an enemy next to my summoner
    far = sc.add(0, GRUNT, "d4")
    champ = sc.add(0, CHAMP, "c1")  # not a common
    st = build(sc, phase=ATTACK)
    assert st.strength(mine) == 2
    st.apply_action(PlayEvent(law))
    assert st.boost[law] == 1
    assert [st.strength(c) for c in (mine, foe, foe_near_mine, far, champ)] == [
        3,
        3,
        3,
        2,
        3,
    ]
    end_turn(st)
    end_turn(st)
    st.apply_action(NO)  # declined: discarded, the bonus ends
    assert st.zone[law] == DISCARD and st.strength(mine) == 2


@pytest.mark.covers("law-of-liberty.effect")
def test_law_of_liberty_attack_instead_of_moving(he: CD, rig: Dice) -> None:
    sc = Scenario()
    law = sc.add(0, he["law-of-liberty"], zone="hand")
    grunt = sc.add(0, GRUNT, "c3")
    sc.add(0, CHAMP, "e3")  # champions do not get it
    foe = sc.add(1, card("foe", life=9), "c4")
    st = build(sc, phase=SUMMON)
    assert uses(st, LIBERTY) == []
    st.apply_action(PlayEvent(law))
    st.apply_action(END_PHASE)  # to the Move phase
    assert uses(st, LIBERTY) == [UseAbility(law, LIBERTY, grunt)]
    st.apply_action(UseAbility(law, LIBERTY, grunt))
    rig(M, M)
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 2
    assert st.moved == [grunt] and st.attacked == []
    assert Move(grunt, at("b3")) not in st.legal_actions()  # its move is used


@pytest.mark.covers("law-of-liberty.effect")
def test_law_of_liberty_move_instead_of_attacking(he: CD) -> None:
    sc = Scenario()
    law = sc.add(0, he["law-of-liberty"], zone="active")
    grunt = sc.add(0, GRUNT, "c3")
    st = build(sc, phase=ATTACK)
    st.moved.append(grunt)  # it moved in the Move phase already
    st.apply_action(UseAbility(law, LIBERTY, grunt))
    assert st.attacked == [grunt]
    st.apply_action(Move(grunt, at("c5")))
    assert st.pos[grunt] == at("c5")
    assert uses(st, LIBERTY) == []  # it made its attack of the turn
    assert st.moved == [grunt]  # the move replaced its attack, not a second move
