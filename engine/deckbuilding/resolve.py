"""Turn catalog decks into :class:`~engine.core.game.GameDeck` values.

A DECK argument (CLI, ``new_game``) is a faction slug (its faction deck and setup
layout) or a path to a deck text file (``COUNT Card Name`` lines, parsed by
:mod:`engine.deckbuilding.decktext`; roles inferred by
:mod:`engine.deckbuilding.construction`; the layout is
the summoner's faction's when known, else the engine default).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from engine.core.game import GameDeck
from engine.core.types import CardDef, Confidence, DeckList, SetupDef
from engine.rulesets import DEFAULT_RULESET, get_ruleset

if TYPE_CHECKING:
    from engine.deckbuilding.catalog import Catalog


def game_deck(
    deck: DeckList,
    cards: Mapping[str, CardDef],
    setup: SetupDef | None = None,
    name: str | None = None,
    *,
    ruleset: str | None = None,
) -> GameDeck:
    """A deck list made ready to set up under ``ruleset`` (default: the default
    ruleset), by that ruleset's :meth:`~engine.core.ruleset.Ruleset.game_deck`."""
    return get_ruleset(ruleset).game_deck(deck, cards, setup, name)


def default_catalog(ruleset: str | None = None) -> Catalog:
    """The package catalog of ``ruleset`` (default: the default ruleset), cached."""
    from engine.deckbuilding.catalog import load_catalog

    return load_catalog(ruleset=ruleset)


def faction_deck(
    slug: str, catalog: Catalog | None = None, *, ruleset: str | None = None
) -> GameDeck:
    """The faction deck of ``slug`` (a faction, or in an edition with reference
    cards also a summoner: that summoner's deck) in ``catalog`` (default: the
    package catalog of ``ruleset``)."""
    cat = catalog or default_catalog(ruleset)
    rs = cat.ruleset or ruleset
    sd = cat.summoners.get(slug)
    if sd is not None:
        return game_deck(sd.deck, cat.cards, sd.setup, name=slug, ruleset=rs)
    fac = cat.factions.get(slug)
    if fac is None:
        raise KeyError(f"unknown faction {slug!r}")
    if fac.deck is None:
        raise ValueError(f"the faction deck of {slug!r} is unknown in the catalog")
    return game_deck(fac.deck, cat.cards, fac.setup, name=slug, ruleset=rs)


def playable_factions(
    catalog: Catalog | None = None, *, ruleset: str | None = None
) -> list[str]:
    """Factions (catalog order) whose deck list is known."""
    cat = catalog or default_catalog(ruleset)
    return [s for s, f in cat.factions.items() if f.deck is not None]


def low_confidence_cards(deck: GameDeck) -> list[str]:
    """Slugs of the deck's cards whose catalog data is of low confidence (numbers or
    texts from one weak source), in deck order, each once. The engine plays them as
    the catalog reads them; a result that depends on them says so."""
    cards = (
        deck.summoner,
        *(() if deck.starting_gate is None else (deck.starting_gate,)),
        *(u for u, _ in deck.starting_units),
        *deck.draw_cards,
    )
    out: dict[str, None] = {}
    for c in cards:
        if c.confidence is Confidence.LOW:
            out.setdefault(c.slug)
    return list(out)


class IllegalDeckError(ValueError):
    """A deck text that breaks the construction rules (R9); ``errors`` lists them."""

    def __init__(self, name: str, errors: list[str]) -> None:
        self.errors = errors
        super().__init__(f"deck {name!r} is not legal: " + "; ".join(errors))


def text_deck(
    text: str,
    catalog: Catalog | None = None,
    name: str = "deck",
    *,
    allow_illegal: bool = False,
) -> GameDeck:
    """A deck text file as a game deck. It must pass the construction rules (R9),
    every violation reported at once in :class:`IllegalDeckError`, unless
    ``allow_illegal`` (experiments: the game is still played by the rules)."""
    from engine.deckbuilding.construction import assign_roles, validate_deck
    from engine.deckbuilding.decktext import parse_deck_text

    cat = catalog or default_catalog()
    rs = cat.ruleset or None
    parsed = parse_deck_text(text, catalog=cat)
    if not parsed.ok:
        msgs = "; ".join(f"line {p.line}: {p.message}" for p in parsed.problems)
        raise ValueError(f"deck text has problems: {msgs}")
    summoners = [s for s, _ in parsed.entries if cat.cards[s].is_summoner]
    if len(summoners) != 1:
        raise ValueError(f"a deck needs exactly 1 summoner, found {len(summoners)}")
    if not allow_illegal:
        report = validate_deck(
            parsed.entries,
            catalog=cat,
            summoner=summoners[0],
            ruleset=rs or DEFAULT_RULESET,
        )
        if not report.valid:
            raise IllegalDeckError(
                parsed.name or name,
                [f"[{v.code}] {v.message}" for v in report.errors],
            )
    entries = assign_roles(parsed.entries, catalog=cat, summoner=summoners[0])
    deck = DeckList(name=parsed.name or name, summoner=summoners[0], entries=entries)
    setup = cat.setup_of(summoners[0])
    return game_deck(deck, cat.cards, setup, name=deck.name, ruleset=rs)


def resolve_deck(
    arg: str,
    catalog: Catalog | None = None,
    *,
    allow_illegal: bool = False,
    ruleset: str | None = None,
) -> GameDeck:
    """A faction slug (in an edition with reference cards also a summoner slug), or
    a path to a deck text file (see :func:`text_deck`); the catalog defaults to the
    package catalog of ``ruleset``."""
    cat = catalog or default_catalog(ruleset)
    if arg in cat.factions or arg in cat.summoners:
        return faction_deck(arg, cat)
    path = Path(arg)
    if path.is_file():
        return text_deck(
            path.read_text(encoding="utf-8"),
            cat,
            name=path.stem,
            allow_illegal=allow_illegal,
        )
    raise ValueError(f"{arg!r} is neither a faction slug nor a deck file")
