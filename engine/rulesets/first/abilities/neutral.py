"""First-edition cards of no faction (cards/data/first/neutral.yaml).

The Wall has no ability (its rule is R28, :mod:`engine.rulesets.first.events`). Of the
events several summoners share, Magic Drain, A Hero Is Born and Reinforcements are in
:mod:`.shared`; this module adds:

- Summoning Surge: if you have fewer units than the opponent, move up to 3 cards from
  your discard pile to the top of your magic pile (never the Surge itself, FAQ): you
  choose them one at a time (``ChooseTarget`` in discard-pile order, ``NO`` stops),
  each going face down on top of your pile; for the rest of this event phase you may
  also summon (R14: costs paid, next to your walls).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseTarget
from engine.core.hooks import DISCARD, Ability, Decision
from engine.core.phases import EVENTS
from engine.rulesets.first.abilities.shared import fewer_units
from engine.rulesets.first.summon import legal_summons

if TYPE_CHECKING:
    from engine.core.state import GameState

_SURGE = "first.surge."


class SummoningSurge(Ability):
    """Fewer units: up to 3 cards from your discard pile to your magic pile; you
    may summon during this event phase."""

    hook_zones = {"actions": (DISCARD,)}
    action_phases = (EVENTS,)

    def can_play(self, st: GameState, card: int) -> bool:
        return fewer_units(st)

    #: cards moved at most
    COUNT = 3

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"{_SURGE}{card}"] = 1
        self._ask(st, card, st.turn_player, self.COUNT)

    def _ask(self, st: GameState, card: int, p: int, left: int) -> None:
        cards = [c for c in st.discard[p] if c != card]  # never the Surge itself
        if left > 0 and cards:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cards]
            st.ask(
                self.decision(
                    st, card, opts, left, player=p, prompt="Summoning Surge: to magic"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and action.card in st.discard[dec.player]:
            st.to_magic_pile(action.card, dec.player)
            self._ask(st, dec.source, dec.player, dec.data[0] - 1)

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
