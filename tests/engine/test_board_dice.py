"""R1 board geometry and the die table."""

from __future__ import annotations

import random

import pytest
from scenario import at, vanilla_deck

from engine import board as B
from engine import dice
from engine.rules.setup import UnsupportedRulesetError, setup_game
from engine.types import Position, Rules


def test_R1_board_is_6_by_8_with_orthogonal_adjacency() -> None:
    assert B.SPACES == 48
    assert sorted(B.ADJ[at("a1")]) == [at("b1"), at("a2")]
    assert len(B.ADJ[at("c4")]) == 4
    assert at("d5") not in B.ADJ[at("c4")]  # no diagonals


def test_R1_positions_are_per_owner() -> None:
    assert B.space_of(0, Position(0, 3)) == at("d1")
    assert B.space_of(1, Position(0, 3)) == at("c8")
    assert B.own_row(1, at("c8")) == 0


def test_R1_second_edition_die_counts() -> None:
    faces = dice.SECOND_EDITION_FACES
    assert len(faces) == 6
    assert dice.count(faces, dice.MELEE) == 5
    assert dice.count(faces, dice.RANGED) == 4
    assert dice.count(faces, dice.SPECIAL) == 2
    assert all(f for f in faces)  # no blank face


def test_R10_first_edition_die_hits_on_3_plus() -> None:
    faces = dice.FIRST_EDITION_FACES
    assert dice.count(faces, dice.MELEE) == 4
    assert dice.count(faces, dice.SPECIAL) == 0


def test_roll_uses_given_rng_only() -> None:
    a = dice.roll(random.Random(5), 10, dice.SECOND_EDITION_FACES)
    b = dice.roll(random.Random(5), 10, dice.SECOND_EDITION_FACES)
    assert a == b and len(a) == 10


def test_R10_first_edition_ruleset_not_supported_yet() -> None:
    with pytest.raises(UnsupportedRulesetError, match="not supported yet"):
        setup_game(vanilla_deck(), vanilla_deck(), seed=1, rules=Rules(ruleset="first"))
