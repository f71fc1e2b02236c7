"""``python -m engine.bench [--json] [--games N] [--profile]``: engine throughput (the
benchmark, and what its figures mean: :mod:`engine.tools.bench`)."""

from __future__ import annotations

import argparse
import json

from engine.tools.bench import bench, compare, profile


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--random-games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=60)
    ap.add_argument(
        "--planner-games",
        type=int,
        default=30,
        help="planner games timed (when the planner agent is registered)",
    )
    ap.add_argument(
        "--warmup",
        type=int,
        default=5,
        help="untimed games per matchup and agent before timing (default 5)",
    )
    ap.add_argument("--profile", choices=["random", "greedy", "planner"])
    ap.add_argument(
        "--compare",
        action="store_true",
        help="pure and compiled builds side by side (child processes)",
    )
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --compare")
    ns = ap.parse_args(argv)
    if ns.compare:
        child = [
            f"--random-games={ns.random_games}",
            f"--greedy-games={ns.greedy_games}",
            f"--planner-games={ns.planner_games}",
            f"--warmup={ns.warmup}",
        ]
        res = compare(ns.rounds, child)
        print(json.dumps(res, sort_keys=True) if ns.json else res)
        return 0
    if ns.profile:
        games = {
            "random": ns.random_games,
            "greedy": ns.greedy_games,
            "planner": ns.planner_games,
        }[ns.profile]
        profile(ns.profile, games, ns.warmup).print_stats(25)
        return 0
    out = bench(ns.random_games, ns.greedy_games, ns.warmup, ns.planner_games)
    if ns.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
