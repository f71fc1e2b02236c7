"""Decks that put every card the engine plays on the battlefield, for the fuzz tests.

A faction with a faction deck in the catalog is fuzzed with that deck. A faction
without one, whose cards are only partly known, still has cards the engine plays
(High Elves, Shadow Elves, ...): :func:`trial_deck` deals those cards into a *host*
faction deck, so their abilities meet every other faction in the fuzz too. Such a
deck is not legal (R9 is not the point here); the game is still played by the rules.

- Summoner: the faction's own when it is playable, else the host's. Starting units
  and setup: the faction's own when its summoner is playable and its setup known
  (and its starting units playable), else the host's.
- Draw deck: the faction's playable cards (4 of each common, 1 of each champion, 2 of
  each event), the host's three gates, then the host's other draw cards until the
  draw deck holds 30 cards (as a faction deck's), so the faction's cards are drawn in
  most games.
"""

from __future__ import annotations

from engine.core.game import GameDeck
from engine.core.types import (
    CardClass,
    CardDef,
    CardType,
    DeckEntry,
    DeckList,
    DeckRole,
)
from engine.deckbuilding.catalog import Catalog
from engine.deckbuilding.resolve import (
    default_catalog,
    faction_deck,
    game_deck,
    playable_factions,
)
from engine.rulesets.second import SECOND

DRAW_SIZE = 30  # a faction deck's draw deck: 34 - summoner, starting gate, 2 units


def playable_cards(slug: str, catalog: Catalog | None = None) -> list[CardDef]:
    """The cards of faction ``slug`` that the engine plays in full."""
    cat = catalog or default_catalog()
    reg = SECOND.load_abilities()
    return [c for c in cat.cards_of(slug) if not reg.missing_reasons(c)]


def _copies(card: CardDef) -> int:
    if card.card_type is CardType.EVENT:
        return 2
    if CardClass.CHAMPION in card.classes:
        return 1
    return 4


def trial_deck(slug: str, host: str, catalog: Catalog | None = None) -> GameDeck:
    """Faction ``slug``'s playable cards dealt into faction ``host``'s deck."""
    cat = catalog or default_catalog()
    fac, home = cat.factions[slug], cat.factions[host]
    assert home.deck is not None, f"host {host!r} has no faction deck"
    cards = playable_cards(slug, cat)
    assert cards, f"{slug!r} has no playable card"
    own_summoner = fac.summoner is not None and any(
        c.slug == fac.summoner for c in cards
    )
    own = (
        own_summoner
        and fac.setup is not None
        and all(any(c.slug == u for c in cards) for u, _ in fac.starting_units)
    )
    summoner = fac.summoner if own_summoner else home.deck.summoner
    assert summoner is not None
    setup = fac.setup if own else home.setup
    entries = [DeckEntry(summoner, 1, DeckRole.SUMMONER)]
    units = fac.starting_units if own else home.starting_units
    entries += [DeckEntry(u, n, DeckRole.STARTING_UNIT) for u, n in units]
    draw = [
        DeckEntry(c.slug, _copies(c))
        for c in cards
        if c.card_type is not CardType.UNIT or CardClass.SUMMONER not in c.classes
    ]
    for e in home.deck.entries:
        if e.role in (DeckRole.STARTING_GATE, DeckRole.GATE):
            entries.append(e)
    size = sum(e.count for e in draw) + sum(
        e.count for e in home.deck.entries if e.role is DeckRole.GATE
    )
    for e in home.deck.entries:
        if size >= DRAW_SIZE:
            break
        if e.role in (DeckRole.COMMON, DeckRole.CHAMPION, DeckRole.STANDARD_EVENT):
            n = min(e.count, DRAW_SIZE - size)
            draw.append(DeckEntry(e.card, n))
            size += n
    deck = DeckList(
        name=f"{slug} in {host}", summoner=summoner, entries=(*entries, *draw)
    )
    return game_deck(deck, cat.cards, setup, name=deck.name)


def fuzz_decks(catalog: Catalog | None = None) -> dict[str, GameDeck]:
    """Every faction with a playable card: its faction deck, or its trial deck
    (hosts taken in turn from the factions with a deck)."""
    cat = catalog or default_catalog()
    decks = {f: faction_deck(f, cat) for f in playable_factions(cat)}
    hosts = sorted(decks)
    others = [f for f in cat.factions if f not in decks and playable_cards(f, cat)]
    for i, f in enumerate(others):
        decks[f] = trial_deck(f, hosts[i % len(hosts)], cat)
    return decks
