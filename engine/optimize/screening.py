"""Screening designs: every game of a deck analysis tells about every card.

A one-at-a-time comparison changes one card per variant deck, so each game it plays
tells about one card. A **screening design** (Plackett-Burman and two-level
fractional factorial designs are the classic ones) changes many factors at once in
each run, in a pattern that keeps every factor's effect separable, and fits all the
effects from all the runs by least squares. Here a *factor* is one change of a deck
(one copy of a card replaced in its slot), and a *run* is a deck variant with a set of
factors switched on.

**The design** (:class:`FoldoverDesign`). Each seed block plays the base deck and
``pairs`` fold-over pairs of variants: a variant and its mirror image (every factor the
first switches on, the second leaves off, and the other way round). The variants'
patterns are rows of a Sylvester-Hadamard matrix (the power-of-two Plackett-Burman
designs), ``H[r][c] = (-1) ** popcount(r & c)``: its columns are balanced and mutually
orthogonal over a cycle of rows, so the factors' estimates do not blur into each other.
Each cycle of ``n`` rows gets its own random assignment of factors to the balanced
columns, row order and signs per factor (seeded), so no two factors stay tied to one
another across cycles; with the signs, no variant is "every factor on" by design.

**The estimate** (:func:`fit`). Each seed block is a cluster: the games of one seed
share the shuffle, the first player and the dice (:mod:`engine.optimize.paired`), so
the model has one level per block, ``y = alpha_block + x . beta + gamma * base + e``,
fitted by least squares within blocks (the block levels drop out: common random
numbers, as in the paired comparisons). ``x`` holds the factors (1 when the change is
made), ``base`` marks the unchanged deck: its coefficient ``gamma`` is the **additivity
check** (the centre-point test of factorial designs): the effects are assumed to add
up, one copy each, so the unchanged deck should score what the fold-over variants
predict for it; ``gamma`` is by how much it does not. The covariance of the estimates
is the cluster-robust sandwich (CR1, clustered by block: the score of a block's games
may vary in any way from block to block), never below the model-based one (the robust
estimate runs low with few blocks).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import NormalDist

_N = NormalDist()


def _seed_of(*parts: object) -> int:
    h = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(h[:8], "big")


def hadamard_sign(row: int, col: int) -> int:
    """The entry of the Sylvester-Hadamard matrix: +1 or -1."""
    return -1 if (row & col).bit_count() % 2 else 1


def hadamard_order(k: int) -> int:
    """The smallest power of two ``n`` with ``n - 1 >= k`` (columns 1..n-1 are the
    balanced ones, orthogonal over any ``n`` rows; column 0 is all +1)."""
    n = 2
    while n - 1 < k:
        n *= 2
    return n


@dataclass(frozen=True)
class FoldoverDesign:
    """Which factors each variant of a seed block switches on (module docstring).

    ``rows(block)`` gives the block's runs as sets of factor numbers (0..k-1): first
    the base (the empty set), then each fold-over pair (a set and its complement).
    It depends only on (seed, k, pairs, block), so a resumed run plans the same
    rows."""

    k: int
    pairs: int = 2
    seed: int = 1

    def __post_init__(self) -> None:
        if self.k < 1 or self.pairs < 1:
            raise ValueError("a design needs at least one factor and one pair")

    def _cycle(self, cycle: int) -> tuple[list[int], list[int], list[int]]:
        n = hadamard_order(self.k)
        rng = random.Random(_seed_of("sw-screen", self.seed, self.k, cycle))
        rows = list(range(n))
        rng.shuffle(rows)
        cols = rng.sample(range(1, n), self.k)
        signs = [rng.choice((1, -1)) for _ in range(self.k)]
        return rows, cols, signs

    def pattern(self, g: int) -> frozenset[int]:
        """The factors switched on by the first variant of fold-over pair ``g``
        (pairs are numbered across blocks: block ``i`` holds pairs ``i * pairs``
        to ``i * pairs + pairs - 1``)."""
        n = hadamard_order(self.k)
        rows, cols, signs = self._cycle(g // n)
        r = rows[g % n]
        return frozenset(
            j for j in range(self.k) if signs[j] * hadamard_sign(r, cols[j]) < 0
        )

    @property
    def interaction(self) -> bool:
        """Whether the fit carries the interaction column (with fewer than three
        factors it could not be told from the factors' effects)."""
        return self.k >= 3

    def extra(self, on: frozenset[int]) -> list[float]:
        """The fit's columns beyond the factors: the number of pairs of factors
        the run switches on together (``C(size, 2)``), as in :class:`GroupDesign`;
        the base deck's runs tell it from the pairs' sums."""
        if not self.interaction:
            return []
        n = len(on)
        return [n * (n - 1) / 2]

    def rows(self, block: int) -> list[frozenset[int]]:
        out: list[frozenset[int]] = [frozenset()]
        every = frozenset(range(self.k))
        for p in range(self.pairs):
            on = self.pattern(block * self.pairs + p)
            out += [on, every - on]
        return out


@dataclass(frozen=True)
class GroupDesign:
    """Each seed block plays the base deck and one variant per group of a random
    partition of the factors into groups of 2 to 4 (1 to 4 for fewer than 8
    factors), so every factor is switched on exactly once per block, together with
    one to three others, and the variants stay close to the base deck. The group
    sizes follow a fixed cycle (so a block's number of runs, and a budget's number
    of rounds, depend on the block's index alone); which factors share a group is
    drawn from the seed.

    The fit's extra column is the number of pairs of factors a variant switches on
    together (``C(size, 2)``): its coefficient is the mean **pairwise interaction**,
    the additivity check (0 when effects add up), and with it in the model each
    factor's estimate is its effect alone, on the base deck. Group sizes vary from
    block to block so that this column is not tied to the factors' sum."""

    k: int
    seed: int = 1

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError("a design needs at least one factor")

    @property
    def sizes(self) -> tuple[int, ...]:
        return (2, 3, 4) if self.k >= 8 else tuple(range(1, min(4, self.k) + 1))

    @property
    def interaction(self) -> bool:
        """Whether the fit carries the interaction column (it needs groups of
        three or more to be told from the factors' effects)."""
        return self.k >= 3

    def rows(self, block: int) -> list[frozenset[int]]:
        """The base (the empty set), then one group per variant."""
        rng = random.Random(_seed_of("sw-groups", self.seed, self.k, block))
        order = list(range(self.k))
        rng.shuffle(order)
        out: list[frozenset[int]] = [frozenset()]
        sizes = self.sizes
        at = t = 0
        while at < self.k:
            size = sizes[(block + t) % len(sizes)]
            out.append(frozenset(order[at : at + size]))
            at += size
            t += 1
        return out

    def extra(self, on: frozenset[int]) -> list[float]:
        """The fit's columns beyond the factors for a run switching ``on`` on."""
        if not self.interaction:
            return []
        n = len(on)
        return [n * (n - 1) / 2]


# ----------------------------------------------------------------- linear algebra


def invert(a: Sequence[Sequence[float]]) -> list[list[float]] | None:
    """The inverse of a square matrix by Gauss-Jordan elimination with partial
    pivoting; None when it is singular (to working precision)."""
    n = len(a)
    m = [
        list(map(float, row)) + [1.0 if i == j else 0.0 for j in range(n)]
        for i, row in enumerate(a)
    ]
    scale = max((abs(x) for row in a for x in row), default=0.0) or 1.0
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) <= 1e-10 * scale:
            return None
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        m[c] = [x / piv for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0.0:
                f = m[r][c]
                mr, mc = m[r], m[c]
                m[r] = [x - f * y for x, y in zip(mr, mc, strict=True)]
    return [row[n:] for row in m]


def _matmul(
    a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]
) -> list[list[float]]:
    bt = list(zip(*b, strict=True))
    return [
        [sum(x * y for x, y in zip(row, col, strict=True)) for col in bt] for row in a
    ]


# ------------------------------------------------------------------------ the fit


@dataclass
class Fit:
    """Least-squares estimates within blocks with their covariance.

    ``beta[j]`` is the effect of switching factor ``j`` on (the last coefficient is
    the base marker's, when the fit has one); ``cov`` the covariance used for
    intervals (the larger of the robust and model-based variances on the diagonal,
    the robust correlations off it); ``residual_var`` the pooled residual variance
    of a game-pair score within a block."""

    beta: list[float]
    cov: list[list[float]]
    blocks: int
    runs: int
    residual_var: float
    identified: bool = True
    robust_var: list[float] = field(default_factory=list)
    model_var: list[float] = field(default_factory=list)

    def se(self, j: int) -> float:
        return math.sqrt(max(0.0, self.cov[j][j]))

    def contrast(self, weights: Sequence[float]) -> tuple[float, float]:
        """(estimate, standard error) of ``sum(w * beta)``."""
        est = sum(w * b for w, b in zip(weights, self.beta, strict=False))
        var = sum(
            wi * wj * self.cov[i][j]
            for i, wi in enumerate(weights)
            for j, wj in enumerate(weights)
            if wi and wj
        )
        return est, math.sqrt(max(0.0, var))


def unidentified(width: int, blocks: int = 0, runs: int = 0) -> Fit:
    """A fit that says nothing yet: zero estimates, infinite variances."""
    inf = math.inf
    return Fit(
        beta=[0.0] * width,
        cov=[[inf if i == j else 0.0 for j in range(width)] for i in range(width)],
        blocks=blocks,
        runs=runs,
        residual_var=math.nan,
        identified=False,
        robust_var=[inf] * width,
        model_var=[inf] * width,
    )


def fit(clusters: Sequence[Sequence[tuple[Sequence[float], float]]]) -> Fit:
    """Least squares of ``y`` on ``x`` with one level per cluster, cluster-robust
    covariance (module docstring). ``clusters`` holds, per seed block, its runs as
    ``(x, y)``; every ``x`` has the same width."""
    width = len(clusters[0][0][0]) if clusters and clusters[0] else 0
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[range] = []
    for runs in clusters:
        if len(runs) < 2:
            continue  # a lone run carries no within-block contrast
        n = len(runs)
        mx = [sum(r[0][j] for r in runs) / n for j in range(width)]
        my = sum(r[1] for r in runs) / n
        start = len(xs)
        for x, y in runs:
            xs.append([x[j] - mx[j] for j in range(width)])
            ys.append(y - my)
        groups.append(range(start, len(xs)))
    g = len(groups)
    nobs = len(xs)
    dof = nobs - g - width
    if g < 2 or dof < 1:
        return unidentified(width, g, nobs)
    xtx = [[sum(r[i] * r[j] for r in xs) for j in range(width)] for i in range(width)]
    inv = invert(xtx)
    if inv is None:
        return unidentified(width, g, nobs)
    xty = [sum(r[i] * y for r, y in zip(xs, ys, strict=True)) for i in range(width)]
    beta = [sum(inv[i][j] * xty[j] for j in range(width)) for i in range(width)]
    res = [
        y - sum(b * v for b, v in zip(beta, r, strict=True))
        for r, y in zip(xs, ys, strict=True)
    ]
    s2 = sum(e * e for e in res) / dof
    meat = [[0.0] * width for _ in range(width)]
    for rows in groups:
        sc = [sum(xs[t][i] * res[t] for t in rows) for i in range(width)]
        for i in range(width):
            if sc[i]:
                for j in range(width):
                    meat[i][j] += sc[i] * sc[j]
    c = g / (g - 1) * (nobs - 1) / max(1, nobs - width)
    robust = _matmul(_matmul(inv, meat), inv)
    robust = [[c * v for v in row] for row in robust]
    model_var = [s2 * inv[j][j] for j in range(width)]
    robust_var = [robust[j][j] for j in range(width)]
    var = [max(a, b) for a, b in zip(robust_var, model_var, strict=True)]
    cov = [
        [
            var[i]
            if i == j
            else robust[i][j]
            / math.sqrt(robust_var[i] * robust_var[j])
            * math.sqrt(var[i] * var[j])
            if robust_var[i] > 0 and robust_var[j] > 0
            else 0.0
            for j in range(width)
        ]
        for i in range(width)
    ]
    return Fit(
        beta=beta,
        cov=cov,
        blocks=g,
        runs=nobs,
        residual_var=s2,
        robust_var=robust_var,
        model_var=model_var,
    )


def p_value(est: float, se: float) -> float:
    """Two-sided normal p-value of ``est`` against 0."""
    if not math.isfinite(se):
        return 1.0
    if se <= 0:
        return 1.0 if est == 0 else 0.0
    return 2 * (1 - _N.cdf(abs(est) / se))
