"""Strength ladder: ``python -m engine.ladder [--agents random,greedy,...] [--games N]
[--seed S] [--json] [--write [PATH]] [--merge]``, or ``--paired NEW,OLD --against X
[--workers N]``.

Every pair of agents plays the same ``N`` deals (default 64). Deal ``i`` is a pair of
faction decks and a game seed ``derive_seed(S, i)``: deck A is faction
``i mod k`` and deck B faction ``(i + i div k) mod k`` of the ``k`` playable faction
decks, so 64 deals cover every ordered pair of the eight factions once (mirrors
included) and any ``k`` consecutive deals put every faction once in each seat. Each
deal is played twice with the agents swapped (X plays deck A then deck B, on the same
seed, hence the same first player and dice stream): each faction deck is played by
both agents, from both seats, equally often. Budgets are games, never wall-clock
time, so the figures are the same on any machine.

Reported: each agent's Elo with its 95% interval (:mod:`engine.tools.elo`: a
maximum-likelihood Bradley–Terry fit, draws counting half, anchored at ``greedy`` = 0
when it plays, else ``random``, else the first agent: every agent sweeps ``random``, so
ratings measured from it carry wide intervals, while the games against ``greedy`` are
close enough to pin ratings down), and each pairing's score with its 95% Wilson
interval, overall and by the faction deck each agent played (a pairing is shown from its
higher-rated agent's side). ``--write`` stores the result (plus the date and each
agent's measured speed in games per CPU second, a rough figure of this machine) as the
data file :data:`DATA_FILE`, which the simulations read to name and choose agents
without playing games (:func:`ratings`, :func:`strongest_agent`). ``--merge`` reuses the
stored ladder's pairings (same seed, deals and factions; a pairing's games do not depend
on the other agents) and plays only the pairings among ``--agents`` it lacks: a new
agent is rated without replaying the others' games.

``--paired NEW,OLD --against X`` (:func:`paired`) measures a change instead: NEW and
OLD each play X on the same deals, both seats, and the difference of their points is
taken deal by deal (common random numbers), with its 95% interval and the ratio of
their CPU seconds.

``--blind-spot PLAN --opponents F1,F2,F3`` (:func:`blind_spot`) tests a scripted
faction plan (``plan:<faction>``, :mod:`engine.agents.plans`): the plan and the
planner each play the plan's faction deck against those faction decks, played by
the planner, on the same deals from both seats; a plan whose paired difference is
above zero (its interval too) has found a blind spot of the planner.
"""

# The command is engine.cli.ladder (this docstring is its --help text; run as
# __main__, this module hands over to it, see the end). This module is the agents'
# work, not a player: it plays games through engine.play, and it is never compiled
# (engine._build.NOT_COMPILED).

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import engine
from engine.core.play import derive_seed
from engine.core.types import Rules
from engine.rulesets import get_ruleset
from engine.tools.elo import fit
from engine.tools.stats import wilson

ENGINE_DIR = Path(__file__).resolve().parent.parent
DATA_FILE = ENGINE_DIR / "agents" / "ladder.json"
DATA_FORMAT = "sw-engine-ladder"
DEFAULT_DEALS = 64
DEFAULT_SEED = 13
# The agent rated 0, the first of these that plays (see the module docstring).
ANCHORS = ("greedy", "random")
# The default agent when no agent has a rating (no ladder data at all).
UNRATED_DEFAULT = "greedy"
# The engine CLI's default agent must play at least this many games per CPU second
# (the ladder's speed figure, an agent against itself): a 1,000-game run then takes
# at most ~17 CPU minutes; a searching agent far slower (mcts) is never a default.
CLI_MIN_GAMES_PER_S = 1.0


def engine_version() -> str:
    """Hash of the engine's Python sources (the site stores the same figure with
    every simulation, :func:`simulate.adapters.engine_version`)."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        digest.update(str(path.relative_to(ENGINE_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def deal_factions(i: int, factions: Sequence[str]) -> tuple[str, str]:
    """The two faction decks of deal ``i`` (see the module docstring)."""
    k = len(factions)
    return factions[i % k], factions[(i + i // k) % k]


def play_pairing(
    x: str,
    y: str,
    *,
    deals: int,
    seed: int,
    factions: Sequence[str],
    rules: Rules | None = None,
    points: list[float] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """``x`` against ``y`` over ``deals`` deals (deal ``first`` on), each played
    with the agents both ways round. Returns the pairing's record from ``x``'s
    side, overall and by the faction deck each agent played
    (``by_faction[agent][faction]``); ``points`` gets ``x``'s points of each deal
    (a win 1, a draw 1/2, over its two games)."""
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import play_one

    decks = {f: faction_deck(f) for f in dict.fromkeys(factions)}
    wins = [0, 0]
    draws = 0
    turns = 0
    # per agent and faction deck it played: its wins, losses, draws
    by: dict[str, dict[str, list[int]]] = {
        a: {f: [0, 0, 0] for f in decks} for a in (x, y)
    }
    for i in range(first, first + deals):
        fa, fb = deal_factions(i, factions)
        gs = derive_seed(seed, i)
        got = 0.0
        for x_seat in (0, 1):
            agents = (x, y) if x_seat == 0 else (y, x)
            r = play_one(
                decks[fa],
                decks[fb],
                seed=gs,
                agent_a=agents[0],
                agent_b=agents[1],
                rules=rules,
            )
            turns += r.turns
            x_deck, y_deck = (fa, fb) if x_seat == 0 else (fb, fa)
            if r.winner is None:
                draws += 1
                got += 0.5
                by[x][x_deck][2] += 1
                by[y][y_deck][2] += 1
            elif (r.winner == "a") == (x_seat == 0):
                wins[0] += 1
                got += 1.0
                by[x][x_deck][0] += 1
                by[y][y_deck][1] += 1
            else:
                wins[1] += 1
                by[x][x_deck][1] += 1
                by[y][y_deck][0] += 1
        if points is not None:
            points.append(got)
    games = 2 * deals
    return {
        "agents": [x, y],
        "games": games,
        "wins": wins,
        "draws": draws,
        **_score(wins[0], draws, games),
        "avg_turns": round(turns / games, 1) if games else 0.0,
        "by_faction": {
            a: {
                f: {
                    "games": sum(v),
                    "wins": v[0],
                    "losses": v[1],
                    "draws": v[2],
                    **_score(v[0], v[2], sum(v)),
                }
                for f, v in per.items()
                if sum(v)
            }
            for a, per in by.items()
        },
    }


def _flipped(p: dict[str, Any]) -> dict[str, Any]:
    """The same pairing seen from its second agent."""
    x, y = p["agents"]
    return {
        **p,
        "agents": [y, x],
        "wins": p["wins"][::-1],
        **_score(p["wins"][1], p["draws"], p["games"]),
        "by_faction": {y: p["by_faction"][y], x: p["by_faction"][x]},
    }


def _score(wins: int, draws: int, games: int) -> dict[str, Any]:
    """Score share (draws half) and its 95% Wilson interval, in percent."""
    return _score_points(wins + draws / 2, games)


def run_ladder(
    agents: Sequence[str],
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = DEFAULT_SEED,
    factions: Sequence[str] | None = None,
    anchor: str | None = None,
    rules: Rules | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    known: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """Round robin of ``agents`` (each pair once, :func:`play_pairing`) and the Elo
    fit. Deterministic from ``seed``: a pairing's games do not depend on which other
    agents take part, so ``known`` pairings (from a stored ladder of the same seed,
    deals and factions) are reused instead of replayed, and their agents join the
    fit (listed under ``reused``)."""
    from engine.agents import AGENTS, ENGINE_ONLY
    from engine.deckbuilding.resolve import playable_factions

    names = list(AGENTS) + list(ENGINE_ONLY)
    unknown = [a for a in agents if a not in names]
    if unknown:
        raise ValueError(f"unknown agent(s) {unknown}; choose from {names}")
    # stored pairings of agents still registered
    known = [p for p in known if all(a in names for a in p["agents"])]
    stored = {frozenset(p["agents"]): p for p in known}
    asked = list(dict.fromkeys(agents))
    agents = list(dict.fromkeys([*asked, *(a for p in known for a in p["agents"])]))
    if len(agents) < 2:
        raise ValueError("a ladder needs at least two agents")
    if deals < 1:
        raise ValueError("at least one deal per pairing")
    facs = list(factions or playable_factions())
    anchor = anchor or next((a for a in ANCHORS if a in agents), agents[0])
    if anchor not in agents:
        raise ValueError(f"anchor {anchor!r} is not among the agents")
    pairings = list(stored.values())
    c0 = time.process_time()
    for i, x in enumerate(asked):
        for y in asked[i + 1 :]:
            if frozenset((x, y)) in stored:
                continue
            p = play_pairing(x, y, deals=deals, seed=seed, factions=facs, rules=rules)
            pairings.append(p)
            if progress is not None:
                progress(p)
    scores = {
        (p["agents"][0], p["agents"][1]): (p["wins"][0] + p["draws"] / 2, p["games"])
        for p in pairings
    }
    elo = fit(scores, anchor=anchor)
    order = sorted(agents, key=lambda a: (-elo[a].elo, agents.index(a)))
    rank = {a: k for k, a in enumerate(order)}
    # each pairing from its stronger agent's side, strongest pairings first
    pairings = [
        p if rank[p["agents"][0]] < rank[p["agents"][1]] else _flipped(p)
        for p in pairings
    ]
    pairings.sort(key=lambda p: (rank[p["agents"][0]], rank[p["agents"][1]]))
    return {
        "agents": order,
        "anchor": anchor,
        "deals": deals,
        "games_per_pairing": 2 * deals,
        "seed": seed,
        "factions": facs,
        "ruleset": get_ruleset((rules or Rules()).ruleset).name,
        "elo": {a: elo[a].to_json() for a in order},
        "pairings": pairings,
        "engine_version": engine_version(),
        "engine_build": engine.BUILD,
        "cpu_seconds": round(time.process_time() - c0, 1),
        **({"reused": [p["agents"] for p in known]} if known else {}),
    }


def _deal_points(
    job: tuple[str, str, int, int, int, tuple[str, ...]],
) -> tuple[list[float], float]:
    x, y, first, deals, seed, facs = job
    points: list[float] = []
    c0 = time.process_time()
    play_pairing(
        x, y, deals=deals, seed=seed, factions=facs, points=points, first=first
    )
    return points, time.process_time() - c0


def _two_sides(
    fn: Callable[[Any], tuple[list[float], float]],
    job: Callable[[str, int, int], Any],
    agents: tuple[str, str],
    deals: int,
    workers: int,
) -> tuple[list[float], list[float], float, float]:
    """Both agents' points per deal on the same ``deals`` deals, and each one's CPU
    seconds: ``fn(job(agent, first, count))`` plays a block of deals; ``workers``
    processes share the blocks, and the result does not depend on them."""
    from concurrent.futures import ProcessPoolExecutor

    cut = max(1, -(-deals // max(1, workers)))
    jobs = [
        job(a, i, min(cut, deals - i)) for a in agents for i in range(0, deals, cut)
    ]
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        done = list(pool.map(fn, jobs))
    half = len(jobs) // 2
    return (
        [v for pts, _ in done[:half] for v in pts],
        [v for pts, _ in done[half:] for v in pts],
        sum(c for _, c in done[:half]),
        sum(c for _, c in done[half:]),
    )


def paired(
    new: str,
    old: str,
    against: str,
    *,
    deals: int,
    seed: int,
    factions: Sequence[str] | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Two agents measured against a third on the same deals (common random
    numbers): ``new`` v ``against`` and ``old`` v ``against``, every deal played
    from both seats by each. The unit of evidence is a deal: the difference of
    ``new``'s and ``old``'s points on it; the mean difference in score points
    (percent) gets a normal interval over deals, far narrower than the two
    scores' own intervals, since the deals' luck cancels. ``workers`` processes
    share the deals; the result does not depend on them."""
    from engine.deckbuilding.resolve import playable_factions
    from engine.tools.stats import mean_interval

    facs = tuple(factions or playable_factions())
    pts_new, pts_old, cpu_new, cpu_old = _two_sides(
        _deal_points,
        lambda a, i, n: (a, against, i, n, seed, facs),
        (new, old),
        deals,
        workers,
    )
    diffs = [50.0 * (a - b) for a, b in zip(pts_new, pts_old, strict=True)]
    m, lo, hi = mean_interval(diffs)

    def side(name: str, pts: list[float], cpu: float) -> dict[str, Any]:
        return {
            "agent": name,
            **_score_points(sum(pts), 2 * len(pts)),
            "cpu_seconds": round(cpu, 1),
        }

    return {
        "against": against,
        "deals": deals,
        "games_each": 2 * deals,
        "seed": seed,
        "factions": list(facs),
        "new": side(new, pts_new, cpu_new),
        "old": side(old, pts_old, cpu_old),
        "difference_points": round(m, 2),
        "difference_ci95": [round(lo, 2), round(hi, 2)],
        "work_ratio": round(cpu_new / cpu_old, 3) if cpu_old else None,
        "engine_version": engine_version(),
        "engine_build": engine.BUILD,
    }


def _faction_points(
    job: tuple[str, str, str, tuple[str, ...], int, int, int],
) -> tuple[list[float], float]:
    """Points of ``agent`` playing ``faction`` on deals ``first`` to ``first +
    deals - 1`` of :func:`blind_spot` (both seats each), and the CPU seconds."""
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import play_one

    agent, opponent, faction, opponents, first, deals, seed = job
    mine = faction_deck(faction)
    theirs = {f: faction_deck(f) for f in opponents}
    points: list[float] = []
    c0 = time.process_time()
    for i in range(first, first + deals):
        other = theirs[opponents[i % len(opponents)]]
        gs = derive_seed(seed, i)
        got = 0.0
        for seat in (0, 1):
            if seat == 0:
                r = play_one(mine, other, seed=gs, agent_a=agent, agent_b=opponent)
                won = r.winner == "a"
            else:
                r = play_one(other, mine, seed=gs, agent_a=opponent, agent_b=agent)
                won = r.winner == "b"
            got += 0.5 if r.winner is None else (1.0 if won else 0.0)
        points.append(got)
    return points, time.process_time() - c0


def blind_spot(
    plan: str,
    *,
    faction: str,
    opponents: Sequence[str],
    deals: int,
    seed: int,
    base: str = "planner",
    opponent: str = "planner",
    workers: int = 1,
) -> dict[str, Any]:
    """The blind-spot test of a scripted faction plan (:mod:`engine.agents.plans`):
    ``plan`` and ``base`` (the planner) each play ``faction``'s deck against the
    ``opponents``' faction decks, played by ``opponent``, on the same deals. Deal
    ``i`` is opponent ``i mod len(opponents)`` on seed ``derive_seed(seed, i)``,
    played from both seats. The difference of the two agents' points is taken deal
    by deal, as :func:`paired` does; above zero with its interval, the plan plays
    the faction better than the planner does: a blind spot found."""
    from engine.agents import AGENTS, ENGINE_ONLY
    from engine.deckbuilding.resolve import playable_factions
    from engine.tools.stats import mean_interval

    names = set(AGENTS) | set(ENGINE_ONLY)
    for a in (plan, base, opponent):
        if a not in names:
            raise ValueError(f"unknown agent {a!r}; choose from {sorted(names)}")
    known = set(playable_factions())
    for f in (faction, *opponents):
        if f not in known:
            raise ValueError(f"unknown faction deck {f!r}; choose from {sorted(known)}")
    if not opponents:
        raise ValueError("at least one opponent faction deck")
    if deals < 1:
        raise ValueError("at least one deal")
    opps = tuple(opponents)
    pts_plan, pts_base, cpu_plan, cpu_base = _two_sides(
        _faction_points,
        lambda a, i, n: (a, opponent, faction, opps, i, n, seed),
        (plan, base),
        deals,
        workers,
    )
    cpu = cpu_plan + cpu_base
    diffs = [50.0 * (a - b) for a, b in zip(pts_plan, pts_base, strict=True)]
    m, lo, hi = mean_interval(diffs)

    def by_opponent(pts: list[float]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, f in enumerate(opps):
            mine = pts[k :: len(opps)]
            if mine:
                out[f] = {
                    "games": 2 * len(mine),
                    **_score_points(sum(mine), 2 * len(mine)),
                }
        return out

    def split_diff() -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, f in enumerate(opps):
            d = diffs[k :: len(opps)]
            if len(d) > 1:
                dm, dlo, dhi = mean_interval(d)
                out[f] = {
                    "difference_points": round(dm, 2),
                    "difference_ci95": [round(dlo, 2), round(dhi, 2)],
                }
        return out

    return {
        "faction": faction,
        "opponents": list(opps),
        "opponent_agent": opponent,
        "deals": deals,
        "games_each": 2 * deals,
        "seed": seed,
        "plan": {
            "agent": plan,
            **_score_points(sum(pts_plan), 2 * len(pts_plan)),
            "by_opponent": by_opponent(pts_plan),
        },
        "base": {
            "agent": base,
            **_score_points(sum(pts_base), 2 * len(pts_base)),
            "by_opponent": by_opponent(pts_base),
        },
        "difference_points": round(m, 2),
        "difference_ci95": [round(lo, 2), round(hi, 2)],
        "difference_by_opponent": split_diff(),
        "blind_spot": lo > 0,
        "cpu_seconds": round(cpu, 1),
        "engine_version": engine_version(),
        "engine_build": engine.BUILD,
    }


def _score_points(pts: float, games: int) -> dict[str, Any]:
    """``pts`` points of ``games`` as a share and its 95% Wilson interval, in
    percent."""
    lo, hi = wilson(pts, games)
    return {
        "score_pct": round(100 * pts / games, 1) if games else 0.0,
        "ci95": [round(100 * lo, 1), round(100 * hi, 1)],
    }


def measure_speed(agent: str, games: int = 12) -> float:
    """Games per CPU second of ``agent`` against itself over the benchmark's fixed
    matchups (:func:`engine.tools.bench.run`); a rough figure of this machine."""
    from engine.tools.bench import run

    secs, n, _, _ = run(agent, games)
    return round(n / secs, 2) if secs > 0 else 0.0


def write_data(
    result: dict[str, Any], speeds: dict[str, float], path: Path | None = None
) -> Path:
    """Store a ladder result as the data file the simulations read."""
    from engine.tools.bench import machine

    data = {
        "format": DATA_FORMAT,
        "version": 1,
        "date": datetime.date.today().isoformat(),
        "command": "python -m engine.ladder --write "
        f"--agents {','.join(result['elo'])} --games {result['deals']} "
        f"--seed {result['seed']}"
        + (
            " (pairings merged from several runs with --merge; each pairing X v Y "
            "replays alone with --agents X,Y)"
            if result.get("reused")
            else ""
        ),
        "machine": machine()["cpu"],
        **result,
        "games_per_s": speeds,
    }
    data.pop("cpu_seconds", None)
    path = path or DATA_FILE
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
    forget()
    return path


def load_data(path: Path | None = None) -> dict[str, Any] | None:
    """The stored ladder (None when there is none or it is unreadable); read once
    per path (:func:`forget` drops what was read)."""
    return _load(path or DATA_FILE)


def forget() -> None:
    """Read the data files again on next use (after writing one)."""
    _load.cache_clear()


@functools.lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, Any] | None:
    try:
        data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if data.get("format") == DATA_FORMAT else None


def ratings(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Per registered agent with a stored rating: ``elo``, ``ci95``, ``games``,
    ``games_per_s`` (None if not measured), strongest first; plus the ladder's
    ``anchor``, ``date`` and ``engine_version`` under each entry's ``ladder``."""
    from engine.agents import AGENTS

    data = load_data(path)
    if not data:
        return {}
    speeds = data.get("games_per_s", {})
    meta = {k: data.get(k) for k in ("anchor", "date", "engine_version", "deals")}
    out = {
        name: {**r, "games_per_s": speeds.get(name), "ladder": meta}
        for name, r in data.get("elo", {}).items()
        if name in AGENTS
    }
    return dict(sorted(out.items(), key=lambda kv: -kv[1]["elo"]))


def strongest_agent(
    eligible: Iterable[str] | None = None,
    *,
    min_games_per_s: float = 0.0,
    speeds: dict[str, float] | None = None,
    path: Path | None = None,
) -> str:
    """The default agent: among the registered agents in ``eligible`` (all when
    None) that play at least ``min_games_per_s`` (``speeds``, else the ladder's
    figure; an agent with no figure is never chosen when a minimum is set), the one
    with the highest stored Elo. With no rated candidate: :data:`UNRATED_DEFAULT`
    if registered, else the first registered agent. The one place that decides
    which agent plays when none is named (CLI, site)."""
    from engine.agents import AGENTS

    pool = [a for a in (AGENTS if eligible is None else eligible) if a in AGENTS]
    rated = ratings(path)
    best: tuple[float, str] | None = None
    for name in pool:
        r = rated.get(name)
        if r is None:
            continue
        rate = (speeds or {}).get(name, r["games_per_s"])
        if min_games_per_s > 0 and (rate is None or rate < min_games_per_s):
            continue
        if best is None or r["elo"] > best[0]:
            best = (r["elo"], name)
    if best is not None:
        return best[1]
    if UNRATED_DEFAULT in AGENTS and UNRATED_DEFAULT in pool:
        return UNRATED_DEFAULT
    return pool[0] if pool else next(iter(AGENTS))


def cli_default_agent() -> str:
    """The agent the engine's command-line tools use when none is named."""
    return strongest_agent(min_games_per_s=CLI_MIN_GAMES_PER_S)


def fast_agents() -> list[str]:
    """The registered agents fast enough for the command-line tools' defaults: at
    least :data:`CLI_MIN_GAMES_PER_S` games per second by the stored ladder's figure,
    or not measured yet (slow searchers such as ``mcts`` only when named)."""
    from engine.agents import AGENTS

    rated = ratings()
    out = []
    for name in AGENTS:
        rate = rated.get(name, {}).get("games_per_s")
        if rate is None or rate >= CLI_MIN_GAMES_PER_S:
            out.append(name)
    return out


if __name__ == "__main__":  # python -m engine.ladder (its old name): the command
    import runpy

    runpy.run_module("engine.cli.ladder", run_name="__main__")
