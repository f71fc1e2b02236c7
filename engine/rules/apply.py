"""Apply one action: validate against the legal list, dispatch, settle the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import REGISTRY, Decision
from engine.actions import (
    Action,
    Attack,
    Build,
    DiscardForMagic,
    EndPhase,
    IllegalActionError,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.rules.attack import do_attack
from engine.rules.build import do_build
from engine.rules.events import do_event
from engine.rules.magic import do_discard
from engine.rules.move import do_move
from engine.rules.summon import do_summon
from engine.rules.turn import end_phase

if TYPE_CHECKING:
    from engine.state import GameState


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
        REGISTRY[dec.ability].resolve(st, dec, action)
        st.settle()
        return
    t = type(action)
    if t is Move:
        assert isinstance(action, Move)
        do_move(st, action)
    elif t is Attack:
        assert isinstance(action, Attack)
        do_attack(st, action, True)
    elif t is EndPhase:
        end_phase(st)
        return
    elif t is Summon:
        assert isinstance(action, Summon)
        do_summon(st, action)
    elif t is Build:
        assert isinstance(action, Build)
        do_build(st, action)
    elif t is DiscardForMagic:
        assert isinstance(action, DiscardForMagic)
        do_discard(st, action)
    elif t is PlayEvent:
        assert isinstance(action, PlayEvent)
        do_event(st, action)
    elif t is UseAbility:
        assert isinstance(action, UseAbility)
        REGISTRY[action.ability].use(st, action.card, action)
    else:  # pragma: no cover - legal list never holds other kinds here
        raise IllegalActionError(f"unexpected action {action!r}")
    if stack:  # (settle does nothing on an empty stack)
        st.settle()
