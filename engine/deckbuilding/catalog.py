"""Load and validate the card catalog (``cards/data/*.yaml``) into engine value types.

Pure Python: only PyYAML and the standard library. This module must never import
Django, DRF, Celery or the project apps (cards, decks, simulate, sw_site).

Layout of the data directory (schema in ``cards/data/README.md``): ``index.yaml``
(build symbols, products, ordered faction slugs), ``neutral.yaml`` (the generic gates)
and one ``<faction-slug>.yaml`` per faction listed in the index, and nothing else.

Invariants guaranteed by :func:`load_catalog` (anything else raises
:class:`CatalogError`, message ``"<file>: <card or section>: <field>: <problem>"``):

* No unknown keys anywhere; every enum value (card_type, class, attack_type, phase,
  confidence, deck role, product kind) and every build symbol is known.
* A card slug equals ``slugify(name)``; slugs are unique across cards, factions and
  products together.
* Class words agree with the card type (summoner/champion/common are units,
  standard/epic are events, ``gate`` implies ``structure``); summoners have no cost;
  only units have strength or an attack type; only events have a phase, ACTIVE or an
  effect, and events have no named abilities.
* Life rule: a unit or structure either has its life, or it is a "stats unknown" card:
  its strength is null too and its ``notes`` contain the words "stats unknown". A cost
  or attack type alone may still be recorded (e.g. a cost quoted by a strategy text).
* Ability ids are ``"<card-slug>.<ability-name-slug>"`` and unique per card; an event's
  effect becomes the single ability ``AbilityDef(f"{slug}.effect", "Effect", text)``.
* Every card named by a faction (summoner, starting units, epic events, setup, deck)
  exists; setup spaces are on the 6x8 board and distinct.
* A faction deck has the R9 shape: 1 summoner, 1 starting gate, 3 gates, 2 starting
  units, 2 epic events, 6 standard events (max 2 copies each), 3 champions (1 each),
  16 commons (max 4 each) = 34 cards; each entry's card has the class its role needs,
  and the deck agrees with the faction's summoner, starting units and epic events.

``load_catalog()`` without an argument reads the package's own ``cards/data`` once and
caches the result; the returned objects are frozen and must be treated as read-only.
Run ``python -m engine.catalog`` to validate the data and print a per-faction summary.
"""

from __future__ import annotations

import functools
from pathlib import Path

from engine.core.ruleset import Ruleset
from engine.deckbuilding.catalog_loader import CatalogLoader
from engine.deckbuilding.catalog_schema import (
    DATA_DIR,
    DECK_SHAPE,
    Catalog,
    CatalogError,
    slugify,
)
from engine.deckbuilding.catalog_walls import WallsCatalogLoader
from engine.rulesets import get_ruleset

__all__ = [
    "DATA_DIR",
    "DECK_SHAPE",
    "Catalog",
    "CatalogError",
    "load_catalog",
    "slugify",
    "summary",
]


def load_catalog(
    data_dir: Path | None = None, *, ruleset: str | None = None
) -> Catalog:
    """Load and validate a catalog directory. Without ``data_dir``, load the package's
    catalog of ``ruleset`` (default: the default ruleset's ``cards/data``; another
    edition's lives in the subfolder its ruleset names), cached after the first call.
    Raises CatalogError on bad data and ValueError for an unknown ruleset."""
    rs = get_ruleset(ruleset)
    if data_dir is None:
        return _load_default(rs.name)
    return _loader(rs, Path(data_dir)).load()


def _loader(rs: Ruleset, data_dir: Path) -> CatalogLoader | WallsCatalogLoader:
    if rs.catalog_schema == "walls":
        return WallsCatalogLoader(data_dir, rs.name)
    return CatalogLoader(data_dir)


@functools.cache
def _load_default(name: str) -> Catalog:
    rs = get_ruleset(name)
    return _loader(rs, DATA_DIR / rs.catalog_dir if rs.catalog_dir else DATA_DIR).load()


def summary(catalog: Catalog) -> list[tuple[str, int, int, bool, bool]]:
    """Per faction: (slug, distinct cards, cards with complete stats, deck known,
    setup known)."""
    rows = []
    for slug, fac in catalog.factions.items():
        cards = catalog.cards_of(slug)
        complete = sum(1 for c in cards if c.stats_known)
        rows.append(
            (slug, len(cards), complete, fac.deck is not None, fac.setup is not None)
        )
    return rows
