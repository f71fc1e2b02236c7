"""Engine tests: pure Python, never the database. Makes ``scenario`` importable and
provides the shared fixtures: rigged dice (``rig``) and each faction's catalog cards
by slug (``vg`` Vanguards, ``br`` Breakers ...)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402
from scenario import CD, Dice, faction_cards  # noqa: E402


@pytest.fixture
def rig(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


@pytest.fixture(scope="module")
def vg() -> CD:
    return faction_cards("vanguards")


@pytest.fixture(scope="module")
def br() -> CD:
    return faction_cards("breakers")


@pytest.fixture(scope="module")
def pd() -> CD:
    return faction_cards("polar-dwarves")


@pytest.fixture(scope="module")
def cg() -> CD:
    return faction_cards("cave-goblins")


@pytest.fixture(scope="module")
def fk() -> CD:
    return faction_cards("fallen-kingdom")


@pytest.fixture(scope="module")
def se() -> CD:
    return faction_cards("savanna-elves")


@pytest.fixture(scope="module")
def pe() -> CD:
    return faction_cards("phoenix-elves")


@pytest.fixture(scope="module")
def to() -> CD:
    return faction_cards("tundra-orcs")


@pytest.fixture(scope="module")
def fd() -> CD:
    return faction_cards("fungal-dwarves")


@pytest.fixture(scope="module")
def he() -> CD:
    return faction_cards("high-elves")
