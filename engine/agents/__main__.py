"""``python -m engine.agents --table [--games N] [--factions ...] [--json]``: agent
strength tables (:mod:`engine.tools.measure`)."""

from __future__ import annotations

from engine.tools.measure import MASTER_SET, agents_table, format_table


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import time

    ap = argparse.ArgumentParser(prog="python -m engine.agents")
    ap.add_argument("--table", action="store_true", help="agent strength tables")
    ap.add_argument("--games", type=int, default=10, help="seeds per faction pair")
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--no-matrix", action="store_true", help="skip greedy vs greedy")
    ap.add_argument(
        "--factions",
        default=",".join(MASTER_SET),
        help="comma-separated faction slugs (default: the Master Set six)",
    )
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args(argv)
    if not ns.table:
        ap.print_help()
        return 2
    c0 = time.process_time()
    facs = tuple(f.strip() for f in ns.factions.split(",") if f.strip())
    res = agents_table(ns.games, ns.seed, facs, matrix=not ns.no_matrix)
    res["cpu_seconds"] = round(time.process_time() - c0, 1)
    print(json.dumps(res, sort_keys=True) if ns.json else format_table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
