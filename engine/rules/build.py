"""R6 Build: a structure (or structure-event, R8c) from hand, paid in magic, on an empty
space in your back 3 rows or adjacent to your summoner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import BOARD
from engine.actions import Action, Build
from engine.board import ADJ, SPACES, own_row

if TYPE_CHECKING:
    from engine.state import GameState


def buildable(st: GameState, cid: int) -> bool:
    card = st.info.cards[cid]
    if st.info.is_unit[cid] or not st.info.is_structure[cid] or card.cost is None:
        return False
    return card.cost <= st.magic[st.turn_player]


def build_spaces(st: GameState, player: int) -> list[int]:
    board = st.board
    ok = [board[s] < 0 and own_row(player, s) <= 2 for s in range(SPACES)]
    summ = st.info.summoners[player]
    if st.zone[summ] == BOARD:
        for s in ADJ[st.pos[summ]]:
            if board[s] < 0:
                ok[s] = True
    return [s for s in range(SPACES) if ok[s]]


def legal_builds(st: GameState) -> list[Action]:
    p = st.turn_player
    cards = [c for c in st.hand[p] if buildable(st, c)]
    if not cards:
        return []
    spaces = build_spaces(st, p)
    return [Build(c, s) for c in cards for s in spaces]


def do_build(st: GameState, a: Build) -> None:
    p = st.turn_player
    st.gain_magic(p, -(st.info.cards[a.card].cost or 0))
    st.place(a.card, a.space, p)
    if st.stats is not None:
        st.stats[3 * a.card] += 1
