"""Resumable paired-game runs: the shape every deck-optimisation computation shares.

A run (a card value report, a swap search, a confirmation) plays seed blocks
(:mod:`engine.optimize.paired`) in rounds. It names the blocks of its next round
(:meth:`BlockRun.next_round`), takes their results (:meth:`BlockRun.absorb`) and
decides from what it holds whether another round follows; :meth:`BlockRun.report`
turns what it holds into the result.

Everything a run holds is JSON (:meth:`BlockRun.state`: numbers, card slugs and
its parameters, never deck objects). A job can therefore store the state after
every round, stop, and go on in another process: build the run again from the same
decks and the stored state and continue. Because a block's result depends only on
its task (deck, opponent, run seed, block index, agent), a resumed run gives the
same report as one that never stopped, and a round's tasks may be played in any
number of pieces, in any processes, as long as the results are absorbed in task
order.

Contract for subclasses:

- the run's deck list (:meth:`BlockRun.decks`) and its next round are functions of
  (the decks given, the state): calling :meth:`next_round` twice without an
  :meth:`absorb` in between gives the same tasks;
- :meth:`absorb` takes exactly the tasks :meth:`next_round` gave, with their blocks
  in the same order;
- an empty next round means the run is done.
"""

from __future__ import annotations

import resource
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.game import GameDeck
from engine.core.types import Rules
from engine.optimize.paired import Block, BlockTask, run_blocks


def blocks_to_json(blocks: Sequence[Block]) -> list[list[float]]:
    """Blocks as JSON rows ``[index, score, luck, turns]``."""
    return [[b.index, b.score, b.luck, b.turns] for b in blocks]


def blocks_from_json(rows: Sequence[Sequence[float]]) -> list[Block]:
    return [Block(int(r[0]), float(r[1]), float(r[2]), int(r[3])) for r in rows]


def rules_for(ruleset: str) -> Rules | None:
    """The engine rules of a run's stored ruleset name ("" = the default)."""
    return Rules(ruleset=ruleset) if ruleset else None


class BlockRun(ABC):
    """Base of resumable runs (module docstring). Subclasses set ``_decks`` (the
    deck list their tasks index into) and implement the round logic."""

    _decks: list[GameDeck]
    #: games played so far (two per block) and the most the run will play
    played: int = 0
    max_games: int = 0

    def decks(self) -> list[GameDeck]:
        """The decks the tasks' indices point into."""
        return self._decks

    @abstractmethod
    def next_round(self) -> list[BlockTask]:
        """The tasks of the next round; empty when the run is done."""

    @abstractmethod
    def absorb(self, tasks: Sequence[BlockTask], blocks: Sequence[Block]) -> None:
        """Take the results of the round :meth:`next_round` gave."""

    @abstractmethod
    def state(self) -> dict[str, Any]:
        """Everything the run holds, as JSON."""

    @abstractmethod
    def report(self) -> dict[str, Any]:
        """The result from what the run holds (also midway: a partial report)."""

    @property
    def done(self) -> bool:
        return not self.next_round()


def cpu_seconds() -> float:
    """User and system CPU time of this process and of its finished (reaped)
    child processes: the workers of :func:`~engine.optimize.paired.run_blocks`
    are reaped when each round's pool closes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def check_round(expected: Sequence[BlockTask], got: Sequence[BlockTask]) -> None:
    """ValueError unless ``got`` is the round the run planned (a resumed job that
    mixed up its stored pieces must fail loudly, not absorb wrong blocks)."""
    if list(expected) != list(got):
        raise ValueError("these blocks are not the round this run planned")


def drive(
    run: BlockRun,
    *,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``run`` to its end in this process (or ``jobs`` forked workers) and
    return its report; ``progress(games, budget)`` after every round."""
    while True:
        tasks = run.next_round()
        if not tasks:
            return run.report()
        run.absorb(tasks, run_blocks(run.decks(), tasks, jobs))
        if progress is not None:
            progress(run.played, run.max_games)
