"""The battlefield: 6 columns x 8 rows (R1), flat space indices, precomputed tables.

A space is an ``int`` ``row * 6 + col`` in **player 0's** coordinates: row 0 is
player 0's back row, row 7 player 1's back row. A :class:`~engine.core.types.Position`
is given from its owner's point of view; :func:`space_of` turns it into a space
(player 1's (r, c) is (7 - r, 5 - c)). Tables are tuples built once at import.

>>> space_of(0, Position(0, 3)), space_of(1, Position(0, 3))
(3, 44)
>>> sorted(ADJ[0])
[1, 6]
"""

from __future__ import annotations

from engine.core.types import Position

ROWS = 8
COLS = 6
SPACES = ROWS * COLS
EMPTY = -1

# Direction order is fixed and documented: up (+row), right (+col), down, left.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


def sq(row: int, col: int) -> int:
    return row * COLS + col


def row_of(space: int) -> int:
    return space // COLS


def col_of(space: int) -> int:
    return space % COLS


def space_of(player: int, pos: Position) -> int:
    """Board space of a position given from ``player``'s side."""
    if player == 0:
        return sq(pos.row, pos.col)
    return sq(ROWS - 1 - pos.row, COLS - 1 - pos.col)


def own_row(player: int, space: int) -> int:
    """Row of ``space`` counted from ``player``'s back row (0 = their back row)."""
    r = space // COLS
    return r if player == 0 else ROWS - 1 - r


def name(space: int) -> str:
    """Human name in player 0's view: column letter a-f, row number 1-8 (``d1``)."""
    return f"{'abcdef'[space % COLS]}{space // COLS + 1}"


def _rays(space: int) -> tuple[tuple[int, ...], ...]:
    r0, c0 = divmod(space, COLS)
    out = []
    for dr, dc in DIRECTIONS:
        ray = []
        r, c = r0 + dr, c0 + dc
        while 0 <= r < ROWS and 0 <= c < COLS:
            ray.append(sq(r, c))
            r, c = r + dr, c + dc
        out.append(tuple(ray))
    return tuple(out)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_rays(s) for s in range(SPACES))
"""RAYS[s][d]: spaces from ``s`` in direction ``d`` (DIRECTIONS order), nearest 1st."""

ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(ray[0] for ray in RAYS[s] if ray) for s in range(SPACES)
)
"""Orthogonally adjacent spaces, in DIRECTIONS order."""


_BITS: dict[int, tuple[int, ...]] = {}
_FULL = (1 << SPACES) - 1


def bits_of(mask: int) -> tuple[int, ...]:
    """Set bit positions (spaces) of a board ``mask``, ascending (cached)."""
    out = _BITS.get(mask)
    if out is None:
        if len(_BITS) > 100_000:
            _BITS.clear()
        m = mask & _FULL
        b = _BYTE_BITS
        out = _BITS[mask] = (
            b[0][m & 255]
            + b[1][m >> 8 & 255]
            + b[2][m >> 16 & 255]
            + b[3][m >> 24 & 255]
            + b[4][m >> 32 & 255]
            + b[5][m >> 40 & 255]
        )
    return out


# _BYTE_BITS[k][v]: the set bits of ``v << 8 * k`` (v < 256), ascending
_BYTE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + i for i in range(8) if v >> i & 1) for v in range(256))
    for k in range(SPACES // 8)
)


def distance(a: int, b: int) -> int:
    """Orthogonal (Manhattan) distance: "within N spaces" counts this way (R8e)."""
    return abs(a // COLS - b // COLS) + abs(a % COLS - b % COLS)


DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(distance(a, b) for b in range(SPACES)) for a in range(SPACES)
)


def within(space: int, n: int) -> tuple[int, ...]:
    """Spaces within ``n`` of ``space`` (never ``space`` itself), ascending."""
    d = DIST[space]
    return tuple(s for s in range(SPACES) if 0 < d[s] <= n)


def line_between(a: int, b: int) -> tuple[int, ...] | None:
    """Spaces strictly between ``a`` and ``b`` on a shared row or column, else None."""
    for ray in RAYS[a]:
        if b in ray:
            return ray[: ray.index(b)]
    return None
