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
Arrow*), the Shooter (*Frost Arrow*) and the Thwarter (*Ice Shield*). Still missing
(issue 17): Torgan and his Minor Ice Walls, Krom, Bragg, the Charger, the Crusher and
Torgan's events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, ChooseTarget, UseAbility
from engine.core.board import ADJ
from engine.core.effects import count_attack, may_attack_now
from engine.core.hooks import UNDER, Ability, AttackResult, Decision, Trigger
from engine.core.phases import ATTACK
from engine.rulesets.first.abilities.common import (
    Fury,
    Reckless,
    Sluggish,
    adjacent_cards,
    walls_of,
)
from engine.rulesets.first.dice import hits

if TYPE_CHECKING:
    from engine.core.state import GameState


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

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.magic[st.turn_player] < self.PRICE:
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        st.gain_magic(st.turn_player, -self.PRICE)
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
}
