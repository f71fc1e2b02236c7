"""Elo ratings from head-to-head scores: a maximum-likelihood Bradley–Terry fit.

Model: player ``i`` scores against ``j`` with probability
``p_ij = 1 / (1 + 10 ** ((R_j - R_i) / 400))`` (the Elo curve: 400 points apart
means 10-to-1 odds). A draw counts as half a win to each side. The ratings are the
maximum-likelihood fit of every pairing's total score (Hunter's MM algorithm for
Bradley–Terry, which accepts half points), anchored so that one named player is 0.

Prior: every pairing that played gets ``prior_draws`` virtual drawn games (1 by
default, as BayesElo's prior of virtual draws). Without it a player that won every
game would be rated infinitely far above; with it the rating stays finite and a
handful of games moves it only as far as the evidence carries it. Intervals are the
95% Wald intervals of the fit: the inverse of the observed Fisher information with
the anchor held fixed (so the anchor's own interval is [0, 0] and every other
interval is "relative to the anchor").

Pure Python, deterministic (no randomness); a small dense solve (a handful of
agents), no NumPy.

>>> r = fit({("a", "b"): (75.0, 100)}, anchor="b", prior_draws=0)
>>> round(r["a"].elo)
191
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

Z95 = 1.959964
ELO_PER_NAT = 400.0 / math.log(10.0)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's fitted Elo, its 95% interval and the games behind it."""

    elo: float
    low: float
    high: float
    games: int
    score: float  # points won (draws count half) over ``games``

    def to_json(self) -> dict[str, object]:
        return {
            "elo": round(self.elo, 1),
            "ci95": [round(self.low, 1), round(self.high, 1)],
            "games": self.games,
            "score": round(self.score, 1),
        }


def expected_score(elo_diff: float) -> float:
    """The score the Elo model expects of a player ``elo_diff`` points above."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


def fit(
    scores: Mapping[tuple[str, str], tuple[float, int]],
    *,
    anchor: str,
    prior_draws: float = 1.0,
    iterations: int = 10_000,
    tol: float = 1e-12,
) -> dict[str, Rating]:
    """Ratings from ``scores[(i, j)] = (points of i against j, games)``.

    A pairing may appear in either order or both (they are added up). ``anchor``
    must be one of the players; every player must be connected to it through
    pairings that played. Raises ``ValueError`` otherwise.
    """
    players = sorted({p for pair in scores for p in pair})
    if anchor not in players:
        raise ValueError(f"anchor {anchor!r} played no game")
    idx = {p: k for k, p in enumerate(players)}
    n = len(players)
    games = [[0.0] * n for _ in range(n)]
    won = [[0.0] * n for _ in range(n)]
    real_games = [0] * n
    real_score = [0.0] * n
    for (a, b), (pts, g) in scores.items():
        if a == b or g <= 0:
            continue
        if not 0 <= pts <= g:
            raise ValueError(f"{a} v {b}: {pts} points from {g} games")
        i, j = idx[a], idx[b]
        games[i][j] += g
        games[j][i] += g
        won[i][j] += pts
        won[j][i] += g - pts
        real_games[i] += g
        real_games[j] += g
        real_score[i] += pts
        real_score[j] += g - pts
    for i in range(n):
        for j in range(n):
            if games[i][j] > 0 and i < j:
                games[i][j] += prior_draws
                games[j][i] += prior_draws
                won[i][j] += prior_draws / 2
                won[j][i] += prior_draws / 2
    _check_connected(players, games, idx[anchor])
    gamma = [1.0] * n
    wins = [sum(row) for row in won]
    for _ in range(iterations):
        new = []
        for i in range(n):
            den = sum(
                games[i][j] / (gamma[i] + gamma[j])
                for j in range(n)
                if j != i and games[i][j]
            )
            new.append(max(wins[i], 1e-300) / den)
        g0 = new[idx[anchor]]
        new = [g / g0 for g in new]
        delta = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if delta < tol:
            break
    theta = [math.log(g) for g in gamma]
    var = _variances(theta, games, idx[anchor])
    out: dict[str, Rating] = {}
    for p, i in idx.items():
        elo = theta[i] * ELO_PER_NAT
        half = Z95 * math.sqrt(var[i]) * ELO_PER_NAT
        out[p] = Rating(elo, elo - half, elo + half, real_games[i], real_score[i])
    return out


def _check_connected(players: list[str], games: list[list[float]], root: int) -> None:
    seen = {root}
    todo = [root]
    while todo:
        i = todo.pop()
        for j, g in enumerate(games[i]):
            if g and j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(players):
        lost = [p for k, p in enumerate(players) if k not in seen]
        raise ValueError(f"no games link {', '.join(lost)} to the anchor")


def _variances(
    theta: list[float], games: list[list[float]], anchor: int
) -> list[float]:
    """Diagonal of the inverse observed information (natural-log strengths), the
    anchor's row and column removed (its variance is 0)."""
    n = len(theta)
    free = [i for i in range(n) if i != anchor]
    info = [[0.0] * len(free) for _ in free]
    pos = {i: k for k, i in enumerate(free)}
    for i in range(n):
        for j in range(n):
            if i == j or not games[i][j]:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            w = games[i][j] * p * (1.0 - p)
            if i in pos:
                info[pos[i]][pos[i]] += w
                if j in pos:
                    info[pos[i]][pos[j]] -= w
    inv = _invert(info)
    var = [0.0] * n
    for i, k in pos.items():
        var[i] = max(inv[k][k], 0.0)
    return var


def _invert(m: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan inverse of a small symmetric positive-definite matrix."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[piv][c]) < 1e-300:
            raise ValueError("singular information matrix")
        a[c], a[piv] = a[piv], a[c]
        f = a[c][c]
        a[c] = [x / f for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                g = a[r][c]
                a[r] = [x - g * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]
