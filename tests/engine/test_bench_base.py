"""``python -m engine.bench --base REV``: the benchmark played by the engine of a git
revision (a temporary worktree) and by the working tree's, alternately, with speed-ups
current/base; the worktree never outlives the run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.tools import bench

#: The smallest benchmark: one game per matchup and agent, no warm-up.
TINY = ["--random-games=1", "--greedy-games=1", "--planner-games=1", "--warmup=0"]


def _worktrees() -> str:
    return subprocess.run(
        ["git", "worktree", "list", "--porcelain"],
        cwd=bench.TREE,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.mark.slow
def test_base_head_reports_three_speedups_and_removes_its_worktree() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine.bench", "--base", "HEAD", "--rounds", "1"]
        + TINY
        + ["--json"],
        cwd=bench.TREE,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out: dict[str, Any] = json.loads(proc.stdout)
    for agent in ("random", "greedy", "planner"):
        ratio = out[f"{agent}_speedup"]
        assert isinstance(ratio, (int, float)) and ratio > 0, (agent, ratio)
        assert len(out[f"base_{agent}_games_per_s"]) == 1
        assert len(out[f"current_{agent}_games_per_s"]) == 1
    assert out["engine_build"] == "pure"
    assert out["order"] == [["base", "current"]]
    # each side imported its own tree's engine
    assert Path(out["current_engine_file"]).resolve().is_relative_to(bench.TREE)
    assert not Path(out["base_engine_file"]).resolve().is_relative_to(bench.TREE)
    assert "sw-bench-base-" in out["base_engine_file"]
    # (its own worktree: other tests may hold theirs meanwhile)
    assert str(Path(out["base_engine_file"]).parent.parent) not in _worktrees()
    assert not Path(out["base_engine_file"]).exists()


def test_worktree_is_removed_when_a_child_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[Path] = []

    def fail(tree: Path, args: list[str]) -> dict[str, Any]:
        seen.append(tree)
        assert (tree / "engine" / "__init__.py").exists()
        raise RuntimeError("child failed")

    monkeypatch.setattr(bench, "_tree_child", fail)
    with pytest.raises(RuntimeError, match="child failed"):
        bench.compare_base("HEAD", 1, TINY)
    assert seen and "sw-bench-base-" in str(seen[0])
    assert not seen[0].exists()
    assert str(seen[0]) not in _worktrees()


def test_rounds_alternate_which_side_plays_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def fake(tree: Path, args: list[str]) -> dict[str, Any]:
        side = "current" if tree == bench.TREE else "base"
        calls.append(side)
        rate = 2.0 if side == "current" else 1.0
        return {
            "machine": {},
            "engine_file": str(tree / "engine" / "__init__.py"),
            "random_games_per_s": rate * 10,
            "greedy_games_per_s": rate,
        }

    monkeypatch.setattr(bench, "_tree_child", fake)
    out = bench.compare_base("HEAD", 3, TINY)
    assert calls == ["base", "current", "current", "base", "base", "current"]
    assert out["order"] == [
        ["base", "current"],
        ["current", "base"],
        ["base", "current"],
    ]
    assert out["random_speedup"] == 2.0 and out["greedy_speedup"] == 2.0
    assert "planner_speedup" not in out  # a side without the agent gets no ratio
    assert str(Path(out["base_engine_file"]).parent.parent) not in _worktrees()


def test_unknown_revision_is_refused() -> None:
    with pytest.raises(SystemExit, match="not a commit"):
        bench.compare_base("no-such-revision-xyz", 1, TINY)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_instructions_count_the_same_games_alike_and_remove_the_worktree() -> None:
    """``--instructions`` counts work under cachegrind: HEAD's engine and the working
    tree's play the same random game, and when the engine is HEAD's (a clean clone)
    the counts agree to a percent, however busy the machine; the worktree goes."""
    out = bench.compare_instructions("HEAD", 1, agents=("random",))
    assert out["base_random_turns"] == out["current_random_turns"] > 0
    base, current = out["base_random_instructions"], out["current_random_instructions"]
    assert base > 1_000_000 and current > 1_000_000
    assert out["random_instruction_ratio"] == round(base / current, 3)
    clean = (
        subprocess.run(
            ["git", "diff", "--quiet", "HEAD", "--", "engine"], cwd=bench.TREE
        ).returncode
        == 0
    )
    if clean:
        assert 0.99 <= out["random_instruction_ratio"] <= 1.01
    assert "sw-bench-base-" in out["base_tree"]
    assert out["base_tree"] not in _worktrees()
    assert not Path(out["base_tree"]).exists()


def test_instructions_need_a_base_revision() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "engine.bench", "--instructions", "1"],
        cwd=bench.TREE,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "--instructions needs --base REV" in proc.stderr
