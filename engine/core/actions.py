"""Actions: every decision a player can make, as frozen, JSON-serialisable values.

Card arguments are card ids (ints, fixed for a game: the order cards were dealt at
setup, player 0's deck first), spaces are board indices (see :mod:`engine.core.board`).

Phase actions: :class:`Summon`, :class:`Move`, :class:`Build`, :class:`Attack`,
:class:`PlayEvent`, :class:`DiscardForMagic`, :class:`EndPhase`, :class:`UseAbility`.
Choices inside effects (answers to a pending decision): :class:`ChooseTarget`,
:class:`ChooseSpace`, :class:`ChooseOption`, :class:`YesNo` (a "may": ``yes=False``
declines; also "stop" for "up to" choices), :class:`ChooseTrigger` (which of several
simultaneous triggers resolves next).

>>> Action.from_json(Move(3, 10).to_json()) == Move(3, 10)
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


class IllegalActionError(ValueError):
    """Raised by ``apply_action`` for an action that is not legal in the state."""


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            out[f.name] = getattr(self, f.name)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        cls = ACTION_TYPES.get(data.get("type", ""))
        if cls is None:
            raise ValueError(f"unknown action type {data.get('type')!r}")
        kwargs = {k: v for k, v in data.items() if k != "type"}
        return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    kind: ClassVar[str] = "end_phase"


@dataclass(frozen=True, slots=True)
class Summon(Action):
    kind: ClassVar[str] = "summon"
    card: int
    space: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move ``unit`` to ``to``. ``via`` is the intermediate space of a 2-space move when
    the path matters (moving through cards, e.g. Trample); -1 = any path of empty
    spaces."""

    kind: ClassVar[str] = "move"
    unit: int
    to: int
    via: int = -1


@dataclass(frozen=True, slots=True)
class Build(Action):
    kind: ClassVar[str] = "build"
    card: int
    space: int


@dataclass(frozen=True, slots=True)
class Attack(Action):
    kind: ClassVar[str] = "attack"
    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class PlayEvent(Action):
    kind: ClassVar[str] = "play_event"
    card: int


@dataclass(frozen=True, slots=True)
class DiscardForMagic(Action):
    kind: ClassVar[str] = "discard_for_magic"
    card: int


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """An activated ability offered by an implementation (``Ability.actions``)."""

    kind: ClassVar[str] = "use_ability"
    card: int
    ability: str
    option: int = 0


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    kind: ClassVar[str] = "choose_target"
    card: int


@dataclass(frozen=True, slots=True)
class ChooseSpace(Action):
    kind: ClassVar[str] = "choose_space"
    space: int


@dataclass(frozen=True, slots=True)
class ChooseOption(Action):
    kind: ClassVar[str] = "choose_option"
    option: int


@dataclass(frozen=True, slots=True)
class YesNo(Action):
    kind: ClassVar[str] = "yes_no"
    yes: bool


@dataclass(frozen=True, slots=True)
class ChooseTrigger(Action):
    kind: ClassVar[str] = "choose_trigger"
    index: int


ACTION_TYPES: dict[str, type[Action]] = {
    c.kind: c
    for c in (
        EndPhase,
        Summon,
        Move,
        Build,
        Attack,
        PlayEvent,
        DiscardForMagic,
        UseAbility,
        ChooseTarget,
        ChooseSpace,
        ChooseOption,
        YesNo,
        ChooseTrigger,
    )
}

END_PHASE = EndPhase()
YES = YesNo(True)
NO = YesNo(False)
