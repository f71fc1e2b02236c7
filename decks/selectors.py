"""Reads for decks and collections: listing, access checks, validation.

Access rules (one place, ``access_deck``):
- the owner reads and edits their decks;
- anyone (also anonymous) reads public and unlisted decks by id; only public ones are
  listed for others;
- someone else's private deck does not exist for you: ``Http404``, never 403 (its id
  leaks nothing);
- writing to a deck you may read but do not own (or to a faction deck, read-only for
  everyone) is ``PermissionDenied``.

Validation always goes through ``engine.construction.validate_deck`` (the one
implementation of the deck rules); ``owned`` comes from the user's collection.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F, Prefetch, Q, QuerySet, Sum
from django.http import Http404

from cards.models import Product
from decks.filters import DeckFilter
from decks.models import Deck, DeckEntry, OwnedProduct, Visibility
from engine.core.types import CardClass, CardDef, DeckRole
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.construction import (
    PROFILES,
    ValidationReport,
    assign_roles,
    validate_deck,
)
from engine.rulesets import DEFAULT_RULESET
from sw_site.parsers import MAX_ID, parse_id

UserLike = User | AnonymousUser | None
EntryPairs = Sequence[tuple[str, int]]


# ----------------------------------------------------------------------------- decks


def deck_queryset() -> QuerySet[Deck]:
    """Decks with what every response shows: owner, summoner, faction, entries+cards
    (three queries however many decks)."""
    return Deck.objects.select_related("owner", "summoner", "faction").prefetch_related(
        Prefetch(
            "entries",
            queryset=DeckEntry.objects.select_related("card").order_by(
                "card__sort_order", "card__slug"
            ),
        )
    )


def _authenticated(user: UserLike) -> bool:
    return user is not None and bool(user.is_authenticated)


def deck_list_for(
    user: UserLike, *, filters: Mapping[str, Any] | None = None
) -> QuerySet[Deck]:
    """The user's own decks plus every public deck (faction decks included), newest
    first. ``filters``: see ``decks.filters.DeckFilter`` (mine, faction, summoner, q,
    faction_decks, visibility, valid ruleset). Raises ``ValidationError`` on bad values.
    """
    if any("\x00" in str(v) for v in (filters or {}).values()):
        raise ValidationError("Filter values cannot contain NUL characters.")
    visible = Q(visibility=Visibility.PUBLIC)
    if _authenticated(user):
        visible |= Q(owner=user)
    filterset = DeckFilter(
        data=filters or {},
        queryset=deck_queryset().filter(visible),
        request_user=user,
    )
    if not filterset.is_valid():
        raise ValidationError(
            {k: [str(m) for m in v] for k, v in filterset.errors.items()}
        )
    return filterset.qs


def _storable_id(deck_id: Any) -> bool:
    """Could a deck have this id? A number past the ``bigint`` column (an URL's
    ``<int:...>`` takes any digits) makes the database driver raise, not miss."""
    if isinstance(deck_id, bool) or not isinstance(deck_id, int):
        return True  # the query answers (ValueError / TypeError -> 404)
    return 1 <= deck_id <= MAX_ID


def deck_get(*, deck_id: int) -> Deck:
    """The deck with its entries, whoever owns it. Use ``access_deck`` for requests."""
    if not _storable_id(deck_id):
        raise Http404("No deck with this id.")
    try:
        return deck_queryset().get(pk=deck_id)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404(f"No deck with id {deck_id!r}.") from None


def deck_can_read(user: UserLike, deck: Deck) -> bool:
    if deck.visibility != Visibility.PRIVATE:
        return True
    return user is not None and user.is_authenticated and deck.owner_id == user.pk


def deck_can_edit(user: UserLike, deck: Deck) -> bool:
    return (
        not deck.read_only
        and user is not None
        and user.is_authenticated
        and deck.owner_id == user.pk
    )


def access_deck(
    user: UserLike, deck_id: int, *, lock: bool = False, write: bool = False
) -> Deck:
    """The deck ``user`` may read (``write=True``: edit), or raise.

    Someone else's private deck -> ``Http404``; a readable deck the user may not edit
    (not theirs, or a faction deck) with ``write=True`` -> ``PermissionDenied``.
    ``lock=True`` takes ``SELECT ... FOR UPDATE`` on the deck row: call it inside a
    transaction, before replacing entries.
    """
    qs = Deck.objects.select_for_update() if lock else deck_queryset()
    if not _storable_id(deck_id):
        raise Http404("No deck with this id.")
    try:
        deck = qs.get(pk=deck_id)
    except (Deck.DoesNotExist, ValueError, TypeError):
        raise Http404(f"No deck with id {deck_id!r}.") from None
    if not deck_can_read(user, deck):
        raise Http404(f"No deck with id {deck_id!r}.")
    if write and not deck_can_edit(user, deck):
        if deck.read_only:
            raise PermissionDenied(
                "Faction decks are read-only; copy this deck to change it."
            )
        raise PermissionDenied("Only the owner can change this deck; copy it instead.")
    return deck


def deck_start_from(
    user: UserLike, source: str, ruleset: str = DEFAULT_RULESET
) -> Deck | None:
    """The deck a new deck starts from: a deck id ``user`` may read, or a faction
    slug (that faction's deck in ``ruleset``'s edition); None when there is no such
    deck."""
    try:
        deck_id = parse_id(source, what="deck id")
    except ValidationError:  # written as a number, but no deck can have it
        return None
    if deck_id is not None:
        try:
            return access_deck(user, deck_id)
        except Http404:
            return None
    return (
        deck_queryset()
        .filter(is_faction_deck=True, faction__slug=source, ruleset=ruleset)
        .order_by("pk")
        .first()
    )


def faction_deck_ids() -> dict[str, int]:
    """Faction slug -> id of its faction deck (for links to deck pages)."""
    return dict(
        Deck.objects.filter(
            is_faction_deck=True, faction__isnull=False, ruleset=DEFAULT_RULESET
        ).values_list("faction__slug", "pk")
    )


def deck_entry_pairs(deck: Deck) -> list[tuple[str, int]]:
    """The deck as (card slug, count) pairs in catalog order (uses prefetched rows)."""
    return [(e.card.slug, e.count) for e in deck.entries.all()]


# ------------------------------------------------------------------------ collection


def collection_list(*, user: User) -> QuerySet[OwnedProduct]:
    return (
        OwnedProduct.objects.filter(user=user)
        .select_related("product")
        .order_by("product__sort_order", "product__slug")
    )


def collection_rows(
    *, user: User, ruleset: str = DEFAULT_RULESET
) -> list[tuple[Product, int]]:
    """Every product of the edition ``ruleset`` with how many copies ``user`` owns
    (0 when none), catalog order: the collection page. Two queries."""
    owned = {o.product_id: o.quantity for o in OwnedProduct.objects.filter(user=user)}
    return [
        (product, owned.get(product.pk, 0))
        for product in Product.objects.filter(edition=ruleset).order_by(
            "sort_order", "slug"
        )
    ]


def collection_owned_cards(
    *, user: UserLike, ruleset: str = DEFAULT_RULESET
) -> dict[str, int] | None:
    """Copies owned per card slug of the edition ``ruleset`` (card slugs are per
    edition): the sum over owned products of that edition of quantity x
    ``ProductCard.count``. None when the user is anonymous or has recorded no
    product of that edition (then nothing is "short": the collection is unknown,
    not empty). One query."""
    if user is None or not user.is_authenticated:
        return None
    rows = (
        OwnedProduct.objects.filter(user=user, product__edition=ruleset)
        .values("product__cards__card__slug")
        .annotate(copies=Sum(F("quantity") * F("product__cards__count")))
        .order_by()
    )
    owned: dict[str, int] | None = None
    for row in rows:
        owned = owned if owned is not None else {}
        slug = row["product__cards__card__slug"]
        if slug is not None:
            owned[slug] = int(row["copies"])
    return owned


# ------------------------------------------------------------------------ validation


def deck_validate(
    deck_or_entries: Deck | Iterable[tuple[str, int]],
    *,
    user: UserLike = None,
    ruleset: str | None = None,
    summoner: str | None = None,
    owned: Mapping[str, int] | None = None,
) -> ValidationReport:
    """The construction report of a saved deck or of (slug, count) entries.

    With a logged-in ``user`` (or an explicit ``owned`` mapping, to share one
    collection query between many decks) the report carries ``collection.short``
    warnings for cards the user does not own enough of.
    """
    if isinstance(deck_or_entries, Deck):
        deck = deck_or_entries
        cards: list[tuple[str, int]] = deck_entry_pairs(deck)
        ruleset = ruleset or deck.ruleset
        if summoner is None and deck.summoner is not None:
            summoner = deck.summoner.slug
    else:
        cards = list(deck_or_entries)
    ruleset = ruleset or DEFAULT_RULESET
    if owned is None and user is not None:
        owned = collection_owned_cards(user=user, ruleset=ruleset)
    return validate_deck(
        cards,
        catalog=_catalog_of(ruleset),
        ruleset=ruleset,
        summoner=summoner,
        owned=owned,
    )


def deck_buildable(
    deck: Deck | ValidationReport,
    user: UserLike,
    *,
    owned: Mapping[str, int] | None = None,
) -> bool | None:
    """Can ``user`` build the deck from their collection? None when that is unknown:
    anonymous, or no collection recorded (``owned`` None)."""
    if owned is None:
        ruleset = deck.ruleset if isinstance(deck, Deck) else DEFAULT_RULESET
        owned = collection_owned_cards(user=user, ruleset=ruleset)
    if owned is None:
        return None
    # A report passed in must have been made with the same ``owned``.
    report = (
        deck if isinstance(deck, ValidationReport) else deck_validate(deck, owned=owned)
    )
    return not any(w.code == "collection.short" for w in report.warnings)


@dataclass(frozen=True)
class DeckView:
    """A deck as a response shows it to one user: its construction report, whether
    the user's collection covers it (None: anonymous) and whether they may edit it."""

    deck: Deck
    report: ValidationReport
    buildable: bool | None
    can_edit: bool


def deck_views(decks: Iterable[Deck], *, user: UserLike) -> list[DeckView]:
    """``DeckView`` for each deck (prefetched by ``deck_queryset``): one collection
    query per edition among the decks, however many decks."""
    decks = list(decks)
    owned_by_edition = {
        ruleset: collection_owned_cards(user=user, ruleset=ruleset)
        for ruleset in sorted({deck.ruleset for deck in decks})
    }
    out = []
    for deck in decks:
        owned = owned_by_edition[deck.ruleset]
        report = deck_validate(deck, owned=owned)
        buildable = None if owned is None else deck_buildable(report, user, owned=owned)
        out.append(
            DeckView(
                deck=deck,
                report=report,
                buildable=buildable,
                can_edit=deck_can_edit(user, deck),
            )
        )
    return out


# --------------------------------------------------------------------------- builder


@dataclass(frozen=True)
class PoolCard:
    """A card the builder offers for a summoner. ``locked`` copies come with the
    summoner (summoner, gates, starting units, epic events); ``max_count`` is the most
    copies the rules allow in all (locked copies included)."""

    card: CardDef
    role: str
    locked: int
    max_count: int


def _role_limits() -> dict[DeckRole, int]:
    profile = PROFILES[DEFAULT_RULESET]
    return {
        DeckRole.STANDARD_EVENT: profile.standard_event_copies,
        DeckRole.CHAMPION: profile.champion_copies,
        DeckRole.COMMON: profile.common_copies,
    }


def _catalog_of(ruleset: str) -> Any:
    """The engine catalog of ``ruleset``; the default one for a name no ruleset has
    (the validator then reports ``ruleset.unsupported``)."""
    try:
        return load_catalog(ruleset=ruleset)
    except ValueError:
        return load_catalog()


def summoner_choices(ruleset: str = DEFAULT_RULESET) -> list[CardDef]:
    """Summoners the builder offers: those whose faction lists its starting units and
    epic events (others cannot be validated), in catalog order; in an edition with
    reference cards, every summoner whose reference card the catalog knows."""
    catalog = _catalog_of(ruleset)
    if catalog.summoners:
        return [catalog.cards[s] for s in catalog.summoners]
    out = []
    for faction in catalog.factions.values():
        slug = faction.summoner
        if slug and slug in catalog.cards and faction.starting_units:
            if faction.epic_events:
                out.append(catalog.cards[slug])
    return out


@lru_cache(maxsize=64)
def builder_pool(summoner: str, ruleset: str = DEFAULT_RULESET) -> tuple[PoolCard, ...]:
    """Every card a deck led by ``summoner`` may hold, asking the construction rules
    themselves (a one-card deck per candidate), so the builder offers exactly what
    ``validate_deck`` accepts; only cards of the deck's edition (``ruleset``). Raises
    ``ValidationError`` for a non-summoner."""
    catalog = _catalog_of(ruleset)
    card = catalog.cards.get(summoner)
    if card is None or not card.is_summoner:
        raise ValidationError(
            {"summoner": [f"{summoner[:60]!r} is not a summoner."]},
            code="summoner.invalid",
        )
    if catalog.summoners:
        return _reference_card_pool(catalog, summoner, ruleset)
    faction = next(
        (f for f in catalog.factions.values() if f.summoner == summoner), None
    )
    starting = dict(faction.starting_units) if faction else {}
    epics = {s: (c or 1) for s, c in faction.epic_events} if faction else {}
    profile = PROFILES[DEFAULT_RULESET]
    limits = _role_limits()
    rejected = {"card.not_allowed", "symbol.mismatch", "card.unknown"}
    pool: list[PoolCard] = [PoolCard(card, DeckRole.SUMMONER.value, 1, 1)]
    for slug, candidate in catalog.cards.items():
        if slug == summoner:
            continue
        report = validate_deck([(slug, 1)], catalog=catalog, summoner=summoner)
        if any(v.card == slug and v.code in rejected for v in report.errors):
            continue
        roles = [
            e.role
            for e in assign_roles([(slug, 1)], catalog=catalog, summoner=summoner)
            if e.card == slug and e.role is not None
        ]
        if not roles:
            continue
        role = roles[0]
        if role is DeckRole.STARTING_GATE:
            locked = max_count = profile.ten_life_gates
        elif role is DeckRole.GATE:
            locked = max_count = profile.five_life_gates
        elif role is DeckRole.EPIC_EVENT:
            locked = max_count = epics.get(slug, profile.epic_event_copies)
        elif role is DeckRole.STARTING_UNIT:
            locked = starting[slug]
            champion = candidate.has_class(CardClass.CHAMPION)
            max_count = (
                locked + limits[DeckRole.CHAMPION if champion else DeckRole.COMMON]
            )
        else:
            locked, max_count = 0, limits.get(role, 0)
        if max_count:
            pool.append(PoolCard(candidate, role.value, locked, max_count))
    return tuple(pool)


def _reference_card_pool(
    catalog: Any, summoner: str, ruleset: str
) -> tuple[PoolCard, ...]:
    """The builder's pool in an edition with reference cards (first, R46-R52): the
    summoner, 3 walls and the reference card's events (locked), then every unit the
    rules accept (the summoner's faction and the allied Mercenaries): setup units
    locked at their setup count, up to 1 copy of a champion and 10 of a common."""
    profile = PROFILES[ruleset]
    sd = catalog.summoners[summoner]
    pool: list[PoolCard] = [
        PoolCard(catalog.cards[summoner], DeckRole.SUMMONER.value, 1, 1)
    ]
    walls = [
        c
        for c in catalog.cards.values()
        if c.faction is None and CardClass.WALL in c.classes
    ]
    for w in walls:
        pool.append(PoolCard(w, DeckRole.WALL.value, profile.walls, profile.walls))
    for slug, n in sd.events:
        pool.append(PoolCard(catalog.cards[slug], DeckRole.EVENT.value, n, n))
    setup: dict[str, int] = {}
    for slug, _pos in sd.setup.units:
        setup[slug] = setup.get(slug, 0) + 1
    faction = catalog.cards[summoner].faction
    for c in catalog.cards.values():
        if not c.is_unit or c.is_summoner or c.cost is None:
            continue
        if c.faction not in (faction, profile.ally_faction):
            continue
        champion = c.has_class(CardClass.CHAMPION)
        role = DeckRole.CHAMPION if champion else DeckRole.COMMON
        limit = profile.champion_copies if champion else profile.common_copies
        locked = setup.get(c.slug, 0)
        pool.append(PoolCard(c, role.value, locked, max(limit, locked)))
    return tuple(pool)


def deck_slot_targets(
    summoner: str | None, ruleset: str = DEFAULT_RULESET
) -> dict[str, int]:
    """How many copies each R9 slot needs (``DeckRole`` value -> copies) for a deck led
    by ``summoner``: the ruleset profile plus the summoner's own starting units and
    epic events. Shown beside the slot counts of ``ValidationReport.summary``."""
    if ruleset != DEFAULT_RULESET and ruleset in PROFILES:
        fp = PROFILES[ruleset]
        return {
            DeckRole.SUMMONER.value: fp.summoners,
            DeckRole.WALL.value: fp.walls,
            DeckRole.EVENT.value: fp.events,
            DeckRole.CHAMPION.value: fp.champions,
            DeckRole.COMMON.value: fp.commons,
        }
    profile = PROFILES[DEFAULT_RULESET]
    catalog = load_catalog()
    faction = next(
        (f for f in catalog.factions.values() if summoner and f.summoner == summoner),
        None,
    )
    return {
        DeckRole.SUMMONER.value: profile.summoners,
        DeckRole.STARTING_GATE.value: profile.ten_life_gates,
        DeckRole.GATE.value: profile.five_life_gates,
        DeckRole.STARTING_UNIT.value: sum(n for _, n in faction.starting_units)
        if faction
        else 0,
        DeckRole.EPIC_EVENT.value: sum(
            n if n is not None else profile.epic_event_copies
            for _, n in faction.epic_events
        )
        if faction
        else 0,
        DeckRole.STANDARD_EVENT.value: profile.standard_events,
        DeckRole.CHAMPION.value: profile.champions,
        DeckRole.COMMON.value: profile.commons,
    }


@dataclass(frozen=True)
class BuilderRow:
    """One card line of the builder: the card, its copies now, the copies that come
    with the summoner (``locked``), the most the rules allow and the copies owned.
    ``allowed`` is False for a card of the deck its summoner does not accept."""

    card: CardDef
    role: str
    count: int
    locked: int
    #: the most copies the rules allow (locked copies included)
    max_count: int
    owned: int | None
    allowed: bool = True
    #: the most the count field accepts: ``max_count``, or more when the deck already
    #: holds more (an illegal deck loads as it is; the check names the excess)
    input_max: int = 0


def deck_builder_rows(
    *,
    summoner: str,
    counts: Mapping[str, int],
    owned: Mapping[str, int] | None = None,
    keep_others: bool = True,
    ruleset: str = DEFAULT_RULESET,
) -> list[BuilderRow]:
    """The builder's card list for ``summoner``: every card its symbols allow (see
    ``builder_pool``) with the deck's ``counts`` (never below the locked copies), then,
    with ``keep_others``, the deck's other cards (so they can be removed)."""
    catalog = _catalog_of(ruleset)
    rows = []
    seen = set()
    for item in builder_pool(summoner, ruleset):
        slug = item.card.slug
        seen.add(slug)
        count = max(counts.get(slug, 0), item.locked)
        rows.append(
            BuilderRow(
                card=item.card,
                role=item.role,
                count=count,
                locked=item.locked,
                max_count=item.max_count,
                owned=None if owned is None else owned.get(slug, 0),
                input_max=max(item.max_count, count),
            )
        )
    if keep_others:
        for slug, count in counts.items():
            if slug in seen or slug not in catalog.cards or count < 1:
                continue
            rows.append(
                BuilderRow(
                    card=catalog.cards[slug],
                    role="",
                    count=count,
                    locked=0,
                    max_count=0,
                    owned=None if owned is None else owned.get(slug, 0),
                    allowed=False,
                    input_max=count,
                )
            )
    return rows
