"""R9 deck construction, the second edition's numbers: 1 summoner, its starting gate
(10 life) and 3 more gates (5 life), its starting units and epic events, 6 standard
events (2 copies each), 3 champions (1 copy each), 16 commons (4 copies each). The
checks themselves are the shared validator's (:mod:`engine.deckbuilding.construction`).
"""

from __future__ import annotations

from engine.core.types import RulesetProfile

DECK_PROFILE = RulesetProfile(
    name="second",
    summoners=1,
    ten_life_gates=1,
    five_life_gates=3,
    starting_units=2,
    epic_event_copies=2,
    standard_events=6,
    champions=3,
    commons=16,
    standard_event_copies=2,
    champion_copies=1,
    common_copies=4,
)
