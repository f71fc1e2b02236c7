"""The first edition's separate piles (engine/rulesets/first/piles.py; research R30,
R31, R54): which decks get them, that their cards are never drawn, where a destroyed
pile card goes, and that a replay keeps them."""

from __future__ import annotations

from firstbench import fresh, wide_deck

from engine.core.board import sq
from engine.core.phases import EVENTS
from engine.core.replay import deck_from_json, deck_to_json
from engine.core.zones import DISCARD
from engine.deckbuilding.catalog import load_catalog
from engine.rulesets.first.piles import (
    IN_PILE,
    PILES,
    SUMMONER_PILES,
    conjure,
    pile_cards,
    return_to_pile,
)


def test_each_pile_summoner_gets_its_pile_and_no_other_deck_does() -> None:
    for summoner, piles in SUMMONER_PILES.items():
        d = wide_deck(summoner, events=True)
        assert [c.slug for c in d.piles] == [
            s for s in piles for _ in range(PILES[s].size)
        ]
        assert not any(c.slug in PILES for c in d.draw_cards)
    d = wide_deck("grognack", events=True)  # lists a Minor Ice Wall: not Torgan's
    assert d.piles == () and not any(c.slug in PILES for c in d.draw_cards)


def test_pile_cards_are_dealt_nowhere_and_never_drawn() -> None:
    st = fresh("mugglug", "torgan", EVENTS, events=True)
    vines = pile_cards(st, 0, "vine-wall")
    ices = pile_cards(st, 1, "minor-ice-wall")
    assert len(vines) == 15 and len(ices) == 15
    assert all(st.zone[c] == IN_PILE for c in vines + ices)
    assert not set(vines + ices) & set(st.deck[0] + st.deck[1])


def test_conjure_and_return_to_pile() -> None:
    st = fresh("mugglug", "torgan", EVENTS, events=True)
    c = conjure(st, 0, "vine-wall", sq(3, 3))
    assert c >= 0 and st.board[sq(3, 3)] == c and st.ctrl[c] == 0
    assert conjure(st, 0, "vine-wall", sq(3, 3)) == -1  # occupied
    assert conjure(st, 0, "phoenix", sq(3, 4)) == -1  # no such pile
    st.damage[c] = 1
    return_to_pile(st, c)
    assert st.zone[c] == IN_PILE and st.board[sq(3, 3)] < 0 and st.damage[c] == 0


def test_destroyed_walls_of_a_pile_go_back_without_magic() -> None:
    st = fresh("mugglug", "torgan", EVENTS, events=True)
    vine = conjure(st, 0, "vine-wall", sq(3, 3))
    ice = conjure(st, 1, "minor-ice-wall", sq(4, 3))
    st.deal_damage(vine, 2, 1)
    st.deal_damage(ice, 2, 0)
    assert st.zone[vine] == IN_PILE and st.zone[ice] == IN_PILE
    assert st.magic == [0, 0]
    assert vine not in st.discard[0] and ice not in st.discard[1]


def test_a_conjuration_destroyed_by_its_own_player_goes_to_the_discard() -> None:
    st = fresh("queen-maldaria", "torgan", EVENTS, events=True)
    a = conjure(st, 0, "phoenix", sq(3, 3))
    b = conjure(st, 0, "phoenix", sq(3, 4))
    st.deal_damage(a, 1, 0)
    st.deal_damage(b, 1, 1)
    assert st.zone[a] == DISCARD and st.magic_pile[1] == [b]
    assert st.magic == [0, 1]  # only the enemy's kill feeds a magic pile


def test_a_deck_with_piles_survives_the_replay_format() -> None:
    cat = load_catalog(ruleset="first")
    d = wide_deck("queen-maldaria", events=True)
    data = deck_to_json(d)
    assert data["piles"] == ["phoenix"] * 6
    assert deck_from_json(data, cat.cards) == d
    plain = deck_to_json(wide_deck("grognack"))
    assert "piles" not in plain  # decks without piles keep their old form
