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
from typing import Any

import engine
from engine.agents import AGENTS
from engine.core.game import GameDeck
from engine.core.types import Rules
from engine.deckbuilding.resolve import low_confidence_cards
from engine.play import GameResult, derive_seed, play_many
from engine.rulesets import DEFAULT_RULESET, ruleset_names
from engine.tools.stats import wilson


def summarize(
    results: list[GameResult],
    *,
    seed: int,
    deck_a: str,
    deck_b: str,
    agent_a: str,
    agent_b: str,
    swap: bool,
    ruleset: str,
    low_confidence: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """The CLI's JSON. ``low_confidence``: per side, the deck's cards played from
    low-confidence catalog data
    (:func:`engine.deckbuilding.resolve.low_confidence_cards`)."""
    n = len(results)
    wins_a = sum(1 for r in results if r.winner == "a")
    wins_b = sum(1 for r in results if r.winner == "b")
    draws = n - wins_a - wins_b
    decided = [r for r in results if r.winner is not None]
    fp_wins = sum(1 for r in decided if r.winner == r.first_player)
    terms: dict[str, int] = {}
    for r in results:
        terms[r.termination] = terms.get(r.termination, 0) + 1
    missing: list[str] = []
    for r in results:
        for m in r.missing_abilities:
            if m not in missing:
                missing.append(m)
    lo, hi = wilson(wins_a, n)
    stats: dict[str, dict[str, dict[str, int]]] = {"a": {}, "b": {}}
    for r in results:
        for seat, per in r.card_stats.items():
            for slug, d in per.items():
                acc = stats[seat].setdefault(
                    slug, {"summoned": 0, "destroyed": 0, "damage": 0}
                )
                for k, v in d.items():
                    acc[k] += v
    return {
        "deck_a": deck_a,
        "deck_b": deck_b,
        "agent_a": agent_a,
        "agent_b": agent_b,
        "ruleset": ruleset,
        "engine_build": engine.BUILD,
        "games": n,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "win_rate_a": wins_a / n if n else 0.0,
        "ci95": [lo, hi],
        "avg_turns": sum(r.turns for r in results) / n if n else 0.0,
        "seed": seed,
        "swap": swap,
        "first_player_win_rate": fp_wins / len(decided) if decided else 0.0,
        "terminations": terms,
        "partial": any(r.partial for r in results),
        "missing_abilities": missing,
        "low_confidence_cards": low_confidence or {"a": [], "b": []},
        "setup_defaults_used": {
            "a": any(r.setup_defaults_used[0] for r in results),
            "b": any(r.setup_defaults_used[1] for r in results),
        },
        "card_stats": stats,
    }


def save_replay(
    directory: str,
    deck_a: GameDeck,
    deck_b: GameDeck,
    *,
    seed: int,
    index: int,
    agent_a: str,
    agent_b: str,
    rules: Rules,
) -> str:
    from engine.agents import make_agent
    from engine.core.replay import replay_to_json, write_replay
    from engine.play import play_game, setup_game

    gs = derive_seed(seed, index)
    st = setup_game(deck_a, deck_b, seed=gs, rules=rules)
    agents = [
        make_agent(agent_a, derive_seed(gs, 1)),
        make_agent(agent_b, derive_seed(gs, 2)),
    ]
    play_game(st, agents, record=True)
    data = replay_to_json(
        (deck_a, deck_b),
        gs,
        st.log or [],
        rules=rules,
        agents=(agent_a, agent_b),
        final=st,
    )
    data["run_seed"] = seed
    data["game_index"] = index
    path = write_replay(f"{directory}/game-{seed}-{index}.json", data)
    return str(path)


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
    if ns.agent_a is None or ns.agent_b is None:
        from engine.ladder import cli_default_agent

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
