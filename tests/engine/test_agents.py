"""Agents: legality, information fairness, sensible greedy choices, determinism."""

from __future__ import annotations

import invariants
import pytest
from scenario import GRUNT, Scenario, at, card

from engine.agents import GreedyAgent, RandomAgent, make_agent
from engine.agents.evaluation import evaluate
from engine.cli.agents import main
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.hooks import DECK, HAND
from engine.core.phases import ATTACK, MAGIC, MOVE
from engine.core.state import GameState
from engine.core.types import CardDef
from engine.core.view import PlayerView
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.resolve import faction_deck
from engine.play import derive_seed, setup_game
from engine.tools.measure import agents_table, format_table

MASTER = (
    "polar-dwarves",
    "cave-goblins",
    "fallen-kingdom",
    "breakers",
    "savanna-elves",
    "vanguards",
)


@pytest.fixture(scope="module")
def cg() -> dict[str, CardDef]:
    return {c.slug: c for c in load_catalog().cards_of("cave-goblins")}


def goblins(cg: dict[str, CardDef]) -> Scenario:
    return Scenario(summoners=(cg["sneeks"], cg["sneeks"]))


def play_game_checked(a: str, b: str, seed: int, agents: tuple[str, str]) -> GameState:
    """Play a whole game, checking every choice against the legal list."""
    st = setup_game(faction_deck(a), faction_deck(b), seed=seed)
    ags = [make_agent(agents[0], derive_seed(seed, 1))]
    ags.append(make_agent(agents[1], derive_seed(seed, 2)))
    invariants.play_checked(st, ags)
    return st


# -- legality --------------------------------------------------------------------------
@pytest.mark.parametrize("i", range(len(MASTER)))
def test_agents_only_choose_legal_actions(i: int) -> None:
    a, b = MASTER[i], MASTER[(i + 1) % len(MASTER)]
    st = play_game_checked(a, b, 100 + i, ("greedy", "greedy"))
    assert st.termination in ("summoner_destroyed", "turn_cap")
    st = play_game_checked(b, a, 200 + i, ("greedy", "random"))
    assert st.winner is not None


# -- information fairness --------------------------------------------------------------
def test_view_hides_opponent_hand_and_deck_orders() -> None:
    st = setup_game(faction_deck("polar-dwarves"), faction_deck("breakers"), seed=3)
    me = st.current_player()
    opp = 1 - me
    view = PlayerView(st, me)
    assert view.hand == st.hand[me]
    assert view.hand_count(opp) == len(st.hand[opp])
    assert view.deck_count(me) == len(st.deck[me])
    assert not hasattr(view, "deck") and not hasattr(view, "opponent_hand")
    assert not hasattr(view, "seed")  # the game seed would give the shuffles away

    # a second game differing only in hidden things: the opponent's hand/deck split
    # and order, my deck order
    other = st.clone()
    unseen = other.hand[opp] + other.deck[opp]
    k = len(other.hand[opp])
    swapped = unseen[::-1]
    other.hand[opp], other.deck[opp] = swapped[:k], swapped[k:]
    for c in other.hand[opp]:
        other.zone[c] = HAND
    for c in other.deck[opp]:
        other.zone[c] = DECK
    other.deck[me] = other.deck[me][::-1]
    assert other.hand[opp] != st.hand[opp]

    s1 = PlayerView(st, me).search()
    s2 = PlayerView(other, me).search()
    assert s1.hand[opp] == s2.hand[opp] and s1.deck[opp] == s2.deck[opp]
    assert s1.deck[me] == s2.deck[me] == sorted(st.deck[me])
    assert s1.hand[me] == st.hand[me]
    assert s1.search and s2.search
    # so the greedy agent decides the same in both
    assert other.legal_actions() == st.legal_actions()
    a1 = GreedyAgent(5).choose(PlayerView(st, me), st.legal_actions())
    a2 = GreedyAgent(5).choose(PlayerView(other, me), other.legal_actions())
    assert a1 == a2


def test_search_copy_rolls_fixed_dice_not_the_real_rng() -> None:
    st = setup_game(faction_deck("vanguards"), faction_deck("cave-goblins"), seed=9)
    s1 = PlayerView(st, 0).search()
    st.rng.random()  # the real RNG moves on: the search copy does not depend on it
    s2 = PlayerView(st, 0).search()
    assert s1.roll(6) == s2.roll(6)


# -- sensible greedy choices -----------------------------------------------------------
def test_greedy_kills_the_enemy_summoner_when_it_can() -> None:
    sc = Scenario()
    mine = sc.add(0, GRUNT, "c7")  # next to the enemy summoner (c8)
    other = sc.add(0, card("brute", strength=4, life=5), "a4")
    weak = sc.add(1, card("weakling", life=1, cost=3, strength=3), "a5")
    st = sc.build(phase=ATTACK)
    st.damage[1] = st.life(1) - 1  # one damage left
    acts = st.legal_actions()
    assert Attack(other, weak) in acts and Attack(mine, 1) in acts
    choice = GreedyAgent(1).choose(PlayerView(st, 0), acts)
    assert choice == Attack(mine, 1)
    st.apply_action(choice)
    # the real dice may miss; the point is the choice


def test_greedy_attacks_rather_than_paying_the_cost_of_inaction() -> None:
    sc = Scenario()
    grunt = sc.add(0, GRUNT, "c4")
    wall = sc.add(1, card("wall", life=9, cost=0, strength=0), "c5")
    st = sc.build(phase=ATTACK)
    choice = GreedyAgent(1).choose(PlayerView(st, 0), st.legal_actions())
    assert choice == Attack(grunt, wall)


def test_greedy_charges_into_attack_range(cg: dict[str, CardDef]) -> None:
    """Beast Rider's Charge (UseAbility): 4 spaces up reaches the enemy unit; a
    normal move cannot."""
    sc = goblins(cg)
    rider = sc.add(0, cg["beast-rider"], "a2")
    sc.add(1, GRUNT, "a7")
    st = sc.build(phase=MOVE)
    acts = st.legal_actions()
    charge = UseAbility(rider, "beast-rider.charge", at("a6"))
    assert charge in acts
    choice = GreedyAgent(1).choose(PlayerView(st, 0), acts)
    assert choice == charge


def test_greedy_uses_sly_to_bring_sneeks_into_attack(
    cg: dict[str, CardDef],
) -> None:
    """Sly swaps Sneeks with a 0-cost unit that has already attacked; from its
    space Sneeks can hit the wounded enemy summoner. Without Sly nothing can
    attack (and the cost of inaction would hurt)."""
    sc = Scenario(summoners=(cg["sneeks"], cg["sneeks"]), summoner_at=("a1", "c8"))
    climber = sc.add(0, cg["horde-climber"], "c7")  # 0 cost
    st = sc.build(phase=ATTACK)
    st.attacked.append(climber)
    st.damage[1] = st.life(1) - 2
    sneeks = 0
    acts = st.legal_actions()
    assert not any(isinstance(a, Attack) for a in acts)
    sly = UseAbility(sneeks, "sneeks.sly", climber)
    assert sly in acts
    agent = GreedyAgent(1)
    assert agent.choose(PlayerView(st, 0), acts) == sly
    st.apply_action(sly)
    assert agent.choose(PlayerView(st, 0), st.legal_actions()) == Attack(sneeks, 1)


def test_greedy_plays_enrage_the_horde_for_extra_attacks(
    cg: dict[str, CardDef],
) -> None:
    sc = goblins(cg)
    ev = sc.add(0, cg["enrage-the-horde"], zone="hand")
    sc.add(0, cg["horde-slinger"], "c3")
    sc.add(0, cg["horde-climber"], "e3")
    sc.add(1, card("target", life=2, cost=2, strength=2), "c5")
    sc.add(1, card("target2", life=2, cost=2, strength=2), "e4")
    st = sc.build(phase=MAGIC)
    acts = st.legal_actions()
    assert PlayEvent(ev) in acts
    agent = GreedyAgent(1)
    assert agent.choose(PlayerView(st, 0), acts) == PlayEvent(ev)
    st.apply_action(PlayEvent(ev))
    # then it picks attacks, not "stop"
    choice = agent.choose(PlayerView(st, 0), st.legal_actions())
    assert isinstance(choice, Attack)


def test_greedy_summoner_advances_when_it_is_alone() -> None:
    sc = Scenario(summoner_at=("c3", "c8"))
    st = sc.build(phase=MOVE)
    choice = GreedyAgent(1).choose(PlayerView(st, 0), st.legal_actions())
    assert isinstance(choice, Move) and choice.unit == 0
    assert at("c3") < choice.to  # towards the enemy


def test_evaluate_is_symmetric_and_sees_damage() -> None:
    sc = Scenario()
    g = sc.add(0, GRUNT, "c4")
    st = sc.build(phase=ATTACK)
    assert evaluate(st, 0) > evaluate(st, 1)
    before = evaluate(st, 0)
    st.damage[g] = 1
    assert evaluate(st, 0) < before
    st.damage[1] = 3
    assert evaluate(st, 0) > before - 1


# -- determinism -----------------------------------------------------------------------
def _log(seed: int, agents: tuple[str, str]) -> list[Action]:
    st = setup_game(
        faction_deck("savanna-elves"), faction_deck("fallen-kingdom"), seed=seed
    )
    ags = [make_agent(agents[0], derive_seed(seed, 1))]
    ags.append(make_agent(agents[1], derive_seed(seed, 2)))
    views = (PlayerView(st, 0), PlayerView(st, 1))
    while not st.terminal:
        p = st.current_player()
        st.apply_action(ags[p].choose(views[p], st.legal_actions()))
    assert st.log is not None
    return st.log


@pytest.mark.parametrize("agents", [("greedy", "greedy"), ("greedy", "random")])
def test_same_seed_same_game(agents: tuple[str, str]) -> None:
    assert _log(21, agents) == _log(21, agents)


def test_random_agent_uses_its_own_rng() -> None:
    acts: list[Action] = [END_PHASE, Move(0, 1), Move(0, 2)]
    st = Scenario().build()
    v = PlayerView(st, 0)
    a = [RandomAgent(4).choose(v, acts) for _ in range(3)]
    assert a == [RandomAgent(4).choose(v, acts) for _ in range(3)]


def test_agents_table_smoke() -> None:
    res = agents_table(1, factions=("polar-dwarves", "cave-goblins"))
    assert res["greedy_vs_random_games"] == 8
    per = res["factions"]
    assert set(per) == {"polar-dwarves", "cave-goblins"}
    assert per["cave-goblins"]["vs_greedy_games"] == 2
    text = format_table(res)
    assert "| polar-dwarves |" in text and "Greedy vs greedy" in text


def test_table_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--table", "--games", "1", "--factions", "vanguards,breakers"]) == 0
    out = capsys.readouterr().out
    assert "| vanguards |" in out and "| breakers |" in out
    assert main([]) == 2


def test_greedy_places_a_wall_in_the_first_editions_events_phase() -> None:
    """First-edition walls are built in the events phase, not a build phase."""
    from firstbench import fresh, to_hand

    from engine.core.actions import Build
    from engine.core.phases import EVENTS
    from engine.core.view import PlayerView

    st = fresh("selundar", "the-demagogue", EVENTS, events=True)
    to_hand(st, 0, "wall")
    acts = st.legal_actions()
    assert any(type(a) is Build for a in acts)
    assert type(make_agent("greedy", 3).choose(PlayerView(st, 0), acts)) is Build
