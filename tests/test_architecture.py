"""The engine is a pure library: nothing under engine/ may import Django, DRF, Celery or
one of the project's Django apps (STYLE.md item 3)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "django",
    "rest_framework",
    "drf_spectacular",
    "django_filters",
    "celery",
    "kombu",
    "sw_site",
    "cards",
    "decks",
    "simulate",
    "analysis",
    "work",
}


def forbidden_imports(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [n for n in names if n.split(".")[0] in FORBIDDEN]
    return found


ENGINE_FILES = sorted((ROOT / "engine").rglob("*.py"))


def test_engine_has_modules():
    assert ENGINE_FILES, "engine/ has no Python modules"


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_module_imports_no_django(path: Path):
    bad = forbidden_imports(path.read_text(encoding="utf-8"))
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}: the engine must stay pure"


@pytest.mark.parametrize(
    "source, expected",
    [
        ("import django", ["django"]),
        ("from django.db import models", ["django.db"]),
        ("import os, celery.app", ["celery.app"]),
        ("from cards.models import Card", ["cards.models"]),
        ("from .cards import x", []),
        ("import engine.cards", []),
        ("def f():\n    from rest_framework import views\n", ["rest_framework"]),
    ],
)
def test_checker_detects_forbidden_imports(source: str, expected: list[str]):
    assert forbidden_imports(source) == expected
