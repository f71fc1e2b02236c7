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
    # Largest automatic chunk per agent, so one chunk stays well inside the Celery
    # task time limit.
    # Also the largest chunk_size a client may ask for with that agent: a chunk must
    # end well inside CELERY_TASK_SOFT_TIME_LIMIT (greedy plays ~20-40 games/s,
    # planner ~1-2, mcts ~0.3-0.5).
    "MAX_CHUNK_BY_AGENT": {"mcts": 5, "greedy": 300, "planner": 20},
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
    # Chunk sizes: chosen automatically between these bounds unless requested.
    "MIN_CHUNK": 25,
    "MAX_CHUNK": 200,
    "TARGET_CHUNKS": 40,
    # Chunk sizes a client may ask for.
    "CHUNK_SIZE_RANGE": (5, 1000),
    # "To precision" mode: chunks per wave.
    "WAVE_CHUNKS": 4,
    # Chords a job may send in total before it is failed (waves + re-sends).
    "MAX_ROUNDS": 500,
    # Re-sends of missing chunks in a row, with no chunk stored in between, before
    # the job is failed ("cannot progress").
    "MAX_RESENDS": 3,
    # The watchdog (every worker runs one; simulate.watchdog): every WATCHDOG_INTERVAL
    # seconds it re-sends the missing chunks of active jobs with no write for
    # STALE_AFTER seconds. STALE_AFTER must exceed CELERY_TASK_TIME_LIMIT (the longest
    # a chunk may run), so a chunk still running is never taken for lost. 0 turns the
    # watchdog off.
    "WATCHDOG_INTERVAL": 15.0,
    "STALE_AFTER": 60,
    # Decks in one matrix.
    "MAX_MATRIX_DECKS": 8,
    # Celery queue for new jobs (None: Celery's default queue). Later chunks of a job
    # follow the queue its first chunks came from.
    "QUEUE": None,
    # Celery retries of a chunk on transient database/broker errors.
    "TASK_MAX_RETRIES": 3,
}


def get(name: str) -> Any:
    return getattr(settings, f"SIMULATE_{name}", DEFAULTS[name])


def auto_chunk_size(games: int, agents: tuple[str, ...] = ()) -> int:
    """About TARGET_CHUNKS chunks, each between MIN_CHUNK and MAX_CHUNK games (or the
    smaller MAX_CHUNK_BY_AGENT of a searching agent)."""
    size = -(-games // get("TARGET_CHUNKS"))
    size = max(get("MIN_CHUNK"), min(get("MAX_CHUNK"), size))
    caps = [get("MAX_CHUNK_BY_AGENT").get(a) for a in agents]
    return min([size, *(c for c in caps if c)])


def max_chunk_size(agents: tuple[str, ...] = ()) -> int:
    """The largest chunk_size a client may ask for with these agents."""
    caps = [get("MAX_CHUNK_BY_AGENT").get(a) for a in agents]
    return min([get("CHUNK_SIZE_RANGE")[1], *(c for c in caps if c)])


def max_games(agents: tuple[str, ...] = ()) -> int:
    """Games allowed in one job played by ``agents``."""
    caps = [get("MAX_GAMES_BY_AGENT").get(a) for a in agents]
    return min([get("MAX_GAMES"), *(c for c in caps if c)])
