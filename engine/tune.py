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
(:mod:`engine.texel`: every turn-start position is a sample, far less noisy than one
bit per game); ``--check`` and ``--write`` work as for SPSA, and ``--out PATH``
writes the fitted weights to another file (leaving the shipped one alone).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.agents.planner import PlannerAgent
from engine.agents.weights import (
    NAMES,
    WEIGHTS_FILE,
    Weights,
    load_weights,
    write_weights,
)
from engine.core.play import derive_seed, play_game
from engine.tools.measure import SECOND_FACTIONS as FACTIONS
from engine.tools.stats import wilson

# weights that are shares (kept in [0, 1]); every other weight is kept >= 0
SHARES = frozenset({"wounded_floor", "hand_unit_share"})


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.tune", description=__doc__)
    ap.add_argument("--iterations", type=int, default=30)
    ap.add_argument(
        "--pairs", type=int, default=4, help="deals per iteration (x2 games)"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=32, help="deals for the final check")
    ap.add_argument(
        "--write", action="store_true", help=f"store in {WEIGHTS_FILE.name}"
    )
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--method", choices=("spsa", "texel"), default="spsa")
    ap.add_argument("--games", type=int, default=480, help="texel: games played")
    ap.add_argument(
        "--pull",
        type=float,
        default=None,
        help="texel: L2 pull to the start (default: chosen on a validation split)",
    )
    ap.add_argument("--out", help="texel: also write the fitted weights here")
    ns = ap.parse_args(argv)
    if ns.method == "texel":
        return _texel_main(ns)
    c0 = time.process_time()
    start = load_weights()
    res = spsa(
        start,
        iterations=ns.iterations,
        pairs=ns.pairs,
        seed=ns.seed,
        check=ns.check,
        log=sys.stderr,
    )
    cpu = round(time.process_time() - c0, 1)
    lo, hi = res.check_interval
    out = {
        "command": "python -m engine.tune "
        f"--iterations {ns.iterations} --pairs {ns.pairs} --seed {ns.seed} "
        f"--check {ns.check}",
        "tuning_games": res.games,
        "check_games": res.check_games,
        "check_score": round(res.check_score, 3),
        "check_interval": [round(lo, 3), round(hi, 3)],
        "cpu_seconds": cpu,
        "weights": {k: round(v, 4) for k, v in res.weights.as_dict().items()},
    }
    if ns.write:
        # the champion changes only when the check says the tuned weights are not
        # worse; otherwise the start weights are kept (and the run recorded)
        kept = ns.check > 0 and res.check_score < 0.5
        meta = {k: v for k, v in out.items() if k != "weights"}
        meta["kept_start_weights"] = kept
        write_weights(WEIGHTS_FILE, start if kept else res.weights, meta)
    if ns.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(
            f"{res.iterations} iterations, {res.games} tuning games; tuned vs start: "
            f"{100 * res.check_score:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of "
            f"{res.check_games} games ({cpu} CPU s)"
        )
        _print_changes(start, res.weights)
    return 0


def _print_changes(start: Weights, end: Weights) -> None:
    """Each weight, before and after a run."""
    before, after = start.as_dict(), end.as_dict()
    for k in NAMES:
        print(f"  {k:16} {before[k]:8.3f} -> {after[k]:8.3f}")


def _texel_main(ns: argparse.Namespace) -> int:
    """``--method texel``: play, fit, check, write (see :mod:`engine.texel`)."""
    from engine.texel import play_games, texel

    c0 = time.process_time()
    start = load_weights()

    def log(msg: str) -> None:
        print(msg, file=sys.stderr)

    games = play_games(ns.games, ns.seed, start, log=log)
    res = texel(start, games, pull=ns.pull, log=log)
    n, score, (lo, hi) = 0, 0.0, (0.0, 1.0)
    if ns.check:
        deals = _deals(random.Random(ns.seed ^ 0x5EED), ns.check)
        pts, n = match(res.weights, start, deals)
        score, (lo, hi) = pts / n, wilson(pts, n)
    cpu = round(time.process_time() - c0, 1)
    pull = "" if ns.pull is None else f" --pull {ns.pull}"
    out: dict[str, Any] = {
        "command": "python -m engine.tune --method texel "
        f"--games {ns.games} --seed {ns.seed} --check {ns.check}{pull}",
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
    meta = {k: v for k, v in out.items() if k != "weights"}
    if ns.out:
        write_weights(ns.out, res.weights, meta)
    if ns.write:
        kept = ns.check > 0 and score < 0.5
        write_weights(
            WEIGHTS_FILE, start if kept else res.weights, {**meta, "kept": kept}
        )
    if ns.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    a, b = res.held_loss
    print(
        f"texel: {res.games} games, {res.samples} samples (+{res.held_samples} held "
        f"out), K {res.k:.2f}, pull {res.pull:g}; held-out log-loss {a:.4f} -> "
        f"{b:.4f}; tuned vs start: "
        f"{100 * score:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] of {n} games "
        f"({cpu} CPU s)"
    )
    _print_changes(start, res.weights)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
