"""First-edition Cloaks (Vlox's and Jexik's decks, research/first-edition.md 2.7.2):
one scenario per card, plus edge cases (control ending, a charmed unit destroyed, no
target). Vlox or Jexik (seat 0, on d1) against Grognack (seat 1, on c8); dice are
rigged (a face is its number, a hit on 3+, R21)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    YES,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import DECK, DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK, summoner: str = "vlox") -> GameState:
    return bench_fresh(summoner, "grognack", phase, events=True)


def end_turn(st: GameState) -> None:
    """End seat 0's phases (no pending decision expected) up to its end of turn."""
    while st.phase != MAGIC:
        st.apply_action(EndPhase())
    st.apply_action(EndPhase())


def clear_stack(st: GameState) -> None:
    while pending(st) is not None:
        dec = pending(st)
        assert dec is not None
        st.apply_action(NO if NO in dec.options else dec.options[0])


# ---------------------------------------------------------------- Vlox
@pytest.mark.covers("vlox.master-of-the-art", ruleset="first")
def test_master_of_the_art_vlox_has_a_cloaks_abilities_this_turn(
    dice: Dice,
) -> None:
    from engine.rulesets.first.abilities.benders import is_named

    st = fresh(SUMMON)
    vlox = st.info.summoners[0]
    assassin = put(st, 0, "assassin", sq(6, 0))
    grog = st.info.summoners[1]
    st.apply_action(EndPhase())  # summon -> events: Vlox picks
    dec = pending(st)
    assert dec is not None and dec.ability == "vlox.master-of-the-art"
    assert NO in dec.options and ChooseTarget(assassin) in dec.options
    assert ChooseTarget(grog) not in dec.options  # not a Cloak
    st.apply_action(ChooseTarget(assassin))
    assert is_named(st, vlox, "assassin")
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    st.relocate(vlox, sq(4, 2), "force")
    dice(6, 6, 6)  # 2 + 1 (Marked Target against a summoner) dice
    st.invalidate()
    st.apply_action(Attack(vlox, grog))
    assert st.damage[grog] == 3
    # the copy ends with the turn
    end_turn(st)
    assert st.turn_player == 1 and not is_named(st, vlox, "assassin")


# ---------------------------------------------------------------- Jexik
@pytest.mark.covers("jexik.brilliant-strategist", ruleset="first")
def test_brilliant_strategist_moves_a_common_as_the_chosen_summon_begins() -> None:
    st = fresh(MAGIC, "jexik")
    ren = put(st, 0, "renegade", sq(2, 2))
    st.apply_action(EndPhase())  # seat 1's turn: no pick (not Jexik's turn)
    assert st.turn_player == 1 and pending(st) is None
    while st.turn_player == 1:
        st.apply_action(EndPhase())
    dec = pending(st)  # Jexik's turn begins: pick a player
    assert dec is not None and dec.ability == "jexik.brilliant-strategist"
    st.apply_action(ChooseOption(1))
    assert pending(st) is None  # not my own summon phase
    end_turn(st)
    dec = pending(st)  # seat 1's summon phase begins: Jexik's player moves
    assert dec is not None and dec.player == 0 and st.turn_player == 1
    assert st.phase == SUMMON
    st.apply_action(ChooseTarget(ren))
    st.apply_action(ChooseSpace(sq(4, 2)))
    assert st.pos[ren] == sq(4, 2)
    while st.turn_player == 1:
        st.apply_action(EndPhase())
    st.apply_action(ChooseOption(0))  # my own: at once, as my summon phase begins
    dec = pending(st)
    assert dec is not None and st.turn_player == 0 and st.phase == SUMMON


# ---------------------------------------------------------------- champions
@pytest.mark.covers("dagger.backstab", ruleset="first")
def test_backstab_plus_three_from_behind(dice: Dice) -> None:
    st = fresh()
    dag = put(st, 0, "dagger", sq(5, 3))
    behind = put(st, 1, "gruggar", sq(4, 3))  # nearer my side than Dagger
    dice(1, 1, 6, 6, 6)
    st.apply_action(Attack(dag, behind))
    assert st.damage[behind] == 3 and st.rolls is not None
    ahead = put(st, 1, "shaman-tundra-orcs", sq(6, 3))  # farther: no bonus
    st.attacked.clear()
    st.invalidate()
    dice(6, 6, 6, 6, 6)
    st.apply_action(Attack(dag, ahead))
    assert dice.sizes[-1] == 2 and st.zone[ahead] == MAGIC_PILE


@pytest.mark.covers("doc.first-aid", ruleset="first")
def test_first_aid_heals_an_adjacent_wounded_unit_on_three(dice: Dice) -> None:
    st = fresh()
    doc = put(st, 0, "doc", sq(2, 2))
    hurt = put(st, 0, "dagger", sq(2, 3))
    st.damage[hurt] = 2
    put(st, 0, "hawk", sq(3, 2))  # unwounded: not offered
    acts = uses(st, "doc.first-aid")
    assert [a.option for a in acts] == [hurt]
    dice(3)
    st.apply_action(acts[0])
    assert st.damage[hurt] == 1 and doc in st.attacked
    assert not uses(st, "doc.first-aid")


@pytest.mark.covers("hawk.aerial-strike", ruleset="first")
def test_aerial_strike_after_moving_wounds_a_common_on_four(dice: Dice) -> None:
    st = fresh(MOVE)
    hawk = put(st, 0, "hawk", sq(2, 2))
    foe = put(st, 1, "shaman-tundra-orcs", sq(5, 2))
    put(st, 1, "gruggar", sq(4, 3))  # a champion: never offered
    st.apply_action(Move(hawk, sq(3, 2)))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(foe),)
    dice(4)
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 1


@pytest.mark.covers("kyra.illusionist", ruleset="first")
def test_illusionist_a_miss_costs_the_attacker_magic_or_the_wounds(
    dice: Dice,
) -> None:
    st = fresh()
    kyra = put(st, 0, "kyra", sq(4, 2))
    st.turn_player = 1
    foe = put(st, 1, "gruggar", sq(5, 2))  # 1 die (Wrath adds its wounds)
    st.damage[foe] = 1  # 2 dice
    set_magic(st, 0, 0)
    set_magic(st, 1, 1)
    dice(6, 1)
    st.apply_action(Attack(foe, kyra))
    dec = pending(st)
    assert dec is not None and dec.player == 1
    st.apply_action(NO)
    assert st.damage[kyra] == 0
    st.attacked.clear()
    st.invalidate()
    dice(6, 1)
    st.apply_action(Attack(foe, kyra))
    st.apply_action(YES)
    assert st.damage[kyra] == 1 and st.magic == [0, 0]
    st.attacked.clear()
    st.invalidate()
    dice(6, 6)  # no miss: nothing asked
    st.apply_action(Attack(foe, kyra))
    assert pending(st) is None and st.damage[kyra] == 3


@pytest.mark.covers("scam.escape", ruleset="first")
def test_escape_pays_one_magic_to_move_after_attacking(dice: Dice) -> None:
    st = fresh()
    scam = put(st, 0, "scam", sq(3, 3))
    foe = put(st, 1, "gruggar", sq(5, 3))
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(1, 1)
    st.apply_action(Attack(scam, foe))
    dec = pending(st)
    assert dec is not None and NO in dec.options
    st.apply_action(ChooseSpace(sq(1, 3)))
    assert st.pos[scam] == sq(1, 3) and st.magic == [0, 0]


@pytest.mark.covers("sin-sin.charm", ruleset="first")
def test_charm_controls_an_enemy_common_until_the_end_of_the_turn(
    dice: Dice,
) -> None:
    st = fresh()
    sin = put(st, 0, "sin-sin", sq(3, 3))
    foe = put(st, 1, "shaman-tundra-orcs", sq(5, 3))  # 2 straight spaces
    target = put(st, 1, "gruggar", sq(6, 4))
    acts = uses(st, "sin-sin.charm")
    assert [a.option for a in acts] == [foe]
    st.apply_action(acts[0])
    assert st.ctrl[foe] == 0 and sin in st.attacked
    st.apply_action(ChooseSpace(sq(6, 3)))  # moved at once
    assert st.pos[foe] == sq(6, 3)
    dice(6, 6)
    st.apply_action(Attack(foe, target))  # it attacks for me this turn
    assert st.damage[target] == 2
    end_turn(st)
    assert st.ctrl[foe] == 1  # control ended with the turn


def test_charmed_unit_destroyed_goes_to_its_owner_and_feeds_the_destroyer(
    dice: Dice,
) -> None:
    st = fresh()
    sin = put(st, 0, "sin-sin", sq(3, 3))
    foe = put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    st.apply_action(UseAbility(sin, "sin-sin.charm", foe))
    st.apply_action(NO)
    st.discard_card(sin)  # Sin-Sin leaves play: the charm still ends on time
    assert st.ctrl[foe] == 0
    st.destroy(foe, 1, -1)  # destroyed by its owner while mine
    assert st.magic_pile[1] == [foe] and st.ctrl[foe] == 1 and st.magic == [0, 1]
    end_turn(st)  # the end-of-turn return finds nothing to give back
    assert st.turn_player == 1 and not any(
        k.startswith("first.charm") for k in st.flags
    )


@pytest.mark.covers("spider.infiltrate", ruleset="first")
def test_infiltrate_from_the_back_row_to_a_wall_wounds_the_summoner() -> None:
    st = fresh(MAGIC)
    spider = put(st, 0, "spider", sq(7, 5))
    put(st, 0, "wall", sq(2, 2))
    grog = st.info.summoners[1]
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "spider.infiltrate"
    st.apply_action(ChooseSpace(sq(2, 1)))
    assert st.pos[spider] == sq(2, 1) and st.damage[grog] == 1


@pytest.mark.covers("the-admiral.cover", ruleset="first")
def test_cover_the_admiral_takes_the_wounds_of_an_attack(dice: Dice) -> None:
    st = fresh()
    adm = put(st, 0, "the-admiral", sq(3, 1))
    friend = put(st, 0, "scrapper", sq(3, 3))  # 2 spaces away
    st.turn_player = 1
    foe = put(st, 1, "gruggar", sq(4, 3))
    st.damage[foe] = 1  # Wrath: 2 dice
    dice(6, 6)
    st.apply_action(Attack(foe, friend))
    dec = pending(st)
    assert dec is not None and dec.player == 0 and dec.ability == "the-admiral.cover"
    st.apply_action(YES)
    assert st.damage[friend] == 0 and st.damage[adm] == 2
    assert st.on_board(friend)
    st.attacked.clear()
    st.invalidate()
    dice(6, 6)
    st.apply_action(Attack(foe, friend))
    st.apply_action(NO)  # declined: the Scrapper (2 life) is destroyed
    assert st.zone[friend] == MAGIC_PILE and st.magic[1] == 1


@pytest.mark.covers("violet.whirling-blade", ruleset="first")
def test_whirling_blade_attacks_through_units_and_hits_them_all(
    dice: Dice,
) -> None:
    st = fresh()
    vio = put(st, 0, "violet", sq(2, 2))
    mid = put(st, 1, "shaman-tundra-orcs", sq(3, 2))
    target = put(st, 1, "gruggar", sq(4, 2))
    wall = put(st, 1, "wall", sq(2, 4))
    assert Attack(vio, target) in st.legal_actions()
    dice(6, 1)
    st.apply_action(Attack(vio, target))
    assert st.damage[target] == 1 and st.damage[mid] == 1
    assert st.on_board(wall)


# ---------------------------------------------------------------- commons
@pytest.mark.covers("assassin.marked-target", ruleset="first")
def test_marked_target_one_more_die_against_champions_and_summoners(
    dice: Dice,
) -> None:
    st = fresh()
    ass = put(st, 0, "assassin", sq(3, 2))
    champ = put(st, 1, "gruggar", sq(5, 2))
    common = put(st, 1, "shaman-tundra-orcs", sq(3, 4))
    dice(6, 6)
    st.apply_action(Attack(ass, champ))
    assert dice.sizes == [2] and st.damage[champ] == 2
    st.attacked.clear()
    st.invalidate()
    dice(6, 6)
    st.apply_action(Attack(ass, common))
    assert dice.sizes[-1] == 1


@pytest.mark.covers("bruiser.intimidate", ruleset="first")
def test_intimidate_the_wounded_unit_pays_to_attack_the_bruiser(
    dice: Dice,
) -> None:
    st = fresh()
    bru = put(st, 0, "bruiser", sq(3, 3))
    foe = put(st, 1, "gruggar", sq(4, 3))
    dice(6, 1)
    st.apply_action(Attack(bru, foe))
    assert st.damage[foe] == 1
    end_turn(st)
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    set_magic(st, 0, 0)
    set_magic(st, 1, 0)
    assert Attack(foe, bru) not in st.legal_actions()  # cannot pay
    set_magic(st, 0, 0)
    set_magic(st, 1, 2)
    dice(1, 1)
    st.apply_action(Attack(foe, bru))
    assert st.magic == [0, 1]


@pytest.mark.covers("gunner.greater-sneak", ruleset="first")
def test_greater_sneak_five_spaces_as_the_only_unit_moved() -> None:
    st = fresh(MOVE)
    gun = put(st, 0, "gunner", sq(1, 0))
    other = put(st, 0, "thief", sq(1, 5))
    assert Move(gun, sq(6, 0)) in st.legal_actions()
    st.apply_action(Move(gun, sq(6, 0)))
    assert st.pos[gun] == sq(6, 0)
    assert not any(isinstance(a, Move) and a.unit == other for a in st.legal_actions())


def test_greater_sneak_not_after_another_move() -> None:
    st = fresh(MOVE)
    gun = put(st, 0, "gunner", sq(1, 0))
    other = put(st, 0, "thief", sq(1, 5))
    st.apply_action(Move(other, sq(2, 5)))
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == gun]
    assert moves and all(m.to != sq(6, 0) and m.to != sq(4, 0) for m in moves)


@pytest.mark.covers("renegade.versatile", ruleset="first")
def test_versatile_attacks_in_the_move_phase_and_moves_in_the_attack_phase(
    dice: Dice,
) -> None:
    st = fresh(MOVE)
    ren = put(st, 0, "renegade", sq(3, 3))
    foe = put(st, 1, "gruggar", sq(4, 3))
    acts = uses(st, "renegade.versatile")
    assert [a.option for a in acts] == [foe]
    dice(6)
    st.apply_action(acts[0])
    assert st.damage[foe] == 1 and ren in st.moved
    st.apply_action(EndPhase())  # -> attack phase
    acts = uses(st, "renegade.versatile")
    assert UseAbility(ren, "renegade.versatile", sq(1, 3)) in acts
    st.apply_action(UseAbility(ren, "renegade.versatile", sq(1, 3)))
    assert st.pos[ren] == sq(1, 3) and ren in st.attacked


@pytest.mark.covers("scrapper.blindside", ruleset="first")
def test_blindside_places_another_scrapper_next_to_the_wounded_enemy(
    dice: Dice,
) -> None:
    st = fresh()
    scr = put(st, 0, "scrapper", sq(3, 3))
    other = put(st, 0, "scrapper", sq(0, 0))
    foe = put(st, 1, "gruggar", sq(4, 3))
    dice(6)
    st.apply_action(Attack(scr, foe))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(other))
    st.apply_action(ChooseTarget(other))
    st.apply_action(ChooseSpace(sq(5, 3)))
    assert st.pos[other] == sq(5, 3)


@pytest.mark.covers("slasher.fatal-slash", ruleset="first")
def test_fatal_slash_a_six_is_three_hits_against_an_adjacent_unit(
    dice: Dice,
) -> None:
    st = fresh()
    sla = put(st, 0, "slasher", sq(3, 3))
    foe = put(st, 1, "gruggar", sq(4, 3))
    dice(6)
    st.apply_action(Attack(sla, foe))
    assert st.damage[foe] == 3


@pytest.mark.covers("sniper.sniper-shot", ruleset="first")
def test_sniper_shot_reach_five_unless_it_moved_two(dice: Dice) -> None:
    st = fresh(MOVE)
    sni = put(st, 0, "sniper", sq(1, 0))
    far = put(st, 1, "gruggar", sq(6, 0))  # 5 spaces
    st.apply_action(Move(sni, sq(1, 1)))
    st.relocate(sni, sq(1, 0), "force")  # a force is no move of its own
    st.apply_action(EndPhase())
    assert Attack(sni, far) in st.legal_actions()
    st2 = fresh(MOVE)
    sni2 = put(st2, 0, "sniper", sq(1, 0))
    far2 = put(st2, 1, "gruggar", sq(6, 0))
    st2.apply_action(Move(sni2, sq(2, 1)))  # 2 spaces
    st2.relocate(sni2, sq(1, 0), "force")
    st2.apply_action(EndPhase())
    assert Attack(sni2, far2) not in st2.legal_actions()  # reach 3 again


@pytest.mark.covers("thief.steal", ruleset="first")
def test_steal_at_the_end_of_turn_and_the_opponent_pays_a_card() -> None:
    st = fresh(MAGIC)
    thief = put(st, 0, "thief", sq(7, 0))
    put(st, 0, "wall", sq(2, 2))
    card = to_hand(st, 1, "freeze")
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "thief.steal"
    assert ChooseOption(0) in dec.options and ChooseSpace(sq(2, 1)) in dec.options
    st.apply_action(ChooseSpace(sq(2, 1)))
    dec = pending(st)
    assert dec is not None and dec.player == 1
    st.apply_action(ChooseTarget(card))
    assert st.pos[thief] == sq(2, 1) and st.magic == [1, 0]
    # the opponent's card, face down on MY magic pile
    assert st.magic_pile[0] == [card] and st.zone[card] == MAGIC_PILE


def test_steal_destroying_the_thief_feeds_my_magic_and_empty_hand_gives_none() -> None:
    st = fresh(MAGIC)
    thief = put(st, 0, "thief", sq(7, 0))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0),)  # no wall
    st.apply_action(ChooseOption(0))
    assert st.zone[thief] == MAGIC_PILE and st.magic == [1, 0]
    assert pending(st) is None and st.turn_player == 1  # their hand was empty


# ---------------------------------------------------------------- Vlox's events
@pytest.mark.covers("assassinate.effect", ruleset="first")
def test_assassinate_pays_two_to_destroy_a_common() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "assassinate")
    foe = put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    put(st, 1, "gruggar", sq(5, 4))
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    assert PlayEvent(ev) not in st.legal_actions()
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(foe),)
    st.apply_action(ChooseTarget(foe))
    assert st.zone[foe] == MAGIC_PILE and st.magic == [1, 0]


@pytest.mark.covers("cloak-of-shadows.effect", ruleset="first")
def test_cloak_of_shadows_only_sixes_wound_until_my_next_turn(
    dice: Dice,
) -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "cloak-of-shadows")
    gun = put(st, 0, "scrapper", sq(4, 3))
    put(st, 0, "dagger", sq(0, 0))  # a champion: needs 2 magic
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(gun),)
    st.apply_action(ChooseTarget(gun))
    end_turn(st)
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    foe = put(st, 1, "gruggar", sq(5, 3))
    st.damage[foe] = 2  # Wrath: 3 dice
    dice(5, 4, 6)
    st.apply_action(Attack(foe, gun))
    assert st.damage[gun] == 1
    while st.turn_player == 1:
        st.apply_action(EndPhase())
    # my next turn has begun: the cloak is gone (an enemy attack now, by hand)
    st.turn_player, st.phase = 1, ATTACK
    st.attacked.clear()
    st.invalidate()
    dice(5, 4, 6)
    st.apply_action(Attack(foe, gun))
    assert st.zone[gun] == MAGIC_PILE


@pytest.mark.covers("spy.effect", ruleset="first")
def test_spy_two_to_the_bottom_one_discarded_two_on_top() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "spy")
    deck = st.deck[1]
    top5 = deck[-5:]
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(top5[4]))
    st.apply_action(ChooseTarget(top5[3]))
    st.apply_action(ChooseTarget(top5[0]))  # to their discard pile
    st.apply_action(ChooseTarget(top5[1]))  # on top
    assert deck[0] == top5[3] and deck[1] == top5[4]
    assert st.zone[top5[0]] == DISCARD and top5[0] in st.discard[1]
    assert deck[-1] == top5[1] and deck[-2] == top5[2]
    assert pending(st) is None


@pytest.mark.covers("raid.effect", ruleset="first")
def test_raid_a_thief_moves_three_extra_spaces() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "raid")
    thief = put(st, 0, "thief", sq(1, 5))
    put(st, 0, "scrapper", sq(0, 5))
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(thief))
    st.apply_action(EndPhase())
    assert Move(thief, sq(6, 5)) in st.legal_actions()


# ---------------------------------------------------------------- Jexik's events
@pytest.mark.covers("heist.effect", ruleset="first")
def test_heist_gives_a_cloak_steal_this_turn() -> None:
    st = fresh(EVENTS, "jexik")
    ev = to_hand(st, 0, "heist")
    ren = put(st, 0, "renegade", sq(7, 1))
    put(st, 0, "wall", sq(2, 2))
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(ren))
    end_turn(st)
    dec = pending(st)
    assert dec is not None and dec.ability == "heist.effect"
    st.apply_action(ChooseSpace(sq(2, 1)))
    assert st.pos[ren] == sq(2, 1)


@pytest.mark.covers("concealed-weapons.effect", ruleset="first")
def test_concealed_weapons_one_wound_per_adjacent_cloak() -> None:
    st = fresh(EVENTS, "jexik")
    ev = to_hand(st, 0, "concealed-weapons")
    foe = put(st, 1, "gruggar", sq(4, 3))
    put(st, 0, "renegade", sq(3, 3))
    put(st, 0, "bruiser", sq(4, 2))
    put(st, 1, "shaman-tundra-orcs", sq(5, 3))  # not mine: no wound
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 2


@pytest.mark.covers("clever-diversion.effect", ruleset="first")
def test_clever_diversion_from_one_enemy_wall_to_another() -> None:
    st = fresh(EVENTS, "jexik")
    ev = to_hand(st, 0, "clever-diversion")
    ren = put(st, 0, "renegade", sq(4, 0))
    put(st, 1, "wall", sq(6, 0))
    put(st, 1, "wall", sq(6, 5))
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())
    st.apply_action(Move(ren, sq(5, 0)))
    dec = pending(st)
    assert dec is not None and dec.ability == "clever-diversion.effect"
    assert ChooseSpace(sq(5, 5)) in dec.options
    assert ChooseSpace(sq(5, 1)) not in dec.options
    st.apply_action(ChooseSpace(sq(7, 5)))
    assert st.pos[ren] == sq(7, 5)


@pytest.mark.covers("vanish.effect", ruleset="first")
def test_vanish_before_moving_and_after_attacking_once_per_unit(
    dice: Dice,
) -> None:
    st = fresh(EVENTS, "jexik")
    ev = to_hand(st, 0, "vanish")
    ren = put(st, 0, "renegade", sq(4, 3))
    bru = put(st, 0, "bruiser", sq(4, 0))
    foe = put(st, 1, "gruggar", sq(5, 0))
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())  # move phase
    act = UseAbility(ev, "vanish.effect", ren)
    assert act in st.legal_actions()
    st.apply_action(act)
    st.apply_action(ChooseSpace(sq(0, 0)))
    assert st.pos[ren] == sq(0, 0) and st.magic == [1, 0]
    assert act not in st.legal_actions()  # once per turn
    st.apply_action(Move(ren, sq(1, 1)))  # it may still move
    st.apply_action(EndPhase())
    dice(1, 1)
    st.apply_action(Attack(bru, foe))
    dec = pending(st)
    assert dec is not None and NO in dec.options
    st.apply_action(ChooseSpace(sq(3, 5)))
    assert st.pos[bru] == sq(3, 5) and st.magic == [0, 0]


@pytest.mark.covers("daring-plan.effect", ruleset="first")
def test_daring_plan_plus_two_and_the_failed_attacker_is_discarded(
    dice: Dice,
) -> None:
    st = fresh(EVENTS, "jexik")
    ev = to_hand(st, 0, "daring-plan")
    bru = put(st, 0, "bruiser", sq(3, 3))  # 2 + 2 dice
    ren = put(st, 0, "renegade", sq(3, 0))
    foe = put(st, 1, "gruggar", sq(4, 3))
    weak = put(st, 1, "fighter-tundra-orcs", sq(4, 0))
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    dice(6, 1, 1, 1)
    st.apply_action(Attack(bru, foe))
    assert dice.sizes == [4] and st.on_board(foe)
    dice(6, 6, 6)
    st.apply_action(Attack(ren, weak))
    assert st.zone[weak] == MAGIC_PILE
    st.apply_action(EndPhase())
    assert st.zone[bru] == DISCARD and st.on_board(ren)
    assert st.zone[bru] != DECK


# ---------------------------------------------------------------- edge cases
def test_thief_and_spider_at_the_same_moment_the_turn_player_orders_them() -> None:
    st = fresh(MAGIC)
    thief = put(st, 0, "thief", sq(7, 0))
    spider = put(st, 0, "spider", sq(7, 5))
    put(st, 0, "wall", sq(2, 2))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order" and len(dec.options) == 2
    st.apply_action(dec.options[0])
    while pending(st) is not None and st.turn_player == 0:
        dec = pending(st)
        assert dec is not None
        spaces = [o for o in dec.options if isinstance(o, ChooseSpace)]
        st.apply_action(spaces[0] if spaces else dec.options[0])
    assert st.pos[thief] in (sq(1, 2), sq(2, 1), sq(2, 3), sq(3, 2))
    assert st.pos[spider] in (sq(1, 2), sq(2, 1), sq(2, 3), sq(3, 2))
    assert st.damage[st.info.summoners[1]] == 1


def test_blindside_not_when_the_attack_destroys_the_target(dice: Dice) -> None:
    st = fresh()
    scr = put(st, 0, "scrapper", sq(3, 3))
    put(st, 0, "scrapper", sq(0, 0))
    foe = put(st, 1, "fighter-tundra-orcs", sq(4, 3))  # 1 life
    dice(6)
    st.apply_action(Attack(scr, foe))
    assert st.zone[foe] == MAGIC_PILE and pending(st) is None


def test_charm_needs_a_clear_straight_line() -> None:
    st = fresh()
    put(st, 0, "sin-sin", sq(3, 3))
    put(st, 1, "gruggar", sq(4, 3))  # blocks the line (and is a champion)
    put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    put(st, 1, "fighter-tundra-orcs", sq(4, 4))  # diagonal: never
    assert not uses(st, "sin-sin.charm")


def test_cover_only_for_friendly_commons_and_champions_within_three(
    dice: Dice,
) -> None:
    st = fresh()
    put(st, 0, "the-admiral", sq(0, 0))
    far = put(st, 0, "scrapper", sq(3, 3))  # 6 spaces away
    st.turn_player = 1
    foe = put(st, 1, "gruggar", sq(4, 3))
    dice(6)
    st.apply_action(Attack(foe, far))
    assert pending(st) is None and st.damage[far] == 1


def test_illusionist_ignores_a_summoners_attack(dice: Dice) -> None:
    st = fresh()
    grog = st.info.summoners[1]
    kyra = put(st, 0, "kyra", sq(6, 2))
    st.turn_player = 1
    dice(6, 6, 1, 1)
    st.apply_action(Attack(grog, kyra))
    assert pending(st) is None and st.damage[kyra] == 2


def test_whirling_blade_at_a_wall_behind_units_faq(dice: Dice) -> None:
    st = fresh()
    vio = put(st, 0, "violet", sq(2, 2))
    mid = put(st, 1, "gruggar", sq(3, 2))
    wall = put(st, 1, "wall", sq(5, 2))
    assert Attack(vio, wall) in st.legal_actions()
    dice(6, 6)
    st.apply_action(Attack(vio, wall))
    assert st.damage[wall] == 2 and st.damage[mid] == 2


def test_cover_takes_every_wound_even_beyond_the_units_life_faq(
    dice: Dice,
) -> None:
    st = fresh()
    adm = put(st, 0, "the-admiral", sq(3, 1))
    friend = put(st, 0, "scrapper", sq(3, 2))  # 2 life
    st.turn_player = 1
    foe = put(st, 1, "gruggar", sq(4, 2))
    st.damage[foe] = 2  # Wrath: 3 dice
    dice(6, 6, 6)
    st.apply_action(Attack(foe, friend))
    st.apply_action(YES)
    assert st.damage[adm] == 3 and st.damage[friend] == 0


def test_two_raids_on_one_thief_stack() -> None:
    st = fresh(EVENTS)
    first = to_hand(st, 0, "raid")
    thief = put(st, 0, "thief", sq(0, 5))
    st.apply_action(PlayEvent(first))
    st.apply_action(ChooseTarget(thief))
    st.discard_card(first)
    second = next(
        c
        for c in range(len(st.info.cards))
        if st.info.cards[c].slug == "raid" and c != first and st.info.owner[c] == 0
    )
    st.remove_from_zone(second)
    st.zone[second] = HAND
    st.hand[0].append(second)
    st.invalidate()
    st.apply_action(PlayEvent(second))
    st.apply_action(ChooseTarget(thief))
    st.apply_action(EndPhase())
    assert Move(thief, sq(7, 5)) in st.legal_actions()  # 2 + 3 + 3 spaces
