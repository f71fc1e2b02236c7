"""The first edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class); :mod:`.shared` holds the
events several summoners share, :mod:`.common` the shared keywords.

Implemented so far (issue 16): the Phoenix Elves and Tundra Orcs of the first-edition
starter set (Prince Elien's and Grognack's decks). Every other first-edition card with
an ability or an event effect is reported missing (issue 17), so a game holding one
is flagged partial, never passed off as full rules.

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
    jungle_elves,
    mountain_vargath,
    phoenix_elves,
    shadow_elves,
    shared,
    the_filth,
    tundra_orcs,
)

FACTION_MODULES = (
    jungle_elves,
    mountain_vargath,
    phoenix_elves,
    shadow_elves,
    shared,
    the_filth,
    tundra_orcs,
)

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = (
    *(m.ABILITIES for m in FACTION_MODULES),
    responses.ABILITIES,  # the response window's decisions (not a card's)
)
