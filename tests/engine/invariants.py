"""State invariants checked by the fuzz tests after every action."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.hooks import ACTIVE, BOARD, DECK, DISCARD, HAND, MAGIC, UNDER
from engine.core.state import GameState
from engine.core.view import Agent
from engine.rulesets.first.piles import IN_PILE, PILES
from engine.rulesets.first.vines import vine_under


def check_invariants(st: GameState) -> None:
    n = len(st.info.cards)
    seen = [0] * n
    where = [-1] * n
    for p in (0, 1):
        for zone, lst in (
            (DECK, st.deck[p]),
            (HAND, st.hand[p]),
            (DISCARD, st.discard[p]),
            (ACTIVE, st.active[p]),
            (MAGIC, st.magic_pile[p]),
        ):
            for c in lst:
                seen[c] += 1
                where[c] = zone
                if zone == DECK:
                    assert st.info.owner[c] == p, "a deck holds only own cards"
                elif zone == DISCARD:
                    # a first-edition discard pile may hold the other player's
                    # cards (paid from a magic pile, R14): pos names the holder
                    if st.info.owner[c] == p:
                        assert st.pos[c] == -1, "own discarded card: pos -1"
                    else:
                        assert st.info.ruleset.magic_pile and st.pos[c] == p
                elif zone == MAGIC:
                    assert st.pos[c] == p, "a magic pile card: pos = holder"
                    assert st.ctrl[c] == st.info.owner[c]
        # a magic pile holds cards only where magic is a pile (first edition), and
        # then the magic count is its size
        if st.info.ruleset.magic_pile:
            assert st.magic[p] == len(st.magic_pile[p]), "magic == pile size"
        else:
            assert not st.magic_pile[p], "no magic pile in this ruleset"
    for s, c in enumerate(st.board):
        if c >= 0:
            seen[c] += 1
            where[c] = BOARD
            assert st.pos[c] == s, "position table agrees with the board"
    for host, below in st.under.items():
        assert st.zone[host] == BOARD, "cards are only under battlefield cards"
        for c in below:
            seen[c] += 1
            where[c] = UNDER
            assert st.pos[c] == host
    for c in range(n):
        # a first-edition separate pile (Phoenixes, Minor Ice Walls, Vine Walls) is
        # the "nowhere" zone -1 (engine/rulesets/first/piles.py)
        if st.zone[c] == IN_PILE and st.info.cards[c].slug in PILES:
            seen[c] += 1
            if st.pos[c] >= 0:
                # a Vine Wall under the unit on space pos (rulesets/first/vines.py)
                assert vine_under(st, st.pos[c]) == c, "a Vine Wall under a unit"
                host = st.board[st.pos[c]]
                assert host >= 0 and st.info.is_unit[host]
                assert st.damage[c] < st.life(c)
            else:
                assert st.ctrl[c] == st.info.owner[c] and st.damage[c] == 0
    assert seen == [1] * n, "every card in exactly one zone"
    occ = sum(1 << s for s, c in enumerate(st.board) if c >= 0)
    assert st.occ == occ, "occupancy mask agrees with the board"
    assert where == st.zone, "zone table agrees with the zone lists"
    for p in (0, 1):
        cap = st.info.ruleset.max_magic
        assert 0 <= st.magic[p] and (cap is None or st.magic[p] <= cap)
    assert min(st.damage) >= 0 and min(st.boost) >= 0
    for c in range(n):
        if st.zone[c] == IN_PILE and st.pos[c] >= 0:
            pass  # a Vine Wall under a unit keeps its wounds (checked above)
        elif st.zone[c] != BOARD:
            assert st.damage[c] == 0, "tokens only on battlefield cards"
        elif not st.terminal:
            assert st.damage[c] < st.life(c), "no living card at 0 life"
    assert sum(len(h) for h in st.hand) + sum(len(d) for d in st.deck) <= n
    assert len(st.moved) == len(set(st.moved)) and len(st.attacked) == len(
        set(st.attacked)
    )
    if not st.terminal:
        assert st.legal_actions(), "legal actions unless terminal"
        assert st.turn <= st.info.rules.turn_cap
    else:
        assert st.legal_actions() == []


def play_checked(st: GameState, agents: Sequence[Agent]) -> int:
    """Play ``st`` to the end with one agent per seat, asserting that every choice
    is one of the legal actions offered; returns the number of decisions."""
    from engine.core.view import PlayerView

    views = (PlayerView(st, 0), PlayerView(st, 1))
    n = 0
    while not st.terminal:
        p = st.current_player()
        legal = list(st.legal_actions())
        action = agents[p].choose(views[p], legal)
        assert action in legal
        st.apply_action(action)
        n += 1
        assert n < 20_000, "game must end"
    return n
