"""R6 Build: a structure (or structure-event, R8c) from hand, paid in magic, on an empty
space in your back 3 rows or adjacent to your summoner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Build
from engine.core.board import SPACES, bits_of, own_row
from engine.core.hooks import BOARD
from engine.core.mechanics.movement import ADJ_MASK

if TYPE_CHECKING:
    from engine.core.state import GameState


def buildable(st: GameState, cid: int) -> bool:
    card = st.info.cards[cid]
    if st.info.is_unit[cid] or not st.info.is_structure[cid] or card.cost is None:
        return False
    return card.cost <= st.magic[st.turn_player]


_BACK3: tuple[int, int] = (
    sum(1 << s for s in range(SPACES) if own_row(0, s) <= 2),
    sum(1 << s for s in range(SPACES) if own_row(1, s) <= 2),
)


def build_spaces(st: GameState, player: int) -> list[int]:
    """Empty spaces in ``player``'s back 3 rows or next to their summoner, ascending."""
    mask = _BACK3[player]
    summ = st.info.summoners[player]
    if st.zone[summ] == BOARD:
        mask |= ADJ_MASK[st.pos[summ]]
    return list(bits_of(mask & ~st.occ))


def _build_costs(st: GameState) -> tuple[int, ...]:
    """Per card id: its cost if R6 may build it (see :func:`buildable`), else -1;
    cached on the game info."""
    extra = st.info.extra
    got: tuple[int, ...] | None = extra.get("core.build_costs")
    if got is None:
        info = st.info
        got = extra["core.build_costs"] = tuple(
            c.cost
            if not info.is_unit[i] and info.is_structure[i] and c.cost is not None
            else -1
            for i, c in enumerate(info.cards)
        )
    return got


def legal_builds(st: GameState) -> list[Action]:
    p = st.turn_player
    costs = _build_costs(st)
    magic = st.magic[p]
    cards = [c for c in st.hand[p] if 0 <= costs[c] <= magic]
    if not cards:
        return []
    spaces = build_spaces(st, p)
    table = _BUILDS  # (_build's table, read inline: the pairs are many)
    return [table.get(c << 7 | s) or _build(c, s) for c in cards for s in spaces]


_BUILDS: dict[int, Build] = {}


def _build(card: int, space: int) -> Build:
    """Interned Build values (frozen: sharing is safe)."""
    key = (card << 7) | space
    a = _BUILDS.get(key)
    if a is None:
        a = _BUILDS[key] = Build(card, space)
    return a


def do_build(st: GameState, a: Build) -> None:
    p = st.turn_player
    st.gain_magic(p, -(st.info.cards[a.card].cost or 0))
    st.place(a.card, a.space, p)
    if st.stats is not None:
        st.stats[3 * a.card] += 1
