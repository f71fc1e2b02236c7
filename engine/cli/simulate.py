"""``python -m engine.simulate --a DECK --b DECK --games N --seed S [--agent-a greedy]
[--agent-b greedy] [--ruleset second|first] [--swap] [--save-replay DIR
[--replay-game I]] --json``

DECK is a faction slug (its faction deck) or a path to a deck text file (parsed with
:mod:`engine.deckbuilding.decktext`). Agents default to the strongest agent on the
stored strength ladder that plays at least ``engine.ladder.CLI_MIN_GAMES_PER_S``
games per second (:func:`engine.ladder.cli_default_agent`); the output names the
agent of each side. Game ``i`` uses seed
``derive_seed(S, i)``; ``--swap`` plays each seed a second time with the seats
exchanged. Same inputs give identical numbers and action logs in any process.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.agents import AGENTS
from engine.core.types import Rules
from engine.deckbuilding.resolve import low_confidence_cards
from engine.play import play_many
from engine.rulesets import DEFAULT_RULESET, ruleset_names

# (summarize is still imported from the old module name engine.simulate, this module,
# by the site's tests; new code imports engine.tools.runs)
from engine.tools.runs import save_replay, summarize


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m engine.simulate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--a", required=True, help="faction slug or deck text file")
    ap.add_argument("--b", required=True, help="faction slug or deck text file")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    default = "default: the strongest agent fast enough (engine.ladder)"
    ap.add_argument("--agent-a", choices=sorted(AGENTS), help=default)
    ap.add_argument("--agent-b", choices=sorted(AGENTS), help=default)
    ap.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"edition (known: {', '.join(ruleset_names())})",
    )
    ap.add_argument("--turn-cap", type=int, default=Rules().turn_cap)
    ap.add_argument("--swap", action="store_true", help="also play each seed swapped")
    ap.add_argument("--save-replay", metavar="DIR", help="write a replay file")
    ap.add_argument(
        "--replay-game",
        type=int,
        default=0,
        metavar="I",
        help="game index to save with --save-replay (default 0)",
    )
    ap.add_argument(
        "--allow-illegal",
        action="store_true",
        help="play deck files that break the construction rules (R9) anyway",
    )
    ap.add_argument(
        "--adjudicate",
        action="store_true",
        help="stop games whose result is no longer in doubt "
        "(engine.agents.adjudication)",
    )
    ap.add_argument("--threshold", type=float, help="adjudication: win chance to call")
    ap.add_argument("--adjudicate-turns", type=int, help="adjudication: turns in a row")
    ap.add_argument(
        "--check-share",
        type=float,
        help="adjudication: share of games played out to count false calls (1: all)",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ns = ap.parse_args(argv)
    if ns.ruleset not in ruleset_names():
        print(
            f"error: ruleset {ns.ruleset[:40]!r}: not supported yet; "
            f"supported: {', '.join(ruleset_names())}",
            file=sys.stderr,
        )
        return 2
    if ns.games < 0:
        ap.error("--games must be >= 0")
    from engine.deckbuilding.resolve import resolve_deck

    try:
        deck_a = resolve_deck(ns.a, allow_illegal=ns.allow_illegal, ruleset=ns.ruleset)
        deck_b = resolve_deck(ns.b, allow_illegal=ns.allow_illegal, ruleset=ns.ruleset)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rules = Rules(ruleset=ns.ruleset, turn_cap=ns.turn_cap)
    adjudicate = None
    if ns.adjudicate:
        from engine.agents.adjudication import Adjudication

        given = {
            "threshold": ns.threshold,
            "turns": ns.adjudicate_turns,
            "check_share": ns.check_share,
        }
        try:
            adjudicate = Adjudication(
                **{k: v for k, v in given.items() if v is not None}
            )
        except ValueError as exc:
            ap.error(str(exc))
    if ns.agent_a is None or ns.agent_b is None:
        from engine.agents.ladder import cli_default_agent

        ns.agent_a = ns.agent_a or cli_default_agent()
        ns.agent_b = ns.agent_b or cli_default_agent()
    results = play_many(
        deck_a,
        deck_b,
        seed=ns.seed,
        games=ns.games,
        agent_a=ns.agent_a,
        agent_b=ns.agent_b,
        swap=ns.swap,
        rules=rules,
        adjudicate=adjudicate,
    )
    out = summarize(
        results,
        seed=ns.seed,
        deck_a=ns.a,
        deck_b=ns.b,
        agent_a=ns.agent_a,
        agent_b=ns.agent_b,
        swap=ns.swap,
        ruleset=ns.ruleset,
        low_confidence={
            "a": low_confidence_cards(deck_a),
            "b": low_confidence_cards(deck_b),
        },
    )
    if adjudicate is not None:
        from engine.agents.adjudication import call_stats

        out["adjudication"] = {**adjudicate.as_json(), **call_stats(results)}
    if ns.save_replay:
        out["replay_file"] = save_replay(
            ns.save_replay,
            deck_a,
            deck_b,
            seed=ns.seed,
            index=ns.replay_game,
            agent_a=ns.agent_a,
            agent_b=ns.agent_b,
            rules=rules,
        )
    if ns.json:
        print(json.dumps(out, sort_keys=True))
    else:
        lo, hi = out["ci95"]
        print(
            f"{ns.a} vs {ns.b}: {out['wins_a']}-{out['wins_b']}-{out['draws']} "
            f"(win rate A {out['win_rate_a']:.3f}, 95% CI {lo:.3f}-{hi:.3f}), "
            f"avg {out['avg_turns']:.1f} turns, partial={out['partial']}, "
            f"played by {ns.agent_a} v {ns.agent_b}"
        )
        for side, slugs in out["low_confidence_cards"].items():
            if slugs:
                print(f"deck {side}: low-confidence card data: {', '.join(slugs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
