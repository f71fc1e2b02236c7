"""The command-line entry points (engine/cli) and the commands' old names: every
``python -m engine.<name>`` answers ``--help``, and an old name is the very module
that now holds it (:mod:`engine.cli`'s alias hook), in either build."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.cli import ALIASES, COMMANDS

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("SW_ENGINE_PURE", None)
    if pure:
        env["SW_ENGINE_PURE"] = "1"
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("command", [*COMMANDS, "engine.texel"])
def test_every_command_answers_help(command: str) -> None:
    r = _run("-m", command, "--help")
    assert r.returncode == 0, r.stderr
    if command in COMMANDS:  # (engine.texel is a library module: it prints nothing)
        assert r.stdout.startswith(f"usage: python -m {command} "), r.stdout[:200]


def test_the_commands_are_documented_by_the_package() -> None:
    doc = importlib.import_module("engine.cli").__doc__ or ""
    for command in COMMANDS:
        assert f"``python -m {command}" in doc, command


@pytest.mark.parametrize("old", sorted(ALIASES))
def test_an_old_name_is_the_same_module(old: str) -> None:
    new = ALIASES[old]
    module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module is sys.modules[old] is sys.modules[new]
    assert module.__name__ == new and module.__spec__ is not None
    assert module.__spec__.name == new  # the module's own spec, not the alias's
    assert getattr(engine, old.rsplit(".", 1)[1]) is module
    spec = importlib.util.find_spec(old)
    assert spec is not None and spec.origin == module.__file__


def test_old_names_in_a_fresh_process_either_build() -> None:
    """Imported first by its old name (``from engine import ladder`` too), then by
    the new one: one module object; the pure build resolves the same names."""
    code = (
        "import sys, engine, engine.simulate as a\n"
        "from engine import ladder\n"
        "import engine.cli.simulate as b, engine.agents.ladder as c\n"
        "import engine.texel as t, engine.agents.texel as u\n"
        "assert a is b and ladder is c and t is u\n"
        "assert sum(m is b for m in sys.modules.values()) == 2\n"
        "print(engine.BUILD)\n"
    )
    for pure in (False, True):
        r = _run("-c", code, pure=pure)
        assert r.returncode == 0, r.stderr
        if pure:
            assert r.stdout.strip() == "pure"


def test_python_m_runs_the_module_as_main_in_the_pure_build() -> None:
    r = _run("-m", "engine.catalog", "--help", pure=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("usage: python -m engine.catalog")


def test_the_old_ladder_name_imports_the_library_and_runs_the_command() -> None:
    """``engine.ladder`` was library and command: its importers get the library's
    state (a monkeypatched data file reaches the code that reads it), and
    ``python -m`` on the library runs the command."""
    old = importlib.import_module("engine.ladder")
    assert old is importlib.import_module("engine.agents.ladder")
    command = importlib.import_module("engine.cli.ladder")
    assert hasattr(command, "main") and not hasattr(old, "main")
    r = _run("-m", "engine.agents.ladder", "--agents", "random")  # < 2 agents
    assert r.returncode == 2 and "at least two agents" in r.stderr


def test_an_unknown_old_name_is_not_found() -> None:
    assert importlib.util.find_spec("engine.no_such_command") is None
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("engine.no_such_command")
