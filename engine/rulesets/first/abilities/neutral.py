"""First-edition cards of no faction (cards/data/first/neutral.yaml).

The Wall has no ability (its rule is R28, :mod:`engine.rulesets.first.events`). Of the
events several summoners share, Magic Drain, A Hero Is Born and Reinforcements are in
:mod:`.shared`; this module adds:

- Summoning Surge: if you have fewer units than the opponent, move up to 3 cards from
  your discard pile to the top of your magic pile (never the Surge itself, FAQ); for
  the rest of this event phase you may also summon (R14: costs paid, next to your
  walls).

How many cards the discard pile holds: the engine keeps each magic pile as a count and
leaves those cards in their owners' discard lists (:mod:`engine.rulesets.first.magic`),
so the cards "in your discard pile" are not told apart from your magic pile's. We read
the pile as your discard list less the cards your magic pile could hold: up to 3 of
``len(discard) - 1 - magic`` (the 1 is the Surge) are added to your magic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action
from engine.core.hooks import DISCARD, Ability
from engine.core.phases import EVENTS
from engine.rulesets.first.abilities.shared import fewer_units
from engine.rulesets.first.summon import legal_summons

if TYPE_CHECKING:
    from engine.core.state import GameState

_SURGE = "first.surge."


def discard_pile_size(st: GameState, player: int) -> int:
    """The cards of ``player``'s discard pile proper (see the module docstring)."""
    return max(0, len(st.discard[player]) - st.magic[player])


class SummoningSurge(Ability):
    """Fewer units: up to 3 cards from your discard pile to your magic pile; you
    may summon during this event phase."""

    hook_zones = {"actions": (DISCARD,)}
    action_phases = (EVENTS,)

    def can_play(self, st: GameState, card: int) -> bool:
        return fewer_units(st)

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        n = min(3, max(0, discard_pile_size(st, p) - 1))  # never the Surge itself
        st.gain_magic(p, n)
        st.flags[f"{_SURGE}{card}"] = 1

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.info.owner[src]
        if (
            st.phase != EVENTS
            or st.stack
            or st.turn_player != p
            or not st.flags.get(f"{_SURGE}{src}")
        ):
            return []
        played = [c for c in st.discard[p] if st.flags.get(f"{_SURGE}{c}")]
        if min(played) != src:  # one copy offers the summons
            return []
        return legal_summons(st)


ABILITIES: dict[str, type[Ability]] = {
    "summoning-surge.effect": SummoningSurge,
}
