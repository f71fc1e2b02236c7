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
- :class:`Swift` (+1 space), :class:`SwiftStrike` (once per turn, one extra attack
  after attacking), :class:`Assault` (after attacking an adjacent enemy unit, may
  attack every other adjacent enemy unit: all or none of them, FAQ): added with the
  Shadow Elves (whose Melek uses :class:`Rider`).
- Added for the Cave and Sand Goblins (issue 17): :class:`Relentless` (no attack in
  your attack phase; an extra attack right after it, optionally shared by a group),
  :class:`Assault`, :class:`SwiftStrike`, :class:`Escape`, :class:`Camouflage`, and
  :func:`roll_for` (an ability's roll that a re-roll such as Stink's *Lucky* may
  change before it counts); they use the Jungle Elves' :class:`Rider`.

How dice are counted: a die hits on 3+ (R21, :mod:`engine.rulesets.first.dice`);
"no dice rolled" is played by rolling as usual (the seeded stream stays the same) and
replacing the wounds by the number of dice, which gives the same result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import (
    NO,
    YES,
    Action,
    Attack,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import ADJ, DIST, RAYS
from engine.core.effects import attack_targets, extra_attack, straight_spaces
from engine.core.hooks import Ability, Decision, Trigger
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.phases import ATTACK, MOVE
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


# -- Jungle Elves / Mountain Vargath (issue 17): Trample, Tough, Rider, Knock Around ---
class Trample(Ability):
    """It may move through common units (never ending on one); after the move each
    common it went through gets 1 wound, once per move (FAQ: Torodin), friendly ones
    too."""

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


class Rider(Ability):
    """In your movement phase, instead of its normal move it may move up to 7 clear
    straight-line spaces (the move counts toward the units that move, R16). A limit
    on its moves (Summon the Night: 1 space) limits this move too."""

    action_phases = (MOVE,)
    reach = 7

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.phase != MOVE
            or st.stack
            or src in st.moved
            or len(st.moved) >= st.info.ruleset.movers_limit(st)
            or st.ctrl[src] != st.turn_player
            or not st.can_move(src)
        ):
            return []
        dist = st.move_distance(src)
        reach = self.reach if dist >= 2 else dist
        start = st.pos[src]
        return [
            UseAbility(src, self.id, s)
            for s in straight_spaces(st, src, reach)
            if DIST[start][s] > 2  # shorter ones are normal moves
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.moved.append(src)
        to = action.option
        ray = next(r for r in RAYS[st.pos[src]] if to in r)
        st.relocate(src, to, "move", ray[: ray.index(to) + 1])


class KnockAround(Ability):
    """After its attack wounds a unit without destroying it, you may move that unit
    up to 3 clear straight-line spaces (a push: not the unit's own move)."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and n > 0 and st.on_board(target) and st.is_unit(target):
            return self.trigger(st, src, target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        target = trig.data[0]
        if st.on_board(target) and st.can_be_forced(target):
            spaces = straight_spaces(st, target, 3)
            if spaces:
                opts: list[Action] = [NO]
                opts += [ChooseSpace(s) for s in spaces]
                st.ask(self.decision(st, trig.source, opts, target, prompt="Knock"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.data[0]):
            st.force(dec.data[0], action.space)


# -- Swamp Orcs (issue 17): Fear, worded as Skhull's (Fallen Kingdom) ----------------
class Fear(Ability):
    """Each time an enemy common moves next to this unit, roll a die; on 5+ that
    common is discarded (moves only: not summons, pushes or placements)."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            kind == "move"
            and card != src
            and st.on_board(src)
            and st.on_board(card)
            and st.info.is_unit[card]
            and st.is_common(card)
            and st.ctrl[card] != st.ctrl[src]
            and any(s in ADJ[st.pos[src]] for s in path)
        ):
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if not st.on_board(card) or not st.on_board(trig.source):
            return
        (die,) = st.roll(1)
        if die >= 5:
            st.discard_card(card)


# -- Mercenaries (issue 17): Plague ----------------------------------------------------
class Plague(Ability):
    """After this unit moves, by any means (FAQ 1.0.0.33: "after moving" also
    triggers when an effect moves it), roll a die for each unit next to it, friend
    or foe: on 5 or more that unit gets 1 wound (mandatory)."""

    PLAGUE_ON = 5

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        for c in [c for c in adjacent_cards(st, src) if st.info.is_unit[c]]:
            if st.terminal:
                return
            if not st.on_board(c):
                continue
            (die,) = st.roll(1)
            if die >= self.PLAGUE_ON:
                st.deal_damage(c, 1, me, src)


# -- Cave Goblins and Sand Goblins (issue 17): shared keywords and helpers -------------
AFTER_ATTACK_PHASE = "first.after_attack_phase"
"""``st.flags``: set while the attacks made "right after your attack phase" resolve
(Relentless, Leader of the Horde): Relentless units may attack then."""


def has_ability(st: GameState, cid: int, suffix: str) -> bool:
    """Does ``cid`` carry an ability whose id ends with ``suffix`` (".scavenge")?"""
    return any(ab.id.endswith(suffix) for ab in st.info.abilities[cid])


def roll_for(
    ab: Ability, st: GameState, src: int, roller: int, n: int, *data: object
) -> tuple[int, ...] | None:
    """Roll ``n`` dice for the ability ``ab`` of ``src`` (``roller`` rolls them).
    When an ``after_roll`` ability works (a re-roll such as Lucky), the roll waits on
    the stack as ``ab``'s trigger with data ``("roll", roller, faces, *data)`` and
    None is returned: ``ab.resolve_trigger`` then goes on with the final faces.
    Otherwise the faces are returned at once."""
    faces = st.roll(n)
    if "after_roll" in st.info.hooks and st.hooked("after_roll"):
        st.stack.append(
            Trigger(ab.id, src, st.ctrl[src], ("roll", roller, faces, *data))
        )
        st.emit("after_roll", roller, faces)
        return None
    return faces


def units_with(st: GameState, player: int, ability_id: str) -> list[int]:
    """Units ``player`` controls that carry the ability ``ability_id``, by space."""
    return [
        c
        for c in st.units_of(player)
        if any(ab.id == ability_id for ab in st.info.abilities[c])
    ]


class Relentless(Ability):
    """The unit does not attack in your attack phase; right after that phase you may
    attack with it (an extra attack: not one of the 3, R17). With ``group`` every
    unit carrying this ability id shares one window and at most ``limit`` of them
    attack (the Cave Goblin Fighters: up to 2, FAQ)."""

    group: ClassVar[bool] = False
    limit: ClassVar[int] = 1

    def targets(self, st: GameState, unit: int) -> list[int]:
        """What ``unit`` may attack in the window (an event may widen it)."""
        return attack_targets(st, unit)

    def members(self, st: GameState, src: int) -> list[int]:
        if self.group:
            return units_with(st, st.ctrl[src], self.id)
        return [src]

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return (
            attacker == src
            and st.phase == ATTACK
            and not st.flags.get(AFTER_ATTACK_PHASE)
        )

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase != ATTACK or st.turn_player != st.ctrl[src]:
            return None
        mem = self.members(st, src)
        if not mem or mem[0] != src:  # one window per group
            return None
        return self.trigger(st, src, ())

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[AFTER_ATTACK_PHASE] = 1
        done: tuple[int, ...] = trig.data[0]
        if len(done) >= self.limit:
            return
        p = trig.player
        if self.group:
            mem = units_with(st, p, self.id)
        else:
            mem = [trig.source] if st.on_board(trig.source) else []
        opts: list[Action] = []
        for u in mem:
            if u not in done and st.ctrl[u] == p:
                opts += [Attack(u, t) for t in self.targets(st, u)]
        if opts:
            st.ask(
                Decision(
                    p,
                    self.id,
                    trig.source,
                    (NO, *opts),
                    (done,),
                    "Relentless: attack now",
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, Attack):
            return
        done: tuple[int, ...] = dec.data[0] + (action.attacker,)
        # the next choice comes after this attack and its effects
        st.stack.append(Trigger(self.id, dec.source, dec.player, (done,)))
        extra_attack(st, action.attacker, action.target)


def _adjacent_enemy_units(st: GameState, cid: int) -> list[int]:
    me = st.ctrl[cid]
    return [
        c for c in adjacent_cards(st, cid) if st.info.is_unit[c] and st.ctrl[c] != me
    ]


class Assault(Ability):
    """When it attacks an adjacent enemy unit it may attack every other enemy unit
    adjacent to it as well, each attack resolved separately (all of them or only
    the first, FAQ; each unit once). The further attacks are extra attacks."""

    def _key(self, src: int) -> str:
        return f"first.assault.{src}"

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker != src or st.flags.get(self._key(src)):
            return None
        if st.turn_player != st.ctrl[src] or not st.info.is_unit[target]:
            return None
        if st.ctrl[target] == st.ctrl[src]:
            return None
        return self.trigger(st, src, "ask", target)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[0] == "chain":
            rest: tuple[int, ...] = trig.data[1]
            if not rest or not st.on_board(src):
                st.flags[self._key(src)] = 0
                return
            first = rest[0]
            st.stack.append(Trigger(self.id, src, trig.player, ("chain", rest[1:])))
            if st.on_board(first) and first in _adjacent_enemy_units(st, src):
                extra_attack(st, src, first)
            return
        if not st.on_board(src):
            return
        first = trig.data[1]
        others = [c for c in _adjacent_enemy_units(st, src) if c != first]
        if others:
            st.ask(self.decision(st, src, [NO, YES], tuple(others), prompt="Assault"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            st.flags[self._key(dec.source)] = 1
            st.stack.append(
                Trigger(self.id, dec.source, dec.player, ("chain", dec.data[0]))
            )


class SwiftStrike(Ability):
    """Once per turn, after this unit attacks, it may attack one more time (an extra
    attack). :meth:`grants` says which units have it (by default: itself)."""

    def grants(self, st: GameState, src: int, unit: int) -> bool:
        return unit == src

    def targets(self, st: GameState, unit: int) -> list[int]:
        """What ``unit`` may attack again (an event may widen it)."""
        return attack_targets(st, unit)

    def _used(self, unit: int) -> str:
        return f"first.swift-strike.{unit}"

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            st.on_board(attacker)
            and st.ctrl[attacker] == st.turn_player
            and not st.flags.get(self._used(attacker))
            and self.grants(st, src, attacker)
        ):
            return Trigger(self.id, src, st.turn_player, (attacker,))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        unit = trig.data[0]
        if not st.on_board(unit) or st.flags.get(self._used(unit)):
            return
        opts: list[Action] = [NO]
        opts += [Attack(unit, t) for t in self.targets(st, unit)]
        if len(opts) > 1:
            st.ask(
                Decision(
                    trig.player,
                    self.id,
                    trig.source,
                    tuple(opts),
                    (unit,),
                    "Swift Strike: attack again",
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, Attack) and st.on_board(action.attacker):
            st.flags[self._used(action.attacker)] = 1
            extra_attack(st, action.attacker, action.target)


class Escape(Ability):
    """After attacking, you may pay 1 magic to move it up to 2 spaces."""

    PRICE = 1

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src) and st.ctrl[src] == st.turn_player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.magic[st.ctrl[src]] < self.PRICE:
            return
        if not st.can_move(src):
            return
        reach = walk_reach(st.occ, st.pos[src], 2)
        spaces = [s for s in range(48) if reach >> s & 1 and s != st.pos[src]]
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Escape: pay 1 to move"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            st.gain_magic(st.ctrl[src], -self.PRICE)
            path = _plain_path(st, st.pos[src], action.space)
            st.relocate(src, action.space, "move", path)


class Camouflage(Ability):
    """Units not adjacent to it cannot attack it."""

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return target == src and st.pos[attacker] not in ADJ[st.pos[src]]


# -- Shadow Elves: Swift (Hydrake, Blade Master and Swordsman use the Goblins' Swift
# Strike and Assault above) ------------------------------------------------------------
class Swift(Ability):
    """It may move 1 extra space in your movement phase."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value


# -- Guild Dwarves (shared keyword: Tough; the "only wounds from N+" rule) -----------
def wounds_only_from(
    st: GameState, attacker: int, faces: tuple[int, ...], damage: int, at_least: int
) -> int:
    """R24: the wounds of an attack on a card that "only takes wounds from results of
    ``at_least`` or more": the hits on lower results are prevented (they stay hits
    for other rules). Other changes to the wounds stay (an extra fixed wound, a die
    counting twice), and two such defences give the stricter one (the formula is
    idempotent)."""
    low = st.info.ruleset.hits(st, attacker, faces) - hits(faces, at_least)
    return max(damage - low, min(damage, hits(faces, at_least)))


class WoundsOnlyFrom(Ability):
    """Base of "when an opponent rolls to attack <cards>, they only take wounds from
    results of ``at_least``+" (Tough, Stone Melding, Rune of Protection ...):
    :meth:`protects` says which targets. A Precise attack rolls no dice (R25), so
    there is no result to read: it is not reduced."""

    order = 2  # after the other changes to the wounds
    at_least = 4

    def protects(self, st: GameState, src: int, target: int) -> bool:
        return target == src

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if (
            damage > 0
            and st.ctrl[attacker] != st.ctrl[target]
            and self.protects(st, src, target)
            and not is_precise(st, attacker)
        ):
            return wounds_only_from(st, attacker, faces, damage, self.at_least)
        return damage


class Tough(WoundsOnlyFrom):
    """When an opponent rolls to attack this unit, only results of 4+ wound it."""


# -- Deep Dwarves (magic costs of abilities: Magic Stasis, Wake the Father Gem) -------
#: flags key + player: Wake the Father Gem was played this turn
FATHER_GEM = "first.father-gem."
#: notes key + player: the turn a Magic Stasis against that player was played
STASIS = "first.stasis."


def under_stasis(st: GameState, player: int) -> bool:
    """Magic Stasis: ``player`` cannot spend magic from the turn it was played until
    the start of its caster's next turn (the turn after it, then no more)."""
    t = st.notes.get(f"{STASIS}{player}")
    return t is not None and st.turn - t <= 1


def ability_price(st: GameState, player: int, base: int = 1) -> int:
    """What an ability costing ``base`` magic costs ``player`` now (Wake the Father
    Gem: 1 less this turn)."""
    if base >= 1 and st.flags.get(f"{FATHER_GEM}{player}"):
        return base - 1
    return base


def can_pay(st: GameState, player: int, base: int = 1) -> bool:
    n = ability_price(st, player, base)
    return n <= 0 or (st.magic[player] >= n and not under_stasis(st, player))


def pay(st: GameState, player: int, base: int = 1) -> None:
    n = ability_price(st, player, base)
    if n > 0:
        st.gain_magic(player, -n)


# -- Benders and Cloaks (issue 17): keywords they share word for word (their Escape is
# the Goblins' above) -----------------------------------------------------------------
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
