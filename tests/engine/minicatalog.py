"""A small hand-built catalog for the deck construction and deck text tests
(test_construction.py, test_decktext.py): the Polar Dwarves faction deck of R9 (its
cards and counts as the rulebook example gives them) and helpers to add cards and
factions, so those tests do not depend on the state of cards/data; and
:func:`real_catalog` / :func:`real_decks` for the checks that run over the real
catalog once it exists."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.core.types import (
    AttackType,
    CardClass,
    CardDef,
    CardType,
    Confidence,
    DeckEntry,
    DeckList,
    FactionDef,
)

ROOT = Path(__file__).resolve().parents[2]
C = CardClass
U, E, S = CardType.UNIT, CardType.EVENT, CardType.STRUCTURE


def card(
    slug: str,
    ctype: CardType,
    classes: tuple[CardClass, ...],
    symbols: tuple[str, ...] = (),
    *,
    name: str | None = None,
    faction: str | None = "polar-dwarves",
    cost: int | None = 0,
    life: int | None = None,
    symbols_known: bool = True,
) -> CardDef:
    """A card without abilities: units have strength 2, melee, life 5 unless given;
    summoners have no cost."""
    unit = ctype is CardType.UNIT
    return CardDef(
        slug=slug,
        name=name or slug.replace("-", " ").title(),
        faction=faction,
        card_type=ctype,
        classes=classes,
        cost=None if C.SUMMONER in classes else cost,
        strength=2 if unit else None,
        life=life if life is not None else (5 if unit else None),
        attack_type=AttackType.MELEE if unit else None,
        symbols=symbols,
        symbols_known=symbols_known,
        phase=None,
        active=False,
        abilities=(),
        confidence=Confidence.HIGH,
    )


@dataclass
class MiniCatalog:
    """The two mappings of :class:`engine.catalog.Catalog` the tested code reads."""

    cards: dict[str, CardDef] = field(default_factory=dict)
    factions: dict[str, FactionDef] = field(default_factory=dict)


def faction(
    slug: str,
    summoner: str,
    starting: tuple[tuple[str, int], ...],
    epics: tuple[tuple[str, int | None], ...],
    symbols: tuple[str, ...],
    deck: dict[str, int] | None = None,
    *,
    name: str | None = None,
) -> FactionDef:
    """A faction; ``deck`` (card slug -> count) becomes its faction deck list."""
    name = name or slug.replace("-", " ").title()
    return FactionDef(
        slug=slug,
        name=name,
        product="master-set",
        wave=None,
        build_symbols=symbols,
        summoner=summoner,
        starting_units=starting,
        epic_events=epics,
        setup=None,
        deck=None
        if deck is None
        else DeckList(name, summoner, tuple(DeckEntry(s, n) for s, n in deck.items())),
        deck_confidence=Confidence.HIGH,
        data_status="complete",
    )


# The Polar Dwarves faction deck (the R9 example).
POLAR: dict[str, int] = {
    "svara": 1,
    "starting-gate": 1,
    "gate": 3,
    "frost-mage": 5,  # 1 starting unit + 4 commons
    "ice-golem": 5,  # 1 starting unit + 4 commons
    "ice-ram": 2,
    "parapet": 2,
    "ice-repair": 2,
    "glacial-shift": 2,
    "nadiana": 1,
    "ollag": 1,
    "jarmund": 1,
    "bear-cavalry": 4,
    "ice-smith": 4,
}


def gates() -> list[CardDef]:
    """The generic gates: the 10-life starting gate and the 5-life gate."""
    return [
        card("starting-gate", S, (C.STRUCTURE, C.GATE), faction=None, life=10),
        card("gate", S, (C.STRUCTURE, C.GATE), faction=None, life=5),
    ]


def polar_cards() -> list[CardDef]:
    """The Polar Dwarves cards of :data:`POLAR` (gates not included)."""
    return [
        card("svara", U, (C.SUMMONER,), ("Martial", "Logic", "Water")),
        card("nadiana", U, (C.CHAMPION,), ("Water",), cost=6),
        card("ollag", U, (C.CHAMPION,), ("Logic",), cost=5),
        card("jarmund", U, (C.CHAMPION,), ("Logic", "Water"), cost=5),
        card("frost-mage", U, (C.COMMON,), ("Water",), cost=1),
        card("ice-golem", U, (C.COMMON, C.STRUCTURE), ("Logic",), cost=2),
        card("bear-cavalry", U, (C.COMMON,), ("Water",), cost=3),
        card("ice-smith", U, (C.COMMON,), ("Logic",), cost=0),
        card("ice-ram", E, (C.EPIC,)),
        card("parapet", E, (C.STANDARD, C.STRUCTURE), ("Logic",)),
        card("ice-repair", E, (C.STANDARD,), ("Logic", "Water")),
        card("glacial-shift", E, (C.STANDARD,), ("Water",)),
    ]


def polar_faction() -> FactionDef:
    """The Polar Dwarves faction with :data:`POLAR` as its deck."""
    return faction(
        "polar-dwarves",
        "svara",
        (("frost-mage", 1), ("ice-golem", 1)),
        (("ice-ram", 2),),
        ("Water", "Logic"),
        POLAR,
    )


# -- the real catalog ------------------------------------------------------------------
def real_catalog() -> Any:
    """The real catalog (engine.catalog over cards/data); skips the test while it is
    not there."""
    data = ROOT / "cards" / "data"
    if not [p for p in data.glob("*.yaml") if p.stem not in {"index", "neutral"}]:
        pytest.skip("cards/data has no faction files yet")
    try:
        from engine.deckbuilding.catalog import load_catalog
    except ImportError as exc:
        pytest.skip(f"engine.catalog is not there yet ({exc})")
    return load_catalog()


def real_decks() -> list[Any]:
    """``pytest.param`` per faction of the real catalog with a deck list (for
    ``parametrize``; a missing or broken catalog gives one skipped/failing param)."""
    try:
        catalog = real_catalog()
    except pytest.skip.Exception as exc:
        return [pytest.param(None, marks=pytest.mark.skip(reason=str(exc)))]
    except Exception:  # a broken catalog fails the test below, not the collection
        return [pytest.param(None, id="catalog-loads")]
    slugs = [s for s, f in catalog.factions.items() if f.deck is not None]
    return [pytest.param(s, id=s) for s in slugs]
