"""The first edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class); :mod:`.shared` holds the
events several summoners share, :mod:`.common` the shared keywords.

Implemented (issues 16 and 17): every faction below; ``python -m engine.coverage
--ruleset first`` lists the cards still missing, and a game holding one is flagged
partial, never passed off as full rules.

Response cards (played or used out of phase in answer to something: Shadows, Shield of
the Hopeful, the Spellsucker Mutant, Abolish, Divine Protection) subclass
:class:`engine.rulesets.first.responses.Response`: set its ``moment`` (DESTROYED,
WOUNDS, EVENT, or ANYTIME for "at any time" powers between the opponent's phases:
Possessed Wall), write ``eligible`` and ``respond``; the generic response window asks
the holder (a Decision: ``NO`` or one of the eligible cards) only when they hold one
and can pay. See that module's docstring for the moments and how to add one."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hooks import Ability
from engine.rulesets.first import responses
from engine.rulesets.first.abilities import (
    benders,
    cave_goblins,
    cloaks,
    deep_dwarves,
    fallen_kingdom,
    guild_dwarves,
    jungle_elves,
    mercenaries,
    mountain_vargath,
    neutral,
    phoenix_elves,
    sand_goblins,
    shadow_elves,
    shared,
    swamp_orcs,
    the_filth,
    tundra_orcs,
    vanguards,
)

FACTION_MODULES = (
    benders,
    cave_goblins,
    cloaks,
    deep_dwarves,
    fallen_kingdom,
    guild_dwarves,
    jungle_elves,
    mercenaries,
    mountain_vargath,
    neutral,
    phoenix_elves,
    sand_goblins,
    shadow_elves,
    shared,
    swamp_orcs,
    the_filth,
    tundra_orcs,
    vanguards,
)

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = (
    *(m.ABILITIES for m in FACTION_MODULES),
    responses.ABILITIES,  # the response window's decisions (not a card's)
)
