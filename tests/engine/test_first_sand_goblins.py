"""First-edition Sand Goblins (research/first-edition.md 2.7.8): one scenario per card
on the first-edition bench (Krusk, seat 0, on sq(1, 4), against Sneeks' Cave
Goblins), dice rigged with ``scenario.Dice`` (a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
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
    Summon,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE
from engine.core.state import GameState
from engine.core.zones import DISCARD, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    """Sand Goblins (seat 0, Krusk on sq(1, 4)) against Sneeks (sq(7, 2)), every card
    of both factions in the decks, events included."""
    return bench_fresh("krusk", "sneeks", phase, events=True)


def opponents_turn(st: GameState, phase: int = ATTACK) -> None:
    st.turn += 1
    st.turn_player, st.phase = 1, phase
    st.moved, st.attacked, st.flags = [], [], {}
    st.invalidate()


def answer(st: GameState, ability: str, action: object) -> None:
    dec = pending(st)
    assert dec is not None and dec.ability == ability, dec
    assert action in dec.options, (action, dec.options)
    st.apply_action(action)  # type: ignore[arg-type]


def play(st: GameState, slug: str) -> int:
    card = to_hand(st, 0, slug)
    st.apply_action(PlayEvent(card))
    return card


@pytest.mark.covers("krusk.sandstorm", ruleset="first")
def test_sandstorm_pays_two_moves_units_and_wounds_on_four(dice: Dice) -> None:
    st = fresh(MOVE)
    set_magic(st, 0, 3)
    krusk = st.info.summoners[0]
    fighter = put(st, 1, "fighter-cave-goblins", sq(3, 4))  # 2 from Krusk
    bers = put(st, 1, "berserker-cave-goblins", sq(1, 1))  # 3 from Krusk
    put(st, 1, "slinger", sq(5, 5))  # too far
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "krusk.sandstorm"
    assert {a.card for a in dec.options if isinstance(a, ChooseTarget)} == {
        fighter,
        bers,
    }
    st.apply_action(ChooseTarget(fighter))
    assert st.magic[0] == 1
    dice(4)
    answer(st, "krusk.sandstorm", ChooseSpace(sq(3, 3)))
    assert st.zone[fighter] == MAGIC_PILE and st.magic[0] == 2  # destroyed by Krusk
    dice(3)
    answer(st, "krusk.sandstorm", ChooseTarget(bers))
    answer(st, "krusk.sandstorm", ChooseSpace(sq(0, 1)))
    assert st.pos[bers] == sq(0, 1) and st.damage[bers] == 0
    assert st.magic[0] == 2 and st.on_board(krusk)


def test_sandstorm_is_not_offered_without_two_magic() -> None:
    st = fresh(MOVE)
    set_magic(st, 0, 1)
    put(st, 1, "fighter-cave-goblins", sq(3, 4))
    st.apply_action(EndPhase())
    assert pending(st) is None and st.phase == ATTACK


@pytest.mark.covers("biter.crazed", ruleset="first")
def test_crazed_biter_cannot_move_next_to_an_enemy() -> None:
    st = fresh(MOVE)
    biter = put(st, 0, "biter", sq(3, 3))
    enemy = put(st, 1, "fighter-cave-goblins", sq(4, 3))
    assert not any(isinstance(a, Move) and a.unit == biter for a in st.legal_actions())
    st.discard_card(enemy)
    st.invalidate()
    assert any(isinstance(a, Move) and a.unit == biter for a in st.legal_actions())


@pytest.mark.covers("kreep.cowardly", ruleset="first")
def test_cowardly_kreep_may_flee_at_the_end_of_the_turn(dice: Dice) -> None:
    st = fresh(MAGIC)
    kreep = put(st, 0, "kreep", sq(3, 3))
    put(st, 1, "fighter-cave-goblins", sq(4, 3))
    dice(2)
    st.apply_action(EndPhase())
    assert st.zone[kreep] == DISCARD and st.magic == [0, 0]  # discarded


def test_cowardly_kreep_stays_on_three(dice: Dice) -> None:
    st = fresh(MAGIC)
    kreep = put(st, 0, "kreep", sq(3, 3))
    put(st, 1, "fighter-cave-goblins", sq(4, 3))
    dice(3)
    st.apply_action(EndPhase())
    assert st.on_board(kreep) and st.turn_player == 1


@pytest.mark.covers("sand-wyrm.burrow", ruleset="first")
def test_burrow_moves_three_through_units_and_weakens_the_attack(dice: Dice) -> None:
    st = fresh(MOVE)
    wyrm = put(st, 0, "sand-wyrm", sq(2, 0))
    put(st, 1, "fighter-cave-goblins", sq(3, 0))
    enemy = put(st, 1, "slinger", sq(5, 1))
    legal = st.legal_actions()
    assert Move(wyrm, sq(4, 0), sq(3, 0)) in legal
    assert any(
        isinstance(a, Move) and a.unit == wyrm and a.to == sq(5, 0) for a in legal
    )
    st.apply_action(Move(wyrm, sq(4, 1), sq(3, 0)))
    st.phase = ATTACK
    st.invalidate()
    dice(6, 6)
    st.apply_action(Attack(wyrm, enemy))
    assert dice.sizes == [4 - 3]  # 3 spaces moved


@pytest.mark.covers("silts.cunning", ruleset="first")
def test_cunning_swaps_silts_with_an_adjacent_unit_once_a_turn() -> None:
    st = fresh(MOVE)
    silts = put(st, 0, "silts", sq(3, 3))
    enemy = put(st, 1, "slinger", sq(4, 3))
    acts = uses(st, "silts.cunning")
    assert acts == [UseAbility(silts, "silts.cunning", enemy)]
    st.apply_action(acts[0])
    assert st.pos[silts] == sq(4, 3) and st.pos[enemy] == sq(3, 3)
    assert uses(st, "silts.cunning") == []


@pytest.mark.covers("stink.lucky", ruleset="first")
def test_lucky_rerolls_one_die_once_a_turn(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "stink", sq(0, 0))
    slayer = put(st, 0, "slayer", sq(3, 3))
    enemy = put(st, 1, "berserker-cave-goblins", sq(4, 3))
    other = put(st, 1, "slinger", sq(3, 2))
    dice(1, 4)
    st.apply_action(Attack(slayer, enemy))
    dec = pending(st)
    assert dec is not None and dec.ability == "stink.lucky"
    assert ChooseOption(0) in dec.options and ChooseOption(1) in dec.options
    dice(5)
    st.apply_action(ChooseOption(0))
    assert st.zone[enemy] == MAGIC_PILE  # 5 and 4: two wounds
    jav = put(st, 0, "javelineer", sq(2, 2))
    dice(1)
    st.apply_action(Attack(jav, other))
    assert pending(st) is None and st.damage[other] == 0  # once per turn


def test_lucky_rerolls_an_ability_roll(dice: Dice) -> None:
    st = fresh(MAGIC)
    put(st, 0, "stink", sq(0, 0))
    kreep = put(st, 0, "kreep", sq(3, 3))
    put(st, 1, "fighter-cave-goblins", sq(4, 3))
    dice(1)
    st.apply_action(EndPhase())
    dice(6)
    answer(st, "stink.lucky", ChooseOption(0))
    assert st.on_board(kreep)


@pytest.mark.covers("tark.conceal", ruleset="first")
def test_conceal_stops_the_chosen_unit_attacking_tark_until_next_turn() -> None:
    st = fresh()
    tark = put(st, 0, "tark", sq(3, 3))
    bers = put(st, 1, "berserker-cave-goblins", sq(4, 3))
    other = put(st, 1, "mook", sq(3, 4))
    st.apply_action(EndPhase())
    answer(st, "tark.conceal", ChooseTarget(bers))
    opponents_turn(st)
    legal = st.legal_actions()
    assert Attack(bers, tark) not in legal and Attack(other, tark) in legal
    st.turn += 1  # seat 0's next turn begins: over
    st.invalidate()
    assert not st.attack_forbidden(bers, tark)


@pytest.mark.covers("bomber.hasty", ruleset="first")
def test_hasty_bomber_goes_on_a_miss(dice: Dice) -> None:
    st = fresh()
    bomber = put(st, 0, "bomber", sq(2, 3))
    enemy = put(st, 1, "mook", sq(4, 3))
    dice(2)
    st.apply_action(Attack(bomber, enemy))
    assert st.zone[bomber] == DISCARD and st.magic[1] == 0


def test_hasty_bomber_attacks_again_on_a_six(dice: Dice) -> None:
    st = fresh()
    bomber = put(st, 0, "bomber", sq(2, 3))
    enemy = put(st, 1, "mook", sq(4, 3))
    dice(6)
    st.apply_action(Attack(bomber, enemy))
    dice(4)
    answer(st, "bomber.hasty", Attack(bomber, enemy))
    assert st.damage[enemy] == 2 and st.on_board(bomber)
    assert pending(st) is None and st.attacked == [bomber]


@pytest.mark.covers("javelineer.camouflage", ruleset="first")
def test_camouflage_only_adjacent_units_may_attack() -> None:
    st = fresh()
    jav = put(st, 0, "javelineer", sq(3, 3))
    far = put(st, 1, "slinger", sq(5, 3))
    near = put(st, 1, "berserker-cave-goblins", sq(3, 4))
    opponents_turn(st)
    legal = st.legal_actions()
    assert Attack(far, jav) not in legal and Attack(near, jav) in legal


@pytest.mark.covers("scavenger.scavenge", ruleset="first")
def test_scavenge_keeps_kills_and_spends_them_as_shields(dice: Dice) -> None:
    st = fresh()
    scav = put(st, 0, "scavenger", sq(3, 3))
    prey = put(st, 1, "fighter-cave-goblins", sq(4, 3))
    foe = put(st, 1, "berserker-cave-goblins", sq(3, 4))
    dice(6)
    st.apply_action(Attack(scav, prey))
    assert st.zone[prey] == UNDER and st.under[scav] == (prey,)
    assert st.magic[0] == 0  # not into the magic pile
    opponents_turn(st)
    dice(6, 6)
    st.apply_action(Attack(foe, scav))
    assert st.damage[scav] == 0 and st.zone[prey] == DISCARD
    st.attacked.clear()
    dice(6, 6)
    st.apply_action(Attack(foe, scav))
    assert st.zone[scav] == MAGIC_PILE


def test_cards_under_a_scavenger_go_to_its_destroyer(dice: Dice) -> None:
    st = fresh()
    scav = put(st, 0, "scavenger", sq(3, 3))
    prey = put(st, 1, "fighter-cave-goblins", sq(4, 3))
    dice(6)
    st.apply_action(Attack(scav, prey))
    st.destroy(scav, 1)
    assert st.magic[1] == 2


@pytest.mark.covers("shaman-sand-goblins.escape", ruleset="first")
def test_escape_pays_one_to_move_two_after_attacking(dice: Dice) -> None:
    st = fresh()
    set_magic(st, 0, 1)
    shaman = put(st, 0, "shaman-sand-goblins", sq(2, 3))
    enemy = put(st, 1, "mook", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(shaman, enemy))
    answer(st, "shaman-sand-goblins.escape", ChooseSpace(sq(2, 5)))
    assert st.pos[shaman] == sq(2, 5) and st.magic[0] == 0


def test_escape_needs_magic(dice: Dice) -> None:
    st = fresh()
    shaman = put(st, 0, "shaman-sand-goblins", sq(2, 3))
    enemy = put(st, 1, "mook", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(shaman, enemy))
    assert pending(st) is None and st.pos[shaman] == sq(2, 3)


@pytest.mark.covers("slayer.blood-craze", ruleset="first")
def test_blood_craze_adds_a_die_against_a_wounded_common(dice: Dice) -> None:
    st = fresh()
    slayer = put(st, 0, "slayer", sq(3, 3))
    enemy = put(st, 1, "berserker-cave-goblins", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(slayer, enemy))
    st.damage[enemy] = 1
    st.attacked.clear()
    st.invalidate()
    dice(1, 1, 1)
    st.apply_action(Attack(slayer, enemy))
    assert dice.sizes == [2, 3]


@pytest.mark.covers("taunt.effect", ruleset="first")
def test_taunt_places_enemy_commons_next_to_sand_goblins(dice: Dice) -> None:
    st = fresh(EVENTS)
    put(st, 0, "javelineer", sq(3, 3))
    fighter = put(st, 1, "fighter-cave-goblins", sq(5, 3))
    champ = put(st, 1, "mook", sq(4, 0))
    play(st, "taunt")
    dec = pending(st)
    assert dec is not None and ChooseTarget(champ) not in dec.options
    answer(st, "taunt.effect", ChooseTarget(fighter))
    answer(st, "taunt.effect", ChooseSpace(sq(3, 2)))
    assert st.pos[fighter] == sq(3, 2) and st.ctrl[fighter] == 1


@pytest.mark.covers("duck-and-cover.effect", ruleset="first")
def test_duck_and_cover_camouflages_sand_goblins_until_next_turn() -> None:
    st = fresh(EVENTS)
    scav = put(st, 0, "scavenger", sq(3, 3))
    far = put(st, 1, "slinger", sq(5, 3))
    near = put(st, 1, "berserker-cave-goblins", sq(3, 4))
    play(st, "duck-and-cover")
    opponents_turn(st)
    legal = st.legal_actions()
    assert Attack(far, scav) not in legal and Attack(near, scav) in legal
    st.turn += 2
    st.invalidate()
    assert Attack(far, scav) in st.legal_actions()


@pytest.mark.covers("shiny.effect", ruleset="first")
def test_shiny_gives_scavengers_with_loot_two_attack(dice: Dice) -> None:
    st = fresh(EVENTS)
    scav = put(st, 0, "scavenger", sq(3, 3))
    empty = put(st, 0, "scavenger", sq(3, 0))
    loot = put(st, 1, "fighter-cave-goblins", sq(5, 5))
    st.put_under(loot, scav)
    play(st, "shiny")
    assert st.strength(scav) == 3 and st.strength(empty) == 1


@pytest.mark.covers("mirage.effect", ruleset="first")
def test_mirage_moves_and_mends_walls_then_allows_summoning() -> None:
    st = fresh(EVENTS)
    wall = put(st, 0, "wall", sq(2, 2))
    st.damage[wall] = 5
    set_magic(st, 0, 1)
    jav = to_hand(st, 0, "javelineer")
    play(st, "mirage")
    answer(st, "mirage.effect", ChooseTarget(wall))
    answer(st, "mirage.effect", ChooseSpace(sq(0, 0)))
    assert st.pos[wall] == sq(0, 0) and st.damage[wall] == 2
    assert Summon(jav, sq(1, 0)) in st.legal_actions()
    st.apply_action(Summon(jav, sq(1, 0)))
    assert st.pos[jav] == sq(1, 0) and st.magic[0] == 0


# ------------------------------------------------------------------- edge cases
def test_sandstorm_skips_a_unit_that_cannot_be_moved() -> None:
    st = fresh(MOVE)
    set_magic(st, 0, 2)
    biter = put(st, 0, "biter", sq(2, 4))
    put(st, 1, "fighter-cave-goblins", sq(3, 4))  # keeps the Biter crazed
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and ChooseTarget(biter) not in dec.options
    st.apply_action(NO)
    assert st.magic[0] == 2  # declining pays nothing


def test_taunt_with_no_sand_goblin_in_reach_is_not_playable() -> None:
    st = fresh(EVENTS)
    put(st, 1, "fighter-cave-goblins", sq(6, 5))  # 6 from Krusk
    taunt = to_hand(st, 0, "taunt")
    assert PlayEvent(taunt) not in st.legal_actions()


def test_scavenger_shield_also_stops_ability_wounds(dice: Dice) -> None:
    st = fresh()
    scav = put(st, 0, "scavenger", sq(2, 4))
    loot = put(st, 1, "fighter-cave-goblins", sq(5, 5))
    st.put_under(loot, scav)
    set_magic(st, 0, 2)
    enemy = put(st, 1, "slinger", sq(2, 3))
    st.phase = MOVE
    st.invalidate()
    st.apply_action(EndPhase())
    answer(st, "krusk.sandstorm", ChooseTarget(scav))
    dice(6)
    answer(st, "krusk.sandstorm", ChooseSpace(sq(3, 4)))
    assert st.damage[scav] == 0 and st.zone[loot] == DISCARD
    assert st.on_board(enemy)
