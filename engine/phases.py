"""Phase numbering (R3): small ints in turn order."""

from __future__ import annotations

from engine.types import Phase

PHASES: tuple[Phase, ...] = (
    Phase.SUMMON,
    Phase.MOVE,
    Phase.BUILD,
    Phase.ATTACK,
    Phase.MAGIC,
    Phase.DRAW,
)
SUMMON, MOVE, BUILD, ATTACK, MAGIC, DRAW = range(6)
PHASE_INDEX: dict[Phase, int] = {p: i for i, p in enumerate(PHASES)}
