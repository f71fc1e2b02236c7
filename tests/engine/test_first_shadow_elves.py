"""The first edition's Shadow Elves (Selundar's deck, research/first-edition.md 2.7.9),
one scenario per card at least, on a real first-edition game cleared to the summoners
(Selundar on a1... f1, Prince Elien on d8). Dice are rigged (``scenario.Dice``): a face
is its number, a hit on 3+ (R21); an empty queue rolls blanks (misses)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, end_phases, end_turn, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    Summon,
    YesNo,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.responses import WINDOW


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    """Shadow Elves (seat 0, to act; Selundar on f1) against Phoenix Elves (Prince
    Elien on d8), events in the decks."""
    return bench_fresh("selundar", "prince-elien", phase, events=True)


def to_next_turn(st: GameState) -> None:
    """End this turn and the opponent's: seat 0's next turn begins (summon phase)."""
    end_turn(st)
    end_turn(st)
    assert st.turn_player == 0 and st.phase == SUMMON


# ------------------------------------------------------------------ Selundar
@pytest.mark.covers("selundar.out-of-shadows", ruleset="first")
def test_out_of_shadows_adds_two_against_an_adjacent_unit(dice: Dice) -> None:
    st = fresh(MOVE)
    sel = st.info.summoners[0]
    to_next_turn(st)
    enemy = put(st, 1, "warrior-phoenix-elves", sq(1, 5))  # arrives after turn start
    end_phases(st, 3)
    assert st.phase == ATTACK
    st.apply_action(Attack(sel, enemy))
    assert dice.sizes[-1] == 4  # 2 + 2


@pytest.mark.covers("selundar.out-of-shadows", ruleset="first")
def test_out_of_shadows_not_when_an_enemy_was_adjacent_at_turn_start(
    dice: Dice,
) -> None:
    st = fresh(MOVE)
    sel = st.info.summoners[0]
    enemy = put(st, 1, "warrior-phoenix-elves", sq(1, 5))
    to_next_turn(st)
    end_phases(st, 3)
    st.apply_action(Attack(sel, enemy))
    assert dice.sizes[-1] == 2


# ------------------------------------------------------------------ champions
@pytest.mark.covers("hydrake.assault", ruleset="first")
def test_assault_attacks_every_adjacent_enemy_unit(dice: Dice) -> None:
    st = fresh()
    hyd = put(st, 0, "hydrake", sq(3, 2))
    a = put(st, 1, "rahlee", sq(4, 2))
    b = put(st, 1, "archer-phoenix-elves", sq(3, 3))
    wall = put(st, 1, "wall", sq(3, 1))  # not a unit: never in the assault
    dice(3, 1, 1, 4, 4, 4)
    st.apply_action(Attack(hyd, a))
    assert st.damage[a] == 1
    dec = pending(st)
    assert dec is not None and dec.ability == "hydrake.assault"
    assert dec.options == (NO, YesNo(True))
    st.apply_action(YesNo(True))
    assert st.zone[b] == MAGIC_PILE  # 3 hits on a 1-life archer
    assert st.damage[wall] == 0 and st.attacked == [hyd]
    assert pending(st) is None


@pytest.mark.covers("hydrake.assault", ruleset="first")
def test_assault_declined_attacks_only_the_first() -> None:
    st = fresh()
    hyd = put(st, 0, "hydrake", sq(3, 2))
    a = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    put(st, 1, "archer-phoenix-elves", sq(3, 3))
    st.apply_action(Attack(hyd, a))
    st.apply_action(NO)
    assert pending(st) is None
    assert Attack(hyd, a) not in st.legal_actions()


@pytest.mark.covers("kuldrid.wither", ruleset="first")
def test_wither_pay_or_wound_when_kuldrid_destroyed_nothing(dice: Dice) -> None:
    st = fresh()
    kul = put(st, 0, "kuldrid", sq(3, 2))
    enemy = put(st, 1, "guardian", sq(5, 2))
    sel = st.info.summoners[0]
    set_magic(st, 0, 2)
    st.apply_action(Attack(kul, enemy))  # blanks: no kill
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "kuldrid.wither"
    st.apply_action(ChooseOption(0))
    assert st.magic[0] == 1 and st.damage[sel] == 0
    # no magic: the summoner is wounded, nothing asked
    st2 = fresh()
    kul = put(st2, 0, "kuldrid", sq(3, 2))
    st2.apply_action(EndPhase())
    assert pending(st2) is None
    assert st2.damage[st2.info.summoners[0]] == 1


@pytest.mark.covers("kuldrid.wither", ruleset="first")
def test_wither_not_after_a_kill(dice: Dice) -> None:
    st = fresh()
    kul = put(st, 0, "kuldrid", sq(3, 2))
    enemy = put(st, 1, "archer-phoenix-elves", sq(5, 2))
    dice(6, 6, 6)
    st.apply_action(Attack(kul, enemy))
    assert st.zone[enemy] == MAGIC_PILE
    st.apply_action(EndPhase())
    assert pending(st) is None and st.damage[st.info.summoners[0]] == 0


@pytest.mark.covers("malidala.shadow-dancer", ruleset="first")
def test_shadow_dancer_ignores_one_die_the_first_attack_each_turn(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    mal = put(st, 0, "malidala", sq(3, 2))
    w1 = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    w2 = put(st, 1, "fire-drake", sq(3, 3))
    dice(5, 1)
    st.apply_action(Attack(w1, mal))
    dec = pending(st)
    assert dec is not None and dec.player == 0
    assert dec.options == (ChooseOption(5), ChooseOption(1))
    st.apply_action(ChooseOption(5))
    assert st.damage[mal] == 0
    dice(5, 4)  # second attack this turn: no die ignored
    st.apply_action(Attack(w2, mal))
    assert pending(st) is None and st.damage[mal] == 2


@pytest.mark.covers("malidala.shadow-dancer", ruleset="first")
def test_shadow_dancer_does_nothing_against_precise(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    mal = put(st, 0, "malidala", sq(3, 2))
    g = put(st, 1, "guardian", sq(4, 2))  # Precise
    st.apply_action(Attack(g, mal))
    assert pending(st) is None
    assert st.damage[mal] == 1  # the guardian's one die as a wound


@pytest.mark.covers("melek.rider", ruleset="first")
def test_rider_moves_up_to_seven_clear_straight_spaces() -> None:
    st = fresh(MOVE)
    mel = put(st, 0, "melek", sq(0, 1))
    put(st, 1, "guardian", sq(6, 1))
    opts = {a.option for a in uses(st, "melek.rider")}
    assert opts == {sq(3, 1), sq(4, 1), sq(5, 1), sq(0, 4)}  # 3+ spaces, clear
    act = next(a for a in uses(st, "melek.rider") if a.option == sq(5, 1))
    st.apply_action(act)
    assert st.pos[mel] == sq(5, 1) and mel in st.moved
    assert not uses(st, "melek.rider")


@pytest.mark.covers("taliya.return-spirit", ruleset="first")
def test_return_spirit_returns_an_adjacent_common_to_hand() -> None:
    st = fresh(ATTACK)
    tal = put(st, 0, "taliya", sq(3, 2))
    enemy = put(st, 1, "guardian", sq(4, 2))
    put(st, 1, "fire-drake", sq(3, 3))  # a champion: not offered
    st.damage[enemy] = 1
    st.apply_action(EndPhase())  # attack -> magic
    st.apply_action(EndPhase())  # end of turn
    dec = pending(st)
    assert dec is not None and dec.ability == "taliya.return-spirit"
    assert dec.options == (NO, ChooseTarget(enemy))
    st.apply_action(ChooseTarget(enemy))
    assert st.zone[enemy] == HAND and enemy in st.hand[1] and st.damage[enemy] == 0
    assert st.on_board(tal)


@pytest.mark.covers("xaserbane.sneak", ruleset="first")
def test_sneak_four_spaces_when_alone_then_nobody_else_moves() -> None:
    st = fresh(MOVE)
    xas = put(st, 0, "xaserbane", sq(0, 0))
    sw = put(st, 0, "swordsman", sq(1, 3))
    assert Move(xas, sq(4, 0), -1) in st.legal_actions()
    st.apply_action(Move(xas, sq(4, 0), -1))
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == sw]


@pytest.mark.covers("xaserbane.sneak", ruleset="first")
def test_sneak_only_two_spaces_after_another_unit_moved() -> None:
    st = fresh(MOVE)
    xas = put(st, 0, "xaserbane", sq(0, 0))
    sw = put(st, 0, "swordsman", sq(1, 3))
    st.apply_action(Move(sw, sq(2, 3), -1))
    dests = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == xas}
    assert sq(2, 0) in dests and sq(3, 0) not in dests


# ------------------------------------------------------------------ commons
@pytest.mark.covers("blade-master.swift-strike", ruleset="first")
def test_swift_strike_attacks_once_more_once_per_turn(dice: Dice) -> None:
    st = fresh()
    bm = put(st, 0, "blade-master", sq(3, 2))
    enemy = put(st, 1, "rahlee", sq(4, 2))
    dice(6, 6)
    st.apply_action(Attack(bm, enemy))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, Attack(bm, enemy))
    st.apply_action(Attack(bm, enemy))
    assert st.damage[enemy] == 2
    assert pending(st) is None  # once per turn
    assert st.attacked == [bm]


@pytest.mark.covers("hunter-shadow-elves.shadow-step", ruleset="first")
def test_shadow_step_places_the_summoned_hunter_next_to_a_shadow_elf() -> None:
    st = fresh(SUMMON)
    put(st, 0, "wall", sq(1, 0))
    sw = put(st, 0, "swordsman", sq(3, 4))
    hunter = to_hand(st, 0, "hunter-shadow-elves")
    set_magic(st, 0, 2)
    st.apply_action(Summon(hunter, sq(2, 0)))
    dec = pending(st)
    assert (
        dec is not None and ChooseSpace(sq(4, 4)) in dec.options and NO in dec.options
    )
    st.apply_action(ChooseSpace(sq(4, 4)))
    assert st.pos[hunter] == sq(4, 4) and st.magic[0] == 0
    assert st.on_board(sw)


@pytest.mark.covers("ranger.shadow-arrows", ruleset="first")
def test_shadow_arrows_takes_the_space_then_pays_for_another_attack(
    dice: Dice,
) -> None:
    st = fresh()
    ranger = put(st, 0, "ranger", sq(2, 2))
    first = put(st, 1, "archer-phoenix-elves", sq(4, 2))
    second = put(st, 1, "archer-phoenix-elves", sq(5, 2))
    set_magic(st, 0, 1)
    dice(5)
    st.apply_action(Attack(ranger, first))
    assert st.zone[first] == MAGIC_PILE
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseSpace(sq(4, 2)))
    st.apply_action(ChooseSpace(sq(4, 2)))
    assert st.pos[ranger] == sq(4, 2)
    dec = pending(st)
    assert dec is not None and ChooseTarget(second) in dec.options
    dice(6)
    st.apply_action(ChooseTarget(second))
    assert st.zone[second] == MAGIC_PILE and st.magic[0] == 2  # +1, -1 paid, +1
    assert pending(st) is None  # once per turn


@pytest.mark.covers("scout.scout", ruleset="first")
def test_scout_on_the_opponent_side_lets_one_more_unit_move() -> None:
    st = fresh(MOVE)
    put(st, 0, "scout", sq(4, 0))
    put(st, 0, "scout", sq(5, 5))
    units = [put(st, 0, "swordsman", sq(1, c)) for c in range(5)]
    end_turn(st)
    end_turn(st)
    while (dec := pending(st)) is not None:  # the turn player orders triggers (R33)
        assert dec.ability == "core.order"
        st.apply_action(dec.options[0])
    end_phases(st, 2)
    assert st.phase == MOVE
    for u in units:
        st.apply_action(Move(u, st.pos[u] + 6, -1))
    assert len(st.moved) == 5
    assert not [a for a in st.legal_actions() if isinstance(a, Move)]


@pytest.mark.covers("swordsman.swift", ruleset="first")
def test_swift_moves_three_spaces() -> None:
    st = fresh(MOVE)
    sw = put(st, 0, "swordsman", sq(1, 0))
    assert Move(sw, sq(4, 0), -1) in st.legal_actions()
    assert Move(sw, sq(5, 0), -1) not in st.legal_actions()


# ------------------------------------------------------------------ events
@pytest.mark.covers("shadows.effect", ruleset="first")
def test_shadows_answers_a_destruction_by_the_opponent(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    sw = put(st, 0, "swordsman", sq(3, 2))
    enemy = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    shadows = to_hand(st, 0, "shadows")
    assert PlayEvent(shadows) not in st.legal_actions()
    dice(6, 6)
    st.apply_action(Attack(enemy, sw))
    assert st.zone[sw] == MAGIC_PILE and st.magic == [0, 1]
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, PlayEvent(shadows))
    st.apply_action(PlayEvent(shadows))
    # the Swordsman itself, from the top of their pile to the top of mine
    assert st.magic_pile == [[sw], []] and st.magic == [1, 0]
    assert st.zone[shadows] == DISCARD
    assert pending(st) is None


@pytest.mark.covers("shadows.effect", ruleset="first")
def test_shadows_not_offered_for_a_summoner_or_own_destruction(dice: Dice) -> None:
    st = fresh()
    sw = put(st, 0, "swordsman", sq(3, 2))
    put(st, 0, "blade-master", sq(4, 2))
    to_hand(st, 0, "shadows")
    dice(6, 6)
    st.apply_action(Attack(st.board[sq(4, 2)], sw))  # own unit destroys it
    assert st.zone[sw] == MAGIC_PILE and pending(st) is None


def test_shadows_declined_leaves_the_magic(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    sw = put(st, 0, "swordsman", sq(3, 2))
    enemy = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    shadows = to_hand(st, 0, "shadows")
    dice(6, 6)
    st.apply_action(Attack(enemy, sw))
    st.apply_action(NO)
    assert st.magic == [0, 1] and st.zone[shadows] == HAND


@pytest.mark.covers("summon-the-night.effect", ruleset="first")
def test_summon_the_night_slows_the_opponent_next_turn() -> None:
    st = fresh(EVENTS)
    night = to_hand(st, 0, "summon-the-night")
    arch = put(st, 1, "archer-phoenix-elves", sq(5, 2))
    target = put(st, 0, "swordsman", sq(3, 2))
    war = put(st, 1, "warrior-phoenix-elves", sq(5, 4))
    st.apply_action(PlayEvent(night))
    end_turn(st)
    assert st.turn_player == 1
    end_phases(st, 2)
    assert st.phase == MOVE
    dests = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == war}
    assert dests == {sq(4, 4), sq(6, 4), sq(5, 3), sq(5, 5)}
    st.apply_action(EndPhase())
    assert Attack(arch, target) not in st.legal_actions()  # 2 away: not adjacent
    end_turn(st)
    end_turn(st)  # their next-but-one turn: back to normal
    end_phases(st, 2)
    dests = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == war}
    assert sq(3, 4) in dests


@pytest.mark.covers("stalking-advance.effect", ruleset="first")
def test_stalking_advance_moves_each_shadow_elf_one_space() -> None:
    st = fresh(EVENTS)
    adv = to_hand(st, 0, "stalking-advance")
    a = put(st, 0, "swordsman", sq(1, 1))
    b = put(st, 0, "scout", sq(1, 3))
    st.apply_action(PlayEvent(adv))
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) in dec.options
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseSpace(sq(2, 1)))
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) not in dec.options
    st.apply_action(ChooseTarget(b))
    st.apply_action(ChooseSpace(sq(2, 3)))
    sel = st.info.summoners[0]
    st.apply_action(ChooseTarget(sel))
    st.apply_action(ChooseSpace(sq(1, 5)))
    assert pending(st) is None
    assert (st.pos[a], st.pos[b], st.pos[sel]) == (sq(2, 1), sq(2, 3), sq(1, 5))
    assert st.moved == []  # not among the 3 moves


@pytest.mark.covers("into-darkness.effect", ruleset="first")
def test_into_darkness_discards_two_cheap_commons_when_outnumbered() -> None:
    st = fresh(EVENTS)
    dark = to_hand(st, 0, "into-darkness")
    a = put(st, 1, "warrior-phoenix-elves", sq(5, 0))
    b = put(st, 1, "archer-phoenix-elves", sq(5, 1))
    champ = put(st, 1, "fire-drake", sq(5, 3))
    assert PlayEvent(dark) in st.legal_actions()
    st.apply_action(PlayEvent(dark))
    dec = pending(st)
    assert dec is not None and ChooseTarget(champ) not in dec.options
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(b))
    assert st.zone[a] == DISCARD and st.zone[b] == DISCARD and st.magic == [0, 0]
    assert st.on_board(champ)


def test_into_darkness_needs_fewer_units() -> None:
    st = fresh(EVENTS)
    dark = to_hand(st, 0, "into-darkness")
    put(st, 1, "warrior-phoenix-elves", sq(5, 0))
    put(st, 0, "swordsman", sq(1, 0))
    assert PlayEvent(dark) not in st.legal_actions()


def test_shadow_step_once_per_turn() -> None:
    st = fresh(SUMMON)
    put(st, 0, "wall", sq(1, 0))
    put(st, 0, "swordsman", sq(3, 4))
    first = to_hand(st, 0, "hunter-shadow-elves")
    set_magic(st, 0, 4)
    st.apply_action(Summon(first, sq(2, 0)))
    st.apply_action(ChooseSpace(sq(4, 4)))
    st.remove_from_zone(first)  # (the bench has one Hunter: summon it again)
    st.zone[first] = HAND
    st.hand[0].append(first)
    st.invalidate()
    st.apply_action(Summon(first, sq(2, 0)))
    assert pending(st) is None and st.pos[first] == sq(2, 0)


def test_shadows_not_for_a_shadow_elf_the_opponent_controlled(dice: Dice) -> None:
    """Control changes: a Swordsman the opponent took (e.g. Blazing Conscription) is
    not "a unit you control" when it is destroyed."""
    st = fresh()
    sw = put(st, 0, "swordsman", sq(3, 2))
    st.set_controller(sw, 1)
    bm = put(st, 0, "blade-master", sq(4, 2))
    to_hand(st, 0, "shadows")
    dice(6)
    st.apply_action(Attack(bm, sw))
    assert st.zone[sw] == MAGIC_PILE
    dec = pending(st)
    assert dec is None or dec.ability != WINDOW


def test_kuldrid_destroyed_before_the_phase_ends_asks_nothing() -> None:
    st = fresh()
    kul = put(st, 0, "kuldrid", sq(3, 2))
    st.destroy(kul, 1)
    st.apply_action(EndPhase())
    assert pending(st) is None and st.damage[st.info.summoners[0]] == 0


def test_summon_the_night_also_limits_a_rider() -> None:
    """Two effects on one move: Rider's 7 spaces under Summon the Night's 1."""
    st = fresh(MOVE)
    mel = put(st, 0, "melek", sq(0, 1))
    assert uses(st, "melek.rider")
    st.discard_card(to_hand(st, 0, "summon-the-night"))  # in a discard pile
    st.notes = {**st.notes, "first.summon-the-night.0": st.turn}  # on this turn
    st.invalidate()
    assert not uses(st, "melek.rider")
    dests = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == mel}
    assert dests == {sq(1, 1), sq(0, 0), sq(0, 2)}
