"""Mugglug's Swamp Orcs (first edition, research 2.7.10; issue 17): one scenario per
implemented card on the first-edition bench (firstbench), dice rigged
(``scenario.Dice``: a face is its number, a hit on 3+). Vine Walls come from
Mugglug's separate pile (engine/rulesets/first/piles.py)."""

from __future__ import annotations

import pytest
from firstbench import fresh, put, set_magic, to_hand
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
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, HAND, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.piles import IN_PILE, conjure, pile_cards
from engine.rulesets.first.vines import lift_vine, put_vine_under, vine_under


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def mugglug(phase: int = ATTACK) -> GameState:
    """Mugglug (seat 0) against Prince Elien, events in the decks."""
    return fresh("mugglug", "prince-elien", phase, events=True)


def slug(st: GameState, space: int) -> str | None:
    c = st.board[space]
    return st.info.cards[c].slug if c >= 0 else None


@pytest.mark.covers("mugglug.rampant-growth", ruleset="first")
def test_rampant_growth_grows_a_vine_where_a_unit_next_to_your_wall_fell(
    dice: Dice,
) -> None:
    st = mugglug(ATTACK)
    put(st, 0, "wall", sq(3, 3))
    savager = put(st, 0, "savager", sq(4, 2))
    victim = put(st, 1, "archer-phoenix-elves", sq(4, 3))  # next to the wall
    far = put(st, 1, "archer-phoenix-elves", sq(4, 1))  # not next to a wall
    dice(6, 6, 6)
    st.apply_action(Attack(savager, victim))
    assert st.zone[victim] == MAGIC_PILE and slug(st, sq(4, 3)) == "vine-wall"
    vine = st.board[sq(4, 3)]
    assert st.ctrl[vine] == 0 and len(pile_cards(st, 0, "vine-wall")) == 14
    st.attacked.clear()
    st.invalidate()
    dice(6, 6, 6)
    st.apply_action(Attack(savager, far))
    assert st.zone[far] == MAGIC_PILE and st.board[sq(4, 1)] < 0


@pytest.mark.covers("blerg.adapt", ruleset="first")
def test_adapt_keeps_the_victim_under_blerg_for_attack(dice: Dice) -> None:
    st = mugglug(ATTACK)
    blerg = put(st, 0, "blerg", sq(3, 3))
    victim = put(st, 1, "archer-phoenix-elves", sq(4, 3))
    dice(6, 6)
    st.apply_action(Attack(blerg, victim))
    assert st.magic[0] == 1
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseOption(1))
    st.apply_action(ChooseOption(1))
    assert st.zone[victim] == UNDER and st.pos[victim] == blerg and st.magic[0] == 0
    other = put(st, 1, "guardian", sq(3, 4))
    from engine.core.effects import attack_targets

    assert other in attack_targets(st, blerg)
    n = st.strength(blerg)
    for s, ab in st.hooked("mod_attack_strength"):
        n = ab.mod_attack_strength(st, s, blerg, other, n)
    assert n == 3  # 2 + 1 unit under him


def test_adapt_may_heal_blerg_instead(dice: Dice) -> None:
    st = mugglug(ATTACK)
    blerg = put(st, 0, "blerg", sq(3, 3))
    st.damage[blerg] = 2
    victim = put(st, 1, "archer-phoenix-elves", sq(4, 3))
    dice(6, 6)
    st.apply_action(Attack(blerg, victim))
    st.apply_action(ChooseOption(0))
    assert st.damage[blerg] == 1 and st.zone[victim] == MAGIC_PILE and st.magic[0] == 1


@pytest.mark.covers("murk.vinemancer-choke", ruleset="first")
def test_vinemancer_choke_plus_one_against_a_unit_next_to_a_vine(dice: Dice) -> None:
    st = mugglug(ATTACK)
    murk = put(st, 0, "murk", sq(3, 0))
    target = put(st, 1, "fire-drake", sq(5, 0))
    dice(1, 1, 1)
    st.apply_action(Attack(murk, target))
    assert dice.sizes[-1] == 2
    conjure(st, 0, "vine-wall", sq(5, 1))
    st.attacked.clear()
    st.invalidate()
    dice(1, 1, 1)
    st.apply_action(Attack(murk, target))
    assert dice.sizes[-1] == 3


@pytest.mark.covers("splub.vinemancer-sow", ruleset="first")
def test_vinemancer_sow_puts_a_vine_where_his_victim_stood(dice: Dice) -> None:
    st = mugglug(ATTACK)
    splub = put(st, 0, "splub", sq(3, 3))
    victim = put(st, 1, "archer-phoenix-elves", sq(4, 3))
    dice(6, 6, 6)
    st.apply_action(Attack(splub, victim))
    assert st.zone[victim] == MAGIC_PILE and slug(st, sq(4, 3)) == "vine-wall"


@pytest.mark.covers("conjurer.vinemancer-animate", ruleset="first")
def test_vinemancer_animate_trades_a_vine_for_the_bow(dice: Dice) -> None:
    st = mugglug(MOVE)
    conj = put(st, 0, "conjurer", sq(3, 0))
    vine = conjure(st, 0, "vine-wall", sq(3, 2))
    target = put(st, 1, "guardian", sq(6, 0))  # 3 straight spaces away
    st.invalidate()
    st.apply_action(EndPhase())  # move -> attack: the start of the attack phase
    dec = pending(st)
    assert dec is not None and dec.ability == "conjurer.vinemancer-animate"
    assert set(dec.options) == {NO, ChooseTarget(vine)}
    st.apply_action(ChooseTarget(vine))
    st.apply_action(ChooseOption(1))
    assert st.zone[vine] == IN_PILE and st.magic == [0, 0]  # back to the pile
    assert Attack(conj, target) in st.legal_actions()
    dice(6)
    st.apply_action(Attack(conj, target))
    assert st.damage[target] == 1


def test_vinemancer_animate_plus_one_attack() -> None:
    st = mugglug(MOVE)
    conj = put(st, 0, "conjurer", sq(3, 0))
    vine = conjure(st, 0, "vine-wall", sq(3, 2))
    st.invalidate()
    st.apply_action(EndPhase())
    st.apply_action(ChooseTarget(vine))
    st.apply_action(ChooseOption(0))
    assert st.strength(conj) == 2
    far = put(st, 1, "guardian", sq(6, 0))
    assert Attack(conj, far) not in st.legal_actions()


@pytest.mark.covers("savager.fear", ruleset="first")
def test_fear_discards_an_enemy_common_that_moves_next_to_it(dice: Dice) -> None:
    st = mugglug(MOVE)
    st.turn_player = 1
    put(st, 0, "savager", sq(4, 3))
    common = put(st, 1, "guardian", sq(6, 3))
    champ = put(st, 1, "maelena", sq(6, 4))
    dice(5)
    st.invalidate()
    st.apply_action(Move(common, sq(5, 3)))
    assert st.zone[common] == DISCARD and st.magic == [0, 0]  # discarded: no magic
    st.apply_action(Move(champ, sq(5, 4)))
    assert st.zone[champ] == BOARD  # a champion: no roll
    assert dice.sizes == [1]


def test_fear_spares_on_one_to_four(dice: Dice) -> None:
    st = mugglug(MOVE)
    st.turn_player = 1
    put(st, 0, "savager", sq(4, 3))
    common = put(st, 1, "guardian", sq(6, 3))
    dice(4)
    st.invalidate()
    st.apply_action(Move(common, sq(5, 3)))
    assert st.zone[common] == BOARD


@pytest.mark.covers("shaman-swamp-orcs.vinemancer-guard", ruleset="first")
def test_vinemancer_guard_only_fives_wound_next_to_a_vine(dice: Dice) -> None:
    st = mugglug(ATTACK)
    st.turn_player = 1
    shaman = put(st, 0, "shaman-swamp-orcs", sq(4, 3))
    maelena = put(st, 1, "maelena", sq(5, 3))  # Burning Blade: +1 wound
    archer = put(st, 1, "archer-phoenix-elves", sq(4, 5))
    conjure(st, 0, "vine-wall", sq(4, 2))
    dice(4, 4)
    st.invalidate()
    st.apply_action(Attack(maelena, shaman))
    assert st.zone[shaman] == BOARD and st.damage[shaman] == 0
    dice(5)
    st.apply_action(Attack(archer, shaman))
    assert st.zone[shaman] == MAGIC_PILE


@pytest.mark.covers("swamp-beast.spore-carrier", ruleset="first")
def test_spore_carrier_leaves_a_vine_where_it_died(dice: Dice) -> None:
    st = mugglug(ATTACK)
    st.turn_player = 1
    beast = put(st, 0, "swamp-beast", sq(4, 3))
    maelena = put(st, 1, "maelena", sq(5, 3))
    dice(3, 3)
    st.invalidate()
    st.apply_action(Attack(maelena, beast))
    assert st.zone[beast] == MAGIC_PILE and slug(st, sq(4, 3)) == "vine-wall"
    assert st.ctrl[st.board[sq(4, 3)]] == 0 and st.magic[1] == 1


@pytest.mark.covers("vine-growth.effect", ruleset="first")
def test_vine_growth_puts_a_vine_next_to_your_wall() -> None:
    st = mugglug(EVENTS)
    put(st, 0, "wall", sq(3, 3))
    ev = to_hand(st, 0, "vine-growth")
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(4, 3)) in dec.options
    assert ChooseSpace(sq(5, 5)) not in dec.options
    st.apply_action(ChooseSpace(sq(4, 3)))
    assert slug(st, sq(4, 3)) == "vine-wall" and st.life(st.board[sq(4, 3)]) == 2


def test_vine_growth_needs_a_vine_in_the_pile() -> None:
    st = mugglug(EVENTS)
    put(st, 0, "wall", sq(3, 3))
    for c in pile_cards(st, 0, "vine-wall"):
        st.zone[c] = HAND  # (hand-made: an empty pile)
        st.hand[0].append(c)
    ev = to_hand(st, 0, "vine-growth")
    assert PlayEvent(ev) not in st.legal_actions()


@pytest.mark.covers("vine-guard.effect", ruleset="first")
def test_vine_guard_lasts_until_your_next_turn(dice: Dice) -> None:
    st = mugglug(EVENTS)
    savager = put(st, 0, "savager", sq(4, 3))
    conjure(st, 0, "vine-wall", sq(4, 2))
    ev = to_hand(st, 0, "vine-guard")
    st.apply_action(PlayEvent(ev))
    while st.turn_player == 0:
        st.apply_action(pending(st).options[0] if pending(st) else EndPhase())
    while st.phase != ATTACK:
        st.apply_action(pending(st).options[0] if pending(st) else EndPhase())
    maelena = put(st, 1, "maelena", sq(5, 3))
    dice(4, 4)
    st.apply_action(Attack(maelena, savager))
    assert st.damage[savager] == 0  # 4s do not wound it (and no Burning Blade wound)
    st.turn += 2  # Mugglug's next turn has begun: over
    st.attacked.clear()
    st.invalidate()
    dice(4, 4)
    st.apply_action(Attack(maelena, savager))
    assert st.zone[savager] == MAGIC_PILE


@pytest.mark.covers("glurp.disruptive", ruleset="first")
def test_disruptive_events_cost_one_magic_while_you_control_glurp() -> None:
    st = mugglug(EVENTS)
    put(st, 0, "wall", sq(3, 3))
    ev = to_hand(st, 0, "vine-growth")
    assert PlayEvent(ev) in st.legal_actions()  # free without Glurp
    glurp = put(st, 0, "glurp", sq(0, 0))
    assert PlayEvent(ev) not in st.legal_actions()  # no magic to pay
    wall = to_hand(st, 0, "wall")
    assert any(getattr(a, "card", -1) == wall for a in st.legal_actions())  # walls free
    set_magic(st, 0, 1)
    st.apply_action(PlayEvent(ev))
    assert st.magic[0] == 0 and pending(st) is not None
    st.apply_action(ChooseSpace(sq(4, 3)))
    # the opponent's events are not taxed by our Glurp
    st.set_controller(glurp, 1)
    other = next(c for c in st.deck[0] if st.info.cards[c].slug == "vine-growth")
    st.deck[0].remove(other)
    st.zone[other] = HAND
    st.hand[0].append(other)
    st.invalidate()
    assert PlayEvent(other) in st.legal_actions()


def test_spore_carrier_and_rampant_growth_want_one_space_one_vine_grows(
    dice: Dice,
) -> None:
    st = mugglug(ATTACK)
    st.turn_player = 1
    put(st, 0, "wall", sq(3, 3))
    beast = put(st, 0, "swamp-beast", sq(4, 3))  # next to Mugglug's wall
    maelena = put(st, 1, "maelena", sq(5, 3))
    dice(3, 3)
    st.invalidate()
    st.apply_action(Attack(maelena, beast))
    while pending(st) is not None:  # the turn player orders the two triggers
        st.apply_action(pending(st).options[0])
    assert st.zone[beast] == MAGIC_PILE and slug(st, sq(4, 3)) == "vine-wall"
    assert len(pile_cards(st, 0, "vine-wall")) == 14


# -- Vine Walls under units (R31, engine/rulesets/first/vines.py) ----------------------


def test_a_unit_moves_onto_a_vine_and_rolls_to_leave_it(dice: Dice) -> None:
    st = mugglug(MOVE)
    beast = put(st, 0, "swamp-beast", sq(3, 2))  # no Vinemancer: it rolls
    vine = conjure(st, 0, "vine-wall", sq(4, 2))
    st.invalidate()
    assert Move(beast, sq(4, 2)) in st.legal_actions()
    assert Move(beast, sq(5, 2)) not in st.legal_actions()  # never through it
    st.apply_action(Move(beast, sq(4, 2)))
    assert st.board[sq(4, 2)] == beast and vine_under(st, sq(4, 2)) == vine
    assert st.zone[vine] == IN_PILE and st.pos[vine] == sq(4, 2)
    assert vine not in pile_cards(st, 0, "vine-wall")
    # next turn it rolls: 1-3 = 1 wound, stays, cannot try again this turn
    st.moved.clear()
    st.flags.clear()
    st.invalidate()
    dice(3)
    st.apply_action(Move(beast, sq(5, 2)))
    assert st.board[sq(4, 2)] == beast and st.damage[beast] == 1
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == beast
    ]
    st.moved.clear()
    st.flags.clear()
    st.invalidate()
    dice(4)
    st.apply_action(Move(beast, sq(5, 2)))
    assert st.board[sq(5, 2)] == beast and st.damage[beast] == 1
    assert st.board[sq(4, 2)] == vine and st.zone[vine] == BOARD  # left behind
    assert vine_under(st, sq(4, 2)) == -1


def test_failing_the_roll_can_destroy_the_unit_for_the_vine_controller(
    dice: Dice,
) -> None:
    st = mugglug(MOVE)
    vine = conjure(st, 0, "vine-wall", sq(4, 2))
    archer = put(st, 1, "archer-phoenix-elves", sq(4, 3))
    st.turn_player = 1
    st.invalidate()
    st.apply_action(Move(archer, sq(4, 2)))
    st.damage[archer] = st.life(archer) - 1
    st.moved.clear()
    st.invalidate()
    dice(1)
    st.apply_action(Move(archer, sq(4, 3)))
    assert st.zone[archer] == MAGIC_PILE and st.magic[0] == 1  # R27: vine's controller
    assert st.board[sq(4, 2)] == vine  # the vine is alone again, no new one grew


def test_a_vinemancer_leaves_without_rolling(dice: Dice) -> None:
    st = mugglug(MOVE)
    shaman = put(st, 0, "shaman-swamp-orcs", sq(3, 2))
    conjure(st, 0, "vine-wall", sq(4, 2))
    st.invalidate()
    st.apply_action(Move(shaman, sq(4, 2)))
    st.moved.clear()
    st.invalidate()
    dice()  # no die may be rolled
    st.apply_action(Move(shaman, sq(5, 2)))
    assert st.board[sq(5, 2)] == shaman and st.damage[shaman] == 0


def test_summon_onto_a_vine_next_to_your_wall() -> None:
    from engine.core.actions import Summon

    st = mugglug(MOVE)
    st.phase = SUMMON
    put(st, 0, "wall", sq(3, 3))
    vine = conjure(st, 0, "vine-wall", sq(3, 4))
    far = conjure(st, 0, "vine-wall", sq(6, 4))
    beast = to_hand(st, 0, "swamp-beast")
    set_magic(st, 0, 3)
    assert Summon(beast, sq(6, 4)) not in st.legal_actions()
    st.apply_action(Summon(beast, sq(3, 4)))
    assert st.board[sq(3, 4)] == beast and vine_under(st, sq(3, 4)) == vine
    assert st.board[sq(6, 4)] == far


def test_a_unit_destroyed_on_a_vine_leaves_the_vine_with_its_wounds(
    dice: Dice,
) -> None:
    st = mugglug(ATTACK)
    savager = put(st, 0, "savager", sq(4, 2))
    vine = conjure(st, 0, "vine-wall", sq(4, 3))
    st.damage[vine] = 1
    archer = put(st, 1, "archer-phoenix-elves", sq(5, 3))
    st.invalidate()
    lift_vine(st, sq(4, 3))
    st.place(archer, sq(4, 3), 1)  # (placed there, as Ensnare does)
    dice(6, 6, 6)
    st.apply_action(Attack(savager, archer))
    assert st.zone[archer] == MAGIC_PILE
    assert st.board[sq(4, 3)] == vine and st.damage[vine] == 1 and st.ctrl[vine] == 0


@pytest.mark.covers("glarg.vinemancer-reach", ruleset="first")
def test_vinemancer_reach_bow_and_plus_one_on_a_vine(dice: Dice) -> None:
    st = mugglug(MOVE)
    glarg = put(st, 0, "glarg", sq(3, 2))
    conjure(st, 0, "vine-wall", sq(4, 2))
    far = put(st, 1, "fire-drake", sq(7, 2))
    st.invalidate()
    assert st.strength(glarg) == 2
    st.apply_action(Move(glarg, sq(4, 2)))
    assert st.strength(glarg) == 3
    st.phase = ATTACK
    st.invalidate()
    assert Attack(glarg, far) in st.legal_actions()
    dice(1, 1, 6)
    st.apply_action(Attack(glarg, far))
    assert st.damage[far] == 1
    # off the vine: melee again, 2 attack
    st.phase = MOVE
    st.moved.clear()
    st.attacked.clear()
    st.flags.clear()
    st.invalidate()
    dice()  # no roll to leave
    st.apply_action(Move(glarg, sq(5, 2)))
    st.phase = ATTACK
    st.invalidate()
    assert st.strength(glarg) == 2
    assert Attack(glarg, far) not in st.legal_actions()


@pytest.mark.covers("splack.vinemancer-entangle", ruleset="first")
def test_vinemancer_entangle_pays_one_for_a_vine_under_the_survivor(
    dice: Dice,
) -> None:
    st = mugglug(ATTACK)
    splack = put(st, 0, "splack", sq(3, 2))
    champ = put(st, 1, "fire-drake", sq(6, 2))
    set_magic(st, 0, 1)
    dice(1, 1)
    st.apply_action(Attack(splack, champ))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, YES)
    st.apply_action(YES)
    vine = vine_under(st, sq(6, 2))
    assert vine >= 0 and st.ctrl[vine] == 0 and st.magic[0] == 0
    assert len(pile_cards(st, 0, "vine-wall")) == 14
    # the drake must now roll to leave it
    st.turn_player, st.phase = 1, MOVE
    st.moved, st.attacked, st.flags = [], [], {}
    st.invalidate()
    dice(2)
    st.apply_action(Move(champ, sq(7, 2)))
    assert st.pos[champ] == sq(6, 2) and st.damage[champ] == 1


def test_vinemancer_entangle_not_without_magic_nor_on_a_summoner(dice: Dice) -> None:
    st = mugglug(ATTACK)
    splack = put(st, 0, "splack", sq(3, 2))
    common = put(st, 1, "archer-phoenix-elves", sq(6, 2))
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(splack, common))
    assert pending(st) is None  # no magic
    elien = st.info.summoners[1]
    st.place(elien, sq(3, 5), 1)
    set_magic(st, 0, 2)
    st.attacked.clear()
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(splack, elien))
    assert pending(st) is None and st.magic[0] == 2


@pytest.mark.covers("hunter-swamp-orcs.vinemancer-ambush", ruleset="first")
def test_vinemancer_ambush_plus_one_after_moving_onto_a_vine() -> None:
    st = mugglug(MOVE)
    hunter = put(st, 0, "hunter-swamp-orcs", sq(3, 2))
    other = put(st, 0, "hunter-swamp-orcs", sq(3, 4))
    conjure(st, 0, "vine-wall", sq(4, 2))
    st.invalidate()
    st.apply_action(Move(hunter, sq(4, 2)))
    st.apply_action(Move(other, sq(4, 4)))  # an ordinary move
    assert st.strength(hunter) == 2 and st.strength(other) == 1
    st.flags.clear()  # a new turn: gone
    st.invalidate()
    assert st.strength(hunter) == 1


@pytest.mark.covers("ensnare.effect", ruleset="first")
def test_ensnare_places_two_commons_on_vines_within_four() -> None:
    st = mugglug(EVENTS)
    v1 = conjure(st, 0, "vine-wall", sq(4, 2))
    v2 = conjure(st, 0, "vine-wall", sq(4, 5))
    a = put(st, 1, "archer-phoenix-elves", sq(7, 2))
    b = put(st, 1, "archer-phoenix-elves", sq(7, 5))
    champ = put(st, 1, "fire-drake", sq(6, 3))
    card = to_hand(st, 0, "ensnare")
    st.invalidate()
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None and ChooseTarget(champ) not in dec.options
    assert dec.options == (NO, ChooseTarget(a), ChooseTarget(b))
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseSpace(sq(4, 2)))
    assert st.board[sq(4, 2)] == a and vine_under(st, sq(4, 2)) == v1
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) not in dec.options
    st.apply_action(ChooseTarget(b))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseSpace(sq(4, 5)),)
    st.apply_action(ChooseSpace(sq(4, 5)))
    assert st.board[sq(4, 5)] == b and vine_under(st, sq(4, 5)) == v2
    assert pending(st) is None and st.zone[card] == DISCARD


def test_ensnare_needs_a_lone_vine_within_four() -> None:
    st = mugglug(EVENTS)
    conjure(st, 0, "vine-wall", sq(0, 5))
    put(st, 1, "archer-phoenix-elves", sq(7, 0))  # 12 spaces away
    card = to_hand(st, 0, "ensnare")
    st.invalidate()
    assert PlayEvent(card) not in st.legal_actions()


@pytest.mark.covers("ambush.effect", ruleset="first")
def test_ambush_gives_swamp_orcs_the_hunters_bonus_not_twice(dice: Dice) -> None:
    st = mugglug(EVENTS)
    beast = put(st, 0, "swamp-beast", sq(3, 2))
    hunter = put(st, 0, "hunter-swamp-orcs", sq(3, 4))
    vine = conjure(st, 0, "vine-wall", sq(4, 2))
    conjure(st, 0, "vine-wall", sq(4, 4))
    card = to_hand(st, 0, "ambush")
    st.invalidate()
    st.apply_action(PlayEvent(card))
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    st.apply_action(Move(beast, sq(4, 2)))
    st.apply_action(Move(hunter, sq(4, 4)))
    assert st.strength(beast) == 3 and st.strength(hunter) == 2  # +1, not +2
    # lent VINEMANCER AMBUSH: the beast leaves its vine without a roll
    st.moved.clear()
    st.invalidate()
    dice()
    st.apply_action(Move(beast, sq(5, 2)))
    assert st.pos[beast] == sq(5, 2) and st.board[sq(4, 2)] == vine
    st.flags.clear()
    st.invalidate()
    assert st.strength(beast) == 2


def test_attack_the_vine_under_a_unit_instead_of_the_unit(dice: Dice) -> None:
    st = mugglug(ATTACK)
    vine = conjure(st, 0, "vine-wall", sq(4, 3))
    archer = put(st, 1, "archer-phoenix-elves", sq(5, 3))
    lift_vine(st, sq(4, 3))
    st.place(archer, sq(4, 3), 1)
    savager = put(st, 0, "savager", sq(4, 2))
    legal = st.legal_actions()
    assert Attack(savager, archer) in legal and Attack(savager, vine) in legal
    dice(6, 1, 1)
    st.apply_action(Attack(savager, vine))
    assert st.damage[vine] == 1 and st.damage[archer] == 0
    assert vine_under(st, sq(4, 3)) == vine and st.board[sq(4, 3)] == archer
    st.attacked.clear()
    st.invalidate()
    dice(6, 6, 6)
    st.apply_action(Attack(savager, vine))
    # destroyed: back to the pile, nobody gains magic (R31); the archer stays
    assert vine in pile_cards(st, 0, "vine-wall") and st.damage[vine] == 0
    assert vine_under(st, sq(4, 3)) == -1 and st.board[sq(4, 3)] == archer
    assert st.magic == [0, 0] and st.damage[archer] == 0
    # the archer leaves the space: nothing comes back
    st.discard_card(archer)
    assert st.board[sq(4, 3)] < 0


def test_a_vine_with_a_card_under_it_is_not_a_place_to_stand() -> None:
    """A Possessed Wall put under a Vine Wall (the Demagogue) keeps it whole:
    no unit moves onto it (found by the random games)."""
    st = mugglug(MOVE)
    beast = put(st, 0, "swamp-beast", sq(3, 2))
    vine = conjure(st, 0, "vine-wall", sq(4, 2))
    st.put_under(to_hand(st, 0, "savager"), vine)
    st.invalidate()
    assert Move(beast, sq(4, 2)) not in st.legal_actions()


def test_a_vine_under_a_unit_is_still_a_wall_of_its_controller(dice: Dice) -> None:
    """Summoning point, Choke, Guard and Animate all see a Vine Wall under a unit."""
    st = mugglug(ATTACK)
    shaman = put(st, 0, "shaman-swamp-orcs", sq(4, 2))
    vine = conjure(st, 0, "vine-wall", sq(4, 3))
    elf = put(st, 1, "archer-phoenix-elves", sq(5, 3))
    lift_vine(st, sq(4, 3))
    st.place(elf, sq(4, 3), 1)  # the elf stands on the vine, next to the shaman
    st.invalidate()
    from engine.rulesets.first.summon import wall_spaces

    assert sq(3, 3) in wall_spaces(st, 0) and sq(3, 3) not in wall_spaces(st, 1)
    # Vinemancer Guard: next to the vine under the elf, only 5+ wounds it
    st.turn_player = 1
    st.attacked = []
    dice(4)
    st.apply_action(Attack(elf, shaman))
    assert st.zone[shaman] == BOARD and st.damage[shaman] == 0
    # the Conjurer's Animate may destroy it: back to the pile, the elf stays
    st.turn_player = 0
    conj = put(st, 0, "conjurer", sq(2, 3))
    st.phase = MOVE
    st.invalidate()
    st.apply_action(EndPhase())  # into the attack phase: Animate asks
    dec = pending(st)
    assert dec is not None and ChooseTarget(vine) in dec.options
    st.apply_action(ChooseTarget(vine))
    st.apply_action(ChooseOption(0))
    assert vine in pile_cards(st, 0, "vine-wall") and st.board[sq(4, 3)] == elf
    assert st.strength(conj) == 2 and vine_under(st, sq(4, 3)) == -1


def test_space_vacated_is_called_only_where_a_ruleset_asks() -> None:
    """The core hook behind Vine Walls under units: Ruleset.space_vacated, called
    by the state for a left battlefield space (relocate and removal) only when the
    ruleset sets watches_vacated: the second edition never does."""
    from engine.core.ruleset import Ruleset
    from engine.rulesets import get_ruleset

    assert Ruleset.watches_vacated is False
    assert get_ruleset("second").watches_vacated is False
    assert get_ruleset("first").watches_vacated is True
    st = mugglug(MOVE)
    beast = put(st, 0, "swamp-beast", sq(3, 2))
    vine = conjure(st, 0, "vine-wall", sq(4, 2))
    lift_vine(st, sq(4, 2))
    st.place(beast, sq(4, 2), 0)
    assert st.board[sq(3, 2)] < 0  # (its old space: nothing was under it)
    st.relocate(beast, sq(5, 2), "force")  # pushed off: the vine is back
    assert st.board[sq(4, 2)] == vine and st.zone[vine] == BOARD
    lift_vine(st, sq(4, 2))
    st.place(beast, sq(4, 2), 0)
    st.discard_card(beast)  # removed: back too
    assert st.board[sq(4, 2)] == vine and vine_under(st, sq(4, 2)) == -1


def test_rampant_growth_and_a_unit_dying_on_a_vine_one_vine_stays(dice: Dice) -> None:
    """A unit destroyed on a Vine Wall next to Mugglug's wall: the Vine Wall it
    stood on is back on the space first, so Rampant Growth grows nothing more."""
    st = mugglug(ATTACK)
    put(st, 0, "wall", sq(3, 3))
    savager = put(st, 0, "savager", sq(4, 2))
    vine = conjure(st, 0, "vine-wall", sq(4, 3))
    victim = put(st, 1, "archer-phoenix-elves", sq(6, 3))
    lift_vine(st, sq(4, 3))
    st.place(victim, sq(4, 3), 1)
    st.invalidate()
    dice(6, 6, 6)
    st.apply_action(Attack(savager, victim))
    assert st.zone[victim] == MAGIC_PILE and st.board[sq(4, 3)] == vine
    assert len(pile_cards(st, 0, "vine-wall")) == 14 and st.magic[0] == 1


def test_ensnare_second_common_without_a_lone_vine_is_not_asked() -> None:
    st = mugglug(EVENTS)
    conjure(st, 0, "vine-wall", sq(4, 2))
    a = put(st, 1, "archer-phoenix-elves", sq(6, 2))
    put(st, 1, "archer-phoenix-elves", sq(6, 3))
    card = to_hand(st, 0, "ensnare")
    st.invalidate()
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseSpace(sq(4, 2)))
    assert st.board[sq(4, 2)] == a and pending(st) is None


def test_vinemancer_entangle_not_on_a_unit_already_on_a_vine(dice: Dice) -> None:
    st = mugglug(ATTACK)
    splack = put(st, 0, "splack", sq(3, 3))
    champ = put(st, 1, "fire-drake", sq(7, 3))
    vine = conjure(st, 0, "vine-wall", sq(6, 3))
    lift_vine(st, sq(6, 3))
    st.relocate(champ, sq(6, 3), "force")  # pushed onto the vine
    set_magic(st, 0, 3)
    assert Attack(splack, champ) in st.legal_actions()
    dice(1, 1)
    st.apply_action(Attack(splack, champ))
    assert vine_under(st, sq(6, 3)) == vine and pending(st) is None
    assert st.magic[0] == 3 and len(pile_cards(st, 0, "vine-wall")) == 14


@pytest.mark.covers("glarg.vinemancer-reach", ruleset="first")
def test_glargs_bow_may_shoot_the_vine_under_a_distant_unit(dice: Dice) -> None:
    st = mugglug(ATTACK)
    glarg = put(st, 0, "glarg", sq(4, 2))
    elf = put(st, 1, "archer-phoenix-elves", sq(4, 5))
    assert put_vine_under(st, 0, sq(4, 2)) >= 0  # Glarg on a vine: the bow
    v2 = put_vine_under(st, 0, sq(4, 5))
    assert v2 >= 0
    st.invalidate()
    legal = st.legal_actions()
    assert Attack(glarg, elf) in legal and Attack(glarg, v2) in legal
    dice(6, 6, 1)
    st.apply_action(Attack(glarg, v2))
    assert v2 in pile_cards(st, 0, "vine-wall") and st.board[sq(4, 5)] == elf
    assert st.damage[elf] == 0 and st.magic == [0, 0]
