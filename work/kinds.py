"""What a kind of engine job provides to the framework, and the registry of kinds.

An app registers its kinds in its ``AppConfig.ready`` (``register(MyKind())``); the
framework never imports the apps that use it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar


class GameError(Exception):
    """The engine could not play a unit (or the worker runs other engine code than
    the job's first slice): the job fails with this text."""


class Player(ABC):
    """Plays the units of one lane for one slice (built once per slice)."""

    @abstractmethod
    def play(self, unit: int) -> Any:
        """The result of one unit (JSON-able or not: only ``Kind.store`` reads it)."""


class Kind(ABC):
    """One kind of job: how its work is cut into units and rounds, played, stored
    and finished. Every method runs in a worker or the web process with the
    job row given; ``store`` and ``advance`` run inside the transaction that
    holds the job's row lock."""

    name: ClassVar[str] = ""
    #: The job model (a ``work.models.EngineJob``).
    model: ClassVar[Any] = None
    #: What a unit is, for reasons and progress ("game", "seed block").
    unit_name: ClassVar[str] = "game"
    #: What a job is called, one and many ("simulation", "simulations").
    noun: ClassVar[tuple[str, str]] = ("job", "jobs")

    @abstractmethod
    def units(self, job: Any) -> range:
        """The units of the job's current round (empty: nothing to play)."""

    @abstractmethod
    def round_of(self, job: Any) -> int:
        """The job's current round."""

    @abstractmethod
    def priority(self, job: Any) -> int:
        """``work.models.Priority`` of the job's work."""

    @abstractmethod
    def player(self, job: Any, lane: Any) -> Player:
        """A player of the lane's units."""

    @abstractmethod
    def store(
        self, job: Any, lane: Any, first: int, results: list[Any], elapsed_ms: int
    ) -> None:
        """Store the results of units ``first .. first+len(results)-1`` (an upsert
        under a unique key: storing twice never counts twice)."""

    @abstractmethod
    def advance(self, job: Any) -> bool:
        """Every unit of the round is stored: absorb it, and either move the job to
        its next round (True: the framework plans its lanes) or finish it (mark it
        done, False)."""

    def changed(self, job_id: int) -> None:  # noqa: B027 - optional hook
        """The job's status changed (started, finished, failed, cancelled)."""

    def slice_cap(self, job: Any) -> int | None:
        """At most this many units in one slice (None: cut by time only)."""
        return None

    def unit_games(self, job: Any) -> int:
        """Games one unit plays (for progress and rates)."""
        return 1

    def describe_unit(self, job: Any, unit: int) -> str:
        """A unit in words, for a failure's reason."""
        return f"{self.unit_name} {unit}"


_KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    _KINDS[kind.name] = kind
    return kind


def get(name: str) -> Kind:
    return _KINDS[name]


def all_kinds() -> dict[str, Kind]:
    return dict(_KINDS)
