"""R5 Move: up to 3 different units you control, each 1 or 2 spaces (modifiable), one
orthogonal step at a time into empty spaces; stepping out and back is allowed (the unit
ends where it started but has moved 2 spaces); never 0 spaces; structures move only
if an ability allows (Ice Golem). Abilities may let a unit pass through cards
(Trample): then the intermediate space is part of the action (``Move.via``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action, Move
from engine.board import ADJ, DIST, SPACES

if TYPE_CHECKING:
    from engine.state import GameState

MAX_UNITS_MOVED = 3


def _paths(st: GameState, unit: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """(destination, via) -> path (spaces stepped on, last = destination).

    via = -1 for paths through empty spaces only; else the first occupied space passed
    through (a longer move may cross several). Deterministic: DFS in ADJ order, first
    path kept."""
    start = st.pos[unit]
    dist = st.move_distance(unit)
    board = st.board
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    if dist <= 0:
        return out
    through = bool(st.info.hooks.get("passes_through")) or "lets_pass" in st.info.hooks

    def free(s: int) -> bool:
        c = board[s]
        return c < 0 or s == start

    seen: set[tuple[int, int, int]] = set()

    def dfs(s: int, path: tuple[int, ...], crossed: int) -> None:
        # a second visit of (space, crossed, steps) can only re-find keys the first
        # visit already stored (first path kept), so it is skipped: same result
        state = (s, crossed, len(path))
        if state in seen:
            return
        seen.add(state)
        for n in ADJ[s]:
            if free(n):
                np = path + (n,)
                key = (n, crossed)
                if key not in out:
                    out[key] = np
                if len(np) < dist:
                    dfs(n, np, crossed)
            elif through and len(path) + 1 < dist:
                other = board[n]
                if st.passes_through(unit, other):
                    dfs(n, path + (n,), n if crossed < 0 else crossed)

    dfs(start, (), -1)
    # an occupied crossed space only matters if no clean path reaches the same place
    return out


def can_still_move(st: GameState) -> bool:
    return len(st.moved) < MAX_UNITS_MOVED


_MOVES: dict[int, Move] = {}


def _move(unit: int, to: int, via: int) -> Move:
    """Interned Move values (frozen, so sharing is safe; creation is the hot path)."""
    key = (unit << 14) | (to << 7) | (via + 1)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(unit, to, via)
    return m


ADJ_MASK: tuple[int, ...] = tuple(sum(1 << n for n in ADJ[s]) for s in range(SPACES))
_BITS: dict[int, tuple[int, ...]] = {}
_PLAIN_CACHE: dict[int, tuple[Move, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    """Set bit positions of ``mask``, ascending (cached)."""
    out = _BITS.get(mask)
    if out is None:
        if len(_BITS) > 100_000:
            _BITS.clear()
        out = _BITS[mask] = tuple(s for s in range(SPACES) if mask >> s & 1)
    return out


def plain_reach(occ: int, start: int) -> int:
    """Bit mask of the destinations of a plain 2-space move from ``start``
    (``occ``: occupied spaces, the mover included)."""
    free = ~occ | (1 << start)  # the mover's own space is free to step back into
    first = ADJ_MASK[start] & ~occ
    reach = first
    for n in _bits(first):
        reach |= ADJ_MASK[n] & free
    return reach


_NEAR2_MASK: tuple[int, ...] = tuple(
    sum(1 << s for s in range(SPACES) if 0 < DIST[a][s] <= 2) for a in range(SPACES)
)


_REACH_CACHE: dict[int, int] = {}


def _plain_moves(occ: int, unit: int, start: int) -> tuple[Move, ...]:
    # reach depends only on the start and the occupancy within 2 spaces of it
    rkey = (occ & _NEAR2_MASK[start]) | (start << 48)
    reach = _REACH_CACHE.get(rkey)
    if reach is None:
        if len(_REACH_CACHE) > 200_000:
            _REACH_CACHE.clear()
        reach = _REACH_CACHE[rkey] = plain_reach(occ, start)
    key = (reach << 7) | unit
    moves = _PLAIN_CACHE.get(key)
    if moves is None:
        if len(_PLAIN_CACHE) > 200_000:
            _PLAIN_CACHE.clear()
        moves = _PLAIN_CACHE[key] = tuple(_move(unit, d, -1) for d in _bits(reach))
    return moves


def legal_moves(st: GameState) -> list[Action]:
    if len(st.moved) >= MAX_UNITS_MOVED:
        return []
    out: list[Action] = []
    moved = st.moved
    hooks = st.info.hooks
    through = [s for s, _a, _z in hooks.get("passes_through", ())]
    if "lets_pass" in hooks and st._hooked("lets_pass"):
        through = st.units_of(st.turn_player)  # an aura may let any unit pass
    occ = st.occ
    pos = st.pos
    board = st.board
    info = st.info
    is_structure = info.is_structure
    # hoisted per call: what GameState.can_move / move_distance would look up per unit
    prevent = st._hooked("prevents_move") if "prevents_move" in hooks else []
    mod_aura = "mod_move" in info.aura_hooks and st.aura_active("mod_move")
    mod_self = info.self_hooks.get("mod_move", ())
    for unit in st.units_of(st.turn_player):
        if unit in moved:
            continue
        if is_structure[unit]:
            if not st.can_move(unit):
                continue
        elif prevent and any(a.prevents_move(st, s, unit) for s, a in prevent):
            continue
        dist = st.move_distance(unit) if mod_aura or unit in mod_self else 2
        if dist == 2 and unit not in through:
            out += _plain_moves(occ, unit, pos[unit])
        elif dist == 2:
            start = pos[unit]
            pairs = [(d, -1) for d in _bits(plain_reach(occ, start))]
            for n in ADJ[start]:
                other = board[n]
                if other >= 0 and st.passes_through(unit, other):
                    pairs += [(m, n) for m in ADJ[n] if board[m] < 0 or m == start]
            out += [_move(unit, d, v) for d, v in sorted(pairs)]
        elif dist == 1:
            out += [
                _move(unit, n, -1) for n in sorted(ADJ[pos[unit]]) if not occ >> n & 1
            ]
        else:
            for dest, via in sorted(_paths(st, unit)):
                out.append(_move(unit, dest, via))
    return out


def _plain_path(st: GameState, start: int, to: int) -> tuple[int, ...]:
    if to in ADJ[start]:
        return (to,)
    board = st.board
    for n in ADJ[start]:
        if board[n] < 0 and to in ADJ[n]:
            return (n, to)
    raise AssertionError("no plain path")  # pragma: no cover


def do_move(st: GameState, a: Move) -> None:
    start = st.pos[a.unit]
    if a.via < 0 and st.move_distance(a.unit) in (1, 2):
        path = _plain_path(st, start, a.to)
    else:
        path = _paths(st, a.unit)[(a.to, a.via)]
    st.moved.append(a.unit)
    st.relocate(a.unit, a.to, "move", path)
