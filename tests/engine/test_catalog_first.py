"""The first-edition catalog loader (engine/deckbuilding/catalog_walls.py): the real
data loads with every reference card's 9 events, and malformed data fails loudly with
``file: where: field: problem``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from engine.deckbuilding.catalog import DATA_DIR, CatalogError, load_catalog

FIRST = DATA_DIR / "first"


def test_real_first_edition_catalog() -> None:
    cat = load_catalog(ruleset="first")
    assert len(cat.factions) == 16 and len(cat.summoners) == 24
    assert all(sum(n for _, n in sd.events) == 9 for sd in cat.summoners.values())
    assert cat.ruleset == "first" and cat.cards["wall"].life == 9
    assert cat.cards["ice-wall"].life == 3
    # the second edition's catalog is untouched and stays the default
    assert load_catalog().ruleset == "" and "the-demagogue" not in load_catalog().cards


def _copy(tmp_path: Path) -> Path:
    out = tmp_path / "first"
    shutil.copytree(FIRST, out)
    return out


def _edit(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


@pytest.mark.parametrize(
    ("label", "change", "where"),
    [
        (
            "events-not-nine",
            lambda d: d["summoners"][0]["events"].pop(),
            "a reference card lists 9 events",
        ),
        (
            "setup-off-half",
            lambda d: d["summoners"][0]["setup"].update(wall=[5, 1]),
            "rows 0-3",
        ),
        (
            "unknown-key",
            lambda d: d["cards"][0].update(colour="red"),
            "unknown key",
        ),
        (
            "slug-not-name",
            lambda d: d["cards"][0].update(slug="somebody"),
            "must be one of",
        ),
        (
            "unit-without-life",
            lambda d: d["cards"][0].update(life=None),
            "strength, life and attack type",
        ),
    ],
)
def test_malformed_data_fails_loudly(tmp_path: Path, label, change, where) -> None:  # type: ignore[no-untyped-def]
    data_dir = _copy(tmp_path)
    _edit(data_dir / "tundra-orcs.yaml", change)
    with pytest.raises(CatalogError) as exc:
        load_catalog(data_dir, ruleset="first")
    assert where in str(exc.value) and "tundra-orcs.yaml" in str(exc.value)
