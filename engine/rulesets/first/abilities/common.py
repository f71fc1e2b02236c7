"""Mechanics several first-edition cards share (research/first-edition.md 2.8: the
keywords with identical wording) and small helpers of the first edition's abilities.

- :class:`Precise` (R25): the attack rolls no dice; a unit attacked gets as many wounds
  as dice would be rolled (a wall is rolled against normally, R26). Effects that grant
  PRECISE until end of turn mark the unit in ``st.flags`` (:func:`grant_precise`).
- :class:`Sluggish` (R25): attacks on this unit roll no dice; it gets as many wounds
  as dice would be rolled.
- :class:`Reckless`: this unit's attack dice hit only on 4+.
- :class:`Fury`: after it attacks, roll a die; on 5+ it may move up to 2 spaces and
  attack again (repeatable; it needs a target, not a hit: FAQ).
- :class:`FarShot`: ranged reach 4.

How dice are counted: a die hits on 3+ (R21, :mod:`engine.rulesets.first.dice`);
"no dice rolled" is played by rolling as usual (the seeded stream stays the same) and
replacing the wounds by the number of dice, which gives the same result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget
from engine.core.board import ADJ, RAYS
from engine.core.effects import attack_targets, extra_attack
from engine.core.hooks import Ability, Decision, Trigger
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.types import CardClass
from engine.rulesets.first.dice import hits

if TYPE_CHECKING:
    from engine.core.state import GameState


def precise_key(cid: int) -> str:
    return f"first.precise.{cid}"


def grant_precise(st: GameState, cid: int) -> None:
    """``cid`` gains PRECISE until end of turn (flags reset every turn)."""
    st.flags[precise_key(cid)] = 1


def is_precise(st: GameState, cid: int) -> bool:
    if st.flags.get(precise_key(cid)):
        return True
    return any(ab.id.endswith(".precise") for ab in st.info.abilities[cid])


def no_roll_damage(st: GameState, target: int, faces: tuple[int, ...]) -> int:
    """Wounds of an attack that rolls no dice: one per die (units only, R25)."""
    return len(faces)


class Precise(Ability):
    """R25: against a unit, wounds = the dice the attack would roll (no roll)."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if attacker != src or not st.info.is_unit[target]:
            return damage
        return max(damage, no_roll_damage(st, target, faces))


class Sluggish(Ability):
    """R25: when attacked, no dice are rolled: as many wounds as dice."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target != src:
            return damage
        return max(damage, no_roll_damage(st, target, faces))


class Reckless(Ability):
    """When this unit attacks, only results of 4 or more are hits."""

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], n: int
    ) -> int:
        if attacker != src:
            return n
        return min(n, hits(faces, 4))


class FarShot(Ability):
    """May attack cards up to 4 clear straight-line spaces away."""

    self_only = True

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        return max(value, 4) if cid == src else value


class Fury(Ability):
    """After it attacks, roll a die; on 5+ it may move up to 2 spaces and attack
    again, as often as the die allows (the repeated attack is an extra attack)."""

    FURY_ON = 5

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src) and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        (die,) = st.roll(1)
        if die < self.FURY_ON:
            return
        reach = walk_reach(st.occ, st.pos[src], 2)
        spaces = [s for s in range(48) if reach >> s & 1 and s != st.pos[src]]
        opts: list[Action] = [NO]
        opts += [ChooseSpace(s) for s in spaces]
        st.ask(self.decision(st, src, opts, "move", prompt="Fury: move first?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        step = dec.data[0]
        if step == "move":
            if isinstance(action, ChooseSpace):
                path = _plain_path(st, st.pos[src], action.space)
                st.relocate(src, action.space, "move", path)
            if not st.on_board(src):
                return
            opts: list[Action] = [NO]
            opts += [ChooseTarget(t) for t in attack_targets(st, src)]
            if len(opts) > 1:
                st.ask(self.decision(st, src, opts, "attack", prompt="Fury: attack"))
            return
        if isinstance(action, ChooseTarget) and st.on_board(src):
            extra_attack(st, src, action.card)


def straight_cards(st: GameState, src: int, reach: int, *, through: bool) -> list[int]:
    """Cards within ``reach`` straight-line spaces of ``src``: the first card of each
    line (``through=False``: a clear line), or every card (``through=True``)."""
    out: list[int] = []
    board = st.board
    for ray in RAYS[st.pos[src]]:
        for s in ray[:reach]:
            c = board[s]
            if c >= 0:
                out.append(c)
                if not through:
                    break
    return out


def line_to(st: GameState, src: int, target: int) -> list[int]:
    """Cards on the straight line from ``src`` to ``target``, ``target`` included
    (nearest first)."""
    board = st.board
    for ray in RAYS[st.pos[src]]:
        if st.pos[target] in ray:
            out = []
            for s in ray:
                c = board[s]
                if c >= 0:
                    out.append(c)
                if s == st.pos[target]:
                    return out
    return [target]


def walls_of(st: GameState, player: int) -> list[int]:
    """Walls (summoning points) ``player`` controls on the battlefield."""
    static = st.info.gate_static
    return [
        c
        for s in range(48)
        if (c := st.board[s]) >= 0 and static[c] and st.ctrl[c] == player
    ]


def common_or_champion_units(st: GameState) -> list[int]:
    out = []
    for s in range(48):
        c = st.board[s]
        if c >= 0 and st.info.is_unit[c]:
            classes = st.info.cards[c].classes
            if CardClass.COMMON in classes or CardClass.CHAMPION in classes:
                out.append(c)
    return out


def adjacent_cards(st: GameState, cid: int) -> list[int]:
    return [c for s in ADJ[st.pos[cid]] if (c := st.board[s]) >= 0]


class Thrust(Ability):
    """+1 attack when attacking an adjacent card."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.pos[target] in ADJ[st.pos[src]]:
            return value + 1
        return value


class Riposte(Ability):
    """When an adjacent unit attacks this unit and it survives, the attacker gets
    1 wound."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            target == src
            and st.on_board(src)
            and st.on_board(attacker)
            and st.pos[attacker] in ADJ[st.pos[src]]
        ):
            return self.trigger(st, src, attacker)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        attacker = trig.data[0]
        if st.on_board(attacker) and st.on_board(trig.source):
            st.deal_damage(attacker, 1, st.ctrl[trig.source], trig.source)


class GreaterFlight(Ability):
    """When moved in your movement phase it may go 1 extra space and pass through
    cards (ending on an empty space)."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True


# -- Benders and Cloaks (issue 17): keywords they share word for word ----------------
def move_destinations(st: GameState, cid: int, n: int) -> list[int]:
    """Empty spaces a move of up to ``n`` steps through empty spaces may end on
    (orthogonal steps, never through cards; never the start), ascending."""
    reach = walk_reach(st.occ, st.pos[cid], n)
    return [s for s in range(48) if reach >> s & 1 and s != st.pos[cid]]


def move_path(st: GameState, start: int, to: int, n: int) -> tuple[int, ...]:
    """A shortest path of at most ``n`` steps through empty spaces from ``start`` to
    ``to`` (spaces stepped on, last = ``to``); breadth first in ``ADJ`` order."""
    prev: dict[int, int] = {start: -1}
    frontier = [start]
    for _ in range(n):
        nxt: list[int] = []
        for s in frontier:
            for m in ADJ[s]:
                if m in prev or st.board[m] >= 0:
                    continue
                prev[m] = s
                if m == to:
                    path = [m]
                    while prev[path[-1]] != start:
                        path.append(prev[path[-1]])
                    return tuple(reversed(path))
                nxt.append(m)
        frontier = nxt
    return (to,)


def effect_move(st: GameState, cid: int, to: int, n: int) -> None:
    """Move ``cid`` (an effect's move of up to ``n`` spaces, not a movement-phase
    move: ``st.moved`` is untouched) to the empty space ``to``."""
    st.relocate(cid, to, "move", move_path(st, st.pos[cid], to, n))


class LifeDrain(Ability):
    """Each time this unit destroys a unit with its attack, remove 1 wound from it
    (the text says "may": removing a wound never hurts, so it is always done)."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            attacker == src
            and st.info.is_unit[target]
            and not st.on_board(target)
            and st.on_board(src)
            and st.damage[src]
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.heal(trig.source, 1)


class Escape(Ability):
    """After it attacks, you may pay 1 magic to move it up to 2 spaces (FAQ: only
    after an attack on a card, which every attack is)."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src) and st.magic[st.ctrl[src]] >= 1:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.magic[st.ctrl[src]] < 1:
            return
        spaces = move_destinations(st, src, 2)
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Escape: pay 1 magic to move?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.gain_magic(dec.player, -1)
            effect_move(st, dec.source, action.space, 2)
