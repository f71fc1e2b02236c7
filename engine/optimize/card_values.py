"""The card value report: each card's value above magic (VAM), measured causally.

For each distinct swappable card ``c`` of a deck's draw deck (commons, champions,
standard events: :func:`~engine.optimize.paired.slot_class`), ``VAM(c)`` is the deck's
field score minus the score of the same deck with one copy of ``c`` (the last, the
copy a swap would change) replaced in place by the blank (a card that can only be
discarded for magic, :data:`~engine.optimize.paired.BLANK`). Both are measured on the
same seed blocks (:mod:`engine.optimize.paired`); block ``i`` meets opponent
``field[i % len(field)]``, so every round of ``len(field)`` blocks covers the field
evenly.

**Racing.** Blocks are played in rounds. After each round a card stops when its
simultaneous 95% interval (Bonferroni over the deck's cards) is at most
``target`` wide on each side; the report stops when every card has stopped or the
next round would pass ``max_games``.

**Variances.** Each card's variance estimate is shrunk toward the report's pooled
variance by :data:`PRIOR_BLOCKS` pseudo-blocks (:func:`shrunk_variance`), so a card
that has made no difference in its first blocks (an event the agent never played
yet) does not get a zero-width interval and stop early.

**Verdicts.** Each card's two-sided p-value (normal approximation over blocks) goes
through Benjamini-Hochberg at false-discovery rate ``fdr``: a card is called
``helps`` or ``hurts`` only when it is a discovery, otherwise ``cannot tell at this
budget``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

from engine.core.game import GameDeck
from engine.core.types import Rules
from engine.optimize.paired import BLANK, Block, BlockTask, replace_in_place, slot_class
from engine.optimize.runs import (
    BlockRun,
    blocks_from_json,
    blocks_to_json,
    check_round,
    drive,
    rules_for,
)
from engine.tools.stats import mean_var

HELPS = "helps"
HURTS = "hurts"
UNKNOWN = "cannot tell at this budget"

_N = NormalDist()


def swappable(deck: GameDeck) -> list[tuple[str, str, int]]:
    """(slug, name, copies in the draw deck) of each distinct card that has a VAM,
    in draw-deck order."""
    seen: dict[str, tuple[str, str, int]] = {}
    for c in deck.draw_cards:
        if slot_class(c) is None:
            continue
        slug, name, n = seen.get(c.slug, (c.slug, c.name, 0))
        seen[c.slug] = (slug, name, n + 1)
    return list(seen.values())


def benjamini_hochberg(ps: Sequence[float]) -> list[float]:
    """BH-adjusted q-values, in the order of ``ps``."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    q = [1.0] * m
    best = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        best = min(best, ps[i] * m / rank)
        q[i] = best
    return q


PRIOR_BLOCKS = 16


def shrunk_variance(v: float, n: int, pooled: float) -> float:
    """``v`` (a sample variance over ``n`` blocks) shrunk toward ``pooled`` with the
    weight of :data:`PRIOR_BLOCKS` blocks."""
    dof = max(0, n - 1)
    return (dof * v + PRIOR_BLOCKS * pooled) / (dof + PRIOR_BLOCKS)


def pooled_variance(diffs: Sequence[Sequence[float]]) -> float:
    """The variance of all cards' block differences pooled (0.25 before any data:
    the variance of a fair coin's score)."""
    num = 0.0
    dof = 0
    for d in diffs:
        if len(d) > 1:
            num += mean_var(list(d))[1] * (len(d) - 1)
            dof += len(d) - 1
    return num / dof if dof else 0.25


def simultaneous_z(m: int, level: float = 0.95) -> float:
    """The z of a Bonferroni-simultaneous ``level`` interval over ``m`` cards."""
    return _N.inv_cdf(1 - (1 - level) / (2 * max(1, m)))


def summarize(
    deck: GameDeck,
    base: Sequence[Block],
    variants: dict[str, Sequence[Block]],
    *,
    fdr: float = 0.10,
) -> list[dict[str, Any]]:
    """Per card (in :func:`swappable` order): VAM with its simultaneous interval,
    p and q values, verdict, blocks. ``variants[slug]`` holds the blank variant's
    blocks, a prefix of ``base``'s block indices."""
    cards = [c for c in swappable(deck) if c[0] in variants]
    z = simultaneous_z(len(cards))
    by_index = {b.index: b for b in base}
    diffs = {
        slug: [by_index[b.index].score - b.score for b in variants[slug]]
        for slug, _, _ in cards
    }
    pooled = pooled_variance(list(diffs.values()))
    rows: list[dict[str, Any]] = []
    for slug, name, copies in cards:
        d = diffs[slug]
        m, v = mean_var(d)
        n = len(d)
        v = shrunk_variance(v, n, pooled)
        se = math.sqrt(v / n) if n else math.inf
        half = z * se
        p = 2 * (1 - _N.cdf(abs(m) / se)) if se > 0 else (1.0 if m == 0 else 0.0)
        rows.append(
            {
                "card": slug,
                "name": name,
                "copies": copies,
                "vam": m,
                "ci": [m - half, m + half],
                "half_width": half,
                "p": p,
                "blocks": n,
                "games": 2 * n,
            }
        )
    qs = benjamini_hochberg([r["p"] for r in rows])
    for r, q in zip(rows, qs, strict=True):
        r["q"] = q
        r["verdict"] = UNKNOWN if q > fdr else HELPS if r["vam"] > 0 else HURTS
    return rows


class CardValueRun(BlockRun):
    """The card value race as a resumable run (:mod:`engine.optimize.runs`).

    Its deck list is the deck, the field, then one blank variant per swappable card;
    its state holds the parameters, the deck's blocks, each variant's blocks, the
    cards still racing, and the games and rounds so far."""

    def __init__(
        self,
        deck: GameDeck,
        field: Sequence[GameDeck],
        *,
        agent: str = "planner",
        seed: int = 1,
        max_games: int = 30_000,
        target: float = 0.03,
        round_blocks: int | None = None,
        fdr: float = 0.10,
        ruleset: str = "",
        state: dict[str, Any] | None = None,
    ) -> None:
        if not field:
            raise ValueError("the field needs at least one opponent deck")
        cards = swappable(deck)
        if not cards:
            raise ValueError(f"{deck.name!r} has no card to value")
        if max_games < 1 or target <= 0 or fdr <= 0:
            raise ValueError("the budget, target and false-discovery rate must be > 0")
        self.deck = deck
        self.field = list(field)
        self.slugs = [slug for slug, _, _ in cards]
        variants = [replace_in_place(deck, slug, BLANK) for slug in self.slugs]
        self._decks = [deck, *self.field, *variants]
        self._vidx = {slug: 1 + len(field) + k for k, slug in enumerate(self.slugs)}
        self.agent = agent
        self.seed = seed
        self.max_games = max_games
        self.target = target
        # a round: at least 16 blocks, a whole number of passes over the field
        self.step = round_blocks or len(field) * -(-16 // len(field))
        self.fdr = fdr
        self.ruleset = ruleset
        self.base: list[Block] = []
        self.got: dict[str, list[Block]] = {slug: [] for slug in self.slugs}
        self.active = list(self.slugs)
        self.played = 0
        self.rounds = 0
        if state is not None:
            self._load(state)

    @classmethod
    def restore(
        cls, deck: GameDeck, field: Sequence[GameDeck], state: dict[str, Any]
    ) -> CardValueRun:
        """The run ``state`` describes, over the same ``deck`` and ``field``."""
        p = state["params"]
        return cls(
            deck,
            field,
            agent=p["agent"],
            seed=p["seed"],
            max_games=p["max_games"],
            target=p["target"],
            round_blocks=p["step"],
            fdr=p["fdr"],
            ruleset=p["ruleset"],
            state=state,
        )

    def _load(self, state: dict[str, Any]) -> None:
        if state.get("kind") != "card-values":
            raise ValueError("this state is not a card value run's")
        unknown = set(state["variants"]) - set(self.slugs)
        if unknown or len(state["field"]) != len(self.field):
            raise ValueError("this state belongs to another deck or field")
        self.base = blocks_from_json(state["base"])
        for slug, rows in state["variants"].items():
            self.got[slug] = blocks_from_json(rows)
        self.active = list(state["active"])
        self.played = int(state["games"])
        self.rounds = int(state["rounds"])

    def state(self) -> dict[str, Any]:
        return {
            "kind": "card-values",
            "params": {
                "agent": self.agent,
                "seed": self.seed,
                "max_games": self.max_games,
                "target": self.target,
                "step": self.step,
                "fdr": self.fdr,
                "ruleset": self.ruleset,
            },
            "deck": self.deck.name,
            "field": [d.name for d in self.field],
            "base": blocks_to_json(self.base),
            "variants": {s: blocks_to_json(b) for s, b in self.got.items()},
            "active": list(self.active),
            "games": self.played,
            "rounds": self.rounds,
        }

    def next_round(self) -> list[BlockTask]:
        if not self.active:
            return []
        if self.played + 2 * self.step * (1 + len(self.active)) > self.max_games:
            return []
        rules = rules_for(self.ruleset)
        nf = len(self.field)
        idx = range(len(self.base), len(self.base) + self.step)
        tasks: list[BlockTask] = [
            (0, 1 + i % nf, self.seed, i, self.agent, rules) for i in idx
        ]
        for slug in self.active:
            tasks += [
                (self._vidx[slug], 1 + i % nf, self.seed, i, self.agent, rules)
                for i in idx
            ]
        return tasks

    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        check_round(self.next_round(), tasks)
        step = self.step
        self.base += blocks[:step]
        for k, slug in enumerate(self.active):
            self.got[slug] += blocks[step * (k + 1) : step * (k + 2)]
        self.played += 2 * len(tasks)
        self.rounds += 1
        by_index = {b.index: b.score for b in self.base}
        diffs = {
            slug: [by_index[b.index] - b.score for b in self.got[slug]]
            for slug in self.slugs
        }
        pooled = pooled_variance(list(diffs.values()))
        z = simultaneous_z(len(self.slugs))
        still = []
        for slug in self.active:
            d = diffs[slug]
            v = shrunk_variance(mean_var(d)[1], len(d), pooled)
            if len(d) < 2 * step or z * math.sqrt(v / len(d)) > self.target:
                still.append(slug)
        self.active = still

    def report(self) -> dict[str, Any]:
        rows = summarize(
            self.deck, self.base, {s: b for s, b in self.got.items() if b}, fdr=self.fdr
        )
        return {
            "deck": self.deck.name,
            "field": [d.name for d in self.field],
            "agent": self.agent,
            "seed": self.seed,
            "games": self.played,
            "max_games": self.max_games,
            "target_half_width": self.target,
            "rounds": self.rounds,
            "base_score": mean_var([b.score for b in self.base])[0]
            if self.base
            else None,
            "fdr": self.fdr,
            "all_within_target": all(r["half_width"] <= self.target for r in rows)
            and len(rows) == len(self.slugs),
            "cards": rows,
        }


def card_values(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str = "planner",
    seed: int = 1,
    max_games: int = 30_000,
    target: float = 0.03,
    round_blocks: int | None = None,
    fdr: float = 0.10,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Race the blank variants of every swappable card against ``deck`` on shared
    seed blocks (module docstring) in this process; returns the report (cards,
    games, rounds). Jobs use :class:`CardValueRun` directly to store and resume."""
    run = CardValueRun(
        deck,
        field,
        agent=agent,
        seed=seed,
        max_games=max_games,
        target=target,
        round_blocks=round_blocks,
        fdr=fdr,
        ruleset=rules.ruleset if rules is not None else "",
    )
    return drive(run, jobs=jobs, progress=progress)


def format_report(rep: dict[str, Any]) -> str:
    lines = [
        f"{rep['deck']}: value above magic of each card against "
        f"{len(rep['field'])} decks, agent {rep['agent']}, {rep['games']} games "
        f"(seed {rep['seed']}); simultaneous 95% intervals, points",
        "card | copies | VAM | interval | verdict (FDR "
        f"{int(100 * rep['fdr'])}%) | games",
    ]
    for r in sorted(rep["cards"], key=lambda r: -r["vam"]):
        lo, hi = r["ci"]
        lines.append(
            f"{r['name']} | {r['copies']} | {100 * r['vam']:+.1f} | "
            f"[{100 * lo:+.1f}, {100 * hi:+.1f}] | {r['verdict']} | {r['games']}"
        )
    return "\n".join(lines)
