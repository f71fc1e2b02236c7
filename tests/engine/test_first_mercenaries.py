"""The first edition's Mercenaries (research/first-edition.md 2.7.6): one scenario per
card, on the bench (:mod:`firstbench`): Rallul (seat 0, every Mercenary in his deck)
against Grognack, battlefield cleared, turn 5. Rallul stands on c1, Grognack on c8.
Dice are rigged (``scenario.Dice``): a face is its number, a hit on 3+ (R21)."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, put, set_magic, to_hand, uses
from firstbench import fresh as bench_fresh
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
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.abilities.mercenaries import arrangements


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    return bench_fresh(
        "rallul", "grognack", phase, events=True, extra=("sword-grounder",)
    )


def finish_turn(st: GameState) -> None:
    """End phases until the other seat's turn begins, declining every choice."""
    p = st.turn_player
    while st.turn_player == p and not st.terminal:
        dec = pending(st)
        st.apply_action(dec.options[0] if dec is not None else EndPhase())


def to_phase(st: GameState, phase: int) -> None:
    while st.phase != phase:
        dec = pending(st)
        st.apply_action(dec.options[0] if dec is not None else EndPhase())


# ------------------------------------------------------------------ catalog and decks
def test_mercenaries_join_another_factions_deck_and_play_by_their_text(
    dice: Dice,
) -> None:
    st = bench_fresh("prince-elien", "grognack", ATTACK, extra=("saella",))
    saella = put(st, 0, "saella", sq(3, 3))
    assert st.info.cards[saella].faction == "mercenaries"
    enemy = put(st, 1, "krung", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(saella, enemy))
    assert st.damage[enemy] == 2  # Precise: no roll, a wound per die (R25)


# ------------------------------------------------------------------ Rallul
@pytest.mark.covers("rallul.draw-power", ruleset="first")
def test_draw_power_wounds_a_wall_within_two_then_draws_up_to_that_many() -> None:
    st = fresh(MOVE)
    wall = put(st, 0, "wall", sq(2, 2))
    assert {a.option for a in uses(st, "rallul.draw-power")} == {
        wall * 4 + 1,
        wall * 4 + 2,
    }
    before = len(st.hand[0])
    st.apply_action(UseAbility(st.info.summoners[0], "rallul.draw-power", wall * 4 + 2))
    assert st.damage[wall] == 2
    dec = pending(st)
    assert dec is not None and dec.options == tuple(ChooseOption(k) for k in range(3))
    st.apply_action(ChooseOption(1))  # up to: fewer is allowed
    assert len(st.hand[0]) == before + 1
    assert uses(st, "rallul.draw-power") == []  # once per turn


def test_draw_power_needs_a_clear_line_to_the_wall() -> None:
    st = fresh(MOVE)
    put(st, 0, "wall", sq(2, 2))
    put(st, 0, "stone-golem", sq(1, 2))
    assert uses(st, "rallul.draw-power") == []


@pytest.mark.covers("magic-pulse.effect", ruleset="first")
def test_magic_pulse_feeds_the_magic_pile_and_the_summoner_attack() -> None:
    st = fresh(EVENTS)
    rallul = st.info.summoners[0]
    pulse = to_hand(st, 0, "magic-pulse")
    a = to_hand(st, 0, "stone-golem")
    b = to_hand(st, 0, "bounder")
    st.apply_action(PlayEvent(pulse))
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(b))
    assert pending(st) is None  # hand empty: nothing more to ask
    assert st.magic_pile[0] == [a, b] and st.magic[0] == 2  # one at a time
    assert st.strength(rallul) == 4
    finish_turn(st)
    assert st.strength(rallul) == 2  # until the end of the turn


@pytest.mark.covers("wall-transference.effect", ruleset="first")
def test_wall_transference_moves_a_wall_with_its_wounds() -> None:
    st = fresh(EVENTS)
    wall = put(st, 0, "wall", sq(1, 1))
    st.damage[wall] = 4
    card = to_hand(st, 0, "wall-transference")
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(wall))
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(4, 0)) not in dec.options  # their side
    st.apply_action(ChooseSpace(sq(3, 5)))
    assert st.pos[wall] == sq(3, 5) and st.damage[wall] == 4


@pytest.mark.covers("reform-stone.effect", ruleset="first")
def test_reform_stone_takes_a_golem_or_an_enemy_wall_from_a_discard_pile() -> None:
    st = fresh(EVENTS)
    theirs = put(st, 1, "wall", sq(6, 0))
    st.damage[theirs] = 5
    st.discard_card(theirs)
    card = to_hand(st, 0, "reform-stone")
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None and ChooseTarget(theirs) in dec.options
    st.apply_action(ChooseTarget(theirs))
    st.apply_action(ChooseSpace(sq(2, 4)))
    assert st.zone[theirs] == BOARD and st.ctrl[theirs] == 0
    assert st.pos[theirs] == sq(2, 4) and st.damage[theirs] == 0


def test_reform_stone_takes_from_discard_piles_never_from_a_magic_pile() -> None:
    st = fresh(EVENTS)
    # a golem of mine destroyed by the opponent (their magic pile, R22) and one
    # they paid with (their discard pile, R14): only the second may be taken
    golems = [put(st, 0, "stone-golem", sq(3, c)) for c in (0, 1)]
    for g in golems:
        st.destroy(g, 1)
    st.gain_magic(1, -1)  # the top card: the second golem
    assert st.magic_pile[1] == [golems[0]] and st.discard[1][-1] == golems[1]
    card = to_hand(st, 0, "reform-stone")
    st.invalidate()
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None and ChooseTarget(golems[1]) in dec.options
    assert ChooseTarget(golems[0]) not in dec.options
    st.apply_action(ChooseTarget(golems[1]))
    st.apply_action(ChooseSpace(sq(2, 4)))
    assert st.board[sq(2, 4)] == golems[1] and st.ctrl[golems[1]] == 0
    assert golems[1] not in st.discard[1]


@pytest.mark.covers("fury-of-godshome.effect", ruleset="first")
def test_fury_of_godshome_moves_up_to_three_wounds_wall_by_wall() -> None:
    st = fresh(EVENTS)
    w1 = put(st, 0, "wall", sq(2, 1))
    w2 = put(st, 1, "wall", sq(5, 4))
    st.damage[w1], st.damage[w2] = 5, 1
    krung = put(st, 1, "krung", sq(3, 1))
    golem = put(st, 0, "stone-golem", sq(5, 5))
    card = to_hand(st, 0, "fury-of-godshome")
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(krung))
    st.apply_action(ChooseTarget(krung))
    dec = pending(st)
    assert dec is not None and dec.options == tuple(ChooseOption(n) for n in (1, 2, 3))
    st.apply_action(ChooseOption(3))
    assert st.damage[w1] == 2 and st.damage[krung] == 3
    st.apply_action(ChooseTarget(golem))  # the next wall: 1 wound to move
    st.apply_action(ChooseOption(1))
    assert st.damage[w2] == 0 and st.damage[golem] == 1


def test_fury_of_godshome_needs_a_wounded_wall_with_a_unit_next_to_it() -> None:
    st = fresh(EVENTS)
    wall = put(st, 0, "wall", sq(2, 1))
    st.damage[wall] = 3
    card = to_hand(st, 0, "fury-of-godshome")
    assert PlayEvent(card) not in st.legal_actions()
    put(st, 1, "fighter-tundra-orcs", sq(2, 0))
    assert PlayEvent(card) in st.legal_actions()


@pytest.mark.covers("channeled-summon.effect", ruleset="first")
def test_channeled_summon_summons_next_to_golems_in_the_event_phase() -> None:
    st = fresh(EVENTS)
    golem = put(st, 0, "stone-golem", sq(4, 4))
    mage = to_hand(st, 0, "apprentice-mage")  # cost 0
    card = to_hand(st, 0, "channeled-summon")
    assert not uses(st, "channeled-summon.effect")
    st.apply_action(PlayEvent(card))
    opts = {a.option for a in uses(st, "channeled-summon.effect")}
    assert mage * 64 + sq(5, 4) in opts and mage * 64 + sq(3, 4) in opts
    st.apply_action(UseAbility(card, "channeled-summon.effect", mage * 64 + sq(5, 4)))
    assert st.pos[mage] == sq(5, 4) and st.on_board(golem)  # the golem stays a unit
    other = to_hand(st, 0, "apprentice-mage")
    st.apply_action(EndPhase())  # the event phase is over
    assert not [
        a for a in uses(st, "channeled-summon.effect") if a.option // 64 == other
    ]


# ------------------------------------------------------------------ champions
@pytest.mark.covers("bodgan.repelling-stench", ruleset="first")
def test_repelling_stench_moves_each_adjacent_enemy_one_space(dice: Dice) -> None:
    st = fresh()
    bodgan = put(st, 0, "bodgan", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    fighter = put(st, 1, "fighter-tundra-orcs", sq(3, 4))
    mine = put(st, 0, "stone-golem", sq(2, 3))
    dice(1, 1)
    st.apply_action(Attack(bodgan, krung))
    dec = pending(st)
    assert dec is not None and dec.data[0] == krung
    st.apply_action(ChooseSpace(sq(5, 3)))
    dec = pending(st)
    assert dec is not None and dec.data[0] == fighter
    st.apply_action(ChooseSpace(sq(3, 5)))
    assert st.pos[krung] == sq(5, 3) and st.pos[fighter] == sq(3, 5)
    assert st.pos[mine] == sq(2, 3) and pending(st) is None  # friends stay


@pytest.mark.covers("duggle.blur", ruleset="first")
def test_blur_pays_one_moves_and_attacks_again_once_per_turn(dice: Dice) -> None:
    st = fresh()
    set_magic(st, 0, 1)
    duggle = put(st, 0, "duggle", sq(3, 3))
    fighter = put(st, 1, "fighter-tundra-orcs", sq(4, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(5, 4))
    dice(3, 1)
    st.apply_action(Attack(duggle, fighter))
    assert st.zone[fighter] == MAGIC_PILE and st.magic[0] == 2
    dec = pending(st)
    assert dec is not None and dec.options[0] == NO
    assert ChooseSpace(sq(3, 3)) in dec.options  # "up to": may stay
    st.apply_action(ChooseSpace(sq(4, 4)))
    assert st.pos[duggle] == sq(4, 4) and st.magic[0] == 1
    dice(3, 3)
    st.apply_action(ChooseTarget(shaman))
    assert st.zone[shaman] == MAGIC_PILE and st.magic[0] == 2
    assert pending(st) is None  # once per turn


def test_blur_needs_an_enemy_common_target(dice: Dice) -> None:
    st = fresh()
    set_magic(st, 0, 3)
    duggle = put(st, 0, "duggle", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))  # a champion
    dice(3, 3)
    st.apply_action(Attack(duggle, krung))
    assert pending(st) is None and st.magic[0] == 3


@pytest.mark.covers("etch.rune-master", ruleset="first")
def test_rune_master_wounds_an_adjacent_wall_and_may_take_a_magic() -> None:
    st = fresh()
    etch = put(st, 0, "etch", sq(2, 2))
    wall = put(st, 1, "wall", sq(2, 3))
    assert st.discard[0]
    top = st.discard[0][-1]
    assert {a.option for a in uses(st, "etch.rune-master")} == {wall * 2, wall * 2 + 1}
    st.apply_action(UseAbility(etch, "etch.rune-master", wall * 2 + 1))
    assert st.damage[wall] == 1 and etch in st.attacked
    # the top card of my discard pile, face down onto my magic pile
    assert st.magic_pile[0] == [top] and st.magic[0] == 1
    assert uses(st, "etch.rune-master") == []  # instead of its attack


@pytest.mark.covers("grubs.body-guard", ruleset="first")
def test_body_guard_wounds_him_far_from_the_summoner() -> None:
    st = fresh(MAGIC)
    grubs = put(st, 0, "grubs", sq(5, 5))
    finish_turn(st)
    assert st.damage[grubs] == 0
    finish_turn(st)
    assert st.turn_player == 0 and st.damage[grubs] == 2


def test_body_guard_moves_him_at_the_end_of_turn_when_near() -> None:
    st = fresh(MAGIC)
    grubs = put(st, 0, "grubs", sq(1, 2))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "grubs.body-guard"
    st.apply_action(ChooseSpace(sq(3, 2)))
    assert st.pos[grubs] == sq(3, 2)


@pytest.mark.covers("hulgorad.gore", ruleset="first")
def test_gore_charges_three_straight_spaces_for_plus_one_attack() -> None:
    st = fresh(MOVE)
    hul = put(st, 0, "hulgorad", sq(2, 0))
    put(st, 0, "stone-golem", sq(2, 1))  # blocks the line to the right
    assert [a.option for a in uses(st, "hulgorad.gore")] == [sq(5, 0)]
    st.apply_action(UseAbility(hul, "hulgorad.gore", sq(5, 0)))
    assert st.pos[hul] == sq(5, 0) and hul in st.moved and st.strength(hul) == 4
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == hul]


@pytest.mark.covers("khan-queso.plague", ruleset="first")
def test_plague_rolls_for_each_adjacent_unit_after_moving(dice: Dice) -> None:
    st = fresh(MOVE)
    khan = put(st, 0, "khan-queso", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 4))
    golem = put(st, 0, "stone-golem", sq(3, 5))
    dice(5, 4)
    st.apply_action(Move(khan, sq(3, 4)))
    assert st.damage[krung] == 1 and st.damage[golem] == 0  # friends too, on 5+


@pytest.mark.covers("vermin.plague", ruleset="first")
def test_vermin_plague(dice: Dice) -> None:
    st = fresh(MOVE)
    vermin = put(st, 0, "vermin", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(4, 4))
    dice(6)
    st.apply_action(Move(vermin, sq(3, 4)))
    assert st.damage[shaman] == 1 and dice.sizes == [1]


@pytest.mark.covers("khexhu.regenerate", ruleset="first")
def test_regenerate_pays_one_to_heal_after_moving() -> None:
    st = fresh(MOVE)
    set_magic(st, 0, 1)
    khexhu = put(st, 0, "khexhu", sq(3, 3))
    st.damage[khexhu] = 2
    st.apply_action(Move(khexhu, sq(3, 4)))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, YES)
    st.apply_action(YES)
    assert st.damage[khexhu] == 1 and st.magic[0] == 0


@pytest.mark.covers("kogar.grapple", ruleset="first")
def test_grapple_holds_a_common_then_wounds_it_if_still_adjacent() -> None:
    st = fresh(MAGIC)
    kogar = put(st, 0, "kogar", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(4, 3))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(shaman),)  # mandatory
    st.apply_action(ChooseTarget(shaman))
    assert st.turn_player == 1
    to_phase(st, MOVE)
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == shaman
    ]
    to_phase(st, ATTACK)
    assert Attack(shaman, kogar) not in st.legal_actions()
    finish_turn(st)
    assert st.turn_player == 0 and st.damage[shaman] == 1


@pytest.mark.covers("magos.wisdom", ruleset="first")
def test_wisdom_fills_the_hand_to_seven() -> None:
    st = fresh(MAGIC)
    put(st, 0, "magos", sq(2, 2))
    finish_turn(st)
    assert len(st.hand[1]) == 5
    finish_turn(st)
    assert st.turn_player == 0 and len(st.hand[0]) == 7


@pytest.mark.covers("malevolence.cursed-blade", ruleset="first")
def test_cursed_blade_wounds_her_after_each_attack(dice: Dice) -> None:
    st = fresh()
    mal = put(st, 0, "malevolence", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(3, 3, 1, 1)
    st.apply_action(Attack(mal, krung))
    assert st.damage[krung] == 2 and st.damage[mal] == 1


@pytest.mark.covers("mundol.mage-master", ruleset="first")
def test_mage_master_boosts_friendly_mages_within_two() -> None:
    st = fresh()
    put(st, 0, "mundol", sq(3, 3))
    near = put(st, 0, "apprentice-mage", sq(3, 5))
    far = put(st, 0, "time-mage", sq(0, 5))
    golem = put(st, 0, "stone-golem", sq(3, 2))
    assert st.strength(near) == 2 and st.strength(far) == 1 and st.strength(golem) == 2


@pytest.mark.covers("naannashi.disguised", ruleset="first")
def test_disguised_replaces_a_common_and_takes_its_wounds() -> None:
    st = fresh(SUMMON)
    rune = put(st, 0, "rune-mage", sq(4, 2))
    st.damage[rune] = 1
    naan = to_hand(st, 0, "naannashi")
    set_magic(st, 0, 5)  # after fetching Naannashi: not one of the 5 cards
    assert [a.option for a in uses(st, "naannashi.disguised")] == [rune]
    st.apply_action(UseAbility(naan, "naannashi.disguised", rune))
    assert st.pos[naan] == sq(4, 2) and st.damage[naan] == 1
    assert st.zone[rune] == DISCARD and st.magic[0] == 0


@pytest.mark.covers("rath.prey", ruleset="first")
def test_prey_places_him_next_to_a_wounded_enemy_common() -> None:
    st = fresh(MOVE)
    rath = put(st, 0, "rath", sq(1, 0))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(5, 3))
    put(st, 1, "fighter-tundra-orcs", sq(5, 0))  # unwounded
    krung = put(st, 1, "krung", sq(6, 5))
    st.damage[krung] = 1  # a champion
    assert uses(st, "rath.prey") == []
    st.damage[shaman] = 1
    st.invalidate()
    spaces = [a.option for a in uses(st, "rath.prey")]
    assert spaces == [sq(4, 3), sq(5, 2), sq(5, 4), sq(6, 3)]
    st.apply_action(UseAbility(rath, "rath.prey", sq(4, 3)))
    assert st.pos[rath] == sq(4, 3) and rath in st.moved


@pytest.mark.covers("rygos.clean-shot", ruleset="first")
def test_clean_shot_at_the_end_of_the_attack_phase() -> None:
    st = fresh()
    put(st, 0, "rygos", sq(3, 3))
    krung = put(st, 1, "krung", sq(6, 3))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and ChooseTarget(krung) in dec.options
    st.apply_action(ChooseTarget(krung))
    assert st.damage[krung] == 1


def test_clean_shot_not_with_an_enemy_adjacent() -> None:
    st = fresh()
    put(st, 0, "rygos", sq(3, 3))
    put(st, 1, "krung", sq(6, 3))
    put(st, 1, "fighter-tundra-orcs", sq(3, 2))
    st.apply_action(EndPhase())
    assert pending(st) is None and st.phase == MAGIC


@pytest.mark.covers("saella.precise", ruleset="first")
def test_saella_precise_against_units_not_walls(dice: Dice) -> None:
    st = fresh()
    saella = put(st, 0, "saella", sq(3, 3))
    wall = put(st, 1, "wall", sq(4, 3))
    dice(1, 1)
    st.apply_action(Attack(saella, wall))
    assert st.damage[wall] == 0


@pytest.mark.covers("sairook.shadow-summon", ruleset="first")
def test_shadow_summon_returns_him_to_hand_without_wounds() -> None:
    st = fresh(MAGIC)
    sai = put(st, 0, "sairook", sq(3, 3))
    st.damage[sai] = 3
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.options == (NO, YES)
    st.apply_action(YES)
    assert st.zone[sai] == HAND and st.damage[sai] == 0 and sai in st.hand[0]


@pytest.mark.covers("the-seer.manipulate-destiny", ruleset="first")
def test_manipulate_destiny_puts_a_players_top_card_where_chosen() -> None:
    st = fresh()
    seer = put(st, 0, "the-seer", sq(4, 2))
    put(st, 1, "wall", sq(5, 2))
    assert [a.option for a in uses(st, "the-seer.manipulate-destiny")] == [1]
    top = st.deck[1][-1]
    st.apply_action(UseAbility(seer, "the-seer.manipulate-destiny", 1))
    assert seer in st.attacked
    st.apply_action(ChooseOption(2))
    assert st.zone[top] == MAGIC_PILE and st.magic[1] == 1
    put(st, 0, "wall", sq(3, 2))
    st.attacked.clear()
    st.invalidate()
    assert [a.option for a in uses(st, "the-seer.manipulate-destiny")] == [0, 1]
    mine = st.deck[0][-1]
    st.apply_action(UseAbility(seer, "the-seer.manipulate-destiny", 0))
    st.apply_action(ChooseOption(0))
    assert st.zone[mine] == HAND and mine in st.hand[0]


@pytest.mark.covers("urick.knock-around", ruleset="first")
def test_knock_around_moves_a_wounded_survivor_up_to_three_straight(dice: Dice) -> None:
    st = fresh()
    urick = put(st, 0, "urick", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(3, 3)
    st.apply_action(Attack(urick, krung))
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(7, 3)) in dec.options
    assert ChooseSpace(sq(5, 4)) not in dec.options
    st.apply_action(ChooseSpace(sq(7, 3)))
    assert st.pos[krung] == sq(7, 3)


def test_knock_around_not_without_a_wound(dice: Dice) -> None:
    st = fresh()
    urick = put(st, 0, "urick", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(1, 2)
    st.apply_action(Attack(urick, krung))
    assert pending(st) is None


# ------------------------------------------------------------------ commons
@pytest.mark.covers("apprentice-mage.magic-shot", ruleset="first")
def test_magic_shot_pays_for_a_ranged_attack(dice: Dice) -> None:
    st = fresh()
    set_magic(st, 0, 2)
    mage = put(st, 0, "apprentice-mage", sq(2, 2))
    krung = put(st, 1, "krung", sq(5, 2))
    assert Attack(mage, krung) not in st.legal_actions()
    dice(3)
    st.apply_action(UseAbility(mage, "apprentice-mage.magic-shot", krung * 2 + 1))
    assert st.damage[krung] == 1 and st.magic[0] == 1 and mage in st.attacked


def test_magic_shot_plus_one_attack_once_per_turn(dice: Dice) -> None:
    st = fresh()
    set_magic(st, 0, 2)
    mage = put(st, 0, "apprentice-mage", sq(2, 2))
    krung = put(st, 1, "krung", sq(3, 2))
    dice(3, 3)
    st.apply_action(UseAbility(mage, "apprentice-mage.magic-shot", krung * 2))
    assert dice.sizes == [2] and st.damage[krung] == 2 and st.magic[0] == 1
    other = put(st, 0, "apprentice-mage", sq(2, 4))
    assert all(a.card == other for a in uses(st, "apprentice-mage.magic-shot"))


@pytest.mark.covers("bounder.leap", ruleset="first")
def test_leap_goes_three_straight_over_units_not_walls() -> None:
    st = fresh(MOVE)
    bounder = put(st, 0, "bounder", sq(2, 0))
    put(st, 0, "stone-golem", sq(3, 0))
    put(st, 0, "wall", sq(2, 1))
    assert [a.option for a in uses(st, "bounder.leap")] == [sq(4, 0), sq(5, 0)]
    st.apply_action(UseAbility(bounder, "bounder.leap", sq(5, 0)))
    assert st.pos[bounder] == sq(5, 0) and bounder in st.moved


@pytest.mark.covers("bow-grounder.swift", ruleset="first")
def test_swift_moves_three_spaces() -> None:
    st = fresh(MOVE)
    bg = put(st, 0, "bow-grounder", sq(2, 0))
    assert Move(bg, sq(5, 0)) in st.legal_actions()
    golem = put(st, 0, "stone-golem", sq(2, 5))
    assert Move(golem, sq(5, 5)) not in st.legal_actions()


@pytest.mark.covers("demon-hand.dark-pact", ruleset="first")
def test_dark_pact_rolls_against_a_neighbour_before_moving(dice: Dice) -> None:
    st = fresh(MOVE)
    hand = put(st, 0, "demon-hand", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    dice(4)
    st.apply_action(UseAbility(hand, "demon-hand.dark-pact", krung))
    assert st.damage[krung] == 1 and hand in st.moved
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(3, 3)) in dec.options  # 0-space move
    st.apply_action(ChooseSpace(sq(2, 2)))
    assert st.pos[hand] == sq(2, 2)


def test_dark_pact_destroyed_wounds_your_summoner_discarded_not() -> None:
    st = fresh()
    rallul = st.info.summoners[0]
    hand = put(st, 0, "demon-hand", sq(3, 3))
    st.deal_damage(hand, 3, 1)
    st.settle()
    assert st.zone[hand] == MAGIC_PILE and st.damage[rallul] == 1
    other = put(st, 0, "demon-hand", sq(3, 3))
    st.discard_card(other)
    st.settle()
    assert st.damage[rallul] == 1


@pytest.mark.covers("owl-familiar.mental-clarity", ruleset="first")
def test_mental_clarity_rearranges_the_top_three_cards() -> None:
    st = fresh()
    owl = put(st, 0, "owl-familiar", sq(2, 2))
    deck = st.deck[0]
    first, second, third = deck[-1], deck[-2], deck[-3]
    size = len(deck)
    st.apply_action(UseAbility(owl, "owl-familiar.mental-clarity", 0))
    assert owl in st.attacked
    dec = pending(st)
    assert dec is not None and len(dec.options) == 24
    # the old third card on top, then the second; the old top card to the bottom
    st.apply_action(ChooseOption(arrangements(3).index(((2, 1), (0,)))))
    assert deck[-1] == third and deck[-2] == second and deck[0] == first
    assert len(deck) == size


@pytest.mark.covers("rogue.lesser-backstab", ruleset="first")
def test_lesser_backstab_plus_two_from_behind(dice: Dice) -> None:
    st = fresh()
    rogue = put(st, 0, "rogue", sq(4, 3))
    below = put(st, 1, "krung", sq(3, 3))
    above = put(st, 1, "ugg", sq(5, 3))
    st.apply_action(Attack(rogue, below))
    assert dice.sizes == [3]
    st.attacked.clear()
    st.invalidate()
    st.apply_action(Attack(rogue, above))
    assert dice.sizes == [3, 1]


@pytest.mark.covers("rune-mage.siphon", ruleset="first")
def test_siphon_takes_a_magic_instead_of_moving() -> None:
    st = fresh(EVENTS)
    theirs = fill_magic(st, 1, 3)
    rune = put(st, 0, "rune-mage", sq(4, 2))
    put(st, 1, "wall", sq(5, 2))
    st.apply_action(EndPhase())  # the movement phase begins next to their wall
    assert st.phase == MOVE
    st.apply_action(UseAbility(rune, "rune-mage.siphon", 0))
    # the top card of their pile onto mine
    assert st.magic_pile == [theirs[2:], theirs[:2]] and rune in st.moved
    assert st.magic == [1, 2]
    assert uses(st, "rune-mage.siphon") == []


def test_siphon_only_when_the_phase_began_next_to_the_wall() -> None:
    st = fresh(EVENTS)
    fill_magic(st, 1, 3)
    rune = put(st, 0, "rune-mage", sq(3, 2))
    put(st, 1, "wall", sq(5, 2))
    st.apply_action(EndPhase())
    st.apply_action(Move(rune, sq(4, 2)))
    assert uses(st, "rune-mage.siphon") == []


@pytest.mark.covers("spear-grounder.reach", ruleset="first")
def test_reach_attacks_diagonally_and_adds_one_against_adjacent(dice: Dice) -> None:
    st = fresh()
    spear = put(st, 0, "spear-grounder", sq(3, 3))
    diag = put(st, 1, "krung", sq(4, 4))
    assert [a.option for a in uses(st, "spear-grounder.reach")] == [diag]
    dice(3)
    st.apply_action(UseAbility(spear, "spear-grounder.reach", diag))
    assert st.damage[diag] == 1 and dice.sizes == [1] and spear in st.attacked
    adj = put(st, 1, "ugg", sq(3, 2))
    st.attacked.clear()
    st.invalidate()
    st.apply_action(Attack(spear, adj))
    assert dice.sizes == [1, 2]


@pytest.mark.covers("stone-golem.slow", ruleset="first")
def test_slow_golem_cannot_attack_after_moving_two() -> None:
    st = fresh(MOVE)
    far = put(st, 0, "stone-golem", sq(2, 0))
    near = put(st, 0, "stone-golem", sq(3, 5))
    e1 = put(st, 1, "krung", sq(5, 0))
    e2 = put(st, 1, "ugg", sq(5, 5))
    st.apply_action(Move(far, sq(4, 0)))
    st.apply_action(Move(near, sq(4, 5)))
    st.apply_action(EndPhase())
    assert Attack(far, e1) not in st.legal_actions()
    assert Attack(near, e2) in st.legal_actions()


@pytest.mark.covers("stonecloak.stolen-armor", ruleset="first")
def test_stolen_armor_summons_next_to_a_sturdy_wall_and_wounds_it() -> None:
    st = fresh(SUMMON)
    set_magic(st, 0, 1)
    sturdy = put(st, 0, "wall", sq(1, 1))
    weak = put(st, 0, "wall", sq(1, 4))
    st.damage[weak] = 7
    cloak = to_hand(st, 0, "stonecloak")
    assert not [
        a for a in st.legal_actions() if isinstance(a, Summon) and a.card == cloak
    ]
    opts = {a.option for a in uses(st, "stonecloak.stolen-armor")}
    assert opts == {sturdy * 64 + s for s in (sq(2, 1), sq(1, 2), sq(0, 1), sq(1, 0))}
    st.apply_action(
        UseAbility(cloak, "stonecloak.stolen-armor", sturdy * 64 + sq(2, 1))
    )
    assert st.pos[cloak] == sq(2, 1) and st.damage[sturdy] == 3 and st.magic[0] == 0


def test_first_edition_summons_honour_prevents_summon() -> None:
    st = fresh(SUMMON)
    set_magic(st, 0, 5)
    put(st, 0, "wall", sq(1, 1))
    golem = to_hand(st, 0, "stone-golem")
    cloak = to_hand(st, 0, "stonecloak")
    summoned = {a.card for a in st.legal_actions() if isinstance(a, Summon)}
    assert golem in summoned and cloak not in summoned


@pytest.mark.covers("sword-grounder.tough", ruleset="first")
def test_tough_only_fours_wound_it_when_an_opponent_attacks(dice: Dice) -> None:
    st = fresh()
    tough = put(st, 1, "sword-grounder", sq(4, 3))
    golem = put(st, 0, "stone-golem", sq(3, 3))
    dice(3, 4)
    st.apply_action(Attack(golem, tough))
    assert st.damage[tough] == 1
    mine = put(st, 0, "sword-grounder", sq(2, 0))
    golem2 = put(st, 0, "stone-golem", sq(2, 1))
    dice(3, 3)
    st.apply_action(Attack(golem2, mine))  # its own side's attack: 3s wound
    assert st.zone[mine] == MAGIC_PILE


def test_tough_does_not_stop_precise(dice: Dice) -> None:
    st = fresh()
    tough = put(st, 1, "sword-grounder", sq(4, 3))
    saella = put(st, 0, "saella", sq(3, 3))
    dice(1, 3)
    st.apply_action(Attack(saella, tough))
    assert st.zone[tough] == MAGIC_PILE  # no roll: 2 wounds


@pytest.mark.covers("time-mage.blink", ruleset="first")
def test_blink_moves_diagonally_and_through_cards() -> None:
    st = fresh(MOVE)
    mage = put(st, 0, "time-mage", sq(2, 2))
    for s in (sq(3, 2), sq(2, 3), sq(1, 2), sq(2, 1)):
        put(st, 0, "stone-golem", s)
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == mage]
    opts = [a.option for a in uses(st, "time-mage.blink")]
    assert sq(3, 3) in opts and sq(4, 2) in opts and sq(4, 4) in opts
    assert sq(5, 2) not in opts
    st.apply_action(UseAbility(mage, "time-mage.blink", sq(4, 4)))
    assert st.pos[mage] == sq(4, 4) and mage in st.moved


# ------------------------------------------------------------------ edge cases
def test_stolen_armor_after_a_free_summon_wounds_a_sturdy_wall_next_to_it() -> None:
    st = bench_fresh("rallul", "grognack", EVENTS, extra=("reinforcements",))
    wall = put(st, 0, "wall", sq(1, 1))
    put(st, 1, "krung", sq(6, 0))  # they have more units: Reinforcements is playable
    put(st, 1, "ugg", sq(6, 1))
    cloak = to_hand(st, 0, "stonecloak")
    card = to_hand(st, 0, "reinforcements")
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(cloak))
    st.apply_action(ChooseSpace(sq(2, 1)))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(wall),)  # FAQ: free too
    st.apply_action(ChooseTarget(wall))
    assert st.pos[cloak] == sq(2, 1) and st.damage[wall] == 3


def test_knock_around_not_when_the_attack_destroys_the_unit(dice: Dice) -> None:
    st = fresh()
    urick = put(st, 0, "urick", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(4, 3))
    dice(3, 3)
    st.apply_action(Attack(urick, shaman))
    assert st.zone[shaman] == MAGIC_PILE and pending(st) is None


def test_cursed_blade_destroying_her_feeds_her_controllers_magic(dice: Dice) -> None:
    st = fresh()
    mal = put(st, 0, "malevolence", sq(3, 3))
    krung = put(st, 1, "krung", sq(4, 3))
    st.damage[mal] = 6
    dice(1, 1, 1, 1)
    st.apply_action(Attack(mal, krung))
    assert st.zone[mal] == MAGIC_PILE and st.magic == [1, 0]  # R22/R27


def test_grapple_hold_outlasts_kogar() -> None:
    # FAQ 2.9.5.1: destroying Kogar does not free the unit he holds
    st = fresh(MAGIC)
    kogar = put(st, 0, "kogar", sq(3, 3))
    shaman = put(st, 1, "shaman-tundra-orcs", sq(4, 3))
    st.apply_action(EndPhase())
    st.apply_action(ChooseTarget(shaman))
    st.destroy(kogar, 1)
    to_phase(st, MOVE)
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == shaman
    ]
    finish_turn(st)
    assert st.turn_player == 0 and st.damage[shaman] == 0  # no wound without him
    finish_turn(st)
    to_phase(st, MOVE)
    assert [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == shaman]


def test_gore_bonus_after_being_knocked_three_straight_spaces(dice: Dice) -> None:
    # FAQ 2.9.4.3: Urick's Knock Around moving Hulgorad 3 clear spaces triggers Gore
    st = fresh()
    urick = put(st, 0, "urick", sq(3, 3))
    hul = put(st, 0, "hulgorad", sq(2, 3))
    dice(3, 1)
    st.apply_action(Attack(urick, hul))
    assert st.damage[hul] == 1 and st.strength(hul) == 3
    st.apply_action(ChooseSpace(sq(2, 0)))  # 3 spaces left along row 3
    assert st.pos[hul] == sq(2, 0) and st.strength(hul) == 4


def test_plague_after_being_pushed(dice: Dice) -> None:
    # FAQ 1.0.0.33: "after moving" triggers when another card moves the unit
    st = fresh()
    urick = put(st, 0, "urick", sq(3, 3))
    khan = put(st, 0, "khan-queso", sq(4, 3))
    krung = put(st, 1, "krung", sq(5, 2))
    dice(3, 1, 6)
    st.apply_action(Attack(urick, khan))
    st.apply_action(ChooseSpace(sq(4, 2)))
    assert st.pos[khan] == sq(4, 2) and st.damage[krung] == 1


def test_shadow_summon_by_a_player_who_took_control_of_him() -> None:
    # FAQ 2.9.9.1: the controller (Blazing Conscription) takes him into their hand
    st = bench_fresh("rallul", "grognack", MAGIC, extra=("sairook",))
    sai = put(st, 1, "sairook", sq(3, 3))
    st.set_controller(sai, 0)
    st.invalidate()
    st.apply_action(EndPhase())
    st.apply_action(YES)
    assert st.zone[sai] == HAND and sai in st.hand[0] and st.ctrl[sai] == 0


def test_shadow_summon_not_when_he_left_the_battlefield() -> None:
    st = fresh(MAGIC)
    sai = put(st, 0, "sairook", sq(3, 3))
    st.destroy(sai, 1)
    st.apply_action(EndPhase())
    assert pending(st) is None and st.turn_player == 1


def test_regenerate_not_when_the_opponent_moves_him(dice: Dice) -> None:
    # FAQ 1.0.0.24: only the player who moved him may use his "may" ability
    st = bench_fresh("rallul", "grognack", ATTACK, extra=("khexhu",))
    set_magic(st, 0, 0)
    set_magic(st, 1, 3)
    urick = put(st, 0, "urick", sq(3, 3))
    khexhu = put(st, 1, "khexhu", sq(4, 3))
    dice(3, 1)
    st.apply_action(Attack(urick, khexhu))
    st.apply_action(ChooseSpace(sq(6, 3)))
    assert st.pos[khexhu] == sq(6, 3) and pending(st) is None
    assert st.damage[khexhu] == 1 and st.magic == [0, 3]


def test_draw_power_with_an_empty_draw_pile_draws_nothing() -> None:
    # FAQ 2.9.7.1: the wall may be wounded even with no card to draw
    st = fresh(MOVE)
    wall = put(st, 0, "wall", sq(0, 4))
    for c in list(st.deck[0]):
        st.discard_card(c)
    st.invalidate()
    st.apply_action(UseAbility(st.info.summoners[0], "rallul.draw-power", wall * 4 + 1))
    assert st.damage[wall] == 1
    st.apply_action(ChooseOption(1))
    assert st.hand[0] == [] and not st.terminal
