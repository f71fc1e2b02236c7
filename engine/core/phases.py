"""Phase ids: small ints, one per kind of phase any edition has (R3). A ruleset puts
the ones it uses in its turn order (:attr:`engine.core.ruleset.Ruleset.phase_order`);
the core never does arithmetic on them (the next phase comes from the ruleset).

The ids of the second edition's phases are their turn order (summon 0 ... draw 5);
later ids are phases only another edition has (EVENTS: the first edition's event
phase)."""

from __future__ import annotations

from engine.core.types import Phase

PHASES: tuple[Phase, ...] = (
    Phase.SUMMON,
    Phase.MOVE,
    Phase.BUILD,
    Phase.ATTACK,
    Phase.MAGIC,
    Phase.DRAW,
    Phase.EVENTS,
)
SUMMON, MOVE, BUILD, ATTACK, MAGIC, DRAW, EVENTS = range(7)
PHASE_INDEX: dict[Phase, int] = {p: i for i, p in enumerate(PHASES)}
