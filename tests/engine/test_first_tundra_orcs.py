"""Torgan's Tundra Orcs and the Rukar's Power Tundra Orcs of issue 17 (first edition,
research 2.2): one scenario per card on the first-edition bench (firstbench), dice
rigged (``scenario.Dice``: a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh, put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    YesNo,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.abilities.tundra_orcs import shift_paths
from engine.rulesets.first.piles import IN_PILE, pile_cards


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def torgan(phase: int = ATTACK) -> GameState:
    """Torgan (seat 0) against Queen Maldaria, events in the decks."""
    return fresh("torgan", "queen-maldaria", phase, events=True)


def grognack(phase: int = ATTACK, **kw: object) -> GameState:
    return fresh("grognack", "prince-elien", phase, events=True, **kw)  # type: ignore[arg-type]


@pytest.mark.covers("torgan.minor-ice-wall", ruleset="first")
def test_torgan_places_a_minor_ice_wall_once_per_turn_for_one_magic() -> None:
    st = torgan(EVENTS)
    tor = st.info.summoners[0]
    st.place(tor, sq(2, 2), 0)
    assert uses(st, "torgan.minor-ice-wall") == []  # no magic
    set_magic(st, 0, 2)
    acts = uses(st, "torgan.minor-ice-wall")
    assert sorted(a.option for a in acts) == sorted(
        [sq(1, 2), sq(3, 2), sq(2, 1), sq(2, 3)]
    )
    st.apply_action(next(a for a in acts if a.option == sq(3, 2)))
    wall = st.board[sq(3, 2)]
    assert st.info.cards[wall].slug == "minor-ice-wall" and st.ctrl[wall] == 0
    assert st.magic[0] == 1 and len(pile_cards(st, 0, "minor-ice-wall")) == 14
    assert uses(st, "torgan.minor-ice-wall") == []  # once per turn
    assert st.is_gate(wall) and st.life(wall) == 2  # summon next to it (R30)


def test_a_destroyed_minor_ice_wall_returns_to_the_pile_without_magic(
    dice: Dice,
) -> None:
    st = torgan(EVENTS)
    tor = st.info.summoners[0]
    st.place(tor, sq(2, 2), 0)
    set_magic(st, 0, 1)
    st.apply_action(uses(st, "torgan.minor-ice-wall")[0])
    wall = next(
        c for c in st.board if c >= 0 and st.info.cards[c].slug == "minor-ice-wall"
    )
    set_magic(st, 0, 0)
    set_magic(st, 1, 0)
    st.deal_damage(wall, 2, 1)
    assert st.zone[wall] == IN_PILE and st.magic == [0, 0] and st.damage[wall] == 0
    assert len(pile_cards(st, 0, "minor-ice-wall")) == 15


@pytest.mark.covers("bragg.cold-snap", ruleset="first")
def test_cold_snap_ice_walls_take_wounds_only_from_fives(dice: Dice) -> None:
    st = grognack(ATTACK, extra=("bragg",))
    st.turn_player = 1
    bragg = put(st, 0, "bragg", sq(0, 0))
    ice = put(st, 0, "ice-wall", sq(3, 3))
    wall = put(st, 0, "wall", sq(3, 4))
    elien = st.info.summoners[1]
    st.place(elien, sq(4, 3), 1)
    guard = put(st, 1, "guardian", sq(4, 4))
    dice(3, 4, 5)
    st.invalidate()
    st.apply_action(Attack(elien, ice))
    assert st.damage[ice] == 1  # only the 5
    dice(4)
    st.apply_action(Attack(guard, wall))
    assert st.damage[wall] == 1  # a plain wall: as usual
    # Freeze costs 3 to remove while Bragg is there
    st.turn_player = 0
    frozen = put(st, 0, "krung", sq(5, 5))  # (its controller may remove it)
    freeze = to_hand(st, 0, "freeze")
    st.put_under(freeze, frozen)
    set_magic(st, 0, 2)
    assert uses(st, "freeze.effect") == []
    set_magic(st, 0, 3)
    st.apply_action(uses(st, "freeze.effect")[0])
    assert st.magic[0] == 0 and st.zone[freeze] == DISCARD
    assert st.zone[bragg] == BOARD


@pytest.mark.covers("krom.ice-shatter", ruleset="first")
def test_ice_shatter_three_plus_wounds_each_unit_next_to_the_ice_wall(
    dice: Dice,
) -> None:
    st = torgan(ATTACK)
    krom = put(st, 0, "krom", sq(3, 0))
    enemy = put(st, 1, "duke-ramazall", sq(4, 0))
    ice = put(st, 0, "minor-ice-wall", sq(3, 3))
    near1 = put(st, 1, "fire-dancer", sq(4, 3))
    near2 = put(st, 0, "berserker-tundra-orcs", sq(3, 4))
    dice(1, 1, 4)  # attack misses, then the shatter roll: 4
    st.apply_action(Attack(krom, enemy))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(ice))
    st.apply_action(ChooseTarget(ice))
    assert st.damage[near1] == 1 and st.damage[near2] == 1 and st.damage[ice] == 0


def test_ice_shatter_one_or_two_wounds_the_ice_wall(dice: Dice) -> None:
    st = torgan(ATTACK)
    krom = put(st, 0, "krom", sq(3, 0))
    enemy = put(st, 1, "duke-ramazall", sq(4, 0))
    ice = put(st, 0, "minor-ice-wall", sq(3, 3))
    near = put(st, 1, "fire-dancer", sq(4, 3))
    dice(1, 1, 2)
    st.apply_action(Attack(krom, enemy))
    st.apply_action(ChooseTarget(ice))
    assert st.damage[ice] == 1 and st.damage[near] == 0


@pytest.mark.covers("charger.burst-of-speed", ruleset="first")
def test_burst_of_speed_rolls_once_per_turn_for_extra_spaces(dice: Dice) -> None:
    st = grognack(MOVE, extra=("charger",))
    charger = put(st, 0, "charger", sq(2, 0))
    dice(5)
    st.apply_action(Move(charger, sq(4, 0)))
    dec = pending(st)
    assert dec is not None and dec.ability == "charger.burst-of-speed"
    assert (
        ChooseSpace(sq(6, 0)) in dec.options
        and ChooseSpace(sq(7, 0)) not in dec.options
    )
    st.apply_action(ChooseSpace(sq(6, 0)))
    assert st.pos[charger] == sq(6, 0) and pending(st) is None  # once per turn


def test_burst_of_speed_one_space_on_three_nothing_on_two(dice: Dice) -> None:
    st = grognack(MOVE, extra=("charger",))
    a = put(st, 0, "charger", sq(2, 0))
    dice(3)
    st.apply_action(Move(a, sq(3, 0)))
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(4, 0)) in dec.options
    assert ChooseSpace(sq(5, 0)) not in dec.options
    st.apply_action(NO)
    st.flags.clear()  # another turn
    st.moved.clear()
    dice(2)
    st.apply_action(Move(a, sq(4, 0)))
    assert pending(st) is None


@pytest.mark.covers("crusher.devastating-swing", ruleset="first")
def test_devastating_swing_one_wound_per_miss(dice: Dice) -> None:
    st = torgan(ATTACK)
    crusher = put(st, 0, "crusher", sq(3, 3))  # 4 dice, 2 life
    enemy = put(st, 1, "duke-ramazall", sq(4, 3))
    dice(1, 3, 4, 5)
    st.apply_action(Attack(crusher, enemy))
    assert st.damage[enemy] == 3 and st.damage[crusher] == 1


def test_devastating_swing_lethal_misses_make_every_die_miss(dice: Dice) -> None:
    st = torgan(ATTACK)
    crusher = put(st, 0, "crusher", sq(3, 3))
    enemy = put(st, 1, "duke-ramazall", sq(4, 3))
    dice(1, 2, 6, 6)
    st.apply_action(Attack(crusher, enemy))
    assert st.damage[enemy] == 0 and st.zone[crusher] == MAGIC_PILE
    assert st.magic[0] == 1  # destroyed by its own ability: its player's magic


@pytest.mark.covers("ice-armor.effect", ruleset="first")
def test_ice_armor_may_remove_an_attacks_wounds(dice: Dice) -> None:
    st = torgan(EVENTS)
    crusher = put(st, 0, "crusher", sq(3, 3))
    armor = to_hand(st, 0, "ice-armor")
    st.apply_action(PlayEvent(armor))
    dec = pending(st)
    assert dec is not None and ChooseTarget(crusher) in dec.options
    assert ChooseTarget(st.info.summoners[0]) not in dec.options  # commons only
    st.apply_action(ChooseTarget(crusher))
    assert st.zone[armor] == UNDER and st.pos[armor] == crusher
    # Queen Maldaria's Fire Archer hits it once: not lethal, a choice
    st.turn_player, st.phase = 1, ATTACK
    archer = put(st, 1, "fire-archer", sq(3, 5))  # Precise: 1 wound
    dice(1)
    st.invalidate()
    st.apply_action(Attack(archer, crusher))
    assert st.damage[crusher] == 1
    dec = pending(st)
    assert dec is not None and dec.player == 0 and YesNo(True) in dec.options
    st.apply_action(YesNo(True))
    assert st.damage[crusher] == 0 and st.zone[armor] == DISCARD


def test_ice_armor_saves_the_unit_from_a_lethal_attack(dice: Dice) -> None:
    st = torgan(EVENTS)
    crusher = put(st, 0, "crusher", sq(3, 3))
    armor = to_hand(st, 0, "ice-armor")
    st.apply_action(PlayEvent(armor))
    st.apply_action(ChooseTarget(crusher))
    st.turn_player, st.phase = 1, ATTACK
    duke = put(st, 1, "duke-ramazall", sq(4, 3))  # Precise 2: lethal
    dice(1, 1)
    st.invalidate()
    st.apply_action(Attack(duke, crusher))
    assert st.zone[crusher] == BOARD and st.damage[crusher] == 0
    assert st.zone[armor] == DISCARD and pending(st) is None


@pytest.mark.covers("glacial-shift.effect", ruleset="first")
def test_glacial_shift_moves_ice_walls_through_commons(dice: Dice) -> None:
    st = torgan(EVENTS)
    ice = put(st, 0, "minor-ice-wall", sq(3, 0))
    wall = put(st, 0, "wall", sq(3, 5))  # not an Ice Wall: not offered
    common = put(st, 1, "fireling", sq(4, 0))
    champ = put(st, 1, "duke-ramazall", sq(3, 1))  # a champion blocks
    paths = shift_paths(st, ice)
    assert all(sq(3, 1) not in p for p in paths)
    ev = to_hand(st, 0, "glacial-shift")
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(ice)}
    st.apply_action(ChooseTarget(ice))
    dec = pending(st)
    through = (sq(4, 0), sq(5, 0))
    i = list(dec.data[3]).index(through)
    dice(4)
    st.apply_action(ChooseOption(i))
    assert st.pos[ice] == sq(5, 0) and st.zone[common] == MAGIC_PILE
    assert st.magic[0] == 1 and st.zone[champ] == BOARD and st.zone[wall] == BOARD
    assert pending(st) is None  # no other Ice Wall to move


@pytest.mark.covers("glacial-surge.effect", ruleset="first")
def test_glacial_surge_places_two_minor_ice_walls_next_to_torgan() -> None:
    st = torgan(EVENTS)
    tor = st.info.summoners[0]
    st.place(tor, sq(2, 2), 0)
    ev = to_hand(st, 0, "glacial-surge")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseSpace(sq(3, 2)))
    st.apply_action(ChooseSpace(sq(2, 1)))
    got = [st.info.cards[st.board[s]].slug for s in (sq(3, 2), sq(2, 1))]
    assert got == ["minor-ice-wall", "minor-ice-wall"] and pending(st) is None
    assert len(pile_cards(st, 0, "minor-ice-wall")) == 13


@pytest.mark.covers("for-glory.effect", ruleset="first")
def test_for_glory_commons_attack_again_after_the_attack_phase(dice: Dice) -> None:
    st = torgan(EVENTS)
    a = put(st, 0, "crusher", sq(3, 3))
    b = put(st, 0, "berserker-tundra-orcs", sq(3, 0))
    put(st, 0, "krom", sq(2, 2))  # a champion: not offered
    enemy = put(st, 1, "kaebeeros", sq(4, 3))
    ev = to_hand(st, 0, "for-glory")
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    assert st.phase == ATTACK
    dice(3, 3, 3, 3)
    st.apply_action(Attack(a, enemy))
    assert st.damage[enemy] == 4
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "for-glory.effect"
    assert set(dec.options) == {NO, ChooseTarget(a)}  # b has no target
    st.apply_action(ChooseTarget(a))
    dice(3, 4, 5, 6)
    st.apply_action(ChooseTarget(enemy))
    assert st.zone[enemy] == MAGIC_PILE and st.damage[a] == 1
    assert pending(st) is None and st.zone[b] == BOARD


def test_for_glory_wound_may_destroy_the_attacker_and_the_next_may_still_go(
    dice: Dice,
) -> None:
    st = torgan(EVENTS)
    a = put(st, 0, "berserker-tundra-orcs", sq(3, 3))  # 2 life
    b = put(st, 0, "shooter", sq(3, 0))
    st.damage[a] = 1
    enemy = put(st, 1, "kaebeeros", sq(4, 3))
    put(st, 1, "fire-dancer", sq(5, 0))
    ev = to_hand(st, 0, "for-glory")
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())  # no normal attack: For Glory still asks
    dec = pending(st)
    assert dec is not None and set(dec.options) == {
        NO,
        ChooseTarget(a),
        ChooseTarget(b),
    }
    dice(1, 1, 1)
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(enemy))
    assert st.zone[a] == MAGIC_PILE and st.magic[0] == 1  # its own wound, its own pile
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(b)}
    st.apply_action(NO)
    assert pending(st) is None and st.phase != ATTACK
