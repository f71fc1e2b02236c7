"""Deep Dwarves (first edition): Tundle's deck, research/first-edition.md 2.7.3."""

from __future__ import annotations

from engine.core.hooks import Ability

ABILITIES: dict[str, type[Ability]] = {}
