"""R3 turn structure, R7 cost of inaction, R8b draw, R8d turn cap.

A turn: start of turn (discard your ACTIVE events, start-of-turn triggers), then the
phases summon, move, build, attack, magic, draw; ``EndPhase`` ends the current one.
Entering the draw phase draws up to the hand size (R8b); the player may then play
draw-phase events before ending it. End-of-turn triggers follow the draw phase.

Phase changes go through core triggers on the stack ("core.advance",
"core.phase_start", "core.next_turn") so that triggered abilities of the ending phase
(and their choices) resolve first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import Ability, Decision, Trigger, register
from engine.actions import Action, ChooseTrigger
from engine.phases import ATTACK, DRAW, SUMMON
from engine.rules.magic import draw_up

if TYPE_CHECKING:
    from engine.state import GameState


def begin_turn(st: GameState, player: int) -> None:
    st.turn += 1
    if st.turn > st.info.rules.turn_cap:
        st.terminal = True
        st.termination = "turn_cap"
        st.winner = None
        st.stack.clear()
        return
    st.turn_player = player
    st.moved = []
    st.attacked = []
    st.targeted_enemy = False
    if st.flags:
        st.flags = {}
    keep = st.info.hooks.get("keep_active")
    for c in list(st.active[player]):
        if keep and any(
            s == c and a.keep_active(st, s) for s, a in st._hooked("keep_active")
        ):
            continue
        st.discard_card(c)
    if st.info.hooks.get("mod_life"):
        # effects that just ended (flags, ACTIVE events) may have lowered life
        st.check_lethal()
        if st.terminal:
            return
    st.phase = SUMMON
    if not _has_phase_hooks(st):
        return
    st.stack.append(Trigger("core.phase_start", -1, player, (SUMMON,)))
    st.emit("start_of_turn", player)
    st.settle()


_PHASE_HOOKS = ("start_of_turn", "end_of_turn", "start_of_phase", "end_of_phase")


def _has_phase_hooks(st: GameState) -> bool:
    """Is any phase/turn-boundary ability in a zone where it works right now?"""
    hooks = st.info.hooks
    return any(h in hooks and st._hooked(h) for h in _PHASE_HOOKS)


def _advance(st: GameState, player: int, phase: int) -> None:
    """Fast path when no ability listens to phase or turn boundaries."""
    if phase == DRAW:
        begin_turn(st, 1 - player)
        return
    st.phase = phase + 1
    if st.phase == DRAW:
        draw_up(st, player)
        if _has_phase_hooks(st):  # a card just drawn may listen (hand-zone ability)
            st.emit("start_of_phase", st.phase)
            st.settle()


def end_phase(st: GameState) -> None:
    p = st.turn_player
    phase = st.phase
    if phase == ATTACK and not st.targeted_enemy:
        # R7 cost of inaction: 1 damage to your own summoner
        st.deal_damage(st.info.summoners[p], 1, None)
        if st.terminal:
            return
    if not _has_phase_hooks(st):
        _advance(st, p, phase)
        return
    st.stack.append(Trigger("core.advance", -1, p, (phase,)))
    st.emit("end_of_phase", phase)
    st.settle()


@register("core.phase_start")
class PhaseStart(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.emit("start_of_phase", trig.data[0])


@register("core.advance")
class Advance(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        phase = trig.data[0]
        if phase == DRAW:
            st.stack.append(Trigger("core.next_turn", -1, trig.player))
            st.emit("end_of_turn", trig.player)
            return
        st.phase = phase + 1
        if st.phase == DRAW:
            draw_up(st, trig.player)
        st.emit("start_of_phase", st.phase)


@register("core.next_turn")
class NextTurn(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        begin_turn(st, 1 - trig.player)


@register("core.order")
class Order(Ability):
    """R8e: simultaneous triggers all resolve; the turn player picks the next one."""

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseTrigger)
        trigs: list[Trigger] = list(dec.data)
        chosen = trigs.pop(action.index)
        st.push_triggers(trigs)
        st.stack.append(chosen)
