"""The first edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class). None is implemented yet
(issue 17): every first-edition card with an ability or an event effect is reported as
missing, so a game holding one is flagged partial, never passed off as full rules."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hooks import Ability

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = ()
