"""Writes for decks and collections. Every service is atomic and keyword-only.

Preconditions: callers check access first (``decks.selectors.access_deck(...,
write=True)``); the services re-check that faction decks stay read-only. Input bounds
(``MAX_ENTRY_COUNT`` copies per card, ``MAX_DECK_ENTRIES`` different cards) are
enforced here, before any row is written, and every problem is reported at once as a
``DeckInputError`` (a Django ``ValidationError`` carrying ``problems``); nothing is
saved half-way. A deck may be saved while it breaks the construction rules (a draft):
validation is a read (``decks.selectors.deck_validate``), shown with every deck.

``faction_decks_sync`` keeps one public, read-only, owner-less deck per catalog faction
deck; it is idempotent and runs with every ``load_catalog`` (it receives the
catalog's ``cards.hooks.catalog_loaded``, see ``decks.receivers``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from cards.models import Card, CardClass, Faction, FactionDeckEntry, Product
from cards.selectors import faction_deck_label  # the catalog's; named here too
from decks.models import (
    MAX_DECK_ENTRIES,
    MAX_ENTRY_COUNT,
    MAX_OWNED_QUANTITY,
    Deck,
    DeckEntry,
    OwnedProduct,
    Ruleset,
    Visibility,
)
from decks.selectors import deck_entry_pairs
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.construction import suggest_card
from engine.deckbuilding.decktext import (
    DeckCodeError,
    decode_deck_code,
    parse_deck_text,
)


class DeckInputError(ValidationError):
    """Bad deck input. ``problems`` lists every problem as
    ``{"code", "message", "card"?, "line"?, "suggestion"?}``; ``code`` is the first
    problem's code (``card.unknown``, ``deck.too_many_entries``...)."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        self.problem_code = problems[0]["code"]
        super().__init__(
            {"cards": [p["message"] for p in problems]}, code=self.problem_code
        )


_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,80}")


def _problem(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "message": message, **{k: v for k, v in extra.items() if v}}


# -------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class _Resolved:
    entries: list[tuple[Card, int]]
    summoner: Card | None


def _resolve(
    entries: Iterable[tuple[str, int]],
    *,
    summoner: str | None,
    ruleset: str = Ruleset.SECOND,
) -> _Resolved:
    """Check bounds, merge duplicates, load the Card rows of the deck's edition
    (``ruleset``; one query) and settle the summoner. Raises ``DeckInputError`` with
    every problem found."""
    pairs = list(entries)
    problems: list[dict[str, Any]] = []
    if len(pairs) > MAX_DECK_ENTRIES:
        raise DeckInputError(
            [
                _problem(
                    "deck.too_many_entries",
                    f"{len(pairs)} entries; a deck holds at most {MAX_DECK_ENTRIES} "
                    "different cards",
                )
            ]
        )
    counts: dict[str, int] = {}
    for slug, count in pairs:
        if not isinstance(slug, str) or not _SLUG.fullmatch(slug):
            problems.append(
                _problem("card.unknown", f"{str(slug)[:60]!r}: no such card")
            )
            continue
        if isinstance(count, bool) or not isinstance(count, int):
            problems.append(
                _problem("count.invalid", f"{slug}: count must be a number")
            )
            continue
        if count < 1 or count > MAX_ENTRY_COUNT:
            problems.append(
                _problem(
                    "count.out_of_range",
                    f"{slug}: count {count}; a count must be 1 to {MAX_ENTRY_COUNT}",
                    card=slug,
                )
            )
            continue
        counts[slug] = counts.get(slug, 0) + count
    for slug, total in counts.items():
        if total > MAX_ENTRY_COUNT:
            problems.append(
                _problem(
                    "count.out_of_range",
                    f"{slug}: {total} copies in all; at most {MAX_ENTRY_COUNT}",
                    card=slug,
                )
            )
    if summoner is not None and not _SLUG.fullmatch(summoner):
        problems.append(
            _problem("card.unknown", f"{summoner[:60]!r}: no such card", card=None)
        )
        summoner = None
    wanted = set(counts) | ({summoner} if summoner else set())
    cards = {
        c.slug: c
        for c in Card.objects.select_related("faction").filter(
            edition=ruleset, slug__in=wanted
        )
    }
    catalog = load_catalog(ruleset=ruleset)
    for slug in [*counts, *([summoner] if summoner else [])]:
        if slug not in cards:
            best = suggest_card(slug, catalog)
            hint = f"; did you mean {best.name} ({best.slug})?" if best else ""
            problems.append(
                _problem(
                    "card.unknown",
                    f"{slug[:60]!r}: no such card{hint}",
                    card=slug,
                    suggestion=best.slug if best else None,
                )
            )
    summoner_card: Card | None = None
    if summoner and summoner in cards:
        summoner_card = cards[summoner]
        if CardClass.SUMMONER not in summoner_card.classes:
            problems.append(
                _problem(
                    "summoner.invalid",
                    f"{summoner_card.name} is not a summoner",
                    card=summoner,
                )
            )
    if problems:
        raise DeckInputError(problems)
    if summoner_card is None:
        found = [cards[s] for s in counts if CardClass.SUMMONER in cards[s].classes]
        summoner_card = found[0] if len(found) == 1 else None
    elif summoner_card.slug not in counts:
        # The summoner is one of the entries ("1 Svara" in the deck text).
        counts = {summoner_card.slug: 1, **counts}
    return _Resolved([(cards[s], n) for s, n in counts.items()], summoner_card)


def _write_entries(deck: Deck, entries: Sequence[tuple[Card, int]]) -> None:
    rows = [DeckEntry(deck=deck, card=card, count=count) for card, count in entries]
    for row in rows:
        row.full_clean(exclude=["deck", "card"], validate_unique=False)
    DeckEntry.objects.filter(deck=deck).delete()
    DeckEntry.objects.bulk_create(rows)


def _apply_summoner(deck: Deck, summoner: Card | None) -> None:
    deck.summoner = summoner
    deck.faction = summoner.faction if summoner is not None else None


def _check_writable(deck: Deck) -> None:
    if deck.read_only:
        raise PermissionDenied(
            "Faction decks are read-only; copy this deck to change it."
        )


# ---------------------------------------------------------------------------- decks


@transaction.atomic
def deck_create(
    *,
    owner: User,
    name: str,
    entries: Iterable[tuple[str, int]] = (),
    summoner: str | None = None,
    visibility: str = Visibility.PRIVATE,
    ruleset: str = Ruleset.SECOND,
    notes: str = "",
) -> Deck:
    """A new deck of ``owner`` from (card slug, count) entries. ``summoner`` (a slug)
    is added as an entry when missing; without it the one summoner card among the
    entries (if exactly one) becomes the summoner. The deck may break the rules."""
    resolved = _resolve(entries, summoner=summoner, ruleset=ruleset)
    deck = Deck(
        owner=owner, name=name, visibility=visibility, ruleset=ruleset, notes=notes
    )
    _apply_summoner(deck, resolved.summoner)
    deck.full_clean()
    deck.save()
    _write_entries(deck, resolved.entries)
    return deck


_UNSET: Any = object()


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    name: str | None = None,
    notes: str | None = None,
    visibility: str | None = None,
    ruleset: str | None = None,
    summoner: str | None = _UNSET,
    entries: Iterable[tuple[str, int]] | None = None,
) -> Deck:
    """Change the given fields; ``entries`` (when given) replace the old ones wholesale.

    Giving ``summoner`` without ``entries`` swaps the summoner entry and keeps the rest.
    Precondition: the caller holds the row lock (``access_deck(..., lock=True,
    write=True)``). Faction decks raise ``PermissionDenied``.
    """
    _check_writable(deck)
    if entries is not None or summoner is not _UNSET:
        # Without ``summoner`` the one summoner card among the entries leads.
        new_summoner = None if summoner is _UNSET else summoner
        if entries is None:
            old = deck.summoner.slug if deck.summoner else None
            entries = [
                (e.card.slug, e.count)
                for e in deck.entries.select_related("card")
                if e.card.slug != old
            ]
        resolved = _resolve(
            entries, summoner=new_summoner, ruleset=ruleset or deck.ruleset
        )
        _apply_summoner(deck, resolved.summoner)
        _write_entries(deck, resolved.entries)
    if name is not None:
        deck.name = name
    if notes is not None:
        deck.notes = notes
    if visibility is not None:
        deck.visibility = visibility
    if ruleset is not None:
        deck.ruleset = ruleset
    deck.full_clean()
    deck.save()
    return deck


@transaction.atomic
def deck_delete(*, deck: Deck) -> None:
    """Delete a deck and its entries. Faction decks raise ``PermissionDenied``."""
    _check_writable(deck)
    deck.delete()


@transaction.atomic
def deck_copy(*, deck: Deck, owner: User, name: str | None = None) -> Deck:
    """A private copy of ``deck`` (any deck ``owner`` may read, faction decks too)."""
    copy_name = name or f"{deck.name} (copy)"
    return deck_create(
        owner=owner,
        name=copy_name[:100],
        entries=deck_entry_pairs(deck),
        summoner=deck.summoner.slug if deck.summoner else None,
        visibility=Visibility.PRIVATE,
        ruleset=deck.ruleset,
        notes=deck.notes,
    )


@transaction.atomic
def deck_import_text(
    *,
    owner: User,
    text: str,
    name: str | None = None,
    visibility: str = Visibility.PRIVATE,
    ruleset: str = Ruleset.SECOND,
    notes: str = "",
) -> Deck:
    """A new deck from deck text (``COUNT Card Name`` lines). Any unknown name or
    malformed line raises ``DeckInputError`` listing each with its line number and a
    did-you-mean; nothing is saved then. The name defaults to the text's
    ``# Deck: NAME`` line."""
    parsed = parse_deck_text(text, catalog=load_catalog(ruleset=ruleset))
    if parsed.problems:
        other = _edition_of_text(text, besides=ruleset)
        if other is not None:
            # Every card is known to the other edition: one clear error, not a
            # list of "no such card".
            raise DeckInputError(
                [
                    _problem(
                        "edition.mismatch",
                        f"These are {Ruleset(other).label.lower()} cards, not "
                        f"{Ruleset(ruleset).label.lower()} ones: choose "
                        f"{Ruleset(other).label} and import again.",
                        ruleset=other,
                    )
                ]
            )
        raise DeckInputError(
            [
                _problem(
                    p.code,
                    f"line {p.line}: {p.message}" if p.line else p.message,
                    line=p.line,
                    text=p.text,
                    suggestion=p.suggestion,
                )
                for p in parsed.problems
            ]
        )
    if not parsed.entries:
        raise DeckInputError([_problem("text.empty", "The deck text lists no cards.")])
    return deck_create(
        owner=owner,
        name=(name or parsed.name or "Imported deck")[:100],
        entries=deck_entries_with_locked(parsed.entries, ruleset=ruleset),
        visibility=visibility,
        ruleset=ruleset,
        notes=notes,
    )


def _edition_of_text(text: str, *, besides: str) -> str | None:
    """The other edition whose catalog reads ``text`` without a problem, if any."""
    for other in Ruleset.values:
        if other == besides:
            continue
        parsed = parse_deck_text(text, catalog=load_catalog(ruleset=other))
        if parsed.entries and not parsed.problems:
            return str(other)
    return None


def deck_entries_with_locked(
    entries: Iterable[tuple[str, int]],
    *,
    summoner: str | None = None,
    ruleset: str = Ruleset.SECOND,
) -> list[tuple[str, int]]:
    """``entries`` plus the copies that come locked with the summoner (gates,
    starting units, epic events), exactly as the builder shows them: each card at
    least its locked count. The summoner is ``summoner`` or the one summoner among
    the entries; with none, or one the builder does not offer, entries are kept."""
    from decks.selectors import builder_pool, summoner_choices

    pairs = list(entries)
    if ruleset != Ruleset.SECOND:  # the builder's locked cards are the second's
        return pairs
    catalog = load_catalog()
    if summoner is None:
        found = {
            slug
            for slug, _ in pairs
            if slug in catalog.cards and catalog.cards[slug].is_summoner
        }
        summoner = found.pop() if len(found) == 1 else None
    if summoner is None or summoner not in {c.slug for c in summoner_choices()}:
        return pairs
    counts: dict[str, int] = {}
    for slug, count in pairs:
        counts[slug] = counts.get(slug, 0) + count
    for item in builder_pool(summoner):
        if item.locked and counts.get(item.card.slug, 0) < item.locked:
            counts[item.card.slug] = item.locked
    return list(counts.items())


@transaction.atomic
def deck_import_code(
    *,
    owner: User,
    code: str,
    name: str | None = None,
    visibility: str = Visibility.PRIVATE,
    notes: str = "",
) -> Deck:
    """A new deck from a deck code
    (``engine.deckbuilding.decktext.encode_deck_code``); a damaged
    or foreign code raises ``DeckInputError`` (``deck_code.invalid``)."""
    try:
        ruleset, entries = _decode_any(code)
    except DeckCodeError as exc:
        raise DeckInputError([_problem("deck_code.invalid", str(exc))]) from exc
    return deck_create(
        owner=owner,
        name=(name or "Imported deck")[:100],
        entries=deck_entries_with_locked(entries, ruleset=ruleset),
        visibility=visibility,
        ruleset=ruleset,
        notes=notes,
    )


def _decode_any(code: str) -> tuple[str, list[tuple[str, int]]]:
    """Decode a deck code of any edition: its card numbers index that edition's
    catalog (the code names the edition)."""
    last: DeckCodeError | None = None
    for rs in Ruleset.values:
        try:
            ruleset, entries = decode_deck_code(code, catalog=load_catalog(ruleset=rs))
        except DeckCodeError as exc:
            last = exc
            continue
        if ruleset == rs:
            return ruleset, list(entries)
    assert last is not None
    raise last


# ----------------------------------------------------------------------- collection


@transaction.atomic
def collection_set(
    *, user: User, product: str, quantity: int, ruleset: str = Ruleset.SECOND
) -> OwnedProduct | None:
    """Set how many copies of ``product`` (a slug of the edition ``ruleset``) the
    user owns; 0 removes it. Returns the row, or None when removed. Idempotent."""
    if isinstance(quantity, bool) or not isinstance(quantity, int):
        raise ValidationError({"quantity": ["Quantity must be a whole number."]})
    if quantity < 0 or quantity > MAX_OWNED_QUANTITY:
        raise ValidationError(
            {"quantity": [f"Quantity must be 0 to {MAX_OWNED_QUANTITY}."]}
        )
    try:
        product_row = Product.objects.get(slug=product, edition=ruleset)
    except Product.DoesNotExist:
        raise ValidationError(
            {"product": [f"{str(product)[:60]!r}: no such product."]}
        ) from None
    if quantity == 0:
        OwnedProduct.objects.filter(user=user, product=product_row).delete()
        return None
    owned = (
        OwnedProduct.objects.select_for_update()
        .filter(user=user, product=product_row)
        .first()
    )
    if owned is None:
        owned = OwnedProduct(user=user, product=product_row, quantity=quantity)
    elif owned.quantity == quantity:
        return owned
    owned.quantity = quantity
    owned.full_clean(validate_unique=False)
    owned.save()
    return owned


@transaction.atomic
def collection_set_many(
    *, user: User, quantities: Mapping[str, int], ruleset: str = Ruleset.SECOND
) -> None:
    """``collection_set`` for several products of one edition at once: all or
    nothing."""
    for product, quantity in quantities.items():
        collection_set(user=user, product=product, quantity=quantity, ruleset=ruleset)


# -------------------------------------------------------------------- faction decks


@dataclass
class SyncReport:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0

    def as_text(self) -> str:
        return (
            f"faction decks: {self.created} created, {self.updated} updated, "
            f"{self.deleted} deleted, {self.unchanged} unchanged"
        )


@transaction.atomic
def faction_decks_sync() -> SyncReport:
    """Make one public, read-only deck (``owner=None``, ``is_faction_deck=True``) per
    faction with a deck list in the database (``cards.FactionDeckEntry``, written by
    ``load_catalog``); delete the faction decks whose list is gone.

    Idempotent: a deck whose name, summoner and entries already match is not touched
    (its ``updated_at`` stays). Run it after every catalog load.
    """
    report = SyncReport()
    wanted: dict[int, dict[int, int]] = {}
    for row in FactionDeckEntry.objects.order_by("faction_id", "order", "pk"):
        per_card = wanted.setdefault(row.faction_id, {})
        per_card[row.card_id] = per_card.get(row.card_id, 0) + row.count
    factions = Faction.objects.select_related("summoner").in_bulk(list(wanted))
    existing = {
        d.faction_id: d
        for d in Deck.objects.filter(is_faction_deck=True).prefetch_related("entries")
    }
    stale = [d.pk for fid, d in existing.items() if fid not in wanted]
    if stale:
        report.deleted = (
            Deck.objects.filter(pk__in=stale).delete()[1].get("decks.Deck", 0)
        )
    cards = Card.objects.in_bulk({c for per in wanted.values() for c in per})
    for faction_id, per_card in wanted.items():
        faction = factions[faction_id]
        name = f"{faction.name} ({faction_deck_label(faction)})"
        deck = existing.get(faction_id)
        if deck is None:
            deck = Deck(
                owner=None,
                is_faction_deck=True,
                faction=faction,
                visibility=Visibility.PUBLIC,
                ruleset=faction.edition,
            )
            report.created += 1
        else:
            same = (
                deck.name == name
                and deck.ruleset == faction.edition
                and deck.summoner_id == faction.summoner_id
                and deck.visibility == Visibility.PUBLIC
                and {e.card_id: e.count for e in deck.entries.all()} == per_card
            )
            if same:
                report.unchanged += 1
                continue
            report.updated += 1
        deck.name = name
        deck.ruleset = faction.edition
        deck.summoner_id = faction.summoner_id
        deck.visibility = Visibility.PUBLIC
        deck.full_clean(exclude=["summoner", "faction"])
        deck.save()
        _write_entries(deck, [(cards[c], n) for c, n in per_card.items()])
    return report
