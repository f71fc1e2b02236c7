"""R8c Events: in your own turn, in the phase printed on the event, never while another
effect is resolving (the stack must be empty): pay, then resolve and discard. ACTIVE
events go to the active area instead and stay until the start of your next turn; you
cannot play one while an event of the same name is in your active area. Structure-events
are built (R6, :mod:`engine.rules.build`), not played. An event without an
implementation is never playable (the game is flagged partial instead)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import ACTIVE, REGISTRY
from engine.actions import Action, PlayEvent

if TYPE_CHECKING:
    from engine.state import GameState


def effect_id(st: GameState, cid: int) -> str:
    return f"{st.info.cards[cid].slug}.effect"


def playable(st: GameState, cid: int) -> bool:
    if st.info.event_phase[cid] != st.phase:
        return False
    card = st.info.cards[cid]
    p = st.turn_player
    if (card.cost or 0) > st.magic[p]:
        return False
    impl = REGISTRY[f"{card.slug}.effect"]
    if card.active and any(st.info.cards[c].name == card.name for c in st.active[p]):
        return False
    return impl.can_play(st, cid)


def legal_events(st: GameState) -> list[Action]:
    ep = st.info.event_phase
    phase = st.phase
    return [
        PlayEvent(c)
        for c in st.hand[st.turn_player]
        if ep[c] == phase and playable(st, c)
    ]


def do_event(st: GameState, a: PlayEvent) -> None:
    p = st.turn_player
    card = st.info.cards[a.card]
    st.gain_magic(p, -(card.cost or 0))
    if card.active:
        st.hand[p].remove(a.card)
        st.zone[a.card] = ACTIVE
        st.active[p].append(a.card)
    else:
        st.discard_card(a.card)
    REGISTRY[f"{card.slug}.effect"].play(st, a.card)
