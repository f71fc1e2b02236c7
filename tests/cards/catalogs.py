"""Test catalogs for the cards app: a tiny catalog written as YAML in the
``cards/data/README.md`` schema, and a scaled-up synthetic catalog (N copies of every
faction) for the query-count tests. Plain functions; the fixtures are in conftest.py."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import yaml

from engine.core import types as et

# --------------------------------------------------------------- a tiny YAML catalog


def _unit(slug: str, name: str, classes: list[str], **kw: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "slug": slug,
        "name": name,
        "card_type": "unit",
        "classes": classes,
        "cost": None,
        "strength": 2,
        "life": 5,
        "attack_type": "melee",
        "symbols": ["Water"],
        "phase": None,
        "active": False,
        "abilities": [],
        "effect": None,
        "confidence": "high",
        "sources": ["test"],
        "notes": None,
    }
    card.update(kw)
    return card


def _event(slug: str, name: str, classes: list[str], **kw: Any) -> dict[str, Any]:
    return _unit(
        slug,
        name,
        classes,
        **{
            "card_type": "event",
            "cost": 1,
            "strength": None,
            "life": None,
            "attack_type": None,
            "phase": "magic",
            "effect": f"{name} does something.",
            **kw,
        },
    )


def mini_catalog_files() -> dict[str, dict[str, Any]]:
    """File name -> YAML document of a one-faction catalog (the test faction "frost"),
    with a full 34-card R9 deck."""
    index = {
        "symbols": ["Water", "Logic", "Martial"],
        "products": [
            {
                "slug": "frost-box",
                "name": "Frost Box",
                "kind": "faction_deck",
                "factions": ["frost"],
            }
        ],
        "factions": ["frost"],
    }
    gate = {
        "card_type": "structure",
        "cost": 0,
        "strength": None,
        "attack_type": None,
        "symbols": [],
    }
    neutral = {
        "cards": [
            _unit(
                "starting-gate", "Starting Gate", ["structure", "gate"], **gate, life=10
            ),
            _unit("gate", "Gate", ["structure", "gate"], **gate, life=5),
        ]
    }
    cards = [
        _unit(
            "yeti-queen",
            "Yeti Queen",
            ["summoner"],
            strength=3,
            life=12,
            attack_type="ranged",
            symbols=["Martial", "Water", "Logic"],
            abilities=[{"name": "Blizzard Call", "text": "Push a unit 1 space."}],
        ),
        _unit("old-bear", "Old Bear", ["champion"], cost=5, life=7),
        _unit(
            "rime-witch",
            "Rime Witch",
            ["champion"],
            cost=6,
            life=6,
            attack_type="ranged",
            symbols=["Logic"],
        ),
        _unit("glacier-knight", "Glacier Knight", ["champion"], cost=4, life=8),
        _unit(
            "snow-archer",
            "Snow Archer",
            ["common"],
            cost=1,
            strength=1,
            life=3,
            attack_type="ranged",
            abilities=[{"name": "Frost Arrow", "text": "Gains 1 strength."}],
        ),
        _unit(
            "tundra-scout",
            "Tundra Scout",
            ["common"],
            cost=0,
            life=2,
            symbols=["Logic"],
        ),
        _unit("frost-hound", "Frost Hound", ["common"], cost=2, life=4),
        _unit(
            "ice-brute",
            "Ice Brute",
            ["common"],
            cost=3,
            strength=None,
            life=None,
            symbols=None,
            abilities=[{"name": "Smash", "text": None}],
            notes="stats unknown: only the name and cost are known.",
        ),
        _event("avalanche", "Avalanche", ["epic"], cost=2),
        _event("cold-front", "Cold Front", ["standard"], phase="move"),
        _event("ice-shield", "Ice Shield", ["standard"], symbols=["Logic"]),
        _event("snow-drift", "Snow Drift", ["standard"], phase="attack"),
    ]

    def entry(card: str, count: int, role: str) -> dict[str, Any]:
        return {"card": card, "count": count, "role": role}

    entries = [
        entry("yeti-queen", 1, "summoner"),
        entry("starting-gate", 1, "starting_gate"),
        entry("gate", 3, "gate"),
        entry("snow-archer", 1, "starting_unit"),
        entry("tundra-scout", 1, "starting_unit"),
        entry("avalanche", 2, "epic_event"),
        entry("cold-front", 2, "standard_event"),
        entry("ice-shield", 2, "standard_event"),
        entry("snow-drift", 2, "standard_event"),
        entry("old-bear", 1, "champion"),
        entry("rime-witch", 1, "champion"),
        entry("glacier-knight", 1, "champion"),
        entry("snow-archer", 4, "common"),
        entry("tundra-scout", 4, "common"),
        entry("frost-hound", 4, "common"),
        entry("ice-brute", 4, "common"),
    ]
    frost = {
        "slug": "frost",
        "name": "Frost Clan",
        "product": "frost-box",
        "wave": None,
        "build_symbols": ["Water", "Logic"],
        "summoner": "yeti-queen",
        "data_status": "partial",
        "notes": None,
        "sources": ["test"],
        "starting_units": [
            {"card": "snow-archer", "copies": 1},
            {"card": "tundra-scout", "copies": 1},
        ],
        "epic_events": [{"card": "avalanche", "copies": 2}],
        "setup": {
            "summoner": [0, 3],
            "gate": [2, 3],
            "units": [
                {"card": "snow-archer", "at": [2, 2]},
                {"card": "tundra-scout", "at": [1, 4]},
            ],
            "confidence": "low",
            "source": "test",
        },
        "deck": {"confidence": "medium", "source": "test", "entries": entries},
        "cards": cards,
    }
    return {"index.yaml": index, "neutral.yaml": neutral, "frost.yaml": frost}


def remove_card(files: dict[str, dict[str, Any]], slug: str) -> None:
    """Drop a common card from the mini catalog (and from its deck and setup)."""
    frost = files["frost.yaml"]
    frost["cards"] = [c for c in frost["cards"] if c["slug"] != slug]
    frost["deck"] = None
    frost["starting_units"] = []
    frost["setup"]["units"] = [u for u in frost["setup"]["units"] if u["card"] != slug]


def write_catalog(path: Path, files: dict[str, dict[str, Any]]) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    for name, doc in files.items():
        (path / name).write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


# ------------------------------------------------------- a scaled synthetic catalog


@dataclasses.dataclass
class ScaledCatalog:
    """Duck-types ``engine.catalog.Catalog`` for ``catalog_load``."""

    cards: dict[str, et.CardDef]
    factions: dict[str, et.FactionDef]
    products: dict[str, et.ProductDef]
    symbols: tuple[str, ...]


def scaled_catalog(catalog: Any, factor: int) -> ScaledCatalog:
    """``factor`` copies of every faction and its cards (copy 0 is the original);
    neutral cards and products are kept once."""
    cards: dict[str, et.CardDef] = {
        s: c for s, c in catalog.cards.items() if c.faction is None
    }
    factions: dict[str, et.FactionDef] = {}
    for k in range(factor):
        sfx = "" if k == 0 else f"-x{k}"

        def ren(slug: str, sfx: str = sfx) -> str:
            card = catalog.cards.get(slug)
            return slug if card is not None and card.faction is None else slug + sfx

        for f in catalog.factions.values():
            for c in catalog.cards.values():
                if c.faction != f.slug:
                    continue
                cards[c.slug + sfx] = dataclasses.replace(
                    c,
                    slug=c.slug + sfx,
                    name=c.name + (f" {k}" if k else ""),
                    faction=f.slug + sfx,
                    abilities=tuple(
                        dataclasses.replace(a, id=ren(c.slug) + "." + a.id) if k else a
                        for a in c.abilities
                    ),
                )
            deck = f.deck
            if deck is not None and k:
                deck = dataclasses.replace(
                    deck,
                    summoner=ren(deck.summoner),
                    entries=tuple(
                        dataclasses.replace(e, card=ren(e.card)) for e in deck.entries
                    ),
                )
            setup = f.setup
            if setup is not None and k:
                setup = dataclasses.replace(
                    setup, units=tuple((ren(s), p) for s, p in setup.units)
                )
            factions[f.slug + sfx] = dataclasses.replace(
                f,
                slug=f.slug + sfx,
                name=f.name + (f" {k}" if k else ""),
                summoner=ren(f.summoner) if f.summoner else None,
                deck=deck,
                setup=setup,
            )
    return ScaledCatalog(cards, factions, dict(catalog.products), catalog.symbols)
