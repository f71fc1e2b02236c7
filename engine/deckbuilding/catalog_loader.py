"""Reading the catalog YAML: the strict loader behind
:func:`engine.deckbuilding.catalog.load_catalog` (unknown keys, duplicate keys, enum
values, cross references, the faction-deck shape: every check raises
:class:`~engine.deckbuilding.catalog_schema.CatalogError`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

import yaml

from engine.core.board import COLS as BOARD_COLS
from engine.core.board import ROWS as BOARD_ROWS
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
from engine.deckbuilding.catalog_schema import (
    DATA_STATUSES,
    DECK_SHAPE,
    INDEX_FILE,
    MAX_COPIES,
    NEUTRAL_FILE,
    PRODUCT_KINDS,
    STARTING_GATE_LIFE,
    STATS_UNKNOWN,
    Catalog,
    CatalogError,
    slugify,
)

_INDEX_KEYS = {"symbols", "products", "factions"}


_PRODUCT_KEYS = {"slug", "name", "kind", "factions"}


_NEUTRAL_KEYS = {"cards", "notes"}


_FACTION_KEYS = {
    "slug",
    "name",
    "product",
    "wave",
    "build_symbols",
    "summoner",
    "data_status",
    "notes",
    "sources",
    "starting_units",
    "epic_events",
    "setup",
    "deck",
    "cards",
}


_FACTION_REQUIRED = {"slug", "name", "product", "data_status", "cards"}


_CARD_KEYS = {
    "slug",
    "name",
    "card_type",
    "classes",
    "cost",
    "strength",
    "life",
    "attack_type",
    "symbols",
    "phase",
    "active",
    "abilities",
    "effect",
    "confidence",
    "sources",
    "notes",
}


_CARD_REQUIRED = {"slug", "name", "card_type", "classes", "confidence"}


_ABILITY_KEYS = {"name", "text"}


_COPIES_KEYS = {"card", "copies"}


_SETUP_KEYS = {"summoner", "gate", "units", "confidence", "source"}


_SETUP_REQUIRED = {"summoner", "gate", "units", "confidence"}


_SETUP_UNIT_KEYS = {"card", "at"}


_DECK_KEYS = {"confidence", "source", "entries"}


_DECK_REQUIRED = {"confidence", "entries"}


_ENTRY_KEYS = {"card", "count", "role"}


_UNIT_CLASSES = {CardClass.SUMMONER, CardClass.CHAMPION, CardClass.COMMON}


_EVENT_CLASSES = {CardClass.STANDARD, CardClass.EPIC}


_E = TypeVar("_E", bound=StrEnum)


_BaseYamlLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _YamlLoader(_BaseYamlLoader):  # type: ignore[misc]
    """Safe loader that rejects duplicate mapping keys (PyYAML keeps the last one)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r}",
                    key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(path.name, "file", "read", str(exc)) from exc
    try:
        return yaml.load(text, Loader=_YamlLoader)  # noqa: S506 - safe loader subclass
    except yaml.YAMLError as exc:
        problem = " ".join(str(exc).split())
        raise CatalogError(path.name, "document", "yaml", problem) from exc


@dataclass(frozen=True)
class _Ctx:
    """Where a value sits: file name and card slug or section name."""

    file: str
    where: str

    def error(self, field_name: str, problem: str) -> CatalogError:
        return CatalogError(self.file, self.where, field_name, problem)

    def mapping(self, value: Any, field_name: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(field_name, f"expected a mapping, got {_kind(value)}")
        return value

    def keys(
        self,
        data: dict[str, Any],
        allowed: set[str],
        required: set[str],
        prefix: str = "",
    ) -> None:
        for key in data:
            if key not in allowed:
                raise self.error(
                    f"{prefix}{key}",
                    f"unknown key (allowed: {', '.join(sorted(allowed))})",
                )
        for key in sorted(required):
            if key not in data:
                raise self.error(f"{prefix}{key}", "required key is missing")

    def string(
        self, value: Any, field_name: str, *, optional: bool = False
    ) -> str | None:
        if value is None and optional:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.error(
                field_name, f"expected a non-empty string, got {_kind(value)}"
            )
        return value

    def req_string(self, value: Any, field_name: str) -> str:
        result = self.string(value, field_name)
        assert result is not None
        return result

    def integer(
        self, value: Any, field_name: str, *, optional: bool = True, minimum: int = 0
    ) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field_name, f"expected an integer, got {_kind(value)}")
        if value < minimum:
            raise self.error(field_name, f"must be >= {minimum}, got {value}")
        return value

    def boolean(self, value: Any, field_name: str) -> bool:
        if not isinstance(value, bool):
            raise self.error(field_name, f"expected true or false, got {_kind(value)}")
        return value

    def seq(self, value: Any, field_name: str, *, optional: bool = True) -> list[Any]:
        if value is None and optional:
            return []
        if not isinstance(value, list):
            raise self.error(field_name, f"expected a list, got {_kind(value)}")
        return value

    def strings(self, value: Any, field_name: str) -> tuple[str, ...]:
        items = self.seq(value, field_name)
        return tuple(
            self.req_string(item, f"{field_name}[{i}]") for i, item in enumerate(items)
        )

    def enum(self, cls: type[_E], value: Any, field_name: str) -> _E:
        try:
            return cls(value)
        except ValueError:
            allowed = ", ".join(m.value for m in cls)
            raise self.error(
                field_name, f"unknown value {value!r} (allowed: {allowed})"
            ) from None

    def opt_enum(self, cls: type[_E], value: Any, field_name: str) -> _E | None:
        return None if value is None else self.enum(cls, value, field_name)

    def position(self, value: Any, field_name: str) -> Position:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.error(field_name, f"expected [row, col], got {value!r}")
        row, col = value
        if not (0 <= row < BOARD_ROWS and 0 <= col < BOARD_COLS):
            raise self.error(
                field_name,
                f"[{row}, {col}] is off the board (rows 0-{BOARD_ROWS - 1}, "
                f"cols 0-{BOARD_COLS - 1})",
            )
        return Position(row, col)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {value}"
    if isinstance(value, int | float | str):
        return f"{type(value).__name__} {value!r}"
    return type(value).__name__


@dataclass
class _RawFaction:
    file: str
    data: dict[str, Any]
    cards: list[str]


class CatalogLoader:
    """One load of one data directory; collects definitions, then cross-checks."""

    def __init__(self, data_dir: Path) -> None:
        self.dir = data_dir
        self.symbols: tuple[str, ...] = ()
        self.cards: dict[str, CardDef] = {}
        self.card_file: dict[str, str] = {}
        self.slug_owner: dict[str, str] = {}  # any slug -> "<file> (<what>)"

    def load(self) -> Catalog:
        if not self.dir.is_dir():
            raise CatalogError(str(self.dir), "directory", "path", "not a directory")
        index = self._index()
        product_defs = self._products(index)
        faction_slugs = self._faction_list(index)
        self._extra_files(faction_slugs)

        for raw in self._neutral_cards():
            self._add_card(raw, NEUTRAL_FILE)
        raw_factions = [self._read_faction(slug) for slug in faction_slugs]
        factions = {
            raw.data["slug"]: self._faction(raw, product_defs) for raw in raw_factions
        }
        return Catalog(
            cards=dict(self.cards),
            factions=factions,
            products=product_defs,
            symbols=self.symbols,
        )

    # ---------------------------------------------------------------- index.yaml

    def _index(self) -> dict[str, Any]:
        ctx = _Ctx(INDEX_FILE, "index")
        data = ctx.mapping(_read_yaml(self.dir / INDEX_FILE), "document")
        ctx.keys(data, _INDEX_KEYS, _INDEX_KEYS)
        symbols = ctx.strings(data["symbols"], "symbols")
        if not symbols:
            raise ctx.error("symbols", "at least one build symbol is needed")
        dup = _first_duplicate(symbols)
        if dup is not None:
            raise ctx.error("symbols", f"duplicate symbol {dup!r}")
        self.symbols = symbols
        return data

    def _faction_list(self, index: dict[str, Any]) -> list[str]:
        ctx = _Ctx(INDEX_FILE, "factions")
        slugs = list(ctx.strings(index["factions"], "factions"))
        dup = _first_duplicate(slugs)
        if dup is not None:
            raise ctx.error("factions", f"faction {dup!r} is listed twice")
        for slug in slugs:
            if slug != slugify(slug):
                raise ctx.error("factions", f"{slug!r} is not a slug")
            self._claim(slug, f"{INDEX_FILE} (faction)", ctx, "factions")
        return slugs

    def _products(self, index: dict[str, Any]) -> dict[str, ProductDef]:
        out: dict[str, ProductDef] = {}
        for i, item in enumerate(
            _Ctx(INDEX_FILE, "products").seq(index["products"], "")
        ):
            ctx = _Ctx(INDEX_FILE, f"products[{i}]")
            data = ctx.mapping(item, "entry")
            slug = data.get("slug")
            if isinstance(slug, str):
                ctx = _Ctx(INDEX_FILE, f"products[{slug}]")
            ctx.keys(data, _PRODUCT_KEYS, _PRODUCT_KEYS)
            slug = ctx.req_string(data["slug"], "slug")
            if slug != slugify(slug):
                raise ctx.error("slug", f"{slug!r} is not a slug")
            kind = ctx.req_string(data["kind"], "kind")
            if kind not in PRODUCT_KINDS:
                raise ctx.error(
                    "kind",
                    f"unknown value {kind!r} (allowed: {', '.join(PRODUCT_KINDS)})",
                )
            self._claim(slug, f"{INDEX_FILE} (product)", ctx, "slug")
            out[slug] = ProductDef(
                slug=slug,
                name=ctx.req_string(data["name"], "name"),
                kind=kind,
                factions=ctx.strings(data["factions"], "factions"),
            )
        return out

    def _extra_files(self, faction_slugs: list[str]) -> None:
        expected = {INDEX_FILE, NEUTRAL_FILE} | {f"{s}.yaml" for s in faction_slugs}
        for path in sorted(self.dir.glob("*.y*ml")):
            if path.name not in expected:
                raise CatalogError(
                    path.name,
                    "file",
                    "name",
                    f"not listed in {INDEX_FILE} factions (and not {NEUTRAL_FILE})",
                )

    # ------------------------------------------------------------------- cards

    def _neutral_cards(self) -> list[dict[str, Any]]:
        path = self.dir / NEUTRAL_FILE
        if not path.is_file():
            raise CatalogError(NEUTRAL_FILE, "file", "path", f"missing file {path}")
        ctx = _Ctx(NEUTRAL_FILE, "neutral")
        data = ctx.mapping(_read_yaml(path), "document")
        ctx.keys(data, _NEUTRAL_KEYS, {"cards"})
        ctx.string(data.get("notes"), "notes", optional=True)
        items = ctx.seq(data["cards"], "cards")
        return [ctx.mapping(c, f"cards[{i}]") for i, c in enumerate(items)]

    def _add_card(
        self, raw: dict[str, Any], file: str, faction: str | None = None
    ) -> str:
        card = self._card(raw, file, faction)
        self._claim(card.slug, f"{file} (card)", _Ctx(file, card.slug), "slug")
        self.cards[card.slug] = card
        self.card_file[card.slug] = file
        return card.slug

    def _card(self, data: dict[str, Any], file: str, faction: str | None) -> CardDef:
        label = data.get("slug") or data.get("name") or "?"
        ctx = _Ctx(file, str(label))
        ctx.keys(data, _CARD_KEYS, _CARD_REQUIRED)
        name = ctx.req_string(data["name"], "name")
        slug = ctx.req_string(data["slug"], "slug")
        if slug != slugify(name):
            raise ctx.error("slug", f"must be slugify(name) = {slugify(name)!r}")

        card_type = ctx.enum(CardType, data["card_type"], "card_type")
        classes = tuple(
            ctx.enum(CardClass, v, f"classes[{i}]")
            for i, v in enumerate(ctx.seq(data["classes"], "classes"))
        )
        dup = _first_duplicate(classes)
        if dup is not None:
            raise ctx.error("classes", f"class {dup.value!r} is listed twice")
        self._check_classes(ctx, card_type, classes)

        cost = ctx.integer(data.get("cost"), "cost")
        strength = ctx.integer(data.get("strength"), "strength")
        life = ctx.integer(data.get("life"), "life", minimum=1)
        attack_type = ctx.opt_enum(AttackType, data.get("attack_type"), "attack_type")
        phase = ctx.opt_enum(Phase, data.get("phase"), "phase")
        active = ctx.boolean(data.get("active", False), "active")
        confidence = ctx.enum(Confidence, data["confidence"], "confidence")
        notes = ctx.string(data.get("notes"), "notes", optional=True)

        symbols_raw = data.get("symbols")
        symbols_known = symbols_raw is not None
        symbols = ctx.strings(symbols_raw, "symbols")
        for i, sym in enumerate(symbols):
            if sym not in self.symbols:
                raise ctx.error(
                    f"symbols[{i}]",
                    f"unknown build symbol {sym!r} (index.yaml symbols: "
                    f"{', '.join(self.symbols)})",
                )

        if CardClass.SUMMONER in classes and cost is not None:
            raise ctx.error("cost", "summoners have no cost; use null")
        if card_type is not CardType.UNIT:
            for fname, value in (("strength", strength), ("attack_type", attack_type)):
                if value is not None:
                    raise ctx.error(fname, f"only units have {fname}; use null")
        if card_type is not CardType.EVENT:
            if phase is not None:
                raise ctx.error("phase", "only events have a phase; use null")
            if active:
                raise ctx.error("active", "only events can be ACTIVE")
            if data.get("effect") is not None:
                raise ctx.error("effect", "only events have an effect; use abilities")
        if card_type in (CardType.UNIT, CardType.STRUCTURE) and life is None:
            if strength is not None:
                raise ctx.error(
                    "life",
                    "missing for a card with known strength (record the life, or null "
                    f"both and say {STATS_UNKNOWN!r} in notes)",
                )
            if notes is None or STATS_UNKNOWN not in notes.casefold():
                raise ctx.error(
                    "life",
                    f"missing; a {card_type.value} without life must say "
                    f"{STATS_UNKNOWN!r} in its notes",
                )

        abilities = self._abilities(ctx, slug, card_type, data)
        sources = ctx.strings(data.get("sources"), "sources")
        return CardDef(
            slug=slug,
            name=name,
            faction=faction,
            card_type=card_type,
            classes=classes,
            cost=cost,
            strength=strength,
            life=life,
            attack_type=attack_type,
            symbols=symbols,
            symbols_known=symbols_known,
            phase=phase,
            active=active,
            abilities=abilities,
            confidence=confidence,
            sources=sources,
            notes=notes,
        )

    @staticmethod
    def _check_classes(
        ctx: _Ctx, card_type: CardType, classes: tuple[CardClass, ...]
    ) -> None:
        for cls in classes:
            if cls in _UNIT_CLASSES and card_type is not CardType.UNIT:
                raise ctx.error(
                    "classes",
                    f"class {cls.value!r} needs card_type unit, not {card_type}",
                )
            if cls in _EVENT_CLASSES and card_type is not CardType.EVENT:
                raise ctx.error(
                    "classes",
                    f"class {cls.value!r} needs card_type event, not {card_type}",
                )
        if CardClass.GATE in classes and CardClass.STRUCTURE not in classes:
            raise ctx.error("classes", "a gate is a structure: add 'structure'")
        if card_type is CardType.STRUCTURE and CardClass.STRUCTURE not in classes:
            raise ctx.error("classes", "a structure card needs the class 'structure'")
        if len(set(classes) & _UNIT_CLASSES) > 1:
            raise ctx.error(
                "classes", "summoner, champion and common exclude each other"
            )
        if len(set(classes) & _EVENT_CLASSES) > 1:
            raise ctx.error("classes", "standard and epic exclude each other")

    @staticmethod
    def _abilities(
        ctx: _Ctx, slug: str, card_type: CardType, data: dict[str, Any]
    ) -> tuple[AbilityDef, ...]:
        items = ctx.seq(data.get("abilities"), "abilities")
        if card_type is CardType.EVENT:
            if items:
                raise ctx.error(
                    "abilities", "events carry their text in 'effect'; use []"
                )
            text = ctx.string(data.get("effect"), "effect", optional=True)
            return (AbilityDef(id=f"{slug}.effect", name="Effect", text=text),)
        out: list[AbilityDef] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            fname = f"abilities[{i}]"
            ability = ctx.mapping(item, fname)
            ctx.keys(ability, _ABILITY_KEYS, _ABILITY_KEYS, prefix=f"{fname}.")
            name = ctx.req_string(ability["name"], f"{fname}.name")
            text = ctx.string(ability["text"], f"{fname}.text", optional=True)
            ability_id = f"{slug}.{slugify(name)}"
            if ability_id in seen:
                raise ctx.error(f"{fname}.name", f"duplicate ability id {ability_id!r}")
            if slugify(name) == "effect":
                raise ctx.error(f"{fname}.name", "'Effect' is reserved for events")
            seen.add(ability_id)
            out.append(AbilityDef(id=ability_id, name=name, text=text))
        return tuple(out)

    def _claim(self, slug: str, owner: str, ctx: _Ctx, field_name: str) -> None:
        if slug in self.slug_owner:
            raise ctx.error(
                field_name,
                f"duplicate slug {slug!r} (already used in {self.slug_owner[slug]})",
            )
        self.slug_owner[slug] = owner

    # ----------------------------------------------------------------- factions

    def _read_faction(self, slug: str) -> _RawFaction:
        file = f"{slug}.yaml"
        path = self.dir / file
        if not path.is_file():
            raise CatalogError(
                file,
                "file",
                "path",
                f"faction {slug!r} is in {INDEX_FILE} but {path} is missing",
            )
        ctx = _Ctx(file, "faction")
        data = ctx.mapping(_read_yaml(path), "document")
        ctx.keys(data, _FACTION_KEYS, _FACTION_REQUIRED)
        if data["slug"] != slug:
            raise ctx.error(
                "slug", f"{data['slug']!r} does not match the file name {file}"
            )
        cards: list[str] = []
        for i, item in enumerate(ctx.seq(data["cards"], "cards")):
            raw = ctx.mapping(item, f"cards[{i}]")
            cards.append(self._add_card(raw, file, slug))
        return _RawFaction(file=file, data=data, cards=cards)

    def _faction(self, raw: _RawFaction, products: dict[str, ProductDef]) -> FactionDef:
        data, file = raw.data, raw.file
        slug: str = data["slug"]
        ctx = _Ctx(file, "faction")
        name = ctx.req_string(data["name"], "name")

        product = ctx.req_string(data["product"], "product")
        if product not in products:
            raise ctx.error(
                "product", f"unknown product {product!r} (not in {INDEX_FILE})"
            )
        if slug not in products[product].factions:
            raise ctx.error(
                "product", f"product {product!r} does not list faction {slug!r}"
            )

        build_symbols = ctx.strings(data.get("build_symbols"), "build_symbols")
        for i, sym in enumerate(build_symbols):
            if sym not in self.symbols:
                raise ctx.error(f"build_symbols[{i}]", f"unknown build symbol {sym!r}")

        status = ctx.req_string(data["data_status"], "data_status")
        if not status.startswith(DATA_STATUSES):
            raise ctx.error(
                "data_status", f"must start with one of: {', '.join(DATA_STATUSES)}"
            )

        summoner = ctx.string(data.get("summoner"), "summoner", optional=True)
        if summoner is not None:
            card = self._own_card(ctx, "summoner", summoner, raw)
            if not card.is_summoner:
                raise ctx.error("summoner", f"{summoner!r} is not a summoner card")

        starting = self._copies(
            _Ctx(file, "starting_units"),
            data.get("starting_units"),
            raw,
            lambda c: c.is_unit and not c.is_summoner,
            "a common or champion unit",
            copies_required=True,
        )
        epics = self._copies(
            _Ctx(file, "epic_events"),
            data.get("epic_events"),
            raw,
            lambda c: c.is_event and c.has_class(CardClass.EPIC),
            "an epic event",
            copies_required=False,
        )
        setup = self._setup(_Ctx(file, "setup"), data.get("setup"), raw, starting)
        deck, deck_conf = self._deck(
            _Ctx(file, "deck"), data.get("deck"), raw, name, summoner, starting, epics
        )
        return FactionDef(
            slug=slug,
            name=name,
            product=product,
            wave=ctx.string(data.get("wave"), "wave", optional=True),
            build_symbols=build_symbols,
            summoner=summoner,
            starting_units=tuple((c, n) for c, n in starting if n is not None),
            epic_events=tuple(epics),
            setup=setup,
            deck=deck,
            deck_confidence=deck_conf,
            data_status=status,
            sources=ctx.strings(data.get("sources"), "sources"),
            notes=ctx.string(data.get("notes"), "notes", optional=True),
        )

    def _own_card(
        self, ctx: _Ctx, field_name: str, slug: Any, raw: _RawFaction
    ) -> CardDef:
        """A card this faction may name: one of its own cards or a neutral card."""
        slug = ctx.req_string(slug, field_name)
        card = self.cards.get(slug)
        if card is None:
            raise ctx.error(field_name, f"card {slug!r} does not exist")
        if card.faction not in (None, raw.data["slug"]):
            raise ctx.error(
                field_name, f"card {slug!r} belongs to faction {card.faction!r}"
            )
        return card

    def _copies(
        self,
        ctx: _Ctx,
        value: Any,
        raw: _RawFaction,
        accept: Callable[[CardDef], bool],
        wanted: str,
        *,
        copies_required: bool,
    ) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        for i, item in enumerate(ctx.seq(value, "entries")):
            entry = ctx.mapping(item, f"[{i}]")
            label = entry.get("card", i)
            ctx.keys(entry, _COPIES_KEYS, {"card", "copies"}, prefix=f"[{label}].")
            card = self._own_card(ctx, f"[{label}].card", entry["card"], raw)
            if not accept(card):
                raise ctx.error(f"[{label}].card", f"{card.slug!r} is not {wanted}")
            copies = ctx.integer(
                entry["copies"],
                f"[{label}].copies",
                optional=not copies_required,
                minimum=1,
            )
            out.append((card.slug, copies))
        dup = _first_duplicate(c for c, _ in out)
        if dup is not None:
            raise ctx.error(f"[{dup}].card", "listed twice")
        return out

    def _setup(
        self,
        ctx: _Ctx,
        value: Any,
        raw: _RawFaction,
        starting: list[tuple[str, int | None]],
    ) -> SetupDef | None:
        if value is None:
            return None
        data = ctx.mapping(value, "setup")
        ctx.keys(data, _SETUP_KEYS, _SETUP_REQUIRED)
        summoner = ctx.position(data["summoner"], "summoner")
        gate = ctx.position(data["gate"], "gate")
        units: list[tuple[str, Position]] = []
        starting_slugs = {c for c, _ in starting}
        for i, item in enumerate(ctx.seq(data["units"], "units", optional=False)):
            entry = ctx.mapping(item, f"units[{i}]")
            label = entry.get("card", i)
            ctx.keys(
                entry, _SETUP_UNIT_KEYS, _SETUP_UNIT_KEYS, prefix=f"units[{label}]."
            )
            card = self._own_card(ctx, f"units[{label}].card", entry["card"], raw)
            if starting_slugs and card.slug not in starting_slugs:
                raise ctx.error(
                    f"units[{label}].card", f"{card.slug!r} is not a starting unit"
                )
            units.append((card.slug, ctx.position(entry["at"], f"units[{label}].at")))
        spaces = [summoner, gate, *(p for _, p in units)]
        if len(set(spaces)) != len(spaces):
            raise ctx.error("units", "two setup cards share a space")
        return SetupDef(
            summoner=summoner,
            gate=gate,
            units=tuple(units),
            confidence=ctx.enum(Confidence, data["confidence"], "confidence"),
            source=ctx.string(data.get("source"), "source", optional=True),
        )

    def _deck(
        self,
        ctx: _Ctx,
        value: Any,
        raw: _RawFaction,
        faction_name: str,
        summoner: str | None,
        starting: list[tuple[str, int | None]],
        epics: list[tuple[str, int | None]],
    ) -> tuple[DeckList | None, Confidence]:
        if value is None:
            return None, Confidence.UNKNOWN
        data = ctx.mapping(value, "deck")
        ctx.keys(data, _DECK_KEYS, _DECK_REQUIRED)
        confidence = ctx.enum(Confidence, data["confidence"], "confidence")
        ctx.string(data.get("source"), "source", optional=True)

        entries: list[DeckEntry] = []
        per_role: dict[DeckRole, dict[str, int]] = {role: {} for role in DeckRole}
        for i, item in enumerate(ctx.seq(data["entries"], "entries", optional=False)):
            entry = ctx.mapping(item, f"entries[{i}]")
            label = entry.get("card", i)
            fname = f"entries[{label}]"
            ctx.keys(entry, _ENTRY_KEYS, _ENTRY_KEYS, prefix=f"{fname}.")
            card = self._own_card(ctx, f"{fname}.card", entry["card"], raw)
            count = ctx.integer(
                entry["count"], f"{fname}.count", optional=False, minimum=1
            )
            assert count is not None
            role = ctx.enum(DeckRole, entry["role"], f"{fname}.role")
            problem = _role_problem(role, card)
            if problem is not None:
                raise ctx.error(f"{fname}.role", problem)
            if card.slug in per_role[role]:
                raise ctx.error(fname, f"{card.slug!r} appears twice with role {role}")
            limit = MAX_COPIES.get(role)
            if limit is not None and count > limit:
                raise ctx.error(
                    f"{fname}.count", f"{count} copies; at most {limit} per {role} card"
                )
            per_role[role][card.slug] = count
            entries.append(DeckEntry(card=card.slug, count=count, role=role))

        for role, expected in DECK_SHAPE.items():
            got = sum(per_role[role].values())
            if got != expected:
                raise ctx.error(
                    "entries",
                    f"role {role} totals {got} card(s), R9 needs {expected} "
                    f"(deck shape: {_shape_text()})",
                )
        deck_summoner = next(iter(per_role[DeckRole.SUMMONER]))
        if summoner is not None and deck_summoner != summoner:
            raise ctx.error(
                f"entries[{deck_summoner}]",
                f"deck summoner differs from the faction summoner {summoner!r}",
            )
        known_starting = {c: n for c, n in starting}
        if known_starting and known_starting != per_role[DeckRole.STARTING_UNIT]:
            raise ctx.error(
                "entries",
                f"starting units {per_role[DeckRole.STARTING_UNIT]} differ from the "
                f"faction's starting_units {known_starting}",
            )
        known_epics = {c: n for c, n in epics}
        for card_slug, count in per_role[DeckRole.EPIC_EVENT].items():
            if known_epics and card_slug not in known_epics:
                raise ctx.error(
                    f"entries[{card_slug}]", "epic event missing from epic_events"
                )
            if known_epics.get(card_slug) not in (None, count):
                raise ctx.error(
                    f"entries[{card_slug}].count",
                    f"{count} copies but epic_events says {known_epics[card_slug]}",
                )
        return (
            DeckList(
                name=f"{faction_name} Faction Deck",
                summoner=deck_summoner,
                entries=tuple(entries),
            ),
            confidence,
        )


def _role_problem(role: DeckRole, card: CardDef) -> str | None:
    """Why ``card`` cannot fill ``role`` in a deck (None when it can)."""
    wanted: str
    if role is DeckRole.SUMMONER:
        ok, wanted = card.is_summoner, "a summoner"
    elif role is DeckRole.STARTING_GATE:
        ok = card.is_gate and card.life == STARTING_GATE_LIFE
        wanted = f"a gate with {STARTING_GATE_LIFE} life"
    elif role is DeckRole.GATE:
        ok = card.is_gate and card.card_type is CardType.STRUCTURE
        wanted = "a gate structure"
    elif role is DeckRole.STARTING_UNIT:
        ok = card.is_unit and (
            card.has_class(CardClass.COMMON) or card.has_class(CardClass.CHAMPION)
        )
        wanted = "a common or champion unit"
    elif role is DeckRole.EPIC_EVENT:
        ok, wanted = card.is_event and card.has_class(CardClass.EPIC), "an epic event"
    elif role is DeckRole.STANDARD_EVENT:
        ok = card.is_event and card.has_class(CardClass.STANDARD)
        wanted = "a standard event"
    elif role is DeckRole.CHAMPION:
        ok, wanted = card.is_unit and card.has_class(CardClass.CHAMPION), "a champion"
    else:
        ok, wanted = card.is_unit and card.has_class(CardClass.COMMON), "a common"
    if ok:
        return None
    classes = ", ".join(c.value for c in card.classes) or "no class"
    return f"role {role} needs {wanted}; {card.slug!r} is {card.card_type} ({classes})"


def _shape_text() -> str:
    return ", ".join(f"{role} {n}" for role, n in DECK_SHAPE.items())


_T = TypeVar("_T")


def _first_duplicate(items: Iterable[_T]) -> _T | None:
    seen: set[_T] = set()
    for item in items:
        if item in seen:
            return item
        seen.add(item)
    return None
