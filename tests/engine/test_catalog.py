"""Tests of the pure-Python catalog loader (engine.catalog) and the data in cards/data.

No database and no Django: the loader must work on its own.
"""

from __future__ import annotations

import difflib
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.cli.catalog import main
from engine.core.types import (
    AttackType,
    CardClass,
    CardType,
    Confidence,
    DeckEntry,
    DeckRole,
    Phase,
    Position,
)
from engine.deckbuilding.catalog import (
    DATA_DIR,
    DECK_SHAPE,
    Catalog,
    CatalogError,
    load_catalog,
    slugify,
)


def _repo_root() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "engine").is_dir():
            return parent
    raise RuntimeError("repository root not found")


REPO_ROOT = _repo_root()
SHARED_DIR = REPO_ROOT.parent / "shared"
SHARED_CATALOG = SHARED_DIR / "catalog"
needs_shared = pytest.mark.skipif(
    not (SHARED_CATALOG / "factions.yaml").is_file(),
    reason=f"research catalog not present at {SHARED_CATALOG}",
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# ----------------------------------------------------------------- the real catalog


def test_real_catalog_loads_and_is_cached(catalog: Catalog) -> None:
    assert load_catalog() is catalog
    assert len(catalog.factions) == 20
    assert "Martial" in catalog.symbols
    assert catalog.card("starting-gate").life == 10
    assert catalog.card("gate").life == 5
    for gate in (catalog.card("starting-gate"), catalog.card("gate")):
        assert gate.card_type is CardType.STRUCTURE
        assert gate.classes == (CardClass.STRUCTURE, CardClass.GATE)
        assert gate.cost == 0
        assert gate.faction is None


def test_loading_twice_gives_equal_results(catalog: Catalog) -> None:
    again = load_catalog(DATA_DIR)
    assert again is not catalog
    assert again == catalog
    assert list(again.cards) == list(catalog.cards)
    assert list(again.factions) == list(catalog.factions)


#: Cards added or dropped by research newer than factions.yaml (research notes
#: catalog-gaps-2.md, issue 14): Withering Mage is a Fungal Dwarves starting unit
#: (sections 1 and 7); Blood Magic is Selundar's ability, not a Shadow Elves event
#: (section 2).
RESEARCHED_SINCE: dict[str, tuple[set[str], set[str]]] = {
    "fungal-dwarves": ({"withering-mage"}, set()),
    "shadow-elves": (set(), {"blood-magic"}),
}


@needs_shared
def test_every_research_faction_has_its_rows(catalog: Catalog) -> None:
    research = yaml.safe_load((SHARED_CATALOG / "factions.yaml").read_text())
    rows = research["factions"]
    assert list(catalog.factions) == [r["slug"] for r in rows]
    for row in rows:
        fac = catalog.factions[row["slug"]]
        assert fac.name == row["faction"]
        assert fac.summoner == slugify(row["summoners"][0])
        assert catalog.card(fac.summoner).is_summoner
        assert fac.build_symbols == tuple(row["faction_build_symbols"] or ())
        cards = catalog.cards_of(fac.slug)
        added, dropped = RESEARCHED_SINCE.get(fac.slug, (set(), set()))
        slugs = {c.slug for c in cards}
        assert added <= slugs and not dropped & slugs, fac.slug
        known = row["distinct_cards_known"] + len(added) - len(dropped)
        assert len(cards) == known, fac.slug
        if row["distinct_cards_with_full_data"] == row["distinct_cards_known"]:
            assert all(c.stats_known for c in cards), fac.slug
        product = catalog.products[fac.product]
        assert fac.slug in product.factions


@needs_shared
def test_every_research_card_is_listed(catalog: Catalog) -> None:
    for path in sorted(SHARED_CATALOG.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        if not isinstance(data, dict) or "cards" not in data:
            continue
        dropped = RESEARCHED_SINCE.get(data["slug"], (set(), set()))[1]
        for card in data["cards"]:
            if slugify(card["name"]) in dropped:
                continue
            found = catalog.find_card(card["name"])
            assert found is not None, f"{path.name}: {card['name']}"
            assert found.faction == data["slug"]


def test_polar_dwarves_deck_is_the_r9_example(catalog: Catalog) -> None:
    deck = catalog.faction_deck("polar-dwarves")
    expected = [
        ("svara", 1, DeckRole.SUMMONER),
        ("starting-gate", 1, DeckRole.STARTING_GATE),
        ("gate", 3, DeckRole.GATE),
        ("frost-mage", 1, DeckRole.STARTING_UNIT),
        ("ice-golem", 1, DeckRole.STARTING_UNIT),
        ("ice-ram", 2, DeckRole.EPIC_EVENT),
        ("parapet", 2, DeckRole.STANDARD_EVENT),
        ("ice-repair", 2, DeckRole.STANDARD_EVENT),
        ("glacial-shift", 2, DeckRole.STANDARD_EVENT),
        ("nadiana", 1, DeckRole.CHAMPION),
        ("ollag", 1, DeckRole.CHAMPION),
        ("jarmund", 1, DeckRole.CHAMPION),
        ("frost-mage", 4, DeckRole.COMMON),
        ("ice-golem", 4, DeckRole.COMMON),
        ("bear-cavalry", 4, DeckRole.COMMON),
        ("ice-smith", 4, DeckRole.COMMON),
    ]
    assert deck.entries == tuple(DeckEntry(c, n, r) for c, n, r in expected)
    assert deck.summoner == "svara"
    assert deck.size() == 34
    assert deck.counts()["frost-mage"] == 5
    assert deck.counts()["ice-golem"] == 5
    fac = catalog.factions["polar-dwarves"]
    assert fac.deck_confidence is Confidence.HIGH
    assert fac.starting_units == (("frost-mage", 1), ("ice-golem", 1))
    assert fac.epic_events == (("ice-ram", 2),)
    assert fac.build_symbols == ("Water", "Logic")


# (cost, strength, life, attack type) for units; (cost, life, phase, active) for events
POLAR_UNITS = {
    "svara": (None, 3, 12, AttackType.RANGED),
    "nadiana": (6, 2, 7, AttackType.RANGED),
    "ollag": (5, 3, 7, AttackType.MELEE),
    "jarmund": (5, 3, 7, AttackType.RANGED),
    "frost-mage": (1, 1, 4, AttackType.RANGED),
    "ice-golem": (2, 2, 5, AttackType.MELEE),
    "bear-cavalry": (3, 3, 5, AttackType.MELEE),
    "ice-smith": (0, 2, 2, AttackType.MELEE),
}
POLAR_EVENTS = {
    "ice-ram": (0, None, Phase.SUMMON, True),
    "parapet": (0, 5, Phase.BUILD, False),
    "ice-repair": (0, None, Phase.MOVE, False),
    "glacial-shift": (0, None, Phase.BUILD, False),
}


def test_polar_dwarves_stats(catalog: Catalog) -> None:
    for slug, unit_stats in POLAR_UNITS.items():
        card = catalog.card(slug)
        got = (card.cost, card.strength, card.life, card.attack_type)
        assert got == unit_stats, slug
        assert card.stats_known and card.is_unit and card.faction == "polar-dwarves"
    for slug, event_stats in POLAR_EVENTS.items():
        card = catalog.card(slug)
        assert (card.cost, card.life, card.phase, card.active) == event_stats, slug
        assert card.abilities[0].id == f"{slug}.effect"
        assert card.abilities[0].name == "Effect"
        assert card.abilities[0].text
    svara = catalog.card("svara")
    assert svara.symbols == ("Martial", "Logic", "Water")
    assert [a.id for a in svara.abilities] == ["svara.structural-shift"]
    assert catalog.card("ice-ram").symbols == ()
    assert catalog.card("ice-ram").symbols_known
    assert catalog.card("parapet").classes == (CardClass.STANDARD, CardClass.STRUCTURE)


def test_ice_golem_is_common_structure_and_gate(catalog: Catalog) -> None:
    golem = catalog.card("ice-golem")
    assert golem.card_type is CardType.UNIT
    assert golem.classes == (CardClass.COMMON, CardClass.STRUCTURE, CardClass.GATE)
    assert golem.is_gate and golem.is_structure
    assert "ice-golem.living-gate" in {a.id for a in golem.abilities}


def test_errata_use_current_values(catalog: Catalog) -> None:
    sera = catalog.card("sera-eldwyn")
    assert (sera.strength, sera.life) == (3, 12)
    assert sera.notes is not None and "strength 2" in sera.notes
    maldaria = catalog.card("queen-maldaria")
    assert [a.name for a in maldaria.abilities] == ["Call Protection", "Save the Queen"]
    assert maldaria.notes is not None and "Momentum" in maldaria.notes
    smith = catalog.card("ice-smith")
    assert smith.notes is not None and "1 boost" in smith.notes


def test_setups(catalog: Catalog) -> None:
    master = catalog.products["master-set"].factions
    assert len(master) == 6
    with_setup = {slug for slug, fac in catalog.factions.items() if fac.setup}
    # Master Set and Starter Set layouts are known (low confidence: one fan source);
    # Shadow Elves', High Elves' and Fungal Dwarves' too, though their decks are not.
    assert with_setup == {
        *master,
        "phoenix-elves",
        "tundra-orcs",
        "shadow-elves",
        "high-elves",
        "fungal-dwarves",
    }
    for slug in with_setup:
        setup = catalog.factions[slug].setup
        assert setup is not None
        assert setup.confidence in (Confidence.LOW, Confidence.MEDIUM), slug
        assert setup.source, slug
        starting = catalog.factions[slug].starting_units
        if starting:
            assert {c for c, _ in setup.units} == {c for c, _ in starting}, slug
        spaces = [setup.summoner, setup.gate, *(p for _, p in setup.units)]
        assert len(set(spaces)) == len(spaces), slug
        assert all(0 <= p.row < 4 and 0 <= p.col < 6 for p in spaces), slug
    polar = catalog.factions["polar-dwarves"].setup
    assert polar is not None
    assert polar.summoner == Position(0, 3)
    assert polar.gate == Position(2, 3)
    assert polar.units == (
        ("frost-mage", Position(2, 2)),
        ("ice-golem", Position(1, 2)),
    )


def test_decks_known_for_master_and_starter_set_factions(catalog: Catalog) -> None:
    known = {
        *catalog.products["master-set"].factions,
        *catalog.products["starter-set"].factions,
    }
    for slug, fac in catalog.factions.items():
        if slug in known:
            deck = catalog.faction_deck(slug)
            assert deck.size() == 34
            for role, total in DECK_SHAPE.items():
                assert sum(e.count for e in deck.entries if e.role is role) == total
        else:
            assert fac.deck is None
            assert fac.deck_confidence is Confidence.UNKNOWN
            with pytest.raises(KeyError, match="unknown"):
                catalog.faction_deck(slug)


def test_products(catalog: Catalog) -> None:
    kinds = [p.kind for p in catalog.products.values()]
    assert kinds.count("master_set") == 1
    assert kinds.count("starter_set") == 1
    assert catalog.products["starter-set"].factions == ("phoenix-elves", "tundra-orcs")
    listed = [f for p in catalog.products.values() for f in p.factions]
    assert sorted(listed) == sorted(catalog.factions)


def test_lookups(catalog: Catalog) -> None:
    assert catalog.find_card("ICE GOLEM") is catalog.card("ice-golem")
    assert catalog.find_card("the citadel") is None
    assert catalog.find_card("  Ret-Talus ") is catalog.card("ret-talus")
    assert catalog.find_card("sera-eldwyn") is catalog.card("sera-eldwyn")
    assert catalog.find_card("nope") is None
    with pytest.raises(KeyError, match="unknown card slug 'nope'"):
        catalog.card("nope")
    with pytest.raises(KeyError, match="unknown faction"):
        catalog.faction_deck("nope")
    with pytest.raises(KeyError, match="unknown faction"):
        catalog.cards_of("nope")
    polar = catalog.cards_of("polar-dwarves")
    assert len(polar) == 12 and polar[0].slug == "svara"


def test_unknown_cards_are_listed_not_invented(catalog: Catalog) -> None:
    for card in catalog.cards.values():
        if card.card_type in (CardType.UNIT, CardType.STRUCTURE) and card.life is None:
            assert card.strength is None
            assert card.notes is not None and "stats unknown" in card.notes
    vlox = catalog.card("vlox")
    assert vlox.is_summoner and vlox.life is None and not vlox.stats_known
    assert not vlox.symbols_known


def test_ability_ids(catalog: Catalog) -> None:
    ids = [a.id for c in catalog.cards.values() for a in c.abilities]
    assert len(ids) == len(set(ids))
    for card in catalog.cards.values():
        for ability in card.abilities:
            if card.is_event:
                assert ability.id == f"{card.slug}.effect"
            else:
                assert ability.id == f"{card.slug}.{slugify(ability.name)}"


def test_no_django_imported() -> None:
    code = (
        "import sys, engine.catalog as c; c.load_catalog(); "
        "bad = {'django', 'rest_framework', 'celery', 'cards', 'decks', 'simulate',"
        " 'sw_site'}; "
        "hit = sorted(m for m in sys.modules if m.split('.')[0] in bad); "
        "print(hit); sys.exit(1 if hit else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "polar-dwarves" in out and "OK" in out
    assert main([str(tmp_path / "missing")]) == 1
    assert "not a directory" in capsys.readouterr().err


# ------------------------------------------------------------------ wording check


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@needs_shared
def test_ability_texts_are_our_own_words(catalog: Catalog) -> None:
    research: set[str] = set()
    for path in SHARED_CATALOG.glob("*.yaml"):
        research.update(_norm(s) for s in _strings(yaml.safe_load(path.read_text())))
    research.discard("")
    ours = [
        (a.id, _norm(a.text))
        for c in catalog.cards.values()
        for a in c.abilities
        if a.text
    ]
    assert len(ours) > 100
    copied = [ability_id for ability_id, text in ours if text in research]
    assert copied == []
    # near-copies too: every paraphrase must differ clearly from every research string
    long_research = [r for r in research if len(r) > 20]
    near = []
    matcher = difflib.SequenceMatcher(autojunk=False)
    for ability_id, text in ours:
        matcher.set_seq2(text)  # the matcher caches its analysis of seq2
        for other in long_research:
            matcher.set_seq1(other)
            if (
                matcher.real_quick_ratio() > 0.85
                and matcher.quick_ratio() > 0.85
                and matcher.ratio() > 0.85
            ):
                near.append((ability_id, other))
    assert near == []


# ------------------------------------------------------------- malformed fixtures

Files = dict[str, Any]


def _read(name: str) -> Any:
    return yaml.safe_load((DATA_DIR / name).read_text())


def _fixture(tmp_path: Path, mutate: Callable[[Files], None] | None = None) -> Path:
    """A small catalog: the real Polar Dwarves and gates, an index with one faction."""
    real_index = _read("index.yaml")
    files: Files = {
        "index.yaml": {
            "symbols": real_index["symbols"],
            "products": [
                {
                    "slug": "master-set",
                    "name": "Master Set",
                    "kind": "master_set",
                    "factions": ["polar-dwarves"],
                }
            ],
            "factions": ["polar-dwarves"],
        },
        "neutral.yaml": _read("neutral.yaml"),
        "polar-dwarves.yaml": _read("polar-dwarves.yaml"),
    }
    if mutate is not None:
        mutate(files)
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    for name, doc in files.items():
        (data_dir / name).write_text(yaml.safe_dump(doc, sort_keys=False))
    return data_dir


def _card(files: Files, slug: str) -> dict[str, Any]:
    cards: list[dict[str, Any]] = files["polar-dwarves.yaml"]["cards"]
    for card in cards:
        if card["slug"] == slug:
            return card
    raise KeyError(slug)


def _entry(files: Files, card: str, role: str) -> dict[str, Any]:
    entries: list[dict[str, Any]] = files["polar-dwarves.yaml"]["deck"]["entries"]
    for entry in entries:
        if entry["card"] == card and entry["role"] == role:
            return entry
    raise KeyError(card)


def _set(path: Callable[[Files], dict[str, Any]], key: str, value: Any) -> Any:
    def mutate(files: Files) -> None:
        path(files)[key] = value

    return mutate


def _faction(files: Files) -> dict[str, Any]:
    faction: dict[str, Any] = files["polar-dwarves.yaml"]
    return faction


def _add_card(card: Callable[[Files], dict[str, Any]]) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        files["polar-dwarves.yaml"]["cards"].append(dict(card(files)))

    return mutate


PD = "polar-dwarves.yaml"

MALFORMED: list[tuple[str, Callable[[Files], None], str]] = [
    (
        "unknown card key",
        _set(lambda f: _card(f, "svara"), "colour", "blue"),
        f"{PD}: svara: colour: unknown key",
    ),
    (
        "unknown faction key",
        _set(_faction, "colour", "blue"),
        f"{PD}: faction: colour: unknown key",
    ),
    (
        "unknown deck entry key",
        _set(lambda f: _entry(f, "ollag", "champion"), "note", "x"),
        f"{PD}: deck: entries[ollag].note: unknown key",
    ),
    (
        "unknown card_type",
        _set(lambda f: _card(f, "nadiana"), "card_type", "creature"),
        f"{PD}: nadiana: card_type: unknown value 'creature'",
    ),
    (
        "unknown class",
        _set(lambda f: _card(f, "ollag"), "classes", ["champion", "hero"]),
        f"{PD}: ollag: classes[1]: unknown value 'hero'",
    ),
    (
        "unknown attack_type",
        _set(lambda f: _card(f, "jarmund"), "attack_type", "magic"),
        f"{PD}: jarmund: attack_type: unknown value 'magic'",
    ),
    (
        "unknown phase",
        _set(lambda f: _card(f, "ice-repair"), "phase", "upkeep"),
        f"{PD}: ice-repair: phase: unknown value 'upkeep'",
    ),
    (
        "unknown confidence",
        _set(lambda f: _card(f, "bear-cavalry"), "confidence", "certain"),
        f"{PD}: bear-cavalry: confidence: unknown value 'certain'",
    ),
    (
        "unknown setup confidence",
        _set(lambda f: _faction(f)["setup"], "confidence", "sure"),
        f"{PD}: setup: confidence: unknown value 'sure'",
    ),
    (
        "unknown role",
        _set(lambda f: _entry(f, "nadiana", "champion"), "role", "hero"),
        f"{PD}: deck: entries[nadiana].role: unknown value 'hero'",
    ),
    (
        "unknown build symbol",
        _set(lambda f: _card(f, "frost-mage"), "symbols", ["Ice"]),
        f"{PD}: frost-mage: symbols[0]: unknown build symbol 'Ice'",
    ),
    (
        "unknown faction build symbol",
        _set(_faction, "build_symbols", ["Water", "Snow"]),
        f"{PD}: faction: build_symbols[1]: unknown build symbol 'Snow'",
    ),
    (
        "unit with stats but no life",
        _set(lambda f: _card(f, "ice-smith"), "life", None),
        f"{PD}: ice-smith: life: missing for a card with known strength",
    ),
    (
        "unit without life and without the stats-unknown note",
        lambda f: _card(f, "ice-smith").update(life=None, strength=None),
        f"{PD}: ice-smith: life: missing; a unit without life must say 'stats unknown'",
    ),
    (
        "duplicate slug in one file",
        _add_card(lambda f: _card(f, "ollag")),
        f"{PD}: ollag: slug: duplicate slug 'ollag' (already used in {PD} (card))",
    ),
    (
        "duplicate slug across files",
        _add_card(lambda f: f["neutral.yaml"]["cards"][1]),
        f"{PD}: gate: slug: duplicate slug 'gate' (already used in neutral.yaml",
    ),
    (
        "card slug equal to a faction slug",
        _add_card(
            lambda f: {
                **_card(f, "ollag"),
                "slug": "polar-dwarves",
                "name": "Polar Dwarves",
            }
        ),
        f"{PD}: polar-dwarves: slug: duplicate slug 'polar-dwarves'",
    ),
    (
        "slug is not slugify(name)",
        _set(lambda f: _card(f, "svara"), "slug", "svara-x"),
        f"{PD}: svara-x: slug: must be slugify(name) = 'svara'",
    ),
    (
        "deck names a missing card",
        _set(lambda f: _entry(f, "bear-cavalry", "common"), "card", "bear-rider"),
        f"{PD}: deck: entries[bear-rider].card: card 'bear-rider' does not exist",
    ),
    (
        "starting unit names a missing card",
        _set(lambda f: _faction(f)["starting_units"][0], "card", "frost-wizard"),
        f"{PD}: starting_units: [frost-wizard].card: card 'frost-wizard' does not",
    ),
    (
        "epic event is not an epic event",
        _set(lambda f: _faction(f)["epic_events"][0], "card", "ice-repair"),
        f"{PD}: epic_events: [ice-repair].card: 'ice-repair' is not an epic event",
    ),
    (
        "setup names a missing card",
        _set(lambda f: _faction(f)["setup"]["units"][0], "card", "frost-wizard"),
        f"{PD}: setup: units[frost-wizard].card: card 'frost-wizard' does not exist",
    ),
    (
        "setup off the board",
        _set(lambda f: _faction(f)["setup"], "gate", [2, 6]),
        f"{PD}: setup: gate: [2, 6] is off the board",
    ),
    (
        "summoner names a missing card",
        _set(_faction, "summoner", "svaraa"),
        f"{PD}: faction: summoner: card 'svaraa' does not exist",
    ),
    (
        "deck too few commons",
        _set(lambda f: _entry(f, "bear-cavalry", "common"), "count", 3),
        f"{PD}: deck: entries: role common totals 15 card(s), R9 needs 16",
    ),
    (
        "deck too many gates",
        _set(lambda f: _entry(f, "gate", "gate"), "count", 4),
        f"{PD}: deck: entries: role gate totals 4 card(s), R9 needs 3",
    ),
    (
        "deck champion in the common role",
        _set(lambda f: _entry(f, "nadiana", "champion"), "role", "common"),
        f"{PD}: deck: entries[nadiana].role: role common needs a common",
    ),
    (
        "deck common in the summoner role",
        _set(lambda f: _entry(f, "svara", "summoner"), "card", "ice-smith"),
        f"{PD}: deck: entries[ice-smith].role: role summoner needs a summoner",
    ),
    (
        "deck 5-life gate as the starting gate",
        _set(lambda f: _entry(f, "starting-gate", "starting_gate"), "card", "gate"),
        f"{PD}: deck: entries[gate].role: role starting_gate needs a gate with 10 life",
    ),
    (
        "deck standard event over its copy limit",
        _set(lambda f: _entry(f, "parapet", "standard_event"), "count", 3),
        f"{PD}: deck: entries[parapet].count: 3 copies; at most 2",
    ),
    (
        "deck starting units disagree with the faction",
        _set(lambda f: _entry(f, "ice-golem", "starting_unit"), "card", "ice-smith"),
        f"{PD}: deck: entries: starting units",
    ),
    (
        "summoner with a cost",
        _set(lambda f: _card(f, "svara"), "cost", 0),
        f"{PD}: svara: cost: summoners have no cost",
    ),
    (
        "event with named abilities",
        _set(
            lambda f: _card(f, "ice-repair"), "abilities", [{"name": "X", "text": "y"}]
        ),
        f"{PD}: ice-repair: abilities: events carry their text in 'effect'",
    ),
    (
        "class that does not fit the card type",
        _set(lambda f: _card(f, "ice-repair"), "classes", ["common"]),
        f"{PD}: ice-repair: classes: class 'common' needs card_type unit",
    ),
    (
        "gate class without structure",
        _set(lambda f: _card(f, "ice-golem"), "classes", ["common", "gate"]),
        f"{PD}: ice-golem: classes: a gate is a structure",
    ),
    (
        "duplicate ability name",
        lambda f: _card(f, "jarmund")["abilities"].append(
            {"name": "Momentum", "text": None}
        ),
        f"{PD}: jarmund: abilities[2].name: duplicate ability id 'jarmund.momentum'",
    ),
    (
        "string where a number belongs",
        _set(lambda f: _card(f, "ollag"), "life", "seven"),
        f"{PD}: ollag: life: expected an integer, got str 'seven'",
    ),
    (
        "unknown product",
        _set(_faction, "product", "big-box"),
        f"{PD}: faction: product: unknown product 'big-box'",
    ),
    (
        "unknown product kind",
        _set(lambda f: f["index.yaml"]["products"][0], "kind", "bundle"),
        "index.yaml: products[master-set]: kind: unknown value 'bundle'",
    ),
    (
        "unknown index key",
        _set(lambda f: f["index.yaml"], "extra", 1),
        "index.yaml: index: extra: unknown key",
    ),
    (
        "faction listed without a file",
        lambda f: f["index.yaml"]["factions"].append("ice-trolls"),
        "ice-trolls.yaml: file: path: faction 'ice-trolls' is in index.yaml",
    ),
    (
        "file not listed in the index",
        lambda f: f.update({"ice-trolls.yaml": {"slug": "ice-trolls"}}),
        "ice-trolls.yaml: file: name: not listed in index.yaml factions",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [pytest.param(m, e, id=name) for name, m, e in MALFORMED],
)
def test_malformed_catalog_fails_precisely(
    tmp_path: Path, mutate: Callable[[Files], None], expected: str
) -> None:
    data_dir = _fixture(tmp_path, mutate)
    with pytest.raises(CatalogError) as info:
        load_catalog(data_dir)
    assert str(info.value).startswith(expected), str(info.value)
    file, where, field = expected.split(": ")[:3]
    assert (info.value.file, info.value.where, info.value.field) == (file, where, field)


def test_fixture_itself_is_valid(tmp_path: Path) -> None:
    small = load_catalog(_fixture(tmp_path))
    assert list(small.factions) == ["polar-dwarves"]
    assert small.faction_deck("polar-dwarves").size() == 34


def test_stats_unknown_unit_is_accepted(tmp_path: Path) -> None:
    def mutate(files: Files) -> None:
        _card(files, "ice-smith").update(
            life=None, strength=None, notes="stats unknown (test)"
        )

    small = load_catalog(_fixture(tmp_path, mutate))
    smith = small.card("ice-smith")
    assert smith.life is None and not smith.stats_known


def test_duplicate_yaml_key_is_rejected(tmp_path: Path) -> None:
    data_dir = _fixture(tmp_path)
    path = data_dir / PD
    path.write_text(path.read_text() + "slug: polar-dwarves\n")
    with pytest.raises(CatalogError, match=rf"^{PD}: document: yaml: .*duplicate key"):
        load_catalog(data_dir)


def test_yaml_syntax_error(tmp_path: Path) -> None:
    data_dir = _fixture(tmp_path)
    (data_dir / "neutral.yaml").write_text("cards: [\n")
    with pytest.raises(CatalogError, match=r"^neutral\.yaml: document: yaml: "):
        load_catalog(data_dir)
