"""``python -m engine.ladder``: the strength ladder (the library, whose docstring is
this command's help, is :mod:`engine.agents.ladder`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.agents import ladder


def format_text(res: dict[str, Any]) -> str:
    lines = [
        f"Ladder: {len(res['agents'])} agents, {res['deals']} deals per pairing "
        f"({res['games_per_pairing']} games, the agents swapped on each deal), "
        f"seed {res['seed']}, {len(res['factions'])} faction decks.",
        "",
        f"Elo ({res['anchor']} = 0; 95% interval; draws count half):",
    ]
    width = max(len(a) for a in res["agents"])
    for a in res["agents"]:
        e = res["elo"][a]
        lo, hi = e["ci95"]
        lines.append(
            f"  {a:<{width}}  {e['elo']:7.0f}  [{lo:.0f}, {hi:.0f}]  {e['games']} games"
        )
    lines += ["", "Head to head (first agent's score, 95% Wilson interval):"]
    for p in res["pairings"]:
        x, y = p["agents"]
        lo, hi = p["ci95"]
        lines.append(
            f"  {x} v {y}: {p['score_pct']}% [{lo}, {hi}] of {p['games']} games "
            f"({p['wins'][0]}-{p['wins'][1]}-{p['draws']}), {p['avg_turns']} turns"
        )
        facs = ", ".join(
            f"{f} {v['score_pct']}% [{v['ci95'][0]}, {v['ci95'][1]}]"
            for f, v in p["by_faction"][x].items()
        )
        lines.append(f"    {x}'s score by the deck it played: {facs}")
    return "\n".join(lines)


def _print_report(
    run: Callable[[], dict[str, Any]],
    as_json: bool,
    fmt: Callable[[dict[str, Any]], str],
) -> int:
    """Print ``run()``'s result (JSON or ``fmt``'s text); a bad argument is exit 2."""
    try:
        res = run()
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(res, indent=2) if as_json else fmt(res))
    return 0


def format_blind_spot(res: dict[str, Any]) -> str:
    plan, base = res["plan"], res["base"]
    lines = [
        f"Blind-spot test: {res['faction']} played by {plan['agent']} and by "
        f"{base['agent']} against {', '.join(res['opponents'])} "
        f"(played by {res['opponent_agent']}), {res['deals']} deals from both seats, "
        f"seed {res['seed']}.",
    ]
    for side in (plan, base):
        lo, hi = side["ci95"]
        per = ", ".join(
            f"{f} {v['score_pct']}%" for f, v in side["by_opponent"].items()
        )
        lines.append(f"  {side['agent']}: {side['score_pct']}% [{lo}, {hi}] ({per})")
    lo, hi = res["difference_ci95"]
    lines.append(
        f"  paired difference: {res['difference_points']:+} points [{lo:+}, {hi:+}]"
        + ("  -> a blind spot of the planner" if res["blind_spot"] else "")
    )
    return "\n".join(lines)


def format_paired(res: dict[str, Any]) -> str:
    lo, hi = res["difference_ci95"]
    rows = [
        f"Against {res['against']}, {res['games_each']} games each "
        f"(seed {res['seed']}):"
    ]
    for side in (res["new"], res["old"]):
        rows.append(
            f"  {side['agent']}: {side['score_pct']}% {side['ci95']}, "
            f"{side['cpu_seconds']} CPU s"
        )
    rows.append(
        f"  paired difference: {res['difference_points']:+} points "
        f"[{lo:+}, {hi:+}]; work ratio {res['work_ratio']}"
    )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    from engine.agents import AGENTS, ENGINE_ONLY

    ap = argparse.ArgumentParser(
        prog="python -m engine.ladder",
        description=ladder.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--agents",
        default=",".join(AGENTS),
        help=f"comma-separated agents (default: all the site offers, "
        f"{','.join(AGENTS)}; engine-only: {','.join(ENGINE_ONLY)})",
    )
    ap.add_argument(
        "--games",
        type=int,
        help="deals per pairing, each played twice (default "
        f"{ladder.DEFAULT_DEALS}, or the stored ladder's with --merge)",
    )
    ap.add_argument("--seed", type=int, help=f"default {ladder.DEFAULT_SEED}")
    ap.add_argument("--anchor", help="the agent rated 0 (default: greedy)")
    ap.add_argument("--factions", help="comma-separated faction slugs (default: all)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--write",
        nargs="?",
        const=str(ladder.DATA_FILE),
        metavar="PATH",
        help="also store the result, with each agent's speed, as the data file "
        "the simulations read (default path: engine/agents/ladder.json)",
    )
    ap.add_argument(
        "--merge",
        action="store_true",
        help="reuse the stored ladder's pairings (same seed, deals and factions): "
        "play only the pairings among --agents it lacks, and rate everyone",
    )
    ap.add_argument(
        "--speed-games",
        type=int,
        default=12,
        help="self-play games per agent timed for --write (default %(default)s)",
    )
    ap.add_argument(
        "--paired",
        metavar="NEW,OLD",
        help="instead of a ladder: NEW and OLD each against --against on the same "
        "deals, and the paired difference of their scores with its interval",
    )
    ap.add_argument("--against", default="greedy", help="--paired's opponent")
    ap.add_argument(
        "--blind-spot",
        metavar="PLAN",
        help="instead of a ladder: the scripted faction plan PLAN (plan:<faction>) "
        "and the planner, each playing that faction against --opponents (played by "
        "the planner) on the same deals, and the paired difference",
    )
    ap.add_argument(
        "--opponents",
        default="phoenix-elves,vanguards,polar-dwarves",
        help="--blind-spot's opponent faction decks (default %(default)s)",
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=1,
        help="--paired, --blind-spot: processes (default 1)",
    )
    ns = ap.parse_args(argv)
    facs = [f.strip() for f in ns.factions.split(",")] if ns.factions else None
    if ns.blind_spot:
        plan = ns.blind_spot.strip()
        if not plan.startswith("plan:"):
            print(
                "error: --blind-spot takes a plan agent, plan:<faction>",
                file=sys.stderr,
            )
            return 2
        return _print_report(
            lambda: ladder.blind_spot(
                plan,
                faction=plan.removeprefix("plan:"),
                opponents=[f.strip() for f in ns.opponents.split(",") if f.strip()],
                deals=ladder.DEFAULT_DEALS if ns.games is None else ns.games,
                seed=ladder.DEFAULT_SEED if ns.seed is None else ns.seed,
                workers=ns.workers,
            ),
            ns.json,
            format_blind_spot,
        )
    if ns.paired:
        names = [a.strip() for a in ns.paired.split(",") if a.strip()]
        if len(names) != 2:
            print("error: --paired takes two agents, NEW,OLD", file=sys.stderr)
            return 2
        return _print_report(
            lambda: ladder.paired(
                names[0],
                names[1],
                ns.against,
                deals=ladder.DEFAULT_DEALS if ns.games is None else ns.games,
                seed=ladder.DEFAULT_SEED if ns.seed is None else ns.seed,
                factions=facs,
                workers=ns.workers,
            ),
            ns.json,
            format_paired,
        )
    agents = [a.strip() for a in ns.agents.split(",") if a.strip()]
    known: list[dict[str, Any]] = []
    speeds: dict[str, float] = {}
    if ns.merge:
        data = ladder.load_data(Path(ns.write) if ns.write else None)
        if data is None:
            print("error: --merge: no stored ladder", file=sys.stderr)
            return 2
        ns.games = data["deals"] if ns.games is None else ns.games
        ns.seed = data["seed"] if ns.seed is None else ns.seed
        facs = facs or data["factions"]
        if (ns.games, ns.seed, facs) != (data["deals"], data["seed"], data["factions"]):
            print(
                f"error: --merge: the stored ladder played {data['deals']} deals from "
                f"seed {data['seed']} over {','.join(data['factions'])}",
                file=sys.stderr,
            )
            return 2
        known = data["pairings"]
        speeds = dict(data.get("games_per_s", {}))
    ns.games = ladder.DEFAULT_DEALS if ns.games is None else ns.games
    ns.seed = ladder.DEFAULT_SEED if ns.seed is None else ns.seed

    def progress(p: dict[str, Any]) -> None:
        x, y = p["agents"]
        print(f"{x} v {y}: {p['score_pct']}% of {p['games']}", file=sys.stderr)

    try:
        res = ladder.run_ladder(
            agents,
            deals=ns.games,
            seed=ns.seed,
            factions=facs,
            anchor=ns.anchor,
            progress=progress,
            known=known,
        )
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if ns.write:
        speeds = {
            a: speeds.get(a) or ladder.measure_speed(a, ns.speed_games)
            for a in res["agents"]
        }
        res["games_per_s"] = speeds
        res["data_file"] = str(ladder.write_data(res, speeds, Path(ns.write)))
    print(json.dumps(res, sort_keys=True) if ns.json else format_text(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
