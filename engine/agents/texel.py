"""Texel tuning of the planner's evaluation weights: fit them to game results.

SPSA by self-play (:func:`engine.agents.tuning.spsa`) learns from one bit per game
and drowns in noise at any affordable budget. Texel tuning (as chess engines do)
learns from every position of every game instead: the weights are fitted so that
``sigmoid(E(position) / K)`` predicts the final result of the game for the seat the
evaluation ``E`` speaks for (1 win, 0 loss, 0.5 draw or turn cap).

- **Positions**: seeded games (deal ``i``: the faction decks of
  :func:`engine.agents.ladder.deal_factions`, seed ``derive_seed(seed, i)``, the
  agents of ``pairings[i mod len]``, planners with the start weights) sampled at every
  turn boundary, i.e. the position the planner scores at the end of its play-outs. The
  first :data:`SKIP_TURNS` turns say little and are skipped; each position counts for
  both seats.
- **Features without a second evaluation**: ``f_i = (E(w + e_i) - E(w - e_i)) / 2``
  on the real :class:`~engine.agents.planner_eval.PlannerEval` (unit steps): exact
  for the weights that enter linearly, the local slope for the few that multiply
  each other (unit values x ``wounded_floor``, ``hand_unit_share``, ``hanging``), so
  the evaluation is never written twice. ``magic_need`` (a threshold, not a slope)
  is kept fixed.
- **Fit**: ``E(w) ~ E(w0) + J (w - w0)``; K first (a 1-D search with the start
  weights), then the weights by projected Newton on the mean cross-entropy plus an L2
  pull towards the start weights (relative to each weight's scale, as SPSA's steps),
  weights kept >= 0 and shares in [0, 1]. The pull's strength is chosen on a
  validation split of the training games (:func:`choose_pull`). The model is
  linearised again around the new weights ``rounds`` times (the products of weights
  make it slightly non-linear).
- Games are split by game (every ``HOLDOUT``-th deal held out), never by position:
  positions of one game are strongly correlated.

Pure Python (no numpy in the project): column-wise lists and ``sum(map(mul, ...))``
keep a ~30-weight Newton step over ~50k samples under a second. Deterministic: the
same seed gives the same positions and weights on any machine; budgets are games.
The command is ``python -m engine.tune --method texel``
(:func:`engine.agents.tuning.tune_texel`).
"""

# Agents' work, not a player: never compiled (engine._build.NOT_COMPILED).

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import mul
from typing import Any

from engine.agents.planner_eval import PlannerEval
from engine.agents.weights import NAMES, Weights
from engine.core.play import derive_seed
from engine.core.state import GameState
from engine.core.view import Agent, PlayerView

FIXED = frozenset({"magic_need", "magic_need_hand"})  # thresholds: no slope to fit
PARAMS: tuple[str, ...] = tuple(n for n in NAMES if n not in FIXED)
SHARES = frozenset({"wounded_floor", "hand_unit_share", "hand_free_share"})
PAIRINGS: tuple[tuple[str, str], ...] = (
    ("planner", "planner"),
    ("planner", "greedy"),
    ("greedy", "planner"),
)
SKIP_TURNS = 2
HOLDOUT = 5  # every 5th game is held out (index % 5 == 4) ...
VALID = 3  # ... and, within the training games, index % 5 == 3 choose the pull
PULLS = (1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2)
MAX_ACTIONS = 20_000  # as engine.core.play.play_game's safety net


@dataclass
class Game:
    """One played game: its deal index, the turn-start positions, each seat's result."""

    index: int
    states: list[GameState]
    result: tuple[float, float]


def _agent(name: str, seed: int, w: Weights) -> Agent:
    from engine.agents import make_agent
    from engine.agents.planner import PlannerAgent

    return PlannerAgent(seed, w) if name == "planner" else make_agent(name, seed)


def play_games(
    n: int,
    seed: int,
    start: Weights,
    *,
    pairings: Sequence[tuple[str, str]] | None = None,
    factions: Sequence[str] | None = None,
    log: Callable[[str], None] | None = None,
) -> list[Game]:
    """Play ``n`` deals and keep their turn-start positions (play_game's loop, with
    a look at the turn counter after every action)."""
    from engine.agents.ladder import deal_factions
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import setup_game
    from engine.tools.measure import SECOND_FACTIONS as FACTIONS

    pairings = pairings or PAIRINGS
    facs = tuple(factions or FACTIONS)
    decks = {f: faction_deck(f) for f in facs}
    games: list[Game] = []
    for i in range(n):
        fa, fb = deal_factions(i, facs)
        gseed = derive_seed(seed, i)
        st = setup_game(decks[fa], decks[fb], seed=gseed)
        st.log = None
        pa, pb = pairings[i % len(pairings)]
        agents = (
            _agent(pa, derive_seed(gseed, 1), start),
            _agent(pb, derive_seed(gseed, 2), start),
        )
        views = (PlayerView(st, 0), PlayerView(st, 1))
        states: list[GameState] = []
        turn = st.turn
        steps = 0
        while not st.terminal and steps < MAX_ACTIONS:
            p = st.current_player()
            st.apply_action(agents[p].choose(views[p], st.legal_actions()))
            steps += 1
            if st.turn != turn:
                turn = st.turn
                if not st.terminal and turn > SKIP_TURNS:
                    states.append(st.clone(record=False))
        w = st.winner if st.terminal else None
        res = (0.5, 0.5) if w is None else ((1.0, 0.0) if w == 0 else (0.0, 1.0))
        games.append(Game(i, states, res))
        if log is not None and (i + 1) % 50 == 0:
            log(f"played {i + 1}/{n} games")
    return games


@dataclass
class Data:
    """Samples (a position for one seat) column-wise: evaluation at the point of
    linearisation, slope per fitted weight, result."""

    base: list[float] = field(default_factory=list)
    cols: list[list[float]] = field(default_factory=list)
    y: list[float] = field(default_factory=list)


def features(games: Sequence[Game], w: Weights, params: Sequence[str] = PARAMS) -> Data:
    """Evaluations and central-difference slopes at ``w`` of every sample. One
    PlannerEval per perturbed vector (their per-game tables are reused while a
    game's positions are scored)."""
    wd = w.as_dict()
    evals: list[tuple[PlannerEval, PlannerEval]] = []
    for p in params:
        evals.append(
            (
                PlannerEval(Weights({**wd, p: wd[p] + 1.0})),
                PlannerEval(Weights({**wd, p: wd[p] - 1.0})),
            )
        )
    ev0 = PlannerEval(w)
    d = Data(cols=[[] for _ in params])
    for g in games:
        for st in g.states:
            for me in (0, 1):
                d.base.append(ev0.evaluate(st, me))
                d.y.append(g.result[me])
                for j, (hi, lo) in enumerate(evals):
                    d.cols[j].append(0.5 * (hi.evaluate(st, me) - lo.evaluate(st, me)))
    return d


def _values(d: Data, dw: Sequence[float]) -> list[float]:
    """``E(w0) + J dw`` for every sample."""
    e = d.base[:]
    for c, step in zip(d.cols, dw, strict=True):
        if step:
            e = [a + step * b for a, b in zip(e, c, strict=True)]
    return e


def _softplus(z: float) -> float:
    return z + math.log1p(math.exp(-z)) if z > 0 else math.log1p(math.exp(z))


def log_loss(e: Sequence[float], y: Sequence[float], k: float) -> float:
    """Mean cross-entropy of ``sigmoid(e / k)`` against the results ``y``."""
    if not e:
        return 0.0
    return sum(_softplus(v / k) - t * v / k for v, t in zip(e, y, strict=True)) / len(e)


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    x = math.exp(z)
    return x / (1.0 + x)


def fit_k(e: Sequence[float], y: Sequence[float]) -> float:
    """The scale ``K`` minimising the log-loss (golden-section search on log K)."""
    lo, hi = math.log(0.1), math.log(1000.0)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_loss(e, y, math.exp(a)), log_loss(e, y, math.exp(b))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_loss(e, y, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_loss(e, y, math.exp(b))
    return math.exp((lo + hi) / 2)


def _solve(h: list[list[float]], g: list[float]) -> list[float]:
    """``h x = g`` by Gaussian elimination with partial pivoting (h is positive
    definite here: the L2 pull is on its diagonal)."""
    n = len(g)
    a = [row[:] + [g[i]] for i, row in enumerate(h)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            if f:
                a[r] = [x - f * z for x, z in zip(a[r], a[c], strict=True)]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def fit_weights(
    d: Data,
    k: float,
    at: Sequence[float],
    start: Sequence[float],
    params: Sequence[str] = PARAMS,
    *,
    pull: float = 1e-3,
    iterations: int = 20,
) -> list[float]:
    """Weights minimising ``log_loss + pull * sum(((w - start) / scale)^2)`` in the
    model linearised at ``at``: projected Newton (a weight at its bound whose
    gradient pushes it out stays there), halving steps that do not help."""
    n = len(d.y)
    m = len(params)
    scale2 = [max(abs(s), 0.2) ** 2 for s in start]
    hi = [1.0 if p in SHARES else math.inf for p in params]

    def objective(w: Sequence[float]) -> float:
        e = _values(d, [a - b for a, b in zip(w, at, strict=True)])
        reg = sum((a - b) ** 2 / s for a, b, s in zip(w, start, scale2, strict=True))
        return log_loss(e, d.y, k) + pull * reg

    w = list(at)
    cur = objective(w)
    for _ in range(iterations):
        e = _values(d, [a - b for a, b in zip(w, at, strict=True)])
        p = [_sigmoid(v / k) for v in e]
        r = [(a - b) / (k * n) for a, b in zip(p, d.y, strict=True)]
        q = [a * (1.0 - a) / (k * k * n) for a in p]
        grad = [
            sum(map(mul, r, d.cols[j])) + 2 * pull * (w[j] - start[j]) / scale2[j]
            for j in range(m)
        ]
        free = [
            j
            for j in range(m)
            if not (w[j] <= 0.0 and grad[j] > 0) and not (w[j] >= hi[j] and grad[j] < 0)
        ]
        if not free:
            break
        qx = {j: list(map(mul, q, d.cols[j])) for j in free}
        hess = [[0.0] * len(free) for _ in free]
        for a, j in enumerate(free):
            for b in range(a, len(free)):
                v = sum(map(mul, qx[j], d.cols[free[b]]))
                hess[a][b] = hess[b][a] = v
            hess[a][a] += 2 * pull / scale2[j]
        step = _solve(hess, [grad[j] for j in free])
        t = 1.0
        for _ in range(12):
            cand = w[:]
            for a, j in enumerate(free):
                cand[j] = min(max(w[j] - t * step[a], 0.0), hi[j])
            new = objective(cand)
            if new < cur:
                break
            t /= 2
        else:
            break
        done = cur - new < 1e-10
        w, cur = cand, new
        if done:
            break
    return w


@dataclass
class TexelResult:
    start: Weights
    weights: Weights
    k: float
    games: int
    samples: int
    held_samples: int
    train_loss: tuple[float, float]  # (start, fitted)
    held_loss: tuple[float, float]
    pull: float = 0.0
    pull_losses: dict[str, float] = field(default_factory=dict)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    # the fitted weights against the start (engine.agents.tuning.tune_texel)
    check_games: int = 0
    check_score: float = 0.0
    check_interval: tuple[float, float] = (0.0, 1.0)


def _split(games: Sequence[Game]) -> tuple[list[Game], list[Game]]:
    held = [g for g in games if g.index % HOLDOUT == HOLDOUT - 1]
    train = [g for g in games if g.index % HOLDOUT != HOLDOUT - 1]
    return train, held


def _evals(games: Sequence[Game], w: Weights) -> tuple[list[float], list[float]]:
    ev = PlannerEval(w)
    e: list[float] = []
    y: list[float] = []
    for g in games:
        for st in g.states:
            for me in (0, 1):
                e.append(ev.evaluate(st, me))
                y.append(g.result[me])
    return e, y


def choose_pull(
    train: Sequence[Game],
    start: Weights,
    k: float,
    params: Sequence[str] = PARAMS,
    pulls: Sequence[float] = PULLS,
) -> tuple[float, dict[str, float]]:
    """The pull whose one-round fit on the training games but the validation ones
    (``index % HOLDOUT == VALID``) predicts those best (exact evaluation), with every
    candidate's validation loss. The held-out games stay unseen: their loss is the
    honest figure."""
    fit = [g for g in train if g.index % HOLDOUT != VALID]
    val = [g for g in train if g.index % HOLDOUT == VALID]
    if not fit or not val:
        return pulls[len(pulls) // 2], {}
    d = features(fit, start, params)
    w0 = [getattr(start, p) for p in params]
    losses: dict[str, float] = {}
    best = (math.inf, pulls[0])
    for pull in pulls:
        w = fit_weights(d, k, w0, w0, params, pull=pull)
        cur = Weights({**start.as_dict(), **dict(zip(params, w, strict=True))})
        loss = log_loss(*_evals(val, cur), k)
        losses[f"{pull:g}"] = round(loss, 5)
        best = min(best, (loss, pull))
    return best[1], losses


def texel(
    start: Weights,
    games: Sequence[Game],
    *,
    rounds: int = 3,
    pull: float | None = None,
    params: Sequence[str] = PARAMS,
    log: Callable[[str], None] | None = None,
) -> TexelResult:
    """Fit ``params`` to ``games`` (see the module docstring); ``pull=None`` chooses
    it by :func:`choose_pull`."""
    train, held = _split(games)
    e0, y = _evals(train, start)
    k = fit_k(e0, y)
    pull_losses: dict[str, float] = {}
    if pull is None:
        pull, pull_losses = choose_pull(train, start, k, params)
        if log is not None:
            log(f"K {k:.3f}; pull {pull:g} (validation log-loss {pull_losses})")
    he0, hy = _evals(held, start)
    w0 = [getattr(start, p) for p in params]
    cur = start
    out: list[dict[str, Any]] = []
    for r in range(rounds):
        d = features(train, cur, params)
        at = [getattr(cur, p) for p in params]
        w = fit_weights(d, k, at, w0, params, pull=pull)
        cur = Weights({**cur.as_dict(), **dict(zip(params, w, strict=True))})
        te, _ = _evals(train, cur)
        he, _ = _evals(held, cur)
        info = {
            "round": r + 1,
            "train_loss": round(log_loss(te, y, k), 5),
            "held_loss": round(log_loss(he, hy, k), 5),
        }
        out.append(info)
        if log is not None:
            log(f"round {r + 1}/{rounds}: {info}")
    te, _ = _evals(train, cur)
    he, _ = _evals(held, cur)
    return TexelResult(
        start=start,
        weights=cur,
        k=k,
        games=len(games),
        samples=len(y),
        held_samples=len(hy),
        train_loss=(log_loss(e0, y, k), log_loss(te, y, k)),
        held_loss=(log_loss(he0, hy, k), log_loss(he, hy, k)),
        pull=pull,
        pull_losses=pull_losses,
        rounds=out,
    )
