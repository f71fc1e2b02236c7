"""Confirmation of a swap on fresh seeds: a sequential test on block differences.

A swap found by a search is re-tested against its base deck on seed blocks never
used to choose it (the search's estimate of the winner is inflated by the choice:
the optimizer's curse). The test is Wald's sequential probability ratio test on the
block differences ``d`` (variant's block score minus the base's on the same block),
with a normal approximation and the variance estimated from the data (fishtest's
GSPRT):

- H0: no gain (mean difference 0) against H1: a gain of at least ``delta`` (default
  :data:`DELTA`, +3 points of score);
- after ``n`` blocks, ``LLR = n (delta * mean(d) - delta**2 / 2) / var(d)``;
  the test accepts H1 ("confirmed") when ``LLR >= log((1 - beta) / alpha)`` and H0
  ("no gain") when ``LLR <= log(beta / (1 - alpha))``;
- nominal error rates ``alpha = beta = 0.05`` (:data:`ALPHA`, :data:`BETA`): a swap
  with no gain is confirmed at most about 5% of the time, a swap worth +3 points is
  missed about 5% of the time. Looks come every round (a whole number of passes over
  the field, at least :data:`LOOK_BLOCKS` blocks) and start after
  :data:`MIN_BLOCKS` blocks, so the plug-in variance is not a guess;
- **truncation**: when the budget ends before either bound is crossed the result is
  ``undecided`` and the swap is *not* confirmed (the error rate of a false
  confirmation stays at most alpha; the power drops).

Block ``i`` meets ``field[i % len(field)]``, as everywhere in :mod:`engine.optimize`.
The reported gain and 95% interval come only from these confirmation blocks (normal
approximation over blocks; the interval ignores the sequential stopping, which biases
a stopped estimate slightly away from zero). Per opponent the same figures over that
opponent's blocks; a confirmation is also refused when an opponent's whole interval
lies below :data:`MATCHUP_FLOOR` (-5 points: "don't trade away a matchup").

:class:`ConfirmRun` is the test as a resumable run (:mod:`engine.optimize.runs`) of a
given base and variant; the swap search (:mod:`engine.optimize.suggest`) runs the same
test inside its own run. With ``independent=True`` the variant plays its own seed
stream instead of the base's (unpaired arms): the honesty checks use it to exercise
the test's false-positive rate on an A/A swap whose paired games would be identical.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Any

from engine.core.game import GameDeck
from engine.optimize.paired import Block, BlockTask
from engine.optimize.runs import (
    BlockRun,
    blocks_from_json,
    blocks_to_json,
    check_round,
    rules_for,
)
from engine.tools.stats import Z95, mean_var

DELTA = 0.03
ALPHA = 0.05
BETA = 0.05
MIN_BLOCKS = 32
LOOK_BLOCKS = 32
MATCHUP_FLOOR = -0.05
#: a variance below this (all differences equal, e.g. identical games) counts as it
VAR_FLOOR = 1e-6

CONFIRMED = "confirmed"
NO_GAIN = "no-gain"
UNDECIDED = "undecided"
CONTINUE = "continue"


def stream_seed(seed: int, kind: str, step: int) -> int:
    """The run seed of one stream of blocks (a search or a confirmation of climb
    step ``step``): distinct streams never share a game seed."""
    h = hashlib.sha256(f"sw-suggest:{seed}:{kind}:{step}".encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


def bounds(alpha: float = ALPHA, beta: float = BETA) -> tuple[float, float]:
    """(lower, upper) LLR bounds of Wald's test."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must lie in (0, 1)")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def llr_from_sums(n: int, s: float, ss: float, delta: float = DELTA) -> float:
    """The log-likelihood ratio of H1 (mean ``delta``) to H0 (mean 0) for ``n``
    differences with sum ``s`` and sum of squares ``ss`` (variance estimated)."""
    if n < 2:
        return 0.0
    mean = s / n
    var = max(VAR_FLOOR, (ss - n * mean * mean) / (n - 1))
    return n * (delta * mean - delta * delta / 2) / var


def sprt(
    diffs: Sequence[float],
    *,
    delta: float = DELTA,
    alpha: float = ALPHA,
    beta: float = BETA,
    min_blocks: int = MIN_BLOCKS,
) -> str:
    """:data:`CONFIRMED`, :data:`NO_GAIN` or :data:`CONTINUE` for the differences so
    far (module docstring)."""
    n = len(diffs)
    if n < min_blocks:
        return CONTINUE
    lo, hi = bounds(alpha, beta)
    x = llr_from_sums(n, sum(diffs), sum(d * d for d in diffs), delta)
    if x >= hi:
        return CONFIRMED
    if x <= lo:
        return NO_GAIN
    return CONTINUE


def blocks_to_decide(
    diffs: Sequence[float],
    *,
    delta: float = DELTA,
    alpha: float = ALPHA,
    beta: float = BETA,
) -> int | None:
    """About how many blocks in all the test needs to reach a bound if the swap's
    true gain and spread are what ``diffs`` show (the LLR drifts by
    ``(delta * mean - delta**2 / 2) / var`` a block); None when there is no
    evidence yet or the gain sits where the drift vanishes (half of ``delta``)."""
    if len(diffs) < 2:
        return None
    mean, var = mean_var(list(diffs))
    drift = (delta * mean - delta * delta / 2) / max(VAR_FLOOR, var)
    if abs(drift) < 1e-9:
        return None
    lo, hi = bounds(alpha, beta)
    need = (hi if drift > 0 else lo) / drift
    return max(MIN_BLOCKS, len(diffs), math.ceil(need))


def interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of a 95% normal interval over blocks, clipped to [-1, 1]
    (a difference of block scores never leaves it; with fewer than two blocks the
    interval is all of it), so the figures stay finite JSON."""
    m, v = mean_var(list(xs))
    if len(xs) < 2:
        return m, -1.0, 1.0
    half = Z95 * math.sqrt(v / len(xs))
    return m, max(-1.0, m - half), min(1.0, m + half)


def per_opponent(
    diffs: Sequence[tuple[int, float]], names: Sequence[str]
) -> list[dict[str, Any]]:
    """Gain and 95% interval per field deck from (block index, difference) pairs."""
    rows: list[dict[str, Any]] = []
    nf = len(names)
    for k, name in enumerate(names):
        xs = [d for i, d in diffs if i % nf == k]
        m, lo, hi = interval(xs)
        rows.append({"opponent": name, "gain": m, "ci": [lo, hi], "blocks": len(xs)})
    return rows


def worst_matchup(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The opponent with the lowest gain (first on ties)."""
    if not rows:
        return {"opponent": None, "gain": None}
    w = min(rows, key=lambda r: r["gain"])
    return {"opponent": w["opponent"], "gain": w["gain"]}


def matchup_traded(rows: Sequence[dict[str, Any]]) -> bool:
    """True when some opponent's whole interval lies below :data:`MATCHUP_FLOOR`."""
    return any(r["ci"][1] < MATCHUP_FLOOR for r in rows)


def decide(
    diffs: Sequence[tuple[int, float]], names: Sequence[str], *, truncated: bool
) -> str:
    """The confirmation's verdict from (block index, difference) pairs: SPRT, then
    the matchup guard; :data:`UNDECIDED` when ``truncated`` and still open."""
    verdict = sprt([d for _, d in diffs])
    if verdict == CONFIRMED and matchup_traded(per_opponent(diffs, names)):
        return NO_GAIN
    if verdict == CONTINUE and truncated:
        return UNDECIDED
    return verdict


def look_blocks(nf: int) -> int:
    """Blocks per look: at least :data:`LOOK_BLOCKS`, whole passes over the field."""
    return nf * -(-LOOK_BLOCKS // nf)


def confirmation_figures(
    diffs: Sequence[tuple[int, float]], names: Sequence[str]
) -> dict[str, Any]:
    """gain, ci, blocks, games (both decks), llr, per_opponent, worst_matchup."""
    xs = [d for _, d in diffs]
    m, lo, hi = interval(xs)
    rows = per_opponent(diffs, names)
    return {
        "gain": m,
        "ci": [lo, hi],
        "blocks": len(xs),
        "games": 4 * len(xs),
        "llr": llr_from_sums(len(xs), sum(xs), sum(d * d for d in xs)),
        "per_opponent": rows,
        "worst_matchup": worst_matchup(rows),
    }


def paired_diffs(
    base: Sequence[Block], variant: Sequence[Block]
) -> list[tuple[int, float]]:
    """(block index, variant score - base score) over the blocks both played."""
    got = {b.index: b.score for b in base}
    return [(v.index, v.score - got[v.index]) for v in variant if v.index in got]


class ConfirmRun(BlockRun):
    """The confirmation test of ``variant`` against ``base`` as a resumable run.

    Deck list: base, variant, then the field. ``seed`` names the block stream (use a
    stream the search never played: :func:`stream_seed`); with ``independent`` the
    variant plays the stream of ``seed + 1`` instead (unpaired arms). ``max_games``
    caps both decks' games (four per block); the test stops at a bound or the cap."""

    def __init__(
        self,
        base: GameDeck,
        variant: GameDeck,
        field: Sequence[GameDeck],
        *,
        agent: str = "planner",
        seed: int = 1,
        max_games: int = 12_000,
        independent: bool = False,
        ruleset: str = "",
        state: dict[str, Any] | None = None,
    ) -> None:
        if not field:
            raise ValueError("the field needs at least one opponent deck")
        if max_games < 4 * max(MIN_BLOCKS, look_blocks(len(field))):
            raise ValueError(
                f"a confirmation needs at least "
                f"{4 * max(MIN_BLOCKS, look_blocks(len(field)))} games"
            )
        self.base = base
        self.variant = variant
        self.field = list(field)
        self._decks = [base, variant, *self.field]
        self.agent = agent
        self.seed = seed
        self.max_games = max_games
        self.independent = independent
        self.ruleset = ruleset
        self.base_blocks: list[Block] = []
        self.var_blocks: list[Block] = []
        self.verdict = CONTINUE
        self.played = 0
        if state is not None:
            if state.get("kind") != "confirm":
                raise ValueError("this state is not a confirmation run's")
            if state["field"] != [d.name for d in self.field]:
                raise ValueError("this state belongs to another field")
            self.base_blocks = blocks_from_json(state["base"])
            self.var_blocks = blocks_from_json(state["variant"])
            self.verdict = str(state["verdict"])
            self.played = int(state["games"])

    @classmethod
    def restore(
        cls,
        base: GameDeck,
        variant: GameDeck,
        field: Sequence[GameDeck],
        state: dict[str, Any],
    ) -> ConfirmRun:
        p = state["params"]
        return cls(
            base,
            variant,
            field,
            agent=p["agent"],
            seed=p["seed"],
            max_games=p["max_games"],
            independent=p["independent"],
            ruleset=p["ruleset"],
            state=state,
        )

    def state(self) -> dict[str, Any]:
        return {
            "kind": "confirm",
            "params": {
                "agent": self.agent,
                "seed": self.seed,
                "max_games": self.max_games,
                "independent": self.independent,
                "ruleset": self.ruleset,
            },
            "field": [d.name for d in self.field],
            "base": blocks_to_json(self.base_blocks),
            "variant": blocks_to_json(self.var_blocks),
            "verdict": self.verdict,
            "games": self.played,
        }

    def _round(self) -> range:
        nf = len(self.field)
        done = len(self.base_blocks)
        step = min(look_blocks(nf), (self.max_games - self.played) // 4 // nf * nf)
        return range(done, done + max(0, step))

    def next_round(self) -> list[BlockTask]:
        if self.verdict != CONTINUE:
            return []
        rules = rules_for(self.ruleset)
        nf = len(self.field)
        vseed = self.seed + 1 if self.independent else self.seed
        idx = self._round()
        tasks: list[BlockTask] = [
            (0, 2 + i % nf, self.seed, i, self.agent, rules) for i in idx
        ]
        tasks += [(1, 2 + i % nf, vseed, i, self.agent, rules) for i in idx]
        return tasks

    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        check_round(self.next_round(), tasks)
        half = len(tasks) // 2
        self.base_blocks += blocks[:half]
        self.var_blocks += blocks[half:]
        self.played += 2 * len(tasks)
        names = [d.name for d in self.field]
        diffs = paired_diffs(self.base_blocks, self.var_blocks)
        self.verdict = decide(diffs, names, truncated=not self._round())

    def report(self) -> dict[str, Any]:
        names = [d.name for d in self.field]
        fig = confirmation_figures(
            paired_diffs(self.base_blocks, self.var_blocks), names
        )
        return {
            "base": self.base.name,
            "variant": self.variant.name,
            "field": names,
            "agent": self.agent,
            "seed": self.seed,
            "independent": self.independent,
            "max_games": self.max_games,
            "status": "running" if self.verdict == CONTINUE else self.verdict,
            **fig,
            "games": self.played,
        }
