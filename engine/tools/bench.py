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
both alike).

``--base REV`` measures a speed-up between two revisions of the engine
(:func:`compare_base`): ``python -m engine.bench --base REV [--rounds N] --json``
checks REV out in a temporary ``git worktree`` and plays this benchmark with REV's
engine and with the working tree's engine (uncommitted edits included), each in its
own child process whose ``sys.path`` starts with its tree (the child prints the
``engine.__file__`` it imported, and the run stops if that is not under its tree).
Both sides run the pure build (``SW_ENGINE_PURE=1``: a worktree has no compiled
modules, and pure against pure needs no compiler). Rounds alternate the order
(base then current, current then base, ...), so both sides see the same machine load,
and the result holds each side's games/s per round (``base_random_games_per_s``,
``current_random_games_per_s``...) and ``random_speedup``, ``greedy_speedup`` and
``planner_speedup``: the median of the per-round ratios current/base (above 1: the
working tree is faster), with their ``*_speedup_range``. The child runs REV's own
``python -m engine.bench --json`` with the options every revision since the
benchmark's ``--warmup`` accepts (``--random-games``, ``--greedy-games``,
``--planner-games``, ``--warmup``), so it works for revisions where the benchmark was
still the module ``engine/bench.py``; an agent REV does not register (``planner``)
gets no ratio. The worktree is removed afterwards, also on an error or an interrupt.
``--base REV --instructions N`` (:func:`compare_instructions`) counts work instead of
time: each side plays one game of each of the first ``N`` benchmark matchups per agent
(seeds of the timed run) under valgrind's cachegrind, and the instructions the games
took (the run's, minus those of the same child playing none: imports, decks, one
random game per matchup to load the abilities) give ``<agent>_instruction_ratio``,
base/current (above 1: the working tree does less work). A VM's speed varies by 10-15%
from minute to minute; the count does not (``PYTHONHASHSEED=0``: two runs of one tree
agree to about 0.1%), so a change of a few percent that leaves the games as they were
shows there. It is no speed: memory traffic and the garbage collector's timing are not
in it, so a speed-up is still confirmed by ``--base`` with timing.
Agent strength is measured by ``python -m engine.ladder`` and
``python -m engine.agents --table``, not here.
"""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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


AGENTS = ("random", "greedy", "planner")


def _speedups(
    out: dict[str, Any],
    slow_name: str,
    slow: list[dict[str, Any]],
    fast_name: str,
    fast: list[dict[str, Any]],
) -> None:
    """Each side's games/s per round (``<side>_<agent>_games_per_s``) and each agent's
    ``<agent>_speedup`` into ``out``: the median of the per-round ratios fast/slow
    (``fast`` is the side that is expected to be faster: compiled, or the working
    tree), with ``<agent>_speedup_range``. Agents missing on either side are left
    out."""
    for agent in AGENTS:
        key = f"{agent}_games_per_s"
        if key not in slow[0] or key not in fast[0]:
            continue
        a = [r[key] for r in slow]
        b = [r[key] for r in fast]
        ratios = [y / x for x, y in zip(a, b, strict=True)]
        out[f"{slow_name}_{key}"] = a
        out[f"{fast_name}_{key}"] = b
        out[f"{agent}_speedup"] = round(statistics.median(ratios), 2)
        out[f"{agent}_speedup_range"] = [round(min(ratios), 2), round(max(ratios), 2)]


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
    _speedups(out, "pure", per["pure"], "compiled", per["compiled"])
    return out


#: The working tree this engine was imported from (the parent of ``engine/``).
TREE = Path(engine.__file__).resolve().parent.parent

#: What every child script writes on stderr before the ``engine.__file__`` it imported.
_MARK = "bench-engine-file="

#: What a ``--base`` child runs (``python -c``): imports ``engine`` from the first
#: entry of ``sys.path`` (its tree), says which file that was on stderr, then runs that
#: tree's ``python -m engine.bench`` with the arguments given (a module of its own in
#: older revisions, an alias of ``engine.cli.bench`` today: ``runpy`` finds either).
_RUNNER = f"""\
import runpy, sys
import engine
sys.stderr.write({_MARK!r} + engine.__file__ + "\\n")
sys.stderr.flush()
sys.argv = ["engine.bench", *sys.argv[1:]]
runpy.run_module("engine.bench", run_name="__main__", alter_sys=True)
"""


def _git(*args: str, cwd: Path = TREE) -> str:
    out = subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def _in_tree(
    tree: Path, cmd: list[str], what: str, env_extra: dict[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run ``cmd`` (a child that prints ``_MARK`` and the ``engine.__file__`` it
    imported on stderr) with ``tree`` as its working directory and first on its
    ``sys.path``, on the pure build; its finished process and that file, which must
    lie under ``tree``."""
    env = dict(os.environ)
    env["SW_ENGINE_PURE"] = "1"
    env.update(env_extra or {})
    env["PYTHONPATH"] = os.pathsep.join(
        [str(tree), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    proc = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-15:])
        raise RuntimeError(f"{what} in {tree} failed:\n{tail}")
    files = [
        line[len(_MARK) :]
        for line in proc.stderr.splitlines()
        if line.startswith(_MARK)
    ]
    if not files or not Path(files[0]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child for {tree} imported engine from {files}")
    return proc, files[0]


def _tree_child(tree: Path, args: list[str]) -> dict[str, Any]:
    """The benchmark (``--json`` plus ``args``) played by the engine of ``tree``, pure,
    in a child process with ``tree`` as its working directory and first on its
    ``sys.path``; its JSON with ``engine_file`` (what it imported) added."""
    proc, engine_file = _in_tree(
        tree, [sys.executable, "-c", _RUNNER, "--json", *args], "the benchmark"
    )
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    data: dict[str, Any] = json.loads(lines[-1])
    if data.get("engine_build", "pure") != "pure":
        raise RuntimeError(
            f"asked {tree} for the pure build, got {data['engine_build']}"
        )
    data["engine_file"] = engine_file
    return data


@contextmanager
def _worktree(rev: str) -> Iterator[tuple[str, Path]]:
    """(commit, path) of git revision ``rev`` checked out in a temporary worktree,
    removed afterwards (also on an error or an interrupt)."""
    try:
        commit = _git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except subprocess.CalledProcessError:
        raise SystemExit(f"--base: {rev!r} is not a commit of {TREE}") from None
    tmp = Path(tempfile.mkdtemp(prefix="sw-bench-base-"))
    base = tmp / "engine-base"
    try:
        _git("worktree", "add", "--detach", "--quiet", str(base), commit)
        yield commit, base
    finally:
        removed = subprocess.run(
            ["git", "worktree", "remove", "--force", str(base)],
            cwd=TREE,
            capture_output=True,
        )
        shutil.rmtree(tmp, ignore_errors=True)
        listed = subprocess.run(
            ["git", "worktree", "list", "--porcelain"],
            cwd=TREE,
            capture_output=True,
            text=True,
        ).stdout
        if removed.returncode != 0 and str(base) in listed:
            # (its directory is gone now: drop git's record of it)
            subprocess.run(["git", "worktree", "prune"], cwd=TREE, capture_output=True)


def compare_base(rev: str, rounds: int, args: list[str]) -> dict[str, Any]:
    """The engine of git revision ``rev`` (a temporary worktree) against the working
    tree's, both pure, ``rounds`` rounds alternating which plays first; speed-ups are
    current/base (see the module docstring). The worktree is always removed."""
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    per: dict[str, list[dict[str, Any]]] = {"base": [], "current": []}
    order: list[list[str]] = []
    with _worktree(rev) as (commit, base):
        trees = {"base": base, "current": TREE}
        for i in range(rounds):
            sides = ["base", "current"] if i % 2 == 0 else ["current", "base"]
            order.append(sides)
            for side in sides:
                per[side].append(_tree_child(trees[side], args))
    out: dict[str, Any] = {
        "base": rev,
        "base_commit": commit,
        "current_commit": _git("rev-parse", "HEAD"),
        "rounds": rounds,
        "order": order,
        "machine": per["current"][0]["machine"],
        "engine_build": "pure",
        "base_engine_file": per["base"][0]["engine_file"],
        "current_engine_file": per["current"][0]["engine_file"],
    }
    _speedups(out, "base", per["base"], "current", per["current"])
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


#: What a ``--instructions`` child runs: one game of each of the first ``games``
#: benchmark matchups for ``agent`` (seeds ``seed + i``), after the decks are resolved
#: and one random game per matchup has loaded their abilities; only what every
#: revision since the benchmark began offers (``faction_deck``, ``play_many``).
_PLAYER = f"""\
import json, sys
import engine
from engine.deckbuilding.resolve import faction_deck
from engine.play import play_many
matchups, agent, games, seed = json.loads(sys.argv[1])
sys.stderr.write({_MARK!r} + engine.__file__ + "\\n")
decks = {{f: faction_deck(f) for pair in matchups for f in pair}}
for i, (a, b) in enumerate(matchups):
    play_many(decks[a], decks[b], seed=90_000 + i, games=1)
turns = 0
for i in range(games):
    a, b = matchups[i % len(matchups)]
    for r in play_many(
        decks[a], decks[b], seed=seed + i, games=1, agent_a=agent, agent_b=agent
    ):
        turns += r.turns
print(json.dumps({{"games": games, "turns": turns}}))
"""

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def _instructions(tree: Path, agent: str, games: int) -> tuple[int, int]:
    """(instructions, turns) of ``games`` benchmark games of ``agent`` self-play with
    the engine of ``tree`` (pure, under cachegrind), less those of the same child
    playing none."""
    grind = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
    ]

    def one(n: int, under: bool) -> tuple[int, int]:
        arg = json.dumps([[list(m) for m in MATCHUPS], agent, n, 2024])
        cmd = [sys.executable, "-c", _PLAYER, arg]
        proc, _ = _in_tree(
            tree, grind + cmd if under else cmd, "the games", {"PYTHONHASHSEED": "0"}
        )
        turns = int(json.loads(proc.stdout.strip().splitlines()[-1])["turns"])
        if not under:
            return 0, turns
        got = _REFS.search(proc.stderr)
        if got is None:
            raise RuntimeError(f"no instruction count from valgrind:\n{proc.stderr}")
        return int(got.group(1).replace(",", "")), turns

    one(0, False)  # (byte-compiles the tree's modules outside the count)
    fixed, _ = one(0, True)
    total, turns = one(games, True)
    return total - fixed, turns


def compare_instructions(
    rev: str, games: int, agents: tuple[str, ...] = AGENTS
) -> dict[str, Any]:
    """Work of the engine of git revision ``rev`` (a temporary worktree) against the
    working tree's, as instructions counted by cachegrind (module docstring):
    ``<agent>_instruction_ratio`` is base/current for each agent both register."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    if games < 1:
        raise ValueError("games must be at least 1")
    with _worktree(rev) as (commit, base):
        out: dict[str, Any] = {
            "base": rev,
            "base_commit": commit,
            "base_tree": str(base),
            "current_commit": _git("rev-parse", "HEAD"),
            "games": games,
            "engine_build": "pure",
            "machine": machine(),
        }
        for agent in agents:
            try:
                b, bt = _instructions(base, agent, games)
            except RuntimeError:
                if agent == "planner":  # (a revision from before the planner)
                    continue
                raise
            c, ct = _instructions(TREE, agent, games)
            out[f"base_{agent}_instructions"] = b
            out[f"current_{agent}_instructions"] = c
            out[f"base_{agent}_turns"] = bt
            out[f"current_{agent}_turns"] = ct
            out[f"{agent}_instruction_ratio"] = round(b / c, 3)
    return out
