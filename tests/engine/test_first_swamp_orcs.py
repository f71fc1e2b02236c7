"""Mugglug's Swamp Orcs (first edition, research 2.7.10; issue 17): one scenario per
implemented card on the first-edition bench (firstbench), dice rigged
(``scenario.Dice``: a face is its number, a hit on 3+). Vine Walls come from
Mugglug's separate pile (engine/rulesets/first/piles.py)."""

from __future__ import annotations

import pytest
from firstbench import fresh, put, to_hand
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
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, HAND, UNDER
from engine.rulesets.first.piles import IN_PILE, conjure, pile_cards


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
    assert st.zone[victim] == DISCARD and slug(st, sq(4, 3)) == "vine-wall"
    vine = st.board[sq(4, 3)]
    assert st.ctrl[vine] == 0 and len(pile_cards(st, 0, "vine-wall")) == 14
    st.attacked.clear()
    st.invalidate()
    dice(6, 6, 6)
    st.apply_action(Attack(savager, far))
    assert st.zone[far] == DISCARD and st.board[sq(4, 1)] < 0


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
    assert st.damage[blerg] == 1 and st.zone[victim] == DISCARD and st.magic[0] == 1


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
    assert st.zone[victim] == DISCARD and slug(st, sq(4, 3)) == "vine-wall"


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
    assert st.zone[shaman] == DISCARD


@pytest.mark.covers("swamp-beast.spore-carrier", ruleset="first")
def test_spore_carrier_leaves_a_vine_where_it_died(dice: Dice) -> None:
    st = mugglug(ATTACK)
    st.turn_player = 1
    beast = put(st, 0, "swamp-beast", sq(4, 3))
    maelena = put(st, 1, "maelena", sq(5, 3))
    dice(3, 3)
    st.invalidate()
    st.apply_action(Attack(maelena, beast))
    assert st.zone[beast] == DISCARD and slug(st, sq(4, 3)) == "vine-wall"
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
    assert st.zone[savager] == DISCARD


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
    st.magic[0] = 1
    st.invalidate()
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
    assert st.zone[beast] == DISCARD and slug(st, sq(4, 3)) == "vine-wall"
    assert len(pile_cards(st, 0, "vine-wall")) == 14
