"""Scripted faction plans (engine.agents.plans): the planner overruled by a faction's
published game plan where the plan applies, a yardstick for the planner's blind
spots. Each rule is checked on the real positions of plan games: whenever the plan
decided, what it chose is what its rule says."""

from __future__ import annotations

import pytest

from engine.agents import ENGINE_ONLY, make_agent
from engine.agents import plans as P
from engine.agents.planner import PlannerAgent
from engine.agents.weights import Weights, load_weights
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    ChooseOption,
    ChooseTarget,
    DiscardForMagic,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.board import DIST
from engine.core.play import play_game
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import faction_deck
from engine.play import play_one, setup_game


def test_plans_are_engine_only_agents_by_faction() -> None:
    assert {"plan:cave-goblins", "plan:savanna-elves", "plan:fallen-kingdom"} <= set(
        ENGINE_ONLY
    )
    agent = make_agent("plan:cave-goblins", 1)
    assert agent.name == "plan:cave-goblins"
    assert isinstance(agent, P.CaveGoblinsPlan)


def test_with_another_factions_deck_a_plan_is_the_planner() -> None:
    """Seated with a deck that is not its faction's, the plan never decides: the
    games are the planner's own, action for action."""
    pe, vg = faction_deck("phoenix-elves"), faction_deck("vanguards")
    a = play_one(pe, vg, seed=4, agent_a="plan:cave-goblins", agent_b="greedy")
    b = play_one(pe, vg, seed=4, agent_a="planner", agent_b="greedy")
    assert (a.winner, a.turns, a.actions) == (b.winner, b.turns, b.actions)


Seen = list[tuple[str, object, int, list[Action], Action]]


def _watch(
    plan_cls: type[P.PlanAgent], faction: str, weights: Weights | None = None
) -> Seen:
    """The plan's decisions (rule name, position, seat, offered, chosen) over games
    of ``faction`` against three faction decks played by greedy (quick games), from
    both seats; ``weights``: those of the planner the plan defers to (default: the
    shipped ones)."""

    class Watch(plan_cls):  # type: ignore[valid-type,misc]
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            if weights is not None:
                self.planner = PlannerAgent(seed, weights)
            self.seen: Seen = []

        def choose(self, view: PlayerView, actions: list[Action]) -> Action:
            before = dict(self.used)
            st = view.public_state().clone(record=False)
            got = super().choose(view, actions)
            for name, n in self.used.items():
                if n != before.get(name, 0):
                    self.seen.append((name, st, view.player, list(actions), got))
            return got

    seen: Seen = []
    mine = faction_deck(faction)
    for i, other in enumerate(["phoenix-elves", "vanguards", "polar-dwarves"]):
        for seat in (0, 1):
            theirs = faction_deck(other)
            st = setup_game(
                *((mine, theirs) if seat == 0 else (theirs, mine)), seed=100 + i
            )
            plan = Watch(7 + i)
            agents = [plan, make_agent("greedy", 11 + i)]
            if seat == 1:
                agents.reverse()
            play_game(st, agents, record=False)
            seen += plan.seen
    return seen


@pytest.fixture(scope="module")
def watched() -> Seen:
    return _watch(P.CaveGoblinsPlan, "cave-goblins")


@pytest.fixture(scope="module")
def sellers() -> Seen:
    """Cave Goblins games whose planner sells free units for magic: the magic need
    fixed at 6 whatever the hand costs (the weights before 2026-11-28 night), so the
    swarm rule has discards to refuse."""
    fixed = Weights({**load_weights().as_dict(), "magic_need_hand": 0.0})
    return _watch(P.CaveGoblinsPlan, "cave-goblins", fixed)


@pytest.fixture(scope="module")
def elves() -> Seen:
    return _watch(P.SavannaElvesPlan, "savanna-elves")


@pytest.fixture(scope="module")
def kingdom() -> Seen:
    return _watch(P.FallenKingdomPlan, "fallen-kingdom")


def _rule(seen: list, name: str) -> list:
    got = [s for s in seen if s[0] == name]
    assert got, f"the rule {name} never decided in the sample games"
    return got


def test_swarm_summons_a_free_unit_nearest_the_enemy_summoner(watched) -> None:
    for _, st, me, actions, got in _rule(watched, "swarm"):
        assert isinstance(got, Summon) and P._free(st, got.card)
        t = P._target(st, me)
        free = [a for a in actions if isinstance(a, Summon) and P._free(st, a.card)]
        assert DIST[got.space][t] == min(DIST[a.space][t] for a in free)


def test_forward_gate_builds_nearest_the_enemy_summoner(watched) -> None:
    for _, st, me, actions, got in _rule(watched, "forward_gate"):
        assert isinstance(got, Build)
        t = P._target(st, me)
        builds = [a for a in actions if isinstance(a, Build)]
        assert DIST[got.space][t] == min(DIST[a.space][t] for a in builds)


def test_fuel_discards_the_eater_and_beast_riders_first(watched) -> None:
    for _, st, me, actions, got in _rule(watched, "fuel"):
        assert isinstance(got, DiscardForMagic)
        slug = st.info.cards[got.card].slug
        offered = {
            st.info.cards[a.card].slug
            for a in actions
            if isinstance(a, DiscardForMagic)
        }
        if slug != "the-eater":
            assert "the-eater" not in offered
        assert slug in ("the-eater", "beast-rider", "pile-on") or (
            st.info.cards[got.card].is_structure and P._gates_on_board(st, me) >= 2
        )


def test_a_free_unit_is_never_discarded(watched, sellers) -> None:
    for _, st, _, _actions, got in watched + sellers:
        assert not (isinstance(got, DiscardForMagic) and P._free(st, got.card))
    for *_, got in _rule(sellers, "keep_the_swarm"):
        assert got == END_PHASE


def test_attacks_go_at_the_enemy_summoner_first(watched) -> None:
    for _, st, me, _actions, got in _rule(watched, "at_the_summoner"):
        assert isinstance(got, Attack) and got.target == st.info.summoners[1 - me]


def test_sneeks_leads_early_while_healthy(watched) -> None:
    for _, st, me, _actions, got in _rule(watched, "sneeks_leads"):
        sneeks = st.info.summoners[me]
        t = P._target(st, me)
        assert isinstance(got, UseAbility) and got.card == sneeks
        assert st.turn <= P.EARLY_TURNS
        assert st.life(sneeks) - st.damage[sneeks] >= P.SNEEKS_BOLD_LIFE
        assert DIST[st.pos[got.option]][t] < DIST[st.pos[sneeks]][t]


def test_close_in_steps_next_to_the_enemy_summoner(watched) -> None:
    for _, st, me, _actions, got in _rule(watched, "close_in"):
        assert isinstance(got, Move) and got.unit != st.info.summoners[me]
        assert DIST[got.to][P._target(st, me)] == 1


def test_the_burst_plays_its_events_only_when_the_horde_is_there(watched) -> None:
    for _, st, me, _actions, got in [s for s in watched if s[0] == "burst"]:
        assert isinstance(got, PlayEvent)
        slug = st.info.cards[got.card].slug
        if slug == "enrage-the-horde":
            assert P._free_in_reach_of_summoner(st, me) >= 2
        else:
            assert slug == "pile-on"


# -- Savanna Elves ---------------------------------------------------------------------
def test_abua_shi_moves_every_turn_towards_her_friends(elves) -> None:
    for _, st, me, actions, got in _rule(elves, "bond_every_turn"):
        abua = st.info.summoners[me]
        assert isinstance(got, Move) and got.unit == abua
        friends = [u for u in st.units_of(me) if u != abua]
        near = sum(1 for u in friends if DIST[st.pos[u]][got.to] <= 3)
        assert near >= 1
        for a in actions:
            if isinstance(a, Move) and a.unit == abua:
                assert sum(1 for u in friends if DIST[st.pos[u]][a.to] <= 3) <= near


def test_boosts_go_to_the_units_that_grow_with_them(elves) -> None:
    for name in ("bond_to_a_grower", "commune_to_a_grower"):
        for _, st, _, actions, got in _rule(elves, name):
            growers = [
                a
                for a in actions
                if isinstance(a, ChooseTarget) and P._grows(st, a.card)
            ]
            if growers:
                assert isinstance(got, ChooseTarget) and P._grows(st, got.card)
                best = max(st.info.cards[a.card].cost or 0 for a in growers)
                assert (st.info.cards[got.card].cost or 0) == best
            else:
                assert name == "commune_to_a_grower" and isinstance(got, ChooseOption)


def test_chant_of_power_goes_on_a_boosted_unit_in_the_fight(elves) -> None:
    for _, st, me, _actions, got in _rule(elves, "chant_of_power"):
        target = P._chant_target(st, me)
        assert target >= 0 and st.boost[target] >= 2
        assert isinstance(got, (PlayEvent, ChooseTarget))
        if isinstance(got, ChooseTarget):
            assert got.card == target


def test_the_epic_is_never_discarded(elves) -> None:
    for _, st, _, _actions, got in elves:
        assert not (
            isinstance(got, DiscardForMagic)
            and st.info.cards[got.card].slug == "chant-of-power"
        )


# -- Fallen Kingdom --------------------------------------------------------------------
def test_ret_talus_raises_the_most_expensive_undead_while_healthy(kingdom) -> None:
    for _, st, me, actions, got in _rule(kingdom, "raise_the_dead"):
        ret = st.info.summoners[me]
        if isinstance(got, UseAbility):
            assert st.life(ret) - st.damage[ret] >= P.RAISE_LIFE
        else:
            assert isinstance(got, ChooseTarget)
            costs = [
                st.info.cards[a.card].cost or 0
                for a in actions
                if isinstance(a, ChooseTarget)
            ]
            assert (st.info.cards[got.card].cost or 0) == max(costs)


def test_cultists_are_summoned_next_to_the_most_enemies(kingdom) -> None:
    for _, st, me, actions, got in _rule(kingdom, "fodder_forward"):
        assert isinstance(got, Summon)
        assert st.info.cards[got.card].slug == "hellfire-cultist"
        most = max(
            P._near_enemy(st, a.space, me)
            for a in actions
            if isinstance(a, Summon)
            and st.info.cards[a.card].slug == "hellfire-cultist"
        )
        assert P._near_enemy(st, got.space, me) == most


def test_undead_warriors_attack_last(kingdom) -> None:
    for _, st, _, _actions, got in _rule(kingdom, "warriors_last"):
        assert isinstance(got, Attack)
        assert st.info.cards[got.attacker].slug != "undead-warrior"


def test_the_undead_are_buried_for_magic_first(kingdom) -> None:
    for _, st, _, _actions, got in _rule(kingdom, "bury_the_undead"):
        assert isinstance(got, DiscardForMagic) and P._undead(st, got.card)
