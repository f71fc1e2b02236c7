"""``python -m engine.catalog [DATA_DIR]``: validate the catalog YAML and print a
per-faction summary (the loader is :mod:`engine.deckbuilding.catalog`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# (load_catalog is still imported from the old module name engine.catalog, this
# module; new code imports engine.deckbuilding.catalog)
from engine.deckbuilding.catalog import CatalogError, load_catalog, summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.catalog", description=__doc__)
    ap.add_argument(
        "data_dir",
        nargs="?",
        metavar="DATA_DIR",
        help="a catalog folder (default: the package's, cards/data)",
    )
    ns = ap.parse_args(argv)
    try:
        catalog = load_catalog(Path(ns.data_dir) if ns.data_dir else None)
    except CatalogError as exc:
        print(f"catalog invalid: {exc}", file=sys.stderr)
        return 1
    print(f"{'faction':<18} {'cards':>5} {'complete':>8} {'deck':>4} {'setup':>5}")
    for slug, n, complete, deck, setup in summary(catalog):
        yn = {True: "y", False: "n"}
        print(f"{slug:<18} {n:>5} {complete:>8} {yn[deck]:>4} {yn[setup]:>5}")
    neutral = sum(1 for c in catalog.cards.values() if c.faction is None)
    print(
        f"{len(catalog.cards)} cards ({neutral} neutral), {len(catalog.factions)} "
        f"factions, {len(catalog.products)} products: OK"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
