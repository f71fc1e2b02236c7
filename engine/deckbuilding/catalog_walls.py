"""Reading a catalog of the "walls" schema (an edition with walls and summoner reference
cards: the first): ``index.yaml`` (products, ordered factions), ``neutral.yaml`` (the
wall and the events several summoners share) and one ``<faction>.yaml`` per faction
whose ``summoners`` list gives each summoner's reference card (its events and starting
setup) and the deck the catalog offers for it. Schema: ``cards/data/first/README.md``.

Invariants (anything else raises :class:`CatalogError`, as the other loader does):

* no unknown keys; enum values known; a card slug is ``slugify(name)``, or
  ``slugify(name + " " + faction)`` when several factions print that name (the
  catalog keys such cards by faction and name, research 2.8); slugs unique;
* class words fit the card type (summoner/champion/common/mutation/conjuration are
  units, event is an event or a wall that counts as an event (Ice Wall), a wall is
  a structure); units have strength, life and attack type; summoners and
  conjurations have no cost, other units and events cost a number (events 0);
* each summoner's reference card lists events that exist and total exactly 9 (R47),
  a setup on its owner's half (rows 0-3) with one wall and distinct spaces, and a
  deck whose kind is "preset" or "sample"; deck entries name known cards. (Its shape
  is checked by the construction rules' tests, not here.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core.types import (
    AbilityDef,
    AttackType,
    CardClass,
    CardDef,
    CardType,
    Confidence,
    DeckEntry,
    DeckList,
    DeckRole,
    FactionDef,
    Phase,
    Position,
    ProductDef,
    SetupDef,
)
from engine.deckbuilding.catalog_loader import _Ctx, _read_yaml
from engine.deckbuilding.catalog_schema import (
    INDEX_FILE,
    NEUTRAL_FILE,
    PRODUCT_KINDS,
    Catalog,
    CatalogError,
    SummonerDef,
    slugify,
)

REFERENCE_EVENTS = 9  # R47: every reference card lists 9 events
HALF_ROWS = 4  # R1: a player's side is the 4 rows nearest them
DECK_KINDS = ("preset", "sample")

_INDEX_KEYS = {"edition", "products", "factions"}
_PRODUCT_KEYS = {"slug", "name", "kind", "factions"}
_FACTION_KEYS = {
    "slug",
    "name",
    "product",
    "data_status",
    "notes",
    "sources",
    "summoners",
    "cards",
}
_SUMMONER_KEYS = {"card", "events", "setup", "deck"}
_SETUP_KEYS = {"summoner", "wall", "units", "confidence", "source"}
_DECK_KEYS = {"kind", "confidence", "source", "entries"}
_CARD_KEYS = {
    "slug",
    "name",
    "card_type",
    "classes",
    "cost",
    "strength",
    "life",
    "attack_type",
    "abilities",
    "effect",
    "confidence",
    "sources",
    "notes",
}
_CARD_REQUIRED = {"slug", "name", "card_type", "classes", "confidence"}
_UNIT_CLASSES = {
    CardClass.SUMMONER,
    CardClass.CHAMPION,
    CardClass.COMMON,
    CardClass.MUTATION,
    CardClass.CONJURATION,
}
_NO_COST = {CardClass.SUMMONER, CardClass.CONJURATION}


class WallsCatalogLoader:
    """One load of one data directory of the walls schema."""

    def __init__(self, data_dir: Path, ruleset: str) -> None:
        self.dir = data_dir
        self.ruleset = ruleset
        self.cards: dict[str, CardDef] = {}
        self.owner: dict[str, str] = {}

    def load(self) -> Catalog:
        if not self.dir.is_dir():
            raise CatalogError(str(self.dir), "directory", "path", "not a directory")
        ctx = _Ctx(INDEX_FILE, "index")
        index = ctx.mapping(_read_yaml(self.dir / INDEX_FILE), "document")
        ctx.keys(index, _INDEX_KEYS, {"products", "factions"})
        products = self._products(index)
        slugs = list(ctx.strings(index["factions"], "factions"))
        expected = {INDEX_FILE, NEUTRAL_FILE} | {f"{s}.yaml" for s in slugs}
        for path in sorted(self.dir.glob("*.y*ml")):
            if path.name not in expected:
                raise CatalogError(path.name, "file", "name", "not listed in index")
        nctx = _Ctx(NEUTRAL_FILE, "neutral")
        neutral = nctx.mapping(_read_yaml(self.dir / NEUTRAL_FILE), "document")
        nctx.keys(neutral, {"cards", "notes"}, {"cards"})
        for i, raw in enumerate(nctx.seq(neutral["cards"], "cards")):
            self._add(nctx.mapping(raw, f"cards[{i}]"), NEUTRAL_FILE, None)
        factions: dict[str, FactionDef] = {}
        summoners: dict[str, SummonerDef] = {}
        raws: list[tuple[str, dict[str, Any]]] = []
        for slug in slugs:
            file = f"{slug}.yaml"
            fctx = _Ctx(file, slug)
            data = fctx.mapping(_read_yaml(self.dir / file), "document")
            fctx.keys(data, _FACTION_KEYS, _FACTION_KEYS - {"notes", "sources"})
            if data["slug"] != slug:
                raise fctx.error("slug", f"must be {slug!r} (the file name)")
            if data["product"] not in products:
                raise fctx.error("product", f"unknown product {data['product']!r}")
            for i, raw in enumerate(fctx.seq(data["cards"], "cards")):
                self._add(fctx.mapping(raw, f"cards[{i}]"), file, slug)
            raws.append((slug, data))
        for slug, data in raws:
            file = f"{slug}.yaml"
            fctx = _Ctx(file, slug)
            own: list[SummonerDef] = []
            for i, raw in enumerate(fctx.seq(data["summoners"], "summoners")):
                sd = self._summoner(
                    _Ctx(file, f"summoners[{i}]"), fctx.mapping(raw, "summoner"), slug
                )
                summoners[sd.slug] = sd
                own.append(sd)
            if not own:
                raise fctx.error("summoners", "a faction needs at least one summoner")
            first = own[0]
            factions[slug] = FactionDef(
                slug=slug,
                name=fctx.req_string(data["name"], "name"),
                product=data["product"],
                wave=None,
                build_symbols=(),
                summoner=first.slug,
                starting_units=_unit_copies(first.setup),
                epic_events=(),
                setup=first.setup,
                deck=first.deck,
                deck_confidence=first.deck_confidence,
                data_status=fctx.req_string(data["data_status"], "data_status"),
                sources=fctx.strings(data.get("sources"), "sources"),
                notes=fctx.string(data.get("notes"), "notes", optional=True),
            )
        return Catalog(
            cards=dict(self.cards),
            factions=factions,
            products=products,
            symbols=(),
            summoners=summoners,
            ruleset=self.ruleset,
        )

    def _products(self, index: dict[str, Any]) -> dict[str, ProductDef]:
        out: dict[str, ProductDef] = {}
        for i, item in enumerate(
            _Ctx(INDEX_FILE, "products").seq(index["products"], "")
        ):
            ctx = _Ctx(INDEX_FILE, f"products[{i}]")
            data = ctx.mapping(item, "entry")
            ctx.keys(data, _PRODUCT_KEYS, _PRODUCT_KEYS)
            slug = ctx.req_string(data["slug"], "slug")
            if slug != slugify(slug) or slug in out:
                raise ctx.error("slug", f"{slug!r} is not a slug or is listed twice")
            if data["kind"] not in PRODUCT_KINDS:
                raise ctx.error("kind", f"unknown value {data['kind']!r}")
            out[slug] = ProductDef(
                slug=slug,
                name=ctx.req_string(data["name"], "name"),
                kind=data["kind"],
                factions=ctx.strings(data["factions"], "factions"),
            )
        return out

    def _add(self, data: dict[str, Any], file: str, faction: str | None) -> None:
        ctx = _Ctx(file, str(data.get("slug") or data.get("name") or "?"))
        ctx.keys(data, _CARD_KEYS, _CARD_REQUIRED)
        name = ctx.req_string(data["name"], "name")
        slug = ctx.req_string(data["slug"], "slug")
        allowed = {slugify(name)}
        if faction is not None:
            allowed.add(slugify(f"{name} {faction}"))
        if slug not in allowed:
            raise ctx.error("slug", f"must be one of {sorted(allowed)}")
        if slug in self.cards:
            raise ctx.error("slug", f"duplicate slug (already in {self.owner[slug]})")
        card_type = ctx.enum(CardType, data["card_type"], "card_type")
        classes = tuple(
            ctx.enum(CardClass, c, f"classes[{i}]")
            for i, c in enumerate(ctx.seq(data["classes"], "classes"))
        )
        if not classes:
            raise ctx.error("classes", "at least one class is needed")
        unit_classes = set(classes) & _UNIT_CLASSES
        if unit_classes and card_type is not CardType.UNIT:
            raise ctx.error("classes", "a unit class needs card_type unit")
        if card_type is CardType.UNIT and len(unit_classes) != 1:
            raise ctx.error("classes", "a unit has exactly one unit class")
        if CardClass.WALL in classes and card_type is not CardType.STRUCTURE:
            raise ctx.error("classes", "a wall needs card_type structure")
        if card_type is CardType.EVENT and classes != (CardClass.EVENT,):
            raise ctx.error("classes", "an event has the class 'event' only")
        cost = ctx.integer(data.get("cost"), "cost")
        strength = ctx.integer(data.get("strength"), "strength")
        life = ctx.integer(data.get("life"), "life", minimum=1)
        attack = ctx.opt_enum(AttackType, data.get("attack_type"), "attack_type")
        if card_type is CardType.UNIT:
            if strength is None or life is None or attack is None:
                raise ctx.error("stats", "a unit needs strength, life and attack type")
            if (cost is None) != bool(unit_classes & _NO_COST):
                raise ctx.error("cost", "summoners and conjurations (only) have none")
        else:
            if strength is not None or attack is not None:
                raise ctx.error("strength", "only units have strength or attack type")
            if cost is None:
                raise ctx.error("cost", "events and walls cost a number (0)")
            if card_type is CardType.STRUCTURE and life is None:
                raise ctx.error("life", "a wall needs its life")
        if card_type is CardType.UNIT:
            abilities = []
            for i, item in enumerate(ctx.seq(data.get("abilities"), "abilities")):
                ab = ctx.mapping(item, f"abilities[{i}]")
                ctx.keys(ab, {"name", "text"}, {"name", "text"}, f"abilities[{i}].")
                aname = ctx.req_string(ab["name"], f"abilities[{i}].name")
                abilities.append(
                    AbilityDef(
                        id=f"{slug}.{slugify(aname)}",
                        name=aname,
                        text=ctx.string(
                            ab["text"], f"abilities[{i}].text", optional=True
                        ),
                    )
                )
            if data.get("effect") is not None:
                raise ctx.error("effect", "units carry named abilities, not an effect")
            ab_defs = tuple(abilities)
        else:
            if data.get("abilities"):
                raise ctx.error("abilities", "events and walls carry an 'effect'")
            text = ctx.string(data.get("effect"), "effect", optional=True)
            counts_as_event = CardClass.EVENT in classes
            ab_defs = (
                (AbilityDef(id=f"{slug}.effect", name="Effect", text=text),)
                if counts_as_event
                else ()
            )
        self.cards[slug] = CardDef(
            slug=slug,
            name=name,
            faction=faction,
            card_type=card_type,
            classes=classes,
            cost=cost,
            strength=strength,
            life=life,
            attack_type=attack,
            symbols=(),
            symbols_known=True,
            phase=Phase.EVENTS if CardClass.EVENT in classes else None,
            active=False,
            abilities=ab_defs,
            confidence=ctx.enum(Confidence, data["confidence"], "confidence"),
            sources=ctx.strings(data.get("sources"), "sources"),
            notes=ctx.string(data.get("notes"), "notes", optional=True),
        )
        self.owner[slug] = file

    def _card(self, ctx: _Ctx, slug: Any, field_name: str) -> CardDef:
        card = self.cards.get(slug) if isinstance(slug, str) else None
        if card is None:
            raise ctx.error(field_name, f"unknown card {slug!r}")
        return card

    def _summoner(self, ctx: _Ctx, data: dict[str, Any], faction: str) -> SummonerDef:
        ctx.keys(data, _SUMMONER_KEYS, _SUMMONER_KEYS)
        card = self._card(ctx, data["card"], "card")
        if not card.is_summoner or card.faction != faction:
            raise ctx.error("card", f"{card.slug!r} is not a summoner of {faction!r}")
        events: list[tuple[str, int]] = []
        for i, item in enumerate(ctx.seq(data["events"], "events")):
            ev = ctx.mapping(item, f"events[{i}]")
            ctx.keys(ev, {"card", "copies"}, {"card", "copies"}, f"events[{i}].")
            ecard = self._card(ctx, ev["card"], f"events[{i}].card")
            if CardClass.EVENT not in ecard.classes:
                raise ctx.error(f"events[{i}].card", f"{ecard.slug!r} is not an event")
            n = ctx.integer(
                ev["copies"], f"events[{i}].copies", optional=False, minimum=1
            )
            assert n is not None
            events.append((ecard.slug, n))
        if sum(n for _, n in events) != REFERENCE_EVENTS:
            raise ctx.error(
                "events", f"a reference card lists {REFERENCE_EVENTS} events"
            )
        sctx = _Ctx(ctx.file, f"{ctx.where}.setup")
        sdata = sctx.mapping(data["setup"], "setup")
        sctx.keys(sdata, _SETUP_KEYS, {"summoner", "wall", "units", "confidence"})
        spots = [sctx.position(sdata["summoner"], "summoner")]
        spots.append(sctx.position(sdata["wall"], "wall"))
        units: list[tuple[str, Position]] = []
        for i, item in enumerate(sctx.seq(sdata["units"], "units")):
            u = sctx.mapping(item, f"units[{i}]")
            ucard = self._card(sctx, u.get("card"), f"units[{i}].card")
            if not ucard.is_unit or ucard.is_summoner:
                raise sctx.error(f"units[{i}].card", "setup units are units")
            pos = sctx.position(u.get("at"), f"units[{i}].at")
            units.append((ucard.slug, pos))
            spots.append(pos)
        if len(set(spots)) != len(spots) or any(p.row >= HALF_ROWS for p in spots):
            raise sctx.error("units", "setup spaces must be distinct, on rows 0-3")
        setup = SetupDef(
            summoner=spots[0],
            gate=spots[1],
            units=tuple(units),
            confidence=sctx.enum(Confidence, sdata["confidence"], "confidence"),
            source=sctx.string(sdata.get("source"), "source", optional=True),
        )
        dctx = _Ctx(ctx.file, f"{ctx.where}.deck")
        ddata = dctx.mapping(data["deck"], "deck")
        dctx.keys(ddata, _DECK_KEYS, _DECK_KEYS)
        kind = ddata["kind"]
        if kind not in DECK_KINDS:
            raise dctx.error("kind", f"one of {DECK_KINDS}")
        event_slugs = {s for s, _ in events}
        entries: list[DeckEntry] = []
        for i, item in enumerate(dctx.seq(ddata["entries"], "entries")):
            e = dctx.mapping(item, f"entries[{i}]")
            dctx.keys(e, {"card", "count"}, {"card", "count"}, f"entries[{i}].")
            ec = self._card(dctx, e["card"], f"entries[{i}].card")
            n = dctx.integer(
                e["count"], f"entries[{i}].count", optional=False, minimum=1
            )
            assert n is not None
            entries.append(DeckEntry(ec.slug, n, _role(ec, event_slugs)))
        deck = DeckList(name=card.slug, summoner=card.slug, entries=tuple(entries))
        return SummonerDef(
            slug=card.slug,
            faction=faction,
            events=tuple(events),
            setup=setup,
            deck=deck,
            deck_kind=kind,
            deck_confidence=dctx.enum(Confidence, ddata["confidence"], "confidence"),
            deck_source=dctx.req_string(ddata["source"], "source"),
        )


def _role(card: CardDef, events: set[str]) -> DeckRole | None:
    if card.is_summoner:
        return DeckRole.SUMMONER
    if card.slug in events:
        return DeckRole.EVENT
    if CardClass.WALL in card.classes:
        return DeckRole.WALL
    if CardClass.CHAMPION in card.classes:
        return DeckRole.CHAMPION
    if CardClass.COMMON in card.classes:
        return DeckRole.COMMON
    return None


def _unit_copies(setup: SetupDef) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for slug, _pos in setup.units:
        out[slug] = out.get(slug, 0) + 1
    return tuple(out.items())
