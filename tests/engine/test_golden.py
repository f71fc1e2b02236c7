"""Golden counts (python-chess perft style): legal-action counts from fixed positions.
A change here means the rules or the documented action order changed."""

from __future__ import annotations

from scenario import ARCHER, GATE, GRUNT, Scenario

from engine.phases import ATTACK, MOVE, SUMMON
from engine.state import GameState


def perft(st: GameState, depth: int) -> int:
    """Number of action sequences of length ``depth`` (or ending the game earlier)."""
    if depth == 0 or st.is_terminal():
        return 1
    total = 0
    for a in st.legal_actions():
        nxt = st.clone()
        nxt.search = True  # fixed dice: the count is exact and repeatable
        nxt.apply_action(a)
        total += perft(nxt, depth - 1)
    return total


def small_position(phase: int) -> GameState:
    sc = Scenario()
    sc.add(0, GATE, "c2")
    sc.add(0, GRUNT, "c4")
    sc.add(0, ARCHER, "e3")
    sc.add(1, GRUNT, "c5")
    sc.add(1, ARCHER, "e7")
    sc.add(0, GRUNT, zone="hand")
    return sc.build(phase=phase, magic=(2, 2))


def test_golden_move_phase_counts() -> None:
    st = small_position(MOVE)
    moves = st.legal_actions()
    # summoner d1: 8 (incl. out-and-back to d1); archer e3 and grunt c4: the rest
    assert len(moves) == 31
    assert sum(1 for a in moves if getattr(a, "unit", None) == 0) == 8
    assert perft(small_position(MOVE), 2) == 597


def test_golden_summon_and_attack_counts() -> None:
    st = small_position(SUMMON)
    assert len(st.legal_actions()) == 1 + 4  # around the gate at c2: c1 b2 d2 c3
    assert perft(small_position(SUMMON), 3) == 742
    # only the grunt c4 reaches a card (c5); e7 is 4 spaces from the archer at e3
    assert len(small_position(ATTACK).legal_actions()) == 2
