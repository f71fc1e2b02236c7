"""The second edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class). :data:`ABILITY_TABLES` lists
them explicitly; :class:`engine.rulesets.second.SecondEdition` fills its registry from
them. Shared mechanics are in :mod:`.mechanics` (second-edition keywords) and
:mod:`engine.core.effects` (edition-neutral helpers)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hooks import Ability
from engine.rulesets.second.abilities import (
    breakers,
    cave_goblins,
    eternal_council,
    fallen_kingdom,
    fungal_dwarves,
    high_elves,
    phoenix_elves,
    polar_dwarves,
    sand_goblins,
    savanna_elves,
    shadow_elves,
    swamp_orcs,
    tundra_orcs,
    vanguards,
)

FACTION_MODULES = (
    breakers,
    cave_goblins,
    eternal_council,
    fallen_kingdom,
    fungal_dwarves,
    high_elves,
    phoenix_elves,
    polar_dwarves,
    sand_goblins,
    savanna_elves,
    shadow_elves,
    swamp_orcs,
    tundra_orcs,
    vanguards,
)

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = tuple(
    m.ABILITIES for m in FACTION_MODULES
)
