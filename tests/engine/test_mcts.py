"""MCTS agent: legality, determinism, information fairness, budget, strength."""

from __future__ import annotations

import pytest
from invariants import play_checked
from scenario import GRUNT, Scenario, card

from engine.agents import GreedyAgent, RandomAgent, make_agent
from engine.agents.mcts import MctsAgent, squash
from engine.core.actions import Action, Attack
from engine.core.hooks import DECK, HAND
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.types import Rules
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import faction_deck
from engine.play import derive_seed, setup_game

SMALL = {"playouts": 4, "candidates": 3}


def _game(
    seed: int, *, turn_cap: int = 60, mcts_seat: int = 0, opponent: str = "random"
) -> tuple[GameState, MctsAgent]:
    """Play a game (MCTS in ``mcts_seat``), checking each choice is legal."""
    decks = [faction_deck("vanguards"), faction_deck("cave-goblins")]
    st = setup_game(decks[0], decks[1], seed=seed, rules=Rules(turn_cap=turn_cap))
    m = MctsAgent(derive_seed(seed, 1), **SMALL)  # type: ignore[arg-type]
    other = make_agent(opponent, derive_seed(seed, 2))
    play_checked(st, [m, other] if mcts_seat == 0 else [other, m])
    return st, m


def test_mcts_is_registered_and_named() -> None:
    assert MctsAgent(1).name == "mcts"
    assert isinstance(make_agent("mcts", 3), MctsAgent)


def test_squash_maps_scores_to_unit_interval() -> None:
    assert squash(0.0) == 0.5
    assert 0.0 <= squash(-1e9) < squash(-5) < 0.5 < squash(5) < squash(1e9) <= 1.0


def test_same_seed_same_game_and_only_legal_actions() -> None:
    st1, m1 = _game(5, turn_cap=8)
    st2, m2 = _game(5, turn_cap=8)
    assert st1.log is not None and st1.log == st2.log
    assert m1.searched > 0 and m1.played == m2.played


def test_one_legal_action_is_answered_without_search() -> None:
    st = Scenario().build(phase=ATTACK)
    m = MctsAgent(1)
    acts: list[Action] = st.legal_actions()[:1]
    assert m.choose(PlayerView(st, 0), acts) is acts[0]
    assert m.played == 0 and m.searched == 0


@pytest.mark.parametrize("playouts", [0, 5, 9])
def test_budget_is_respected(playouts: int) -> None:
    st = setup_game(faction_deck("breakers"), faction_deck("polar-dwarves"), seed=4)
    me = st.current_player()
    view = PlayerView(st, me)
    m = MctsAgent(2, playouts=playouts, candidates=3)
    a = m.choose(view, st.legal_actions())
    assert a in st.legal_actions()
    # at most the budget (each candidate gets one play-out when the budget is
    # smaller than the candidate list)
    assert m.played <= max(playouts, 3) * m.searched
    if playouts == 0:
        assert m.played == 0
        assert a == GreedyAgent(2).choose(PlayerView(st, me), st.legal_actions())
    else:
        assert m.searched == 1 and m.played == max(playouts, 3)


def test_does_not_read_hidden_information() -> None:
    """Two games differing only in hidden things (the opponent's hand/deck split
    and order, my deck order) get the same choices with the same seed."""
    st = setup_game(faction_deck("polar-dwarves"), faction_deck("breakers"), seed=3)
    me = st.current_player()
    opp = 1 - me
    other = st.clone()
    unseen = other.hand[opp] + other.deck[opp]
    k = len(other.hand[opp])
    rev = unseen[::-1]
    other.hand[opp], other.deck[opp] = rev[:k], rev[k:]
    for c in other.hand[opp]:
        other.zone[c] = HAND
    for c in other.deck[opp]:
        other.zone[c] = DECK
    other.deck[me] = other.deck[me][::-1]
    other.rng.seed(12345)  # the real dice differ too
    assert other.hand[opp] != st.hand[opp]
    a1, a2 = MctsAgent(7, **SMALL), MctsAgent(7, **SMALL)  # type: ignore[arg-type]
    v1, v2 = PlayerView(st, me), PlayerView(other, me)
    # the whole first turn: the same choices, applied to both games
    while st.turn_player == me and not st.terminal:
        assert st.current_player() == me
        c1 = a1.choose(v1, st.legal_actions())
        c2 = a2.choose(v2, other.legal_actions())
        assert c1 == c2
        st.apply_action(c1)
        other.apply_action(c2)
    assert a1.searched > 0 and a1.played == a2.played


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_takes_the_winning_attack_on_the_summoner(seed: int) -> None:
    sc = Scenario()
    mine = sc.add(0, GRUNT, "c7")  # next to the enemy summoner (c8)
    other = sc.add(0, card("brute", strength=4, life=5), "a4")
    weak = sc.add(1, card("weakling", life=1, cost=3, strength=3), "a5")
    st = sc.build(phase=ATTACK)
    st.damage[1] = st.life(1) - 1  # one damage left
    acts = st.legal_actions()
    assert Attack(other, weak) in acts and Attack(mine, 1) in acts
    m = MctsAgent(seed)
    assert m.choose(PlayerView(st, 0), acts) == Attack(mine, 1)


def test_beats_random_small_sample() -> None:
    wins = 0
    for seed, seat in ((31, 0), (32, 1)):
        st, _ = _game(seed, mcts_seat=seat)
        wins += st.winner == seat
    assert wins == 2


@pytest.mark.slow
def test_beats_greedy_over_master_set_sample() -> None:
    from engine.play import play_many

    score = 0.0
    games = 0
    for a, b in (("vanguards", "cave-goblins"), ("breakers", "polar-dwarves")):
        rs = play_many(
            faction_deck(a),
            faction_deck(b),
            seed=77,
            games=3,
            agent_a="mcts",
            agent_b="greedy",
            swap=True,
        )
        games += len(rs)
        score += sum(
            1.0 if r.winner == "a" else 0.5 if r.winner is None else 0.0 for r in rs
        )
    assert score / games >= 0.5


def test_random_agent_interface_matches() -> None:
    """Same constructor shape as the other agents (seed only)."""
    for cls in (RandomAgent, GreedyAgent, MctsAgent):
        assert cls(0).name in ("random", "greedy", "mcts")
