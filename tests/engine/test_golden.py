"""Golden counts (python-chess perft style): legal-action counts from fixed positions,
and a digest of whole seeded games. A change here means the rules, the documented action
order or an agent changed; speed work must leave both untouched."""

from __future__ import annotations

import pytest
from scenario import ARCHER, GATE, GRUNT, Scenario

from engine.core.phases import ATTACK, MOVE, SUMMON
from engine.core.state import GameState
from engine.rulesets import RULESETS


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


def game_logs_digest(ruleset: str) -> str:
    """SHA-256 over whole games of ``ruleset``: the six benchmark matchups, three
    random games and one greedy game each (winner, how it ended, turns, every
    action)."""
    import hashlib

    from engine.core.types import Rules
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import play_many
    from engine.tools.bench import MATCHUPS

    h = hashlib.sha256()
    for i, (a, b) in enumerate(GOLDEN_MATCHUPS.get(ruleset, MATCHUPS)):
        da, db = faction_deck(a, ruleset=ruleset), faction_deck(b, ruleset=ruleset)
        for agent, games in (("random", 3), ("greedy", 1)):
            for r in play_many(
                da,
                db,
                seed=700 + i,
                games=games,
                agent_a=agent,
                agent_b=agent,
                record=True,
                rules=Rules(ruleset=ruleset),
            ):
                assert r.log is not None
                h.update(repr((r.winner, r.termination, r.turns, r.log)).encode())
    return h.hexdigest()


# Matchups of the rulesets whose factions differ from the benchmark's (engine.bench)
GOLDEN_MATCHUPS = {
    "first": (
        ("phoenix-elves", "tundra-orcs"),
        ("fallen-kingdom", "jungle-elves"),
        ("cave-goblins", "guild-dwarves"),
    ),
}

# Whole games, move for move, one digest per ruleset (a new ruleset adds its own).
# Speed work must leave them unchanged; a change to the rules, an ability or an
# agent changes one on purpose: then check the change and update the digest in the
# same commit, saying why.
GAME_LOGS_DIGEST = {
    "second": "0e08bdd01f32288c6768d079a7421f966f43c9315b617ca3c122cd06b659d842",
    # first: the magic pile became real cards (discard piles no longer hold the
    # pile's cards, paid cards go to the payer's discard pile, cards under a
    # destroyed unit go to the destroyer's pile, the look-ahead redeals the
    # opponent's face-down pile); then greedy builds walls in the first edition's
    # events phase (it only looked for builds in a build phase, so placed none)
    "first": "a44d9f409907085dae4d58249c734e713b579559b5b9f20d2fe6d4d61c8c46e8",
}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_golden_game_logs(ruleset: str) -> None:
    assert ruleset in GAME_LOGS_DIGEST, f"ruleset {ruleset} has no golden digest yet"
    assert game_logs_digest(ruleset) == GAME_LOGS_DIGEST[ruleset]
