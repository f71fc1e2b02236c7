"""Every Breakers ability (card data: cards/data/breakers.yaml) on hand-built scenarios,
each with an edge case where its timing words matter. Cards come from the real catalog.

Dice: ``st.search = True`` rolls the fixed pattern sword+bow, sword, special+bow,
sword+bow, sword+special, sword+bow (so 1-2 dice never show a special, 3 do)."""

from __future__ import annotations

import pytest
from scenario import (
    GATE,
    GRUNT,
    SUMMONER,
    WALL,
    Scenario,
    at,
    card,
    end_turn,
    moves_of,
    pending,
)

from engine.core.actions import (
    END_PHASE,
    NO,
    YES,
    Attack,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.hooks import ACTIVE, BOARD, DISCARD
from engine.core.phases import ATTACK, DRAW, MAGIC, MOVE, SUMMON
from engine.core.types import CardClass, CardDef
from engine.deckbuilding.catalog import load_catalog

BR = dict[str, CardDef]


CHAMPION = card("big", classes=(CardClass.CHAMPION,), cost=5, strength=2, life=9)


# -- Tacullu: Mind Capture -------------------------------------------------------------
@pytest.mark.covers("tacullu.mind-capture")
def test_tacullu_mind_capture_takes_control_instead_of_lethal_damage(br: BR) -> None:
    sc = Scenario(summoners=(br["tacullu"], SUMMONER))
    victim = sc.add(1, GRUNT, "d3")  # life 3
    st = sc.build(phase=ATTACK, magic=(2, 2))
    st.damage[victim] = 1
    st.search = True  # 3 dice: 2 bow hits, lethal (1 + 2 >= 3)
    tac = st.info.summoners[0]
    st.apply_action(Attack(tac, victim))
    dec = pending(st)
    assert dec is not None and dec.ability == "tacullu.mind-capture"
    assert dec.options == (YES, NO)
    st.apply_action(YES)
    assert st.zone[victim] == BOARD and st.ctrl[victim] == 0
    assert st.damage[victim] == 1  # the attack's damage is ignored
    assert st.magic == [2, 2] and pending(st) is None
    assert st.targeted_enemy  # it did attack an enemy (no cost of inaction)


@pytest.mark.covers("tacullu.mind-capture")
def test_tacullu_mind_capture_may_decline_and_only_when_lethal(br: BR) -> None:
    sc = Scenario(summoners=(br["tacullu"], SUMMONER))
    tough = sc.add(1, CHAMPION, "d3")  # life 9: 2 damage is not lethal
    victim = sc.add(1, GRUNT, "b1")
    st = sc.build(phase=ATTACK, magic=(2, 2))
    st.search = True
    tac = st.info.summoners[0]
    st.apply_action(Attack(tac, tough))
    assert pending(st) is None and st.damage[tough] == 2
    st.attacked.clear()
    st.damage[victim] = 2
    st.apply_action(Attack(tac, victim))
    st.apply_action(NO)  # "may": destroy it instead
    assert st.zone[victim] == DISCARD and st.magic[0] == 3


@pytest.mark.covers("tacullu.mind-capture")
def test_tacullu_mind_capture_not_on_summoner_nor_friendly(br: BR) -> None:
    sc = Scenario(summoners=(br["tacullu"], SUMMONER), summoner_at=("d1", "d3"))
    st = sc.build(phase=ATTACK)
    st.search = True
    tac = st.info.summoners[0]
    st.damage[1] = 11  # enemy summoner: lethal, but it is never captured
    st.apply_action(Attack(tac, 1))
    assert st.terminal and st.winner == 0
    sc2 = Scenario(summoners=(br["tacullu"], SUMMONER))
    mine = sc2.add(0, GRUNT, "c1")
    st = sc2.build(phase=ATTACK)
    st.search = True
    st.damage[mine] = 2
    st.apply_action(Attack(0, mine))  # a friendly unit: no choice
    assert pending(st) is None and st.zone[mine] == DISCARD


@pytest.mark.covers("tacullu.mind-capture", "deceiver.stupefy")
def test_tacullu_mind_capture_counts_stupefy(br: BR) -> None:
    """A Deceiver next to Tacullu lowers the damage first: 1 is not lethal."""
    sc = Scenario(summoners=(br["tacullu"], SUMMONER))
    victim = sc.add(1, GRUNT, "d3")
    sc.add(1, br["deceiver"], "e1")
    st = sc.build(phase=ATTACK)
    st.damage[victim] = 1
    st.search = True  # 3 dice, one special: Stupefy applies
    st.apply_action(Attack(0, victim))
    assert pending(st) is None and st.damage[victim] == 2 and st.ctrl[victim] == 1


@pytest.mark.covers("tacullu.mind-capture", "ollag.cold-snap")
def test_tacullu_mind_capture_auras_follow_the_new_controller(br: BR) -> None:
    """Ollag (Polar Dwarves) gives his side's structures +1 life; captured, the
    enemy gate that lived on that +1 is destroyed at once (R7)."""
    pd = {c.slug: c for c in load_catalog().cards_of("polar-dwarves")}
    sc = Scenario(summoners=(br["tacullu"], SUMMONER))
    ollag = sc.add(1, pd["ollag"], "d3")
    gate = sc.add(1, GATE, "f6")
    st = sc.build(phase=ATTACK, magic=(2, 2))
    st.damage[gate] = 5  # life 5 + 1
    st.damage[ollag] = st.life(ollag) - 1
    st.search = True
    st.apply_action(Attack(0, ollag))
    st.apply_action(YES)
    assert st.ctrl[ollag] == 0 and st.zone[gate] == DISCARD


# -- Gulldune: Telepathic Command ------------------------------------------------------
@pytest.mark.covers("gulldune.telepathic-command")
def test_gulldune_grants_an_extra_attack_to_a_common_within_3(br: BR) -> None:
    sc = Scenario()
    gull = sc.add(0, br["gulldune"], "c3")
    foe = sc.add(1, WALL, "c4")
    archer = sc.add(0, br["wind-archer"], "c6")  # 3 spaces away
    far = sc.add(0, br["wind-archer"], "f5")  # 5 spaces away
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(archer, foe))  # the archer has already attacked
    st.apply_action(Attack(gull, foe))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(archer))
    assert far not in [getattr(o, "card", None) for o in dec.options]
    before = st.damage[foe]
    st.apply_action(ChooseTarget(archer))
    assert ChooseTarget(foe) in pending(st).options  # type: ignore[union-attr]
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] > before
    assert st.attacked == [archer, gull]  # extra: beyond the limits


@pytest.mark.covers("gulldune.telepathic-command")
def test_gulldune_no_command_after_attacking_a_friendly_card(br: BR) -> None:
    sc = Scenario()
    gull = sc.add(0, br["gulldune"], "c3")
    friend = sc.add(0, CHAMPION, "c4")
    sc.add(0, br["wind-archer"], "e3")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(gull, friend))
    assert pending(st) is None


# -- Gwalark: Flight and Levitate ------------------------------------------------------
@pytest.mark.covers("gwalark.flight")
def test_gwalark_flight_three_spaces_through_cards(br: BR) -> None:
    sc = Scenario()
    gw = sc.add(0, br["gwalark"], "c3")
    sc.add(1, GRUNT, "c4")
    sc.add(1, GATE, "c5")
    st = sc.build(phase=MOVE)
    dests = moves_of(st, gw)
    assert at("c6") in dests  # over an enemy unit and a structure
    assert at("c4") not in dests and at("c5") not in dests  # never ends on a card
    assert at("f3") in dests  # 3 spaces
    st.apply_action(Move(gw, at("c6"), at("c4")))
    assert st.pos[gw] == at("c6")


@pytest.mark.covers("gwalark.levitate")
def test_gwalark_levitate_common_starting_within_2(br: BR) -> None:
    sc = Scenario()
    sc.add(0, br["gwalark"], "a1")
    near = sc.add(0, br["deceiver"], "b2")  # 2 spaces from Gwalark
    far = sc.add(0, br["deceiver"], "e2")  # 4 spaces
    sc.add(1, GRUNT, "b3")
    sc.add(1, GRUNT, "e3")
    st = sc.build(phase=MOVE)
    assert at("b4") in moves_of(st, near)  # through the enemy
    assert at("b5") in moves_of(st, near)  # 3 spaces
    assert at("e4") not in moves_of(st, far)
    assert at("e5") not in moves_of(st, far)


# -- Kalal: Greater Push, Steadfast; Wind Mage: Push -----------------------------------
@pytest.mark.covers("kalal.greater-push")
def test_kalal_greater_push_after_attacking(br: BR) -> None:
    sc = Scenario()
    kalal = sc.add(0, br["kalal"], "c3")
    foe = sc.add(1, WALL, "c6")  # 3 away
    sc.add(1, GATE, "d3")  # a structure: never pushed
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(kalal, foe))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    assert [o.card for o in dec.options[1:]] == [foe]  # summoners/structures not
    st.apply_action(ChooseTarget(foe))
    st.apply_action(ChooseSpace(at("c7")))
    assert st.pos[foe] == at("c7")


@pytest.mark.covers("kalal.greater-push")
def test_kalal_greater_push_instead_of_attacking(br: BR) -> None:
    sc = Scenario()
    kalal = sc.add(0, br["kalal"], "a1")
    foe = sc.add(1, GRUNT, "a4")
    st = sc.build(phase=ATTACK)
    use = UseAbility(kalal, "kalal.greater-push")
    assert use in st.legal_actions()
    st.apply_action(use)
    assert st.attacked == [kalal]  # instead of attacking: counts as its attack
    st.apply_action(ChooseTarget(foe))
    st.apply_action(ChooseSpace(at("a5")))
    assert st.pos[foe] == at("a5") and not st.targeted_enemy
    assert not any(
        isinstance(a, Attack) and a.attacker == kalal for a in st.legal_actions()
    )
    assert use not in st.legal_actions()


@pytest.mark.covers("kalal.steadfast", "wind-mage.push")
def test_kalal_steadfast_cannot_be_forced(br: BR) -> None:
    sc = Scenario()
    kalal = sc.add(1, br["kalal"], "c4")
    mage = sc.add(0, br["wind-mage"], "c3")
    foe = sc.add(1, GRUNT, "d3")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(mage, kalal))
    dec = pending(st)
    assert dec is not None and ChooseTarget(kalal) not in dec.options
    assert ChooseTarget(foe) in dec.options
    st.force(kalal, at("c5"))
    assert st.pos[kalal] == at("c4")


@pytest.mark.covers("wind-mage.push")
def test_wind_mage_push_within_2_only(br: BR) -> None:
    sc = Scenario()
    mage = sc.add(0, br["wind-mage"], "c3")
    near = sc.add(1, GRUNT, "c5")
    sc.add(1, GRUNT, "f3")  # 3 away
    st = sc.build(phase=ATTACK)
    use = UseAbility(mage, "wind-mage.push")
    st.apply_action(use)
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(near),)  # not ``far``
    st.apply_action(ChooseTarget(near))
    st.apply_action(ChooseSpace(at("b5")))
    assert st.pos[near] == at("b5")


# -- Deceiver: Stupefy and Engage ------------------------------------------------------
@pytest.mark.covers("deceiver.stupefy")
def test_deceiver_stupefy_needs_an_adjacent_enemy_rolling_a_special(br: BR) -> None:
    sc = Scenario()
    sc.add(0, br["deceiver"], "c3")
    three = sc.add(1, card("three", strength=3, life=9), "c4")  # rolls a special
    two = sc.add(1, card("two", strength=2, life=9), "b3")  # 2 dice: no special
    far = sc.add(1, card("far", strength=3, life=9), "e5")  # not adjacent
    target = sc.add(0, CHAMPION, "d4")
    target2 = sc.add(0, CHAMPION, "e4")
    target3 = sc.add(0, CHAMPION, "b4")
    st = sc.build(phase=ATTACK, turn_player=1)
    st.search = True
    st.apply_action(Attack(three, target))
    assert st.damage[target] == 2 - 1
    st.apply_action(Attack(far, target2))
    assert st.damage[target2] == 2
    st.apply_action(Attack(two, target3))
    assert st.damage[target3] == 2


@pytest.mark.covers("deceiver.engage")
def test_deceiver_engage_damages_an_enemy_moving_away(br: BR) -> None:
    sc = Scenario()
    sc.add(1, br["deceiver"], "c4")
    runner = sc.add(0, CHAMPION, "c3")
    back = sc.add(0, CHAMPION, "d4")
    friend = sc.add(1, CHAMPION, "b4")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(runner, at("c1")))
    assert st.damage[runner] == 1
    # away and back next to it: a partial move farther still counts (glossary)
    st.apply_action(Move(back, at("d4")))
    assert st.pos[back] == at("d4") and st.damage[back] == 1
    st.force(friend, at("a4"))  # a friendly unit of the Deceiver: nothing
    st.settle()
    assert st.damage[friend] == 0


@pytest.mark.covers("deceiver.engage")
def test_deceiver_engage_on_force_and_not_when_closer(br: BR) -> None:
    sc = Scenario()
    dec_ = sc.add(1, br["deceiver"], "c4")
    pushed = sc.add(0, CHAMPION, "c3")
    approach = sc.add(0, CHAMPION, "e4")  # 2 away: not next to it
    st = sc.build(phase=MOVE)
    st.force(pushed, at("c2"))
    st.settle()
    assert st.damage[pushed] == 1
    st.apply_action(Move(approach, at("d4")))
    assert st.damage[approach] == 0 and st.on_board(dec_)


# -- Mind Witch: Mimic -----------------------------------------------------------------
@pytest.mark.covers("mind-witch.mimic", "wind-archer.swift", "wind-archer.far-shot")
def test_mind_witch_mimics_a_common_until_the_turn_ends(br: BR) -> None:
    sc = Scenario()
    witch = sc.add(0, br["mind-witch"], "c3")
    sc.add(1, br["wind-archer"], "c5")  # an enemy common, 2 away
    st = sc.build(phase=SUMMON)
    assert st.move_distance(witch) == 2 and st.attack_range(witch) == 3
    st.apply_action(END_PHASE)  # start of the move phase
    dec = pending(st)
    assert dec is not None and dec.ability == "mind-witch.mimic"
    st.apply_action(ChooseTarget(dec.options[1].card))  # type: ignore[attr-defined]
    assert st.move_distance(witch) == 3  # Swift
    assert st.attack_range(witch) == 4  # Far Shot
    end_turn(st)
    assert st.move_distance(witch) == 2 and st.attack_range(witch) == 3


@pytest.mark.covers("mind-witch.mimic")
def test_mind_witch_listens_only_to_hooks_the_game_commons_could_lend(br: BR) -> None:
    """Mimic forwards the hooks of the common it copies; in a game whose commons have
    no such hook it is not registered for it (the core then keeps its fast paths),
    but it keeps its own start of the move phase."""

    def hooks_of_witch(*others: CardDef) -> set[str]:
        sc = Scenario()
        witch = sc.add(0, br["mind-witch"], "c3")
        for i, other in enumerate(others):
            sc.add(1, other, f"c{5 + i}")
        st = sc.build(phase=SUMMON)
        return {
            h for h, lst in st.info.hooks.items() for c, _a, _z in lst if c == witch
        }

    alone = hooks_of_witch()
    assert alone == {"start_of_phase"}
    with_archer = hooks_of_witch(br["wind-archer"])  # Swift, Far Shot
    assert {"mod_move", "mod_range", "start_of_phase"} <= with_archer
    assert "after_roll" not in with_archer and "on_destroy" not in with_archer
    # a champion lends nothing: only commons can be mimicked
    assert hooks_of_witch(CHAMPION) == {"start_of_phase"}


@pytest.mark.covers("mind-witch.mimic")
def test_mind_witch_mimic_is_optional_and_only_in_your_move_phase(br: BR) -> None:
    sc = Scenario()
    witch = sc.add(1, br["mind-witch"], "c3")
    sc.add(0, br["wind-archer"], "c5")
    st = sc.build(phase=SUMMON)
    st.apply_action(END_PHASE)
    assert pending(st) is None  # not the witch's turn
    sc2 = Scenario()
    witch = sc2.add(0, br["mind-witch"], "c3")
    sc2.add(0, br["wind-mage"], "c6")
    st = sc2.build(phase=SUMMON)
    st.apply_action(END_PHASE)
    st.apply_action(NO)
    assert st.move_distance(witch) == 2


@pytest.mark.covers("mind-witch.mimic", "wind-mage.push")
def test_mind_witch_mimics_triggered_and_activated_abilities(br: BR) -> None:
    sc = Scenario()
    witch = sc.add(0, br["mind-witch"], "c3")
    mage = sc.add(0, br["wind-mage"], "c1")
    foe = sc.add(1, GRUNT, "c5")
    st = sc.build(phase=SUMMON)
    st.apply_action(END_PHASE)
    st.apply_action(ChooseTarget(mage))
    st.apply_action(END_PHASE)
    st.apply_action(END_PHASE)
    assert st.phase == ATTACK
    use = UseAbility(witch, "wind-mage.push")
    assert use in st.legal_actions()  # the borrowed Push, instead of attacking
    st.apply_action(use)
    st.apply_action(ChooseTarget(foe))
    st.apply_action(ChooseSpace(at("c6")))
    assert st.pos[foe] == at("c6") and witch in st.attacked


@pytest.mark.covers(
    "mind-witch.mimic", "spirit-mage.commune-with-spirits", "miti-kyru.inspire"
)
def test_mind_witch_mimic_two_borrowed_triggers_at_once(br: BR) -> None:
    """Two copied abilities answering the same move both resolve (R8e order)."""
    hybrid = card(
        "hybrid",
        abilities=("spirit-mage.commune-with-spirits", "miti-kyru.inspire"),
    )
    sc = Scenario(summoner_at=("f1", "c8"))
    witch = sc.add(0, br["mind-witch"], "a3")
    model = sc.add(0, hybrid, "a6")
    friend = sc.add(0, GRUNT, "c4")
    st = sc.build(phase=SUMMON)
    st.apply_action(END_PHASE)
    st.apply_action(ChooseTarget(model))
    st.apply_action(Move(witch, at("b4")))
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order" and len(dec.options) == 2
    st.apply_action(dec.options[0])
    while pending(st) is not None:
        st.apply_action(pending(st).options[0])  # type: ignore[union-attr]
    assert st.boost[witch] == 1  # Commune (no boost yet: it gains one)
    assert st.boost[friend] == 1  # Inspire: the friend next to it


# -- Wind Archer: Swift, Far Shot ------------------------------------------------------
@pytest.mark.covers("wind-archer.swift", "wind-archer.far-shot")
def test_wind_archer_swift_and_far_shot(br: BR) -> None:
    sc = Scenario()
    wa = sc.add(0, br["wind-archer"], "c3")
    foe4 = sc.add(1, GRUNT, "c7")  # 4 away in a line
    foe5 = sc.add(1, GRUNT, "f4")  # not in a line
    st = sc.build(phase=MOVE)
    assert at("c6") in moves_of(st, wa)  # 3 spaces
    st.phase = ATTACK
    st.invalidate()
    targets = {a.target for a in st.legal_actions() if isinstance(a, Attack)}
    assert foe4 in targets and foe5 not in targets


@pytest.mark.covers("wind-archer.far-shot")
def test_wind_archer_far_shot_still_needs_empty_spaces(br: BR) -> None:
    sc = Scenario()
    wa = sc.add(0, br["wind-archer"], "a3")
    sc.add(0, GATE, "a5")
    foe = sc.add(1, GRUNT, "a7")
    st = sc.build(phase=ATTACK)
    targets = {a.target for a in st.legal_actions() if isinstance(a, Attack)}
    assert foe not in targets and st.attack_range(wa) == 4


# -- Mind Control ----------------------------------------------------------------------
@pytest.mark.covers("mind-control.effect")
def test_mind_control_takes_enemies_within_2_until_your_turn_ends(br: BR) -> None:
    sc = Scenario()
    ev = sc.add(0, br["mind-control"], zone="hand")
    a = sc.add(1, GRUNT, "d3")  # 2 from the summoner at d1
    b = sc.add(1, CHAMPION, "e1")
    far = sc.add(1, GRUNT, "d4")  # 3 away
    st = sc.build(phase=SUMMON)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    assert {o.card for o in dec.options[1:]} == {a, b}  # type: ignore[attr-defined]
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(b))
    assert pending(st) is None  # nobody left to take
    assert st.ctrl[a] == 0 and st.ctrl[b] == 0 and st.ctrl[far] == 1
    st.apply_action(END_PHASE)
    assert a in {m.unit for m in st.legal_actions() if isinstance(m, Move)}
    end_turn(st)
    assert st.ctrl[a] == 1 and st.ctrl[b] == 1


@pytest.mark.covers("mind-control.effect")
def test_mind_control_never_takes_summoners_and_may_take_none(br: BR) -> None:
    sc = Scenario(summoner_at=("d1", "d2"))
    ev = sc.add(0, br["mind-control"], zone="hand")
    st = sc.build(phase=SUMMON)
    assert PlayEvent(ev) not in st.legal_actions()  # only the summoner is near


# -- Blast -----------------------------------------------------------------------------
@pytest.mark.covers("blast.effect")
def test_blast_forces_through_units_and_damages_each(br: BR) -> None:
    sc = Scenario()
    ev = sc.add(0, br["blast"], zone="hand")
    target = sc.add(1, CHAMPION, "d3")  # in line, d2 empty
    over = sc.add(1, GRUNT, "d4")
    over2 = sc.add(0, GRUNT, "d5")
    st = sc.build(phase=MOVE, magic=(1, 0))
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(target),)
    st.apply_action(ChooseTarget(target))
    spaces = {o.space for o in pending(st).options}  # type: ignore[union-attr]
    assert at("d6") in spaces and at("d4") not in spaces and at("d7") not in spaces
    st.apply_action(ChooseSpace(at("d6")))
    assert st.pos[target] == at("d6")
    assert (st.damage[target], st.damage[over], st.damage[over2]) == (1, 1, 1)
    assert st.magic[0] == 0


@pytest.mark.covers("blast.effect")
def test_blast_needs_a_clear_line_and_never_moves_summoners(br: BR) -> None:
    sc = Scenario(summoner_at=("d1", "f1"))
    ev = sc.add(0, br["blast"], zone="hand")
    sc.add(0, GATE, "d2")
    sc.add(1, GRUNT, "d3")  # behind the gate
    st = sc.build(phase=MOVE)
    assert PlayEvent(ev) not in st.legal_actions()  # the enemy summoner is no target


# -- Hypnotic Call ---------------------------------------------------------------------
@pytest.mark.covers("hypnotic-call.effect")
def test_hypnotic_call_pulls_toward_summoner_and_adds_strength(br: BR) -> None:
    sc = Scenario()
    ev = sc.add(0, br["hypnotic-call"], zone="hand")
    foe = sc.add(1, CHAMPION, "d4")
    other = sc.add(1, CHAMPION, "a1")
    st = sc.build(phase=SUMMON)
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(foe))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseSpace(at("d3")))
    st.apply_action(ChooseSpace(at("d3")))
    assert st.pos[foe] == at("d3") and st.zone[ev] == ACTIVE
    st.phase = ATTACK
    st.search = True  # summoner strength 2 + 1 = 3 dice: 2 bow hits
    st.apply_action(Attack(0, foe))
    assert st.damage[foe] == 2
    st.attacked.clear()
    st.apply_action(Attack(0, other))  # another unit: 2 dice, 1 bow hit
    assert st.damage[other] == 1


@pytest.mark.covers("hypnotic-call.effect")
def test_hypnotic_call_force_is_optional(br: BR) -> None:
    sc = Scenario()
    ev = sc.add(0, br["hypnotic-call"], zone="hand")
    foe = sc.add(1, CHAMPION, "d4")
    st = sc.build(phase=SUMMON)
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(foe))
    st.apply_action(NO)
    assert st.pos[foe] == at("d4")


# -- Perplexing Tempest ----------------------------------------------------------------
@pytest.mark.covers("perplexing-tempest.effect", "wind-archer.swift")
def test_perplexing_tempest_slows_every_unit_until_your_next_turn(br: BR) -> None:
    sc = Scenario()
    ev = sc.add(0, br["perplexing-tempest"], zone="hand")
    mine = sc.add(0, GRUNT, "a3")
    theirs = sc.add(1, GRUNT, "f6")
    archer = sc.add(1, br["wind-archer"], "a6")
    st = sc.build(phase=MAGIC)
    st.apply_action(PlayEvent(ev))
    assert st.zone[ev] == ACTIVE
    assert st.move_distance(mine) == 1 and st.move_distance(theirs) == 1
    assert st.move_distance(archer) == 2  # Swift: 3 - 1
    st.apply_action(END_PHASE)
    assert st.phase == DRAW
    st.apply_action(END_PHASE)  # the opponent's turn: still slowed
    assert st.turn_player == 1 and st.move_distance(theirs) == 1
    end_turn(st)
    assert st.zone[ev] == DISCARD and st.move_distance(mine) == 2
