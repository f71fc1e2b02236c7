"""Fungal Dwarves: the one card with complete data (Fungal Beast). Texts: the card
data in cards/data/fungal-dwarves.yaml. The other cards' stats or texts are unknown.

Interpretations:
- Infect: "destroys a unit" = its attack destroyed the target unit (friend or foe);
  the Carrier comes back from your discard pile onto the target's space (placed,
  R8e: not summoned, no cost), if that space is still empty.
- Parasitic: losing 1 boost needs a boost on it; with none it takes 1 damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, ChooseOption, ChooseTarget
from engine.core.effects import AtYourPhaseEnd, ask_optional_target, named
from engine.core.hooks import (
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK

if TYPE_CHECKING:
    from engine.core.state import GameState


class Infect(Ability):
    """If this unit destroys a unit, a Carrier unit may come back from your discard
    pile into the vacated space."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or st.on_board(res.target) or res.space < 0:
            return None
        if not st.info.is_unit[res.target] or res.damage <= 0:
            return None
        return self.trigger(st, src, res.space)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        if st.board[space] >= 0:
            return
        pile = [
            c
            for c in st.discard[trig.player]
            if st.info.is_unit[c] and named(st, c, "Carrier")
        ]
        ask_optional_target(self, st, trig.source, pile, space, player=trig.player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        space = dec.data[0]
        if isinstance(action, ChooseTarget) and st.board[space] < 0:
            st.place(action.card, space, dec.player)


class Parasitic(AtYourPhaseEnd):
    """At the end of your Attack Phase: this unit loses 1 boost or takes 1 damage."""

    phase = ATTACK

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if st.boost[src] > 0:
            opts = [ChooseOption(0), ChooseOption(1)]
            st.ask(self.decision(st, src, opts, prompt="Parasitic: 0 boost, 1 damage"))
        else:
            st.deal_damage(src, 1, trig.player, src)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseOption) and action.option == 0:
            st.boost[src] -= 1
        else:
            st.deal_damage(src, 1, dec.player, src)


ABILITIES: dict[str, type[Ability]] = {
    "fungal-beast.infect": Infect,
    "fungal-beast.parasitic": Parasitic,
}
