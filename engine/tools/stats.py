"""Statistics shared by the command-line tools and the site (pure Python)."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


Z95 = 1.959964


def mean_var(xs: list[float]) -> tuple[float, float]:
    """Mean and unbiased sample variance (0.0 with fewer than two values)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    return m, sum((x - m) ** 2 for x in xs) / (n - 1)


def _slope(ys: list[float], xs: list[float]) -> float:
    """Least-squares slope of ys on xs (0.0 when xs do not vary)."""
    mx, vx = mean_var(xs)
    if vx <= 0.0:
        return 0.0
    my = sum(ys) / len(ys)
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (len(xs) - 1)
    return cov / vx


def cross_fitted(ys: list[float], xs: list[float]) -> tuple[list[float], float]:
    """``ys`` adjusted by the control variate ``xs`` (whose expectation is zero):
    ``y - b * x``, with ``b`` fitted on the other half of the blocks (odd blocks
    use the slope fitted on even blocks and the other way round), so the adjusted
    mean stays unbiased. Returns the adjusted values and the mean of the two
    slopes."""
    if len(ys) < 4:
        return list(ys), 0.0
    even = [i for i in range(len(ys)) if i % 2 == 0]
    odd = [i for i in range(len(ys)) if i % 2 == 1]
    b_even = _slope([ys[i] for i in even], [xs[i] for i in even])
    b_odd = _slope([ys[i] for i in odd], [xs[i] for i in odd])
    out = [ys[i] - (b_odd if i % 2 == 0 else b_even) * xs[i] for i in range(len(ys))]
    return out, (b_even + b_odd) / 2


def mean_interval(xs: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal-approximation interval of a mean over
    independent blocks."""
    m, v = mean_var(xs)
    half = z * math.sqrt(v / len(xs)) if xs else math.inf
    return m, m - half, m + half
