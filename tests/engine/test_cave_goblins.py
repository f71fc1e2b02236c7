"""Every Cave Goblins ability (card data: cards/data/cave-goblins.yaml), each with an
edge case where its timing words matter. Cards come from the real catalog.

Dice: ``st.search = True`` rolls the fixed pattern sword+bow, sword, special+bow,
sword+bow, sword+special, sword+bow (engine.core.dice.PATTERN_ORDER)."""

from __future__ import annotations

import pytest
from scenario import GATE, GRUNT, Scenario, at, card, end_phases, pending, uses

from engine.core.actions import (
    END_PHASE,
    NO,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.hooks import ACTIVE, BOARD, DISCARD, HAND
from engine.core.phases import ATTACK, BUILD, MAGIC, MOVE, SUMMON
from engine.core.types import CardDef

CG = dict[str, CardDef]


def goblins(cg, at_=("d1", "c8")):  # type: ignore[no-untyped-def]
    return Scenario(summoners=(cg["sneeks"], cg["sneeks"]), summoner_at=at_)


# -- Sneeks: Sly -----------------------------------------------------------------------
@pytest.mark.covers("sneeks.sly", "horde-clinger.cling")
def test_sneeks_sly_swaps_with_a_0_cost_unit_once_per_turn(cg: CG) -> None:
    sc = goblins(cg)
    slinger = sc.add(0, cg["horde-slinger"], "d3")
    blarf = sc.add(0, cg["blarf"], "a1")
    rider = sc.add(0, cg["beast-rider"], "e1")  # cost 2: no
    sc.add(1, cg["horde-slinger"], "f8")  # enemy: no
    clinger = sc.add(0, cg["horde-clinger"], "d2")  # next to both
    st = sc.build(phase=MOVE)
    sneeks = st.info.summoners[0]
    assert uses(st, "sneeks.sly") == []  # attack phase only
    st.phase = ATTACK
    st.invalidate()
    opts = uses(st, "sneeks.sly")
    assert sorted(a.option for a in opts) == sorted([slinger, blarf, clinger])
    assert all(a.option != rider for a in opts)
    st.apply_action(UseAbility(sneeks, "sneeks.sly", slinger))
    assert st.pos[sneeks] == at("d3") and st.pos[slinger] == at("d1")
    # a swap is neither a move nor a force: Cling does not fire, no move is used
    assert pending(st) is None and st.moved == [] and st.pos[clinger] == at("d2")
    assert uses(st, "sneeks.sly") == []  # once per turn


# -- Blarf: Blood Runes and Imbued Strength --------------------------------------------
@pytest.mark.covers("blarf.blood-runes", "blarf.imbued-strength")
def test_blarf_blood_runes_pay_for_boost_at_start_of_attack_phase(cg: CG) -> None:
    sc = goblins(cg)
    blarf = sc.add(0, cg["blarf"], "c3")
    st = sc.build(phase=BUILD, magic=(2, 2))
    assert st.strength(blarf) == 0
    st.apply_action(END_PHASE)  # attack phase begins
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseOption(1))
    st.apply_action(ChooseOption(0))
    assert st.magic[0] == 1 and st.boost[blarf] == 1 and st.strength(blarf) == 1
    assert st.damage[blarf] == 0


@pytest.mark.covers("blarf.blood-runes")
def test_blarf_blood_runes_without_magic_takes_damage(cg: CG) -> None:
    sc = goblins(cg)
    blarf = sc.add(0, cg["blarf"], "c3")
    st = sc.build(phase=BUILD, magic=(0, 0))
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.damage[blarf] == 1 and st.boost[blarf] == 0
    st.turn_player = 1  # not at the start of the opponent's attack phase
    st.phase = BUILD
    st.invalidate()
    st.apply_action(END_PHASE)
    assert st.damage[blarf] == 1


@pytest.mark.covers("blarf.imbued-strength")
def test_blarf_imbued_strength_caps_at_plus_5(cg: CG) -> None:
    sc = goblins(cg)
    blarf = sc.add(0, cg["blarf"], "c3")
    st = sc.build(phase=ATTACK)
    st.boost[blarf] = 4
    assert st.strength(blarf) == 4
    st.boost[blarf] = 7
    assert st.strength(blarf) == 5


# -- Smeg: Magic Junkie and Relentless -------------------------------------------------
@pytest.mark.covers("smeg.magic-junkie")
def test_smeg_magic_junkie_pay_or_discard_at_end_of_turn(cg: CG) -> None:
    sc = goblins(cg)
    smeg = sc.add(0, cg["smeg"], "c3")
    st = sc.build(phase=MAGIC, magic=(1, 5))
    end_phases(st, 2)  # magic, draw: the turn ends
    dec = pending(st)
    assert dec is not None and dec.ability == "smeg.magic-junkie"
    st.apply_action(ChooseOption(0))
    assert st.magic[0] == 0 and st.zone[smeg] == BOARD and st.turn_player == 1
    end_phases(st, 6)  # the opponent's turn: nothing asked
    assert st.turn_player == 0
    end_phases(st, 6)  # no magic left: discarded without asking
    assert st.zone[smeg] == DISCARD and st.magic[1] == 5  # discarded, not destroyed


@pytest.mark.covers("smeg.relentless")
def test_smeg_relentless_is_an_extra_attacker(cg: CG) -> None:
    sc = goblins(cg)
    smeg = sc.add(0, cg["smeg"], "c3")
    units = [sc.add(0, cg["beast-rider"], s) for s in ("a3", "b3", "e3")]
    sc.add(1, GATE, "c6")
    for s in ("a4", "b4", "e4"):
        sc.add(1, GATE, s)
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(smeg, st.board[at("c6")]))
    for u in units[:2]:
        st.apply_action(Attack(u, st.board[st.pos[u] + 6]))
    # Smeg did not use one of the 3 attacks: the third beast rider may still attack
    assert any(
        isinstance(a, Attack) and a.attacker == units[2] for a in st.legal_actions()
    )
    st.apply_action(Attack(units[2], st.board[at("e4")]))
    assert not any(isinstance(a, Attack) for a in st.legal_actions())


# -- The Eater -------------------------------------------------------------------------
@pytest.mark.covers("the-eater.feed-the-eater")
def test_the_eater_must_be_fed_when_it_destroyed_no_unit(cg: CG) -> None:
    sc = goblins(cg)
    eater = sc.add(0, cg["the-eater"], "c3")
    snack = sc.add(0, cg["horde-slinger"], "c2")
    sc.add(0, cg["horde-climber"], "e3")  # not adjacent
    sc.add(1, GATE, "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True
    st.apply_action(Attack(eater, st.board[at("c4")]))  # a structure: no unit killed
    st.apply_action(END_PHASE)
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(eater), ChooseTarget(snack))
    st.apply_action(ChooseTarget(snack))
    assert st.zone[snack] == DISCARD and st.zone[eater] == BOARD
    assert st.magic == [3, 3]  # discarding is not destroying
    assert st.phase == MAGIC


@pytest.mark.covers("the-eater.feed-the-eater")
def test_the_eater_is_fine_after_destroying_a_unit(cg: CG) -> None:
    sc = goblins(cg)
    eater = sc.add(0, cg["the-eater"], "c3")
    victim = sc.add(1, cg["horde-slinger"], "c4")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(eater, victim))
    assert st.zone[victim] == DISCARD
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.zone[eater] == BOARD and st.phase == MAGIC


@pytest.mark.covers("the-eater.feed-the-eater")
def test_the_eater_alone_is_discarded_itself(cg: CG) -> None:
    sc = goblins(cg)
    eater = sc.add(0, cg["the-eater"], "d2")  # next to Sneeks (never offered)
    st = sc.build(phase=ATTACK)
    st.apply_action(END_PHASE)
    assert st.zone[eater] == DISCARD and st.zone[st.info.summoners[0]] == BOARD


# -- Beast Rider: Charge ---------------------------------------------------------------
@pytest.mark.covers("beast-rider.charge")
def test_beast_rider_charge_4_spaces_gives_strength_until_turn_end(cg: CG) -> None:
    sc = goblins(cg)
    rider = sc.add(0, cg["beast-rider"], "a2")
    sc.add(1, GRUNT, "c2")  # blocks the line to the right after b2
    st = sc.build(phase=MOVE)
    dests = sorted(a.option for a in uses(st, "beast-rider.charge"))
    assert dests == [at("a5"), at("a6")]  # 1-2 spaces = a normal move; b2 then blocked
    st.apply_action(UseAbility(rider, "beast-rider.charge", at("a6")))
    assert st.pos[rider] == at("a6") and st.moved == [rider]
    assert st.strength(rider) == 3 + 1
    assert uses(st, "beast-rider.charge") == []  # it has moved
    assert not any(isinstance(a, Move) and a.unit == rider for a in st.legal_actions())
    end_phases(st, 5)
    end_phases(st, 6)  # back to its owner: the bonus is gone
    assert st.turn_player == 0 and st.strength(rider) == 3


@pytest.mark.covers("beast-rider.charge")
def test_beast_rider_short_charge_gives_nothing(cg: CG) -> None:
    sc = goblins(cg)
    rider = sc.add(0, cg["beast-rider"], "a2")
    sc.add(1, GRUNT, "a5")  # the line up is 2 spaces long: only a normal move
    st = sc.build(phase=MOVE)
    dests = sorted(a.option for a in uses(st, "beast-rider.charge"))
    assert dests == [at("d2"), at("e2")]
    st.apply_action(UseAbility(rider, "beast-rider.charge", at("d2")))
    assert st.strength(rider) == 4  # 3 spaces in a line: +1
    st2 = sc.build(phase=MOVE)
    st2.apply_action(Move(rider, at("a4")))
    assert st2.strength(rider) == 3  # a normal move of 2 spaces: nothing


# -- Horde Climber: Climb --------------------------------------------------------------
@pytest.mark.covers("horde-climber.climb")
def test_horde_climber_moves_3_and_through_structures(cg: CG) -> None:
    sc = goblins(cg)
    climber = sc.add(0, cg["horde-climber"], "c3")
    gate = sc.add(1, GATE, "c4")
    sc.add(1, GRUNT, "b3")  # a unit: no passing
    st = sc.build(phase=MOVE)
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == climber]
    dests = {a.to for a in moves}
    assert at("c6") in dests  # 3 spaces straight up, through the gate
    assert at("c4") not in dests  # never ends on the structure
    assert at("a3") not in dests  # cannot pass the unit at b3 (only via a2/a4...)
    assert Move(climber, at("c6"), at("c4")) in moves
    st.apply_action(Move(climber, at("c6"), at("c4")))
    assert st.pos[climber] == at("c6") and st.pos[gate] == at("c4")


# -- Horde Clinger: Immobile and Cling -------------------------------------------------
@pytest.mark.covers("horde-clinger.immobile", "horde-clinger.cling")
def test_horde_clinger_cannot_move_but_clings_after_a_friend_moves(cg: CG) -> None:
    sc = goblins(cg)
    clinger = sc.add(0, cg["horde-clinger"], "c3")
    friend = sc.add(0, cg["beast-rider"], "c4")
    st = sc.build(phase=MOVE)
    assert not any(
        isinstance(a, Move) and a.unit == clinger for a in st.legal_actions()
    )
    st.apply_action(Move(friend, at("e4")))
    dec = pending(st)
    assert dec is not None and dec.ability == "horde-clinger.cling"
    assert dec.options[0] == NO and ChooseSpace(at("e5")) in dec.options
    st.apply_action(ChooseSpace(at("e5")))
    assert st.pos[clinger] == at("e5")
    assert st.moved == [friend]  # placing is not a move


@pytest.mark.covers("horde-clinger.cling")
def test_horde_clinger_ignores_forces_enemies_and_far_starts(cg: CG) -> None:
    sc = goblins(cg)
    sc.add(0, cg["horde-clinger"], "c3")
    friend = sc.add(0, cg["beast-rider"], "c4")
    far = sc.add(0, cg["beast-rider"], "f3")
    enemy = sc.add(1, cg["beast-rider"], "b3")
    st = sc.build(phase=MOVE)
    st.force(friend, at("c5"))  # a force is not a move
    st.settle()
    assert pending(st) is None
    st.apply_action(Move(far, at("d3")))  # ends next to it but started far away
    assert pending(st) is None
    st.relocate(enemy, at("a3"), "move", (at("a3"),))  # an enemy moving away
    st.settle()
    assert pending(st) is None


# -- Horde Slinger: Relentless ---------------------------------------------------------
@pytest.mark.covers("horde-slinger.relentless")
def test_horde_slinger_attacks_as_a_fourth_attacker_once(cg: CG) -> None:
    sc = goblins(cg)
    slinger = sc.add(0, cg["horde-slinger"], "c2")
    riders = [sc.add(0, cg["beast-rider"], s) for s in ("a3", "b3", "e3")]
    for s in ("a4", "b4", "e4", "c5"):
        sc.add(1, GATE, s)
    st = sc.build(phase=ATTACK)
    st.search = True
    for u in riders:
        st.apply_action(Attack(u, st.board[st.pos[u] + 6]))
    acts = [a for a in st.legal_actions() if isinstance(a, Attack)]
    assert acts and all(a.attacker == slinger for a in acts)  # the 4th attacker
    st.apply_action(acts[0])
    assert not any(isinstance(a, Attack) for a in st.legal_actions())  # only once


# -- Enrage the Horde ------------------------------------------------------------------
@pytest.mark.covers("enrage-the-horde.effect")
def test_enrage_the_horde_zero_cost_units_attack_again_in_magic_phase(cg: CG) -> None:
    sc = goblins(cg)
    ev = sc.add(0, cg["enrage-the-horde"], zone="hand")
    slinger = sc.add(0, cg["horde-slinger"], "c3")
    climber = sc.add(0, cg["horde-climber"], "e3")
    rider = sc.add(0, cg["beast-rider"], "a3")  # cost 2: no extra attack
    t1 = sc.add(1, card("wall", life=9, cost=0), "c5")
    t2 = sc.add(1, card("wall2", life=9, cost=0), "e4")
    sc.add(1, card("wall3", life=9, cost=0), "a4")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(slinger, t1))  # attacked already this turn
    st.apply_action(END_PHASE)
    assert st.phase == MAGIC
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    assert Attack(slinger, t1) in dec.options and Attack(climber, t2) in dec.options
    assert all(a.attacker != rider for a in dec.options[1:])  # type: ignore[attr-defined]
    st.apply_action(Attack(slinger, t1))
    assert st.damage[t1] == 2  # one hit each time (2 dice: bow, sword)
    dec = pending(st)
    assert dec is not None and Attack(climber, t2) in dec.options
    assert all(a.attacker != slinger for a in dec.options[1:])  # type: ignore[attr-defined]
    st.apply_action(NO)  # "may": the climber does not attack
    assert pending(st) is None and st.damage[t2] == 0 and st.phase == MAGIC


# -- Pile On ---------------------------------------------------------------------------
@pytest.mark.covers("pile-on.effect")
def test_pile_on_adds_a_die_per_other_friendly_unit_next_to_the_target(cg: CG) -> None:
    sc = goblins(cg)
    ev = sc.add(0, cg["pile-on"], zone="hand")
    slinger = sc.add(0, cg["horde-slinger"], "c2")
    sc.add(0, cg["horde-climber"], "b4")
    sc.add(0, cg["horde-climber"], "d4")
    sc.add(1, cg["horde-climber"], "c5")  # enemy next to the target: no
    target = sc.add(1, card("wall", life=9, cost=0), "c4")
    st = sc.build(phase=ATTACK)
    st.search = True
    assert st.strength(slinger) == 2  # only when it attacks
    st.apply_action(PlayEvent(ev))
    assert st.zone[ev] == ACTIVE
    st.apply_action(Attack(slinger, target))
    # 4 dice: bow+sword, sword, bow+special, bow+sword -> 3 bows
    assert st.damage[target] == 3


@pytest.mark.covers("pile-on.effect")
def test_pile_on_without_the_event_rolls_strength(cg: CG) -> None:
    sc = goblins(cg)
    slinger = sc.add(0, cg["horde-slinger"], "c2")
    sc.add(0, cg["horde-climber"], "b4")
    target = sc.add(1, card("wall", life=9, cost=0), "c4")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(slinger, target))
    assert st.damage[target] == 1


# -- Sneak -----------------------------------------------------------------------------
@pytest.mark.covers("sneak.effect", "horde-clinger.immobile")
def test_sneak_forces_any_number_of_zero_cost_units_one_space(cg: CG) -> None:
    sc = goblins(cg)
    ev = sc.add(0, cg["sneak"], zone="hand")
    clinger = sc.add(0, cg["horde-clinger"], "c3")
    slinger = sc.add(0, cg["horde-slinger"], "e3")
    rider = sc.add(0, cg["beast-rider"], "a3")
    st = sc.build(phase=SUMMON)
    assert PlayEvent(ev) not in st.legal_actions()  # move phase event
    st.apply_action(END_PHASE)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (
        NO,
        ChooseTarget(clinger),
        ChooseTarget(slinger),
    )
    assert ChooseTarget(rider) not in dec.options
    st.apply_action(ChooseTarget(clinger))  # Immobile does not stop a force
    st.apply_action(ChooseSpace(at("c4")))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(slinger))
    st.apply_action(ChooseTarget(slinger))
    st.apply_action(ChooseSpace(at("f3")))
    assert st.pos[clinger] == at("c4") and st.pos[slinger] == at("f3")
    assert pending(st) is None and st.moved == []  # forced, not moved


# -- Unrelenting -----------------------------------------------------------------------
@pytest.mark.covers("unrelenting.effect")
def test_unrelenting_returns_destroyed_friendly_commons_to_hand(cg: CG) -> None:
    sc = goblins(cg)
    ev = sc.add(0, cg["unrelenting"], zone="hand")
    common = sc.add(0, cg["horde-slinger"], "c3")
    champ = sc.add(0, cg["smeg"], "e3")
    enemy_common = sc.add(1, cg["horde-slinger"], "a3")
    st = sc.build(phase=MAGIC, magic=(2, 2))
    st.apply_action(PlayEvent(ev))
    assert st.zone[ev] == ACTIVE and st.magic[0] == 1
    st.deal_damage(common, 1, 1, enemy_common)
    assert st.zone[common] == HAND and common in st.hand[0]
    assert st.damage[common] == 0 and st.magic[1] == 2  # not destroyed: no magic
    st.deal_damage(champ, 4, 1, enemy_common)  # a champion: destroyed
    assert st.zone[champ] == DISCARD and st.magic[1] == 3
    st.deal_damage(enemy_common, 1, 0, common)  # not friendly to the event
    assert st.zone[enemy_common] == DISCARD


@pytest.mark.covers("horde-clinger.cling", "beast-rider.charge")
def test_horde_clinger_clings_after_a_charge(cg: CG) -> None:
    sc = goblins(cg)
    clinger = sc.add(0, cg["horde-clinger"], "b2")
    rider = sc.add(0, cg["beast-rider"], "a2")
    st = sc.build(phase=MOVE)
    st.apply_action(UseAbility(rider, "beast-rider.charge", at("a6")))
    dec = pending(st)  # a charge is a move that started next to the Clinger
    assert dec is not None and dec.ability == "horde-clinger.cling"
    st.apply_action(ChooseSpace(at("b6")))
    assert st.pos[clinger] == at("b6") and st.pos[rider] == at("a6")


@pytest.mark.covers("the-eater.feed-the-eater", "unrelenting.effect")
def test_the_eater_target_saved_by_unrelenting_is_no_kill(cg: CG) -> None:
    sc = goblins(cg)
    eater = sc.add(0, cg["the-eater"], "c3")
    victim = sc.add(1, cg["horde-slinger"], "c4")
    sc.add(1, cg["unrelenting"], zone="active")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(eater, victim))
    assert st.zone[victim] == HAND  # returned, not destroyed
    st.apply_action(END_PHASE)
    assert st.zone[eater] == DISCARD  # still hungry: alone, so it goes itself
