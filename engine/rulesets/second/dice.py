"""The second edition's attack die (R1, R7): six faces, each a bit set of symbols.

Source: the project's research notes on the die (faces taken from
github.com/zhuanggenhua/BoardGame ``config/dice.ts`` at cfe06545; counts 5 melee /
4 ranged / 2 special agree with an independent player review).
UNVERIFIED: which symbols share a face (the pairing) has not been checked against a
physical die or an official image. Plain hit odds do not depend on the pairing.
"""

from __future__ import annotations

from engine.core.dice import MELEE, RANGED, SPECIAL

FACES: tuple[int, ...] = (
    MELEE | RANGED,
    MELEE | RANGED,
    MELEE | RANGED,
    SPECIAL | RANGED,
    MELEE | SPECIAL,
    MELEE,
)
