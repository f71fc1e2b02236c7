"""Reads of the card catalog for pages and the API.

Every selector fetches its relations up front (``select_related``/``prefetch_related``),
so the number of queries a page or an API response makes does not grow with the size of
the catalog (the tests pin the counts). Unknown slugs raise ``Http404``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce
from django.http import Http404

from cards.filters import CardFilter
from cards.models import (
    DEFAULT_EDITION,
    Ability,
    Card,
    DeckRole,
    Faction,
    FactionDeckEntry,
    SummonerSetup,
    Symbol,
)
from engine.deckbuilding.catalog import load_catalog


def card_queryset() -> QuerySet[Card]:
    """Cards with everything a card row shows: faction, symbols, abilities."""
    return Card.objects.select_related("faction").prefetch_related(
        Prefetch("symbols", queryset=Symbol.objects.order_by("sort_order")),
        Prefetch("abilities", queryset=Ability.objects.order_by("order")),
    )


def card_filterset(
    *, filters: Mapping[str, Any] | None = None, request: Any = None
) -> CardFilter:
    """The bound FilterSet over all cards (the page renders its form and errors);
    ``request``: whose collection ``owned`` / ``is:owned`` read."""
    return CardFilter(data=filters or {}, queryset=card_queryset(), request=request)


def card_list(
    *, filters: Mapping[str, Any] | None = None, request: Any = None
) -> QuerySet[Card]:
    """Cards matching ``filters`` (see ``cards.filters.CardFilter``), catalog order
    unless ``sort`` says otherwise.

    Raises ``ValidationError`` (field -> messages) when a filter value is invalid.
    """
    filterset = card_filterset(filters=filters, request=request)
    if not filterset.is_valid():
        raise ValidationError(
            {k: [str(m) for m in v] for k, v in filterset.errors.items()}
        )
    return filterset.qs


def card_get(*, slug: str, edition: str = DEFAULT_EDITION) -> Card:
    try:
        return (
            card_queryset()
            .prefetch_related(
                Prefetch(
                    "deck_entries",
                    queryset=FactionDeckEntry.objects.select_related(
                        "faction"
                    ).order_by("faction__sort_order", "order"),
                )
            )
            .get(slug=slug, edition=edition)
        )
    except Card.DoesNotExist:
        raise Http404(f"No card with slug {slug!r}.") from None


#: A deck role named for one card ("starting unit"); the plural adds an "s".
ROLE_SINGULAR: dict[str, str] = {
    DeckRole.SUMMONER.value: "summoner",
    DeckRole.STARTING_GATE.value: "starting gate",
    DeckRole.GATE.value: "gate",
    DeckRole.STARTING_UNIT.value: "starting unit",
    DeckRole.EPIC_EVENT.value: "epic event",
    DeckRole.STANDARD_EVENT.value: "standard event",
    DeckRole.CHAMPION.value: "champion",
    DeckRole.COMMON.value: "common",
    DeckRole.WALL.value: "wall",
    DeckRole.EVENT.value: "event",
}


@dataclass(frozen=True)
class CardDeckUse:
    """A catalog faction deck holding a card, its copies in all and by role."""

    faction: Faction
    label: str  # "faction deck" or the sample-deck label
    copies: int
    roles: list[tuple[str, int]]  # (role, copies), deck order

    @property
    def summary(self) -> str:
        """ "4× common", or "5× (1 starting unit, 4 commons)" for several roles."""

        def named(role: str, n: int) -> str:
            word = ROLE_SINGULAR.get(role, role)
            return word if n == 1 else f"{word}s"

        if len(self.roles) == 1:
            role, n = self.roles[0]
            return f"{n}× {named(role, 1)}"
        parts = ", ".join(f"{n} {named(role, n)}" for role, n in self.roles)
        return f"{self.copies}× ({parts})"


def card_faction_decks(*, card: Card) -> list[CardDeckUse]:
    """The catalog's faction decks holding ``card`` (from ``card_get``'s prefetch),
    one entry per faction, catalog order."""
    by_faction: dict[int, list[FactionDeckEntry]] = {}
    for entry in card.deck_entries.all():
        by_faction.setdefault(entry.faction_id, []).append(entry)
    uses = []
    for entries in by_faction.values():
        entries.sort(key=lambda e: ROLE_ORDER.get(e.role, 99))
        faction = entries[0].faction
        uses.append(
            CardDeckUse(
                faction=faction,
                label=faction_deck_label(faction),
                copies=sum(e.count for e in entries),
                roles=[(e.role, e.count) for e in entries],
            )
        )
    return uses


def card_other_editions(*, card: Card) -> list[Card]:
    """The same card (same slug, so the same name) in the other editions."""
    return list(
        Card.objects.filter(slug=card.slug)
        .exclude(edition=card.edition)
        .select_related("faction")
        .order_by("edition")
    )


def faction_queryset() -> QuerySet[Faction]:
    """Factions with summoner, symbols, setup, product and card completeness counts."""
    return (
        Faction.objects.select_related("summoner", "product", "setup")
        .prefetch_related(
            Prefetch("build_symbols", queryset=Symbol.objects.order_by("sort_order"))
        )
        .annotate(
            card_count=Count("cards", distinct=True),
            complete_card_count=Count(
                "cards", filter=Q(cards__data_complete=True), distinct=True
            ),
            # A subquery, so the sum is not multiplied by the join on cards.
            deck_size=Coalesce(
                Subquery(
                    FactionDeckEntry.objects.filter(faction=OuterRef("pk"))
                    .values("faction")
                    .annotate(total=Sum("count"))
                    .values("total")
                ),
                0,
            ),
        )
        .order_by("sort_order", "slug")
    )


def faction_list(*, edition: str = DEFAULT_EDITION) -> QuerySet[Faction]:
    return faction_queryset().filter(edition=edition)


@dataclass(frozen=True)
class FactionStatus:
    """How much of a faction the catalog knows, said plainly (the honest catalog).

    ``playable``: its faction deck list is known, so there is a deck to play;
    ``complete``: besides, every card of it has its numbers, symbols and texts.
    """

    playable: bool
    complete: bool
    card_count: int
    complete_card_count: int
    deck_size: int
    missing: list[str]

    @property
    def label(self) -> str:
        if self.complete:
            return "Complete"
        if self.playable:
            return "Playable, some data missing"
        return "Incomplete: no faction deck to play"

    @property
    def known(self) -> str:
        """ "12 cards known, 7 with full data" (the numbers the catalog holds)."""
        n = self.card_count
        return (
            f"{n} card{'s' if n != 1 else ''} known, "
            f"{self.complete_card_count} with full data"
        )


def faction_status(faction: Faction) -> FactionStatus:
    """What is known and what is missing for a faction of ``faction_queryset``
    (its annotations: no query)."""
    card_count = int(getattr(faction, "card_count", 0) or 0)
    complete_count = int(getattr(faction, "complete_card_count", 0) or 0)
    deck_size = int(getattr(faction, "deck_size", 0) or 0)
    missing: list[str] = []
    if faction.summoner_id is None:
        missing.append("its summoner")
    if deck_size == 0:
        missing.append("its faction deck list (which cards, how many of each)")
    if getattr(faction, "setup", None) is None:
        missing.append("its starting setup")
    gaps = card_count - complete_count
    if gaps:
        missing.append(
            f"numbers, symbols or texts of {gaps} of its {card_count} known cards"
        )
    if not faction.build_symbols.all():
        missing.append("its build symbols")
    return FactionStatus(
        playable=deck_size > 0,
        complete=deck_size > 0 and not missing,
        card_count=card_count,
        complete_card_count=complete_count,
        deck_size=deck_size,
        missing=missing,
    )


def faction_list_with_status(
    *, edition: str = DEFAULT_EDITION
) -> list[tuple[Faction, FactionStatus]]:
    """The edition's factions, each with what the catalog knows of it."""
    return [(f, faction_status(f)) for f in faction_list(edition=edition)]


def faction_cards(*, faction: Faction) -> QuerySet[Card]:
    """The faction's known cards, summoner first, then catalog order."""
    return card_queryset().filter(faction=faction)


def faction_get(*, slug: str, edition: str = DEFAULT_EDITION) -> Faction:
    try:
        return faction_queryset().get(slug=slug, edition=edition)
    except Faction.DoesNotExist:
        raise Http404(f"No faction with slug {slug!r}.") from None


ROLE_ORDER: dict[str, int] = {role.value: i for i, role in enumerate(DeckRole)}
ROLE_LABELS: dict[str, str] = {role.value: str(role.label) for role in DeckRole}


@dataclass(frozen=True)
class DeckGroup:
    role: str
    label: str
    entries: list[FactionDeckEntry]

    @property
    def count(self) -> int:
        return sum(e.count for e in self.entries)


@dataclass(frozen=True)
class SetupCell:
    row: int
    col: int
    kind: str  # "" | "summoner" | "gate" | "unit"
    card: Card | None
    label: str


SAMPLE_DECK_LABEL = "sample deck, counts not official"


def faction_deck_label(faction: Faction) -> str:
    """How a faction's catalog deck is named: "faction deck", or, for a deck the
    catalog built by its sample rule (first edition: copy counts unknown),
    ``SAMPLE_DECK_LABEL``, so it is never passed off as official."""
    summoner = faction.summoner
    if faction.edition != DEFAULT_EDITION and summoner is not None:
        sd = load_catalog(ruleset=faction.edition).summoners.get(summoner.slug)
        if sd is not None and sd.deck_kind == "sample":
            return SAMPLE_DECK_LABEL
    return "faction deck"


@dataclass(frozen=True)
class FactionDeck:
    faction: Faction
    entries: list[FactionDeckEntry]
    setup: SummonerSetup | None
    setup_units: list[tuple[Card | None, str, int, int]]  # (card, slug, row, col)

    @property
    def total(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def label(self) -> str:
        """ "faction deck", or "sample deck, counts not official" for a deck the
        catalog built by its sample rule (never passed off as official)."""
        return faction_deck_label(self.faction)

    @property
    def is_sample(self) -> bool:
        return self.label != "faction deck"

    @property
    def groups(self) -> list[DeckGroup]:
        by_role: dict[str, list[FactionDeckEntry]] = {}
        for e in self.entries:
            by_role.setdefault(e.role, []).append(e)
        return [
            DeckGroup(role, ROLE_LABELS.get(role, role), by_role[role])
            for role in sorted(by_role, key=lambda r: ROLE_ORDER.get(r, 99))
        ]

    def setup_rows(self) -> list[list[SetupCell]]:
        """The 8x6 board, top row first: row 7 (far side) down to row 0 (owner's back
        row), columns left to right. Empty when the setup is unknown."""
        setup = self.setup
        if setup is None:
            return []
        cells: dict[tuple[int, int], tuple[str, Card | None, str]] = {}
        summoner = self.faction.summoner
        cells[(setup.summoner_row, setup.summoner_col)] = (
            "summoner",
            summoner,
            summoner.name if summoner else "Summoner",
        )
        cells[(setup.gate_row, setup.gate_col)] = ("gate", None, "Starting gate")
        for card, slug, row, col in self.setup_units:
            cells[(row, col)] = ("unit", card, card.name if card else slug)
        rows = []
        for r in reversed(range(SummonerSetup.BOARD_ROWS)):
            row_cells = []
            for c in range(SummonerSetup.BOARD_COLS):
                kind, card, label = cells.get((r, c), ("", None, ""))
                row_cells.append(SetupCell(r, c, kind, card, label))
            rows.append(row_cells)
        return rows


def faction_deck_get(*, slug: str, edition: str = DEFAULT_EDITION) -> FactionDeck:
    """The faction deck (entries in role order, then catalog order) and its setup."""
    faction = faction_get(slug=slug, edition=edition)
    entries = list(
        FactionDeckEntry.objects.filter(faction=faction)
        .select_related("card")
        .order_by("order", "pk")
    )
    entries.sort(key=lambda e: (ROLE_ORDER.get(e.role, 99), e.order))
    setup: SummonerSetup | None = getattr(faction, "setup", None)
    setup_units: list[tuple[Card | None, str, int, int]] = []
    if setup is not None and setup.units:
        slugs = [u["card"] for u in setup.units]
        by_slug = {e.card.slug: e.card for e in entries}
        missing = [s for s in slugs if s not in by_slug]
        if missing:
            by_slug.update(
                {
                    c.slug: c
                    for c in Card.objects.filter(
                        edition=faction.edition, slug__in=missing
                    )
                }
            )
        setup_units = [
            (by_slug.get(u["card"]), u["card"], u["row"], u["col"]) for u in setup.units
        ]
    return FactionDeck(
        faction=faction, entries=entries, setup=setup, setup_units=setup_units
    )


def faction_deck_cards(*, deck: FactionDeck) -> list[Card]:
    """The deck's different cards in deck order, ready for their faces (faction,
    symbols, abilities fetched: three queries whatever the deck)."""
    order: dict[int, int] = {}
    for e in deck.entries:
        order.setdefault(e.card_id, len(order))
    cards = card_queryset().filter(pk__in=list(order))
    return sorted(cards, key=lambda c: order[c.pk])


def faction_deck_text(*, deck: FactionDeck) -> str:
    """The deck in the deck text format (DESIGN.md, ``engine.deckbuilding.decktext``).

    ``# Deck: NAME`` first (the importer takes it as the deck name), then ``# Role``
    headers and ``COUNT Card Name`` lines. A card whose name another card shares is
    written by slug, so the text always parses back to the same cards.
    """
    names = {e.card.name for e in deck.entries}
    shared = set(
        Card.objects.filter(name__in=names, edition=deck.faction.edition)
        .values("name")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("name", flat=True)
    )
    lines = [f"# Deck: {deck.faction.name}"]
    lines.append(f"# {deck.faction.name} {deck.label}, {deck.total} cards")
    for group in deck.groups:
        lines.append("")
        lines.append(f"# {group.label}")
        lines.extend(
            f"{e.count} {e.card.slug if e.card.name in shared else e.card.name}"
            for e in group.entries
        )
    return "\n".join(lines) + "\n"
