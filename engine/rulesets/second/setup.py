"""R2 Setup (second edition).

Each player places summoner, starting gate (10 life) and the 2 starting units as printed
on the back of the summoner card (``FactionDef.setup``, owner's coordinates); where the
catalog has no layout the engine uses :data:`DEFAULT_SETUP` (the template in the
project's research notes on setup: summoner (0,3), gate (1,3), units (2,2) and (2,3);
unverified) and reports it (``GameInfo.setup_defaults``, the result's
``setup_defaults_used``). The rest is shuffled as the draw deck; each draws 5.
A random first player (from the game's seed) starts with 2 magic, the other with 3.

Card ids are dealt in a fixed order: seat 0's summoner, starting gate, starting units,
then its draw deck in deck-list order; then seat 1 the same way. The seeded RNG is used
in this order: shuffle seat 0's deck, shuffle seat 1's deck, pick the first player.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import GameDeck, place_setup
from engine.core.mechanics.turn import begin_turn
from engine.core.state import GameState
from engine.core.types import (
    CardDef,
    Confidence,
    DeckList,
    DeckRole,
    Position,
    SetupDef,
)
from engine.core.zones import BOARD

#: magic of the first player and of the other at the start (R2)
STARTING_MAGIC = (2, 3)

DEFAULT_SETUP = SetupDef(
    summoner=Position(0, 3),
    gate=Position(1, 3),
    units=(),
    confidence=Confidence.UNKNOWN,
    source="engine default layout (common template; unverified)",
)
DEFAULT_UNIT_POSITIONS: tuple[Position, ...] = (Position(2, 2), Position(2, 3))


def game_deck(
    deck: DeckList,
    cards: Mapping[str, CardDef],
    setup: SetupDef | None = None,
    name: str | None = None,
) -> GameDeck:
    """Split a deck list into setup cards and draw deck (R2)."""
    pool: list[tuple[str, DeckRole | None]] = []
    for e in deck.entries:
        if e.card not in cards:
            raise KeyError(f"unknown card {e.card!r} in deck {deck.name!r}")
        pool += [(e.card, e.role)] * e.count

    def take(pred: object) -> str | None:
        for i, (slug, role) in enumerate(pool):
            if pred(slug, role):  # type: ignore[operator]
                del pool[i]
                return slug
        return None

    summ = take(lambda s, r: s == deck.summoner)
    if summ is None:
        raise ValueError(f"deck {deck.name!r} has no summoner {deck.summoner!r}")
    gate = take(lambda s, r: r is DeckRole.STARTING_GATE) or take(
        lambda s, r: cards[s].is_gate and cards[s].life == 10 and not cards[s].is_unit
    )
    layout = setup or DEFAULT_SETUP
    units: list[tuple[CardDef, Position]] = []
    if setup is not None and setup.units:
        for slug, pos in setup.units:
            got = take(
                lambda s, r, slug=slug: s == slug and r is DeckRole.STARTING_UNIT
            )
            got = got or take(lambda s, r, slug=slug: s == slug)
            if got is not None:
                units.append((cards[got], pos))
    else:
        for pos in DEFAULT_UNIT_POSITIONS:
            got = take(lambda s, r: r is DeckRole.STARTING_UNIT)
            if got is not None:
                units.append((cards[got], pos))
    return GameDeck(
        name=name or deck.name,
        summoner=cards[summ],
        summoner_at=layout.summoner,
        starting_gate=cards[gate] if gate else None,
        gate_at=layout.gate,
        starting_units=tuple(units),
        draw_cards=tuple(cards[s] for s, _ in pool),
        setup_default=setup is None,
    )


def deal(st: GameState, decks: tuple[GameDeck, GameDeck]) -> None:
    """R2 on an empty state: place the setup cards, shuffle the draw decks, pick the
    first player, give starting magic and the opening hands, start the first turn."""
    info = st.info
    rs = info.ruleset
    first = place_setup(st, decks)
    st.magic[first] = STARTING_MAGIC[0]
    st.magic[1 - first] = STARTING_MAGIC[1]
    for p in (0, 1):
        st.draw(p, rs.hand_size)
    assert all(st.zone[s] == BOARD for s in info.summoners)
    begin_turn(st, first)
