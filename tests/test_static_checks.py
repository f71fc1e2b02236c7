"""The code type-checks and lints clean: mypy over the apps and the engine, with the
settings of pyproject.toml (django-stubs and DRF plugins; the engine strict about
untyped defs), and ruff (its lint rules and its formatting). ``make typecheck`` and
``make lint`` run the same commands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "sw_site",
    "cards",
    "decks",
    "work",
    "simulate",
    "analysis",
    "accounts",
    "engine",
)


def _passes(*args: str, timeout: int = 300) -> None:
    """``python -m <args>`` in the repository exits 0 (its output's tail if not)."""
    out = subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


@pytest.mark.slow
def test_mypy_passes() -> None:
    _passes("mypy", *PACKAGES, timeout=600)


def test_ruff_passes() -> None:
    """Lint (``make lint``): the rules of pyproject.toml over the whole tree."""
    _passes("ruff", "check", ".")


def test_ruff_format_leaves_the_tree_as_it_is() -> None:
    """Formatting (``make lint``): ``ruff format`` would change no file, so a diff
    shows only what a change means."""
    _passes("ruff", "format", "--check", ".")
