"""Second-edition keyword mechanics shared by several factions' cards: one
implementation each (bases of the cards' classes in the faction modules).

:class:`Engage`, :class:`FirstAttackCap` (Guarded), :class:`ImbuedStrength` and
:func:`imbued`, :class:`FarShot`, :class:`Trample`, :class:`NamedNeighbourBoost`,
:class:`PerSpecialOnEnemyUnit`, :class:`BoostToStay`,
:class:`BoostPerUnitDestroyedInYourTurn`, :class:`NotesSideAtDestruction` and
:func:`side_of`. Edition-neutral helpers are in
:mod:`engine.core.effects`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import NO, Action, YesNo
from engine.core.hooks import (
    ACTIVE,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)

if TYPE_CHECKING:
    from engine.core.state import GameState
from engine.core.effects import (
    ability_damage,
    adjacent,
    moved_farther,
    named,
    specials,
)

__all__ = [
    "NotesSideAtDestruction",
    "note_side",
    "side_of",
    "BoostPerUnitDestroyedInYourTurn",
    "BoostToStay",
    "Engage",
    "FarShot",
    "FirstAttackCap",
    "IMBUED_MAX",
    "ImbuedStrength",
    "NamedNeighbourBoost",
    "PerSpecialOnEnemyUnit",
    "Trample",
    "imbued",
]


IMBUED_MAX = 5


def imbued(st: GameState, cid: int) -> int:
    """The Imbued bonus of ``cid``: +1 per boost on it, at most +5."""
    b = st.boost[cid]
    return b if b < IMBUED_MAX else IMBUED_MAX


class Engage(Ability):
    """Whenever an adjacent enemy unit moves or is forced farther from this unit, that
    enemy takes 1 damage (after the move).

    Reading: glossary "farther" (:func:`moved_farther`): any step of the path that
    increases the distance counts, even if the unit ends next to it again; the damage
    is this unit's ability (:func:`ability_damage`)."""

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if card == src or not st.info.is_unit[card] or st.ctrl[card] == st.ctrl[src]:
            return None
        if moved_farther(st, src, start, path):
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if st.on_board(card) and st.on_board(trig.source):
            ability_damage(st, trig.source, card, 1)


class FirstAttackCap(Ability):
    """Guarded: the first attack against the card each turn adds at most 1 damage.

    Subclasses change :meth:`applies` (which targets) and :meth:`cap`. "The first
    attack each turn" counts attacks that reach the damage step while the ability is
    in play."""

    order = 10

    def applies(self, st: GameState, src: int, target: int) -> bool:
        return target == src

    def cap(self, damage: int) -> int:
        return damage if damage < 1 else 1

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if not self.applies(st, src, target):
            return damage
        key = f"{self.id}:{target}"
        if st.flags.get(key):
            return damage
        st.flags[key] = 1
        return self.cap(damage)


class ImbuedStrength(Ability):
    """+1 strength per boost on this unit, at most +5."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + imbued(st, src) if cid == src else value


class FarShot(Ability):
    """Its ranged attacks reach 4 spaces instead of 3."""

    self_only = True

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value


class Trample(Ability):
    """It may move through common units; after the move each common it went through
    takes 1 damage.

    Reading: never ending on a common (glossary "through"); friendly commons too; a
    common passed twice takes 1 damage once. The damage is dealt as the card's own
    (not through :func:`ability_damage`)."""

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return st.info.is_common[other] and st.info.is_unit[other]

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card != src or kind != "move":
            return None
        crossed: list[int] = []
        for s in path[:-1]:
            c = st.board[s]
            if c >= 0 and c != src and c not in crossed:
                crossed.append(c)
        return self.trigger(st, src, *crossed) if crossed else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for c in trig.data:
            if st.terminal:
                return
            st.deal_damage(c, 1, trig.player, trig.source)


class NamedNeighbourBoost(Ability):
    """Friendly units named ``word`` (R8e names) adjacent to this unit have +1
    strength (Ignite: Ember, Piercing Frost: Frost)."""

    word: ClassVar[str] = ""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            cid != src
            and st.on_board(cid)
            and st.ctrl[cid] == st.ctrl[src]
            and st.info.is_unit[cid]
            and adjacent(st, src, cid)
            and named(st, cid, self.word)
        ):
            return value + 1
        return value


class PerSpecialOnEnemyUnit(Ability):
    """Base of "after this unit attacks an enemy unit, <something> per [special]
    rolled": a trigger with the number of specials (``trig.data[0]``, never 0) that
    subclasses resolve ("enemy" judged after the attack)."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or not st.info.is_unit[res.target]:
            return None
        if st.ctrl[res.target] == st.ctrl[src]:
            return None
        n = specials(res.faces)
        return self.trigger(st, src, n) if n else None


class BoostToStay(Ability):
    """An ACTIVE event that comes with boost (``boost_on_play``): at the start of your
    turn you may remove 1 boost to keep it instead of discarding it (the core keeps it
    while it has boost; a trigger asks)."""

    zones = (ACTIVE,)
    boost_on_play: ClassVar[int] = 1
    keep_prompt: ClassVar[str | None] = None  # default "keep <ability id>"

    def play(self, st: GameState, card: int) -> None:
        st.boost[card] += self.boost_on_play

    def keep_active(self, st: GameState, src: int) -> bool:
        return st.boost[src] > 0

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        return self.trigger(st, src) if player == st.ctrl[src] else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != ACTIVE:
            return
        if st.boost[src] > 0:
            prompt = self.keep_prompt or f"keep {self.id}"
            st.ask(self.decision(st, src, [YesNo(True), NO], prompt=prompt))
        else:
            st.discard_card(src)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            st.boost[dec.source] -= 1
        else:
            st.discard_card(dec.source)


class BoostPerUnitDestroyedInYourTurn(Ability):
    """Whenever a unit is destroyed in your turn: 1 boost on this unit. When your turn
    ends: remove 2 boost (all it has when fewer).

    Undead Warrior's Blood Fury and Thoon's Blood Rage. Any unit counts, either
    side."""

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if st.info.is_unit[card] and st.turn_player == st.ctrl[src]:
            st.boost[src] += 1  # bookkeeping: nothing to choose or order
        return None

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src] and st.boost[src] > 0:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            b = st.boost[src] - 2
            st.boost[src] = b if b > 0 else 0


_SIDE_KEY = "destroyed-ctrl:"


class NotesSideAtDestruction(Ability):
    """Base of abilities that look at a card after an attack or effect that may have
    destroyed it ("after it attacks an enemy card"): notes, for this turn
    (``st.flags``), the controller each card had when destroyed (R8e; the core shows
    it to ``on_destroy``), for :func:`side_of`."""

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        note_side(st, card)
        return None


def note_side(st: GameState, card: int) -> None:
    """In an ``on_destroy`` hook: note the side ``card`` had when destroyed (R8e) for
    :func:`side_of` (what :class:`NotesSideAtDestruction` does; for classes that have
    another base)."""
    st.flags[f"{_SIDE_KEY}{card}"] = st.ctrl[card]  # bookkeeping only


def side_of(st: GameState, card: int) -> int:
    """The player ``card`` belongs to for "friendly"/"enemy" (R8e): its controller
    while on the battlefield; once destroyed this turn, the controller it had then
    (noted by a :class:`NotesSideAtDestruction` ability in play); else its owner."""
    if st.on_board(card):
        return st.ctrl[card]
    side = st.flags.get(f"{_SIDE_KEY}{card}")
    return st.info.owner[card] if side is None else side
