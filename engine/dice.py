"""Attack dice per ruleset: the one place where die faces are defined (R1, R7).

Each face is a bit set of symbols (:data:`MELEE`, :data:`RANGED`, :data:`SPECIAL`).
An attack scores one hit per die showing the attacker's own symbol (R7); abilities that
read specials, or two symbols on one die, work from these faces.

Sources:
- Second edition: the project's research notes on the die (faces taken from
  github.com/zhuanggenhua/BoardGame ``config/dice.ts`` at cfe06545; counts 5 melee /
  4 ranged / 2 special agree with an independent player review).
  UNVERIFIED: which symbols share a face (the pairing) has not been checked against a
  physical die or an official image. Plain hit odds do not depend on the pairing.
- First edition (R10, the Hungarian first-edition rulebook, "A támadás
  kiértékelése"): plain d6, 3 or more hits
  (melee and ranged alike), no special symbol.
"""

from __future__ import annotations

import random

MELEE = 1
RANGED = 2
SPECIAL = 4

SECOND_EDITION_FACES: tuple[int, ...] = (
    MELEE | RANGED,
    MELEE | RANGED,
    MELEE | RANGED,
    SPECIAL | RANGED,
    MELEE | SPECIAL,
    MELEE,
)
FIRST_EDITION_FACES: tuple[int, ...] = (
    0,
    0,
    MELEE | RANGED,
    MELEE | RANGED,
    MELEE | RANGED,
    MELEE | RANGED,
)

FACES: dict[str, tuple[int, ...]] = {
    "second": SECOND_EDITION_FACES,
    "first": FIRST_EDITION_FACES,
}

# Used by search clones (agents): a fixed face order whose running hit counts stay close
# to the expectation, so a one-ply agent does not "see" the real dice.
PATTERN_ORDER: tuple[int, ...] = (0, 5, 3, 1, 4, 2)


def roll(rng: random.Random, n: int, faces: tuple[int, ...]) -> tuple[int, ...]:
    """Roll ``n`` dice; each face index is ``int(rng.random() * 6)``."""
    rnd = rng.random
    return tuple([faces[int(rnd() * 6)] for _ in range(n)])


def pattern_roll(n: int, faces: tuple[int, ...]) -> tuple[int, ...]:
    """Deterministic "average" roll used in search clones."""
    return tuple([faces[PATTERN_ORDER[i % 6]] for i in range(n)])


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
