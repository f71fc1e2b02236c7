"""Eternal Council: the cards whose data is complete (Seek).
Texts: cards/data/eternal-council.yaml (sources and confidence per card).

Interpretations (where the paraphrased texts leave room):
- Seek is an ACTIVE event: it works from the active area, only in its controller's
  turn. At the start of that player's Move, Build and Attack phases they may draw 1
  card (``YES``/``NO``); an empty draw deck gives nothing (R8b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import ACTIVE, Ability, Decision, register
from engine.actions import NO, YES, Action
from engine.phases import ATTACK, BUILD, MOVE

if TYPE_CHECKING:
    from engine.abilities.registry import Trigger
    from engine.state import GameState


@register("seek.effect")
class Seek(Ability):
    """ACTIVE: at the start of your Move, Build and Attack phases you may draw 1."""

    zones = (ACTIVE,)

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase in (MOVE, BUILD, ATTACK) and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.deck[trig.player]:
            st.ask(self.decision(st, trig.source, [NO, YES], prompt="Seek: draw 1?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if action == YES:
            st.draw(dec.player, 1)
