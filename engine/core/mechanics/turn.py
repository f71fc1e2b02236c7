"""R3 turn structure, R8d turn cap: stepping through the ruleset's phases.

A turn: start of turn (discard your ACTIVE events, start-of-turn triggers), then the
phases in the ruleset's order (``Ruleset.phase_order``); ``EndPhase`` ends the current
one. The ruleset's rules act as a phase ends (``Ruleset.end_of_phase``: the second
edition's cost of inaction, R7) and as one begins (``Ruleset.entering_phase``: its draw
phase draws up to the hand size, R8b). End-of-turn triggers follow the last phase.

Phase changes go through core triggers on the stack ("core.advance",
"core.phase_start", "core.next_turn") so that triggered abilities of the ending phase
(and their choices) resolve first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, ChooseTrigger
from engine.core.hooks import Ability, Decision, Trigger
from engine.core.mechanics.attack import CORE_TRIGGERS as ATTACK_TRIGGERS

if TYPE_CHECKING:
    from engine.core.state import GameState


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
            s == c and a.keep_active(st, s) for s, a in st.hooked("keep_active")
        ):
            continue
        st.discard_card(c)
    if st.info.hooks.get("mod_life"):
        # effects that just ended (flags, ACTIVE events) may have lowered life
        st.check_lethal()
        if st.terminal:
            return
    first = st.phase = st.info.ruleset.turn_first_phase(st, player)
    if not _has_phase_hooks(st):
        return
    st.stack.append(_core("core.phase_start", player, (first,)))
    st.emit("start_of_turn", player)
    st.settle()


_CORE: dict[tuple[str, int, tuple[int, ...]], Trigger] = {}


def _core(ability: str, player: int, data: tuple[int, ...]) -> Trigger:
    """Interned core triggers (frozen values: sharing is safe)."""
    key = (ability, player, data)
    t = _CORE.get(key)
    if t is None:
        t = _CORE[key] = Trigger(ability, -1, player, data)
    return t


_PHASE_HOOKS = ("start_of_turn", "end_of_turn", "start_of_phase", "end_of_phase")


def _has_phase_hooks(st: GameState) -> bool:
    """Is any phase/turn-boundary ability in a zone where it works right now?
    (Cached per zone version unless some ability blanks others.)"""
    hooks = st.info.hooks
    if "blanks" in hooks:
        return any(h in hooks and st.hooked(h) for h in _PHASE_HOOKS)
    cache = st.zone.hc  # (GameState.zone_cache)
    got = cache.get("core.phase_hooks")
    if got is None:
        got = any(h in hooks and st.hooked(h) for h in _PHASE_HOOKS)
        cache["core.phase_hooks"] = got
    return got


def _advance(st: GameState, player: int, phase: int) -> None:
    """Fast path when no ability listens to phase or turn boundaries."""
    rs = st.info.ruleset
    if phase == rs.last_phase:
        begin_turn(st, 1 - player)
        return
    nxt = st.phase = rs.next_phase(phase)
    if rs.entering_phase(st, player, nxt):
        if _has_phase_hooks(st):  # a card just drawn may listen (hand-zone ability)
            st.emit("start_of_phase", st.phase)
        if st.stack:  # triggers of the draw itself (after_draw) or of the phase
            st.settle()


def end_phase(st: GameState) -> None:
    p = st.turn_player
    phase = st.phase
    st.info.ruleset.end_of_phase(st, phase)
    if st.terminal:
        return
    if not _has_phase_hooks(st):
        _advance(st, p, phase)
        return
    stack = st.stack
    if not stack and not st.hooked("end_of_phase"):
        # nothing would resolve before "core.advance": run it at once (same result)
        _advance_now(st, p, phase)
        st.settle()
        return
    step = _core("core.advance", p, (phase,))
    was_empty = not stack
    stack.append(step)
    trigs = st.collect("end_of_phase", phase)
    if trigs or not was_empty or st.terminal or len(stack) != 1 or stack[0] is not step:
        st.push_triggers(trigs)
        st.settle()
        return
    # no end-of-phase trigger: "core.advance" would resolve next; run it now
    stack.pop()
    _advance_now(st, p, phase)
    st.settle()


def _advance_now(st: GameState, player: int, phase: int) -> None:
    """``Advance.resolve_trigger`` on an empty stack; at the end of the draw phase,
    when no end-of-turn ability works, "core.next_turn" also runs at once."""
    rs = st.info.ruleset
    if phase == rs.last_phase:
        if not st.hooked("end_of_turn"):
            begin_turn(st, 1 - player)
            return
        st.stack.append(_core("core.next_turn", player, ()))
        st.emit("end_of_turn", player)
        return
    nxt = st.phase = rs.next_phase(phase)
    rs.entering_phase(st, player, nxt)
    st.emit("start_of_phase", nxt)


class PhaseStart(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.emit("start_of_phase", trig.data[0])


class Advance(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        phase = trig.data[0]
        rs = st.info.ruleset
        if phase == rs.last_phase:
            st.stack.append(_core("core.next_turn", trig.player, ()))
            st.emit("end_of_turn", trig.player)
            return
        nxt = st.phase = rs.next_phase(phase)
        rs.entering_phase(st, trig.player, nxt)
        st.emit("start_of_phase", nxt)


class NextTurn(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        begin_turn(st, 1 - trig.player)


class Order(Ability):
    """R8e: simultaneous triggers all resolve; the turn player picks the next one."""

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseTrigger)
        trigs: list[Trigger] = list(dec.data)
        chosen = trigs.pop(action.index)
        st.push_triggers(trigs)
        st.stack.append(chosen)


CORE_ABILITIES: dict[str, type[Ability]] = {
    **ATTACK_TRIGGERS,
    "core.phase_start": PhaseStart,
    "core.advance": Advance,
    "core.next_turn": NextTurn,
    "core.order": Order,
}
