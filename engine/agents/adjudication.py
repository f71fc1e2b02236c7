"""Adjudication: stop a game whose result is no longer in doubt, and measure how
often such a call is wrong.

Engine testing frameworks stop games early (cutechess-cli's resign and draw
adjudication; fishtest; Leela Zero resigns and plays a share of those games out to
measure false resignations). Here the planner's evaluation, calibrated by its Texel
fit into a win probability (``sigmoid(E / K)``, ``K`` in the weights file's
``meta.k``: :mod:`engine.agents.texel`), judges the position at every turn boundary:

- ``p = (sigmoid(E_0 / K) + 1 - sigmoid(E_1 / K)) / 2``: seat 0's chance as both
  seats' evaluations see it (each evaluation reads what its seat may know);
- when one side's chance stays at or above ``threshold`` for ``turns`` turn
  boundaries in a row, the judge calls that side the winner;
- a fixed share of games (``check_share``, chosen from the game seed, so the two
  games of a paired comparison are treated alike) is played out anyway, the call
  only recorded: a call that the played-out result contradicts (a loss or a draw
  for the called side) is a **false call**, and :func:`call_stats` counts them.

The judge observes, it never acts: games it does not stop are the same games as
without it. Calls are made on the position only, so they are as deterministic as
the games.
"""

# Agents' work, not a player: never compiled (engine._build.NOT_COMPILED).

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.agents.planner_eval import PlannerEval
from engine.agents.weights import WEIGHTS_FILE, load_weights
from engine.core.play import GameResult
from engine.core.state import GameState

#: the default settings (measured in docs/measurements/adjudication.md)
THRESHOLD = 0.99
TURNS = 2
CHECK_SHARE = 0.1


def texel_k() -> float:
    """The calibration scale of the shipped weights (their Texel fit's ``K``)."""
    if not _K:
        meta: dict[str, Any] = {}
        if WEIGHTS_FILE.exists():
            meta = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")).get("meta", {})
        _K.append(float(meta.get("k") or 0.0) or 400.0)
    return _K[0]


_K: list[float] = []


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Adjudication:
    """The settings of adjudication (module docstring)."""

    threshold: float = THRESHOLD
    turns: int = TURNS
    check_share: float = CHECK_SHARE

    def __post_init__(self) -> None:
        if not 0.5 < self.threshold < 1:
            raise ValueError("the threshold must lie between 0.5 and 1")
        if self.turns < 1 or not 0 <= self.check_share <= 1:
            raise ValueError("turns >= 1 and a check share between 0 and 1")

    def plays_out(self, seed: int) -> bool:
        """Whether the game of ``seed`` is one of the share played out."""
        h = hashlib.sha256(f"sw-adjudication:{seed}".encode()).digest()
        return int.from_bytes(h[:8], "big") / 2**64 < self.check_share

    def judge(self, seed: int) -> Judge:
        return Judge(self, plays_out=self.plays_out(seed))

    def as_json(self) -> dict[str, Any]:
        return {
            "threshold": self.threshold,
            "turns": self.turns,
            "check_share": self.check_share,
        }


class Streak:
    """The call rule: a side whose chance is at or beyond the threshold at
    ``turns`` turn boundaries in a row is called the winner."""

    def __init__(self, settings: Adjudication) -> None:
        self.settings = settings
        self.seat: int | None = None
        self.count = 0

    def see(self, p: float) -> int | None:
        """Take seat 0's chance at the next turn boundary; the seat called, or
        None."""
        thr = self.settings.threshold
        seat = 0 if p >= thr else 1 if p <= 1 - thr else None
        if seat is None or seat != self.seat:
            self.seat = seat
            self.count = 0 if seat is None else 1
        else:
            self.count += 1
        if seat is not None and self.count >= self.settings.turns:
            return seat
        return None


class Judge:
    """One game's judge (:class:`engine.core.play.Judge`)."""

    def __init__(self, settings: Adjudication, *, plays_out: bool) -> None:
        self.settings = settings
        self.plays_out = plays_out
        self.eval = PlannerEval(load_weights())
        self.k = texel_k()
        self._streak = Streak(settings)

    def chance(self, st: GameState) -> float:
        """Seat 0's chance to win as both seats' evaluations see it."""
        p0 = _sigmoid(self.eval.evaluate(st, 0) / self.k)
        p1 = _sigmoid(self.eval.evaluate(st, 1) / self.k)
        return (p0 + 1.0 - p1) / 2

    def observe(self, state: GameState) -> int | None:
        return self._streak.see(self.chance(state))


def call_stats(results: Sequence[GameResult]) -> dict[str, Any]:
    """What the judges did in ``results``: games stopped, played-out games with a
    call, false calls among them (the called side lost or drew) and their rate,
    and the turns the calls came before the played-out ends."""
    stopped = sum(r.termination == "adjudicated" for r in results)
    checked = [
        r for r in results if r.called is not None and r.termination != "adjudicated"
    ]
    false = sum(r.winner != r.called for r in checked)
    saved = [r.turns - r.called_turn for r in checked]
    return {
        "games": len(results),
        "adjudicated": stopped,
        "checked_calls": len(checked),
        "false_calls": false,
        "false_call_rate": false / len(checked) if checked else None,
        "mean_turns_saved": sum(saved) / len(saved) if saved else None,
        "mean_turns": sum(r.turns for r in results) / len(results) if results else None,
    }
