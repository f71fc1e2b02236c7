"""What deck validation reports: :class:`Violation` (a stable code, a message, the card
and the numbers), :class:`DeckSummary` and :class:`ValidationReport` (JSON-ready)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.core.types import DeckEntry
from engine.rulesets import DEFAULT_RULESET


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule. ``card`` is a slug (or None for deck-wide problems); ``count``
    is what the deck has and ``limit`` what the rule allows/needs, where relevant."""

    code: str
    message: str
    card: str | None = None
    count: int | None = None
    limit: int | None = None
    suggestion: str | None = None  # card.unknown: the closest known slug

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "card": self.card,
        }
        if self.count is not None:
            out["count"] = self.count
        if self.limit is not None:
            out["limit"] = self.limit
        if self.suggestion is not None:
            out["suggestion"] = self.suggestion
        return out


def read_only(d: Mapping[Any, int] | None = None) -> Mapping[Any, int]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True, slots=True)
class DeckSummary:
    """Numbers about the deck (known cards only; unknown slugs are left out).

    ``cost_curve`` and the costs cover every card with a known cost except gates
    (summoners have no cost); ``unknown_cost`` counts the copies left out for that.
    ``class_counts`` counts a card under each of its classes (Ice Golem: common and
    structure). ``roles`` are the inferred R9 slots (``DeckRole`` values).
    """

    ruleset: str = DEFAULT_RULESET
    summoner: str | None = None
    total_cards: int = 0
    roles: Mapping[str, int] = field(default_factory=read_only)
    class_counts: Mapping[str, int] = field(default_factory=read_only)
    symbols: Mapping[str, int] = field(default_factory=read_only)  # symbol -> copies
    total_cost: int = 0
    cost_by_class: Mapping[str, int] = field(default_factory=read_only)
    cost_curve: Mapping[int, int] = field(default_factory=read_only)  # cost -> copies
    unknown_cost: int = 0
    stats_unknown: tuple[str, ...] = ()
    entries: tuple[DeckEntry, ...] = ()  # the deck with inferred roles

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "summoner": self.summoner,
            "total_cards": self.total_cards,
            "roles": dict(self.roles),
            "class_counts": dict(self.class_counts),
            "symbols": dict(self.symbols),
            "total_cost": self.total_cost,
            "cost_by_class": dict(self.cost_by_class),
            "cost_curve": {str(k): v for k, v in self.cost_curve.items()},
            "unknown_cost": self.unknown_cost,
            "stats_unknown": list(self.stats_unknown),
            "entries": [
                {
                    "card": e.card,
                    "count": e.count,
                    "role": None if e.role is None else e.role.value,
                }
                for e in self.entries
            ],
        }


@dataclass(frozen=True, slots=True)
class ValidationReport:
    valid: bool
    errors: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    summary: DeckSummary

    @property
    def codes(self) -> tuple[str, ...]:
        """Error codes in report order (handy in tests and logs)."""
        return tuple(v.code for v in self.errors)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the body of ``POST /api/decks/validate/``."""
        return {
            "valid": self.valid,
            "errors": [v.to_json() for v in self.errors],
            "warnings": [v.to_json() for v in self.warnings],
            "summary": self.summary.to_json(),
        }
