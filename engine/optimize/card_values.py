"""The card value report: each card's value above magic (VAM), measured causally.

Two designs measure it (``design``): the **screening** design (the default,
:class:`ScreeningValueRun`), in which every game tells about every card, and the
**one-at-a-time** design (:class:`CardValueRun`), in which each game tells about one
card. Both share the verdicts (simultaneous intervals, Benjamini-Hochberg); the
one-at-a-time design is described first, since the value is defined by it.

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
from engine.optimize.screening import (
    Fit,
    FoldoverDesign,
    GroupDesign,
    fit,
    p_value,
    unidentified,
)
from engine.tools.stats import Z95, mean_var

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
    _verdicts(rows, fdr)
    return rows


class _ValueRun(BlockRun):
    """What both card value runs share: their parameters, checked once, stored in
    and read back from a state's ``params``."""

    def _setup(
        self,
        deck: GameDeck,
        field: Sequence[GameDeck],
        *,
        agent: str,
        seed: int,
        max_games: int,
        target: float,
        round_blocks: int | None,
        fdr: float,
        ruleset: str,
    ) -> list[tuple[str, str, int]]:
        """Check and keep the parameters; returns the deck's cards to value."""
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
        self.agent = agent
        self.seed = seed
        self.max_games = max_games
        self.target = target
        # a round: at least 16 blocks, a whole number of passes over the field
        self.step = round_blocks or len(field) * -(-16 // len(field))
        self.fdr = fdr
        self.ruleset = ruleset
        self.played = 0
        self.rounds = 0
        return cards

    def _params(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "seed": self.seed,
            "max_games": self.max_games,
            "target": self.target,
            "step": self.step,
            "fdr": self.fdr,
            "ruleset": self.ruleset,
        }

    @staticmethod
    def _restored(state: dict[str, Any]) -> dict[str, Any]:
        """The constructor's keyword arguments a state's ``params`` give."""
        p = state["params"]
        return {
            "agent": p["agent"],
            "seed": p["seed"],
            "max_games": p["max_games"],
            "target": p["target"],
            "round_blocks": p["step"],
            "fdr": p["fdr"],
            "ruleset": p["ruleset"],
        }


class CardValueRun(_ValueRun):
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
        self._setup(
            deck,
            field,
            agent=agent,
            seed=seed,
            max_games=max_games,
            target=target,
            round_blocks=round_blocks,
            fdr=fdr,
            ruleset=ruleset,
        )
        variants = [replace_in_place(deck, slug, BLANK) for slug in self.slugs]
        self._decks = [deck, *self.field, *variants]
        self._vidx = {slug: 1 + len(field) + k for k, slug in enumerate(self.slugs)}
        self.base: list[Block] = []
        self.got: dict[str, list[Block]] = {slug: [] for slug in self.slugs}
        self.active = list(self.slugs)
        if state is not None:
            self._load(state)

    @classmethod
    def restore(
        cls, deck: GameDeck, field: Sequence[GameDeck], state: dict[str, Any]
    ) -> CardValueRun:
        """The run ``state`` describes, over the same ``deck`` and ``field``."""
        return cls(deck, field, **cls._restored(state), state=state)

    def _load(self, state: dict[str, Any]) -> None:
        if (
            state.get("kind") != "card-values"
            or state.get("design", ONE_AT_A_TIME) != ONE_AT_A_TIME
        ):
            raise ValueError("this state is not a one-at-a-time card value run's")
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
            "design": ONE_AT_A_TIME,
            "params": self._params(),
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
            "design": {
                "name": ONE_AT_A_TIME,
                "assumes": "nothing beyond paired games: each card is blanked alone",
            },
            "cards": rows,
        }

    def contrast(self, a: str, b: str) -> dict[str, Any]:
        """VAM(a) - VAM(b) with its 95% interval (:func:`contrast_row`): per
        block, variant b's score minus variant a's, over the blocks both played."""
        got = {blk.index: blk.score for blk in self.got[a]}
        d = [blk.score - got[blk.index] for blk in self.got[b] if blk.index in got]
        if len(d) < 2:
            return contrast_row(0.0, math.inf)
        m, v = mean_var(d)
        return contrast_row(m, math.sqrt(v / len(d)))


#: the designs a card value report can use: fold-over pairs of Plackett-Burman
#: rows, each variant blanking about half of the cards (the default); groups of 2-4
#: cards blanked together, every card once a block; one card at a time
SCREENING = "screening"
GROUPS = "groups"
ONE_AT_A_TIME = "one-at-a-time"
DESIGNS = (SCREENING, GROUPS, ONE_AT_A_TIME)
#: fold-over pairs of variants per seed block in the screening design
PAIRS = 3
#: the budget of a report when none is named (the site's form starts from it)
DEFAULT_BUDGET = 3_000


def design_rows(
    design: str, k: int, *, seed: int = 1, pairs: int = PAIRS
) -> FoldoverDesign | GroupDesign:
    """The rows of a screening ``design`` for ``k`` cards."""
    if design == SCREENING:
        return FoldoverDesign(k=k, pairs=pairs, seed=seed)
    return GroupDesign(k=k, seed=seed)


def round_runs(design: str, k: int, step: int) -> int:
    """The runs (a deck variant on one seed block, two games) of the first round
    of ``step`` blocks of a ``design`` for ``k`` cards: the deck and one variant
    per card one at a time; otherwise the design's rows, whose count does not
    depend on the seed."""
    if design == ONE_AT_A_TIME:
        return step * (1 + k)
    rows = design_rows(design, max(1, k))
    return sum(len(rows.rows(i)) for i in range(step))


def _verdicts(rows: list[dict[str, Any]], fdr: float) -> None:
    """Benjamini-Hochberg q-values and verdicts of report rows, in place."""
    qs = benjamini_hochberg([r["p"] for r in rows])
    for r, q in zip(rows, qs, strict=True):
        r["q"] = q
        r["verdict"] = UNKNOWN if q > fdr else HELPS if r["vam"] > 0 else HURTS


def contrast_row(est: float, se: float) -> dict[str, Any]:
    """A difference of two values with its 95% interval (one pre-named contrast,
    so not widened for multiplicity) and whether the interval excludes 0."""
    half = Z95 * se
    return {
        "difference": est,
        "ci": [est - half, est + half],
        "decided": bool(se < math.inf and abs(est) > half),
    }


class ScreeningValueRun(_ValueRun):
    """Card values from a screening design (:mod:`engine.optimize.screening`).

    Factor ``j`` is "one copy of card ``j`` (the last) replaced in place by the
    blank"; a card's VAM is minus that factor's effect. Each seed block plays the
    deck and variants that blank several cards at once, so every game tells about
    several cards: with ``design`` :data:`SCREENING`, ``pairs`` fold-over pairs,
    each variant blanking about half of the cards
    (:class:`~engine.optimize.screening.FoldoverDesign`), so every game tells about
    every card; with :data:`GROUPS`, one variant per group of 2-4 cards, every card
    blanked once per block (:class:`~engine.optimize.screening.GroupDesign`), the
    variants closer to the deck. The values come from one least-squares fit within
    blocks (cluster-robust covariance) with a term for the pairs of cards blanked
    together, whose coefficient is the additivity check (the report's ``design``).

    Its state holds the parameters and, per seed block, the score of each run in
    the design's order (the design itself is a function of the seed); the deck
    list grows with each round's variants."""

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
        design: str = SCREENING,
        pairs: int = PAIRS,
        state: dict[str, Any] | None = None,
    ) -> None:
        if design not in (SCREENING, GROUPS):
            raise ValueError(f"{design!r} is not a screening design")
        self.cards = self._setup(
            deck,
            field,
            agent=agent,
            seed=seed,
            max_games=max_games,
            target=target,
            round_blocks=round_blocks,
            fdr=fdr,
            ruleset=ruleset,
        )
        self.design_name = design
        self.pairs = pairs
        self.design = design_rows(design, len(self.slugs), seed=seed, pairs=pairs)
        #: per seed block (index order), the score of each run of the design
        self.scores: list[list[float]] = []
        self.stopped = False
        self._decks = [deck, *self.field]
        self._variants: dict[frozenset[int], int] = {}
        if state is not None:
            self._load(state)

    def first_round_games(self) -> int:
        """The games of the run's first round: the least a budget must pay for."""
        return 2 * round_runs(self.design_name, len(self.slugs), self.step)

    @classmethod
    def restore(
        cls, deck: GameDeck, field: Sequence[GameDeck], state: dict[str, Any]
    ) -> ScreeningValueRun:
        return cls(
            deck,
            field,
            **cls._restored(state),
            design=state["design"],
            pairs=state["params"]["pairs"],
            state=state,
        )

    def _load(self, state: dict[str, Any]) -> None:
        if (
            state.get("kind") != "card-values"
            or state.get("design") != self.design_name
        ):
            raise ValueError(f"this state is not a {self.design_name} card value run's")
        if state["cards"] != self.slugs or len(state["field"]) != len(self.field):
            raise ValueError("this state belongs to another deck or field")
        self.scores = [[float(x) for x in row] for row in state["scores"]]
        self.played = int(state["games"])
        self.rounds = int(state["rounds"])
        self.stopped = bool(state["stopped"])

    def state(self) -> dict[str, Any]:
        return {
            "kind": "card-values",
            "design": self.design_name,
            "params": {
                **self._params(),
                "pairs": self.pairs,
            },
            "deck": self.deck.name,
            "field": [d.name for d in self.field],
            "cards": list(self.slugs),
            "scores": [list(row) for row in self.scores],
            "games": self.played,
            "rounds": self.rounds,
            "stopped": self.stopped,
        }

    # ------------------------------------------------------------------ rounds

    def variant(self, blanked: frozenset[int]) -> GameDeck:
        """The deck with one copy of each card in ``blanked`` replaced by the
        blank, in place."""
        deck = self.deck
        for j in sorted(blanked):
            deck = replace_in_place(deck, self.slugs[j], BLANK)
        return deck

    def _deck_index(self, blanked: frozenset[int]) -> int:
        if not blanked:
            return 0
        if blanked not in self._variants:
            self._variants[blanked] = len(self._decks)
            self._decks.append(self.variant(blanked))
        return self._variants[blanked]

    def next_round(self) -> list[BlockTask]:
        """The next ``step`` seed blocks, each with every run of its design rows;
        empty when the run has stopped or the round would pass the budget."""
        if self.stopped:
            return []
        rules = rules_for(self.ruleset)
        nf = len(self.field)
        start = len(self.scores)
        tasks: list[BlockTask] = []
        for i in range(start, start + self.step):
            for blanked in self.design.rows(i):
                d = self._deck_index(blanked)
                tasks.append((d, 1 + i % nf, self.seed, i, self.agent, rules))
        if self.played + 2 * len(tasks) > self.max_games:
            return []
        return tasks

    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        check_round(self.next_round(), tasks)
        at = 0
        for i in range(len(self.scores), len(self.scores) + self.step):
            per = len(self.design.rows(i))
            self.scores.append([blk.score for blk in blocks[at : at + per]])
            at += per
        self.played += 2 * len(tasks)
        self.rounds += 1
        f = self.fit()
        if self.rounds >= 2 and f.identified:
            z = simultaneous_z(len(self.slugs))
            self.stopped = all(
                z * f.se(j) <= self.target for j in range(len(self.slugs))
            )

    # ------------------------------------------------------------------ the fit

    def fit(self) -> Fit:
        """The least-squares fit over every block so far: one coefficient per card
        (the effect of blanking a copy) and, last when the design has it, the
        additivity check's."""
        k = len(self.slugs)
        clusters = []
        for i, row in enumerate(self.scores):
            runs = []
            for blanked, y in zip(self.design.rows(i), row, strict=True):
                x = [1.0 if j in blanked else 0.0 for j in range(k)]
                runs.append((x + self.design.extra(blanked), y))
            clusters.append(runs)
        if not clusters:
            return unidentified(k + len(self.design.extra(frozenset())))
        return fit(clusters)

    def contrast(self, a: str, b: str) -> dict[str, Any]:
        """VAM(a) - VAM(b) with its 95% interval (:func:`contrast_row`)."""
        f = self.fit()
        w = [0.0] * len(f.beta)
        w[self.slugs.index(a)] = -1.0
        w[self.slugs.index(b)] = 1.0
        return contrast_row(*f.contrast(w))

    def report(self) -> dict[str, Any]:
        f = self.fit()
        k = len(self.slugs)
        z = simultaneous_z(k)
        blocks = len(self.scores)
        # the blocks the whole budget pays for, at this run's games per block: an
        # interval narrows with the square root of the blocks
        end = blocks
        if blocks and not self.stopped:
            end = max(blocks, int(self.max_games * blocks / max(1, self.played)))
        shrink = math.sqrt(blocks / end) if end else 1.0
        rows: list[dict[str, Any]] = []
        for j, (slug, name, copies) in enumerate(self.cards):
            vam, se = -f.beta[j], f.se(j)
            half = z * se if math.isfinite(se) else 1.0
            rows.append(
                {
                    "card": slug,
                    "name": name,
                    "copies": copies,
                    "vam": vam,
                    "ci": [max(-1.0, vam - half), min(1.0, vam + half)],
                    "half_width": min(half, 1.0),
                    # about how wide the interval will be when the budget is spent
                    "final_half_width": min(half * shrink, 1.0),
                    "p": p_value(vam, se),
                    "blocks": blocks,
                    "games": self.played,
                }
            )
        _verdicts(rows, self.fdr)
        base = [row[0] for row in self.scores]
        return {
            "deck": self.deck.name,
            "field": [d.name for d in self.field],
            "agent": self.agent,
            "seed": self.seed,
            "games": self.played,
            "max_games": self.max_games,
            "target_half_width": self.target,
            "rounds": self.rounds,
            "base_score": mean_var(base)[0] if base else None,
            "fdr": self.fdr,
            "all_within_target": bool(rows)
            and all(r["half_width"] <= self.target for r in rows),
            "design": self._design_report(f),
            "cards": rows,
        }

    def _design_report(self, f: Fit) -> dict[str, Any]:
        """What the design is, what it assumes and its additivity check."""
        k = len(self.slugs)
        out: dict[str, Any] = {"name": self.design_name, "blocks": len(self.scores)}
        if self.design_name == SCREENING:
            out["pairs"] = self.pairs
            out["assumes"] = (
                "the cards' values add up, one copy each, up to one mean interaction "
                "per pair of cards blanked together: the values are fitted from "
                "decks that blank about half of the cards at once, in mirror pairs, "
                "the interaction from how the deck itself scores beside them (the "
                "check)"
            )
        else:
            out["assumes"] = (
                "the cards' values add up, one copy each, up to one mean interaction "
                "per pair of cards blanked together: each variant blanks 2 to 4 "
                "cards, and the fit estimates that interaction (the check) and each "
                "card's value alone"
            )
        check = "pair_interaction"
        if len(f.beta) <= k:
            out["additivity"] = None
            return out
        est, se = f.beta[k], f.se(k)
        row = contrast_row(est, se)
        # in score units: a positive pair interaction means two blanks together
        # cost less than the sum of their costs
        out["additivity"] = {
            "check": check,
            "estimate": est,
            "ci": row["ci"] if math.isfinite(se) else None,
            "holds": None if not math.isfinite(se) else not row["decided"],
        }
        return out


def new_run(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    design: str = SCREENING,
    **params: Any,
) -> CardValueRun | ScreeningValueRun:
    """A fresh card value run of ``design`` (:data:`DESIGNS`); ``params`` as the
    run classes take them."""
    if design in (SCREENING, GROUPS):
        return ScreeningValueRun(deck, field, design=design, **params)
    if design == ONE_AT_A_TIME:
        params.pop("pairs", None)
        return CardValueRun(deck, field, **params)
    raise ValueError(f"unknown design {design!r}: one of {', '.join(DESIGNS)}")


def restore_run(
    deck: GameDeck, field: Sequence[GameDeck], state: dict[str, Any]
) -> CardValueRun | ScreeningValueRun:
    """The run a stored state describes, whichever its design (states stored
    before the screening design existed are one-at-a-time runs)."""
    if state.get("design", ONE_AT_A_TIME) in (SCREENING, GROUPS):
        return ScreeningValueRun.restore(deck, field, state)
    return CardValueRun.restore(deck, field, state)


def card_values(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    design: str = SCREENING,
    agent: str = "planner",
    seed: int = 1,
    max_games: int = 30_000,
    target: float = 0.03,
    round_blocks: int | None = None,
    fdr: float = 0.10,
    jobs: int = 1,
    rules: Rules | None = None,
    progress: Callable[[int, int], None] | None = None,
    run_out: list[Any] | None = None,
) -> dict[str, Any]:
    """The card value report of ``deck`` against ``field`` with ``design``, played
    in this process (or ``jobs`` workers). Jobs use the run classes directly to
    store and resume. ``run_out``, when given, receives the finished run (for
    contrasts between cards)."""
    run = new_run(
        deck,
        field,
        design=design,
        agent=agent,
        seed=seed,
        max_games=max_games,
        target=target,
        round_blocks=round_blocks,
        fdr=fdr,
        ruleset=rules.ruleset if rules is not None else "",
    )
    if isinstance(run, ScreeningValueRun) and not run.next_round():
        raise ValueError(
            f"a budget of {max_games} games does not pay for one round of this "
            f"design: at least {run.first_round_games()} needed"
        )
    rep = drive(run, jobs=jobs, progress=progress)
    if run_out is not None:
        run_out.append(run)
    return rep


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
    design = rep.get("design") or {"name": ONE_AT_A_TIME}
    lines.append(f"design: {design['name']}")
    add = design.get("additivity")
    if add and add.get("ci"):
        lo, hi = add["ci"]
        what = "two cards blanked together score beyond the sum of each alone"
        lines.append(
            f"additivity check: {what}: {100 * add['estimate']:+.1f} points "
            f"[{100 * lo:+.1f}, {100 * hi:+.1f}]"
            + ("" if add["holds"] else " (the values do not add up)")
        )
    if rep.get("cpu_seconds") is not None:
        lines.append(f"CPU seconds: {rep['cpu_seconds']:.0f}")
    return "\n".join(lines)
