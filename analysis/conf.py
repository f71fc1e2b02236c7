"""Limits and tuning of deck analyses (card values, swap suggestions), in one place.

Each value can be overridden by a Django setting of the same name prefixed with
``ANALYSIS_`` (e.g. ``ANALYSIS_MAX_GAMES``), read at call time so tests may override
it. The agent speeds that turn a budget into estimated CPU time are simulate's
(``simulate.agents.games_per_second``: the ladder's measured figures).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from engine.optimize.card_values import DEFAULT_BUDGET, SCREENING

DEFAULTS: dict[str, Any] = {
    # Games per analysis at most, and tighter caps for agents that search.
    "MAX_GAMES": 100_000,
    "MAX_GAMES_BY_AGENT": {"mcts": 2_000, "planner": 40_000},
    # The opponents when a request names none: faction slugs, or None for every
    # faction deck of the deck's edition.
    "FIELD": None,
    # The budget when a request names none (games): the engine's default, which
    # the planted-truth checks measure (docs/measurements/card-values.md).
    "DEFAULT_GAMES": DEFAULT_BUDGET,
    # The card value design: "screening" (every game tells about every card),
    # "groups" or "one-at-a-time" (engine.optimize.card_values.DESIGNS).
    "CARD_VALUES_DESIGN": SCREENING,
    # The agent when a request names none; None: simulate's default for the budget
    # (simulate.agents.default_agent). Tests and small sites may pin it ("random").
    "AGENT": None,
    # Seed blocks per round and variant (None: the engine's default, at least 16,
    # a whole number of passes over the field). Tests make rounds tiny.
    "ROUND_BLOCKS": None,
    # Card values: stop a card once its interval is this narrow (each side).
    "TARGET_HALF_WIDTH": 0.03,
    # Jobs a user may have queued or running at once.
    "MAX_ACTIVE_JOBS": 3,
}


def get(name: str) -> Any:
    return getattr(settings, f"ANALYSIS_{name}", DEFAULTS[name])


def max_games(agent: str) -> int:
    """The largest budget an analysis played by ``agent`` may ask for."""
    cap = get("MAX_GAMES_BY_AGENT").get(agent)
    return min(get("MAX_GAMES"), cap) if cap else int(get("MAX_GAMES"))
