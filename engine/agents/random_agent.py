"""``random``: uniform over the legal actions, with its own seeded RNG (a yardstick)."""

from __future__ import annotations

import random

from engine.core.actions import Action
from engine.core.view import PlayerView


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        return actions[int(self.rng.random() * len(actions))]
