"""The one adapter between analysis jobs and the engine's resumable runs.

A *run kind* (:data:`KINDS`) says how to build the engine run of a job
(:mod:`engine.optimize.runs`: ``next_round`` / ``absorb`` / ``state`` / ``report``)
from the job's frozen decks and parameters, fresh or restored from its stored
``state``. The jobs, tasks, API and pages are generic over kinds: a new kind is one
class here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from engine.core.game import GameDeck
from engine.optimize.runs import BlockRun
from simulate import adapters


def job_decks(job: Any) -> tuple[GameDeck, list[GameDeck]]:
    """The analysed deck and the field, ready to play."""
    return adapters.game_deck(job.deck_frozen), [
        adapters.game_deck(d) for d in job.field
    ]


class RunKind(ABC):
    """How one kind of analysis builds its engine run."""

    name: ClassVar[str] = ""

    @abstractmethod
    def build(self, job: Any, deck: GameDeck, field: list[GameDeck]) -> BlockRun:
        """A fresh run of the job."""

    @abstractmethod
    def restore(
        self, job: Any, deck: GameDeck, field: list[GameDeck], state: dict[str, Any]
    ) -> BlockRun:
        """The job's run from its stored ``state``."""


class CardValuesKind(RunKind):
    name = "card-values"

    def build(self, job: Any, deck: GameDeck, field: list[GameDeck]) -> BlockRun:
        from analysis import conf
        from engine.optimize.card_values import new_run

        return new_run(
            deck,
            field,
            design=conf.get("CARD_VALUES_DESIGN"),
            agent=job.agent,
            seed=job.seed,
            max_games=job.max_games,
            target=conf.get("TARGET_HALF_WIDTH"),
            round_blocks=conf.get("ROUND_BLOCKS"),
            ruleset=job.ruleset,
        )

    def restore(
        self, job: Any, deck: GameDeck, field: list[GameDeck], state: dict[str, Any]
    ) -> BlockRun:
        from engine.optimize.card_values import restore_run

        return restore_run(deck, field, state)


def summoner_pool(summoner: str, ruleset: str) -> list[Any]:
    """Every card a summoner may hold (the builder's pool, which asks the
    construction rules themselves)."""
    from decks.selectors import builder_pool

    return [p.card for p in builder_pool(summoner, ruleset)]


def suggestion_pool(job: Any) -> list[Any]:
    """The pool of the analysed deck's summoner."""
    return summoner_pool(job.deck_frozen["summoner"], job.ruleset)


class SuggestionsKind(RunKind):
    name = "suggestions"

    def build(self, job: Any, deck: GameDeck, field: list[GameDeck]) -> BlockRun:
        from engine.optimize.suggest import SuggestionRun

        return SuggestionRun(
            deck,
            field,
            pool=suggestion_pool(job),
            collection=job.collection if job.collection_only else None,
            agent=job.agent,
            seed=job.seed,
            max_games=job.max_games,
            climb=job.climb,
            ruleset=job.ruleset,
        )

    def restore(
        self, job: Any, deck: GameDeck, field: list[GameDeck], state: dict[str, Any]
    ) -> BlockRun:
        from engine.optimize.suggest import SuggestionRun

        return SuggestionRun.restore(
            deck,
            field,
            state,
            pool=suggestion_pool(job),
            collection=job.collection if job.collection_only else None,
        )


KINDS: dict[str, RunKind] = {k.name: k for k in (CardValuesKind(), SuggestionsKind())}


def job_run(job: Any) -> BlockRun:
    """The job's run: restored from its stored state, or fresh when it has none."""
    kind = KINDS[job.kind]
    deck, field = job_decks(job)
    if job.state is None:
        return kind.build(job, deck, field)
    return kind.restore(job, deck, field, job.state)
