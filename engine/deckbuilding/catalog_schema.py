"""The catalog's value types and constants: :class:`Catalog`, :class:`CatalogError`,
:func:`slugify`, the data directory and the faction-deck shape (see
:mod:`engine.deckbuilding.catalog` for the invariants the loader guarantees)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.types import (
    CardDef,
    Confidence,
    DeckList,
    DeckRole,
    FactionDef,
    ProductDef,
    SetupDef,
)
from engine.rulesets import get_ruleset

_PROFILE = get_ruleset().deck_profile
assert _PROFILE is not None

DATA_DIR = Path(__file__).resolve().parents[2] / "cards" / "data"


INDEX_FILE = "index.yaml"


NEUTRAL_FILE = "neutral.yaml"


#: R9: copies per role in a faction deck (34 cards in all), from the default
#: ruleset's deck profile (the catalog holds that edition's faction decks).
DECK_SHAPE: dict[DeckRole, int] = {
    DeckRole.SUMMONER: _PROFILE.summoners,
    DeckRole.STARTING_GATE: _PROFILE.ten_life_gates,
    DeckRole.GATE: _PROFILE.five_life_gates,
    DeckRole.STARTING_UNIT: _PROFILE.starting_units,
    DeckRole.EPIC_EVENT: _PROFILE.epic_event_copies,
    DeckRole.STANDARD_EVENT: _PROFILE.standard_events,
    DeckRole.CHAMPION: _PROFILE.champions,
    DeckRole.COMMON: _PROFILE.commons,
}


#: R9: most copies of one card within a role.
MAX_COPIES: dict[DeckRole, int] = {
    DeckRole.STANDARD_EVENT: _PROFILE.standard_event_copies,
    DeckRole.CHAMPION: _PROFILE.champion_copies,
    DeckRole.COMMON: _PROFILE.common_copies,
}


STARTING_GATE_LIFE = 10


PRODUCT_KINDS = ("master_set", "starter_set", "faction_deck")


DATA_STATUSES = ("complete", "partial", "names only")


STATS_UNKNOWN = "stats unknown"


class CatalogError(ValueError):
    """The catalog data is malformed. ``str(err)`` is
    ``"<file>: <card or section>: <field>: <problem>"``."""

    def __init__(self, file: str, where: str, field_name: str, problem: str) -> None:
        self.file = file
        self.where = where
        self.field = field_name
        self.problem = problem
        super().__init__(f"{file}: {where}: {field_name}: {problem}")


def slugify(value: str) -> str:
    """Django-compatible slug: ASCII, lower case, runs of spaces/hyphens -> one hyphen,
    other punctuation dropped ("The Citadel's Might" -> "the-citadels-might")."""
    ascii_value = (
        unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    )
    cleaned = re.sub(r"[^\w\s-]", "", ascii_value.lower())
    return re.sub(r"[-\s]+", "-", cleaned).strip("-_")


@dataclass(frozen=True, slots=True)
class SummonerDef:
    """A summoner of an edition with reference cards (the first): the events its
    reference card lists (exactly those, R47), its starting setup, and the deck the
    catalog offers for it. ``deck_kind`` is "preset" (counts from a source) or
    "sample" (built by the catalog's documented sample rule: counts not official)."""

    slug: str
    faction: str
    events: tuple[tuple[str, int], ...]
    setup: SetupDef
    deck: DeckList
    deck_kind: str
    deck_confidence: Confidence
    deck_source: str


@dataclass(frozen=True)
class Catalog:
    """The whole validated catalog. Dicts keep catalog order (neutral cards first, then
    each faction's cards in index order); treat them as read-only."""

    cards: dict[str, CardDef]
    factions: dict[str, FactionDef]
    products: dict[str, ProductDef]
    symbols: tuple[str, ...]
    #: per summoner slug (editions with reference cards; empty otherwise)
    summoners: dict[str, SummonerDef] = field(default_factory=dict)
    #: the ruleset (edition) name whose cards these are ("" = the default one)
    ruleset: str = ""
    _names: dict[str, str] = field(init=False, repr=False, compare=False)
    _ambiguous: dict[str, tuple[str, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        names: dict[str, str] = {}
        many: dict[str, tuple[str, ...]] = {}
        for c in self.cards.values():
            key = c.name.casefold()
            if key in names:
                many[key] = many.get(key, (names[key],)) + (c.slug,)
            else:
                names[key] = c.slug
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_ambiguous", many)

    def same_name(self, name: str) -> tuple[str, ...]:
        """Slugs of the cards printed with this name when several factions share it
        (first edition: Archer, Fighter, Shaman...); () when the name is unique."""
        return self._ambiguous.get(name.strip().casefold(), ())

    def setup_of(self, summoner: str) -> SetupDef | None:
        """The starting setup of ``summoner``: its own (reference card) when the
        catalog has one, else its faction's."""
        sd = self.summoners.get(summoner)
        if sd is not None:
            return sd.setup
        card = self.cards.get(summoner)
        fac = self.factions.get(card.faction) if card and card.faction else None
        return fac.setup if fac else None

    def card(self, slug: str) -> CardDef:
        """The card with this slug; KeyError when there is none."""
        try:
            return self.cards[slug]
        except KeyError:
            raise KeyError(f"unknown card slug {slug!r}") from None

    def find_card(
        self, name_or_slug: str, faction: str | None = None
    ) -> CardDef | None:
        """Case-insensitive lookup by name or slug; None when nothing matches. A name
        several factions print (first edition) resolves to ``faction``'s card when
        given, else to the first in catalog order."""
        text = name_or_slug.strip()
        key = text.casefold()
        if key in self.cards:
            return self.cards[key]
        if key in self._names:
            if faction is not None and key in self._ambiguous:
                for slug in self._ambiguous[key]:
                    if self.cards[slug].faction == faction:
                        return self.cards[slug]
            return self.cards[self._names[key]]
        return self.cards.get(slugify(text))

    def faction(self, faction_slug: str) -> FactionDef:
        """The faction with this slug; KeyError when there is none."""
        try:
            return self.factions[faction_slug]
        except KeyError:
            raise KeyError(f"unknown faction {faction_slug!r}") from None

    def faction_deck(self, faction_slug: str) -> DeckList:
        """The faction's preconstructed deck; KeyError when the faction is unknown or
        its deck list is not known."""
        deck = self.faction(faction_slug).deck
        if deck is None:
            raise KeyError(f"the deck list of faction {faction_slug!r} is unknown")
        return deck

    def cards_of(self, faction_slug: str) -> list[CardDef]:
        """The faction's distinct cards in catalog order; KeyError for an unknown
        faction."""
        self.faction(faction_slug)
        return [c for c in self.cards.values() if c.faction == faction_slug]
