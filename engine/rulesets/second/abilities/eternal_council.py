"""Eternal Council: the cards whose data is complete (Praefectus Edia, Seek, Psychic
Assault, Insight): a summoner who keeps ACTIVE events going and three ACTIVE events
built around drawing cards.
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
- Kinetic Siphon: "an enemy unit" is judged when the attack is resolved, by control;
  a target the attack destroyed counts by the controller it had when destroyed
  (R8e, seen by ``on_destroy``). Once per turn (``st.flags``), in either player's
  turn. Structures are not units: attacking a gate gives nothing.
- Continuance: the discard it replaces is the one at the start of your turn (R3,
  R8c; an event that discards itself by its own rule, such as one kept with boost,
  is its own business). No game action happens between the end of the opponent's
  turn and that discard, so the choice is asked as the opponent's turn ends (Edia
  on the battlefield with 2 boost or more): event by event (``NO`` stops), 2 boost
  each. As your turn starts the core discards your ACTIVE events; the ones you kept
  go straight back to your active area with the tokens they had (so they were never
  out of play for any rule). They stay in force for that turn too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, YES, Action, ChooseTarget
from engine.core.board import DIST
from engine.core.effects import ask_optional_target, common_or_champion
from engine.core.hooks import ACTIVE, BOARD, DISCARD, Ability, Decision
from engine.core.phases import ATTACK, BUILD, MOVE
from engine.rulesets.second.abilities.mechanics import NotesSideAtDestruction, side_of

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


# -- Praefectus Edia -------------------------------------------------------------------
class KineticSiphon(NotesSideAtDestruction):
    """Once per turn, after this unit attacks an enemy unit or is attacked by one,
    1 boost on it."""

    def _enemy(self, st: GameState, src: int, unit: int) -> bool:
        return st.info.is_unit[unit] and side_of(st, unit) != st.ctrl[src]

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        key = f"{self.id}:{src}"
        if key in st.flags:
            return None
        if (attacker == src and self._enemy(st, src, target)) or (
            target == src and self._enemy(st, src, attacker)
        ):
            st.flags[key] = 1
            st.boost[src] += 1  # bookkeeping: nothing to choose or order
        return None


class Continuance(Ability):
    """When one of your ACTIVE events would be discarded, you may remove 2 boost from
    this unit to keep it in play instead."""

    hook_zones = {"start_of_turn": (BOARD, DISCARD)}

    def _key(self, what: str, event: int) -> str:
        return f"{self.id}:{what}:{event}"

    def _to_discard(self, st: GameState, player: int) -> list[int]:
        """Your ACTIVE events the start of your turn will discard (not those that
        keep themselves)."""
        keepers = st.hooked("keep_active")
        return [
            c
            for c in st.active[player]
            if not any(s == c and a.keep_active(st, s) for s, a in keepers)
        ]

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        me = st.ctrl[src]
        if player != me and st.boost[src] >= 2 and self._to_discard(st, me):
            return self.trigger(st, src)
        return None

    def _ask(self, st: GameState, src: int, player: int) -> None:
        if not st.on_board(src) or st.boost[src] < 2 or st.ctrl[src] != player:
            return
        events = [
            c
            for c in self._to_discard(st, player)
            if self._key("kept", c) not in st.notes
        ]
        ask_optional_target(
            self, st, src, events, player=player, prompt="Continuance: keep"
        )

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._ask(st, trig.source, trig.player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        src, me, event = dec.source, dec.player, action.card
        if st.boost[src] < 2 or st.zone[event] != ACTIVE:
            return
        st.boost[src] -= 2
        notes = st.notes
        notes[self._key("kept", event)] = me
        notes[self._key("boost", event)] = st.boost[event]
        notes[self._key("damage", event)] = st.damage[event]
        self._ask(st, src, me)

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        notes = st.notes
        prefix = f"{self.id}:kept:"
        kept = [
            int(k[len(prefix) :])
            for k, v in notes.items()
            if k.startswith(prefix) and v == player
        ]
        for event in kept:  # bookkeeping: the discard did not happen
            del notes[self._key("kept", event)]
            boost = notes.pop(self._key("boost", event))
            damage = notes.pop(self._key("damage", event))
            if st.zone[event] != DISCARD or event not in st.discard[player]:
                continue
            st.remove_from_zone(event)
            st.zone[event] = ACTIVE
            st.active[player].append(event)
            st.ctrl[event] = player
            st.boost[event] = boost
            st.damage[event] = damage
        return None


ABILITIES: dict[str, type[Ability]] = {
    "seek.effect": Seek,
    "psychic-assault.effect": PsychicAssault,
    "insight.effect": Insight,
    "praefectus-edia.kinetic-siphon": KineticSiphon,
    "praefectus-edia.continuance": Continuance,
}
