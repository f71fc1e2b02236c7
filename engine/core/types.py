"""Immutable value types shared by the catalog, the construction rules and the engine.

Everything here is a frozen dataclass or an enum, so card definitions can be shared
freely between games, processes and the Django adapters without copying.
Invariant: slugs are unique across the whole catalog (cards, factions, products).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CardType(StrEnum):
    UNIT = "unit"
    EVENT = "event"
    STRUCTURE = "structure"


class CardClass(StrEnum):
    """Class words of a card (R1); one card may carry several (Ice Golem)."""

    SUMMONER = "summoner"
    CHAMPION = "champion"
    COMMON = "common"
    STANDARD = "standard"  # standard event
    EPIC = "epic"  # epic event
    STRUCTURE = "structure"
    GATE = "gate"
    # first edition (research/first-edition.md R3, R28, R54, R57)
    EVENT = "event"  # an event of a summoner's reference card
    WALL = "wall"  # a summoning point like a gate (R28)
    MUTATION = "mutation"
    CONJURATION = "conjuration"


class AttackType(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class Phase(StrEnum):
    SUMMON = "summon"
    MOVE = "move"
    BUILD = "build"
    ATTACK = "attack"
    MAGIC = "magic"
    DRAW = "draw"
    EVENTS = "events"  # first edition: the event phase (walls are played in it)


class Confidence(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"
    UNKNOWN = "unknown"


class DeckRole(StrEnum):
    """Role of an entry in a faction deck list (R9)."""

    SUMMONER = "summoner"
    STARTING_GATE = "starting_gate"  # the 10-life gate placed at setup
    GATE = "gate"  # the 5-life gates shuffled into the draw deck
    STARTING_UNIT = "starting_unit"
    EPIC_EVENT = "epic_event"
    STANDARD_EVENT = "standard_event"
    CHAMPION = "champion"
    COMMON = "common"
    # first edition
    WALL = "wall"  # the 3 walls (one of them starts on the battlefield)
    EVENT = "event"  # the 9 events of the summoner's reference card


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """A named ability (units) or the effect of an event/structure card.

    ``id`` is ``"<card-slug>.<ability-slug>"`` (events: ``"<card-slug>.effect"``); the
    engine registers implementations under these ids. ``text`` is None when unknown.
    """

    id: str
    name: str
    text: str | None


@dataclass(frozen=True, slots=True)
class CardDef:
    """One distinct card. Unknown numbers are None ("stats unknown"), never guessed."""

    slug: str
    name: str
    faction: str | None  # faction slug; None for neutral cards (the generic gates)
    card_type: CardType
    classes: tuple[CardClass, ...]
    cost: int | None
    strength: int | None
    life: int | None
    attack_type: AttackType | None
    symbols: tuple[str, ...]  # build (deck) symbols; () when none or unknown
    symbols_known: bool
    phase: Phase | None  # events: the phase they are played in
    active: bool  # events with the ACTIVE keyword
    abilities: tuple[AbilityDef, ...]
    confidence: Confidence
    sources: tuple[str, ...] = ()
    notes: str | None = None

    def has_class(self, cls: CardClass) -> bool:
        return cls in self.classes

    @property
    def is_unit(self) -> bool:
        return self.card_type is CardType.UNIT

    @property
    def is_event(self) -> bool:
        return self.card_type is CardType.EVENT

    @property
    def is_structure(self) -> bool:
        return CardClass.STRUCTURE in self.classes

    @property
    def is_summoner(self) -> bool:
        return CardClass.SUMMONER in self.classes

    @property
    def is_gate(self) -> bool:
        """A summoning point: a gate, or a first-edition wall."""
        return CardClass.GATE in self.classes or CardClass.WALL in self.classes

    @property
    def unknown_stats(self) -> tuple[str, ...]:
        """Names of the facts the card type needs that the catalog does not know."""
        if self.card_type is CardType.UNIT:
            needed: dict[str, object] = {
                "cost": 0
                if self.is_summoner or CardClass.CONJURATION in self.classes
                else self.cost,
                "strength": self.strength,
                "life": self.life,
                "attack type": self.attack_type,
            }
        elif self.card_type is CardType.STRUCTURE:
            needed = {"cost": self.cost, "life": self.life}
        else:
            needed = {"cost": self.cost, "phase": self.phase}
        return tuple(k for k, v in needed.items() if v is None)

    @property
    def stats_known(self) -> bool:
        """True when every number the card type needs is known."""
        return not self.unknown_stats


@dataclass(frozen=True, slots=True)
class Position:
    """A battlefield space from its owner's point of view: row 0 = owner's back row,
    col 0 = owner's leftmost column. The opponent's (r, c) is (7 - r, 5 - c)."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class SetupDef:
    """Summoner setup layout (R2), from the back of the summoner card."""

    summoner: Position
    gate: Position
    units: tuple[tuple[str, Position], ...]  # (card slug, position)
    confidence: Confidence
    source: str | None = None


@dataclass(frozen=True, slots=True)
class DeckEntry:
    card: str  # card slug
    count: int
    role: DeckRole | None = None


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck as (card, count) entries. A card may appear in two entries with different
    roles (Frost Mage: 1 starting unit + 4 commons)."""

    name: str
    summoner: str  # card slug
    entries: tuple[DeckEntry, ...]

    def counts(self) -> dict[str, int]:
        """Total copies per card slug, in first-seen order."""
        out: dict[str, int] = {}
        for e in self.entries:
            out[e.card] = out.get(e.card, 0) + e.count
        return out

    def size(self) -> int:
        return sum(e.count for e in self.entries)


@dataclass(frozen=True, slots=True)
class FactionDef:
    slug: str
    name: str
    product: str  # product slug
    wave: str | None
    build_symbols: tuple[str, ...]  # the faction's two symbols; () when unknown
    summoner: str | None  # card slug
    starting_units: tuple[tuple[str, int], ...]  # (card slug, copies); () when unknown
    epic_events: tuple[tuple[str, int | None], ...]
    setup: SetupDef | None
    deck: DeckList | None  # the faction deck; None when the list is unknown
    deck_confidence: Confidence
    data_status: str  # "complete", "partial" or "names only", with detail
    sources: tuple[str, ...] = ()
    notes: str | None = None


@dataclass(frozen=True, slots=True)
class ProductDef:
    """Something a player can own (Master Set, a starter set, a faction deck)."""

    slug: str
    name: str
    kind: str  # "master_set" | "starter_set" | "faction_deck"
    # Faction slugs whose faction decks the product contains.
    factions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RulesetProfile:
    """Deck shape of one ruleset (its construction rules' numbers), read by the
    shared validator :mod:`engine.deckbuilding.construction`."""

    name: str
    summoners: int = 1
    ten_life_gates: int = 1
    five_life_gates: int = 3
    starting_units: int = 2
    epic_event_copies: int = 2  # used when the catalog does not give the copies
    standard_events: int = 6
    champions: int = 3
    commons: int = 16
    standard_event_copies: int = 2
    champion_copies: int = 1
    common_copies: int = 4
    # editions with walls and reference cards (the first): walls in a deck, the
    # events of the reference card, and cards of one allied faction any deck may hold
    walls: int = 0
    events: int = 0
    max_allies: int = 0
    ally_faction: str = ""


@dataclass(frozen=True, slots=True)
class Rules:
    """Engine configuration; the engine reads no settings."""

    # the ruleset's name (engine.rulesets); "" = the default ruleset. Limits such as
    # hand size and magic cap belong to the ruleset, not to a run.
    ruleset: str = ""
    turn_cap: int = 60  # turns (both players counted) before a game is a draw
