"""R15 Play events: in your event phase, any number, one at a time; each resolves, then
goes to your discard pile. Wall cards are events too: playing one places it on an empty
space on your side (R15, R28; Ice Wall R29). An event without an implementation is
never playable (the game is flagged partial instead).

``st.flags[EVENTS_PLAYED]`` counts the event cards (walls included) the turn player
has played this turn, for cards that ask "if you played an event this turn" (the
Crossbowman's *Rally*; flags reset every turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Build, PlayEvent
from engine.core.board import SPACES, bits_of, own_row
from engine.core.types import CardClass

if TYPE_CHECKING:
    from engine.core.state import GameState

#: R1: a player's side is the 4 rows nearest them
SIDE_ROWS = 4
#: flags key: event cards (walls included) played this turn
EVENTS_PLAYED = "first.events_played"

_SIDE: tuple[int, int] = (
    sum(1 << s for s in range(SPACES) if own_row(0, s) < SIDE_ROWS),
    sum(1 << s for s in range(SPACES) if own_row(1, s) < SIDE_ROWS),
)


def _walls(st: GameState) -> tuple[bool, ...]:
    extra = st.info.extra
    got: tuple[bool, ...] | None = extra.get("first.wall_cards")
    if got is None:
        got = extra["first.wall_cards"] = tuple(
            CardClass.WALL in c.classes for c in st.info.cards
        )
    return got


_WALLS: dict[int, Build] = {}


def _wall(card: int, space: int) -> Build:
    key = (card << 7) | space
    a = _WALLS.get(key)
    if a is None:
        a = _WALLS[key] = Build(card, space)
    return a


def legal_walls(st: GameState) -> list[Action]:
    """Build(wall, space) by hand order, then space ascending (your side, empty)."""
    p = st.turn_player
    walls = _walls(st)
    cards = [c for c in st.hand[p] if walls[c]]
    if not cards:
        return []
    spaces = bits_of(_SIDE[p] & ~st.occ)
    return [_wall(c, s) for c in cards for s in spaces]


def do_wall(st: GameState, a: Build) -> None:
    st.flags[EVENTS_PLAYED] = st.flags.get(EVENTS_PLAYED, 0) + 1
    st.place(a.card, a.space, st.turn_player)
    if st.stats is not None:
        st.stats[3 * a.card] += 1


_EVENTS: dict[int, PlayEvent] = {}


def _play(card: int) -> PlayEvent:
    a = _EVENTS.get(card)
    if a is None:
        a = _EVENTS[card] = PlayEvent(card)
    return a


def legal_events(st: GameState) -> list[Action]:
    """PlayEvent for each implemented event of this phase in hand (hand order)."""
    ep = st.info.event_phase
    phase = st.phase
    p = st.turn_player
    out: list[Action] = []
    for c in st.hand[p]:
        if ep[c] == phase:
            impl = st.info.registry[f"{st.info.cards[c].slug}.effect"]
            if impl.can_play(st, c):
                out.append(_play(c))
    return out


def do_event(st: GameState, a: PlayEvent) -> None:
    card = st.info.cards[a.card]
    st.flags[EVENTS_PLAYED] = st.flags.get(EVENTS_PLAYED, 0) + 1
    st.discard_card(a.card)
    st.info.registry[f"{card.slug}.effect"].play(st, a.card)
