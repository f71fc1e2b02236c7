"""Mountain Vargath (first edition; research/first-edition.md 2.7.7): one scenario per
card on a real first-edition game whose battlefield is cleared to the summoners
(:mod:`firstbench`). Seat 0 plays Sunderved (on d2), seat 1 Abua Shi's Jungle Elves
(Abua Shi on d7). Dice are rigged (a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, end_turn, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import HAND


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    st = bench_fresh("sunderved", "abua-shi", phase, events=True)
    assert st.pos[st.info.summoners[0]] == sq(1, 3)
    return st


def attack(st: GameState, a: int, t: int) -> None:
    st.apply_action(Attack(a, t))


def enemy_turn(st: GameState, phase: int = ATTACK) -> None:
    """Hand the turn to seat 1 as it stands (a shortcut past the turn change)."""
    st.turn_player, st.phase = 1, phase
    st.moved, st.attacked = [], []
    st.invalidate()


@pytest.mark.covers("sunderved.command", "greater-command.effect", ruleset="first")
def test_command_and_greater_command(dice: Dice) -> None:
    st = fresh(EVENTS)
    near = put(st, 0, "warrior-mountain-vargath", sq(3, 3))  # 2 from Sunderved
    far = put(st, 0, "brute", sq(4, 2))  # 4 from Sunderved
    champ = put(st, 0, "varn", sq(1, 1))  # a champion: no Command
    e1 = put(st, 1, "miti-mumway", sq(4, 3))
    e2 = put(st, 1, "elephant", sq(5, 2))
    e3 = put(st, 1, "lioneer", sq(0, 1))
    ev = to_hand(st, 0, "greater-command")
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    assert st.phase == ATTACK
    attack(st, near, e1)
    attack(st, far, e2)
    attack(st, champ, e3)
    assert dice.sizes == [2, 1, 2]  # Varn: 2 printed, no Command
    st = fresh(EVENTS)
    far = put(st, 0, "brute", sq(4, 2))
    e2 = put(st, 1, "elephant", sq(5, 2))
    ev = to_hand(st, 0, "greater-command")
    st.apply_action(PlayEvent(ev))
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    attack(st, far, e2)
    assert dice.sizes[-1] == 2  # 4 spaces with Greater Command


@pytest.mark.covers("bellor.retribution", ruleset="first")
def test_retribution_rolls_to_wound_an_adjacent_attacker(dice: Dice) -> None:
    st = fresh()
    bellor = put(st, 0, "bellor", sq(4, 3))
    lioneer = put(st, 1, "lioneer", sq(5, 3))
    archer = put(st, 1, "archer-jungle-elves", sq(4, 5))  # not adjacent
    enemy_turn(st)
    dice(1, 1, 1, 3)
    attack(st, lioneer, bellor)
    assert st.damage[lioneer] == 1 and st.damage[bellor] == 0
    dice(1, 6)
    attack(st, archer, bellor)
    assert st.damage[archer] == 0 and dice.sizes[-1] == 1  # no roll


@pytest.mark.covers("growden.sunder-hammer", ruleset="first")
def test_sunder_hammer_two_wounds_on_an_adjacent_wall_at_end_of_turn() -> None:
    st = fresh(ATTACK)
    growden = put(st, 0, "growden", sq(4, 3))
    wall = put(st, 1, "wall", sq(5, 3))
    st.apply_action(EndPhase())  # to build magic
    st.apply_action(EndPhase())  # the turn ends
    dec = pending(st)
    assert dec is not None and dec.ability == "growden.sunder-hammer"
    assert dec.options == (NO, ChooseTarget(wall))
    st.apply_action(ChooseTarget(wall))
    assert st.damage[wall] == 2 and st.on_board(growden)


@pytest.mark.covers("luka.disruption-field", ruleset="first")
def test_disruption_field_blanks_enemies_near_luka_as_a_turn_begins() -> None:
    st = fresh(ATTACK)
    put(st, 0, "luka", sq(4, 3))
    near = put(st, 1, "lioness", sq(6, 4))  # 3 spaces
    far = put(st, 1, "lioness", sq(7, 0))
    end_turn(st)
    assert st.turn_player == 1
    blank = st.blanked()
    assert near in blank and far not in blank
    while st.phase != MOVE:
        st.apply_action(EndPhase())
    moves = {a.unit for a in st.legal_actions() if isinstance(a, Move)}
    assert near in moves and far not in moves  # no Hunting Pride for it


@pytest.mark.covers("quen.chain-lightning", ruleset="first")
def test_chain_lightning_pays_one_magic_for_a_second_attack(dice: Dice) -> None:
    st = fresh()
    quen = put(st, 0, "quen", sq(3, 0))
    mm = put(st, 1, "miti-mumway", sq(5, 0))
    dice(3, 3)
    attack(st, quen, mm)
    assert pending(st) is None  # no magic
    st = fresh()
    quen = put(st, 0, "quen", sq(3, 0))
    mm = put(st, 1, "miti-mumway", sq(5, 0))
    set_magic(st, 0, 2)
    dice(3, 3, 4, 4)
    attack(st, quen, mm)
    dec = pending(st)
    assert dec is not None and dec.ability == "quen.chain-lightning"
    st.apply_action(ChooseTarget(mm))
    assert st.damage[mm] == 4 and st.magic[0] == 1 and pending(st) is None


@pytest.mark.covers("torodin.trample", "torodins-advance.effect", ruleset="first")
def test_torodin_tramples_and_advances() -> None:
    st = fresh(EVENTS)
    tor = put(st, 0, "torodin", sq(3, 0))
    lio = put(st, 1, "elephant", sq(4, 0))
    ev = to_hand(st, 0, "torodins-advance")
    st.apply_action(PlayEvent(ev))
    assert st.move_distance(tor) == 4
    st.apply_action(EndPhase())
    move = Move(tor, sq(7, 0), sq(4, 0))
    assert move in st.legal_actions()
    st.apply_action(move)
    assert st.pos[tor] == sq(7, 0) and st.damage[lio] == 1


@pytest.mark.covers("varn.emboldened", ruleset="first")
def test_emboldened_plus_one_per_adjacent_vargath(dice: Dice) -> None:
    st = fresh()
    varn = put(st, 0, "varn", sq(4, 3))
    put(st, 0, "brute", sq(4, 2))
    put(st, 0, "rusher", sq(3, 3))
    put(st, 1, "lioness", sq(4, 4))  # an enemy: no bonus
    mm = put(st, 1, "miti-mumway", sq(5, 3))
    attack(st, varn, mm)
    assert dice.sizes == [4]


@pytest.mark.covers("brute.knock-around", ruleset="first")
def test_knock_around_moves_a_wounded_survivor_in_a_line(dice: Dice) -> None:
    st = fresh()
    brute = put(st, 0, "brute", sq(3, 3))
    ele = put(st, 1, "elephant", sq(4, 3))
    dice(3)
    attack(st, brute, ele)
    dec = pending(st)
    assert dec is not None and dec.ability == "brute.knock-around"
    assert ChooseSpace(sq(5, 3)) in dec.options and ChooseSpace(sq(4, 0)) in dec.options
    assert ChooseSpace(sq(7, 3)) not in dec.options  # Abua Shi on d7 blocks
    st.apply_action(ChooseSpace(sq(4, 0)))
    assert st.pos[ele] == sq(4, 0)
    st2 = fresh()
    b2 = put(st2, 0, "brute", sq(3, 3))
    e2 = put(st2, 1, "elephant", sq(4, 3))
    dice(2)
    attack(st2, b2, e2)
    assert pending(st2) is None  # no wound, no knock


@pytest.mark.covers("rusher.rush", ruleset="first")
def test_rush_two_extra_spaces_from_your_side() -> None:
    st = fresh(MOVE)
    rusher = put(st, 0, "rusher", sq(2, 0))
    assert st.move_distance(rusher) == 4
    assert Move(rusher, sq(6, 0), -1) in st.legal_actions()
    st.apply_action(Move(rusher, sq(6, 0), -1))
    assert st.move_distance(rusher) == 2  # on the opponent's side now


@pytest.mark.covers("storm-mage.call-lightning", ruleset="first")
def test_call_lightning_wounds_a_neighbour_and_itself() -> None:
    st = fresh()
    mage = put(st, 0, "storm-mage", sq(4, 3))
    ele = put(st, 1, "elephant", sq(5, 3))
    opts = {a.option for a in uses(st, "storm-mage.call-lightning")}
    assert opts == {ele * 2, ele * 2 + 1}
    st.apply_action(UseAbility(mage, "storm-mage.call-lightning", ele * 2 + 1))
    assert st.damage[ele] == 2 and st.damage[mage] == 1 and mage in st.attacked
    assert uses(st, "storm-mage.call-lightning") == []


@pytest.mark.covers("warden.steadfast", ruleset="first")
def test_steadfast_caps_wounds_next_to_a_sound_enemy_wall(dice: Dice) -> None:
    st = fresh()
    warden = put(st, 0, "warden", sq(5, 3))
    wall = put(st, 1, "wall", sq(5, 4))
    mm = put(st, 1, "miti-mumway", sq(6, 3))
    enemy_turn(st)
    dice(3, 4, 5)
    attack(st, mm, warden)
    assert st.damage[warden] == 1
    st.damage[warden] = 0
    st.damage[wall] = 7  # 2 life left: no help
    st.attacked = []
    st.invalidate()
    dice(3, 4, 1)
    attack(st, mm, warden)
    assert st.damage[warden] == 2


@pytest.mark.covers("warrior-mountain-vargath.battle-frenzy", ruleset="first")
def test_battle_frenzy_against_commons_on_the_enemy_side(dice: Dice) -> None:
    st = fresh()
    w = put(st, 0, "warrior-mountain-vargath", sq(4, 3))
    ele = put(st, 1, "elephant", sq(5, 3))
    mm = put(st, 1, "miti-mumway", sq(4, 4))
    attack(st, w, ele)
    st.attacked.clear()
    st.invalidate()
    attack(st, w, mm)
    w2 = put(st, 0, "warrior-mountain-vargath", sq(3, 0))
    e2 = put(st, 1, "lioneer", sq(4, 0))
    attack(st, w2, e2)
    assert dice.sizes == [2, 1, 1]  # on its own side: no bonus


@pytest.mark.covers("muster.effect", ruleset="first")
def test_muster_places_two_commons_next_to_the_summoner() -> None:
    st = fresh(EVENTS)
    a = put(st, 0, "brute", sq(5, 0))
    b = put(st, 0, "rusher", sq(5, 5))
    ev = to_hand(st, 0, "muster")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseSpace(sq(2, 3)))
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) not in dec.options
    st.apply_action(ChooseTarget(b))
    st.apply_action(ChooseSpace(sq(1, 4)))
    assert st.pos[a] == sq(2, 3) and st.pos[b] == sq(1, 4) and pending(st) is None
    assert st.moved == []


@pytest.mark.covers("superior-planning.effect", ruleset="first")
def test_superior_planning_takes_a_sunderved_event() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "superior-planning")
    fall = to_hand(st, 0, "fall-back")
    st.discard_card(fall)
    st.invalidate()
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseTarget(fall) in dec.options
    assert all(
        st.info.cards[o.card].slug != "wall"
        for o in dec.options
        if isinstance(o, ChooseTarget)
    )
    st.apply_action(ChooseTarget(fall))
    assert st.zone[fall] == HAND


@pytest.mark.covers("fall-back.effect", ruleset="first")
def test_fall_back_places_summoner_and_commons_by_a_wall_at_end_of_turn() -> None:
    st = fresh(EVENTS)
    wall = put(st, 0, "wall", sq(3, 0))
    w = put(st, 0, "warrior-mountain-vargath", sq(5, 5))
    other = put(st, 0, "rusher", sq(5, 4))
    ev = to_hand(st, 0, "fall-back")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(wall))
    while pending(st) is None and st.turn_player == 0:
        st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "fall-back.effect"
    st.apply_action(ChooseSpace(sq(2, 0)))
    assert st.pos[st.info.summoners[0]] == sq(2, 0)
    st.apply_action(ChooseTarget(w))
    st.apply_action(ChooseSpace(sq(4, 0)))
    assert st.pos[w] == sq(4, 0)
    dec = pending(st)
    assert dec is not None and NO in dec.options
    st.apply_action(NO)
    assert st.turn_player == 1 and st.pos[other] == sq(5, 4)


# ---------------------------------------------------------------- edge cases
@pytest.mark.covers("brute.knock-around", ruleset="first")
def test_knock_around_nothing_when_the_target_is_destroyed(dice: Dice) -> None:
    st = fresh()
    brute = put(st, 0, "brute", sq(3, 3))
    archer = put(st, 1, "archer-jungle-elves", sq(4, 3))
    dice(6)
    attack(st, brute, archer)
    assert not st.on_board(archer) and pending(st) is None


@pytest.mark.covers("luka.disruption-field", ruleset="first")
def test_disruption_field_ends_when_luka_leaves() -> None:
    st = fresh(ATTACK)
    luka = put(st, 0, "luka", sq(4, 3))
    near = put(st, 1, "lioness", sq(6, 4))
    end_turn(st)
    assert near in st.blanked()
    st.deal_damage(luka, 6, 1)
    assert not st.on_board(luka) and near not in st.blanked()
