"""R1 board geometry and the die table."""

from __future__ import annotations

import random

import pytest
from scenario import at, vanilla_deck

from engine.core import board as B
from engine.core import dice
from engine.core.types import Position, Rules
from engine.play import setup_game
from engine.rulesets import get_ruleset
from engine.rulesets.second import SECOND


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
    faces = SECOND.faces
    assert len(faces) == 6
    assert dice.count(faces, dice.MELEE) == 5
    assert dice.count(faces, dice.RANGED) == 4
    assert dice.count(faces, dice.SPECIAL) == 2
    assert all(f for f in faces)  # no blank face


def test_roll_uses_given_rng_only() -> None:
    a = dice.roll(random.Random(5), 10, SECOND.faces)
    b = dice.roll(random.Random(5), 10, SECOND.faces)
    assert a == b and len(a) == 10


def test_unknown_ruleset_is_refused_with_the_known_names() -> None:
    with pytest.raises(
        ValueError, match="unknown ruleset 'third'; known: first, second"
    ):
        setup_game(vanilla_deck(), vanilla_deck(), seed=1, rules=Rules(ruleset="third"))


def test_default_ruleset_is_the_second_edition() -> None:
    st = setup_game(vanilla_deck(), vanilla_deck(), seed=1, rules=Rules())
    assert st.info.ruleset is SECOND is get_ruleset("second") is get_ruleset("2E")
