"""Limits and tuning of the simulation app, in one place (documented in the API schema).

Each value can be overridden by a Django setting of the same name prefixed with
``SIMULATE_`` (e.g. ``SIMULATE_MAX_GAMES``), read at call time so tests may override it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

DEFAULTS: dict[str, Any] = {
    # Games per job (and per matrix in total).
    "MAX_GAMES": 100_000,
    # Tighter caps for agents that search (seconds per game instead of milliseconds):
    # a job with such an agent on either side is capped at the smaller number.
    "MAX_GAMES_BY_AGENT": {"mcts": 2_000, "planner": 20_000},
    # Which agent plays when a request names none (simulate.agents.default_agent):
    # the strongest by the engine's ladder among those the job's caps allow that
    # play at least this many games per second per worker ...
    "DEFAULT_AGENT_MIN_GAMES_PER_S": 1.0,
    # ... by these figures (games per second per worker, an agent against itself),
    # else the ladder's measured figure (engine/agents/ladder.json), else
    # UNKNOWN_AGENT_GAMES_PER_S. They also feed the run-time estimates until
    # finished chunks tell better.
    "AGENT_GAMES_PER_S": {},
    "UNKNOWN_AGENT_GAMES_PER_S": 1.0,
    # Jobs a user may have queued or running at once (a matrix counts as one).
    "MAX_ACTIVE_JOBS": 5,
    # Submissions per user (POST /api/simulations/ and /api/matrices/).
    "SUBMIT_RATE": "30/hour",
    # Expert override: game indices per slice a client may cap a job at (slices
    # are cut by time; nothing needs this).
    "CHUNK_SIZE_RANGE": (1, 1000),
    # "To precision" mode: game indices per wave (the target is checked between
    # waves, so where a job stops never depends on timing).
    "WAVE_GAMES": 100,
    # Decks in one matrix.
    "MAX_MATRIX_DECKS": 8,
}


def get(name: str) -> Any:
    return getattr(settings, f"SIMULATE_{name}", DEFAULTS[name])


def max_games(agents: tuple[str, ...] = ()) -> int:
    """Games allowed in one job played by ``agents``."""
    caps = [get("MAX_GAMES_BY_AGENT").get(a) for a in agents]
    return min([get("MAX_GAMES"), *(c for c in caps if c)])
