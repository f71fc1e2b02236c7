"""What summoning shares across editions: which cards may be summoned at what cost,
and the interned :class:`~engine.core.actions.Summon` actions. Where a card may be
summoned (next to gates, next to walls) is each ruleset's own rule."""

from __future__ import annotations

from engine.core.actions import Summon
from engine.core.state import GameState
from engine.core.types import CardClass


def summon_costs(st: GameState) -> tuple[int, ...]:
    """Per card id: its cost if it may be summoned (a common or champion unit with a
    known cost), else -1; cached on the game info."""
    extra = st.info.extra
    got: tuple[int, ...] | None = extra.get("core.summon_costs")
    if got is None:
        info = st.info
        got = extra["core.summon_costs"] = tuple(
            c.cost
            if info.is_unit[i]
            and c.cost is not None
            and (CardClass.COMMON in c.classes or CardClass.CHAMPION in c.classes)
            else -1
            for i, c in enumerate(info.cards)
        )
    return got


_SUMMONS: dict[int, Summon] = {}


def summon_action(card: int, space: int) -> Summon:
    """The one ``Summon(card, space)`` (legal lists build many of them)."""
    key = (card << 7) | space
    a = _SUMMONS.get(key)
    if a is None:
        a = _SUMMONS[key] = Summon(card, space)
    return a
