"""The first edition's die (R2, R21): an ordinary six-sided die. A face is its number;
each die showing 3 or more is a hit, whatever the attacker's range (R21)."""

from __future__ import annotations

from collections.abc import Iterable

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
HIT_FROM = 3
#: the faces (indices into FACES) a search copy rolls in turn: 4, 1, 6, 3, 2, 5
SEARCH_ORDER: tuple[int, ...] = (3, 0, 5, 2, 1, 4)


def hits(faces: Iterable[int], at_least: int = HIT_FROM) -> int:
    """Dice showing ``at_least`` or more (3+ by default, R21)."""
    return sum(1 for f in faces if f >= at_least)
