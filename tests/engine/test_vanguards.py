"""Every Vanguards ability (card data: cards/data/vanguards.yaml), with edge cases where
the timing words matter. Cards come from the real catalog; dice are rigged."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, Dice, Scenario, at, build, card, end_turn, pending

from engine.core import dice
from engine.core.actions import (
    END_PHASE,
    NO,
    YES,
    Attack,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.hooks import ACTIVE, DISCARD, HAND
from engine.core.phases import ATTACK, DRAW, MAGIC, MOVE, SUMMON
from engine.core.types import CardDef

M, R, S = dice.MELEE, dice.RANGED, dice.SPECIAL
CD = dict[str, CardDef]


# -- Sera Eldwyn: The Citadel's Might --------------------------------------------------
@pytest.mark.covers("sera-eldwyn.the-citadels-might")
def test_sera_citadels_might_takes_citadel_unit_from_discard(vg: CD, rig: Dice) -> None:
    sc = Scenario(summoners=(vg["sera-eldwyn"], vg["sera-eldwyn"]))
    enemy = sc.add(1, GRUNT, "d3")
    sc.add(0, vg["citadel-knight"], "a1")
    archer = sc.add(0, vg["citadel-archer"], zone="discard")
    priest = sc.add(0, vg["temple-priest"], zone="discard")
    st = build(sc, phase=ATTACK)
    rig(M)
    st.apply_action(Attack(0, enemy))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(archer))
    st.apply_action(ChooseTarget(archer))
    assert st.zone[archer] == HAND and archer in st.hand[0]
    assert st.zone[priest] == DISCARD


@pytest.mark.covers("sera-eldwyn.the-citadels-might")
def test_sera_citadels_might_needs_citadel_on_board_and_enemy_unit(
    vg: CD, rig: Dice
) -> None:
    sc = Scenario(summoners=(vg["sera-eldwyn"], vg["sera-eldwyn"]))
    enemy = sc.add(1, GRUNT, "d3")
    gate = sc.add(1, GATE, "b1")
    sc.add(0, vg["citadel-archer"], zone="discard")
    st = build(sc, phase=ATTACK)
    st.apply_action(Attack(0, enemy))  # no friendly Citadel unit on the battlefield
    assert pending(st) is None
    st.attacked.clear()
    knight = sc.add(0, vg["citadel-knight"], "f1")
    del knight
    st2 = build(sc, phase=ATTACK)
    st2.apply_action(Attack(0, gate))  # a structure is no enemy unit
    assert pending(st2) is None


# -- Coleen Brighton: Divine Shield ----------------------------------------------------
@pytest.mark.covers("coleen-brighton.divine-shield")
def test_coleen_divine_shield_lowers_attacker_strength(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    sc.add(0, vg["coleen-brighton"], "c3")
    knight = sc.add(0, vg["citadel-knight"], "c5")
    brute = sc.add(1, card("brute", strength=4, life=9), "c6")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(S, S | R, M, M)  # shield: 2 specials; then 2 attack dice
    st.apply_action(Attack(brute, knight))
    assert rig.sizes == [2, 2]
    assert st.damage[knight] == 2


@pytest.mark.covers("coleen-brighton.divine-shield")
def test_coleen_divine_shield_never_below_1_and_range_3(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    sc.add(0, vg["coleen-brighton"], "c3")
    near = sc.add(0, vg["citadel-knight"], "c5")
    far = sc.add(0, vg["citadel-knight"], "f5")  # 4 spaces from Coleen
    priest = sc.add(0, vg["temple-priest"], "b3")  # not a Citadel unit
    a1 = sc.add(1, GRUNT, "c6")
    a2 = sc.add(1, GRUNT, "f6")
    a3 = sc.add(1, GRUNT, "a3")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(S, S)
    st.apply_action(Attack(a1, near))  # strength 2 - 2 specials: stays 1
    assert rig.sizes == [2, 1]
    st.apply_action(Attack(a2, far))
    st.apply_action(Attack(a3, priest))
    assert rig.sizes == [2, 1, 2, 2]  # no shield roll for either


# -- Jacob Eldwyn: Radiant Shot --------------------------------------------------------
@pytest.mark.covers("jacob-eldwyn.radiant-shot")
def test_jacob_radiant_shot_counts_magic_now(vg: CD) -> None:
    sc = Scenario()
    jacob = sc.add(0, vg["jacob-eldwyn"], "c3")
    st = build(sc, magic=(5, 9))
    assert st.strength(jacob) == 2 + 2
    st.magic[0] = 1
    assert st.strength(jacob) == 2


# -- Valna Stoutheart ------------------------------------------------------------------
@pytest.mark.covers("valna-stoutheart.guidance")
def test_valna_guidance_draws_2_at_start_of_own_summon_phase(vg: CD) -> None:
    sc = Scenario()
    sc.add(0, vg["valna-stoutheart"], "c3")
    for _ in range(10):
        sc.add(0, GRUNT, zone="deck")
    for _ in range(12):
        sc.add(1, GRUNT, zone="deck")
    st = build(sc, phase=DRAW, turn_player=1)
    st.apply_action(END_PHASE)  # my turn starts: summon phase
    assert st.turn_player == 0 and st.phase == SUMMON
    assert len(st.hand[0]) == 2 and len(st.deck[0]) == 8
    end_turn(st)  # my draw phase refills to 5
    assert st.turn_player == 1 and len(st.hand[0]) == 5
    end_turn(st)  # the opponent's summon phase drew nothing for me; mine draws 2
    assert len(st.hand[0]) == 7 and len(st.deck[0]) == 3


@pytest.mark.covers("valna-stoutheart.citadel-champion")
def test_valna_citadel_champion_counts_citadel_units_within_2(vg: CD) -> None:
    sc = Scenario()
    valna = sc.add(0, vg["valna-stoutheart"], "c3")
    sc.add(0, vg["citadel-knight"], "c4")
    sc.add(0, vg["citadel-archer"], "d4")  # 2 spaces (diagonal)
    sc.add(0, vg["citadel-paladin"], "c6")  # 3 spaces: no
    sc.add(0, vg["temple-priest"], "b3")  # not Citadel
    sc.add(1, vg["citadel-knight"], "b4")  # enemy
    st = build(sc)
    assert st.strength(valna) == 2 + 2


# -- Citadel Archer: Arrow of Light ----------------------------------------------------
@pytest.mark.covers("citadel-archer.arrow-of-light")
def test_citadel_archer_arrow_of_light_discards_for_magic_and_strength(
    vg: CD, rig: Dice
) -> None:
    sc = Scenario()
    archer = sc.add(0, vg["citadel-archer"], "c3")
    target = sc.add(1, card("tank", life=9), "c5")
    k1 = sc.add(0, vg["citadel-knight"], zone="hand")
    k2 = sc.add(0, vg["citadel-knight"], zone="hand")
    pal = sc.add(0, vg["citadel-paladin"], zone="hand")
    ev = sc.add(0, vg["mass-heal"], zone="hand")
    st = build(sc, phase=ATTACK, magic=(3, 3))
    legal = st.legal_actions()
    use = UseAbility(archer, "citadel-archer.arrow-of-light", target)
    assert use in legal and Attack(archer, target) in legal
    st.apply_action(use)
    dec = pending(st)
    assert dec is not None
    assert set(dec.options) == {ChooseTarget(k1), ChooseTarget(k2), ChooseTarget(pal)}
    st.apply_action(ChooseTarget(k1))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(pal))  # names differ
    rig(R, R, R)
    st.apply_action(ChooseTarget(pal))  # nothing left to pick: the attack happens
    assert st.zone[k1] == DISCARD and st.zone[pal] == DISCARD
    assert st.zone[k2] == HAND and st.zone[ev] == HAND
    assert st.magic[0] == 5
    assert rig.sizes == [1 + 2] and st.damage[target] == 3
    assert archer in st.attacked and st.strength(archer) == 1


@pytest.mark.covers("citadel-archer.arrow-of-light")
def test_citadel_archer_not_offered_without_units_in_hand(vg: CD) -> None:
    sc = Scenario()
    archer = sc.add(0, vg["citadel-archer"], "c3")
    sc.add(1, GRUNT, "c5")
    sc.add(0, vg["mass-heal"], zone="hand")
    st = build(sc, phase=ATTACK)
    assert not [
        a for a in st.legal_actions() if isinstance(a, UseAbility) and a.card == archer
    ]


@pytest.mark.covers("citadel-archer.arrow-of-light")
def test_arrow_of_light_after_three_extra_attacks(vg: CD, cg: CD, rig: Dice) -> None:
    """Extra attacks (Relentless) do not use up the 3 attackers: the archer may
    still attack, and so still use Arrow of Light."""
    sc = Scenario()
    archer = sc.add(0, vg["citadel-archer"], "c3")
    target = sc.add(1, card("tank", life=20), "c5")
    slingers = [sc.add(0, cg["horde-slinger"], s) for s in ("a3", "e3", "f3")]
    tanks = [sc.add(1, card("tank", life=20), s) for s in ("a4", "e4", "f4")]
    sc.add(0, vg["temple-priest"], zone="hand")
    st = build(sc, phase=ATTACK)
    for slinger, tank in zip(slingers, tanks, strict=True):
        st.apply_action(Attack(slinger, tank))  # blank dice: extra attacks
    assert len(st.attacked) == 3 and pending(st) is None
    use = UseAbility(archer, "citadel-archer.arrow-of-light", target)
    assert use in st.legal_actions()


# -- Citadel Knight: Engage and Protect ------------------------------------------------
@pytest.mark.covers("citadel-knight.engage")
def test_citadel_knight_engage_on_moving_or_forced_farther(vg: CD) -> None:
    sc = Scenario()
    knight = sc.add(0, vg["citadel-knight"], "c3")
    e1 = sc.add(1, GRUNT, "c4")
    e2 = sc.add(1, GRUNT, "b3")
    st = build(sc, phase=MOVE, turn_player=1)
    st.apply_action(Move(e1, at("c6")))
    assert st.damage[e1] == 1
    st.force(e2, at("b2"))  # forced to 2 spaces away: farther
    st.settle()
    assert st.damage[e2] == 1 and st.damage[knight] == 0


@pytest.mark.covers("citadel-knight.engage")
def test_citadel_knight_engage_counts_a_partial_move_farther(vg: CD) -> None:
    """Glossary "farther" (R8e): a partial move counts, so a step away from the
    knight triggers Engage even when the move ends next to it again."""
    sc = Scenario()
    sc.add(0, vg["citadel-knight"], "c3")
    e1 = sc.add(1, GRUNT, "d3")
    e2 = sc.add(1, GRUNT, "e4")  # 3 away: never next to the knight
    st = build(sc, phase=MOVE, turn_player=1)
    st.apply_action(Move(e1, at("c2")))  # d3 -> d2 (2 away) -> c2 (next to it)
    assert st.pos[e1] == at("c2") and st.damage[e1] == 1
    st.apply_action(Move(e2, at("d4")))  # closer, not from its side: nothing
    assert st.damage[e2] == 0


@pytest.mark.covers("citadel-knight.protect")
def test_citadel_knight_protect_forces_adjacent_enemies_to_target_it(vg: CD) -> None:
    sc = Scenario()
    knight = sc.add(0, vg["citadel-knight"], "c3")
    other = sc.add(0, GRUNT, "d4")
    enemy = sc.add(1, GRUNT, "c4")
    far_enemy = sc.add(1, GRUNT, "e4")  # not next to the knight
    st = build(sc, phase=ATTACK, turn_player=1)
    attacks = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == enemy
    }
    assert attacks == {knight}
    far = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == far_enemy
    }
    assert other in far


# -- Citadel Paladin: Intercession -----------------------------------------------------
@pytest.mark.covers("citadel-paladin.intercession")
def test_citadel_paladin_intercession_draws_per_special(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    pal = sc.add(0, vg["citadel-paladin"], "c3")
    enemy = sc.add(1, card("tank", life=9), "c4")
    gate = sc.add(1, GATE, "b3")
    for _ in range(5):
        sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=ATTACK)
    rig(M | S, S | R, M)
    st.apply_action(Attack(pal, enemy))
    assert st.damage[enemy] == 2 and len(st.hand[0]) == 2
    st.attacked.clear()
    rig(S | M, S | M, S | M)
    st.apply_action(Attack(pal, gate))  # a structure: no draw
    assert len(st.hand[0]) == 2


# -- Temple Priest: Heal ---------------------------------------------------------------
@pytest.mark.covers("temple-priest.heal")
def test_temple_priest_heal_removes_damage_instead(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    priest = sc.add(0, vg["temple-priest"], "c3")
    friend = sc.add(0, vg["citadel-knight"], "c4")
    enemy = sc.add(1, GRUNT, "b3")
    my_gate = sc.add(0, GATE, "d3")
    fodder = sc.add(0, GRUNT, zone="hand")
    st = build(sc, phase=ATTACK)
    st.damage[friend] = 3
    heals = [
        a.option
        for a in st.legal_actions()
        if isinstance(a, UseAbility) and a.ability == "temple-priest.heal"
    ]
    assert heals == [friend]  # not the enemy, not a structure
    st.apply_action(UseAbility(priest, "temple-priest.heal", friend))
    rig(M, S | R)
    st.apply_action(ChooseTarget(fodder))
    assert st.zone[fodder] == DISCARD and st.damage[friend] == 1
    assert priest in st.attacked and st.damage[enemy] == 0 and st.damage[my_gate] == 0


@pytest.mark.covers("temple-priest.heal")
def test_temple_priest_heal_needs_a_card_to_discard(vg: CD) -> None:
    sc = Scenario()
    sc.add(0, vg["temple-priest"], "c3")
    sc.add(0, vg["citadel-knight"], "c4")
    st = build(sc, phase=ATTACK)
    assert not [a for a in st.legal_actions() if isinstance(a, UseAbility)]


# -- Holy Judgment ---------------------------------------------------------------------
@pytest.mark.covers("holy-judgment.effect")
def test_holy_judgment_boost_strength_and_keeping_it(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    hj = sc.add(0, vg["holy-judgment"], zone="hand")
    common = sc.add(0, vg["citadel-knight"], "c3")
    champ = sc.add(0, vg["coleen-brighton"], "e3")
    victim = sc.add(0, card("weak", life=1), "a3")
    killer = sc.add(1, GRUNT, "a4")
    st = build(sc, phase=ATTACK)
    st.apply_action(PlayEvent(hj))
    assert st.zone[hj] == ACTIVE and st.boost[hj] == 2
    assert st.strength(common) == 3 and st.strength(champ) == 3
    end_turn(st)  # to the opponent
    rig(M)
    st.phase = ATTACK
    st.apply_action(Attack(killer, victim))  # a friendly unit destroyed
    assert st.boost[hj] == 1
    end_turn(st)  # my turn starts: may remove 1 boost to keep it
    dec = pending(st)
    assert dec is not None and dec.ability == "holy-judgment.effect"
    st.apply_action(YES)
    assert st.zone[hj] == ACTIVE and st.boost[hj] == 0
    end_turn(st)
    end_turn(st)  # no boost left: discarded as usual
    assert st.zone[hj] == DISCARD and pending(st) is None


@pytest.mark.covers("holy-judgment.effect")
def test_holy_judgment_declining_discards_it(vg: CD) -> None:
    sc = Scenario()
    hj = sc.add(0, vg["holy-judgment"], zone="active")
    st = build(sc, phase=DRAW)
    st.boost[hj] = 2
    end_turn(st)
    end_turn(st)
    st.apply_action(NO)
    assert st.zone[hj] == DISCARD


# -- Guarding Spirits ------------------------------------------------------------------
@pytest.mark.covers("guarding-spirits.effect")
def test_guarding_spirits_first_attack_each_turn_at_most_1(vg: CD, rig: Dice) -> None:
    sc = Scenario()
    gs = sc.add(0, vg["guarding-spirits"], zone="hand")
    near = sc.add(0, card("common", life=9), "d3")  # 2 from my summoner at d1
    far = sc.add(0, card("common", life=9), "d5")  # 4 away: not guarded
    a1 = sc.add(1, card("brute", strength=3), "d4")
    a2 = sc.add(1, card("brute", strength=3), "c3")
    a3 = sc.add(1, card("brute", strength=3), "e5")
    st = build(sc, phase=MAGIC)
    st.apply_action(PlayEvent(gs))
    end_turn(st)
    st.phase = ATTACK
    rig(M, M, M, M, M, M, M, M, M)
    st.apply_action(Attack(a1, near))
    assert st.damage[near] == 1
    st.apply_action(Attack(a2, near))  # second attack this turn: full damage
    assert st.damage[near] == 4
    st.apply_action(Attack(a3, far))
    assert st.damage[far] == 3


# -- Mass Heal -------------------------------------------------------------------------
@pytest.mark.covers("mass-heal.effect")
def test_mass_heal_within_2_of_summoner(vg: CD) -> None:
    sc = Scenario()
    mh = sc.add(0, vg["mass-heal"], zone="hand")
    a = sc.add(0, vg["coleen-brighton"], "d3")
    b = sc.add(0, vg["citadel-knight"], "c2")
    c = sc.add(0, vg["citadel-knight"], "d4")  # 3 away
    e = sc.add(1, GRUNT, "e1")  # enemy
    g = sc.add(0, GATE, "e2")  # structure
    st = build(sc, phase=MOVE)
    for x in (a, b, c, e, g):
        st.damage[x] = 2
    st.damage[b] = 1
    st.apply_action(PlayEvent(mh))
    assert [st.damage[x] for x in (a, b, c, e, g)] == [0, 0, 2, 2, 2]
    assert st.magic[0] == 4


# -- Renewed Hope ----------------------------------------------------------------------
@pytest.mark.covers("renewed-hope.effect")
def test_renewed_hope_summons_in_any_phase_next_to_summoner(vg: CD) -> None:
    sc = Scenario()
    rh = sc.add(0, vg["renewed-hope"], zone="hand")
    sc.add(0, GATE, "a5")
    unit = sc.add(0, vg["citadel-knight"], zone="hand")
    st = build(sc, phase=SUMMON)
    assert Summon(unit, at("d2")) not in st.legal_actions()
    st.apply_action(PlayEvent(rh))
    assert Summon(unit, at("d2")) in st.legal_actions()  # next to the summoner
    st.apply_action(END_PHASE)
    legal = st.legal_actions()
    assert Summon(unit, at("d2")) in legal and Summon(unit, at("a6")) in legal
    st.apply_action(Summon(unit, at("a6")))
    assert st.pos[unit] == at("a6") and st.magic[0] == 5 - 2
    end_turn(st)  # in the opponent's turn: no summons for them from my event
    assert not [a for a in st.legal_actions() if isinstance(a, Summon)]
