"""Swap suggestions: the best legal 1-for-1 swap for a deck against a field, confirmed.

**Candidates** (:func:`candidate_swaps`, :mod:`engine.optimize.candidates`): every
swap of one draw-deck card for a card of the pool in the same slot class, the new card
taking the old card's slot, that keeps the deck valid under its ruleset's construction
rules and, when a collection is given, within it.

**Search** (:class:`SuggestionRun`): successive halving on shared seed blocks (block
``i`` meets ``field[i % len(field)]``); after a round the better half of the
candidates still in the race survives, until one is left. The search's budget is
split evenly over its rounds, in whole passes over the field. How a round measures
the candidates (``search``):

- ``screening`` (the default): each seed block plays the base deck and
  :data:`~engine.optimize.halving.SCREEN_PAIRS` fold-over pairs of variants; in a
  pair, every out card with a candidate in the race gets one of its candidates,
  made in one variant or the other, so each variant makes about half of the swaps
  at once and every game tells about many candidates. Each candidate's gain comes
  from one least-squares fit within blocks over the step's blocks so far, with the
  mean interaction of two swaps made together as one more term
  (:mod:`engine.optimize.screening`, as the card values' screening design);
- ``halving``: every surviving candidate and the base deck play the same new blocks,
  each candidate alone; its gain is its mean block difference.

**Confirmation**: the winner against the base on a fresh block stream, with the
sequential test of :mod:`engine.optimize.sequential` (H0 no gain vs H1 >= +3 points,
alpha = beta = 0.05, truncated at the budget without confirming). Only the
confirmation's figures are reported as the swap's gain; the search's estimate is kept
as ``search_gain`` (optimistic: it chose the swap). The winner is tested even when
its search gain is not above zero (the test then stops after a look or two).

**Climb**: with ``climb`` > 1 a confirmed swap becomes the new base and the search
starts again from it (never undoing an accepted swap), up to ``climb`` swaps (at most
:data:`MAX_CLIMB`). Each step gets the budget left divided by the steps left; a
quarter of a step's budget (at most :data:`CONFIRM_MAX_GAMES`, at least one look of
the test) is kept for its confirmation. ``max_games`` caps every game of the run.

**Status**: ``running`` until the run is done, then ``confirmed`` (every step
confirmed its swap), ``no-gain`` (the last step found no swap that confirmed, or no
candidate at all) or ``budget-spent`` (the budget ended before the last step could
finish, or its confirmation ended undecided). ``suggestions`` holds the accepted swaps
whatever the status.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.game import GameDeck
from engine.core.types import CardDef
from engine.optimize import sequential as sq
from engine.optimize.candidates import (
    CatalogPlus,
    Swap,
    candidate_swaps,
    catalog_pool,
    deck_counts,
    estimate_cpu_seconds,
)
from engine.optimize.halving import (
    CONFIRM_MAX_GAMES,
    SCREEN_PAIRS,
    confirm_budget,
    min_step_games,
    search_rounds,
)
from engine.optimize.paired import Block, BlockTask, replace_in_place
from engine.optimize.runs import (
    BlockRun,
    blocks_from_json,
    blocks_to_json,
    check_round,
    drive,
    rules_for,
)
from engine.optimize.screening import Fit, fit, unidentified
from engine.tools.stats import Z95, mean_var

__all__ = [
    "CONFIRM_MAX_GAMES",
    "CatalogPlus",
    "Swap",
    "SuggestionRun",
    "candidate_swaps",
    "catalog_pool",
    "deck_counts",
    "estimate_cpu_seconds",
    "format_report",
    "min_step_games",
    "suggest",
]

MAX_CLIMB = 5
#: how a step's search narrows the candidates: a screening design (every game
#: plays several candidate swaps at once) or successive halving of single swaps
SCREEN = "screening"
HALVING = "halving"
SEARCHES = (SCREEN, HALVING)
#: the budget of a search when none is named (the site's form starts from it)
DEFAULT_BUDGET = 3_000


class SuggestionRun(BlockRun):
    """The swap search, its confirmation and the climb as one resumable run
    (module docstring; :mod:`engine.optimize.runs` protocol).

    Deck list: the current base (the deck with the accepted swaps), the field, then
    one variant per candidate swap of the current step. The state holds the
    parameters, the accepted swaps, the current step's candidates, survivors and
    blocks, the confirmation's blocks, and the suggestions and rejections so far."""

    def __init__(
        self,
        deck: GameDeck,
        field: Sequence[GameDeck],
        *,
        pool: Sequence[CardDef],
        collection: Mapping[str, int] | None = None,
        agent: str = "planner",
        seed: int = 1,
        max_games: int = 60_000,
        climb: int = 1,
        ruleset: str = "",
        catalog: Any | None = None,
        search: str = SCREEN,
        state: dict[str, Any] | None = None,
    ) -> None:
        if not field:
            raise ValueError("the field needs at least one opponent deck")
        if search not in SEARCHES:
            raise ValueError(f"unknown search {search!r}: one of {', '.join(SEARCHES)}")
        self.search = search
        if max_games < 1:
            raise ValueError("the budget (max_games) must be > 0")
        if not 1 <= climb <= MAX_CLIMB:
            raise ValueError(f"climb must be between 1 and {MAX_CLIMB}")
        self.deck = deck
        self.field = list(field)
        self.names = [d.name for d in self.field]
        self.pool: dict[str, CardDef] = {}
        for c in pool:
            self.pool.setdefault(c.slug, c)
        self.collection = dict(collection) if collection is not None else None
        self.catalog = catalog
        self.agent = agent
        self.seed = seed
        self.max_games = max_games
        self.climb = climb
        self.ruleset = ruleset
        self.played = 0
        self.accepted: list[Swap] = []
        self.suggestions: list[dict[str, Any]] = []
        self.rejected: list[dict[str, Any]] = []
        self.steps: list[dict[str, Any]] = []
        self.phase = "search"
        self.status = "running"
        self.step_budget = 0
        self.step_start = 0
        self.search_games = 0
        self.alive: list[int] = []
        self.rounds: list[dict[str, Any]] = []
        self.base_blocks: list[Block] = []
        self.var_blocks: dict[int, list[Block]] = {}
        self.winner = -1
        self.search_gain = 0.0
        self.conf_base: list[Block] = []
        self.conf_var: list[Block] = []
        #: the screening search: per seed block, the score of each of its runs
        self.screen_scores: list[list[float]] = []
        if state is None:
            self._build()
            if not self.cands:
                raise ValueError(f"{deck.name!r} has no legal swap in this pool")
            need = self._min_step()
            if max_games < need:
                raise ValueError(
                    f"A budget of {max_games:,} games is too small for the "
                    f"{len(self.cands)} possible swaps of this deck: at least "
                    f"{need:,} games are needed."
                )
            self._start_step()
        else:
            self._load(state)

    @classmethod
    def restore(
        cls,
        deck: GameDeck,
        field: Sequence[GameDeck],
        state: dict[str, Any],
        *,
        pool: Sequence[CardDef],
        collection: Mapping[str, int] | None = None,
        catalog: Any | None = None,
    ) -> SuggestionRun:
        """The run ``state`` describes, over the same deck, field, pool and
        collection."""
        if state.get("kind") != "suggestion":
            raise ValueError("this state is not a suggestion run's")
        p = state["params"]
        return cls(
            deck,
            field,
            pool=pool,
            collection=collection,
            agent=p["agent"],
            seed=p["seed"],
            max_games=p["max_games"],
            climb=p["climb"],
            ruleset=p["ruleset"],
            catalog=catalog,
            # states stored before the screening search are halving searches
            search=p.get("search", HALVING),
            state=state,
        )

    # ----------------------------------------------------------------- the decks

    def _build(self) -> None:
        """The current base, its candidates and their variants (from the deck, the
        accepted swaps and the pool)."""
        base = self.deck
        for s in self.accepted:
            base = replace_in_place(base, s.out_slug, self.pool[s.in_slug])
        self.base = dataclasses.replace(base, name=self.deck.name)
        undo = {(s.in_slug, s.out_slug) for s in self.accepted}
        self.cands = [
            s
            for s in candidate_swaps(
                self.base,
                list(self.pool.values()),
                collection=self.collection,
                ruleset=self.ruleset,
                catalog=self.catalog,
            )
            if (s.out_slug, s.in_slug) not in undo
        ]
        variants = [
            replace_in_place(self.base, s.out_slug, self.pool[s.in_slug])
            for s in self.cands
        ]
        self._decks = [self.base, *self.field, *variants]
        self._multi: dict[frozenset[int], int] = {}
        self._fit_memo: tuple[tuple[int, int], Fit] | None = None

    def _vidx(self, k: int) -> int:
        return 1 + len(self.field) + k

    def _min_step(self) -> int:
        return min_step_games(
            len(self.cands), len(self.field), screening=self.search == SCREEN
        )

    def _start_step(self) -> None:
        self.step_start = self.played
        self.search_games = 0
        self.rounds = []
        self.base_blocks = []
        self.var_blocks = {}
        self.screen_scores = []
        self.winner = -1
        self.search_gain = 0.0
        self.conf_base = []
        self.conf_var = []
        self.alive = list(range(len(self.cands)))
        left = self.climb - len(self.accepted)
        self.step_budget = (self.max_games - self.played) // left
        if not self.cands:
            self._finish(sq.NO_GAIN)
        elif self.step_budget < self._min_step():
            self._finish("budget-spent")
        elif len(self.cands) == 1:
            self._pick(0, 0.0)
        else:
            self.phase = "search"

    def _finish(self, status: str) -> None:
        self.phase = "done"
        self.status = status
        self.steps.append(self._search_summary())

    def _search_summary(self) -> dict[str, Any]:
        return {"candidates": len(self.cands), "rounds": list(self.rounds)}

    # ------------------------------------------------------------------- state

    def state(self) -> dict[str, Any]:
        return {
            "kind": "suggestion",
            "params": {
                "agent": self.agent,
                "seed": self.seed,
                "max_games": self.max_games,
                "climb": self.climb,
                "ruleset": self.ruleset,
                "search": self.search,
            },
            "deck": self.deck.name,
            "field": list(self.names),
            "accepted": [s.as_json() for s in self.accepted],
            "candidates": [s.as_json() for s in self.cands],
            "phase": self.phase,
            "status": self.status,
            "games": self.played,
            "step_budget": self.step_budget,
            "step_start": self.step_start,
            "search_games": self.search_games,
            "alive": list(self.alive),
            "rounds": list(self.rounds),
            "base_blocks": blocks_to_json(self.base_blocks),
            "var_blocks": {
                str(k): blocks_to_json(v) for k, v in self.var_blocks.items()
            },
            "winner": self.winner,
            "search_gain": self.search_gain,
            "conf_base": blocks_to_json(self.conf_base),
            "conf_var": blocks_to_json(self.conf_var),
            "screen_scores": [list(row) for row in self.screen_scores],
            "suggestions": list(self.suggestions),
            "rejected": list(self.rejected),
            "steps": list(self.steps),
        }

    def _load(self, state: dict[str, Any]) -> None:
        if state.get("kind") != "suggestion":
            raise ValueError("this state is not a suggestion run's")
        if state["field"] != self.names or state["deck"] != self.deck.name:
            raise ValueError("this state belongs to another deck or field")
        for row in state["accepted"]:
            if row[1] not in self.pool:
                raise ValueError("this state belongs to another pool")
        self.accepted = [Swap(str(a), str(b), str(c)) for a, b, c in state["accepted"]]
        self._build()
        if [s.as_json() for s in self.cands] != state["candidates"]:
            raise ValueError("this state belongs to another deck, pool or collection")
        self.phase = str(state["phase"])
        self.status = str(state["status"])
        self.played = int(state["games"])
        self.step_budget = int(state["step_budget"])
        self.step_start = int(state["step_start"])
        self.search_games = int(state["search_games"])
        self.alive = [int(k) for k in state["alive"]]
        self.rounds = [dict(r) for r in state["rounds"]]
        self.base_blocks = blocks_from_json(state["base_blocks"])
        self.var_blocks = {
            int(k): blocks_from_json(v) for k, v in state["var_blocks"].items()
        }
        self.winner = int(state["winner"])
        self.search_gain = float(state["search_gain"])
        self.conf_base = blocks_from_json(state["conf_base"])
        self.conf_var = blocks_from_json(state["conf_var"])
        self.screen_scores = [
            [float(x) for x in row] for row in state.get("screen_scores", [])
        ]
        self.suggestions = list(state["suggestions"])
        self.rejected = list(state["rejected"])
        self.steps = list(state["steps"])

    # ------------------------------------------------------------------ rounds

    def _search_round(self) -> range:
        nf = len(self.field)
        n = len(self.alive)
        search_budget = self.step_budget - self._confirm_budget()
        per_round = (search_budget - self.search_games) // search_rounds(n)
        if self.search == SCREEN:
            runs = 1 + 2 * SCREEN_PAIRS
            blocks = max(nf, per_round // (2 * runs) // nf * nf)
            done = len(self.screen_scores)
        else:
            blocks = max(nf, per_round // (2 * (n + 1)) // nf * nf)
            done = len(self.base_blocks)
        return range(done, done + blocks)

    def _confirm_budget(self) -> int:
        return confirm_budget(
            self.step_budget,
            len(self.cands),
            len(self.field),
            screening=self.search == SCREEN,
        )

    # ------------------------------------------------------- the screening search

    def _screen_rows(self, block: int, alive: Sequence[int]) -> list[frozenset[int]]:
        """The runs of a screening block: the base (no swap), then
        :data:`SCREEN_PAIRS` fold-over pairs. In each pair every out card with a
        candidate still in the race gets one of its candidates (drawn from the
        seed), in one variant of the pair or the other (a coin), so each variant
        makes about half of the swaps at once, one per out card."""
        groups: dict[str, list[int]] = {}
        for c in alive:
            groups.setdefault(self.cands[c].out_slug, []).append(c)
        out: list[frozenset[int]] = [frozenset()]
        for p in range(SCREEN_PAIRS):
            rng = random.Random(
                sq.stream_seed(self.seed, f"screen:{block}:{p}", len(self.accepted))
            )
            sides: tuple[list[int], list[int]] = ([], [])
            for slug in sorted(groups):
                members = groups[slug]
                pick = members[rng.randrange(len(members))]
                sides[rng.randrange(2)].append(pick)
            out += [frozenset(sides[0]), frozenset(sides[1])]
        return out

    def _block_alive(self) -> list[list[int]]:
        """Per screening block so far, the candidates in the race when it was
        played (from the rounds' records)."""
        out: list[list[int]] = []
        for r in self.rounds:
            out += [list(r["alive"])] * int(r["blocks"])
        return out

    def _multi_index(self, swaps: frozenset[int]) -> int:
        """The deck index of the base with every swap of ``swaps`` made."""
        if not swaps:
            return 0
        if len(swaps) == 1:
            return self._vidx(next(iter(swaps)))
        if swaps not in self._multi:
            deck = self.base
            for c in sorted(swaps):
                s = self.cands[c]
                deck = replace_in_place(deck, s.out_slug, self.pool[s.in_slug])
            self._multi[swaps] = len(self._decks)
            self._decks.append(deck)
        return self._multi[swaps]

    def screen_fit(self) -> Fit:
        """The screening search's least-squares fit over its blocks so far: one
        coefficient per candidate swap (the gain of making it), then the mean
        interaction per pair of swaps made together. Within a step blocks are only
        added, so the fit is kept until the next round or step (a round's absorb
        and the report read the same fit)."""
        key = (len(self.accepted), len(self.screen_scores))
        if self._fit_memo is not None and self._fit_memo[0] == key:
            return self._fit_memo[1]
        n = len(self.cands)
        clusters = []
        for i, (row, alive) in enumerate(
            zip(self.screen_scores, self._block_alive(), strict=True)
        ):
            runs = []
            for swaps, y in zip(self._screen_rows(i, alive), row, strict=True):
                x = [0.0] * n
                for c in swaps:
                    x[c] = 1.0
                m = len(swaps)
                runs.append((x + [m * (m - 1) / 2], y))
            clusters.append(runs)
        got = fit(clusters) if clusters else unidentified(n + 1)
        self._fit_memo = (key, got)
        return got

    def _confirm_round(self) -> range:
        nf = len(self.field)
        spent = self.played - self.step_start
        left = min(self.step_budget - spent, self.max_games - self.played)
        left = min(left, self._confirm_budget() - 4 * len(self.conf_base))
        step = min(sq.look_blocks(nf), left // 4 // nf * nf)
        done = len(self.conf_base)
        return range(done, done + max(0, step))

    def next_round(self) -> list[BlockTask]:
        rules = rules_for(self.ruleset)
        nf = len(self.field)
        k = len(self.accepted)
        if self.phase == "search" and self.search == SCREEN:
            s = sq.stream_seed(self.seed, "search", k)
            tasks = []
            for i in self._search_round():
                for swaps in self._screen_rows(i, self.alive):
                    d = self._multi_index(swaps)
                    tasks.append((d, 1 + i % nf, s, i, self.agent, rules))
            if self.played + 2 * len(tasks) > self.max_games:
                return []
            return tasks
        if self.phase == "search":
            s = sq.stream_seed(self.seed, "search", k)
            idx = self._search_round()
            if self.played + 2 * len(idx) * (len(self.alive) + 1) > self.max_games:
                return []
            tasks = [(0, 1 + i % nf, s, i, self.agent, rules) for i in idx]
            for c in self.alive:
                tasks += [
                    (self._vidx(c), 1 + i % nf, s, i, self.agent, rules) for i in idx
                ]
            return tasks
        if self.phase == "confirm":
            s = sq.stream_seed(self.seed, "confirm", k)
            idx = self._confirm_round()
            v = self._vidx(self.winner)
            tasks = [(0, 1 + i % nf, s, i, self.agent, rules) for i in idx]
            tasks += [(v, 1 + i % nf, s, i, self.agent, rules) for i in idx]
            return tasks
        return []

    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        check_round(self.next_round(), tasks)
        if not tasks:
            return
        self.played += 2 * len(tasks)
        if self.phase == "search" and self.search == SCREEN:
            self._absorb_screen(tasks, blocks)
        elif self.phase == "search":
            self._absorb_search(tasks, blocks)
        else:
            self._absorb_confirm(blocks)

    def _absorb_screen(
        self, tasks: Sequence[BlockTask], blocks: Sequence[Block]
    ) -> None:
        runs = 1 + 2 * SCREEN_PAIRS
        step = len(tasks) // runs
        self.search_games += 2 * len(tasks)
        self.rounds.append(
            {"candidates": len(self.alive), "blocks": step, "alive": list(self.alive)}
        )
        for b in range(0, len(blocks), runs):
            self.screen_scores.append([blk.score for blk in blocks[b : b + runs]])
        f = self.screen_fit()
        keep = -(-len(self.alive) // 2)
        ranked = sorted(self.alive, key=lambda c: (-f.beta[c], c))
        self.alive = sorted(ranked[:keep])
        if len(self.alive) == 1:
            self._pick(self.alive[0], f.beta[self.alive[0]])

    def _absorb_search(
        self, tasks: Sequence[BlockTask], blocks: Sequence[Block]
    ) -> None:
        step = len(tasks) // (len(self.alive) + 1)
        self.search_games += 2 * len(tasks)
        self.rounds.append({"candidates": len(self.alive), "blocks": step})
        self.base_blocks += blocks[:step]
        for j, c in enumerate(self.alive):
            self.var_blocks.setdefault(c, [])
            self.var_blocks[c] += blocks[step * (j + 1) : step * (j + 2)]
        gains = {c: self._search_gain(c) for c in self.alive}
        keep = -(-len(self.alive) // 2)
        ranked = sorted(self.alive, key=lambda c: (-gains[c], c))
        self.alive = sorted(ranked[:keep])
        self.var_blocks = {c: self.var_blocks[c] for c in self.alive}
        if len(self.alive) == 1:
            self._pick(self.alive[0], gains[self.alive[0]])

    def _search_gain(self, c: int) -> float:
        """A halving candidate's mean block difference over the search so far."""
        return mean_var(
            [d for _, d in sq.paired_diffs(self.base_blocks, self.var_blocks[c])]
        )[0]

    def _pick(self, c: int, search_gain: float) -> None:
        """Candidate ``c`` wins the search with the gain the search saw."""
        self.winner = c
        self.search_gain = search_gain
        self.phase = "confirm"

    def _absorb_confirm(self, blocks: Sequence[Block]) -> None:
        half = len(blocks) // 2
        self.conf_base += blocks[:half]
        self.conf_var += blocks[half:]
        diffs = sq.paired_diffs(self.conf_base, self.conf_var)
        verdict = sq.decide(diffs, self.names, truncated=not self._confirm_round())
        if verdict == sq.CONTINUE:
            return
        fig = sq.confirmation_figures(diffs, self.names)
        if verdict != sq.CONFIRMED:
            self._reject(verdict, fig)
            self._finish(sq.NO_GAIN if verdict == sq.NO_GAIN else "budget-spent")
            return
        sw = self.cands[self.winner]
        self.suggestions.append(
            {**self._names(sw), **fig, "search_gain": self.search_gain}
        )
        self.accepted.append(sw)
        self.steps.append(self._search_summary())
        if len(self.accepted) >= self.climb:
            self.phase = "done"
            self.status = sq.CONFIRMED
            return
        self._build()
        self._start_step()

    def _names(self, sw: Swap) -> dict[str, Any]:
        out = next(c for c in self.base.draw_cards if c.slug == sw.out_slug)
        return {
            "out": sw.out_slug,
            "out_name": out.name,
            "in": sw.in_slug,
            "in_name": self.pool[sw.in_slug].name,
            "slot": sw.slot,
        }

    def _reject(self, verdict: str, fig: dict[str, Any]) -> None:
        sw = self.cands[self.winner]
        self.rejected.append(
            {
                **self._names(sw),
                **fig,
                "verdict": verdict,
                "search_gain": self.search_gain,
            }
        )

    # ------------------------------------------------------------------ report

    def _status(self) -> str:
        """``running`` while rounds remain; ``budget-spent`` when the run stopped
        because its next round would pass ``max_games``."""
        if self.phase != "done" and not self.next_round():
            return "budget-spent"
        return self.status

    def leader(self) -> dict[str, Any] | None:
        """The swap in the lead and what is known of it: in the search, the
        surviving candidate with the best mean (its search figures, optimistic);
        in or after an unfinished confirmation, the confirmation's. With it, about
        how many more games the confirmation needs at the gain and spread seen
        (``more_games``; None when it cannot tell). None before any block and
        once every step's swap is confirmed."""
        if self.status == sq.CONFIRMED and self.phase == "done":
            return None
        if self.winner >= 0 and self.conf_base:
            diffs = sq.paired_diffs(self.conf_base, self.conf_var)
            stage, c = "confirmation", self.winner
            played = 4 * len(diffs)
        elif self.phase == "search" and self.screen_scores and self.alive:
            f = self.screen_fit()
            c = max(self.alive, key=lambda c: (f.beta[c], -c))
            gain, se = f.beta[c], f.se(c)
            half = Z95 * se if math.isfinite(se) else 1.0
            return {
                **self._names(self.cands[c]),
                "stage": "search",
                "gain": gain,
                "ci": [max(-1.0, gain - half), min(1.0, gain + half)],
                "blocks": len(self.screen_scores),
                "more_games": None,
            }
        elif self.phase == "search" and self.base_blocks and self.alive:
            c = max(self.alive, key=lambda c: (self._search_gain(c), -c))
            diffs = sq.paired_diffs(self.base_blocks, self.var_blocks[c])
            stage, played = "search", 0
        else:
            return None
        xs = [d for _, d in diffs]
        # in the search, what a confirmation (starting from nothing) would need
        # if the search's figures held
        need = sq.blocks_to_decide(xs)
        gain, lo, hi = sq.interval(xs)
        return {
            **self._names(self.cands[c]),
            "stage": stage,
            "gain": gain,
            "ci": [lo, hi],
            "blocks": len(xs),
            "more_games": None if need is None else max(0, 4 * need - played),
        }

    def report(self) -> dict[str, Any]:
        deck_after = self.deck
        for s in self.accepted:
            deck_after = replace_in_place(deck_after, s.out_slug, self.pool[s.in_slug])
        search = (
            self.steps[-1]
            if self.phase == "done" and self.steps
            else self._search_summary()
        )
        return {
            "deck": self.deck.name,
            "field": list(self.names),
            "agent": self.agent,
            "seed": self.seed,
            "games": self.played,
            "max_games": self.max_games,
            "climb": self.climb,
            "status": self._status(),
            "suggestions": list(self.suggestions),
            "rejected": list(self.rejected),
            "leader": self.leader(),
            "search": search,
            "steps": list(self.steps),
            "deck_after": [c.slug for c in deck_after.draw_cards],
            "cpu_seconds_estimate": estimate_cpu_seconds(self.max_games, self.agent),
        }


def suggest(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    pool: Sequence[CardDef],
    collection: Mapping[str, int] | None = None,
    agent: str = "planner",
    seed: int = 1,
    max_games: int = 60_000,
    climb: int = 1,
    ruleset: str = "",
    catalog: Any | None = None,
    search: str = SCREEN,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The best confirmed swap(s) of ``deck`` against ``field`` (module docstring),
    played in this process (or ``jobs`` workers). Jobs that store and resume use
    :class:`SuggestionRun` directly."""
    run = SuggestionRun(
        deck,
        field,
        pool=pool,
        collection=collection,
        agent=agent,
        seed=seed,
        max_games=max_games,
        climb=climb,
        ruleset=ruleset,
        catalog=catalog,
        search=search,
    )
    return drive(run, jobs=jobs, progress=progress)


def format_report(rep: dict[str, Any]) -> str:
    """The report as text, one verdict sentence per accepted swap."""
    lines = [
        f"{rep['deck']} against {len(rep['field'])} decks, agent {rep['agent']}, "
        f"{rep['games']} of {rep['max_games']} games (seed {rep['seed']}): "
        f"{rep['status']}"
    ]
    for s in rep["suggestions"]:
        lo, hi = s["ci"]
        w = s["worst_matchup"]
        lines.append(
            f"Swap 1 {s['out_name']} for 1 {s['in_name']}: "
            f"{100 * s['gain']:+.1f} points "
            f"against the field [{100 * lo:+.1f}, {100 * hi:+.1f}], confirmed on "
            f"{s['games']:,} fresh games; worst matchup {w['opponent']} "
            f"{100 * w['gain']:+.1f} (search estimate {100 * s['search_gain']:+.1f}, "
            "optimistic)"
        )
    for r in rep["rejected"]:
        lines.append(
            f"Not confirmed: {r['out_name']} -> {r['in_name']}: "
            f"{100 * r['gain']:+.1f} points, {r['games']} games "
            f"({r['verdict']}; search estimate {100 * r['search_gain']:+.1f})"
        )
    if not rep["suggestions"] and not rep["rejected"]:
        lines.append("no reliable improvement found at this budget")
    return "\n".join(lines)
