"""Apply one action: validate against the legal list, dispatch, settle the stack.

The core applies answers to decisions, ``EndPhase`` and ``UseAbility``; every other
action goes to its ruleset's handler (``GameInfo.handlers``, by action type)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, EndPhase, IllegalActionError, UseAbility
from engine.core.hooks import Decision
from engine.core.mechanics.turn import end_phase

if TYPE_CHECKING:
    from engine.core.state import GameState


def _is_legal(legal: list[Action], action: Action) -> bool:
    for a in legal:
        if a is action:
            return True
    return action in legal


def apply_action(st: GameState, action: Action) -> None:
    if st.terminal:
        raise IllegalActionError(f"game is over; cannot apply {action!r}")
    legal = st._legal
    if legal is None:
        legal = st.legal_actions()
    if not _is_legal(legal, action):
        raise IllegalActionError(
            f"illegal action {action!r} for player {st.current_player()} "
            f"in phase {st.phase_name} (turn {st.turn})"
        )
    st._legal = None
    if st.log is not None:
        st.log.append(action)
    stack = st.stack
    if stack and isinstance(stack[-1], Decision):
        dec = stack.pop()
        assert isinstance(dec, Decision)
        st.info.registry[dec.ability].resolve(st, dec, action)
        st.settle()
        return
    t = type(action)
    if t is EndPhase:
        end_phase(st)
        return
    info = st.info
    if t is UseAbility:
        assert isinstance(action, UseAbility)
        info.registry[action.ability].use(st, action.card, action)
    else:
        handler = info.handlers.get(t)
        if handler is None:  # pragma: no cover - legal list never holds other kinds
            raise IllegalActionError(f"unexpected action {action!r}")
        handler(st, action)
    if stack:  # (settle does nothing on an empty stack)
        st.settle()
