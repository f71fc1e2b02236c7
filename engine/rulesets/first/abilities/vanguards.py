"""Vanguards (first edition): Sera Eldwyn's and Samuel Farthen's decks and the
Goodwin's Blade cards; research/first-edition.md 2.5. Readings in our own words:

- Sera Eldwyn, *Greater Healing*: instead of attacking, pay 1 magic: up to 2 wounds
  come off a common or champion next to her (either side; never a summoner).
- Samuel Farthen and Coleen Brighton, *Shield of Light*: when an opponent's unit
  attacks a common you control within 2 spaces of the card with the ability, only
  dice showing 4 or more wound it (R24: hits stay hits, wounds are prevented). Two
  Shields (or Transformation) do not stack: the limit is the same.
- Jacob Eldwyn, *Heaven's Rain*: instead of attacking, roll a die; on 3+ every enemy
  unit within 2 spaces of him gets 1 wound (his ability's damage, one by one, R23).
- Kalon Lightbringer, *Transformation*: +2 attack while he has 4 or more wounds.
- Raechel Loveguard, *Arrow of Light*: when her attack destroys a unit, the player
  who controlled it discards a card of their choice from hand (nothing if empty).
- Leah Goodwin, *Blade of Light*: +1 attack per 2 magic you have, at most +4.
- Archangel, *Greater Flight* (:mod:`.common`); Angel and Warrior Angel, *Flight*:
  may move through cards, ending on an empty space.
- Master Bullock, *Mystic Arts*: your Woeful Brothers within 4 spaces of him attack
  as ranged units. The engine keeps their plain (adjacent) attacks and offers their
  farther straight-line targets as Bullock's ``UseAbility`` (option = brother * 4096
  + target), resolved as an ordinary attack of the brother.
- Sybil Swancott, *Sybil's Spirit*: wounds coming to her from an attack or from a
  unit's ability are rolled one die each; each 4+ is ignored. When Healing (Priest)
  or Greater Healing (Sera) would remove wounds from her, each removed wound is
  rolled; a 3 or less keeps it. (Wounds an event puts on her directly are not
  rolled: the core gives events no damage hook.)
- Valentina Stoutheart, *Valiant Defender*: an enemy common next to her cannot move
  or be moved; when it attacks it must attack her or a Guardian Knight of her side.
- Guardian Knight, *Protector*: an enemy unit next to one or more of your Guardian
  Knights must attack a Guardian Knight (of yours).
- Priest, *Healing*: instead of attacking, remove 1 wound from a common next to it,
  or pay 1 magic to remove 1 wound from a champion next to it (either side).
- Stalwart Archer, *Hail of Arrows*: +1 attack per other Stalwart Archer you control
  next to it.
- Cavalry Knight, *Rider*: in your movement phase, instead of its normal move, it
  may move up to 7 spaces in a straight line of empty spaces (offered as a
  ``UseAbility`` for 3 to 7 spaces; 1 or 2 are its normal moves). It uses one of
  the 3 moves.
- Honor Guard, *Escort*: when a champion or summoner you control that started next
  to it finishes a move (its own move, not a push), you may place the Honor Guard
  next to it. The choice to follow is asked when the move ends: the same player
  declared the move, so asking at its start would not tell them more.
- Woeful Brother, *Swift Maneuver*: when an enemy unit's attack on it deals no
  wounds, it may swap places with a unit next to it (a swap is not a move).
- Holy Judgment: your Priests get +2 attack this turn (stacks).
- Divine Strength: 1 wound comes off each common you control.
- Intercession: move some of the wounds of a unit you control onto your summoner.
  The engine never offers a number that would destroy your own summoner.
- Transformation: until the start of your next turn (an ACTIVE event) your summoner
  has +2 attack and units you control take wounds only from 4+ when an opponent
  attacks them (ULTIMATE SHIELD OF LIGHT, does not stack with itself).
- Strong Spirits: every Woeful Brother in the chosen opponent's discard pile (whoever
  owns it: the brothers they destroyed and later paid with lie there, R14) goes face
  down onto the top of your magic pile, one at a time in discard-pile order.

Responses (:mod:`engine.rulesets.first.responses`), never played in your own event
phase, only in answer to the opponent (readings of the official FAQ, S3, where the
text leaves a doubt):

- Divine Protection (moment WOUNDS): when an attack's dice would put 1 or more wounds
  on a common you control, and you have 1 magic, you may play it: you pay the magic
  and that attack puts no wounds on it (paying is part of the effect: a Divine
  Protection cancelled by a Spellsucker costs nothing). It counts as an attack that
  dealt no wounds (FAQ 2.16.6.1: a Woeful Brother so protected may use *Swift
  Maneuver*). Only attacks open the window: wounds an ability or event deals outside
  an attack are placed mid-effect, where the engine (R34) gives no answer.
- Abolish (moment EVENT): when the opponent plays a non-wall event in their own event
  phase, that event has no effect (it stays in their discard pile, where a played
  event goes). Events played in another phase, walls and answers played out of phase
  (an opponent's Divine Protection, Shadows...) cannot be abolished. One Abolish per
  event (FAQ 2.6.8.1: the window asks each player once). An Abolish is itself an
  event the opponent plays: a Spellsucker Mutant's *Nullify* may cancel it, and the
  event it answered then resolves (FAQ 2.6.8.1; the response window opens an EVENT
  window for every response event, see :mod:`engine.rulesets.first.responses`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.actions import (
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, DIST, RAYS
from engine.core.effects import (
    ability_damage,
    adjacent,
    ask_optional_space,
    ask_optional_target,
    common_or_champion,
    count_attack,
    empty_adjacent,
    may_attack_now,
    within,
)
from engine.core.hooks import ACTIVE, Ability, AttackResult, Decision, Trigger
from engine.core.mechanics.attack import do_attack
from engine.core.mechanics.movement import can_still_move
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import GreaterFlight, straight_cards
from engine.rulesets.first.dice import hits
from engine.rulesets.first.responses import (
    EVENT,
    IgnoreWounds,
    Response,
    cancel_event,
    ignore_wounds,
    pending_faces,
    would_wound,
)

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "vanguards"
SYBIL = "sybil-swancott.sybils-spirit"


def has_ability(st: GameState, cid: int, ability_id: str) -> bool:
    """Does ``cid`` carry ``ability_id`` now (printed, not blanked)?"""
    if not any(a.id == ability_id for a in st.info.abilities[cid]):
        return False
    return not ("blanks" in st.info.hooks and cid in st.blanked())


def heal_unit(st: GameState, cid: int, n: int) -> None:
    """Healing / Greater Healing removes up to ``n`` wounds from ``cid``; on Sybil
    Swancott each wound to remove is rolled and stays on a 3 or less."""
    n = min(n, st.damage[cid])
    if n <= 0:
        return
    if has_ability(st, cid, SYBIL):
        n = sum(1 for f in st.roll(n) if f >= 4)
    st.heal(cid, n)


def shielded(
    st: GameState, attacker: int, target: int, damage: int, faces: tuple[int, ...]
) -> int:
    """Wounds of an attack when only dice of 4+ wound (R24)."""
    return min(damage, hits(faces, 4))


# -- Sera Eldwyn -----------------------------------------------------------------------
class GreaterHealing(Ability):
    """Instead of attacking, pay 1 magic: up to 2 wounds off an adjacent common or
    champion."""

    action_phases = (ATTACK,)
    amount = 2
    price = 1

    def _targets(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0 and common_or_champion(st, c) and st.damage[c]
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or st.magic[st.ctrl[src]] < self.price:
            return []
        return [UseAbility(src, self.id, t) for t in self._targets(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        st.gain_magic(st.ctrl[src], -self.price)
        heal_unit(st, action.option, self.amount)


# -- Priest ----------------------------------------------------------------------------
def _holy_key(player: int) -> str:
    return f"first.holy-judgment.{player}"


class Healing(GreaterHealing):
    """Instead of attacking: 1 wound off an adjacent common (free) or champion (1
    magic). Also carries Holy Judgment's bonus (+2 attack per event this turn)."""

    amount = 1
    self_only = True

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        rich = st.magic[st.ctrl[src]] >= 1
        return [
            UseAbility(src, self.id, t)
            for t in self._targets(st, src)
            if rich or CardClass.COMMON in st.info.cards[t].classes
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        if CardClass.COMMON not in st.info.cards[action.option].classes:
            st.gain_magic(st.ctrl[src], -1)
        heal_unit(st, action.option, self.amount)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        return value + st.flags.get(_holy_key(st.ctrl[src]), 0)


class HolyJudgment(Ability):
    """Your Priests get +2 attack until the end of the turn (stacks)."""

    def can_play(self, st: GameState, card: int) -> bool:
        me = st.turn_player
        return any(st.info.cards[c].slug == "priest" for c in st.units_of(me))

    def play(self, st: GameState, card: int) -> None:
        key = _holy_key(st.turn_player)
        st.flags[key] = st.flags.get(key, 0) + 2


# -- Shield of Light (Samuel Farthen, Coleen Brighton) ---------------------------------
class ShieldOfLight(Ability):
    """An opponent's attack on a common you control within 2 spaces of this card
    wounds only on 4+."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        me = st.ctrl[src]
        if (
            st.ctrl[target] != me
            or st.ctrl[attacker] == me
            or not st.info.is_common[target]
            or not within(st, src, target, 2)
        ):
            return damage
        return shielded(st, attacker, target, damage, faces)


class Transformation(Ability):
    """ACTIVE until the start of your next turn: your summoner +2 attack; units you
    control wound only on 4+ when an opponent attacks them."""

    zones = (ACTIVE,)

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        st.remove_from_zone(card)
        st.zone[card] = ACTIVE
        st.ctrl[card] = p  # the player who played it (a taken card: not its owner)
        st.active[p].append(card)

    def _first(self, st: GameState, src: int) -> bool:
        """Only one Transformation counts (a named ability does not stack)."""
        mine = [
            c
            for c in st.active[st.ctrl[src]]
            if st.info.cards[c].slug == "transformation"
        ]
        return bool(mine) and src == min(mine)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == st.info.summoners[st.ctrl[src]] and self._first(st, src):
            return value + 2
        return value

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        me = st.ctrl[src]
        if (
            st.ctrl[target] != me
            or st.ctrl[attacker] == me
            or not st.info.is_unit[target]
        ):
            return damage
        return shielded(st, attacker, target, damage, faces)


# -- Jacob Eldwyn ----------------------------------------------------------------------
class HeavensRain(Ability):
    """Instead of attacking: roll a die; on 3+ 1 wound on every enemy unit within 2."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        (die,) = st.roll(1)
        if die < 3:
            return
        me = st.ctrl[src]
        victims = [c for c in st.units_of(1 - me) if within(st, src, c, 2)]
        for c in victims:
            if st.terminal:
                return
            if st.on_board(c):
                ability_damage(st, src, c, 1)


# -- Kalon Lightbringer ----------------------------------------------------------------
class KalonTransformation(Ability):
    """+2 attack while he has 4 or more wounds."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.damage[src] >= 4:
            return value + 2
        return value


# -- Raechel Loveguard -----------------------------------------------------------------
def _side_key(card: int) -> str:
    return f"first.destroyed-ctrl.{card}"


def side_at_death(st: GameState, card: int) -> int:
    """The controller ``card`` had when destroyed this turn (noted by the
    ``on_destroy`` hooks below), else its controller now."""
    return st.flags.get(_side_key(card), st.ctrl[card])


class ArrowOfLight(Ability):
    """When her attack destroys a unit, its controller discards a card of their
    choice from hand."""

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        st.flags[_side_key(card)] = st.ctrl[card]  # bookkeeping only
        return None

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if res.attacker == src and st.info.is_unit[t] and not st.on_board(t):
            return self.trigger(st, src, side_at_death(st, t))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        victim = trig.data[0]
        opts = [ChooseTarget(c) for c in st.hand[victim]]
        st.ask(
            self.decision(
                st, trig.source, opts, player=victim, prompt="Arrow of Light: discard"
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and action.card in st.hand[dec.player]:
            st.discard_card(action.card)


# -- Leah Goodwin ----------------------------------------------------------------------
class BladeOfLight(Ability):
    """+1 attack per 2 magic you have, at most +4."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        return value + min(4, st.magic[st.ctrl[src]] // 2)


# -- Flight ----------------------------------------------------------------------------
class Flight(Ability):
    """May move through other cards (ending on an empty space)."""

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True


# -- Master Bullock --------------------------------------------------------------------
_OPT = 4096


class MysticArts(Ability):
    """Your Woeful Brothers within 4 of him attack as ranged units."""

    action_phases = (ATTACK,)

    def _brothers(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.units_of(st.ctrl[src])
            if st.info.cards[c].slug == "woeful-brother"
            and within(st, src, c, 4)
            and not st.info.is_ranged[c]
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        out: list[Action] = []
        for b in self._brothers(st, src):
            if not may_attack_now(st, b):
                continue
            near = ADJ[st.pos[b]]
            for t in straight_cards(st, b, st.attack_range(b), through=False):
                if st.pos[t] in near or st.attack_forbidden(b, t):
                    continue
                out.append(UseAbility(src, self.id, b * _OPT + t))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        b, t = divmod(action.option, _OPT)
        do_attack(st, Attack(b, t))


# -- Sybil Swancott --------------------------------------------------------------------
class SybilsSpirit(Ability):
    """Wounds coming to her from attacks and unit abilities: one die each, ignored on
    4+. Healing on her: see :func:`heal_unit`."""

    order = 5  # after every other change to the wounds

    def _roll(self, st: GameState, n: int) -> int:
        if n <= 0:
            return n
        return sum(1 for f in st.roll(n) if f < 4)

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return self._roll(st, damage) if target == src else damage

    def mod_ability_damage(
        self, st: GameState, src: int, source: int, target: int, n: int
    ) -> int:
        return self._roll(st, n) if target == src else n


# -- Valentina Stoutheart and Guardian Knight ------------------------------------------
def _guardian(st: GameState, cid: int, side: int) -> bool:
    return st.info.cards[cid].slug == "guardian-knight" and st.ctrl[cid] == side


class ValiantDefender(Ability):
    """An enemy common next to her cannot be moved; when it attacks it must attack
    her or a Guardian Knight of her side."""

    def _held(self, st: GameState, src: int, cid: int) -> bool:
        return (
            st.info.is_common[cid]
            and st.info.is_unit[cid]
            and st.ctrl[cid] != st.ctrl[src]
            and adjacent(st, src, cid)
        )

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return self._held(st, src, cid)

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return self._held(st, src, cid)

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        if not self._held(st, src, attacker):
            return False
        return target != src and not _guardian(st, target, st.ctrl[src])


class Protector(Ability):
    """An enemy unit next to this Guardian Knight must attack a Guardian Knight of
    this knight's side."""

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        side = st.ctrl[src]
        if st.ctrl[attacker] == side or not adjacent(st, src, attacker):
            return False
        return not _guardian(st, target, side)


# -- Stalwart Archer -------------------------------------------------------------------
class HailOfArrows(Ability):
    """+1 attack per other friendly Stalwart Archer next to it."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        me = st.ctrl[src]
        return value + sum(
            1
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0
            and st.ctrl[c] == me
            and st.info.cards[c].slug == "stalwart-archer"
        )


# -- Cavalry Knight --------------------------------------------------------------------
class Rider(Ability):
    """Instead of its normal move: up to 7 spaces in a straight line of empty
    spaces (3 to 7 offered here; 1 or 2 are normal moves)."""

    action_phases = (MOVE,)
    reach = 7

    def _lines(self, st: GameState, src: int) -> list[tuple[int, ...]]:
        out = []
        for ray in RAYS[st.pos[src]]:
            path: list[int] = []
            for s in ray[: self.reach]:
                if st.board[s] >= 0:
                    break
                path.append(s)
                if len(path) >= 3:
                    out.append(tuple(path))
        return out

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.phase != MOVE
            or st.stack
            or src in st.moved
            or not can_still_move(st)
            or not st.can_move(src)
        ):
            return []
        return [UseAbility(src, self.id, p[-1]) for p in self._lines(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        path = next(p for p in self._lines(st, src) if p[-1] == action.option)
        st.moved.append(src)
        st.relocate(src, action.option, "move", path)


# -- Honor Guard -----------------------------------------------------------------------
class Escort(Ability):
    """When a champion or summoner you control that started next to it ends its
    move, you may place this Honor Guard next to it."""

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if (
            card == src
            or kind != "move"
            or st.ctrl[card] != st.ctrl[src]
            or DIST[start][st.pos[src]] != 1
        ):
            return None
        classes = st.info.cards[card].classes
        if CardClass.CHAMPION in classes or CardClass.SUMMONER in classes:
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, card = trig.source, trig.data[0]
        if not (st.on_board(src) and st.on_board(card)):
            return
        spaces = empty_adjacent(st, card)
        ask_optional_space(self, st, src, spaces, card, prompt="Escort: follow?")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            st.place(src, action.space, st.ctrl[src])


# -- Woeful Brother --------------------------------------------------------------------
class SwiftManeuver(Ability):
    """When an enemy unit's attack on it deals no wounds, it may swap places with a
    unit next to it."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.target == src
            and res.damage == 0
            and st.on_board(src)
            and st.ctrl[res.attacker] != st.ctrl[src]
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        units = [
            c
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0 and st.info.is_unit[c]
        ]
        ask_optional_target(self, st, src, units, prompt="Swift Maneuver: swap?")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not isinstance(action, ChooseTarget) or not st.on_board(src):
            return
        other = action.card
        if not st.on_board(other):
            return
        a, b = st.pos[src], st.pos[other]
        # both spaces stay occupied: only the two cards trade places
        st.board[a], st.board[b] = other, src
        st.pos[src], st.pos[other] = b, a


# -- Events ----------------------------------------------------------------------------
class DivineStrength(Ability):
    """1 wound comes off each common you control."""

    def _commons(self, st: GameState) -> list[int]:
        return [
            c
            for c in st.units_of(st.turn_player)
            if st.info.is_common[c] and st.damage[c]
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._commons(st))

    def play(self, st: GameState, card: int) -> None:
        for c in self._commons(st):
            st.heal(c, 1)


class Intercession(Ability):
    """Move any number of a unit's wounds onto your summoner (never so many that
    your summoner would be destroyed)."""

    def _room(self, st: GameState, player: int) -> int:
        summ = st.info.summoners[player]
        return st.life(summ) - st.damage[summ] - 1

    def _units(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        return [c for c in st.units_of(player) if c != summ and st.damage[c]]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return (
            st.on_board(st.info.summoners[p])
            and self._room(st, p) > 0
            and bool(self._units(st, p))
        )

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._units(st, p)]
        st.ask(self.decision(st, card, opts, "unit", player=p, prompt="Intercession"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "unit":
            assert isinstance(action, ChooseTarget)
            top = min(st.damage[action.card], self._room(st, p))
            opts = [ChooseOption(n) for n in range(1, top + 1)]
            st.ask(
                self.decision(
                    st, dec.source, opts, "n", action.card, player=p, prompt="wounds"
                )
            )
            return
        assert isinstance(action, ChooseOption)
        unit = dec.data[1]
        st.heal(unit, action.option)
        st.deal_damage(st.info.summoners[p], action.option, p, dec.source)


class StrongSpirits(Ability):
    """Every Woeful Brother in the opponent's discard pile goes face down onto the
    top of your magic pile."""

    def _brothers(self, st: GameState) -> list[int]:
        opp = 1 - st.turn_player
        cards = st.info.cards
        return [c for c in st.discard[opp] if cards[c].slug == "woeful-brother"]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._brothers(st))

    def play(self, st: GameState, card: int) -> None:
        for c in self._brothers(st):
            st.to_magic_pile(c, st.turn_player)


# -- Responses (played in the opponent's turn) ----------------------------------------
class DivineProtection(IgnoreWounds):
    """Response: an attack would wound a common you control: pay 1 magic, it puts no
    wounds on it."""

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        attacker, target = ctx
        return (
            st.magic[st.ctrl[src]] >= 1
            and st.on_board(target)
            and st.ctrl[target] == st.ctrl[src]
            and st.info.is_unit[target]
            and CardClass.COMMON in st.info.cards[target].classes
            and would_wound(st, attacker, target, pending_faces(st, attacker)) > 0
        )

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        # the magic is paid as the effect resolves: a cancelled card costs nothing
        st.gain_magic(st.info.owner[src], -1)
        ignore_wounds(st, ctx[1])


class Abolish(Response):
    """Response: the opponent plays a non-wall event in their event phase: it has no
    effect."""

    moment = EVENT

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        card, player = ctx
        return (
            player != st.ctrl[src]
            and player == st.turn_player
            and st.phase == EVENTS
            and CardClass.WALL not in st.info.cards[card].classes
        )

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        cancel_event(st, ctx[0])


ABILITIES: dict[str, type[Ability]] = {
    "sera-eldwyn.greater-healing": GreaterHealing,
    "samuel-farthen.shield-of-light": ShieldOfLight,
    "jacob-eldwyn.heavens-rain": HeavensRain,
    "kalon-lightbringer.transformation": KalonTransformation,
    "raechel-loveguard.arrow-of-light": ArrowOfLight,
    "leah-goodwin.blade-of-light": BladeOfLight,
    "archangel.greater-flight": GreaterFlight,
    "coleen-brighton.shield-of-light": ShieldOfLight,
    "master-bullock.mystic-arts": MysticArts,
    "sybil-swancott.sybils-spirit": SybilsSpirit,
    "valentina-stoutheart.valiant-defender": ValiantDefender,
    "guardian-knight.protector": Protector,
    "priest.healing": Healing,
    "stalwart-archer.hail-of-arrows": HailOfArrows,
    "cavalry-knight.rider": Rider,
    "angel.flight": Flight,
    "honor-guard.escort": Escort,
    "warrior-angel.flight": Flight,
    "woeful-brother.swift-maneuver": SwiftManeuver,
    "holy-judgment.effect": HolyJudgment,
    "divine-strength.effect": DivineStrength,
    "intercession.effect": Intercession,
    "transformation.effect": Transformation,
    "strong-spirits.effect": StrongSpirits,
    "divine-protection.effect": DivineProtection,
    "abolish.effect": Abolish,
}
