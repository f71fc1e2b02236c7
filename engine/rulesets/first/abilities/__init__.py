"""The first edition's card abilities: one module per faction, each ending with its
``ABILITIES`` table (ability id -> implementation class); :mod:`.shared` holds the
events several summoners share, :mod:`.common` the shared keywords.

Implemented so far (issue 16): the Phoenix Elves and Tundra Orcs of the first-edition
starter set (Prince Elien's and Grognack's decks). Every other first-edition card with
an ability or an event effect is reported missing (issue 17), so a game holding one
is flagged partial, never passed off as full rules.

Separate piles (Queen Maldaria's Phoenixes, Torgan's Minor Ice Walls, Mugglug's Vine
Walls): :mod:`engine.rulesets.first.piles` deals them with the summoner's deck and
gives abilities ``pile_cards``, ``conjure``, ``return_to_pile`` and the
``PlaceFromPile`` event base; where a destroyed pile card goes is its ``PileSpec``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.hooks import Ability
from engine.rulesets.first.abilities import (
    neutral,
    phoenix_elves,
    shared,
    swamp_orcs,
    tundra_orcs,
)

FACTION_MODULES = (neutral, phoenix_elves, shared, swamp_orcs, tundra_orcs)

ABILITY_TABLES: tuple[Mapping[str, type[Ability]], ...] = tuple(
    m.ABILITIES for m in FACTION_MODULES
)
