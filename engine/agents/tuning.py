"""``python -m engine.tune``: tune the planner's evaluation weights by self-play (SPSA).

Simultaneous perturbation stochastic approximation, as chess engines tune by
self-play (fishtest's SPSA): at iteration ``k`` every weight is pushed up or down
together by a random sign vector ``delta`` (relative step ``c_k`` of the weight's
scale), the two planners ``theta + c_k delta`` and ``theta - c_k delta`` play
``--pairs`` deals (a faction pair and a seed, each played twice with the seats
swapped, the eight faction decks drawn at random), and every weight moves by
``a_k * r / (2 c_k) * delta`` of its scale, ``r`` being the score difference of the
two (in [-1, 1]). ``a_k = a / (k + 1 + A)^0.602``, ``c_k = c / (k + 1)^0.101`` (Spall's
exponents). Weights stay in their valid range (non-negative; shares in [0, 1]).

At the end the tuned weights play the starting ones on ``--check`` fresh deals
(seat-swapped) and the score is reported with its 95% Wilson interval: the figure
that says whether the run helped. ``--write`` stores the weights with that
provenance in :data:`engine.agents.weights.WEIGHTS_FILE`, which the planner loads;
when the check scores below 50% the starting weights are kept (and the run is
recorded as such).

Deterministic: every sign vector, deal and game comes from ``--seed`` (the same seed
gives the same weights on any machine); budgets are counted in games.

``--method texel`` fits the weights to the results of ``--games`` games instead
(:mod:`engine.agents.texel`: every turn-start position is a sample, far less noisy
than one bit per game); ``--check`` and ``--write`` work as for SPSA, and ``--out PATH``
writes the fitted weights to another file (leaving the shipped one alone).
"""

# The command is engine.cli.tune (this docstring is its --help text). Agents' work, not
# a player: never compiled (engine._build.NOT_COMPILED).

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.agents.planner import PlannerAgent
from engine.agents.texel import TexelResult
from engine.agents.weights import (
    NAMES,
    WEIGHTS_FILE,
    Weights,
    load_weights,
    weights_history,
    write_weights,
)
from engine.core.play import derive_seed, play_game
from engine.tools.measure import SECOND_FACTIONS as FACTIONS
from engine.tools.stats import wilson

# weights that are shares (kept in [0, 1]); every other weight is kept >= 0
SHARES = frozenset({"wounded_floor", "hand_unit_share", "hand_free_share"})


@dataclass
class TuneResult:
    start: Weights
    weights: Weights
    iterations: int
    games: int
    check_games: int = 0
    check_score: float = 0.0
    check_interval: tuple[float, float] = (0.0, 1.0)
    history: list[dict[str, Any]] = field(default_factory=list)


def match(
    wa: Weights, wb: Weights, deals: Sequence[tuple[str, str, int]]
) -> tuple[float, int]:
    """Score of ``wa`` against ``wb`` over ``deals``, each played with both seatings:
    (points, games); a draw is half a point."""
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import setup_game

    points = 0.0
    games = 0
    for fa, fb, seed in deals:
        for swap in (False, True):
            decks = (
                (faction_deck(fb), faction_deck(fa))
                if swap
                else (
                    faction_deck(fa),
                    faction_deck(fb),
                )
            )
            st = setup_game(decks[0], decks[1], seed=seed)
            a = PlannerAgent(derive_seed(seed, 1), wa)
            b = PlannerAgent(derive_seed(seed, 2), wb)
            seat_a = 1 if swap else 0
            agents = [b, a] if swap else [a, b]
            play_game(st, agents, record=False)
            games += 1
            if st.winner is None:
                points += 0.5
            elif st.winner == seat_a:
                points += 1.0
    return points, games


def _deals(rng: random.Random, n: int) -> list[tuple[str, str, int]]:
    return [
        (rng.choice(FACTIONS), rng.choice(FACTIONS), rng.getrandbits(32))
        for _ in range(n)
    ]


def _with_history(meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` with the shipped weights' hand-made changes (``changes``), which
    the tuned weights start from: written weights keep that history."""
    history = weights_history()
    return {**meta, "changes": history} if history else meta


def _clamp(name: str, v: float) -> float:
    if v < 0.0:
        return 0.0
    if name in SHARES and v > 1.0:
        return 1.0
    return v


def spsa(
    start: Weights,
    *,
    iterations: int,
    pairs: int,
    seed: int,
    a: float = 0.05,
    c: float = 0.1,
    big_a: float = 5.0,
    check: int = 0,
    params: Sequence[str] = NAMES,
    log: Any = None,
) -> TuneResult:
    rng = random.Random(seed)
    theta = start.as_dict()
    scale = {k: max(abs(theta[k]), 0.2) for k in params}
    res = TuneResult(start=start, weights=start, iterations=iterations, games=0)
    for k in range(iterations):
        ck = c / (k + 1) ** 0.101
        ak = a / (k + 1 + big_a) ** 0.602
        delta = {p: rng.choice((-1.0, 1.0)) for p in params}
        plus = dict(theta)
        minus = dict(theta)
        for p in params:
            plus[p] = _clamp(p, theta[p] + ck * scale[p] * delta[p])
            minus[p] = _clamp(p, theta[p] - ck * scale[p] * delta[p])
        pts, n = match(Weights(plus), Weights(minus), _deals(rng, pairs))
        res.games += n
        r = (2.0 * pts - n) / n  # plus's score minus minus's, in [-1, 1]
        for p in params:
            theta[p] = _clamp(p, theta[p] + ak * r / (2.0 * ck) * delta[p] * scale[p])
        res.history.append({"iteration": k + 1, "plus_score": pts / n, "games": n})
        if log is not None:
            print(f"iteration {k + 1}/{iterations}: plus scored {pts}/{n}", file=log)
    res.weights = Weights(theta)
    if check:
        pts, n = match(res.weights, start, _deals(random.Random(seed ^ 0x5EED), check))
        res.check_games = n
        res.check_score = pts / n
        res.check_interval = wilson(pts, n)
    return res


def tune_spsa(
    *,
    iterations: int,
    pairs: int,
    seed: int,
    check: int,
    write: bool = False,
    log: Any = None,
) -> tuple[Weights, TuneResult, dict[str, Any]]:
    """``python -m engine.tune`` (SPSA): tune the shipped weights, check them against
    the start. Returns the start weights, the result and the run's report (the
    command's JSON). ``write`` stores the tuned weights with the report as provenance
    in :data:`~engine.agents.weights.WEIGHTS_FILE`, unless the check scores below 50%:
    then the start weights are kept (and the run recorded as such)."""
    c0 = time.process_time()
    start = load_weights()
    res = spsa(
        start,
        iterations=iterations,
        pairs=pairs,
        seed=seed,
        check=check,
        log=log,
    )
    cpu = round(time.process_time() - c0, 1)
    lo, hi = res.check_interval
    out = {
        "command": "python -m engine.tune "
        f"--iterations {iterations} --pairs {pairs} --seed {seed} "
        f"--check {check}",
        "tuning_games": res.games,
        "check_games": res.check_games,
        "check_score": round(res.check_score, 3),
        "check_interval": [round(lo, 3), round(hi, 3)],
        "cpu_seconds": cpu,
        "weights": {k: round(v, 4) for k, v in res.weights.as_dict().items()},
    }
    if write:
        # the champion changes only when the check says the tuned weights are not
        # worse; otherwise the start weights are kept (and the run recorded)
        kept = check > 0 and res.check_score < 0.5
        meta = _with_history({k: v for k, v in out.items() if k != "weights"})
        meta["kept_start_weights"] = kept
        write_weights(WEIGHTS_FILE, start if kept else res.weights, meta)
    return start, res, out


def tune_texel(
    *,
    games: int,
    seed: int,
    check: int,
    pull: float | None = None,
    out_path: str | Path | None = None,
    write: bool = False,
    log: Callable[[str], None] | None = None,
) -> tuple[Weights, TexelResult, dict[str, Any]]:
    """``python -m engine.tune --method texel``: play, fit, check, write (see
    :mod:`engine.agents.texel`). Returns the start weights, the result (its
    ``check_*`` fields filled in) and the run's report (the command's JSON).
    ``out_path`` also writes the fitted weights there; ``write`` stores them in
    :data:`~engine.agents.weights.WEIGHTS_FILE` unless the check scores below 50%."""
    from engine.agents.texel import play_games, texel

    c0 = time.process_time()
    start = load_weights()
    played = play_games(games, seed, start, log=log)
    res = texel(start, played, pull=pull, log=log)
    n, score, (lo, hi) = 0, 0.0, (0.0, 1.0)
    if check:
        deals = _deals(random.Random(seed ^ 0x5EED), check)
        pts, n = match(res.weights, start, deals)
        score, (lo, hi) = pts / n, wilson(pts, n)
    res.check_games, res.check_score, res.check_interval = n, score, (lo, hi)
    cpu = round(time.process_time() - c0, 1)
    pull_arg = "" if pull is None else f" --pull {pull}"
    out: dict[str, Any] = {
        "command": "python -m engine.tune --method texel "
        f"--games {games} --seed {seed} --check {check}{pull_arg}",
        "tuning_games": res.games,
        "samples": res.samples,
        "held_samples": res.held_samples,
        "k": round(res.k, 3),
        "pull": res.pull,
        "pull_validation_loss": res.pull_losses,
        "rounds": res.rounds,
        "train_loss": [round(x, 5) for x in res.train_loss],
        "held_loss": [round(x, 5) for x in res.held_loss],
        "check_games": n,
        "check_score": round(score, 3),
        "check_interval": [round(lo, 3), round(hi, 3)],
        "cpu_seconds": cpu,
        "weights": {k: round(v, 4) for k, v in res.weights.as_dict().items()},
    }
    meta = _with_history({k: v for k, v in out.items() if k != "weights"})
    if out_path:
        write_weights(out_path, res.weights, meta)
    if write:
        kept = check > 0 and score < 0.5
        write_weights(
            WEIGHTS_FILE, start if kept else res.weights, {**meta, "kept": kept}
        )
    return start, res, out
