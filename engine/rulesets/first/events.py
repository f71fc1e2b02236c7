"""R15 Play events: in your event phase, any number, one at a time; each resolves, then
goes to your discard pile. Wall cards are events too: playing one places it on an empty
space on your side (R15, R28; Ice Wall R29). An event without an implementation is
never playable (the game is flagged partial instead). Events cost nothing unless a
``mod_event_cost`` ability says otherwise (Glurp's Disruptive): then the magic is paid
as the event is played, and an event you cannot pay for is not playable.

``st.flags[EVENTS_PLAYED]`` counts the event cards (walls included) the turn player
has played this turn, for cards that ask "if you played an event this turn" (the
Crossbowman's *Rally*; flags reset every turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Build, PlayEvent
from engine.core.board import SPACES, bits_of, own_row
from engine.core.types import CardClass
from engine.rulesets.first.responses import play_event

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


def event_cost(st: GameState, card: int) -> int:
    """Magic the event ``card`` costs to play now (``mod_event_cost`` hooks)."""
    if "mod_event_cost" not in st.info.hooks:
        return 0
    v = 0
    for s, a in st.hooked("mod_event_cost"):
        v = a.mod_event_cost(st, s, card, v)
    return v if v > 0 else 0


def legal_events(st: GameState) -> list[Action]:
    """PlayEvent for each implemented event of this phase in hand (hand order)."""
    ep = st.info.event_phase
    phase = st.phase
    p = st.turn_player
    out: list[Action] = []
    for c in st.hand[p]:
        if ep[c] == phase:
            impl = st.info.registry[f"{st.info.cards[c].slug}.effect"]
            if impl.can_play(st, c) and event_cost(st, c) <= st.magic[p]:
                out.append(_play(c))
    return out


def do_event(st: GameState, a: PlayEvent) -> None:
    """Play an event: pay what it costs now (``mod_event_cost``), put it on the
    discard pile, then its effect, unless an answer in its response window
    (:mod:`engine.rulesets.first.responses`, moment EVENT) cancels it."""
    cost = event_cost(st, a.card)
    if cost:
        st.gain_magic(st.turn_player, -cost)
    st.flags[EVENTS_PLAYED] = st.flags.get(EVENTS_PLAYED, 0) + 1
    st.discard_card(a.card)
    play_event(st, a.card, st.turn_player)
