"""``python -m engine.bench [--json] [--random-games N] [--greedy-games N]
[--planner-games N] [--warmup N] [--profile AGENT | --compare | --base REV]
[--rounds N] [--instructions N]``: engine throughput (the benchmark, and what its
figures mean: :mod:`engine.tools.bench`).

``--base REV`` plays the benchmark with the engine of git revision REV (a temporary
worktree, removed afterwards) and with this working tree's, both pure, alternating
over ``--rounds`` rounds, and reports ``random_speedup``, ``greedy_speedup`` and
``planner_speedup`` (current games/s over REV's, median of the rounds)::

    python -m engine.bench --base 24edb14 --rounds 3 --json

``--base REV --instructions N`` counts the instructions of N benchmark games per agent
under valgrind instead of timing them (``<agent>_instruction_ratio``, REV's over the
working tree's): a measure of work that a noisy machine does not blur::

    python -m engine.bench --base HEAD --instructions 2 --json
"""

from __future__ import annotations

import argparse
import json

from engine.tools.bench import (
    bench,
    compare,
    compare_base,
    compare_instructions,
    profile,
)


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
    side = ap.add_mutually_exclusive_group()
    side.add_argument(
        "--compare",
        action="store_true",
        help="pure and compiled builds side by side (child processes)",
    )
    side.add_argument(
        "--base",
        metavar="REV",
        help="the engine of git revision REV (a temporary worktree) against this "
        "working tree's, both pure, alternately; speed-ups are current/REV",
    )
    ap.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of --compare or --base (default 3)",
    )
    ap.add_argument(
        "--instructions",
        type=int,
        metavar="N",
        help="with --base: count the instructions of N games per agent under "
        "valgrind (work, not time) instead of timing rounds",
    )
    ns = ap.parse_args(argv)
    if ns.instructions is not None:
        if not ns.base:
            ap.error("--instructions needs --base REV")
        if ns.instructions < 1:
            ap.error("--instructions must be at least 1")
        res = compare_instructions(ns.base, ns.instructions)
        print(json.dumps(res, sort_keys=True) if ns.json else res)
        return 0
    if ns.compare or ns.base:
        if ns.rounds < 1:
            ap.error("--rounds must be at least 1")
        child = [
            f"--random-games={ns.random_games}",
            f"--greedy-games={ns.greedy_games}",
            f"--planner-games={ns.planner_games}",
            f"--warmup={ns.warmup}",
        ]
        if ns.base:
            res = compare_base(ns.base, ns.rounds, child)
        else:
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
