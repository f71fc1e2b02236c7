"""The first-edition starter set's abilities (Prince Elien's Phoenix Elves, Grognack's
Tundra Orcs; research/first-edition.md 2.1 and 2.2), one scenario each, on a real
first-edition game whose battlefield is cleared to the summoners first. Dice are rigged
(``scenario.Dice``): a first-edition face is its number, a hit on 3+ (R21)."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, put, set_magic, to_hand, uses
from firstbench import fresh as bench_fresh
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import DECK, HAND


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    """Phoenix Elves (seat 0, to act) against Tundra Orcs, battlefield cleared but for
    the summoners (Prince Elien on c1, Grognack on c8), turn 5, rigged dice."""
    return bench_fresh("prince-elien", "grognack", phase)


# ------------------------------------------------------------------ Phoenix Elves
@pytest.mark.covers("prince-elien.fire-blast", ruleset="first")
def test_fire_blast_two_wounds_within_two_clear_straight_spaces() -> None:
    st = fresh()
    elien = st.info.summoners[0]
    assert st.pos[elien] == sq(0, 2)
    near = put(st, 1, "smasher", sq(2, 2))
    put(st, 1, "fighter-tundra-orcs", sq(0, 5))  # 3 away: out of reach
    acts = uses(st, "prince-elien.fire-blast")
    assert [a.option for a in acts] == [near]
    st.apply_action(acts[0])
    assert st.damage[near] == 2 and elien in st.attacked  # instead of attacking
    blocker = put(st, 1, "shaman-tundra-orcs", sq(1, 2))
    st.attacked.clear()
    st.invalidate()
    assert [a.option for a in uses(st, "prince-elien.fire-blast")] == [blocker]


@pytest.mark.covers("fire-drake.breath-of-flame", ruleset="first")
def test_breath_of_flame_wounds_the_target_and_every_card_between() -> None:
    st = fresh()
    drake = put(st, 0, "fire-drake", sq(2, 0))
    wall = put(st, 0, "wall", sq(3, 0))
    enemy = put(st, 1, "smasher", sq(5, 0))
    acts = [a for a in uses(st, "fire-drake.breath-of-flame") if a.option == enemy]
    st.apply_action(acts[0])
    assert st.damage[wall] == 1 and st.damage[enemy] == 1 and drake in st.attacked


@pytest.mark.covers("maelena.burning-blade", ruleset="first")
def test_burning_blade_adds_a_wound_even_when_every_die_misses(dice: Dice) -> None:
    st = fresh()
    mae = put(st, 0, "maelena", sq(3, 3))
    enemy = put(st, 1, "krung", sq(4, 3))  # not Sluggish
    dice(1, 2)
    st.apply_action(Attack(mae, enemy))
    assert st.damage[enemy] == 1


@pytest.mark.covers("archer-phoenix-elves.far-shot", ruleset="first")
def test_far_shot_reaches_four_spaces() -> None:
    st = fresh()
    archer = put(st, 0, "archer-phoenix-elves", sq(1, 0))
    far = put(st, 1, "fighter-tundra-orcs", sq(5, 0))
    assert Attack(archer, far) in st.legal_actions()


@pytest.mark.covers("guardian.precise", ruleset="first")
def test_precise_wounds_equal_the_dice_against_units_not_walls(dice: Dice) -> None:
    st = fresh()
    guard = put(st, 0, "guardian", sq(3, 3))
    enemy = put(st, 1, "krung", sq(4, 3))
    wall = put(st, 1, "wall", sq(3, 4))
    dice(1)
    st.apply_action(Attack(guard, enemy))
    assert st.damage[enemy] == 1  # no roll: 1 die, 1 wound (R25)
    st.attacked.clear()
    st.invalidate()
    dice(1)
    st.apply_action(Attack(guard, wall))
    assert st.damage[wall] == 0  # walls are rolled against (R25, R26)


@pytest.mark.covers("warrior-phoenix-elves.blaze-step", ruleset="first")
def test_blaze_step_places_the_warrior_next_to_a_wall_at_end_of_turn() -> None:
    st = fresh(MOVE)
    wall = put(st, 0, "wall", sq(2, 2))
    warrior = put(st, 0, "warrior-phoenix-elves", sq(5, 5))
    while pending(st) is None and st.turn_player == 0:
        st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "warrior-phoenix-elves.blaze-step"
    assert ChooseSpace(sq(2, 1)) in dec.options and NO in dec.options
    st.apply_action(ChooseSpace(sq(2, 1)))
    assert st.pos[warrior] == sq(2, 1) and st.pos[wall] == sq(2, 2)


@pytest.mark.covers("kaeseeall.blazing-conscription", ruleset="first")
def test_blazing_conscription_controls_an_adjacent_enemy_for_the_turn() -> None:
    st = fresh(ATTACK)
    kae = put(st, 0, "kaeseeall", sq(3, 3))
    enemy = put(st, 1, "smasher", sq(4, 3))
    # end seat 0's turn, then seat 1's: Kaeseeall's start of turn asks
    while st.turn_player == 0 or (st.turn_player == 1 and pending(st) is None):
        if pending(st) is not None:
            st.apply_action(NO)
            continue
        st.apply_action(EndPhase())
        if st.turn_player == 0 and pending(st) is not None:
            break
    dec = pending(st)
    assert dec is not None and dec.ability == "kaeseeall.blazing-conscription"
    st.apply_action(ChooseTarget(enemy))
    assert st.ctrl[enemy] == 0 and st.ctrl[kae] == 0
    while st.turn_player == 0:
        if pending(st) is not None:
            st.apply_action(pending(st).options[0])
        else:
            st.apply_action(EndPhase())
    assert st.ctrl[enemy] == 1  # back at the end of the turn


@pytest.mark.covers("burn.effect", "greater-burn.effect", ruleset="first")
def test_burn_and_greater_burn(dice: Dice) -> None:
    st = fresh(EVENTS)
    enemy = put(st, 1, "smasher", sq(4, 3))
    burn = to_hand(st, 0, "burn")
    st.apply_action(PlayEvent(burn))
    st.apply_action(ChooseTarget(enemy))
    assert st.damage[enemy] == 1
    greater = to_hand(st, 0, "greater-burn")
    st.apply_action(PlayEvent(greater))
    st.apply_action(ChooseTarget(enemy))
    assert st.damage[enemy] == 3
    # never a summoner
    assert ChooseTarget(st.info.summoners[1]) not in pending_options(st, burn=True)


def pending_options(st: GameState, burn: bool) -> tuple[object, ...]:
    card = to_hand(st, 0, "burn")
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None
    return dec.options


@pytest.mark.covers("spirit-of-the-phoenix.effect", ruleset="first")
def test_spirit_of_the_phoenix_grants_precise_this_turn(dice: Dice) -> None:
    st = fresh(EVENTS)
    warrior = put(st, 0, "warrior-phoenix-elves", sq(3, 3))
    enemy = put(st, 1, "krung", sq(4, 3))
    spirit = to_hand(st, 0, "spirit-of-the-phoenix")
    st.apply_action(PlayEvent(spirit))
    st.apply_action(ChooseTarget(warrior))
    st.apply_action(EndPhase())  # events -> move
    st.apply_action(EndPhase())  # move -> attack
    dice(1, 1)
    st.apply_action(Attack(warrior, enemy))
    assert st.damage[enemy] == 2  # 2 dice, no roll


@pytest.mark.covers("magic-drain.effect", ruleset="first")
def test_magic_drain_needs_fewer_units_and_moves_two_magic() -> None:
    st = fresh(EVENTS)
    theirs = fill_magic(st, 1, 5)
    put(st, 1, "smasher", sq(4, 3))
    drain = to_hand(st, 0, "magic-drain")
    assert PlayEvent(drain) in st.legal_actions()
    st.apply_action(PlayEvent(drain))
    # their top 2 cards, one at a time, onto my pile
    assert st.magic_pile == [[theirs[4], theirs[3]], theirs[:3]]
    assert st.magic == [2, 3]
    put(st, 0, "guardian", sq(3, 3))
    put(st, 0, "guardian", sq(3, 4))
    again = to_hand(st, 0, "magic-drain")
    assert PlayEvent(again) not in st.legal_actions()


@pytest.mark.covers("a-hero-is-born.effect", ruleset="first")
def test_a_hero_is_born_takes_a_champion_from_the_draw_pile() -> None:
    st = fresh(EVENTS)
    hero = to_hand(st, 0, "a-hero-is-born")
    champs = [
        c for c in st.deck[0] if st.info.cards[c].slug in ("fire-drake", "maelena")
    ]
    assert champs
    st.apply_action(PlayEvent(hero))
    st.apply_action(ChooseTarget(champs[0]))
    assert st.zone[champs[0]] == HAND


# ------------------------------------------------------------------- Tundra Orcs
@pytest.mark.covers("blagog.reckless", ruleset="first")
def test_reckless_hits_only_on_four_or_more(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    blagog = put(st, 1, "blagog", sq(4, 3))
    target = put(st, 0, "maelena", sq(3, 3))
    dice(3, 3, 3, 4, 6)
    st.apply_action(Attack(blagog, target))
    assert st.damage[target] == 2


@pytest.mark.covers("shaman-tundra-orcs.unwieldy-magic", ruleset="first")
def test_unwieldy_magic_one_miss_makes_every_die_miss(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    shaman = put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    target = put(st, 0, "fire-drake", sq(3, 3))
    dice(6, 2)
    st.apply_action(Attack(shaman, target))
    assert st.damage[target] == 0
    st.attacked.clear()
    st.invalidate()
    dice(3, 4)
    st.apply_action(Attack(shaman, target))
    assert st.damage[target] == 2


@pytest.mark.covers("smasher.sluggish", ruleset="first")
def test_sluggish_takes_wounds_equal_to_the_dice(dice: Dice) -> None:
    st = fresh()
    smasher = put(st, 1, "smasher", sq(4, 3))
    drake = put(st, 0, "fire-drake", sq(3, 3))
    dice(1, 1, 1)
    st.apply_action(Attack(drake, smasher))
    assert st.damage[smasher] == 3


@pytest.mark.covers("fighter-tundra-orcs.fury", "ragnor.fury", ruleset="first")
def test_fury_on_five_moves_and_attacks_again(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    fighter = put(st, 1, "fighter-tundra-orcs", sq(4, 3))
    a = put(st, 0, "guardian", sq(3, 3))
    b = put(st, 0, "guardian", sq(3, 5))
    dice(1, 5)  # the attack misses; the Fury die is a 5
    st.apply_action(Attack(fighter, a))
    dec = pending(st)
    assert dec is not None and dec.ability == "fighter-tundra-orcs.fury"
    st.apply_action(ChooseSpace(sq(4, 5)))
    assert st.pos[fighter] == sq(4, 5)
    dice(6, 1)  # the second attack hits; its Fury die fails
    st.apply_action(ChooseTarget(b))
    assert st.on_board(b) is False or st.damage[b] == 1


@pytest.mark.covers("grognack.walls-of-ice-shard", ruleset="first")
def test_walls_of_ice_shard_wounds_enemies_next_to_your_walls(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    grog = st.info.summoners[1]
    put(st, 1, "wall", sq(5, 2))
    near = put(st, 0, "guardian", sq(5, 1))
    far = put(st, 0, "guardian", sq(2, 1))
    dice(4)
    st.apply_action(uses(st, "grognack.walls-of-ice-shard")[0])
    assert st.damage[near] == 1 and st.damage[far] == 0 and grog in st.attacked


@pytest.mark.covers("krung.wild-swing", ruleset="first")
def test_wild_swing_affects_every_card_next_to_krung(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    krung = put(st, 1, "krung", sq(4, 3))
    a = put(st, 0, "fire-drake", sq(3, 3))
    b = put(st, 0, "maelena", sq(4, 2))
    dice(4, 6, 6, 1)  # swing die 4, then the attack's 3 dice: 2 hits
    st.apply_action(Attack(krung, a))
    assert st.damage[a] == 2 and st.damage[b] == 2


@pytest.mark.covers("freeze.effect", ruleset="first")
def test_freeze_stops_moving_and_attacking_until_paid_off() -> None:
    st = fresh(EVENTS)
    st.turn_player = 1
    freeze = to_hand(st, 1, "freeze")
    mine = put(st, 0, "guardian", sq(3, 3))
    st.apply_action(PlayEvent(freeze))
    st.apply_action(ChooseTarget(mine))
    assert st.zone[freeze] != DECK and st.pos[freeze] == mine
    # seat 0 cannot move or attack with it; paying 2 magic discards Freeze
    st.turn_player, st.phase = 0, MOVE
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == mine]
    pay = uses(st, "freeze.effect")
    assert pay
    st.apply_action(pay[0])
    assert st.magic[0] == 0 and st.pos[freeze] != mine
    assert [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == mine]


@pytest.mark.covers("reinforcements.effect", ruleset="first")
def test_reinforcements_summon_two_commons_free_when_outnumbered() -> None:
    st = fresh(EVENTS)
    st.turn_player = 1
    put(st, 0, "guardian", sq(3, 3))
    put(st, 1, "wall", sq(5, 2))
    rein = to_hand(st, 1, "reinforcements")
    f1 = to_hand(st, 1, "fighter-tundra-orcs")
    f2 = to_hand(st, 1, "smasher")
    st.invalidate()
    st.apply_action(PlayEvent(rein))
    st.apply_action(ChooseTarget(f1))
    st.apply_action(ChooseSpace(sq(5, 1)))
    st.apply_action(ChooseTarget(f2))
    st.apply_action(ChooseSpace(sq(5, 3)))
    assert st.pos[f1] == sq(5, 1) and st.pos[f2] == sq(5, 3) and st.magic[1] == 0


@pytest.mark.covers("ice-wall.effect", ruleset="first")
def test_ice_wall_is_played_as_a_three_life_wall() -> None:
    st = fresh(EVENTS)
    st.turn_player = 1
    ice = to_hand(st, 1, "ice-wall")
    st.invalidate()
    builds = [a for a in st.legal_actions() if getattr(a, "card", None) == ice]
    assert builds  # R29: played like a wall, on the player's own side
    st.apply_action(builds[0])
    assert st.life(ice) == 3 and st.info.gate_static[ice] and st.ctrl[ice] == 1


# ------------------------------------------- the rest of both factions (partial)
@pytest.mark.covers(
    "duke-ramazall.precise", "fire-archer.precise", "ugg.sluggish", ruleset="first"
)
def test_shared_keywords_on_other_cards(dice: Dice) -> None:
    st = fresh()
    duke = put(st, 0, "duke-ramazall", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(duke, krung))  # Precise: 2 dice, 2 wounds
    assert st.damage[krung] == 2
    archer = put(st, 0, "fire-archer", sq(4, 1))
    dice(1)
    st.apply_action(Attack(archer, krung))
    assert st.damage[krung] == 3
    ugg = put(st, 1, "ugg", sq(3, 0))
    drake = put(st, 0, "fire-drake", sq(2, 0))
    dice(2, 2, 2)
    st.apply_action(Attack(drake, ugg))  # Sluggish: 3 dice, 3 wounds
    assert st.damage[ugg] == 3


@pytest.mark.covers(
    "berserker-tundra-orcs.reckless", "rukar.power-surge", ruleset="first"
)
def test_reckless_berserker_and_power_surge(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    ber = put(st, 1, "berserker-tundra-orcs", sq(4, 3))
    krung = put(st, 0, "fire-drake", sq(3, 3))
    dice(3, 3, 4)
    st.apply_action(Attack(ber, krung))
    assert st.damage[krung] == 1
    rukar = put(st, 1, "rukar", sq(3, 4))
    dice(5, 6, 1)
    st.apply_action(Attack(rukar, krung))
    assert st.damage[krung] == 1 + 4


@pytest.mark.covers("laleya.thrust", "kaebeeros.smoldering-embers", ruleset="first")
def test_thrust_and_smoldering_embers(dice: Dice) -> None:
    st = fresh()
    laleya = put(st, 0, "laleya", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(6, 6, 6)
    st.apply_action(Attack(laleya, krung))
    assert st.damage[krung] == 3  # 2 + 1 against an adjacent card
    kae = put(st, 0, "kaebeeros", sq(0, 0))
    assert st.strength(kae) == 3
    st.deck[0].clear()
    assert st.strength(kae) == 4


@pytest.mark.covers("fanessa.riposte", "fencer.riposte", ruleset="first")
def test_riposte_wounds_an_adjacent_attacker(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    fanessa = put(st, 0, "fanessa", sq(3, 3))
    fencer = put(st, 0, "fencer", sq(3, 5))
    krung = put(st, 1, "krung", sq(4, 3))
    smasher = put(st, 1, "smasher", sq(4, 5))
    dice(1, 1, 1)
    st.apply_action(Attack(krung, fanessa))
    assert st.damage[krung] == 1
    dice(1, 1)
    st.apply_action(Attack(smasher, fencer))
    assert st.damage[smasher] == 1


@pytest.mark.covers("rahlee.greater-flight", ruleset="first")
def test_greater_flight_three_spaces_through_cards() -> None:
    st = fresh(MOVE)
    rahlee = put(st, 0, "rahlee", sq(2, 3))
    put(st, 1, "krung", sq(3, 3))
    dests = {
        a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == rahlee
    }
    assert sq(4, 3) in dests and sq(5, 3) in dests


@pytest.mark.covers("fire-beast.hellfire", ruleset="first")
def test_hellfire_wounds_itself_and_every_adjacent_unit() -> None:
    st = fresh()
    beast = put(st, 0, "fire-beast", sq(3, 3))
    a = put(st, 1, "krung", sq(4, 3))
    b = put(st, 0, "guardian", sq(3, 2))
    st.apply_action(uses(st, "fire-beast.hellfire")[0])
    assert (st.damage[beast], st.damage[a], st.damage[b]) == (1, 1, 1)
    assert beast in st.attacked


@pytest.mark.covers(
    "gruggar.wrath",
    "grok.greater-frost-arrow",
    "shooter.frost-arrow",
    ruleset="first",
)
def test_wrath_and_frost_arrows(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    gruggar = put(st, 1, "gruggar", sq(5, 0))
    st.damage[gruggar] = 2
    assert st.strength(gruggar) == 3
    grok = put(st, 1, "grok", sq(5, 3))
    put(st, 1, "wall", sq(5, 2))
    put(st, 0, "wall", sq(5, 4))
    target = put(st, 0, "fire-drake", sq(3, 3))
    dice(6, 6, 6)
    st.apply_action(Attack(grok, target))
    assert st.damage[target] == 3  # 1 + 2 walls
    shooter = put(st, 1, "shooter", sq(6, 2))  # next to the seat-1 wall at c6
    mae = put(st, 0, "maelena", sq(6, 0))
    dice(6, 6)
    st.apply_action(Attack(shooter, mae))
    assert st.damage[mae] == 2  # 1 + 1 next to a wall you control


@pytest.mark.covers("thwarter.ice-shield", ruleset="first")
def test_ice_shield_needs_every_die_to_hit(dice: Dice) -> None:
    st = fresh()
    thwarter = put(st, 1, "thwarter", sq(4, 3))
    drake = put(st, 0, "fire-drake", sq(3, 3))
    dice(6, 6, 2)
    st.apply_action(Attack(drake, thwarter))
    assert st.damage[thwarter] == 0
    st.attacked.clear()
    st.invalidate()
    dice(6, 3, 4)
    st.apply_action(Attack(drake, thwarter))
    assert not st.on_board(thwarter)  # 3 wounds on 2 life
