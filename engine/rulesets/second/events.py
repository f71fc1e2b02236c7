"""R8c Events: in your own turn, in the phase printed on the event, never while another
effect is resolving (the stack must be empty): pay, then resolve and discard. ACTIVE
events go to the active area instead and stay until the start of your next turn; you
cannot play one while an event of the same name is in your active area. Structure-events
are built (R6, :mod:`engine.rulesets.second.build`), not played. An event without an
implementation is never playable (the game is flagged partial instead)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, PlayEvent
from engine.core.hooks import ACTIVE, Ability

if TYPE_CHECKING:
    from engine.core.state import GameState


def effect_id(st: GameState, cid: int) -> str:
    return f"{st.info.cards[cid].slug}.effect"


def _effects(st: GameState) -> tuple[Ability | None, ...]:
    """Per card id: the implementation of its event effect (None: not an event
    playable by R8c), cached on the game info."""
    extra = st.info.extra
    got = extra.get("core.effects")
    if got is None:
        ep = st.info.event_phase
        got = extra["core.effects"] = tuple(
            st.info.registry[f"{c.slug}.effect"] if ep[i] >= 0 else None
            for i, c in enumerate(st.info.cards)
        )
    return got


def playable(st: GameState, cid: int) -> bool:
    if st.info.event_phase[cid] != st.phase:
        return False
    card = st.info.cards[cid]
    p = st.turn_player
    if (card.cost or 0) > st.magic[p]:
        return False
    impl = _effects(st)[cid]
    assert impl is not None
    if card.active and any(st.info.cards[c].name == card.name for c in st.active[p]):
        return False
    return impl.can_play(st, cid)


_EVENTS: dict[int, PlayEvent] = {}


def _play_event(card: int) -> PlayEvent:
    """Interned PlayEvent values (frozen: sharing is safe)."""
    a = _EVENTS.get(card)
    if a is None:
        a = _EVENTS[card] = PlayEvent(card)
    return a


def legal_events(st: GameState) -> list[Action]:
    ep = st.info.event_phase
    phase = st.phase
    return [
        _play_event(c)
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
    st.info.registry[f"{card.slug}.effect"].play(st, a.card)
