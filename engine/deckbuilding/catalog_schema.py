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
    DeckList,
    DeckRole,
    FactionDef,
    ProductDef,
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


@dataclass(frozen=True)
class Catalog:
    """The whole validated catalog. Dicts keep catalog order (neutral cards first, then
    each faction's cards in index order); treat them as read-only."""

    cards: dict[str, CardDef]
    factions: dict[str, FactionDef]
    products: dict[str, ProductDef]
    symbols: tuple[str, ...]
    _names: dict[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = {c.name.casefold(): c.slug for c in self.cards.values()}
        object.__setattr__(self, "_names", names)

    def card(self, slug: str) -> CardDef:
        """The card with this slug; KeyError when there is none."""
        try:
            return self.cards[slug]
        except KeyError:
            raise KeyError(f"unknown card slug {slug!r}") from None

    def find_card(self, name_or_slug: str) -> CardDef | None:
        """Case-insensitive lookup by name or slug; None when nothing matches."""
        text = name_or_slug.strip()
        key = text.casefold()
        if key in self.cards:
            return self.cards[key]
        if key in self._names:
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
