"""Engine throughput (the command: ``python -m engine.bench [--json] [--profile]``,
:mod:`engine.cli.bench`).

Plays a fixed set of Master Set matchups in this process, single-threaded (rates are per
CPU second of this process, i.e. per core, robust to a busy shared machine): random vs
random (``random_games_per_s``), greedy vs greedy (``greedy_games_per_s``) and, once the
``planner`` agent is registered, planner vs planner (``planner_games_per_s``), with
fixed seeds, so runs are comparable. Before timing, each agent plays ``--warmup``
untimed games per matchup on other seeds: the ability modules are loaded and the
engine's memo tables (move reaches, action values) hold what a long simulation run
holds, so the rate is the steady one a simulation of thousands of games sees, not a cold
start's. The result names the machine (``machine``), since rates are only comparable on
one machine. Wall-clock time is only measured here, never used by the rules.
``--profile`` prints a cProfile summary.

``engine_build`` says which build was measured: ``compiled`` (mypyc) or ``pure``
(see :mod:`engine._build`). ``--compare`` measures both side by side: it runs this
benchmark in child processes, pure and compiled alternately (``--rounds`` of each,
default 3), and reports each build's games/s per round and ``random_speedup`` /
``greedy_speedup`` (and ``planner_speedup``), the medians of the per-round ratios
compiled/pure (rounds run back to back, so a drift of the machine's speed affects
both alike). Agent strength is measured by ``python -m engine.ladder`` and
``python -m engine.agents --table``, not here.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import TYPE_CHECKING, Any

import engine
from engine.core.game import GameDeck
from engine.play import play_many

if TYPE_CHECKING:
    import pstats

MATCHUPS: tuple[tuple[str, str], ...] = (
    ("polar-dwarves", "cave-goblins"),
    ("breakers", "savanna-elves"),
    ("vanguards", "fallen-kingdom"),
    ("polar-dwarves", "fallen-kingdom"),
    ("cave-goblins", "vanguards"),
    ("savanna-elves", "polar-dwarves"),
)


WARMUP_SEED = 90_001  # warm-up games use other seeds than the timed ones


def _decks() -> dict[str, GameDeck]:
    from engine.deckbuilding.resolve import faction_deck

    return {f: faction_deck(f) for pair in MATCHUPS for f in pair}


def warm_up(agent: str, games: int) -> None:
    """Play ``games`` untimed games per matchup (seeds apart from the timed ones)."""
    decks = _decks()
    for i, (a, b) in enumerate(MATCHUPS):
        if games > 0:
            play_many(
                decks[a],
                decks[b],
                seed=WARMUP_SEED + i,
                games=games,
                agent_a=agent,
                agent_b=agent,
            )


def run(
    agent: str,
    games: int,
    seed: int = 2024,
    per_matchup: dict[str, float] | None = None,
) -> tuple[float, int, int, float]:
    """(CPU seconds, games, total turns, wall seconds) for ``games`` games spread over
    MATCHUPS. Throughput uses this process's CPU time (``time.process_time``): on a
    shared machine that is the per-core figure; wall time is reported beside it."""
    decks = _decks()
    per = max(1, games // len(MATCHUPS))
    turns = 0
    n = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for i, (a, b) in enumerate(MATCHUPS):
        m0 = time.process_time()
        rs = play_many(
            decks[a], decks[b], seed=seed + i, games=per, agent_a=agent, agent_b=agent
        )
        n += len(rs)
        turns += sum(r.turns for r in rs)
        if per_matchup is not None:
            dt = time.process_time() - m0
            per_matchup[f"{a} vs {b}"] = round(len(rs) / dt, 1) if dt > 0 else 0.0
    return time.process_time() - c0, n, turns, time.perf_counter() - t0


def machine() -> dict[str, Any]:
    """What the rates were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "system": platform.platform(terse=True),
    }


def timed_agents(
    random_games: int, greedy_games: int, planner_games: int
) -> list[tuple[str, int]]:
    """(agent, games) measured: random and greedy always, planner when the engine
    registers it (``engine.agents.AGENTS``)."""
    from engine.agents import AGENTS

    out = [("random", random_games), ("greedy", greedy_games)]
    if "planner" in AGENTS:
        out.append(("planner", planner_games))
    return out


def bench(
    random_games: int = 300,
    greedy_games: int = 60,
    warmup: int = 5,
    planner_games: int = 30,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "matchups": [list(m) for m in MATCHUPS],
        "machine": machine(),
        "warmup_games_per_matchup": warmup,
        "engine_build": engine.BUILD,
    }
    for agent, games in timed_agents(random_games, greedy_games, planner_games):
        per: dict[str, float] = {}
        warm_up(agent, warmup)
        secs, n, turns, wall = run(agent, games, per_matchup=per)
        out[f"{agent}_games_per_s_by_matchup"] = per
        out[f"{agent}_games"] = n
        out[f"{agent}_cpu_seconds"] = round(secs, 3)
        out[f"{agent}_wall_seconds"] = round(wall, 3)
        # (two decimals: the planner plays about one game per second)
        out[f"{agent}_games_per_s"] = round(n / secs, 2)
        out[f"{agent}_avg_turns"] = round(turns / n, 1)
    return out


def _child(build: str, args: list[str]) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("SW_ENGINE_PURE", None)
    if build == "pure":
        env["SW_ENGINE_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, "-m", "engine.bench", "--json", *args],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    data: dict[str, Any] = json.loads(out.stdout)
    if data["engine_build"] != build:
        raise RuntimeError(f"asked for the {build} build, got {data['engine_build']}")
    return data


def compare(rounds: int, args: list[str]) -> dict[str, Any]:
    """Pure and compiled builds alternately, ``rounds`` times each."""
    if engine.BUILD != "compiled":
        from engine import _build

        raise SystemExit(f"--compare needs the compiled build: {_build.REASON}")
    per: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for _ in range(rounds):
        for build in ("pure", "compiled"):
            per[build].append(_child(build, args))
    out: dict[str, Any] = {
        "rounds": rounds,
        "machine": per["compiled"][0]["machine"],
        "engine_build": "both",
    }
    for agent in ("random", "greedy", "planner"):
        key = f"{agent}_games_per_s"
        if key not in per["pure"][0] or key not in per["compiled"][0]:
            continue
        pure = [r[key] for r in per["pure"]]
        comp = [r[key] for r in per["compiled"]]
        ratios = [c / p for c, p in zip(comp, pure, strict=True)]
        out[f"pure_{key}"] = pure
        out[f"compiled_{key}"] = comp
        out[f"{agent}_speedup"] = round(statistics.median(ratios), 2)
        out[f"{agent}_speedup_range"] = [round(min(ratios), 2), round(max(ratios), 2)]
    return out


def profile(agent: str, games: int, warmup: int) -> pstats.Stats:
    """A cProfile of :func:`run` for ``agent`` (after :func:`warm_up`, outside the
    profile), sorted by own time."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    warm_up(agent, warmup)  # (outside the profile)
    prof.enable()
    run(agent, games)
    prof.disable()
    return pstats.Stats(prof).sort_stats("tottime")


def cpu_seconds() -> float:
    """CPU seconds of this process and of its joined child processes (worker
    processes count once they have been joined)."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
