"""How much paired games cut the variance of a swap's measured effect.

For each of ``swaps`` random 1-for-1 swaps (a faction deck, one draw-deck card out, a
card of the same faction and slot class in:
:func:`~engine.optimize.paired.random_swaps`)
against a random other faction deck, the base deck and its variant play the same
``blocks`` seed blocks. Per swap, with ``b`` the base's block scores and ``c`` the
variant's:

- ``var_independent`` = var(b) + var(c): the variance of one block's difference had the
  two decks played independent seeds;
- ``var_paired`` = var(c - b): the same blocks (common random numbers);
- ``var_paired_cv``: var of the paired differences adjusted by the luck control variate
  (cross-fitted, unbiased: :func:`engine.tools.stats.cross_fitted`);
- ``var_independent_cv``: each deck's scores adjusted by its own luck, then summed.

The report's cut is ``1 - sum(var_paired) / sum(var_independent)`` over the swaps (so
each swap weighs by its variance), the same for the adjusted estimators, and the mean
outcome correlation between base and variant.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.core.game import GameDeck
from engine.core.play import derive_seed
from engine.optimize.paired import (
    Block,
    BlockTask,
    random_swaps,
    replace_in_place,
    run_blocks,
)
from engine.tools.measure import SECOND_FACTIONS
from engine.tools.stats import cross_fitted, mean_var


def _corr(xs: list[float], ys: list[float]) -> float:
    mx, vx = mean_var(xs)
    my, vy = mean_var(ys)
    if vx <= 0 or vy <= 0:
        return 0.0
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / (len(xs) - 1)
    return cov / math.sqrt(vx * vy)


def swap_variances(base: list[Block], cand: list[Block]) -> dict[str, float]:
    """The four variances of one swap (module docstring) and the correlation."""
    b = [x.score for x in base]
    c = [x.score for x in cand]
    d = [y - x for x, y in zip(b, c, strict=True)]
    dl = [y.luck - x.luck for x, y in zip(base, cand, strict=True)]
    b_cv, _ = cross_fitted(b, [x.luck for x in base])
    c_cv, _ = cross_fitted(c, [x.luck for x in cand])
    d_cv, beta = cross_fitted(d, dl)
    return {
        "mean_base": mean_var(b)[0],
        "mean_variant": mean_var(c)[0],
        "diff": mean_var(d)[0],
        "diff_cv": mean_var(d_cv)[0],
        "var_independent": mean_var(b)[1] + mean_var(c)[1],
        "var_independent_cv": mean_var(b_cv)[1] + mean_var(c_cv)[1],
        "var_paired": mean_var(d)[1],
        "var_paired_cv": mean_var(d_cv)[1],
        "correlation": _corr(b, c),
        "beta": beta,
    }


def measure(
    *,
    swaps: int = 20,
    blocks: int = 200,
    agent: str = "greedy",
    seed: int = 1,
    jobs: int = 1,
    factions: tuple[str, ...] = SECOND_FACTIONS,
) -> dict[str, Any]:
    """Play the measurement (module docstring) and return its report."""
    from engine.deckbuilding.resolve import default_catalog, faction_deck

    cat = default_catalog()
    rng = random.Random(seed)
    plan: list[tuple[str, str, str, GameDeck, GameDeck, GameDeck, int]] = []
    for k in range(swaps):
        f = rng.choice(factions)
        opp = rng.choice([x for x in factions if x != f])
        deck = faction_deck(f)
        pool = [c for c in cat.cards_of(f) if not c.is_summoner]
        ((out, card),) = random_swaps(deck, pool, 1, rng.getrandbits(32))
        variant = replace_in_place(deck, out, card)
        plan.append(
            (f, out, card.slug, deck, variant, faction_deck(opp), derive_seed(seed, k))
        )
    decks: list[GameDeck] = []
    tasks: list[BlockTask] = []
    for p in plan:
        decks += [p[3], p[4], p[5]]
        oi = len(decks) - 1
        for d in (oi - 2, oi - 1):  # the base deck, then its variant
            tasks += [(d, oi, p[6], i, agent, None) for i in range(blocks)]
    res = run_blocks(decks, tasks, jobs)
    rows = []
    for k, p in enumerate(plan):
        at = 2 * k * blocks
        base, cand = res[at : at + blocks], res[at + blocks : at + 2 * blocks]
        row: dict[str, Any] = {
            "deck": p[0],
            "out": p[1],
            "in": p[2],
            "opponent": p[5].name,
        }
        row.update(swap_variances(base, cand))
        rows.append(row)

    def total(key: str) -> float:
        return sum(r[key] for r in rows)

    ind = total("var_independent")

    def cut(key: str) -> float:
        return 1 - total(key) / ind if ind > 0 else 0.0

    return {
        "agent": agent,
        "swaps": swaps,
        "blocks": blocks,
        "games": 4 * swaps * blocks,
        "seed": seed,
        "cut_paired": cut("var_paired"),
        "cut_paired_cv": cut("var_paired_cv"),
        "cut_independent_cv": cut("var_independent_cv"),
        "mean_correlation": total("correlation") / len(rows) if rows else 0.0,
        "rows": rows,
    }


def format_report(rep: dict[str, Any]) -> str:
    lines = [
        f"{rep['swaps']} random swaps x {rep['blocks']} seed blocks "
        f"({rep['games']} games, agent {rep['agent']}, seed {rep['seed']})",
        "variance of a block's difference, against independent seeds:",
        f"  paired (same blocks):          {100 * rep['cut_paired']:5.1f}% lower",
        f"  paired + luck control variate: {100 * rep['cut_paired_cv']:5.1f}% lower",
        "  independent + luck variate:    "
        f"{100 * rep['cut_independent_cv']:5.1f}% lower",
        f"  mean correlation base/variant: {rep['mean_correlation']:.2f}",
        "",
        "deck | out -> in | opponent | diff (pts) | var indep | var paired "
        "| var paired+cv",
    ]
    for r in rep["rows"]:
        lines.append(
            f"{r['deck']} | {r['out']} -> {r['in']} | {r['opponent']} | "
            f"{100 * r['diff']:+.1f} | {r['var_independent']:.4f} | "
            f"{r['var_paired']:.4f} | {r['var_paired_cv']:.4f}"
        )
    return "\n".join(lines)
