"""The first edition's Filth (The Demagogue's deck, research/first-edition.md 2.7.4),
one scenario per card at least, on a real first-edition game cleared to the summoners
(The Demagogue on d1, Selundar on a8). Dice are rigged (``scenario.Dice``): a face is
its number, a hit on 3+ (R21); an empty queue rolls blanks (misses)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, end_phases, end_turn, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
    YesNo,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import DECK, DISCARD, HAND, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.responses import WINDOW


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    """The Filth (seat 0, to act; The Demagogue on d1) against the Shadow Elves
    (Selundar on a8), events in the decks."""
    return bench_fresh("the-demagogue", "selundar", phase, events=True)


def mutate_action(st: GameState, mutation: int, host: int) -> UseAbility:
    acts = [a for a in st.legal_actions() if isinstance(a, UseAbility)]
    return next(a for a in acts if a.card == mutation and a.option == host)


# ------------------------------------------------------------------ mutations
@pytest.mark.covers("bestial-mutant.greater-swiftness", ruleset="first")
def test_a_mutation_is_summoned_onto_a_filth_common_and_keeps_its_wounds() -> None:
    st = fresh(SUMMON)
    zealot = put(st, 0, "zealot", sq(2, 2))
    st.damage[zealot] = 0
    anointed = put(st, 0, "anointed", sq(2, 4))
    st.damage[anointed] = 1
    put(st, 1, "swordsman", sq(5, 5))  # not yours: never a host
    bestial = to_hand(st, 0, "bestial-mutant")
    set_magic(st, 0, 2)
    acts = [a for a in st.legal_actions() if isinstance(a, UseAbility)]
    assert {a.option for a in acts if a.card == bestial} == {zealot, anointed}
    st.apply_action(mutate_action(st, bestial, anointed))
    assert st.pos[bestial] == sq(2, 4) and st.damage[bestial] == 1
    assert st.zone[anointed] == UNDER and st.under[bestial] == (anointed,)
    assert st.magic[0] == 0
    # Greater Swiftness: 4 spaces in the movement phase
    end_phases(st, 2)
    assert st.phase == MOVE
    assert Move(bestial, sq(6, 4), -1) in st.legal_actions()
    # destroyed: the unit under it goes with it (R37)
    st.destroy(bestial, 1)
    assert st.zone[bestial] == MAGIC_PILE and st.zone[anointed] == MAGIC_PILE


def test_a_new_mutation_costs_less_and_the_old_returns_to_hand() -> None:
    st = fresh(SUMMON)
    zealot = put(st, 0, "zealot", sq(2, 2))
    bestial = to_hand(st, 0, "bestial-mutant")
    claw = to_hand(st, 0, "claw-mutant")
    set_magic(st, 0, 4)
    st.apply_action(mutate_action(st, bestial, zealot))
    assert st.magic[0] == 2
    st.apply_action(mutate_action(st, claw, bestial))  # 4 - 2
    assert st.magic[0] == 0 and st.pos[claw] == sq(2, 2)
    assert st.zone[bestial] == HAND and st.under[claw] == (zealot,)


def test_mutations_are_not_summoned_next_to_walls() -> None:
    st = fresh(SUMMON)
    put(st, 0, "wall", sq(1, 0))
    bestial = to_hand(st, 0, "bestial-mutant")
    set_magic(st, 0, 5)
    assert not [a for a in st.legal_actions() if isinstance(a, Summon)]
    assert not [a for a in st.legal_actions() if getattr(a, "card", -1) == bestial]


@pytest.mark.covers("winged-mutant.greater-flight", ruleset="first")
def test_winged_mutant_flies_three_spaces_over_cards() -> None:
    st = fresh(MOVE)
    wing = put(st, 0, "winged-mutant", sq(2, 0))
    put(st, 1, "swordsman", sq(3, 0))
    dests = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == wing}
    assert sq(5, 0) in dests and sq(6, 0) not in dests


@pytest.mark.covers("claw-mutant.crushing-grip", ruleset="first")
def test_crushing_grip_rolls_the_targets_life(dice: Dice) -> None:
    st = fresh()
    claw = put(st, 0, "claw-mutant", sq(3, 2))
    champ = put(st, 1, "hydrake", sq(4, 2))  # life 8: capped at 5
    common = put(st, 1, "swordsman", sq(3, 3))  # life 1
    wall = put(st, 1, "wall", sq(2, 2))
    st.apply_action(Attack(claw, champ))
    assert dice.sizes[-1] == 5
    st.attacked.clear()
    st.invalidate()
    st.apply_action(Attack(claw, common))
    assert dice.sizes[-1] == 1
    st.attacked.clear()
    st.invalidate()
    st.apply_action(Attack(claw, wall))
    assert dice.sizes[-1] == 1  # its own attack against a wall


@pytest.mark.covers("corpulent-mutant.ignore-pain", ruleset="first")
def test_ignore_pain_on_four_or_more(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    corp = put(st, 0, "corpulent-mutant", sq(3, 2))
    a = put(st, 1, "swordsman", sq(4, 2))
    b = put(st, 1, "blade-master", sq(3, 3))
    dice(6, 6, 4)  # swordsman's 2 hits, then Ignore Pain's 4: no wounds
    st.apply_action(Attack(a, corp))
    assert st.damage[corp] == 0
    dice(6, 3)  # blade master's hit, then Ignore Pain's 3: wounded
    st.apply_action(Attack(b, corp))
    assert st.damage[corp] == 1


@pytest.mark.covers("edible-mutant.feed-the-brethren", ruleset="first")
def test_feed_the_brethren_takes_a_wound_from_a_friend_that_moves_next_to_it() -> None:
    st = fresh(MOVE)
    edible = put(st, 0, "edible-mutant", sq(3, 2))
    anointed = put(st, 0, "anointed", sq(1, 2))
    st.damage[anointed] = 1
    st.apply_action(Move(anointed, sq(2, 2), -1))
    dec = pending(st)
    assert dec is not None and dec.ability == "edible-mutant.feed-the-brethren"
    st.apply_action(YesNo(True))
    assert st.damage[anointed] == 0 and st.damage[edible] == 1


@pytest.mark.covers("horror-mutant.demonic-visage", ruleset="first")
def test_demonic_visage_stops_an_enemy_that_moved_next_to_it() -> None:
    st = fresh(MOVE)
    st.turn_player = 1
    put(st, 0, "horror-mutant", sq(3, 2))
    sw = put(st, 1, "swordsman", sq(5, 2))
    other = put(st, 1, "blade-master", sq(4, 3))  # adjacent, did not move
    st.apply_action(Move(sw, sq(4, 2), -1))
    st.apply_action(EndPhase())
    assert st.phase == ATTACK
    attackers = {a.attacker for a in st.legal_actions() if isinstance(a, Attack)}
    assert sw not in attackers and other in attackers


@pytest.mark.covers("incanter-mutant.incite-brethren", ruleset="first")
def test_incite_brethren_two_more_for_adjacent_unmutated_commons() -> None:
    st = fresh()
    put(st, 0, "incanter-mutant", sq(3, 2))
    zealot = put(st, 0, "zealot", sq(3, 3))
    far = put(st, 0, "zealot", sq(1, 0))
    spew = put(st, 0, "spew-mutant", sq(2, 2))  # mutated: no bonus
    assert st.strength(zealot) == 3 and st.strength(far) == 1
    assert st.strength(spew) == 2


@pytest.mark.covers("spellsucker-mutant.nullify", ruleset="first")
def test_nullify_destroys_the_spellsucker_and_cancels_the_event() -> None:
    st = fresh(EVENTS)
    st.turn_player = 1
    sucker = put(st, 0, "spellsucker-mutant", sq(2, 2))
    a = put(st, 1, "swordsman", sq(5, 0))
    put(st, 0, "zealot", sq(1, 0))
    put(st, 0, "zealot", sq(1, 1))
    dark = to_hand(st, 1, "into-darkness")
    st.apply_action(PlayEvent(dark))
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, UseAbility(sucker, "spellsucker-mutant.nullify"))
    st.apply_action(dec.options[1])
    assert st.zone[sucker] == MAGIC_PILE and st.magic[0] == 1  # its own kill (R27)
    assert pending(st) is None and st.zone[dark] == DISCARD
    assert st.on_board(a)  # Into Darkness had no effect on anything
    assert st.stack == []


def test_nullify_declined_lets_the_event_resolve() -> None:
    st = fresh(EVENTS)
    st.turn_player = 1
    sucker = put(st, 0, "spellsucker-mutant", sq(2, 2))
    z1 = put(st, 0, "zealot", sq(1, 0))
    put(st, 0, "zealot", sq(1, 1))
    dark = to_hand(st, 1, "into-darkness")
    st.apply_action(PlayEvent(dark))
    st.apply_action(NO)
    dec = pending(st)
    assert dec is not None and dec.ability == "into-darkness.effect"
    from engine.core.actions import ChooseTarget

    st.apply_action(ChooseTarget(z1))
    assert st.zone[z1] == DISCARD and st.on_board(sucker)


def test_nullify_not_offered_for_own_events_or_walls() -> None:
    st = fresh(EVENTS)
    put(st, 0, "spellsucker-mutant", sq(2, 2))
    put(st, 0, "zealot", sq(1, 0))
    chan = to_hand(st, 0, "channel-corruption")
    to_hand(st, 0, "bestial-mutant")
    st.apply_action(PlayEvent(chan))
    dec = pending(st)
    assert dec is not None and dec.ability == "channel-corruption.effect"


@pytest.mark.covers("spew-mutant.acidic-vomit", ruleset="first")
def test_acidic_vomit_adds_a_wound_to_two_or_more(dice: Dice) -> None:
    st = fresh()
    spew = put(st, 0, "spew-mutant", sq(3, 2))
    target = put(st, 1, "hydrake", sq(5, 2))
    dice(5, 5)
    st.apply_action(Attack(spew, target))
    assert st.damage[target] == 3
    st.attacked.clear()
    st.invalidate()
    dice(5, 1)
    st.apply_action(Attack(spew, target))
    assert st.damage[target] == 4  # one wound: nothing more


@pytest.mark.covers("stoneflesh-mutant.living-wall", ruleset="first")
def test_living_wall_is_a_summoning_point() -> None:
    st = fresh(SUMMON)
    put(st, 0, "stoneflesh-mutant", sq(3, 2))
    zealot = to_hand(st, 0, "zealot")
    spaces = {a.space for a in st.legal_actions() if isinstance(a, Summon)}
    assert spaces == {sq(2, 2), sq(4, 2), sq(3, 1), sq(3, 3)}
    st.apply_action(Summon(zealot, sq(4, 2)))
    assert st.pos[zealot] == sq(4, 2)


@pytest.mark.covers("tentacle-mutant.insidious-reach", ruleset="first")
def test_insidious_reach_attacks_two_spaces_through_a_card(dice: Dice) -> None:
    st = fresh()
    tent = put(st, 0, "tentacle-mutant", sq(2, 2))
    between = put(st, 1, "swordsman", sq(3, 2))
    behind = put(st, 1, "hydrake", sq(4, 2))
    far = put(st, 1, "kuldrid", sq(2, 5))
    targets = {a.target for a in st.legal_actions() if isinstance(a, Attack)}
    assert {between, behind} <= targets and far not in targets
    dice(6, 6)
    st.apply_action(Attack(tent, behind))
    assert st.damage[behind] == 2 and st.damage[between] == 0


# ------------------------------------------------------------------ summoner, champions
@pytest.mark.covers("the-demagogue.mutagist", ruleset="first")
def test_mutagist_takes_a_mutation_into_hand_instead_of_attacking() -> None:
    st = fresh()
    dem = st.info.summoners[0]
    acts = uses(st, "the-demagogue.mutagist")
    assert acts and all(st.zone[a.option] == DECK for a in acts)
    slugs = [st.info.cards[a.option].slug for a in acts]
    assert len(slugs) == len(set(slugs)) and "bestial-mutant" in slugs
    act = next(a for a in acts if st.info.cards[a.option].slug == "bestial-mutant")
    st.apply_action(act)
    assert st.zone[act.option] == HAND and dem in st.attacked
    assert not uses(st, "the-demagogue.mutagist")


@pytest.mark.covers("her.her-eyes", ruleset="first")
def test_her_eyes_attacks_any_common_or_champion_if_she_did_not_move() -> None:
    st = fresh(MOVE)
    her = put(st, 0, "her", sq(1, 1))
    far = put(st, 1, "swordsman", sq(6, 5))
    summ = st.info.summoners[1]
    st.apply_action(EndPhase())
    acts = [
        a for a in st.legal_actions() if isinstance(a, Attack) and a.attacker == her
    ]
    assert Attack(her, far) in acts and Attack(her, summ) not in acts
    st2 = fresh(MOVE)
    her = put(st2, 0, "her", sq(1, 1))
    far = put(st2, 1, "swordsman", sq(6, 5))
    st2.apply_action(Move(her, sq(2, 1), -1))
    st2.apply_action(EndPhase())
    assert Attack(her, far) not in st2.legal_actions()


@pytest.mark.covers("the-abomination.writhing-spawn", ruleset="first")
def test_writhing_spawn_adds_a_die_roll_to_its_attack(dice: Dice) -> None:
    st = fresh(MOVE)
    abom = put(st, 0, "the-abomination", sq(3, 2))
    assert st.strength(abom) == 0
    dice(4)
    st.apply_action(EndPhase())
    assert st.phase == ATTACK and st.strength(abom) == 4
    end_turn(st)
    assert st.strength(abom) == 0


@pytest.mark.covers("vomitus.horrific-vomit", ruleset="first")
def test_horrific_vomit_attacks_as_far_as_the_die_says(dice: Dice) -> None:
    st = fresh(MOVE)
    vom = put(st, 0, "vomitus", sq(1, 2))
    near = put(st, 1, "swordsman", sq(4, 2))  # 3 spaces
    blocked = put(st, 1, "swordsman", sq(5, 2))
    dice(3)
    st.apply_action(EndPhase())
    acts = [
        a for a in st.legal_actions() if isinstance(a, Attack) and a.attacker == vom
    ]
    assert Attack(vom, near) in acts and Attack(vom, blocked) not in acts


@pytest.mark.covers("anointed.destined", ruleset="first")
def test_destined_removes_wounds_as_the_movement_phase_starts() -> None:
    st = fresh(EVENTS)
    an = put(st, 0, "anointed", sq(2, 2))
    st.damage[an] = 1
    st.apply_action(EndPhase())
    assert st.phase == MOVE and st.damage[an] == 0


@pytest.mark.covers("cultist-the-filth.hex-thrower", ruleset="first")
def test_hex_thrower_cannot_attack_adjacent_cards() -> None:
    st = fresh()
    cul = put(st, 0, "cultist-the-filth", sq(2, 2))
    adj = put(st, 1, "swordsman", sq(3, 2))
    far = put(st, 1, "swordsman", sq(2, 4))
    acts = st.legal_actions()
    assert Attack(cul, adj) not in acts and Attack(cul, far) in acts


@pytest.mark.covers("zealot.bloodlust", ruleset="first")
def test_bloodlust_cannot_attack_walls() -> None:
    st = fresh()
    z = put(st, 0, "zealot", sq(2, 2))
    wall = put(st, 1, "wall", sq(3, 2))
    unit = put(st, 1, "swordsman", sq(2, 3))
    acts = st.legal_actions()
    assert Attack(z, wall) not in acts and Attack(z, unit) in acts


# ------------------------------------------------------------------ events
@pytest.mark.covers("channel-corruption.effect", ruleset="first")
def test_channel_corruption_summons_a_mutation_for_free() -> None:
    st = fresh(EVENTS)
    zealot = put(st, 0, "zealot", sq(2, 2))
    chan = to_hand(st, 0, "channel-corruption")
    claw = to_hand(st, 0, "claw-mutant")
    assert st.magic[0] == 0
    st.apply_action(PlayEvent(chan))
    dec = pending(st)
    assert dec is not None
    act = next(a for a in dec.options if isinstance(a, UseAbility) and a.card == claw)
    st.apply_action(act)
    assert st.pos[claw] == sq(2, 2) and st.under[claw] == (zealot,)
    assert st.magic[0] == 0


def test_channel_corruption_needs_a_mutation_and_a_host() -> None:
    st = fresh(EVENTS)
    chan = to_hand(st, 0, "channel-corruption")
    to_hand(st, 0, "claw-mutant")
    assert PlayEvent(chan) not in st.legal_actions()


@pytest.mark.covers("shield-of-the-hopeful.effect", ruleset="first")
def test_shield_of_the_hopeful_cancels_an_attacks_wounds(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    zealot = put(st, 0, "zealot", sq(3, 2))
    sw = put(st, 1, "swordsman", sq(4, 2))
    shield = to_hand(st, 0, "shield-of-the-hopeful")
    assert PlayEvent(shield) not in st.legal_actions()
    dice(6, 6)
    st.apply_action(Attack(sw, zealot))
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, PlayEvent(shield))
    st.apply_action(PlayEvent(shield))
    assert st.on_board(zealot) and st.damage[zealot] == 0
    assert st.zone[shield] == DISCARD and pending(st) is None
    # the next attack wounds it as usual
    bm = put(st, 1, "blade-master", sq(3, 3))
    dice(6)
    st.apply_action(Attack(bm, zealot))
    assert st.zone[zealot] == MAGIC_PILE


def test_shield_not_offered_for_misses_or_mutated_units(dice: Dice) -> None:
    st = fresh()
    st.turn_player = 1
    zealot = put(st, 0, "zealot", sq(3, 2))
    sw = put(st, 1, "swordsman", sq(4, 2))
    spew = put(st, 0, "spew-mutant", sq(5, 1))
    bm = put(st, 1, "blade-master", sq(5, 2))
    to_hand(st, 0, "shield-of-the-hopeful")
    dice(1, 2)
    st.apply_action(Attack(sw, zealot))  # misses: nothing asked
    assert pending(st) is None and st.on_board(zealot)
    dice(6)
    st.apply_action(Attack(bm, spew))  # a mutated unit: no Shield
    dec = pending(st)
    assert dec is None or dec.ability != WINDOW
    assert st.damage[spew] == 1


@pytest.mark.covers("void-mutant.dimensional-shift", ruleset="first")
def test_dimensional_shift_lets_commons_through_and_sends_them_to_a_wall() -> None:
    st = fresh(MOVE)
    void = put(st, 0, "void-mutant", sq(2, 2))
    zealot = put(st, 0, "zealot", sq(1, 2))
    wall = put(st, 1, "wall", sq(6, 4))
    enemy = put(st, 1, "swordsman", sq(3, 1))  # not yours: cannot pass
    assert any(  # through the Void Mutant
        isinstance(a, Move) and a.unit == zealot and a.to == sq(3, 2)
        for a in st.legal_actions()
    )
    act = UseAbility(void, "void-mutant.dimensional-shift", zealot)
    assert act in st.legal_actions()
    st.apply_action(act)
    dec = pending(st)
    assert dec is not None
    assert {a.space for a in dec.options} == {sq(5, 4), sq(7, 4), sq(6, 3), sq(6, 5)}
    st.apply_action(dec.options[0])
    assert st.pos[zealot] == sq(5, 4) and zealot in st.moved
    assert st.on_board(wall) and st.on_board(enemy) and st.pos[void] == sq(2, 2)


def test_dimensional_shift_destroys_the_unit_with_no_wall_space() -> None:
    st = fresh(MOVE)
    void = put(st, 0, "void-mutant", sq(2, 2))
    zealot = put(st, 0, "zealot", sq(1, 2))
    st.apply_action(UseAbility(void, "void-mutant.dimensional-shift", zealot))
    assert st.zone[zealot] == MAGIC_PILE and st.magic[0] == 1


@pytest.mark.covers("possessed-wall.effect", ruleset="first")
def test_possessed_wall_blocks_summoning_until_two_cards_are_discarded() -> None:
    from engine.core.actions import ChooseTarget
    from engine.rulesets.first.summon import wall_spaces

    st = fresh(EVENTS)
    wall = put(st, 1, "wall", sq(5, 2))
    pw = to_hand(st, 0, "possessed-wall")
    assert wall_spaces(st, 1)
    st.apply_action(PlayEvent(pw))
    st.apply_action(ChooseTarget(wall))
    assert st.zone[pw] == UNDER and st.pos[pw] == wall
    assert wall_spaces(st, 1) == ()
    # one card in hand: the wall's controller is not asked between phases
    c1 = to_hand(st, 1, "swordsman")
    st.apply_action(EndPhase())
    assert pending(st) is None and st.phase == MOVE
    c2 = to_hand(st, 1, "scout")
    st.apply_action(EndPhase())  # between the opponent's phases: R34
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 1
    assert dec.options == (NO, UseAbility(pw, "possessed-wall.effect"))
    st.apply_action(dec.options[1])
    st.apply_action(ChooseTarget(c1))
    st.apply_action(ChooseTarget(c2))
    assert st.zone[c1] == DISCARD and st.zone[c2] == DISCARD
    assert st.zone[pw] == DISCARD and wall_spaces(st, 1)
    assert pending(st) is None and st.phase == ATTACK


def test_possessed_wall_removed_by_an_action_in_its_victims_turn() -> None:
    from engine.core.actions import ChooseTarget

    st = fresh(EVENTS)
    wall = put(st, 1, "wall", sq(5, 2))
    pw = to_hand(st, 0, "possessed-wall")
    st.apply_action(PlayEvent(pw))
    st.apply_action(ChooseTarget(wall))
    end_turn(st)
    assert st.turn_player == 1
    hand = list(st.hand[1])
    assert len(hand) >= 2  # drawn up to 5
    act = UseAbility(pw, "possessed-wall.effect", 0)
    assert act in st.legal_actions()
    st.apply_action(act)
    st.apply_action(ChooseTarget(hand[0]))
    st.apply_action(ChooseTarget(hand[1]))
    assert st.zone[pw] == DISCARD


def test_possessed_wall_goes_with_its_wall(dice: Dice) -> None:
    from engine.core.actions import ChooseTarget

    st = fresh(EVENTS)
    wall = put(st, 1, "wall", sq(5, 2))
    pw = to_hand(st, 0, "possessed-wall")
    st.apply_action(PlayEvent(pw))
    st.apply_action(ChooseTarget(wall))
    st.destroy(wall, 0)
    assert st.zone[pw] == MAGIC_PILE


# ------------------------------------------------------------ Absorption Mutant
@pytest.mark.covers("absorption-mutant.magic-linked", ruleset="first")
def test_magic_linked_takes_a_filth_card_back_from_the_opponents_discard(
    dice: Dice,
) -> None:
    st = fresh()
    mutant = put(st, 0, "absorption-mutant", sq(3, 3))
    victim = put(st, 1, "swordsman", sq(4, 3))
    # two of my Filth commons the opponent destroyed (their magic pile, R22) and
    # paid with (their discard pile, R14)
    zealots = [put(st, 0, "zealot", sq(2, c)) for c in (0, 1)]
    for z in zealots:
        st.destroy(z, 1)
    st.gain_magic(1, -2)
    assert st.discard[1][-2:] == [zealots[1], zealots[0]]
    assert st.pos[zealots[0]] == 1  # held by player 1, owned by me
    st.invalidate()
    dice(6, 6)
    st.apply_action(Attack(mutant, victim))
    assert st.magic_pile[0] == [victim]
    dec = pending(st)
    # one option per name and owner: the two zealots are one choice
    assert dec is not None and dec.ability == "absorption-mutant.magic-linked"
    assert dec.options == (NO, ChooseTarget(zealots[1]))
    st.apply_action(ChooseTarget(zealots[1]))
    assert st.discard[0][-1] == zealots[1] and st.pos[zealots[1]] == -1
    assert zealots[1] not in st.discard[1] and zealots[0] in st.discard[1]
    assert pending(st) is None


def test_magic_linked_asks_nothing_without_a_kill_or_a_filth_card(dice: Dice) -> None:
    st = fresh()
    mutant = put(st, 0, "absorption-mutant", sq(3, 3))
    big = put(st, 1, "hydrake", sq(3, 4))
    zealot = put(st, 0, "zealot", sq(2, 0))
    st.destroy(zealot, 1)
    st.gain_magic(1, -1)  # a Filth card in their discard pile
    dice(6, 1)  # 1 wound: no kill, nothing asked
    st.apply_action(Attack(mutant, big))
    assert pending(st) is None and st.on_board(big)
    st.discard_to(zealot, 0)  # (gone from their pile)
    victim = put(st, 1, "swordsman", sq(4, 3))
    st.attacked.clear()
    st.invalidate()
    dice(6, 6)  # a kill, but no Filth card in their discard pile
    assert not any(st.info.cards[c].faction == "the-filth" for c in st.discard[1])
    st.apply_action(Attack(mutant, victim))
    assert not st.on_board(victim) and pending(st) is None
