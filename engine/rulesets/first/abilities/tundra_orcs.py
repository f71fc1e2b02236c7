"""Tundra Orcs (first edition), Grognack's deck: research/first-edition.md 2.2.

- Grognack, *Walls of Ice Shard*: instead of attacking, roll a die; on 4+ every enemy
  unit next to one or more walls you control gets 1 wound.
- Blagog, *Reckless*; Ragnor and the Fighter, *Fury*; the Smasher, *Sluggish*
  (:mod:`.common`).
- Krung, *Wild Swing*: before he attacks, roll a die; on 4+ the attack also affects
  every other card next to Krung (the same roll; each card takes its hits).
- Shaman, *Unwieldy Magic*: if any die of its attack misses, every die misses.
- Events: Ice Wall (a 3-life wall, played as a wall: R29; its effect is the wall
  rule itself), Freeze (the unit it is put on cannot move, attack or use abilities;
  its controller may pay 2 magic in their turn to discard it; it goes with the unit),
  and the shared Reinforcements and A Hero Is Born (:mod:`.shared`).

Also, from Torgan's deck and the Rukar's Power reinforcement: Ugg (*Sluggish*), the
Berserker (*Reckless*), Rukar (*Power Surge*), Gruggar (*Wrath*), Grok (*Greater Frost
Arrow*), the Shooter (*Frost Arrow*) and the Thwarter (*Ice Shield*), and (issue 17):

- Torgan, *Minor Ice Wall*: once per turn in your event phase you may pay 1 magic to
  place a Minor Ice Wall from his pile (15, :mod:`engine.rulesets.first.piles`) on
  an empty space next to him. A Minor Ice Wall is an Ice Wall (Glacial Shift, Krom,
  Bragg). Where a destroyed one goes is unknown (its rules card was never found,
  R30); :mod:`engine.rulesets.first.piles` records our reading (back to the pile,
  no magic).
- Bragg, *Cold Snap*: while he is on the battlefield, removing a Freeze card of his
  controller costs 1 more magic, and his controller's Ice Walls (Ice Wall, Minor Ice
  Wall) take wounds only from dice showing 5+ when attacked (FAQ: only your own
  cards; one Bragg, no stacking).
- Krom, *Ice Shatter*: after he attacks, you may choose an Ice Wall (anyone's)
  within 3 spaces and roll: 1-2 that wall gets 1 wound, 3+ every unit next to it gets
  1 wound (one by one, R23).
- Charger, *Burst of Speed*: once per turn, after you move it in your movement phase,
  roll: 3-4 it may move 1 more space, 5+ up to 2 more.
- Crusher, *Devastating Swing*: after its attack it gets 1 wound per die that missed
  (1-2); if those wounds will destroy it, the attack's dice all count as misses (FAQ:
  dice whose wounds are prevented still hit, so the misses are the rolled 1s and 2s).
- Events: Ice Armor (put under a Tundra Orc common you control; when that unit is
  attacked you may, right after the attack, discard one Ice Armor under it to remove
  every wound the attack dealt; it goes with the unit. When the wounds would destroy
  the unit, the armor is used at once: the only reading in which "right after the
  attack" can still save it), Glacial Shift (up to 3 Ice Walls you control, one at a
  time, move up to 3 spaces each, through common units but ending on an empty space;
  for each unit passed through roll, 4+ = 1 wound; the FAQ rolls as the wall leaves
  that unit's space; each distinct way through is an option), Glacial Surge (up to
  2 Minor Ice Walls next to Torgan), For Glory (right after your attack phase each
  Tundra Orc common you control may attack once more, even if it already attacked;
  each one that does then gets 1 wound).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    Action,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import ADJ
from engine.core.effects import (
    ask_optional_space,
    ask_optional_target,
    attack_targets,
    count_attack,
    empty_adjacent,
    extra_attack,
    may_attack_now,
    within,
)
from engine.core.hooks import DISCARD, UNDER, Ability, AttackResult, Decision, Trigger
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    Fury,
    Reckless,
    Sluggish,
    adjacent_cards,
    walls_of,
)
from engine.rulesets.first.dice import hits
from engine.rulesets.first.piles import PlaceFromPile, conjure, pile_cards

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "tundra-orcs"


class WallsOfIceShard(Ability):
    """Instead of attacking: roll a die; on 4+ each enemy unit next to a wall you
    control gets 1 wound."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        (die,) = st.roll(1)
        if die < 4:
            return
        me = st.ctrl[src]
        near = {s for w in walls_of(st, me) for s in ADJ[st.pos[w]]}
        victims = [
            c
            for s in sorted(near)
            if (c := st.board[s]) >= 0 and st.info.is_unit[c] and st.ctrl[c] != me
        ]
        for c in victims:  # R23: the wounds of one effect go on one by one
            if st.terminal:
                return
            if st.on_board(c):
                st.deal_damage(c, 1, me, src)


_SWING = "first.krung.swing"


class WildSwing(Ability):
    """Before Krung attacks, roll a die; on 4+ the attack affects every card next to
    him: the other adjacent cards take the roll's hits too."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            (die,) = st.roll(1)
            st.flags[_SWING] = 1 if die >= 4 else 0
        return value

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and st.flags.get(_SWING):
            st.flags[_SWING] = 0
            return self.trigger(st, src, res.target, res.faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        target, faces = trig.data[0], trig.data[1]
        n = st.info.ruleset.hits(st, src, faces)
        for c in adjacent_cards(st, src):
            if c != target and not st.terminal and st.on_board(c):
                st.deal_damage(c, n, st.ctrl[src], src)


class UnwieldyMagic(Ability):
    """If any die of its attack is a miss, all dice of that attack are misses."""

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], n: int
    ) -> int:
        if attacker == src and hits(faces) < len(faces):
            return 0
        return n


class IceWall(Ability):
    """Ice Wall is played as a wall (R29, :mod:`engine.rulesets.first.events`): its
    effect is that rule; nothing else happens."""


class Freeze(Ability):
    """Put on a unit: it cannot move, attack or use abilities while Freeze is on it;
    its controller may pay 2 magic in their turn to discard Freeze; it is discarded
    with the unit (cards under a unit go with it, R37)."""

    zones = (UNDER,)
    PRICE = 2

    def can_play(self, st: GameState, card: int) -> bool:
        return any((c := st.board[s]) >= 0 and st.info.is_unit[c] for s in range(48))

    def play(self, st: GameState, card: int) -> None:
        units = [c for s in range(48) if (c := st.board[s]) >= 0 and st.info.is_unit[c]]
        st.ask(
            self.decision(
                st, card, [ChooseTarget(c) for c in units], player=st.turn_player
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.put_under(dec.source, action.card)

    def _host(self, st: GameState, src: int) -> int:
        return st.pos[src]

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._host(st, src)

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == self._host(st, src)

    def blanks(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._host(st, src)

    def price(self, st: GameState, src: int) -> int:
        """2 magic; 3 while the Freeze card's owner controls Bragg (Cold Snap)."""
        return self.PRICE + (1 if bragg_for(st, st.info.owner[src]) else 0)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.magic[st.turn_player] < self.price(st, src):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        st.gain_magic(st.turn_player, -self.price(st, src))
        st.discard_card(src)


class PowerSurge(Ability):
    """When he attacks, each result of 5 or more counts as 2 hits."""

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], n: int
    ) -> int:
        if attacker != src:
            return n
        return n + sum(1 for f in faces if f >= 5)


class Wrath(Ability):
    """+1 attack for each wound marker on him."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + st.damage[src] if cid == src else value


def _walls_next_to(st: GameState, cid: int, player: int | None) -> int:
    static = st.info.gate_static
    return sum(
        1
        for c in adjacent_cards(st, cid)
        if static[c] and (player is None or st.ctrl[c] == player)
    )


class GreaterFrostArrow(Ability):
    """+1 attack for each wall he is next to when he attacks."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        return value + _walls_next_to(st, src, None) if attacker == src else value


class FrostArrow(Ability):
    """+1 attack while next to one or more walls you control."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and _walls_next_to(st, src, st.ctrl[src]):
            return value + 1
        return value


class IceShield(Ability):
    """When attacked it takes no wounds unless every die rolled is a hit."""

    order = 2  # after the other changes to the wounds

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target == src and st.info.ruleset.hits(st, attacker, faces) < len(faces):
            return 0
        return damage


# -- Torgan's deck, Rukar's Power (issue 17) ----------------------------------------
ICE_WALLS = ("ice-wall", "minor-ice-wall")
MINOR = "minor-ice-wall"


def is_ice_wall(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].slug in ICE_WALLS


_TORGAN = "first.torgan."


class MinorIceWall(Ability):
    """Once per turn in your event phase: pay 1 magic, place a Minor Ice Wall from
    the pile next to Torgan."""

    action_phases = (EVENTS,)
    PRICE = 1

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.ctrl[src]
        if (
            st.phase != EVENTS
            or st.stack
            or st.turn_player != p
            or st.magic[p] < self.PRICE
            or st.flags.get(f"{_TORGAN}{src}")
            or not pile_cards(st, p, MINOR)
        ):
            return []
        return [UseAbility(src, self.id, s) for s in empty_adjacent(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        p = st.ctrl[src]
        st.flags[f"{_TORGAN}{src}"] = 1
        st.gain_magic(p, -self.PRICE)
        conjure(st, p, MINOR, action.option)


def bragg_for(st: GameState, player: int) -> bool:
    """Does ``player`` control a Bragg (Cold Snap) on the battlefield?"""
    cards = st.info.cards
    return any(cards[c].slug == "bragg" for c in st.units_of(player))


class ColdSnap(Ability):
    """Your Ice Walls take wounds only from 5+ when attacked (and your Freeze cards
    cost 1 more to remove: :class:`Freeze`)."""

    order = 2

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if st.ctrl[target] == st.ctrl[src] and is_ice_wall(st, target):
            return min(damage, sum(1 for f in faces if f >= 5))
        return damage


class IceShatter(Ability):
    """After Krom attacks: you may choose an Ice Wall within 3 spaces and roll; 1-2
    it gets 1 wound, 3+ each unit next to it gets 1 wound."""

    def _walls(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.board
            if c >= 0 and is_ice_wall(st, c) and within(st, src, c, 3)
        ]

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src) and self._walls(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            ask_optional_target(self, st, trig.source, self._walls(st, trig.source))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget) or not st.on_board(action.card):
            return
        wall, p = action.card, dec.player
        (die,) = st.roll(1)
        if die <= 2:
            st.deal_damage(wall, 1, p, dec.source)
            return
        for c in [c for c in adjacent_cards(st, wall) if st.info.is_unit[c]]:
            if st.terminal:
                return
            if st.on_board(c):
                st.deal_damage(c, 1, p, dec.source)


_BURST = "first.charger."


class BurstOfSpeed(Ability):
    """Once per turn, after you move it in your movement phase: roll; 3-4 it may
    move 1 more space, 5+ up to 2 more."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            card == src
            and kind == "move"
            and st.phase == MOVE
            and st.turn_player == st.ctrl[src]
            and not st.flags.get(f"{_BURST}{src}")
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.flags.get(f"{_BURST}{src}"):
            return
        st.flags[f"{_BURST}{src}"] = 1
        (die,) = st.roll(1)
        extra = 2 if die >= 5 else 1 if die >= 3 else 0
        if not extra:
            return
        reach = walk_reach(st.occ, st.pos[src], extra)
        spaces = [s for s in range(48) if reach >> s & 1 and s != st.pos[src]]
        ask_optional_space(self, st, src, spaces, prompt="Burst of Speed")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            path = _plain_path(st, st.pos[src], action.space)
            st.relocate(src, action.space, "move", path)


def _misses(faces: tuple[int, ...]) -> int:
    return len(faces) - hits(faces)


class DevastatingSwing(Ability):
    """It gets 1 wound per missed die of its attack; if that destroys it, every die
    of the attack is a miss."""

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], n: int
    ) -> int:
        if attacker == src and st.damage[src] + _misses(faces) >= st.life(src):
            return 0
        return n

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and _misses(res.faces):
            return self.trigger(st, src, _misses(res.faces))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            st.deal_damage(src, trig.data[0], st.ctrl[src], src)


def _to_commons(st: GameState, player: int) -> list[int]:
    cards = st.info.cards
    return [
        c
        for c in st.units_of(player)
        if cards[c].faction == FACTION and CardClass.COMMON in cards[c].classes
    ]


class IceArmor(Ability):
    """Under a TO common you control: right after an attack on it you may discard
    one Ice Armor to remove the attack's wounds (used at once when they would
    destroy it)."""

    zones = (UNDER,)
    order = 5  # after every other change to the attack's wounds

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(_to_commons(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in _to_commons(st, st.turn_player)]
        st.ask(self.decision(st, card, opts, "host", player=st.turn_player))

    def _first(self, st: GameState, src: int) -> bool:
        host = st.pos[src]
        cards = st.info.cards
        armors = [c for c in st.under.get(host, ()) if cards[c].slug == "ice-armor"]
        return bool(armors) and armors[0] == src

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        host = st.pos[src]
        if target != host or damage <= 0 or not self._first(st, src):
            return damage
        if st.damage[host] + damage >= st.life(host):
            st.discard_card(src)
            return 0
        return damage

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        host = st.pos[src]
        if res.target == host and res.damage > 0 and self._first(st, src):
            return self.trigger(st, src, res.damage)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != UNDER or not st.on_board(st.pos[src]):
            return
        st.ask(
            self.decision(st, src, [YesNo(False), YesNo(True)], "ignore", trig.data[0])
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[0] == "host":
            if isinstance(action, ChooseTarget) and st.on_board(action.card):
                st.put_under(dec.source, action.card)
            return
        src = dec.source
        if isinstance(action, YesNo) and action.yes and st.zone[src] == UNDER:
            host = st.pos[src]
            st.discard_card(src)
            st.heal(host, dec.data[1])


def shift_paths(st: GameState, wall: int, reach: int = 3) -> list[tuple[int, ...]]:
    """Glacial Shift's moves of ``wall``: paths of up to ``reach`` steps through
    empty spaces and common units, ending on an empty space; one path per distinct
    (end, units passed) pair, sorted by end space then units."""
    board = st.board
    start = st.pos[wall]
    found: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def walk(here: int, path: tuple[int, ...]) -> None:
        if len(path) == reach:
            return
        for n in ADJ[here]:
            if n == start or n in path:
                continue
            c = board[n]
            if c >= 0 and not (st.info.is_unit[c] and st.is_common(c)):
                continue
            step = path + (n,)
            if c < 0:
                passed = tuple(board[s] for s in path if board[s] >= 0)
                found.setdefault((n, passed), step)
            walk(n, step)

    walk(start, ())
    return [found[k] for k in sorted(found)]


class GlacialShift(Ability):
    """Up to 3 Ice Walls you control, one at a time, move up to 3 spaces (through
    common units, ending empty); each unit passed rolls, 4+ = 1 wound."""

    def _walls(self, st: GameState, player: int, done: tuple[int, ...]) -> list[int]:
        return [
            c
            for c in st.cards_of(player)
            if is_ice_wall(st, c) and c not in done and shift_paths(st, c)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._walls(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, ())

    def _ask(self, st: GameState, card: int, p: int, done: tuple[int, ...]) -> None:
        if len(done) < 3 and not st.terminal:
            walls = self._walls(st, p, done)
            ask_optional_target(self, st, card, walls, "wall", done, player=p)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "wall":
            if not isinstance(action, ChooseTarget):
                return
            wall, done = action.card, dec.data[1]
            paths = shift_paths(st, wall)
            opts = [ChooseOption(i) for i in range(len(paths))]
            st.ask(
                self.decision(
                    st,
                    dec.source,
                    opts,
                    "path",
                    done + (wall,),
                    wall,
                    tuple(paths),
                    player=p,
                    prompt="Glacial Shift: where to",
                )
            )
            return
        if not isinstance(action, ChooseOption):
            return
        done, wall, chosen = dec.data[1], dec.data[2], dec.data[3]
        path = chosen[action.option]
        passed = [st.board[s] for s in path[:-1] if st.board[s] >= 0]
        if st.on_board(wall) and st.board[path[-1]] < 0:
            st.relocate(wall, path[-1], "move", path)
            for c in passed:
                (die,) = st.roll(1)
                if die >= 4 and st.on_board(c) and not st.terminal:
                    st.deal_damage(c, 1, p, dec.source)
        self._ask(st, dec.source, p, done)


class GlacialSurge(PlaceFromPile):
    pile = MINOR
    anchor = "torgan"
    count = 2


_GLORY = "first.forglory."


class ForGlory(Ability):
    """Right after your attack phase each TO common you control may attack again;
    each unit that does then gets 1 wound."""

    hook_zones = {"end_of_phase": (DISCARD,)}

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"{_GLORY}{card}"] = 1

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and st.flags.get(f"{_GLORY}{src}"):
            return Trigger(self.id, src, st.info.owner[src], ("ask", ()))
        return None

    def _ask(self, st: GameState, src: int, p: int, done: tuple[int, ...]) -> None:
        units = [
            c for c in _to_commons(st, p) if c not in done and attack_targets(st, c)
        ]
        ask_optional_target(self, st, src, units, "unit", done, player=p)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if trig.data[0] == "wound":
            unit = trig.data[1]
            if st.on_board(unit):
                st.deal_damage(unit, 1, trig.player, trig.source)
            if not st.terminal:
                self._ask(st, trig.source, trig.player, trig.data[2])
            return
        self._ask(st, trig.source, trig.player, ())

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "unit":
            if isinstance(action, ChooseTarget):
                unit = action.card
                opts = [ChooseTarget(t) for t in attack_targets(st, unit)]
                st.ask(
                    self.decision(
                        st,
                        dec.source,
                        opts,
                        "target",
                        dec.data[1] + (unit,),
                        unit,
                        player=p,
                        prompt="For Glory: attack",
                    )
                )
            return
        if isinstance(action, ChooseTarget):
            done, unit = dec.data[1], dec.data[2]
            st.stack.append(Trigger(self.id, dec.source, p, ("wound", unit, done)))
            extra_attack(st, unit, action.card)


ABILITIES: dict[str, type[Ability]] = {
    "grognack.walls-of-ice-shard": WallsOfIceShard,
    "blagog.reckless": Reckless,
    "krung.wild-swing": WildSwing,
    "ragnor.fury": Fury,
    "fighter-tundra-orcs.fury": Fury,
    "smasher.sluggish": Sluggish,
    "shaman-tundra-orcs.unwieldy-magic": UnwieldyMagic,
    "ice-wall.effect": IceWall,
    "freeze.effect": Freeze,
    # Torgan's deck and Rukar's Power (partly: the rest is issue 17)
    "ugg.sluggish": Sluggish,
    "berserker-tundra-orcs.reckless": Reckless,
    "rukar.power-surge": PowerSurge,
    "gruggar.wrath": Wrath,
    "grok.greater-frost-arrow": GreaterFrostArrow,
    "shooter.frost-arrow": FrostArrow,
    "thwarter.ice-shield": IceShield,
    # issue 17
    "torgan.minor-ice-wall": MinorIceWall,
    "bragg.cold-snap": ColdSnap,
    "krom.ice-shatter": IceShatter,
    "charger.burst-of-speed": BurstOfSpeed,
    "crusher.devastating-swing": DevastatingSwing,
    "ice-armor.effect": IceArmor,
    "glacial-shift.effect": GlacialShift,
    "glacial-surge.effect": GlacialSurge,
    "for-glory.effect": ForGlory,
}
