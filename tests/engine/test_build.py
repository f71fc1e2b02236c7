"""The compiled engine (mypyc) and its guard: a compiled module older than its source
never runs (engine/_build.py). Both builds play the same games: CI runs the engine
tests and the golden digest under each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import _build

ROOT = Path(__file__).resolve().parents[2]


def manifest(tmp_path: Path, modules: dict[str, str], build: str = "compiled") -> Path:
    path = tmp_path / "_compiled.json"
    path.write_text(json.dumps({"build": build, "reason": "", "modules": modules}))
    return path


def real_hash(module: str) -> str:
    return _build.source_hash(ROOT.joinpath(*module.split(".")).with_suffix(".py"))


@pytest.fixture
def no_pure_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_build.PURE_ENV, raising=False)


def test_the_build_compiles_the_hot_modules_only() -> None:
    sources = _build.compiled_sources(ROOT)
    assert "engine/core/state.py" in sources
    assert "engine/core/mechanics/legal.py" in sources
    assert "engine/rulesets/second/__init__.py" in sources  # the Ruleset subclass
    assert "engine/agents/greedy.py" in sources
    for left in ("engine/core/actions.py", "engine/deckbuilding/catalog.py"):
        assert left not in sources
    assert not any("abilities/__init__" in s for s in sources)


@pytest.mark.usefixtures("no_pure_env")
def test_no_manifest_means_pure(tmp_path: Path) -> None:
    assert _build.check(tmp_path / "absent.json") == (
        "pure",
        "not compiled (no build manifest)",
    )


@pytest.mark.usefixtures("no_pure_env")
def test_a_build_without_compiler_says_why(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"build": "pure", "reason": "no working C compiler"}))
    assert _build.check(path) == ("pure", "no working C compiler")


@pytest.mark.usefixtures("no_pure_env")
def test_a_changed_source_makes_the_build_pure(tmp_path: Path) -> None:
    path = manifest(tmp_path, {"engine.core.state": "0" * 64})
    build, reason = _build.check(path)
    assert build == "pure"
    assert reason.startswith("engine/core/state.py changed since the build")


@pytest.mark.usefixtures("no_pure_env")
def test_a_deleted_source_makes_the_build_pure(tmp_path: Path) -> None:
    path = manifest(tmp_path, {"engine.core.gone": "0" * 64})
    assert _build.check(path) == (
        "pure",
        "engine.core.gone: source gone since the build",
    )


@pytest.mark.usefixtures("no_pure_env")
def test_a_missing_compiled_file_makes_the_build_pure(tmp_path: Path) -> None:
    # engine.core.actions is never compiled: its source matches, its .so is absent
    path = manifest(tmp_path, {"engine.core.actions": real_hash("engine.core.actions")})
    assert _build.check(path) == ("pure", "engine.core.actions: compiled file missing")


def test_the_environment_forces_pure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(_build.PURE_ENV, "1")
    path = manifest(tmp_path, {"engine.core.state": real_hash("engine.core.state")})
    assert _build.check(path) == ("pure", "SW_ENGINE_PURE=1")


def _probe(env: dict[str, str]) -> dict[str, str]:
    code = (
        "import json, engine, engine.core.state as s, engine.play as p;"
        "print(json.dumps({'build': engine.BUILD, 'state': s.__file__,"
        " 'play': p.__file__}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    data: dict[str, str] = json.loads(out.stdout)
    data["stderr"] = out.stderr
    return data


def test_a_stale_build_loads_every_module_from_source(tmp_path: Path) -> None:
    """A process whose manifest disagrees with a source imports the .py files only,
    and says so once on stderr."""
    path = manifest(tmp_path, {"engine.core.state": "0" * 64})
    got = _probe({_build.MANIFEST_ENV: str(path), _build.PURE_ENV: ""})
    assert got["build"] == "pure"
    assert got["state"].endswith("state.py") and got["play"].endswith("play.py")
    assert got["stderr"].count("engine: running pure Python: ") == 1


@pytest.mark.skipif(engine.BUILD != "compiled", reason=f"pure build: {_build.REASON}")
def test_the_compiled_build_is_used_when_it_matches_its_sources() -> None:
    got = _probe({_build.PURE_ENV: ""})
    assert got["build"] == "compiled"
    assert not got["state"].endswith(".py")
    assert got["stderr"] == ""
