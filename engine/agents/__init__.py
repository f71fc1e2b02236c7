"""Agents: ``choose(view, actions) -> action`` (the protocol and :class:`PlayerView` are
in :mod:`engine.core.view`).

- ``random`` (:mod:`.random_agent`): uniform over the legal actions; a yardstick.
- ``greedy`` (:mod:`.greedy`): one decision ahead with :func:`.evaluation.evaluate`.
- ``mcts`` (:mod:`.mcts`): determinised Monte Carlo search over greedy play-outs.
- ``planner`` (:mod:`.planner`): plans its whole turn, scores where the turn ends
  (:mod:`.planner_eval`, weights as data in :mod:`.weights`).
- ``mcts-planner`` (:mod:`.mcts_planner`): determinised Monte Carlo search over the
  planner's candidates, play-outs by its greedy players and its evaluation.
- ``plan:<faction>`` (:mod:`.plans`): the planner overruled by a faction's published
  game plan where it applies: a yardstick for the planner's blind spots.

:data:`AGENTS` maps the public names (CLIs, REST) to factories taking a seed;
:func:`make_agent` builds one. Measurement: ``python -m engine.agents --table``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.agents.greedy import GreedyAgent
from engine.agents.mcts import MctsAgent
from engine.agents.mcts_planner import MctsPlannerAgent
from engine.agents.planner import ClassicPlannerAgent, PlannerAgent
from engine.agents.plans import PLANS
from engine.agents.random_agent import RandomAgent
from engine.core.view import Agent

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
    "planner": PlannerAgent,
}

#: Agents the engine's CLIs and the ladder take by name but the site does not offer
#: yet (``simulate.models.Agent`` lists the site's): experiments, slow searchers.
ENGINE_ONLY: dict[str, Callable[[int], Agent]] = {
    "mcts-planner": MctsPlannerAgent,
    "planner-classic": ClassicPlannerAgent,
    **PLANS,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        cls = AGENTS[name] if name in AGENTS else ENGINE_ONLY[name]
    except KeyError:
        names = sorted(AGENTS) + sorted(ENGINE_ONLY)
        raise ValueError(f"unknown agent {name!r}; choose from {names}") from None
    agent: Agent = cls(seed)
    return agent


__all__ = [
    "AGENTS",
    "ClassicPlannerAgent",
    "ENGINE_ONLY",
    "GreedyAgent",
    "MctsAgent",
    "MctsPlannerAgent",
    "PlannerAgent",
    "RandomAgent",
    "make_agent",
]
