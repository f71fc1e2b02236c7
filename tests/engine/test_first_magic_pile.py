"""The first edition's magic pile as a zone of real cards (research/first-edition.md
R14, R18, R22, R41; engine/rulesets/first/magic.py): which card goes where, that the
count (``GameState.magic``) is always the pile's size, that copies, the information-
fair view, the look-ahead redeal and the state digest know the pile, and that the
second edition has none."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, fresh, put, to_hand
from invariants import check_invariants

from engine.core.actions import DiscardForMagic, Summon
from engine.core.board import sq
from engine.core.phases import MAGIC, SUMMON
from engine.core.replay import state_digest
from engine.core.view import PlayerView
from engine.core.zones import DISCARD
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets import get_ruleset


def test_r18_build_magic_puts_each_card_on_top_of_the_pile() -> None:
    st = fresh(phase=MAGIC)
    a = to_hand(st, 0, "guardian")
    b = to_hand(st, 0, "warrior-phoenix-elves")
    st.apply_action(DiscardForMagic(b))
    st.apply_action(DiscardForMagic(a))
    assert st.magic_pile[0] == [b, a] and st.magic == [2, 0]  # a on top
    assert st.zone[a] == MAGIC_PILE and st.pos[a] == 0 and st.ctrl[a] == 0
    check_invariants(st)


def test_r14_paying_moves_the_top_cards_to_the_payers_discard_pile() -> None:
    st = fresh(phase=SUMMON)
    put(st, 0, "wall", sq(2, 2))
    # my pile: one of my cards under two enemy cards I destroyed (R22)
    fill_magic(st, 0, 1)
    foes = [put(st, 1, "fighter-tundra-orcs", sq(5, c)) for c in (0, 1)]
    for f in foes:
        st.destroy(f, 0)
    assert st.magic_pile[0][1:] == foes and st.magic[0] == 3
    unit = to_hand(st, 0, "guardian")  # cost 2
    st.apply_action(Summon(unit, sq(3, 2)))
    # top card first: the enemy cards land on MY discard pile, not their owner's
    assert st.discard[0][-2:] == [foes[1], foes[0]]
    assert all(st.pos[f] == 0 and st.ctrl[f] == 1 for f in foes)
    assert not any(f in st.discard[1] for f in foes)
    assert len(st.magic_pile[0]) == 1 and st.magic[0] == 1
    check_invariants(st)
    # and they leave that pile again like any card (Reform Stone, Resurrect...)
    st.place(foes[0], sq(3, 4), 0)
    assert foes[0] not in st.discard[0] and st.pos[foes[0]] == sq(3, 4)
    check_invariants(st)


def test_r22_the_destroyed_card_then_the_cards_under_it_go_to_the_destroyer() -> None:
    st = fresh()
    host = put(st, 1, "smasher", sq(4, 2))
    below = [to_hand(st, 1, "fighter-tundra-orcs"), to_hand(st, 0, "guardian")]
    for c in below:
        st.put_under(c, host)
    st.destroy(host, 0)
    assert st.magic_pile[0] == [host, *below] and st.magic == [3, 0]
    assert all(st.zone[c] == MAGIC_PILE for c in (host, *below))
    check_invariants(st)


def test_a_card_destroyed_by_a_rule_stays_in_its_owners_discard_pile() -> None:
    st = fresh()
    host = put(st, 1, "smasher", sq(4, 2))
    under = to_hand(st, 1, "fighter-tundra-orcs")
    st.put_under(under, host)
    st.destroy(host, None)
    assert st.zone[host] == DISCARD and st.zone[under] == DISCARD
    assert st.magic == [0, 0] and st.magic_pile == [[], []]


def test_magic_is_gained_only_as_a_card() -> None:
    st = fresh()
    with pytest.raises(ValueError, match="magic pile"):
        st.gain_magic(0, 1)


def test_a_copy_has_its_own_piles() -> None:
    st = fresh()
    pile = fill_magic(st, 0, 2)
    cp = st.clone()
    cp.gain_magic(0, -1)
    assert st.magic_pile[0] == pile and st.magic[0] == 2
    assert cp.magic_pile[0] == pile[:1] and cp.magic[0] == 1
    assert state_digest(cp) != state_digest(st)


def test_the_digest_knows_which_cards_are_in_the_pile() -> None:
    st = fresh()
    a = to_hand(st, 0, "guardian")
    b = to_hand(st, 0, "warrior-phoenix-elves")
    one, two = st.clone(), st.clone()
    one.to_magic_pile(a, 0)
    two.to_magic_pile(b, 0)
    # same counts everywhere, other cards in the pile
    assert one.magic == two.magic
    assert state_digest(one) != state_digest(two)


def test_r41_the_view_shows_your_own_pile_and_only_the_size_of_theirs() -> None:
    st = fresh()
    mine = fill_magic(st, 0, 2)
    fill_magic(st, 1, 3)
    view = PlayerView(st, 0)
    assert view.magic_pile == mine and view.magic == [2, 3]
    assert view.magic_pile_count(1) == 3
    assert PlayerView(st, 1).magic_pile == st.magic_pile[1]


def test_look_ahead_redeals_the_opponents_own_pile_cards_with_their_hidden_cards() -> (
    None
):
    """The opponent's pile is face down: the cards of theirs in it are pooled with
    their hand and deck and dealt again in card-id order, so the copy is the same
    whatever they built; the cards of mine they destroyed stay where they lie."""
    st = fresh()
    foe_pile = fill_magic(st, 1, 2)
    mine = put(st, 0, "guardian", sq(3, 3))
    st.destroy(mine, 1)
    assert st.magic_pile[1] == [*foe_pile, mine]
    other = st.clone()
    # the same game, but other cards of theirs built into the pile
    for c in foe_pile:
        other.remove_from_zone(c)
        other.zone[c] = 0  # DECK
        other.deck[1].append(c)
    swap = [other.deck[1][0], other.deck[1][1]]
    for i, c in enumerate(swap):
        other.remove_from_zone(c)
        other.zone[c] = MAGIC_PILE
        other.pos[c] = 1
        other.magic_pile[1].insert(i, c)
        other.magic[1] += 1
    check_invariants(other)
    a = PlayerView(st, 0).search()
    b = PlayerView(other, 0).search()
    assert a.magic_pile == b.magic_pile and a.deck == b.deck and a.hand == b.hand
    assert a.magic_pile[1][2] == mine and a.magic == st.magic
    check_invariants(a)
    # my own pile is mine to see: never redealt
    assert a.magic_pile[0] == st.magic_pile[0]


def test_the_second_edition_has_no_magic_pile() -> None:
    assert get_ruleset("first").magic_pile
    assert not get_ruleset("second").magic_pile
