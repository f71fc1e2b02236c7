"""First-edition Benders (Tacullu's deck, research/first-edition.md 2.7.1): one
scenario per card, plus the control edge cases (a taken unit destroyed: who gains the
magic and where the card goes). Tacullu (seat 0, on d1) against Grognack (seat 1, on
c8); dice are rigged (a face is its number, a hit on 3+, R21)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand
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
    Summon,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, DECK, DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    return bench_fresh("tacullu", "grognack", phase, events=True)


def to_turn_of(st: GameState, player: int) -> None:
    """End phases (declining every "may") until ``player``'s turn has begun."""
    while st.turn_player != player:
        dec = pending(st)
        if dec is not None:
            st.apply_action(NO if NO in dec.options else dec.options[0])
        else:
            st.apply_action(EndPhase())


# ---------------------------------------------------------------- Tacullu
@pytest.mark.covers("tacullu.counter-summon", ruleset="first")
def test_counter_summon_pays_the_cost_to_discard_a_unit_once_per_turn() -> None:
    st = fresh()
    tac = st.info.summoners[0]
    assert st.pos[tac] == sq(0, 3)
    smasher = put(st, 1, "smasher", sq(3, 3))  # cost 2, 3 straight spaces away
    put(st, 1, "fighter-tundra-orcs", sq(0, 0))  # behind nothing, but 3 away: ok
    far = put(st, 1, "gruggar", sq(4, 3))  # behind the smasher: not in line
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "tacullu.counter-summon"
    assert ChooseTarget(far) not in dec.options and NO in dec.options
    st.apply_action(ChooseTarget(smasher))
    assert st.zone[smasher] == DISCARD and st.magic == [0, 0]
    assert st.phase != ATTACK


def test_counter_summon_needs_the_magic() -> None:
    st = fresh()
    put(st, 1, "smasher", sq(3, 3))
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    st.apply_action(EndPhase())
    assert pending(st) is None


# ---------------------------------------------------------------- Gulldune
@pytest.mark.covers("gulldune.mind-capture", ruleset="first")
def test_mind_capture_takes_control_instead_of_destroying(dice: Dice) -> None:
    st = fresh()
    gull = put(st, 0, "gulldune", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(5, 3))  # 2 life
    dice(6, 6)
    st.apply_action(Attack(gull, shaman))
    dec = pending(st)
    assert dec is not None and dec.ability == "gulldune.mind-capture"
    st.apply_action(YES)
    assert st.on_board(shaman) and st.ctrl[shaman] == 0 and st.damage[shaman] == 0
    assert st.magic == [0, 0]
    # control edge: the captured unit destroyed by its owner's attack goes to its
    # owner's magic pile: the destroyer's (R22)
    st.destroy(shaman, 1, -1)
    assert st.zone[shaman] == MAGIC_PILE and shaman in st.magic_pile[1]
    assert st.ctrl[shaman] == 1 and st.magic == [0, 1]


def test_mind_capture_declined_destroys_and_not_asked_when_not_lethal(
    dice: Dice,
) -> None:
    st = fresh()
    gull = put(st, 0, "gulldune", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    dice(6, 1)  # 1 wound: not lethal, nothing asked
    st.apply_action(Attack(gull, shaman))
    assert pending(st) is None and st.damage[shaman] == 1
    st.attacked.clear()
    st.invalidate()
    dice(6, 1)
    st.apply_action(Attack(gull, shaman))
    st.apply_action(NO)
    assert st.zone[shaman] == MAGIC_PILE and st.magic == [1, 0]


def test_mind_capture_never_the_summoner(dice: Dice) -> None:
    st = fresh()
    grog = st.info.summoners[1]
    gull = put(st, 0, "gulldune", sq(st.pos[grog] // 6 - 1, st.pos[grog] % 6))
    st.damage[grog] = 6
    dice(6, 6)
    st.apply_action(Attack(gull, grog))
    assert st.terminal and st.winner == 0


# ---------------------------------------------------------------- Gwalark
@pytest.mark.covers("gwalark.levitate", ruleset="first")
def test_levitate_lets_him_and_nearby_friends_move_through_cards() -> None:
    st = fresh(MOVE)
    gwa = put(st, 0, "gwalark", sq(2, 2))
    put(st, 1, "smasher", sq(3, 2))
    friend = put(st, 0, "controller", sq(2, 4))  # 2 away
    put(st, 1, "shaman-tundra-orcs", sq(3, 4))
    far = put(st, 0, "deceiver", sq(2, 0))  # 2 away, moves through too
    put(st, 1, "fighter-tundra-orcs", sq(3, 0))
    loner = put(st, 0, "breaker", sq(6, 5))  # far away
    put(st, 1, "shooter", sq(5, 5))
    moves = [a for a in st.legal_actions() if isinstance(a, Move)]
    assert any(m.unit == gwa and m.to == sq(4, 2) for m in moves)
    assert any(m.unit == friend and m.to == sq(4, 4) for m in moves)
    assert any(m.unit == far and m.to == sq(4, 0) for m in moves)
    assert not any(m.unit == loner and m.to == sq(4, 5) for m in moves)
    st.apply_action(next(m for m in moves if m.unit == gwa and m.to == sq(4, 2)))
    assert st.pos[gwa] == sq(4, 2)


# ---------------------------------------------------------------- Kalal
@pytest.mark.covers("kalal.glimpse-the-future", ruleset="first")
def test_glimpse_the_future_puts_two_of_the_top_four_on_the_bottom() -> None:
    st = fresh(MOVE)
    kalal = put(st, 0, "kalal", sq(2, 2))
    deck = st.deck[1]
    top4 = deck[-4:]
    st.apply_action(Move(kalal, sq(3, 2)))
    dec = pending(st)
    assert dec is not None and dec.ability == "kalal.glimpse-the-future"
    st.apply_action(ChooseOption(1))
    st.apply_action(ChooseTarget(top4[3]))  # the top card to the bottom
    st.apply_action(ChooseTarget(top4[0]))
    st.apply_action(ChooseTarget(top4[1]))  # on top of the two left
    assert deck[0] == top4[0] and deck[1] == top4[3]
    assert deck[-1] == top4[1] and deck[-2] == top4[2]
    assert pending(st) is None
    st.apply_action(EndPhase())
    assert st.phase == ATTACK


def test_glimpse_is_once_per_turn() -> None:
    st = fresh(MOVE)
    kalal = put(st, 0, "kalal", sq(2, 2))
    st.apply_action(Move(kalal, sq(3, 2)))
    st.apply_action(ChooseOption(0))
    while pending(st) is not None:
        st.apply_action(pending(st).options[0])  # type: ignore[union-attr]
    st.moved.clear()
    st.invalidate()
    st.apply_action(Move(kalal, sq(4, 2)))
    assert pending(st) is None


# ---------------------------------------------------------------- Kalu / Talu
@pytest.mark.covers("kalu.mind-link", "talu.mind-link", ruleset="first")
def test_mind_link_places_the_twin_and_shares_attack_wounds(dice: Dice) -> None:
    st = fresh(SUMMON)
    put(st, 0, "wall", sq(2, 2))
    kalu = to_hand(st, 0, "kalu")
    talu = next(c for c in range(len(st.info.cards)) if st.info.cards[c].slug == "talu")
    assert st.zone[talu] == DECK and st.info.owner[talu] == 0
    set_magic(st, 0, 6)
    set_magic(st, 1, 0)
    st.apply_action(Summon(kalu, sq(2, 1)))
    dec = pending(st)
    assert dec is not None and dec.ability == "kalu.mind-link"
    st.apply_action(ChooseSpace(sq(1, 1)))
    assert st.pos[talu] == sq(1, 1) and st.ctrl[talu] == 0 and st.magic == [0, 0]
    # wounds from an attack on Talu go on Kalu too
    st.turn_player, st.phase = 1, ATTACK
    foe = put(st, 1, "gruggar", sq(1, 0))
    dice(6)
    st.apply_action(Attack(foe, talu))
    assert st.damage[talu] == 1 and st.damage[kalu] == 1


def test_mind_link_twin_destroyed_by_the_link_feeds_its_controller(
    dice: Dice,
) -> None:
    st = fresh()
    kalu = put(st, 0, "kalu", sq(3, 1))
    talu = put(st, 0, "talu", sq(3, 2))
    st.damage[kalu] = 5
    st.damage[talu] = 5
    st.turn_player = 1
    enemy = put(st, 1, "gruggar", sq(3, 0))
    dice(6)
    st.apply_action(Attack(enemy, kalu))
    assert st.zone[kalu] == MAGIC_PILE and st.zone[talu] == MAGIC_PILE
    assert st.magic == [1, 1]  # Kalu to the attacker, Talu to its controller


# ---------------------------------------------------------------- Sorgwen
@pytest.mark.covers("sorgwen.telepathic-command", ruleset="first")
def test_telepathic_command_a_common_attacks_again(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "sorgwen", sq(2, 2))
    ctl = put(st, 0, "controller", sq(2, 4))
    enemy = put(st, 1, "gruggar", sq(4, 4))
    dice(6, 6)
    st.apply_action(Attack(ctl, enemy))
    while pending(st) is not None:  # Telekinetic Blast: decline
        st.apply_action(NO)
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "sorgwen.telepathic-command"
    st.apply_action(ChooseTarget(ctl))
    dice(6, 6)
    st.apply_action(ChooseTarget(enemy))
    assert st.damage[enemy] == 4


# ---------------------------------------------------------------- Breaker
@pytest.mark.covers("breaker.memory-break", ruleset="first")
def test_memory_break_owner_pays_to_keep_or_the_card_is_discarded(
    dice: Dice,
) -> None:
    st = fresh()
    brk = put(st, 0, "breaker", sq(3, 3))
    enemy = put(st, 1, "gruggar", sq(4, 3))
    set_magic(st, 0, 0)
    set_magic(st, 1, 1)
    top = st.deck[1][-1]
    dice(1)
    st.apply_action(Attack(brk, enemy))
    dec = pending(st)
    assert dec is not None and dec.player == 1
    st.apply_action(YES)
    assert st.deck[1][0] == top and st.magic == [0, 0]
    st.attacked.clear()
    st.invalidate()
    top = st.deck[1][-1]
    dice(1)
    st.apply_action(Attack(brk, enemy))  # no magic left: discarded at once
    assert pending(st) is None and st.zone[top] == DISCARD


# ---------------------------------------------------------------- Controller
@pytest.mark.covers("controller.telekinetic-blast", ruleset="first")
def test_telekinetic_blast_moves_a_unit_within_two_one_space(dice: Dice) -> None:
    st = fresh()
    ctl = put(st, 0, "controller", sq(2, 2))
    other = put(st, 0, "controller", sq(2, 3))
    enemy = put(st, 1, "gruggar", sq(4, 2))
    dice(1, 1)
    st.apply_action(Attack(ctl, enemy))
    dec = pending(st)
    assert dec is not None and ChooseTarget(enemy) in dec.options
    assert ChooseTarget(other) not in dec.options  # never a Controller
    st.apply_action(ChooseTarget(enemy))
    st.apply_action(ChooseSpace(sq(5, 2)))
    assert st.pos[enemy] == sq(5, 2)


# ---------------------------------------------------------------- Deceiver
@pytest.mark.covers("deceiver.stun", ruleset="first")
def test_stun_enemy_commons_next_to_it_as_their_turn_begins(dice: Dice) -> None:
    st = fresh(MOVE)
    dec_ = put(st, 0, "deceiver", sq(3, 3))
    stunned = put(st, 1, "shaman-tundra-orcs", sq(4, 3))
    free = put(st, 1, "fighter-tundra-orcs", sq(6, 0))
    champ = put(st, 1, "gruggar", sq(3, 4))  # a champion: not stunned
    to_turn_of(st, 1)
    st.discard_card(dec_)  # the Deceiver leaves: the stun lasts
    while st.phase != MOVE:
        st.apply_action(EndPhase())
    st.invalidate()
    units = {a.unit for a in st.legal_actions() if isinstance(a, Move)}
    assert stunned not in units and free in units and champ in units
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    target = put(st, 0, "controller", sq(5, 3))
    attackers = {a.attacker for a in st.legal_actions() if isinstance(a, Attack)}
    assert stunned not in attackers and st.on_board(target)


# ---------------------------------------------------------------- Mind Witch
@pytest.mark.covers("mind-witch.mimic", ruleset="first")
def test_mimic_the_witch_has_the_enemy_units_abilities_this_turn(
    dice: Dice,
) -> None:
    from engine.rulesets.first.abilities.benders import is_named

    st = fresh(EVENTS)
    witch = put(st, 0, "mind-witch", sq(3, 3))
    rukar = put(st, 1, "rukar", sq(5, 3))  # Power Surge: 5+ counts as 2 hits
    target = put(st, 1, "gruggar", sq(3, 4))
    st.apply_action(EndPhase())  # to the movement phase: the witch picks
    dec = pending(st)
    assert dec is not None and dec.ability == "mind-witch.mimic"
    assert NO not in dec.options and ChooseTarget(target) in dec.options
    st.apply_action(ChooseTarget(rukar))
    assert is_named(st, witch, "rukar")
    st.apply_action(EndPhase())
    dice(5, 6)
    st.apply_action(Attack(witch, target))
    assert st.damage[target] == 4


# ---------------------------------------------------------------- Parasite
@pytest.mark.covers("parasite.life-drain", ruleset="first")
def test_life_drain_removes_a_wound_after_destroying_a_unit(dice: Dice) -> None:
    st = fresh()
    par = put(st, 0, "parasite", sq(3, 3))
    st.damage[par] = 1
    foe = put(st, 1, "fighter-tundra-orcs", sq(4, 3))
    dice(6)
    st.apply_action(Attack(par, foe))
    assert st.zone[foe] == MAGIC_PILE and st.damage[par] == 0


# ---------------------------------------------------------------- events
@pytest.mark.covers("mind-control.effect", ruleset="first")
def test_mind_control_pays_the_cost_of_a_common_on_your_side() -> None:
    st = fresh(EVENTS)
    mc = to_hand(st, 0, "mind-control")
    near = put(st, 1, "smasher", sq(3, 1))  # my side (rows 1-4), cost 2
    put(st, 1, "shaman-tundra-orcs", sq(4, 1))  # their side
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    assert PlayEvent(mc) not in st.legal_actions()  # cannot pay 2
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    st.apply_action(PlayEvent(mc))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(near),)
    st.apply_action(ChooseTarget(near))
    assert st.ctrl[near] == 0 and st.magic == [0, 0]
    # control stays after the turn ends (a permanent change)
    to_turn_of(st, 1)
    to_turn_of(st, 0)
    assert st.ctrl[near] == 0
    # destroyed by me: to my magic pile (R22)
    st.destroy(near, 0, -1)
    assert st.magic_pile[0] == [near] and st.magic[0] == 1


@pytest.mark.covers("mimic.effect", ruleset="first")
def test_mimic_event_takes_a_non_wall_event_from_the_opponents_hand() -> None:
    st = fresh(EVENTS)
    mim = to_hand(st, 0, "mimic")
    freeze = to_hand(st, 1, "freeze")
    ice = to_hand(st, 1, "ice-wall")
    st.apply_action(PlayEvent(mim))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(freeze),)
    assert ChooseTarget(ice) not in dec.options
    st.apply_action(ChooseTarget(freeze))
    assert freeze in st.hand[0] and freeze not in st.hand[1]
    assert st.zone[freeze] == HAND and st.ctrl[freeze] == 0
    assert PlayEvent(freeze) in st.legal_actions()  # mine to play
    st.apply_action(PlayEvent(freeze))
    assert freeze in st.discard[1] or st.zone[freeze] != BOARD


# ---------------------------------------------------------------- edge cases
def test_mimic_with_no_enemy_within_three_asks_nothing() -> None:
    st = fresh(EVENTS)
    put(st, 0, "mind-witch", sq(1, 0))
    put(st, 1, "gruggar", sq(6, 5))
    st.apply_action(EndPhase())
    assert pending(st) is None and st.phase == MOVE


def test_memory_break_not_after_attacking_a_captured_unit(dice: Dice) -> None:
    st = fresh()
    brk = put(st, 0, "breaker", sq(3, 3))
    mine = put(st, 1, "gruggar", sq(4, 3))
    st.set_controller(mine, 0)  # taken: no longer an enemy
    top = st.deck[1][-1]
    dice(1)
    st.apply_action(Attack(brk, mine))
    assert pending(st) is None and st.zone[top] == DECK


def test_stun_does_not_touch_the_deceivers_own_side(dice: Dice) -> None:
    st = fresh(MAGIC)
    put(st, 0, "deceiver", sq(3, 3))
    friend = put(st, 0, "controller", sq(3, 4))
    to_turn_of(st, 1)
    to_turn_of(st, 0)
    while st.phase != MOVE:
        st.apply_action(EndPhase())
    assert any(isinstance(a, Move) and a.unit == friend for a in st.legal_actions())


def test_mind_capture_is_for_good_even_after_gulldune_leaves(dice: Dice) -> None:
    st = fresh()
    gull = put(st, 0, "gulldune", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(4, 3))
    dice(6, 6)
    st.apply_action(Attack(gull, shaman))
    st.apply_action(YES)
    st.destroy(gull, 1, -1)
    to_turn_of(st, 1)
    to_turn_of(st, 0)
    assert st.ctrl[shaman] == 0 and st.on_board(shaman)


def test_stun_two_deceivers_one_trigger_no_ordering_asked() -> None:
    st = fresh(MAGIC)
    put(st, 0, "deceiver", sq(3, 0))
    put(st, 0, "deceiver", sq(3, 5))
    a = put(st, 1, "shaman-tundra-orcs", sq(4, 0))
    b = put(st, 1, "fighter-tundra-orcs", sq(3, 4))
    st.apply_action(EndPhase())  # seat 1's turn begins
    assert st.turn_player == 1 and pending(st) is None
    while st.phase != MOVE:
        st.apply_action(EndPhase())
    units = {m.unit for m in st.legal_actions() if isinstance(m, Move)}
    assert a not in units and b not in units


@pytest.mark.parametrize("cover", [True, False])
def test_mind_capture_waits_for_the_admirals_cover_faq(dice: Dice, cover: bool) -> None:
    st = bench_fresh("tacullu", "vlox", ATTACK, events=True)
    gull = put(st, 0, "gulldune", sq(3, 3))
    scr = put(st, 1, "scrapper", sq(5, 3))  # 2 life
    adm = put(st, 1, "the-admiral", sq(5, 4))
    dice(6, 6)
    st.apply_action(Attack(gull, scr))
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order"
    pairs = zip(dec.options, dec.data, strict=True)
    first = next(o for o, t in pairs if t.ability == "gulldune.mind-capture")
    st.apply_action(first)  # Mind Capture picked first: Cover still goes first
    dec = pending(st)
    assert dec is not None and dec.ability == "the-admiral.cover" and dec.player == 1
    st.apply_action(YES if cover else NO)
    if cover:
        assert pending(st) is None
        assert st.damage[adm] == 2 and st.damage[scr] == 0 and st.ctrl[scr] == 1
    else:
        dec = pending(st)
        assert dec is not None and dec.ability == "gulldune.mind-capture"
        st.apply_action(YES)
        assert st.ctrl[scr] == 0 and st.damage[scr] == 0 and st.damage[adm] == 0
