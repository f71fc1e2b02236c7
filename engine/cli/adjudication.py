"""``python -m engine.adjudication --games N [--agent planner] [--ruleset R]
[--seed S] [--jobs J] [--max-rate 0.01] [--traces FILE] [--json]``: calibrate
adjudication (:mod:`engine.agents.adjudication`) on played-out games
(:mod:`engine.tools.adjudication`).

Plays ``N`` games to their end, the judge recording seat 0's chance at every turn
boundary; then, for a grid of thresholds and streak lengths, counts the calls each
setting would have made, the false ones and the turns saved, chooses a setting on
half of the games and reports it on the other half.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from engine.agents import AGENTS
from engine.tools.adjudication import calibrate, traces


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.adjudication")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--agent", default="planner", choices=sorted(AGENTS))
    ap.add_argument("--ruleset", default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-rate", type=float, default=0.01)
    ap.add_argument("--traces", help="also write the traces (JSON) to this file")
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args(argv)
    if ns.games < 2:
        ap.error("--games must be at least 2")
    got = traces(
        ns.games, seed=ns.seed, agent=ns.agent, ruleset=ns.ruleset, jobs=ns.jobs
    )
    if ns.traces:
        with open(ns.traces, "w", encoding="utf-8") as f:
            json.dump([asdict(t) for t in got], f)
    rep = {
        "agent": ns.agent,
        "ruleset": ns.ruleset,
        "seed": ns.seed,
        **calibrate(got, max_rate=ns.max_rate),
    }
    if ns.json:
        print(json.dumps(rep, indent=2))
        return 0
    print(
        f"{ns.games} {ns.agent} games: threshold, turns in a row, calls, false "
        "calls, turns saved (chosen on the even games)"
    )
    for g in rep["grid"]:
        print(
            f"{g['threshold']:.2f} {g['turns']} {g['calls']:5d} {g['false_calls']:4d} "
            f"{100 * g['turns_saved_share']:5.1f}%"
        )
    held = rep["held_out"]
    if held is None:
        print(f"no setting kept false calls at or below {100 * ns.max_rate:.1f}%")
    else:
        lo, hi = held["false_call_ci"]
        print(
            f"chosen: threshold {held['threshold']}, {held['turns']} turns: on the odd "
            f"games {held['false_calls']} false of {held['calls']} calls "
            f"[{100 * lo:.1f}%, {100 * hi:.1f}%], "
            f"{100 * held['turns_saved_share']:.1f}% of turns saved"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
