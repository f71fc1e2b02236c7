"""Dice: symbols as bits, rolling, counting. No edition's faces live here: each ruleset
declares its die (``Ruleset.faces``, e.g. :mod:`engine.rulesets.second.dice`).

Each face is a bit set of symbols (:data:`MELEE`, :data:`RANGED`, :data:`SPECIAL`); a
plain number die has faces with or without the hit symbols. Abilities that read
specials, or two symbols on one die, work from these faces."""

from __future__ import annotations

import random
from collections.abc import Callable

MELEE = 1
RANGED = 2
SPECIAL = 4

#: symbol bits with their names and glyphs (replays)
SYMBOL_NAMES: tuple[tuple[int, str], ...] = (
    (MELEE, "melee"),
    (RANGED, "ranged"),
    (SPECIAL, "special"),
)
SYMBOL_GLYPHS: tuple[tuple[int, str], ...] = (
    (MELEE, "⚔"),
    (RANGED, "➶"),
    (SPECIAL, "✦"),
)

# Used by search clones (agents): a fixed face order whose running hit counts stay close
# to the expectation, so a one-ply agent does not "see" the real dice.
PATTERN_ORDER: tuple[int, ...] = (0, 5, 3, 1, 4, 2)


def roll(rng: random.Random, n: int, faces: tuple[int, ...]) -> tuple[int, ...]:
    """Roll ``n`` dice; each face index is ``int(rng.random() * 6)``."""
    rnd = rng.random
    return tuple([faces[int(rnd() * 6)] for _ in range(n)])


_M64 = (1 << 64) - 1


def die_index(seed: int, turn: int, k: int) -> int:
    """The face index (0-5) of the ``k``-th die rolled in turn ``turn`` of the game
    with ``seed``: a counter-based stream (the splitmix64 finaliser of the three), not
    a sequential RNG. So a turn's dice do not depend on how many dice earlier turns
    rolled: two games that differ by one card (paired games, common random numbers)
    keep rolling the same dice in every turn after their play first differs, as
    GNU Backgammon's rollouts fix each game's dice by roll index."""
    z = (
        seed * 0x9E3779B97F4A7C15
        + turn * 0xD1B54A32D192ED03
        + k * 0x94D049BB133111EB
        + 0x632BE59BD9B4E019
    ) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    z ^= z >> 31
    return ((z >> 11) * 6) >> 53


def roll_at(
    seed: int, turn: int, k: int, n: int, faces: tuple[int, ...]
) -> tuple[int, ...]:
    """``n`` dice: the ``k``-th to ``k + n - 1``-th of turn ``turn``
    (:func:`die_index`)."""
    if n == 1:
        return (faces[die_index(seed, turn, k)],)
    # die_index's finaliser with the (seed, turn) part of its key summed once
    base = seed * 0x9E3779B97F4A7C15 + turn * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019
    out: list[int] = []
    for i in range(k, k + n):
        z = (base + i * 0x94D049BB133111EB) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        z ^= z >> 31
        out.append(faces[((z >> 11) * 6) >> 53])
    return tuple(out)


class Rig:
    """A test seam: when ``fn`` is set, search-mode rolls (``pattern_roll``) come from
    it instead of the fixed pattern (scenario tests queue the faces they need). An
    attribute of an object, not a module function to patch, so that it also reaches
    callers in the compiled engine."""

    fn: Callable[[int, tuple[int, ...]], tuple[int, ...]] | None = None


RIG = Rig()


def pattern_roll(
    n: int, faces: tuple[int, ...], order: tuple[int, ...] = PATTERN_ORDER
) -> tuple[int, ...]:
    """Deterministic "average" roll used in search clones: ``faces`` taken in
    ``order`` (a ruleset's ``search_order``), cyclically."""
    fn = RIG.fn
    if fn is not None:
        return fn(n, faces)
    k = len(order)
    return tuple([faces[order[i % k]] for i in range(n)])


def count(faces_rolled: tuple[int, ...], symbol: int) -> int:
    """Dice showing ``symbol``."""
    return len([f for f in faces_rolled if f & symbol])


def face_text(face: int) -> str:
    parts = []
    if face & MELEE:
        parts.append("sword")
    if face & RANGED:
        parts.append("bow")
    if face & SPECIAL:
        parts.append("special")
    return "+".join(parts) or "blank"
