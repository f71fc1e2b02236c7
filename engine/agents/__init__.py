"""Agents: ``choose(view, actions) -> action`` (the protocol and :class:`PlayerView` are
in :mod:`engine.core.view`).

- ``random`` (:mod:`.random_agent`): uniform over the legal actions; a yardstick.
- ``greedy`` (:mod:`.greedy`): one decision ahead with :func:`.evaluation.evaluate`.
- ``mcts`` (:mod:`.mcts`): determinised Monte Carlo search over greedy play-outs.
- ``planner`` (:mod:`.planner`): plans its whole turn, scores where the turn ends
  (:mod:`.planner_eval`, weights as data in :mod:`.weights`).

:data:`AGENTS` maps the public names (CLIs, REST) to factories taking a seed;
:func:`make_agent` builds one. Measurement: ``python -m engine.agents --table``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.agents.greedy import GreedyAgent
from engine.agents.mcts import MctsAgent
from engine.agents.planner import PlannerAgent
from engine.agents.random_agent import RandomAgent
from engine.core.view import Agent

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
    "planner": PlannerAgent,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        cls = AGENTS[name]
    except KeyError:
        raise ValueError(
            f"unknown agent {name!r}; choose from {sorted(AGENTS)}"
        ) from None
    agent: Agent = cls(seed)
    return agent


__all__ = [
    "AGENTS",
    "GreedyAgent",
    "MctsAgent",
    "PlannerAgent",
    "RandomAgent",
    "make_agent",
]
