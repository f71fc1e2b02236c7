"""``python -m engine.agents --table [--games N] [--factions ...] [--json]``: agent
strength tables (:mod:`engine.tools.measure`).

``python -m engine.agents --matrix planner,greedy [--games N] [--factions ...]``: each
agent's faction matrix against itself (seat-swapped, Wilson intervals), the rankings
they give and the rank correlation between them.

``python -m engine.agents --vs-random [--ruleset first] [--games N] [--opponents K]
[--factions ...] [--json]``: greedy with each faction's deck against random with the
next K factions of the list (default 4), N seeds per pairing (default 5), seats
swapped: per faction win rate with its 95% Wilson interval. ``--ruleset first`` also
selects the first edition for ``--matrix``; its factions default to every playable
faction of that edition.

``python -m engine.agents --behaviour [--ruleset first] [--agent NAME[,NAME...]]
[--opponent NAME] [--games N] [--seed S] [--json]``: how each agent plays, from the
action logs of its games over the faction decks (:mod:`engine.tools.behaviour`, where
every figure is defined). ``--games`` counts deals (default 64: every ordered pair of
the eight faction decks once); an agent plays itself unless ``--opponent`` names
another, then each deal is played from both seats. ``--ruleset first`` plays the first
edition's faction decks (every playable faction; sample decks where no official one
is known). Default agents: every registered agent that
plays at least ``engine.ladder.CLI_MIN_GAMES_PER_S`` games per second by the ladder's
figure (slow searchers such as ``mcts`` only when named).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.tools.bench import cpu_seconds
from engine.tools.measure import MASTER_SET, agents_table, format_table


def format_reports(reports: Sequence[dict[str, Any]]) -> str:
    """A plain-text table: one column per agent."""
    names = [r["agent"] for r in reports]
    rows: list[tuple[str, list[str]]] = [
        (
            "games (seats observed)",
            [f"{r['games']} ({r['seat_games']})" for r in reports],
        ),
        (
            "events played / drawn",
            [
                f"{r['events']['played']}/{r['events']['drawn']} "
                f"({r['events']['played_pct']}%)"
                for r in reports
            ],
        ),
        (
            "attacks on own cards (gained nothing)",
            [
                f"{r['own_attacks']['total']} ({r['own_attacks']['gained_nothing']})"
                for r in reports
            ],
        ),
        (
            "both decks out: games (median turn)",
            [
                f"{r['decks_out']['pct']}% ({r['decks_out']['median_turn']})"
                for r in reports
            ],
        ),
        (
            "turns with no action",
            [
                f"{r['idle_turns']['pct']}% of {r['idle_turns']['turns']}"
                for r in reports
            ],
        ),
        (
            "lethal attacks left unmade",
            [
                f"{r['lethal']['unmade']} of {r['lethal']['turns_available']} turns"
                for r in reports
            ],
        ),
        (
            "magic at turn start (mean, max)",
            [
                f"{r['magic_at_turn_start']['mean']}, {r['magic_at_turn_start']['max']}"
                for r in reports
            ],
        ),
        (
            "cards held > 5 turns (per game)",
            [
                f"{r['held_over_5_turns']['cards']} "
                f"({r['held_over_5_turns']['per_game']})"
                for r in reports
            ],
        ),
    ]
    width = max(len(k) for k, _ in rows)
    cols = [max(len(n), *(len(v[i]) for _, v in rows)) for i, n in enumerate(names)]
    lines = [
        " " * width
        + " | "
        + " | ".join(n.ljust(w) for n, w in zip(names, cols, strict=True))
    ]
    for k, vals in rows:
        lines.append(
            k.ljust(width)
            + " | "
            + " | ".join(v.ljust(w) for v, w in zip(vals, cols, strict=True))
        )
    for r in reports:
        edition = f" ({r['ruleset']} edition)" if r.get("ruleset") else ""
        head = f"{r['agent']}{edition} by faction deck"
        lines += ["", f"{head} (events played; card types used):"]
        for f, v in r["by_faction"].items():
            used = ", ".join(f"{k} {n}" for k, n in v["card_types_used"].items())
            unused = f"; never: {', '.join(v['unused'])}" if v["unused"] else ""
            lines.append(
                f"  {f}: {v['events_played']}/{v['events_drawn']} "
                f"({v['events_played_pct']}%); {used}{unused}"
            )
        longest = r["held_over_5_turns"]["longest"]
        if longest:
            lines.append(
                f"  longest hold: {longest['card']} (cost {longest['cost']}), "
                f"{longest['turns']} turns"
            )
        lines += ["", f"{head} (per seat-game; summoner attacks per turn):"]
        lines += format_faction_table(r["by_faction"])
    return "\n".join(lines)


def format_faction_table(by_faction: dict[str, dict[str, Any]]) -> list[str]:
    """The per faction deck play figures of one report (its ``by_faction``): one
    line per faction deck, indented, columns aligned."""
    cols = (
        ("games", "games"),
        ("summons/g", "summons_per_game"),
        ("free summons/g", "free_summons_per_game"),
        ("discards/g", "discards_per_game"),
        ("unit discards/g", "unit_discards_per_game"),
        ("events/g", "events_played_per_game"),
        ("summoner attacks/turn", "summoner_attacks_per_turn"),
        ("magic unspent at end", "magic_unspent_at_end"),
    )
    rows = [[f, *(str(v.get(k, "")) for _, k in cols)] for f, v in by_faction.items()]
    head = ["faction", *(h for h, _ in cols)]
    widths = [max(len(x[i]) for x in (head, *rows)) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True))
        return "  " + " | ".join([first, *rest]).rstrip()

    return [line(head), *(line(x) for x in rows)]


def main(argv: list[str] | None = None) -> int:
    import argparse
    import json
    import sys

    ap = argparse.ArgumentParser(
        prog="python -m engine.agents",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--table", action="store_true", help="agent strength tables")
    ap.add_argument(
        "--behaviour", action="store_true", help="how each agent plays (see above)"
    )
    ap.add_argument(
        "--games",
        type=int,
        help="--table: seeds per faction pair (default 10); "
        "--behaviour: deals (default 64)",
    )
    ap.add_argument("--seed", type=int, help="default: 99 (--table), 13 (--behaviour)")
    ap.add_argument("--no-matrix", action="store_true", help="skip greedy vs greedy")
    ap.add_argument(
        "--factions",
        help="comma-separated faction slugs (default: the Master Set six for "
        "--table, all playable faction decks for --behaviour)",
    )
    ap.add_argument("--agent", help="--behaviour: agent(s) to observe")
    ap.add_argument("--opponent", help="--behaviour: the agent they play against")
    ap.add_argument(
        "--matrix",
        help="faction matrices of these agents (each against itself) with their "
        "rankings and rank correlations, e.g. planner,greedy",
    )
    ap.add_argument(
        "--vs-random",
        action="store_true",
        help="greedy vs random per faction, rotating opponents (see above)",
    )
    ap.add_argument(
        "--opponents", type=int, default=4, help="--vs-random: opponents per faction"
    )
    ap.add_argument(
        "--ruleset",
        default="",
        help="--matrix, --vs-random, --behaviour: the edition (e.g. first; default "
        "the second)",
    )
    ap.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="--matrix: worker processes (the same matrix for any number)",
    )
    ap.add_argument("--json", action="store_true")
    ns = ap.parse_args(argv)
    c0 = cpu_seconds()
    if ns.ruleset:
        from engine.rulesets import get_ruleset

        try:
            ns.ruleset = get_ruleset(ns.ruleset).name
        except ValueError:
            print(f"error: unknown ruleset {ns.ruleset!r}", file=sys.stderr)
            return 2
    if ns.vs_random:
        from engine.tools.measure import format_vs_random, greedy_vs_random

        vfacs = (
            tuple(f.strip() for f in ns.factions.split(",") if f.strip())
            if ns.factions
            else None
        )
        vr = greedy_vs_random(
            5 if ns.games is None else ns.games,
            99 if ns.seed is None else ns.seed,
            vfacs,
            ruleset=ns.ruleset,
            opponents=ns.opponents,
        )
        if ns.json:
            vr["cpu_seconds"] = round(cpu_seconds() - c0, 1)
            print(json.dumps(vr, sort_keys=True))
        else:
            print(format_vs_random(vr))
        return 0
    if ns.matrix:
        from engine.agents import AGENTS, ENGINE_ONLY
        from engine.tools.measure import faction_matrix, format_matrices

        names = [a.strip() for a in ns.matrix.split(",") if a.strip()]
        bad = [a for a in names if a not in AGENTS and a not in ENGINE_ONLY]
        if bad or not names:
            print(f"error: unknown agent(s) {bad}", file=sys.stderr)
            return 2
        if ns.factions:
            default = ns.factions
        elif ns.ruleset:
            from engine.deckbuilding.resolve import playable_factions

            default = ",".join(playable_factions(ruleset=ns.ruleset))
        else:
            default = ",".join(MASTER_SET)
        facs = tuple(f.strip() for f in default.split(",") if f.strip())
        mats = [
            faction_matrix(
                a,
                10 if ns.games is None else ns.games,
                99 if ns.seed is None else ns.seed,
                facs,
                ruleset=ns.ruleset,
                jobs=ns.jobs,
            )
            for a in names
        ]
        if ns.json:
            # (the pair workers' CPU too: they have been joined by now)
            out = {"matrices": mats, "cpu_seconds": round(cpu_seconds() - c0, 1)}
            print(json.dumps(out, sort_keys=True))
        else:
            print(format_matrices(mats))
        return 0
    if ns.behaviour:
        from engine.agents import AGENTS

        for name in [*(ns.agent or "").split(","), ns.opponent or ""]:
            if name.strip() and name.strip() not in AGENTS:
                print(f"error: unknown agent {name.strip()!r}", file=sys.stderr)
                return 2
        from engine.agents.ladder import fast_agents
        from engine.tools.behaviour import measure

        names = (
            [a.strip() for a in ns.agent.split(",") if a.strip()]
            if ns.agent
            else fast_agents()
        )
        chosen = [f.strip() for f in ns.factions.split(",")] if ns.factions else None
        reports = [
            measure(
                name,
                opponent=ns.opponent,
                deals=64 if ns.games is None else ns.games,
                seed=13 if ns.seed is None else ns.seed,
                factions=chosen,
                ruleset=ns.ruleset,
            ).to_json()
            for name in names
        ]
        if ns.json:
            out = {
                "agents": reports,
                "cpu_seconds": round(cpu_seconds() - c0, 1),
            }
            print(json.dumps(out, sort_keys=True))
        else:
            print(format_reports(reports))
        return 0
    if not ns.table:
        ap.print_help()
        return 2
    facs = tuple(
        f.strip() for f in (ns.factions or ",".join(MASTER_SET)).split(",") if f.strip()
    )
    res = agents_table(
        10 if ns.games is None else ns.games,
        99 if ns.seed is None else ns.seed,
        facs,
        matrix=not ns.no_matrix,
    )
    res["cpu_seconds"] = round(cpu_seconds() - c0, 1)
    print(json.dumps(res, sort_keys=True) if ns.json else format_table(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
