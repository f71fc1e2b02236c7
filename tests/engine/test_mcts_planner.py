"""``mcts-planner``: engine-only, legal, deterministic, information-fair, within
budget, keeps the planner's choice without play-outs, takes a winning attack."""

from __future__ import annotations

import pytest
from invariants import play_checked
from scenario import GRUNT, Scenario, card

from engine.agents import AGENTS, ENGINE_ONLY, PlannerAgent, make_agent
from engine.agents.ladder import run_ladder
from engine.agents.mcts_planner import MctsPlannerAgent
from engine.core.actions import Action, Attack
from engine.core.hooks import DECK, HAND
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.types import Rules
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import faction_deck
from engine.play import derive_seed, setup_game

SMALL = {"playouts": 3, "candidates": 2}


def _game(seed: int, turn_cap: int) -> tuple[GameState, MctsPlannerAgent]:
    st = setup_game(
        faction_deck("vanguards"),
        faction_deck("cave-goblins"),
        seed=seed,
        rules=Rules(turn_cap=turn_cap),
    )
    m = MctsPlannerAgent(derive_seed(seed, 1), **SMALL)  # type: ignore[arg-type]
    play_checked(st, [m, make_agent("greedy", derive_seed(seed, 2))])
    return st, m


def test_engine_only_agent_is_made_by_name_but_not_offered_to_the_site() -> None:
    assert "mcts-planner" in ENGINE_ONLY and "mcts-planner" not in AGENTS
    assert isinstance(make_agent("mcts-planner", 3), MctsPlannerAgent)
    with pytest.raises(ValueError, match="mcts-planner"):
        make_agent("no-such-agent", 1)


def test_same_seed_same_game_and_only_legal_actions() -> None:
    st1, m1 = _game(5, turn_cap=4)
    st2, m2 = _game(5, turn_cap=4)
    assert st1.log is not None and st1.log == st2.log
    assert m1.searched > 0 and m1.played == m2.played


@pytest.mark.parametrize("playouts", [0, 4])
def test_budget_counts_playouts_and_zero_plays_as_the_planner(playouts: int) -> None:
    st = setup_game(faction_deck("breakers"), faction_deck("polar-dwarves"), seed=4)
    me = st.current_player()
    m = MctsPlannerAgent(2, playouts=playouts, candidates=2)
    a = m.choose(PlayerView(st, me), st.legal_actions())
    assert a in st.legal_actions()
    if playouts == 0:
        assert m.played == 0 and m.searched == 0
        assert a == PlannerAgent(2).choose(PlayerView(st, me), st.legal_actions())
    else:
        assert m.searched == 1 and m.played == playouts


def test_does_not_read_hidden_information() -> None:
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
    other.rng.seed(12345)
    assert other.hand[opp] != st.hand[opp]
    a1 = MctsPlannerAgent(7, **SMALL)  # type: ignore[arg-type]
    a2 = MctsPlannerAgent(7, **SMALL)  # type: ignore[arg-type]
    v1, v2 = PlayerView(st, me), PlayerView(other, me)
    while st.turn_player == me and not st.terminal:
        c1 = a1.choose(v1, st.legal_actions())
        c2 = a2.choose(v2, other.legal_actions())
        assert c1 == c2
        st.apply_action(c1)
        other.apply_action(c2)
    assert a1.searched > 0 and a1.played == a2.played


def test_takes_the_winning_attack_on_the_summoner() -> None:
    sc = Scenario()
    mine = sc.add(0, GRUNT, "c7")  # next to the enemy summoner (c8)
    other = sc.add(0, card("brute", strength=4, life=5), "a4")
    weak = sc.add(1, card("weakling", life=1, cost=3, strength=3), "a5")
    st = sc.build(phase=ATTACK)
    st.damage[1] = st.life(1) - 1
    acts: list[Action] = st.legal_actions()
    assert Attack(other, weak) in acts and Attack(mine, 1) in acts
    assert MctsPlannerAgent(1).choose(PlayerView(st, 0), acts) == Attack(mine, 1)


def test_the_ladder_takes_an_engine_only_agent() -> None:
    res = run_ladder(
        ["mcts-planner", "random"],
        deals=1,
        factions=["vanguards", "breakers"],
        rules=Rules(turn_cap=3),
    )
    (pairing,) = res["pairings"]
    assert set(pairing["agents"]) == {"mcts-planner", "random"}
    assert pairing["games"] == 2
    with pytest.raises(ValueError, match="unknown agent"):
        run_ladder(["planner", "nobody"], deals=1)
