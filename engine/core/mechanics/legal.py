"""``legal_actions(state)``: every decision of the player to act, in a fixed order.

Order (documented, deterministic; no set iteration):

1. A pending decision (top of the stack): exactly its options, in the order the rule or
   ability listed them.
2. Otherwise the turn player's phase actions (the generators come from the ruleset:
   ``GameInfo.event_actions`` and ``GameInfo.phase_actions``; the second edition's):
   ``EndPhase`` first; then ``PlayEvent`` for playable events in hand order; then
   ``UseAbility``/extra actions offered by abilities (battlefield space order); then the
   phase's own actions:
   - summon: ``Summon(card, space)`` by hand order, then space ascending;
   - move: ``Move(unit, to, via)`` by unit space order, then (to, via) ascending;
   - build: ``Build(card, space)`` by hand order, then space ascending;
   - attack: ``Attack(attacker, target)`` by attacker space order, then direction
     (up, right, down, left) and distance;
   - magic: ``DiscardForMagic(card)`` by hand order;
   - draw: nothing more.
An empty list means the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import END_PHASE, Action
from engine.core.hooks import Ability, Decision

if TYPE_CHECKING:
    from engine.core.state import GameState


def legal_actions(st: GameState) -> list[Action]:
    if st.terminal:
        return []
    if st.stack:
        top = st.stack[-1]
        if isinstance(top, Decision):
            return list(top.options)
        raise RuntimeError("unsettled trigger on the stack")  # pragma: no cover
    out: list[Action] = [END_PHASE]
    info = st.info
    p = st.turn_player
    phase = st.phase
    ep = info.event_phase
    for c in st.hand[p]:
        if ep[c] == phase:  # some event of this phase in hand
            events = info.event_actions
            if events is not None:
                out += events(st)
            break
    hooks = info.hooks
    if "actions" in hooks:
        # (GameState.hooked's cache, when nothing blanks)
        hooked: list[tuple[int, Ability]] | None = st.zone.hc.get("actions")
        if hooked is None or "blanks" in hooks:
            hooked = st.hooked("actions")
        if hooked:
            ctrl = st.ctrl
            for s, a in hooked:
                if ctrl[s] == p:
                    ph = a.action_phases
                    if ph is None or phase in ph:
                        out += a.actions(st, s)
    fn = info.phase_actions[phase]
    if fn is not None:
        out += fn(st)
    return out
