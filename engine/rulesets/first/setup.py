"""R6-R11 Setup (first edition).

Each player puts the summoner, one wall and the units of the summoner's reference card
("Starting Setup" side, owner's coordinates: ``SetupDef.gate`` is the wall's space)
on their half; the rest of the deck is shuffled as the draw pile. Nobody holds cards
(R8: no opening hand) and both magic piles start empty (R9). The first player is drawn
at random from the seed (R10: the high roller chooses; agents have no preference).

Card ids are dealt in the core's order: seat 0's summoner, its starting wall, its
setup units, then its draw deck in deck-list order; then seat 1 the same way. The
seeded RNG is used in this order: shuffle seat 0's deck, shuffle seat 1's deck, pick
the first player.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.game import GameDeck, place_setup
from engine.core.mechanics.turn import begin_turn
from engine.core.state import GameState
from engine.core.types import (
    CardClass,
    CardDef,
    Confidence,
    DeckList,
    Position,
    SetupDef,
)
from engine.core.zones import BOARD
from engine.rulesets.first.piles import PILES, SUMMONER_PILES

#: used only when a deck's summoner has no reference card in the catalog
DEFAULT_SETUP = SetupDef(
    summoner=Position(0, 3),
    gate=Position(1, 2),
    units=(),
    confidence=Confidence.UNKNOWN,
    source="engine default layout (no reference card known)",
)


def game_deck(
    deck: DeckList,
    cards: Mapping[str, CardDef],
    setup: SetupDef | None = None,
    name: str | None = None,
) -> GameDeck:
    """Split a deck list into the setup cards (summoner, a wall, the reference card's
    units), the draw pile (R6) and the summoner's separate piles (:mod:`.piles`: a
    pile card in the list goes to its pile, never to the draw pile)."""
    pool: list[str] = []
    for e in deck.entries:
        if e.card not in cards:
            raise KeyError(f"unknown card {e.card!r} in deck {deck.name!r}")
        if e.card not in PILES:
            pool += [e.card] * e.count
    piles: list[CardDef] = []
    for slug in SUMMONER_PILES.get(deck.summoner, ()):
        if slug in cards:
            piles += [cards[slug]] * PILES[slug].size
    if deck.summoner not in pool:
        raise ValueError(f"deck {deck.name!r} has no summoner {deck.summoner!r}")
    pool.remove(deck.summoner)
    layout = setup or DEFAULT_SETUP
    wall: str | None = None
    for slug in pool:
        card = cards[slug]
        if CardClass.WALL in card.classes and CardClass.EVENT not in card.classes:
            wall = slug
            break
    if wall is not None:
        pool.remove(wall)
    units: list[tuple[CardDef, Position]] = []
    for slug, pos in layout.units:
        if slug in pool:
            pool.remove(slug)
            units.append((cards[slug], pos))
    return GameDeck(
        name=name or deck.name,
        summoner=cards[deck.summoner],
        summoner_at=layout.summoner,
        starting_gate=cards[wall] if wall else None,
        gate_at=layout.gate,
        starting_units=tuple(units),
        draw_cards=tuple(cards[s] for s in pool),
        setup_default=setup is None,
        piles=tuple(piles),
    )


def deal(st: GameState, decks: tuple[GameDeck, GameDeck]) -> None:
    """R6-R11 on an empty state: place the setup cards, shuffle the draw piles, pick
    the first player; no hand and no magic; start the first turn."""
    info = st.info
    first = place_setup(st, decks)
    st.magic[0] = st.magic[1] = 0  # R9
    assert all(st.zone[s] == BOARD for s in info.summoners)
    begin_turn(st, first)
