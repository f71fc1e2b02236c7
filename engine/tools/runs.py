"""A simulation run, summarised and replayed: :func:`summarize` (the JSON of
``python -m engine.simulate --json``, the same keys the site reports) and
:func:`save_replay` (one of the run's games, played again with its log recorded and
written as a replay file). The command is :mod:`engine.cli.simulate`."""

from __future__ import annotations

from typing import Any

import engine
from engine.core.game import GameDeck
from engine.core.play import GameResult, derive_seed
from engine.core.types import Rules
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
