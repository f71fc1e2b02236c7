"""The first edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class); :mod:`.shared` holds the
events several summoners share, :mod:`.common` the shared keywords.

Implemented so far (issue 16): the Phoenix Elves and Tundra Orcs of the first-edition
starter set (Prince Elien's and Grognack's decks); issue 17: every card of the Benders
and the Cloaks. Every other first-edition card with an ability or an event effect is
reported missing (issue 17), so a game holding one is flagged partial, never passed
off as full rules."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hooks import Ability
from engine.rulesets.first.abilities import (
    benders,
    cloaks,
    phoenix_elves,
    shared,
    tundra_orcs,
)

FACTION_MODULES = (benders, cloaks, phoenix_elves, shared, tundra_orcs)

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = tuple(
    m.ABILITIES for m in FACTION_MODULES
)
