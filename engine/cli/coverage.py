"""``python -m engine.coverage [--json | --markdown] [--ruleset NAME]``: ability
coverage per faction (what is measured, and the JSON keys:
:mod:`engine.tools.coverage`)."""

from __future__ import annotations

import argparse
import json

from engine.rulesets import DEFAULT_RULESET, ruleset_names
from engine.tools.coverage import coverage, markdown_table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.coverage")
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true")
    out.add_argument("--markdown", action="store_true", help="the README table")
    ap.add_argument("--ruleset", default=DEFAULT_RULESET, choices=ruleset_names())
    ns = ap.parse_args(argv)
    cov = coverage(ruleset=ns.ruleset)
    if ns.json:
        print(json.dumps(cov, indent=1, sort_keys=True))
        return 0
    if ns.markdown:
        print(markdown_table(cov))
        return 0
    tested = "unknown" if cov["tested"] is None else cov["tested"]
    print(f"implemented {cov['implemented']} of {cov['cards']} cards, tested {tested}")
    if cov["tested_note"]:
        print(f"note: {cov['tested_note']}")
    for slug, f in cov["factions"].items():
        t = "unknown" if f["tested"] is None else f["tested"]
        low = len(f["low_confidence"])
        note = f" ({low} from low-confidence data)" if low else ""
        print(f"{slug}: {f['implemented']}/{f['cards']}{note}, tested {t}")
        for m in f["missing"]:
            reasons = ", ".join(f"{a['id']} ({a['reason']})" for a in m["abilities"])
            print(f"  - {m['name']}: {reasons}")
        for u in f["untested"] or ():
            print(f"  - {u['name']}: untested {', '.join(u['abilities'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
