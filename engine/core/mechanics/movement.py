"""R5 Move: up to 3 different units you control, each 1 or 2 spaces (modifiable), one
orthogonal step at a time into empty spaces; stepping out and back is allowed (the unit
ends where it started but has moved 2 spaces); never 0 spaces; structures move only
if an ability allows (Ice Golem). Abilities may let a unit pass through cards
(Trample): then the intermediate space is part of the action (``Move.via``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import board as B
from engine.core.actions import Action, Move
from engine.core.board import ADJ, DIST, SPACES

if TYPE_CHECKING:
    from engine.core.hooks import Ability
    from engine.core.state import GameState


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
# _PathKey -> the sorted keys of the search (:func:`_search_keys`), for legal_moves
_KEYS_CACHE: dict[_PathKey, tuple[tuple[int, int], ...]] = {}


_Hooked = list[tuple[int, "Ability"]]


def _passers(st: GameState) -> tuple[_Hooked, _Hooked]:
    """The working ``lets_pass`` and ``passes_through`` hooks (what
    :meth:`GameState.passes_through` consults), for :func:`_can_pass`."""
    hooks = st.info.hooks
    lets = st.hooked("lets_pass") if "lets_pass" in hooks else []
    own = st.hooked("passes_through") if "passes_through" in hooks else []
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
    key = _path_key(st, unit, passers)
    if key is None:
        return (-1, 0, 0, 0), {}, ()
    got = _PATH_CACHE.get(key)
    if got is None:
        if len(_PATH_CACHE) > 100_000:
            _PATH_CACHE.clear()
        out = _search(key[2], key[0], key[1], key[3])
        got = _PATH_CACHE[key] = (key, out, tuple(sorted(out)))
    return got


def _path_key(
    st: GameState, unit: int, passers: tuple[_Hooked, _Hooked] | None = None
) -> _PathKey | None:
    """The memo key of :func:`_path_table` (None: the unit cannot move)."""
    start = st.pos[unit]
    dist = st.move_distance(unit)
    if dist <= 0:
        return None
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
    return (start, dist, occ & _WITHIN[start][d], pmask)


def _search_keys(occ: int, start: int, dist: int, pmask: int) -> list[tuple[int, int]]:
    """The keys of :func:`_search` (same arguments), ascending, without the paths:
    a breadth-first sweep of bit masks, one per "first crossed card" (-1: none),
    over walks of 1..dist steps (a walk may step back; crossed cards are never
    destinations and never the last step), as the DFS explores them."""
    free = (~occ | (1 << start)) & _FULL
    cur: dict[int, int] = {-1: 1 << start}
    dests: dict[int, int] = {}
    for k in range(1, dist + 1):
        last = k == dist
        nxt: dict[int, int] = {}
        for c, m in cur.items():
            exp = (
                (m << 6 & _FULL) | m >> 6 | (m << 1 & _NOT_COL0) | (m >> 1 & _NOT_COL5)
            )
            f = exp & free
            if f:
                nxt[c] = nxt.get(c, 0) | f
                dests[c] = dests.get(c, 0) | f
            if not last:
                pm = exp & pmask
                if pm:
                    if c < 0:
                        for n in _bits(pm):
                            nxt[n] = nxt.get(n, 0) | (1 << n)
                    else:
                        nxt[c] = nxt.get(c, 0) | pm
        cur = nxt
        if not cur:
            break
    out = [(n, c) for c, m in dests.items() for n in _bits(m)]
    out.sort()
    return out


def walk_reach(occ: int, start: int, dist: int) -> int:
    """Bit mask of the destinations of a move of up to ``dist`` steps through
    empty spaces (:func:`_search` with no crossing; a walk may step back)."""
    free = ~occ | (1 << start)
    cur = 1 << start
    reach = 0
    for _ in range(dist):
        cur = (
            (cur << 6 & _FULL)
            | cur >> 6
            | (cur << 1 & _NOT_COL0)
            | (cur >> 1 & _NOT_COL5)
        ) & free
        if not cur:
            break
        reach |= cur
    return reach


def _find_path(
    occ: int, start: int, dist: int, pmask: int, to: int, via: int
) -> tuple[int, ...] | None:
    """``_search(occ, start, dist, pmask).get((to, via))`` without the rest: the
    same DFS, stopped at the first path to that key (so the same path)."""
    free_mask = ~occ | (1 << start)
    seen: set[int] = set()

    def dfs(s: int, path: tuple[int, ...], crossed: int) -> tuple[int, ...] | None:
        steps = len(path) + 1  # after the next step
        state = s | (crossed + 1) << 6 | steps << 12
        if state in seen:
            return None
        seen.add(state)
        for n in ADJ[s]:
            if free_mask >> n & 1:
                np = path + (n,)
                if n == to and crossed == via:
                    return np
                if steps < dist:
                    got = dfs(n, np, crossed)
                    if got is not None:
                        return got
            elif pmask >> n & 1 and steps < dist:
                got = dfs(n, path + (n,), n if crossed < 0 else crossed)
                if got is not None:
                    return got
        return None

    return dfs(start, (), -1)


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
    return len(st.moved) < st.info.ruleset.movers_limit(st)


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


_FULL = (1 << SPACES) - 1
_NOT_COL0 = _FULL & ~sum(1 << s for s in range(0, SPACES, B.COLS))
_NOT_COL5 = _FULL & ~sum(1 << s for s in range(B.COLS - 1, SPACES, B.COLS))


def plain_reach(occ: int, start: int) -> int:
    """Bit mask of the destinations of a plain 2-space move from ``start``
    (``occ``: occupied spaces, the mover included): the empty neighbours, and the
    spaces next to those that are empty or the start itself."""
    first = ADJ_MASK[start] & ~occ
    nb = (
        (first << 6 & _FULL)
        | first >> 6
        | (first << 1 & _NOT_COL0)
        | (first >> 1 & _NOT_COL5)
    )
    return first | (nb & ~(occ & ~(1 << start)))


_ADJ_SORTED: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(a)) for a in ADJ)
_MAXD = 13  # more than any distance on the board
_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << s for s in range(SPACES) if 0 < DIST[a][s] <= d) for d in range(14))
    for a in range(SPACES)
)
"""_WITHIN[a][d]: bit mask of the spaces within ``d`` of ``a`` (never ``a``)."""
_NEAR2_MASK: tuple[int, ...] = tuple(_WITHIN[a][2] for a in range(SPACES))


# (unit << SPACES) | destination mask -> the unit's plain moves, ascending
_UNIT_PLAIN: dict[int, tuple[Move, ...]] = {}


def _plain_moves(unit: int, reach: int) -> tuple[Move, ...]:
    """Move values of ``unit`` to the spaces of ``reach`` (memoised)."""
    ukey = unit << SPACES | reach
    got = _UNIT_PLAIN.get(ukey)
    if got is None:
        if len(_UNIT_PLAIN) > 200_000:
            _UNIT_PLAIN.clear()
        row = _ROWS.get(unit)
        if row is None:
            row = _ROWS[unit] = tuple(_move(unit, d, -1) for d in range(SPACES))
        got = _UNIT_PLAIN[ukey] = tuple([row[d] for d in _bits(reach)])
    return got


_ROWS: dict[int, tuple[Move, ...]] = {}


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
    """Moves by unit space order, then (to, via) ascending. Per unit: the spaces
    it may cross (``pmask``: only asked of units with a working way through);
    with none, the destinations are one bit mask (:func:`walk_reach`) and the
    Move tuple is memoised on (unit, mask); else the (to, via) keys of the search
    (:func:`_search_keys`, memoised on the search key)."""
    moved = st.moved
    if len(moved) >= st.info.ruleset.movers_limit(st):
        return []
    out: list[Action] = []
    info = st.info
    hooks = info.hooks
    p = st.turn_player
    occ = st.occ
    board = st.board
    ctrl = st.ctrl
    is_unit = info.is_unit
    # GameState.units_of, over the occupied spaces only
    units = [c for s in _bits(occ) if ctrl[c := board[s]] == p and is_unit[c]]
    if "lets_pass" in hooks and st.hooked("lets_pass"):
        through: frozenset[int] | list[int] = units  # an aura may let any unit pass
    else:
        through = _pass_sources(st) if "passes_through" in hooks else frozenset()
    pos = st.pos
    is_structure = info.is_structure
    # hoisted per call: what GameState.can_move / move_distance would look up per unit
    prevent = st.hooked("prevents_move") if "prevents_move" in hooks else []
    mod_aura = "mod_move" in info.aura_hooks and st.aura_active("mod_move")
    mod_self = info.self_hooks.get("mod_move", ())
    plain = _UNIT_PLAIN
    adj_mask = ADJ_MASK
    not_occ = ~occ
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
        start = pos[unit]
        pmask = 0
        if dist >= 2 and unit in through:
            # cards the unit may cross: every one the search could meet is within
            # dist - 1 spaces (``passes_through`` is a pure query)
            if passers is None:
                passers = _passers(st)
            lets, own = passers
            mine = [(s, a) for s, a in own if s == unit]
            if lets or mine:
                near = occ & _WITHIN[start][dist - 1 if dist <= _MAXD else _MAXD - 1]
                for n in _bits(near):
                    other = board[n]
                    for s, a in lets:
                        if a.lets_pass(st, s, unit, other):
                            pmask |= 1 << n
                            break
                    else:
                        for s, a in mine:
                            if a.passes_through(st, s, other):
                                pmask |= 1 << n
                                break
        if not pmask:
            if dist == 2:
                # plain_reach, inlined
                first = adj_mask[start] & not_occ
                reach = first | (
                    (
                        (first << 6 & _FULL)
                        | first >> 6
                        | (first << 1 & _NOT_COL0)
                        | (first >> 1 & _NOT_COL5)
                    )
                    & (not_occ | 1 << start)
                )
            elif dist == 1:
                reach = adj_mask[start] & not_occ
            elif dist <= 0:
                continue
            else:
                reach = walk_reach(occ, start, dist)
            got = plain.get(unit << 48 | reach)
            out += got if got is not None else _plain_moves(unit, reach)
        elif dist == 2:
            key = (start, occ & _NEAR2_MASK[start], pmask)
            got = _UNIT_MOVES.get((unit, key))
            if got is None:
                pairs = [(d, -1) for d in _bits(plain_reach(occ, start))]
                for n in ADJ[start]:
                    if pmask >> n & 1:
                        pairs += [(m, n) for m in ADJ[n] if board[m] < 0 or m == start]
                got = _unit_moves(unit, key, tuple(sorted(pairs)))
            out += got
        else:
            d = dist if dist < _MAXD else _MAXD
            key4 = (start, dist, occ & _WITHIN[start][d], pmask)
            keys = _KEYS_CACHE.get(key4)
            if keys is None:
                if len(_KEYS_CACHE) > 100_000:
                    _KEYS_CACHE.clear()
                keys = _KEYS_CACHE[key4] = tuple(
                    _search_keys(key4[2], start, dist, pmask)
                )
            out += _unit_moves(unit, keys, keys)
    return out


def _plain_path(st: GameState, start: int, to: int) -> tuple[int, ...]:
    if to in ADJ[start]:
        return (to,)
    board = st.board
    for n in ADJ[start]:
        if board[n] < 0 and to in ADJ[n]:
            return (n, to)
    raise AssertionError("no plain path")  # pragma: no cover


def do_move(st: GameState, a: Move, *, counted: bool = True) -> None:
    """Move ``a.unit`` along its path. ``counted``: the move uses one of the Move
    phase's three (``st.moved``); a move made instead of an attack is not."""
    start = st.pos[a.unit]
    if a.via < 0 and st.move_distance(a.unit) in (1, 2):
        path = _plain_path(st, start, a.to)
    else:
        key = _path_key(st, a.unit)
        found = None
        if key is not None:
            found = _find_path(key[2], start, key[1], key[3], a.to, a.via)
        assert found is not None, "a legal move has a path"
        path = found
    if counted:
        st.moved.append(a.unit)
    st.relocate(a.unit, a.to, "move", path)
