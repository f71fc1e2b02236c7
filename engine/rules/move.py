"""R5 Move: up to 3 different units you control, each 1 or 2 spaces (modifiable), one
orthogonal step at a time into empty spaces; stepping out and back is allowed (the unit
ends where it started but has moved 2 spaces); never 0 spaces; structures move only
if an ability allows (Ice Golem). Abilities may let a unit pass through cards
(Trample): then the intermediate space is part of the action (``Move.via``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import board as B
from engine.actions import Action, Move
from engine.board import ADJ, DIST, SPACES

if TYPE_CHECKING:
    from engine.abilities.registry import Ability
    from engine.state import GameState

MAX_UNITS_MOVED = 3


def _paths(st: GameState, unit: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """(destination, via) -> path (spaces stepped on, last = destination).

    via = -1 for paths through empty spaces only; else the first occupied space passed
    through (a longer move may cross several). Deterministic: DFS in ADJ order, first
    path kept. (The result is memoised, see :func:`_path_table`.)"""
    return _path_table(st, unit)[1]


_PathKey = tuple[int, int, int, int]
_PathTable = tuple[
    _PathKey,
    dict[tuple[int, int], tuple[int, ...]],
    tuple[tuple[int, int], ...],
]
_PATH_CACHE: dict[_PathKey, _PathTable] = {}


_Hooked = list[tuple[int, "Ability"]]


def _passers(st: GameState) -> tuple[_Hooked, _Hooked]:
    """The working ``lets_pass`` and ``passes_through`` hooks (what
    :meth:`GameState.passes_through` consults), for :func:`_can_pass`."""
    hooks = st.info.hooks
    lets = st._hooked("lets_pass") if "lets_pass" in hooks else []
    own = st._hooked("passes_through") if "passes_through" in hooks else []
    return lets, own


def _can_pass(
    st: GameState, unit: int, other: int, passers: tuple[_Hooked, _Hooked]
) -> bool:
    """:meth:`GameState.passes_through` with its hook lists given."""
    lets, own = passers
    for s, a in lets:
        if a.lets_pass(st, s, unit, other):
            return True
    for s, a in own:
        if s == unit and a.passes_through(st, s, other):
            return True
    return False


def _path_table(
    st: GameState, unit: int, passers: tuple[_Hooked, _Hooked] | None = None
) -> _PathTable:
    """(memo key, :func:`_paths` result, its keys sorted), memoised on what the
    search reads: the start, the distance, the occupancy within reach and which
    cards in reach the unit may pass through (``passes_through`` is a pure
    query, so asking it of every card in reach is safe)."""
    start = st.pos[unit]
    dist = st.move_distance(unit)
    if dist <= 0:
        return (-1, 0, 0, 0), {}, ()
    board = st.board
    occ = st.occ
    through = bool(st.info.hooks.get("passes_through")) or "lets_pass" in st.info.hooks
    d = dist if dist < _MAXD else _MAXD
    pmask = 0
    if through and dist > 1:
        # every card the search below could ask about is within dist - 1 spaces
        if passers is None:
            passers = _passers(st)
        for n in _bits(occ & _WITHIN[start][d - 1]):
            if _can_pass(st, unit, board[n], passers):
                pmask |= 1 << n
    key = (start, dist, occ & _WITHIN[start][d], pmask)
    got = _PATH_CACHE.get(key)
    if got is None:
        if len(_PATH_CACHE) > 100_000:
            _PATH_CACHE.clear()
        out = _search(key[2], start, dist, pmask)
        got = _PATH_CACHE[key] = (key, out, tuple(sorted(out)))
    return got


def _search(
    occ: int, start: int, dist: int, pmask: int
) -> dict[tuple[int, int], tuple[int, ...]]:
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    free_mask = ~occ | (1 << start)
    seen: set[int] = set()

    def dfs(s: int, path: tuple[int, ...], crossed: int) -> None:
        # a second visit of (space, crossed, steps) can only re-find keys the first
        # visit already stored (first path kept), so it is skipped: same result
        steps = len(path) + 1  # after the next step
        state = s | (crossed + 1) << 6 | steps << 12
        if state in seen:
            return
        seen.add(state)
        for n in ADJ[s]:
            if free_mask >> n & 1:
                np = path + (n,)
                key = (n, crossed)
                if key not in out:
                    out[key] = np
                if steps < dist:
                    dfs(n, np, crossed)
            elif pmask >> n & 1 and steps < dist:
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
_bits = B.bits_of


def plain_reach(occ: int, start: int) -> int:
    """Bit mask of the destinations of a plain 2-space move from ``start``
    (``occ``: occupied spaces, the mover included)."""
    free = ~occ | (1 << start)  # the mover's own space is free to step back into
    first = ADJ_MASK[start] & ~occ
    reach = first
    for n in _bits(first):
        reach |= ADJ_MASK[n] & free
    return reach


_ADJ_SORTED: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in ADJ)
_MAXD = 13  # more than any distance on the board
_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << s for s in range(SPACES) if 0 < DIST[a][s] <= d) for d in range(14))
    for a in range(SPACES)
)
"""_WITHIN[a][d]: bit mask of the spaces within ``d`` of ``a`` (never ``a``)."""
_NEAR2_MASK: tuple[int, ...] = tuple(_WITHIN[a][2] for a in range(SPACES))


_UNIT_PLAIN: dict[int, tuple[Move, ...]] = {}


def _plain_moves(occ: int, unit: int, start: int) -> tuple[Move, ...]:
    # the moves depend only on the unit, its start and the occupancy within 2 spaces
    ukey = ((occ & _NEAR2_MASK[start]) << 14) | (start << 8) | unit
    got = _UNIT_PLAIN.get(ukey)
    if got is None:
        if len(_UNIT_PLAIN) > 200_000:
            _UNIT_PLAIN.clear()
        got = _UNIT_PLAIN[ukey] = _plain_moves2(occ, unit, start)
    return got


_ROWS: dict[int, tuple[Move, ...]] = {}


def _plain_moves2(occ: int, unit: int, start: int) -> tuple[Move, ...]:
    free = ~occ | (1 << start)  # the mover's own space is free to step back into
    reach = first = ADJ_MASK[start] & ~occ
    for n in ADJ[start]:
        if first >> n & 1:
            reach |= ADJ_MASK[n] & free
    row = _ROWS.get(unit)
    if row is None:
        row = _ROWS[unit] = tuple(_move(unit, d, -1) for d in range(SPACES))
    return tuple([row[d] for d in _bits(reach)])


_UNIT_MOVES: dict[tuple[int, object], tuple[Move, ...]] = {}


def _unit_moves(
    unit: int, key: object, pairs: tuple[tuple[int, int], ...]
) -> tuple[Move, ...]:
    """Move values of ``unit`` for sorted (to, via) ``pairs`` (memoised on ``key``,
    which determines ``pairs``)."""
    k = (unit, key)
    got = _UNIT_MOVES.get(k)
    if got is None:
        if len(_UNIT_MOVES) > 200_000:
            _UNIT_MOVES.clear()
        got = _UNIT_MOVES[k] = tuple(_move(unit, d, v) for d, v in pairs)
    return got


def _pass_sources(st: GameState) -> frozenset[int]:
    """Cards with a ``passes_through`` ability (any zone), cached per game info."""
    extra = st.info.extra
    got = extra.get("core.pass_sources")
    if got is None:
        got = extra["core.pass_sources"] = frozenset(
            s for s, _a, _z in st.info.hooks.get("passes_through", ())
        )
    return got


def legal_moves(st: GameState) -> list[Action]:
    moved = st.moved
    if len(moved) >= MAX_UNITS_MOVED:
        return []
    out: list[Action] = []
    info = st.info
    hooks = info.hooks
    p = st.turn_player
    units = st.units_of(p)
    if "lets_pass" in hooks and st._hooked("lets_pass"):
        through: frozenset[int] | list[int] = units  # an aura may let any unit pass
    else:
        through = _pass_sources(st) if "passes_through" in hooks else frozenset()
    occ = st.occ
    pos = st.pos
    board = st.board
    is_structure = info.is_structure
    # hoisted per call: what GameState.can_move / move_distance would look up per unit
    prevent = st._hooked("prevents_move") if "prevents_move" in hooks else []
    mod_aura = "mod_move" in info.aura_hooks and st.aura_active("mod_move")
    mod_self = info.self_hooks.get("mod_move", ())
    plain = _UNIT_PLAIN
    near2 = _NEAR2_MASK
    passers: tuple[_Hooked, _Hooked] | None = None
    for unit in units:
        if unit in moved:
            continue
        if is_structure[unit]:
            if not st.can_move(unit):
                continue
        elif prevent:
            blocked = False
            for s, a in prevent:
                if a.prevents_move(st, s, unit):
                    blocked = True
                    break
            if blocked:
                continue
        dist = st.move_distance(unit) if mod_aura or unit in mod_self else 2
        if dist == 2 and unit not in through:
            start = pos[unit]
            got = plain.get(((occ & near2[start]) << 14) | (start << 8) | unit)
            out += got if got is not None else _plain_moves(occ, unit, start)
        elif dist == 2:
            start = pos[unit]
            pmask = 0
            if passers is None:
                passers = _passers(st)
            for n in ADJ[start]:
                other = board[n]
                if other >= 0 and _can_pass(st, unit, other, passers):
                    pmask |= 1 << n
            key = (start, occ & _NEAR2_MASK[start], pmask)
            got = _UNIT_MOVES.get((unit, key))
            if got is None:
                pairs = [(d, -1) for d in _bits(plain_reach(occ, start))]
                for n in ADJ[start]:
                    if pmask >> n & 1:
                        pairs += [(m, n) for m in ADJ[n] if board[m] < 0 or m == start]
                got = _unit_moves(unit, key, tuple(sorted(pairs)))
            out += got
        elif dist == 1:
            out += [
                _move(unit, n, -1) for n in _ADJ_SORTED[pos[unit]] if not occ >> n & 1
            ]
        else:
            if passers is None:
                passers = _passers(st)
            key4, _paths_found, sorted_keys = _path_table(st, unit, passers)
            out += _unit_moves(unit, key4, sorted_keys)
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
