"""Eternal Council: the cards whose data is complete (Seek, Psychic Assault,
Insight): three ACTIVE events built around drawing cards.
Texts: cards/data/eternal-council.yaml (sources and confidence per card).

Interpretations (where the paraphrased texts leave room):
- Seek is an ACTIVE event: it works from the active area, only in its controller's
  turn. At the start of that player's Move, Build and Attack phases they may draw 1
  card (``YES``/``NO``); an empty draw deck gives nothing (R8b).
- "Each time you draw one or more cards" is one draw: the draw phase's draw-up, or
  one effect's draw (Seek's 1, another card's 2), counts once, however many cards it
  brought; a draw that finds the deck empty brought none and does not count. The
  opening hand is not drawn in a turn and never counts.
- Psychic Assault: only in your turn; the damage is the event's (its controller
  gains magic for a kill, R7). Targets: enemy commons and champions within 2 spaces
  of your summoner at the moment the draw resolves; ``NO`` declines.
- Insight counts every draw of yours (its text does not limit it to your turn). Its
  boost sits on the event in the active area; the strength bonus goes to your
  summoner while the event stays there (discarded at the start of your next turn,
  R8c, its boost with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, YES, Action, ChooseTarget
from engine.core.board import DIST
from engine.core.effects import ask_optional_target, common_or_champion
from engine.core.hooks import ACTIVE, Ability, Decision
from engine.core.phases import ATTACK, BUILD, MOVE

if TYPE_CHECKING:
    from engine.core.hooks import Trigger
    from engine.core.state import GameState


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


class PsychicAssault(Ability):
    """ACTIVE: each time you draw one or more cards in your turn, you may deal 1
    damage to an enemy common or champion within 2 spaces of your summoner."""

    zones = (ACTIVE,)

    def _targets(self, st: GameState, me: int) -> list[int]:
        summ = st.info.summoners[me]
        if not st.on_board(summ):
            return []
        here = st.pos[summ]
        return [
            c
            for c in st.units_of(1 - me)
            if common_or_champion(st, c) and DIST[here][st.pos[c]] <= 2
        ]

    def after_draw(
        self, st: GameState, src: int, player: int, n: int
    ) -> Trigger | None:
        me = st.ctrl[src]
        if player == me and st.turn_player == me and self._targets(st, me):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        ask_optional_target(
            self,
            st,
            trig.source,
            self._targets(st, trig.player),
            prompt="Psychic Assault",
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.deal_damage(action.card, 1, dec.player, dec.source)


INSIGHT_MAX = 5


class Insight(Ability):
    """ACTIVE: each time you draw one or more cards, put 1 boost on this card; your
    summoner has +1 strength per boost on it, up to +5."""

    zones = (ACTIVE,)

    def after_draw(
        self, st: GameState, src: int, player: int, n: int
    ) -> Trigger | None:
        return self.trigger(st, src) if player == st.ctrl[src] else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.zone[trig.source] == ACTIVE:
            st.boost[trig.source] += 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == st.info.summoners[st.ctrl[src]]:
            return value + min(st.boost[src], INSIGHT_MAX)
        return value


ABILITIES: dict[str, type[Ability]] = {
    "seek.effect": Seek,
    "psychic-assault.effect": PsychicAssault,
    "insight.effect": Insight,
}
