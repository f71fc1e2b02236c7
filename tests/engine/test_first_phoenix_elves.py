"""Queen Maldaria's Phoenix Elves and Holleas (first edition, research 2.1; issue 17):
one scenario per card on the first-edition bench (firstbench), dice rigged
(``scenario.Dice``: a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh, put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    DiscardForMagic,
    EndPhase,
    Move,
    PlayEvent,
    Summon,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DECK, DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.piles import IN_PILE, pile_cards


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def qm(phase: int = ATTACK) -> GameState:
    """Queen Maldaria (seat 0) against Torgan, events in the decks."""
    return fresh("queen-maldaria", "torgan", phase, events=True)


def queen(st: GameState) -> int:
    return st.info.summoners[0]


def finish_turn(st: GameState) -> None:
    """End phases until a decision waits or the turn passes."""
    p = st.turn_player
    while st.turn_player == p and pending(st) is None and not st.terminal:
        st.apply_action(EndPhase())


@pytest.mark.covers("queen-maldaria.save-the-queen", ruleset="first")
def test_save_the_queen_places_up_to_two_commons_next_to_her() -> None:
    st = qm(ATTACK)
    q = queen(st)
    st.place(q, sq(2, 2), 0)
    a = put(st, 0, "fireling", sq(6, 0))
    b = put(st, 0, "fire-archer", sq(6, 5))
    put(st, 0, "duke-ramazall", sq(5, 5))  # a champion: not offered
    put(st, 1, "berserker-tundra-orcs", sq(5, 0))  # an enemy common: not offered
    finish_turn(st)
    dec = pending(st)
    assert dec is not None and dec.ability == "queen-maldaria.save-the-queen"
    assert set(dec.options) == {NO, ChooseTarget(a), ChooseTarget(b)}
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseSpace(sq(3, 2)))
    assert st.pos[a] == sq(3, 2)
    st.apply_action(ChooseTarget(b))
    st.apply_action(ChooseSpace(sq(1, 2)))
    assert st.pos[b] == sq(1, 2)
    assert st.turn_player == 1  # two placed: no third question


@pytest.mark.covers("holleas.summon-fire-beast", ruleset="first")
def test_summon_fire_beast_pays_two_and_places_a_beast_from_the_draw_pile() -> None:
    st = fresh("prince-elien", "grognack", ATTACK, extra=("holleas", "fire-beast"))
    hol = put(st, 0, "holleas", sq(3, 3))
    assert uses(st, "holleas.summon-fire-beast") == []  # no magic
    set_magic(st, 0, 3)
    beast = next(c for c in st.deck[0] if st.info.cards[c].slug == "fire-beast")
    st.apply_action(uses(st, "holleas.summon-fire-beast")[0])
    assert st.magic[0] == 1 and hol in st.attacked  # instead of attacking
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(beast),)
    st.apply_action(ChooseTarget(beast))
    st.apply_action(ChooseSpace(sq(4, 3)))
    assert st.zone[beast] == BOARD and st.pos[beast] == sq(4, 3) and st.ctrl[beast] == 0


def test_summon_fire_beast_without_a_beast_still_costs_the_magic() -> None:
    st = fresh("prince-elien", "grognack", ATTACK, extra=("holleas",))
    hol = put(st, 0, "holleas", sq(3, 3))
    for c in [c for c in st.deck[0] if st.info.cards[c].slug == "fire-beast"]:
        st.discard_card(c)
    set_magic(st, 0, 2)
    st.apply_action(uses(st, "holleas.summon-fire-beast")[0])
    assert st.magic[0] == 0 and pending(st) is None and hol in st.attacked


@pytest.mark.covers("fire-dancer.blaze-dodge", ruleset="first")
def test_blaze_dodge_wounds_the_attacker_and_moves_next_to_it(dice: Dice) -> None:
    st = qm(ATTACK)
    st.turn_player = 1  # Torgan's commons attack the Dancer
    dancer = put(st, 0, "fire-dancer", sq(4, 3))
    berserk = put(st, 1, "berserker-tundra-orcs", sq(5, 3))  # 3 dice, hits on 4+
    dice(1, 6, 6)  # 1 miss, 2 wounds: she survives (4 life)
    st.invalidate()
    st.apply_action(Attack(berserk, dancer))
    assert st.damage[dancer] == 2 and st.damage[berserk] == 1
    dec = pending(st)
    assert dec is not None and dec.ability == "fire-dancer.blaze-dodge"
    assert set(dec.options) == {ChooseSpace(s) for s in (sq(6, 3), sq(5, 2), sq(5, 4))}
    st.apply_action(ChooseSpace(sq(6, 3)))
    assert st.pos[dancer] == sq(6, 3)


def test_blaze_dodge_not_when_every_die_hits_or_against_a_summoner(dice: Dice) -> None:
    st = qm(ATTACK)
    st.turn_player = 1
    dancer = put(st, 0, "fire-dancer", sq(4, 3))
    berserk = put(st, 1, "berserker-tundra-orcs", sq(5, 3))
    dice(6, 6, 5)
    st.invalidate()
    st.apply_action(Attack(berserk, dancer))
    assert st.damage[berserk] == 0 and pending(st) is None
    torgan = st.info.summoners[1]
    st.place(torgan, sq(4, 4), 1)
    st.damage[dancer] = 0
    dice(1, 1)
    st.invalidate()
    st.apply_action(Attack(torgan, dancer))
    assert st.damage[torgan] == 0 and pending(st) is None  # a summoner: no dodge


@pytest.mark.covers("fireling.pursue", ruleset="first")
def test_pursue_follows_each_step_and_rolls_for_it(dice: Dice) -> None:
    st = qm(MOVE)
    st.turn_player = 1
    fireling = put(st, 0, "fireling", sq(3, 3))
    enemy = put(st, 1, "berserker-tundra-orcs", sq(4, 3))
    dice(5, 2)
    st.invalidate()
    st.apply_action(Move(enemy, sq(4, 5)))  # two steps east, away from it
    assert st.pos[fireling] == sq(4, 4)  # followed both steps
    assert st.damage[enemy] == 1  # one 5+ of two rolls


def test_pursue_ignores_friendly_movers_and_units_not_adjacent(dice: Dice) -> None:
    st = qm(MOVE)
    fireling = put(st, 0, "fireling", sq(3, 3))
    friend = put(st, 0, "fire-archer", sq(4, 3))
    st.apply_action(Move(friend, sq(4, 5)))
    assert st.pos[fireling] == sq(3, 3)


@pytest.mark.covers(
    "phoenix.heroic-flight", "conjure-phoenixes.effect", ruleset="first"
)
def test_conjure_phoenixes_from_the_pile_and_heroic_flight() -> None:
    st = qm(EVENTS)
    q = queen(st)
    st.place(q, sq(2, 2), 0)
    assert len(pile_cards(st, 0, "phoenix")) == 6
    ev = to_hand(st, 0, "conjure-phoenixes")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseSpace(sq(3, 2)))
    st.apply_action(ChooseSpace(sq(2, 3)))
    a, b = st.board[sq(3, 2)], st.board[sq(2, 3)]
    assert {st.info.cards[a].slug, st.info.cards[b].slug} == {"phoenix"}
    assert st.ctrl[a] == st.ctrl[b] == 0 and len(pile_cards(st, 0, "phoenix")) == 4
    assert pending(st) is None  # up to 2
    # Heroic Flight: +1 attack to another Heroic Flight unit next to it (not itself)
    assert st.strength(a) == 1 and st.strength(b) == 1
    st.place(b, sq(3, 3), 0)
    assert st.strength(a) == 2 and st.strength(b) == 2
    rahlee = put(st, 0, "rahlee", sq(4, 2))  # Greater Flight: +2
    assert st.strength(rahlee) == 1 + 2
    # it moves through cards
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    blocker = put(st, 1, "berserker-tundra-orcs", sq(4, 3))
    st.invalidate()
    moves = [m for m in st.legal_actions() if isinstance(m, Move) and m.unit == b]
    assert any(m.to == sq(5, 3) for m in moves)  # 2 steps, only through the blocker
    assert st.zone[blocker] == BOARD


def test_a_destroyed_phoenix_goes_to_the_pile_owner_discard_or_the_enemy_magic() -> (
    None
):
    st = qm(EVENTS)
    q = queen(st)
    st.place(q, sq(2, 2), 0)
    ev = to_hand(st, 0, "conjure-phoenixes")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseSpace(sq(3, 2)))
    st.apply_action(ChooseSpace(sq(2, 3)))
    a, b = st.board[sq(3, 2)], st.board[sq(2, 3)]
    st.deal_damage(a, 1, 0)  # destroyed by its own player: discard, no magic
    assert st.zone[a] == DISCARD and st.magic == [0, 0]
    st.deal_damage(b, 1, 1)  # by the enemy: their magic pile (R22)
    assert st.magic == [0, 1]
    assert len(pile_cards(st, 0, "phoenix")) == 4  # never back to the pile


def test_conjure_phoenixes_needs_the_queen_space_and_the_pile() -> None:
    st = qm(EVENTS)
    q = queen(st)
    st.place(q, sq(0, 0), 0)
    put(st, 0, "fireling", sq(1, 0))
    put(st, 0, "fireling", sq(0, 1))
    ev = to_hand(st, 0, "conjure-phoenixes")
    assert PlayEvent(ev) not in st.legal_actions()  # no empty space next to her
    st.discard_card(st.board[sq(1, 0)])
    for c in pile_cards(st, 0, "phoenix"):
        st.zone[c] = DISCARD  # (an empty pile)
    st.invalidate()
    assert PlayEvent(ev) not in st.legal_actions()


@pytest.mark.covers("passion-of-the-phoenix.effect", ruleset="first")
def test_passion_of_the_phoenix_adds_one_attack_to_precise_units_per_copy() -> None:
    st = qm(EVENTS)
    duke = put(st, 0, "duke-ramazall", sq(3, 3))
    archer = put(st, 0, "fire-archer", sq(3, 4))
    fireling = put(st, 0, "fireling", sq(3, 5))
    enemy = put(st, 1, "crusher", sq(5, 5))  # an enemy's units gain nothing
    ev = to_hand(st, 0, "passion-of-the-phoenix")
    st.apply_action(PlayEvent(ev))
    assert (st.strength(duke), st.strength(archer), st.strength(fireling)) == (3, 2, 1)
    assert st.strength(enemy) == 4
    ev2 = next(
        c for c in st.deck[0] if st.info.cards[c].slug == "passion-of-the-phoenix"
    )
    st.deck[0].remove(ev2)
    st.zone[ev2] = HAND
    st.hand[0].append(ev2)
    st.invalidate()
    st.apply_action(PlayEvent(ev2))
    assert st.strength(duke) == 4  # no named ability: the copies add up (R36)
    # until end of turn
    finish_turn(st)
    while st.turn_player == 0:
        st.apply_action(pending(st).options[0] if pending(st) else EndPhase())
    assert st.strength(duke) == 2


@pytest.mark.covers("lava-flow.effect", ruleset="first")
def test_lava_flow_wounds_the_wall_and_its_neighbours_then_draws() -> None:
    st = qm(EVENTS)
    wall = put(st, 0, "wall", sq(3, 3))
    friend = put(st, 0, "fire-archer", sq(3, 2))  # 1 life: destroyed
    enemy = put(st, 1, "crusher", sq(4, 3))
    far = put(st, 1, "berserker-tundra-orcs", sq(5, 3))
    ev = to_hand(st, 0, "lava-flow")
    hand = len(st.hand[0])
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseTarget(wall) in dec.options
    st.apply_action(ChooseTarget(wall))
    assert st.damage[wall] == 1 and st.damage[enemy] == 1 and st.damage[far] == 0
    assert st.zone[friend] == MAGIC_PILE and st.magic[0] == 1  # their own kill (R22)
    assert len(st.hand[0]) == hand  # the event left, one card drawn


@pytest.mark.covers("wrath-of-the-volcano.effect", ruleset="first")
def test_wrath_of_the_volcano_one_wound_plus_one_per_discarded_card() -> None:
    st = qm(EVENTS)
    enemy = put(st, 1, "grok", sq(4, 3))
    ev = to_hand(st, 0, "wrath-of-the-volcano")
    c1 = to_hand(st, 0, "fireling")
    c2 = to_hand(st, 0, "fire-archer")
    c3 = to_hand(st, 0, "lava-flow")
    st.apply_action(PlayEvent(ev))
    assert ChooseTarget(st.info.summoners[1]) not in pending(st).options
    st.apply_action(ChooseTarget(enemy))
    assert st.damage[enemy] == 1
    st.apply_action(ChooseTarget(c1))
    assert st.damage[enemy] == 2 and st.zone[c1] == DISCARD
    dec = pending(st)
    assert dec is not None and NO in dec.options  # the second discard is optional
    st.apply_action(NO)
    assert st.damage[enemy] == 2 and st.zone[c2] == HAND and st.zone[c3] == HAND


def test_wrath_of_the_volcano_stops_when_the_target_is_destroyed() -> None:
    st = qm(EVENTS)
    enemy = put(st, 1, "crusher", sq(4, 3))  # 2 life
    ev = to_hand(st, 0, "wrath-of-the-volcano")
    c1 = to_hand(st, 0, "fireling")
    to_hand(st, 0, "fire-archer")
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(enemy))
    st.apply_action(ChooseTarget(c1))
    assert st.zone[enemy] == MAGIC_PILE and pending(st) is None


@pytest.mark.covers("release-the-hounds.effect", ruleset="first")
def test_release_the_hounds_searches_then_summons_next_to_the_queen() -> None:
    st = qm(EVENTS)
    q = queen(st)
    st.place(q, sq(2, 2), 0)
    ev = to_hand(st, 0, "release-the-hounds")
    other = to_hand(st, 0, "lava-flow")
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and NO in dec.options
    slugs = {
        st.info.cards[o.card].slug for o in dec.options if isinstance(o, ChooseTarget)
    }
    assert slugs == {"fireling", "fire-beast"}
    pick = next(
        o.card
        for o in dec.options
        if isinstance(o, ChooseTarget) and st.info.cards[o.card].slug == "fire-beast"
    )
    st.apply_action(ChooseTarget(pick))
    while pending(st) is not None:
        st.apply_action(NO)
    assert st.zone[pick] == HAND
    # build magic this event phase, then summon next to the queen (not by a wall)
    set_magic(st, 0, 2)
    assert Summon(pick, sq(3, 2)) not in st.legal_actions()  # cost 3
    assert DiscardForMagic(other) in st.legal_actions()
    st.apply_action(DiscardForMagic(other))
    assert st.magic[0] == 3
    assert Summon(pick, sq(3, 2)) in st.legal_actions()
    st.apply_action(Summon(pick, sq(3, 2)))
    assert st.zone[pick] == BOARD and st.pos[pick] == sq(3, 2)
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    assert not any(isinstance(a, DiscardForMagic) for a in st.legal_actions())


def test_pile_cards_never_reach_the_draw_pile() -> None:
    st = qm(EVENTS)
    phoenixes = [
        c for c in range(len(st.info.cards)) if st.info.cards[c].slug == "phoenix"
    ]
    assert len(phoenixes) == 6
    assert all(st.zone[c] == IN_PILE for c in phoenixes)
    assert not any(st.info.cards[c].slug == "phoenix" for c in st.deck[0])
    assert DECK != IN_PILE


def test_blaze_dodge_no_placement_when_its_wound_destroys_the_attacker(
    dice: Dice,
) -> None:
    st = qm(ATTACK)
    st.turn_player = 1
    dancer = put(st, 0, "fire-dancer", sq(4, 3))
    berserk = put(st, 1, "berserker-tundra-orcs", sq(5, 3))
    st.damage[berserk] = 1  # 2 life: the dodge wound destroys it
    dice(1, 6, 6)
    st.invalidate()
    st.apply_action(Attack(berserk, dancer))
    assert st.zone[berserk] == MAGIC_PILE and st.magic[0] == 1
    assert st.pos[dancer] == sq(4, 3) and pending(st) is None
