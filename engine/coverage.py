"""Ability coverage per faction: ``python -m engine.coverage [--json]``.

For every faction in the catalog: how many distinct cards, how many the engine plays in
full, and the missing ones with the reason ("no implementation" / "text unknown").
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from engine.abilities import is_fully_implemented, missing_reasons

if TYPE_CHECKING:
    from engine.catalog import Catalog


def coverage(catalog: Catalog | None = None) -> dict[str, Any]:
    from engine.decks import default_catalog

    cat = catalog or default_catalog()
    factions: dict[str, Any] = {}
    for slug in cat.factions:
        cards = cat.cards_of(slug)
        missing = []
        for c in cards:
            if not is_fully_implemented(c):
                missing.append(
                    {
                        "card": c.slug,
                        "name": c.name,
                        "abilities": [
                            {"id": a, "reason": r} for a, r in missing_reasons(c)
                        ],
                    }
                )
        factions[slug] = {
            "cards": len(cards),
            "implemented": len(cards) - len(missing),
            "missing": missing,
            "deck_known": cat.factions[slug].deck is not None,
        }
    total = sum(f["cards"] for f in factions.values())
    done = sum(f["implemented"] for f in factions.values())
    return {"cards": total, "implemented": done, "factions": factions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.coverage")
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args(argv)
    cov = coverage()
    if ns.json:
        print(json.dumps(cov, indent=1, sort_keys=True))
        return 0
    print(f"implemented {cov['implemented']} of {cov['cards']} cards")
    for slug, f in cov["factions"].items():
        print(f"{slug}: {f['implemented']}/{f['cards']}")
        for m in f["missing"]:
            reasons = ", ".join(f"{a['id']} ({a['reason']})" for a in m["abilities"])
            print(f"  - {m['name']}: {reasons}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
