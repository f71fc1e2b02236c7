"""R46-R52 deck construction, the first edition's numbers (research/first-edition.md):
1 summoner, exactly the 9 events of its reference card, its starting setup plus walls
to 3, 18 commons and 3 champions in all (1 copy of a champion, 10 of a common), units
of the summoner's faction only, except up to 6 Mercenaries (a Mercenary summoner uses
the Mercenaries as its faction). The checks are the shared validator's
(:mod:`engine.deckbuilding.construction_walls`)."""

from __future__ import annotations

from engine.core.types import RulesetProfile

DECK_PROFILE = RulesetProfile(
    name="first",
    summoners=1,
    ten_life_gates=0,
    five_life_gates=0,
    starting_units=0,
    epic_event_copies=0,
    standard_events=0,
    champions=3,
    commons=18,
    standard_event_copies=0,
    champion_copies=1,
    common_copies=10,
    walls=3,
    events=9,
    max_allies=6,
    ally_faction="mercenaries",
)
