"""Writes to the card catalog tables: copying the YAML catalog into the database.

``catalog_load`` is the only writer. It runs in one transaction, upserts every row by
its natural key (slug; or the tuple of foreign keys for link tables), deletes rows that
left the catalog, and never touches a row whose values are unchanged, so a second run
over the same catalog reports zero changes and leaves ``updated_at`` alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import models, transaction
from django.utils.text import slugify

from cards.models import (
    DEFAULT_EDITION,
    Ability,
    Card,
    Faction,
    FactionDeckEntry,
    Product,
    ProductCard,
    ProductFaction,
    SummonerSetup,
    Symbol,
)
from engine.core import types as et

if TYPE_CHECKING:  # pragma: no cover
    from engine.deckbuilding.catalog import Catalog


@dataclass
class RowCounts:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted


@dataclass
class LoadReport:
    """Per table: rows created, updated, deleted and left unchanged by one load."""

    tables: dict[str, RowCounts] = field(default_factory=dict)
    # Natural keys created or updated per table in this run (for follow-up updates).
    touched: dict[str, set[Any]] = field(default_factory=dict, repr=False)

    def _total(self, attr: str) -> int:
        return sum(getattr(c, attr) for c in self.tables.values())

    @property
    def created(self) -> int:
        return self._total("created")

    @property
    def updated(self) -> int:
        return self._total("updated")

    @property
    def deleted(self) -> int:
        return self._total("deleted")

    @property
    def unchanged(self) -> int:
        return self._total("unchanged")

    @property
    def changed(self) -> bool:
        return self._total("changed") > 0

    def as_text(self) -> str:
        width = max((len(name) for name in self.tables), default=5)
        head = f"{'table':<{width}}  created  updated  deleted  unchanged"
        lines = [head]
        for name, c in self.tables.items():
            lines.append(
                f"{name:<{width}}  {c.created:>7}  {c.updated:>7}  {c.deleted:>7}"
                f"  {c.unchanged:>9}"
            )
        lines.append(
            f"{'total':<{width}}  {self.created:>7}  {self.updated:>7}"
            f"  {self.deleted:>7}  {self.unchanged:>9}"
        )
        lines.append("catalog unchanged" if not self.changed else "catalog updated")
        return "\n".join(lines)


def _sync(
    model: type[models.Model],
    *,
    key: tuple[str, ...],
    desired: Mapping[Any, dict[str, Any]],
    report: LoadReport,
    label: str,
    delete: bool = True,
    scope: Mapping[str, Any] | None = None,
) -> dict[tuple[Any, ...], Any]:
    """Make ``model``'s rows equal ``desired`` (natural key -> field values).
    ``scope``: the filter of the rows this load owns (one edition's); rows outside it
    are neither read nor deleted.

    Field names are attnames (``faction_id``), so no foreign key is fetched. Returns the
    rows by natural key after the sync. Deletion can be deferred (``delete=False``) and
    done later with ``_delete_missing`` when other rows still point at the old ones.
    """
    counts = report.tables.setdefault(label, RowCounts())
    # Foreign keys are resolved by the catalog and enforced by the database; letting
    # full_clean() check them would cost one query per row.
    no_fk = [f.name for f in model._meta.fields if f.is_relation]
    touched = report.touched.setdefault(label, set())
    rows = model._default_manager.filter(**(scope or {}))
    existing = {tuple(getattr(o, k) for k in key): o for o in rows}
    keyed = {(k if isinstance(k, tuple) else (k,)): v for k, v in desired.items()}
    to_create: list[models.Model] = []
    for k, values in keyed.items():
        obj = existing.get(k)
        if obj is None:
            obj = model(**dict(zip(key, k, strict=True)), **values)
            obj.full_clean(
                exclude=no_fk, validate_unique=False, validate_constraints=False
            )
            to_create.append(obj)
            touched.add(k)
            continue
        changed = [f for f, v in values.items() if getattr(obj, f) != v]
        if not changed:
            counts.unchanged += 1
            continue
        for f in changed:
            setattr(obj, f, values[f])
        obj.full_clean(exclude=no_fk, validate_unique=False, validate_constraints=False)
        fields = changed + (["updated_at"] if hasattr(obj, "updated_at") else [])
        obj.save(update_fields=fields)
        counts.updated += 1
        touched.add(k)
    if to_create:
        model._default_manager.bulk_create(to_create, batch_size=500)
        counts.created += len(to_create)
    if delete:
        _delete_missing(
            model, key=key, keep=keyed.keys(), report=report, label=label, scope=scope
        )
    rows = model._default_manager.filter(**(scope or {}))
    return {tuple(getattr(o, k) for k in key): o for o in rows}


def _delete_missing(
    model: type[models.Model],
    *,
    key: tuple[str, ...],
    keep: Iterable[tuple[Any, ...]],
    report: LoadReport,
    label: str,
    scope: Mapping[str, Any] | None = None,
) -> None:
    keep_set = set(keep)
    stale = [
        o.pk
        for o in model._default_manager.filter(**(scope or {}))
        if tuple(getattr(o, k) for k in key) not in keep_set
    ]
    if stale:
        model._default_manager.filter(pk__in=stale).delete()
        report.tables.setdefault(label, RowCounts()).deleted += len(stale)


def _pk_map(rows: Mapping[tuple[Any, ...], Any]) -> dict[Any, int]:
    """Natural single-field key -> primary key."""
    return {k[0]: o.pk for k, o in rows.items()}


def _card_search_text(card: et.CardDef) -> str:
    parts = [card.name]
    for ability in card.abilities:
        parts.append(ability.name)
        if ability.text:
            parts.append(ability.text)
    return " ".join(parts).lower()


def _card_values(card: et.CardDef, faction_pk: dict[str, int]) -> dict[str, Any]:
    return {
        "name": card.name,
        "faction_id": faction_pk[card.faction] if card.faction else None,
        "card_type": card.card_type.value,
        "classes": [c.value for c in card.classes],
        "cost": card.cost,
        "strength": card.strength,
        "life": card.life,
        "attack_type": card.attack_type.value if card.attack_type else "",
        "symbols_known": card.symbols_known,
        "phase": card.phase.value if card.phase else "",
        "active": card.active,
        "confidence": card.confidence.value,
        "stats_known": card.stats_known,
        "data_complete": (
            card.stats_known
            and card.symbols_known
            and all(a.text is not None for a in card.abilities)
        ),
        "notes": card.notes or "",
        "sources": list(card.sources),
        "search_text": _card_search_text(card),
    }


def _symbol_slug(name: str) -> str:
    return slugify(name)


@transaction.atomic
def catalog_load(*, catalog: Catalog, edition: str = DEFAULT_EDITION) -> LoadReport:
    """Copy ``catalog`` (from ``engine.catalog.load_catalog``) into the database as
    the rows of ``edition`` (the catalog's ruleset); other editions' rows are left
    alone, so each edition loads on its own.

    Preconditions: the catalog was validated by ``engine.catalog`` (references
    resolve, slugs unique). Runs in one transaction: either the whole catalog is loaded
    or nothing changes. Idempotent: a second call with the same catalog reports no
    changes.
    """
    report = LoadReport()
    ed = {"edition": edition}
    by_card = {"card__edition": edition}
    by_faction = {"faction__edition": edition}
    by_product = {"product__edition": edition}

    # Symbols: the index's symbols plus any a card or faction names (defensive).
    names: list[str] = list(catalog.symbols)
    for card in catalog.cards.values():
        names += [s for s in card.symbols if s not in names]
    for faction in catalog.factions.values():
        names += [s for s in faction.build_symbols if s not in names]
    symbols = _sync(
        Symbol,
        key=("name",),
        desired={
            n: {"slug": _symbol_slug(n), "sort_order": i} for i, n in enumerate(names)
        },
        report=report,
        label="symbols",
        delete=False,
    )
    symbol_pk = _pk_map(symbols)

    products = _sync(
        Product,
        key=("slug",),
        desired={
            p.slug: {"name": p.name, "kind": p.kind, "sort_order": i, **ed}
            for i, p in enumerate(catalog.products.values())
        },
        report=report,
        label="products",
        delete=False,
        scope=ed,
    )
    product_pk = _pk_map(products)

    # Factions first without their summoner (the card rows do not exist yet).
    faction_values = {
        f.slug: {
            "name": f.name,
            "product_id": product_pk.get(f.product),
            "wave": f.wave or "",
            "data_status": f.data_status or "",
            "deck_confidence": f.deck_confidence.value,
            "sort_order": i,
            "notes": f.notes or "",
            "sources": list(f.sources),
            **ed,
        }
        for i, f in enumerate(catalog.factions.values())
    }
    factions = _sync(
        Faction,
        key=("slug",),
        desired=faction_values,
        report=report,
        label="factions",
        delete=False,
        scope=ed,
    )
    faction_pk = _pk_map(factions)

    card_values = {
        c.slug: {**_card_values(c, faction_pk), "sort_order": i, **ed}
        for i, c in enumerate(catalog.cards.values())
    }
    cards = _sync(
        Card,
        key=("slug",),
        desired=card_values,
        report=report,
        label="cards",
        delete=False,
        scope=ed,
    )
    card_pk = _pk_map(cards)

    # Summoners, now that the cards exist. A faction row already created or updated
    # in this run is counted once; an unchanged one becomes "updated".
    fcounts, ftouched = report.tables["factions"], report.touched["factions"]
    for slug, f in catalog.factions.items():
        faction = factions[(slug,)]
        summoner_id = card_pk[f.summoner] if f.summoner else None
        if faction.summoner_id != summoner_id:
            faction.summoner_id = summoner_id
            faction.save(update_fields=["summoner", "updated_at"])
            if (slug,) not in ftouched:
                ftouched.add((slug,))
                fcounts.unchanged -= 1
                fcounts.updated += 1

    _sync(
        Ability,
        key=("card_id", "ability_id"),
        desired={
            (card_pk[c.slug], a.id): {"name": a.name, "text": a.text, "order": i}
            for c in catalog.cards.values()
            for i, a in enumerate(c.abilities)
        },
        report=report,
        label="abilities",
        scope=by_card,
    )

    _sync(
        Card.symbols.through,
        key=("card_id", "symbol_id"),
        desired={
            (card_pk[c.slug], symbol_pk[s]): {}
            for c in catalog.cards.values()
            for s in c.symbols
        },
        report=report,
        label="card symbols",
        scope=by_card,
    )
    _sync(
        Faction.build_symbols.through,
        key=("faction_id", "symbol_id"),
        desired={
            (faction_pk[f.slug], symbol_pk[s]): {}
            for f in catalog.factions.values()
            for s in f.build_symbols
        },
        report=report,
        label="faction symbols",
        scope=by_faction,
    )

    product_factions: dict[tuple[int, int], dict[str, Any]] = {}
    for p in catalog.products.values():
        for fslug in p.factions:
            k = (product_pk[p.slug], faction_pk[fslug])
            product_factions.setdefault(k, {"copies": 0})["copies"] += 1
    _sync(
        ProductFaction,
        key=("product_id", "faction_id"),
        desired=product_factions,
        report=report,
        label="product factions",
        scope=by_product,
    )

    entries: dict[tuple[int, int, str], dict[str, Any]] = {}
    for f in catalog.factions.values():
        if f.deck is None:
            continue
        for i, e in enumerate(f.deck.entries):
            role = e.role.value if e.role else _guess_role(catalog.cards[e.card])
            ekey = (faction_pk[f.slug], card_pk[e.card], role)
            if ekey in entries:  # same card twice with one role: one entry
                entries[ekey]["count"] += e.count
            else:
                entries[ekey] = {"count": e.count, "order": i}
    _sync(
        FactionDeckEntry,
        key=("faction_id", "card_id", "role"),
        desired=entries,
        report=report,
        label="faction deck entries",
        scope=by_faction,
    )

    _sync(
        SummonerSetup,
        key=("faction_id",),
        desired={
            faction_pk[f.slug]: _setup_values(f.setup)
            for f in catalog.factions.values()
            if f.setup is not None
        },
        report=report,
        label="summoner setups",
        scope=by_faction,
    )

    product_cards: dict[tuple[int, int], dict[str, Any]] = {}
    for p in catalog.products.values():
        for fslug in p.factions:
            deck = catalog.factions[fslug].deck
            if deck is None:
                continue
            for e in deck.entries:
                pkey = (product_pk[p.slug], card_pk[e.card])
                product_cards.setdefault(pkey, {"count": 0})["count"] += e.count
    _sync(
        ProductCard,
        key=("product_id", "card_id"),
        desired=product_cards,
        report=report,
        label="product cards",
        scope=by_product,
    )

    # Deferred deletions, children before parents.
    _delete_missing(
        Card,
        key=("slug",),
        keep=[(s,) for s in catalog.cards],
        report=report,
        label="cards",
        scope=ed,
    )
    _delete_missing(
        Faction,
        key=("slug",),
        keep=[(s,) for s in catalog.factions],
        report=report,
        label="factions",
        scope=ed,
    )
    _delete_missing(
        Product,
        key=("slug",),
        keep=[(s,) for s in catalog.products],
        report=report,
        label="products",
        scope=ed,
    )
    if edition == DEFAULT_EDITION:  # symbols are the default edition's (the first
        # edition has none): only its load prunes them
        _delete_missing(
            Symbol,
            key=("name",),
            keep=[(n,) for n in names],
            report=report,
            label="symbols",
        )
    return report


def _setup_values(setup: et.SetupDef) -> dict[str, Any]:
    return {
        "summoner_row": setup.summoner.row,
        "summoner_col": setup.summoner.col,
        "gate_row": setup.gate.row,
        "gate_col": setup.gate.col,
        "units": [
            {"card": slug, "row": pos.row, "col": pos.col} for slug, pos in setup.units
        ],
        "confidence": setup.confidence.value,
        "source": setup.source or "",
    }


_ROLE_BY_CLASS: tuple[tuple[et.CardClass, et.DeckRole], ...] = (
    (et.CardClass.SUMMONER, et.DeckRole.SUMMONER),
    (et.CardClass.GATE, et.DeckRole.GATE),
    (et.CardClass.EPIC, et.DeckRole.EPIC_EVENT),
    (et.CardClass.STANDARD, et.DeckRole.STANDARD_EVENT),
    (et.CardClass.CHAMPION, et.DeckRole.CHAMPION),
    (et.CardClass.COMMON, et.DeckRole.COMMON),
)


def _guess_role(card: et.CardDef) -> str:
    """Role for an entry the catalog left without one: from the card's class words."""
    for cls, role in _ROLE_BY_CLASS:
        if card.has_class(cls):
            return role.value
    return et.DeckRole.COMMON.value
