"""Cloaks (first edition, faction deck), Vlox's and Jexik's decks: research/first-
edition.md 2.7.2. "A Cloak" is a unit of this faction (summoners included).

Each card, in our own words:

- Vlox, *Master of the Art*: as your event phase begins you may pick a Cloak unit on
  the battlefield (either side's); this turn Vlox has its name and abilities. Once
  per turn; never on the first player's first turn (that turn has no event phase,
  R11), as the FAQ says.
- Jexik, *Brilliant Strategist*: as your turn begins (the draw, R12) pick a player; as
  that player's next summon phase begins you may move a common you control up to 2
  spaces (an effect's move, not one of the phase's three).
- Dagger, *Backstab*: +3 attack against an enemy unit farther from your opponent's
  back row than Dagger is.
- Doc, *First Aid*: instead of attacking, pick a wounded common or champion next to
  him and roll a die: on 3+ it loses 1 wound.
- Hawk, *Aerial Strike*: after Hawk moves, pick a common within 3 spaces (either
  side; the text has no "may": mandatory when there is one) and roll: on 4+ it gets
  1 wound.
- Kyra, *Illusionist*: when a common or champion attacks her and one or more of its
  dice miss, its controller pays 1 magic or the attack places no wounds (without
  magic, nothing is asked: no wounds).
- Scam, *Escape* (:class:`.common.Escape`).
- Sin-Sin, *Charm*: instead of attacking, pick an enemy common within 2 clear
  straight-line spaces: you control it until the end of the turn, and may move it up
  to 2 spaces at once. It may then act for you with what it has left this turn (R42).
  Control ends at the end of the turn even if Sin-Sin left play; destroyed while
  charmed, it goes to the destroyer's magic pile (R22).
- Spider, *Infiltrate*: at the end of your turn, if he stands on the opponent's back
  row, you may place him next to a wall you control; if you do, the opponent's
  summoner gets 1 wound.
- The Admiral, *Cover*: when an attack would place wounds on a friendly common or
  champion within 3 spaces of him, you may have him take all of them instead.
  He takes every wound the attack places, even more than the unit had left (FAQ
  2.3.5.1). Limitation: only wounds from attacks are offered (judged after the roll,
  on the wounds after every other modifier); wounds from events and abilities are
  not (the core has no "would receive wounds" moment that can ask a player).
- Violet, *Whirling Blade*: her attacks pass through units (not walls); every unit
  between her and the target takes the hits of the same roll too (the target may be
  a wall behind units, FAQ 2.3.6.1).
- Assassin, *Marked Target*: +1 attack against a champion or a summoner.
- Bruiser, *Intimidate*: when its attack wounds a common or champion in your turn
  without destroying it, that unit may not attack this Bruiser in its controller's
  next turn unless that player pays 1 magic (paid as the attack is declared; without
  magic the attack is not offered).
- Gunner, *Greater Sneak*: in your movement phase, as the first unit you move it may
  move up to 3 extra spaces; if it does move more than 2 spaces, no other unit of
  yours may move in that phase (it is then the only one you moved).
- Renegade, *Versatile*: in your movement phase it may attack instead of moving (one
  of the 3 moves; not one of the 3 attackers, and it may still attack in the attack
  phase); in your attack phase it may move up to 2 spaces instead of attacking.
- Scrapper, *Blindside*: when its attack wounds an adjacent enemy unit that survives,
  you may place another Scrapper you control next to that unit.
- Slasher, *Fatal Slash*: against an adjacent unit each 6 it rolls is 3 hits.
- Sniper, *Sniper Shot*: while it has moved at most 1 space this turn its reach is 5
  clear straight-line spaces (FAQ: not moving at all counts).
- Thief, *Steal*: at the end of your turn, if it stands on the opponent's back row,
  place it next to a wall you control or destroy it (its destroyer is you: R27, you
  gain the magic); then the opponent puts a card of their choice from hand (if any)
  on your magic pile.
- Events (Vlox): Magic Drain (:mod:`.shared`); *Assassinate* (pay 2 magic: destroy a
  common, either side's; you gain its magic, R27); *Cloak of Shadows* (a common you
  control, or for 2 magic a champion or summoner you control: until your next turn
  begins, an opponent's attack places on it only as many wounds as it rolled 6s);
  *Spy* (of the top 5 cards of the opponent's draw pile put 2 on the bottom, then 1
  on their discard pile, the other 2 on top in your order; fewer cards: as far as it
  goes, FAQ); *Raid* (a Thief you control may move 3 extra spaces this turn).
- Events (Jexik): *Heist* (a Cloak you control has STEAL, as the Thief, this turn);
  *Concealed Weapons* (a common or champion gets 1 wound per Cloak you control next
  to it); *Clever Diversion* (this turn, when a common Cloak of yours ends a move next
  to an enemy wall, you may place it next to another enemy wall); *Vanish* (this turn
  each Cloak of yours, once, before it moves in your movement phase or after it
  attacks, may pay 1 magic to be placed on any empty space of your side); *Daring
  Plan* (this turn your common and champion Cloaks have +2 attack against units in
  your attack phase; one whose such attack leaves its target alive is discarded as
  the attack phase ends).

Events that give an ability "until end of turn" keep the played card's id in
``st.flags`` (cleared as the next turn begins); their hooks work from the discard
pile, only for that card (a second copy there does nothing twice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import ADJ, DIST, RAYS, own_row
from engine.core.effects import (
    ability_damage,
    ask_optional_space,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    count_attack,
    empty_adjacent,
    extra_attack,
    may_attack_now,
    within,
)
from engine.core.hooks import BOARD, DISCARD, Ability, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.attack import hits_of
from engine.core.mechanics.movement import can_still_move
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.types import CardClass
from engine.rulesets.first.abilities.benders import (
    CopyAbilities,
    arrange_step,
    arrange_top,
    attack_damage,
    is_named,
    pending_attack,
)
from engine.rulesets.first.abilities.common import (
    Escape,
    effect_move,
    move_destinations,
    straight_cards,
    walls_of,
)
from engine.rulesets.first.dice import hits

if TYPE_CHECKING:
    from engine.core.hooks import AttackResult
    from engine.core.state import GameState
    from engine.core.types import CardDef

FACTION = "cloaks"
BACK_ROW = 7  # own_row of the opponent's back row (R1: 8 rows)
SIDE_ROWS = 4


def is_cloak(st: GameState, cid: int) -> bool:
    return st.info.is_unit[cid] and st.info.cards[cid].faction == FACTION


def my_cloaks(st: GameState, player: int) -> list[int]:
    return [c for c in st.units_of(player) if st.info.cards[c].faction == FACTION]


def wall_adjacent_spaces(st: GameState, player: int) -> list[int]:
    """Empty spaces next to walls ``player`` controls, ascending."""
    return sorted(
        {s for w in walls_of(st, player) for s in ADJ[st.pos[w]] if st.board[s] < 0}
    )


def played(st: GameState, key: str, src: int) -> bool:
    """Is ``src`` the event card whose effect ``key`` is in force this turn?"""
    return bool(st.flags) and st.flags.get(key) == src + 1


# -- Vlox ------------------------------------------------------------------------------
class MasterOfTheArt(CopyAbilities):
    """As your event phase begins you may pick a Cloak unit on the battlefield: this
    turn Vlox has its name and abilities."""

    phase = EVENTS

    def lends_from(self, card: CardDef) -> bool:
        return card.faction == FACTION and card.card_type == "unit"

    def candidates(self, st: GameState, src: int) -> list[int]:
        return [c for c in st.board if c >= 0 and c != src and is_cloak(st, c)]

    def ask_pick(self, st: GameState, src: int) -> None:
        ask_optional_target(
            self, st, src, self.candidates(st, src), "copy", prompt=self.id
        )


# -- Jexik -----------------------------------------------------------------------------
class BrilliantStrategist(Ability):
    """As your turn begins pick a player; as that player's next summon phase begins
    you may move a common you control up to 2 spaces."""

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src]:
            return self.trigger(st, src, "pick")
        return None

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == SUMMON and st.notes.get(self._key(src)) == st.turn_player + 1:
            return self.trigger(st, src, "move")
        return None

    def _commons(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in st.units_of(player)
            if st.info.is_common[c] and st.can_move(c) and move_destinations(st, c, 2)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[0] == "pick":
            opts = [ChooseOption(0), ChooseOption(1)]
            st.ask(self.decision(st, src, opts, "pick", prompt="whose summon phase?"))
            return
        notes = dict(st.notes)
        notes.pop(self._key(src), None)
        st.notes = notes
        ask_optional_target(
            self, st, src, self._commons(st, st.ctrl[src]), "unit", prompt=self.id
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step = dec.data[0]
        if step == "pick" and isinstance(action, ChooseOption):
            st.notes = {**st.notes, self._key(dec.source): action.option + 1}
        elif step == "unit" and isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in move_destinations(st, action.card, 2)]
            st.ask(self.decision(st, dec.source, opts, "to", action.card))
        elif step == "to" and isinstance(action, ChooseSpace):
            if st.on_board(dec.data[1]):
                effect_move(st, dec.data[1], action.space, 2)


# -- Dagger ----------------------------------------------------------------------------
class Backstab(Ability):
    """+3 attack against an enemy unit farther from the opponent's back row."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        me = st.ctrl[src]
        if (
            attacker == src
            and st.info.is_unit[target]
            and st.ctrl[target] != me
            and own_row(me, st.pos[src]) > own_row(me, st.pos[target])
        ):
            return value + 3
        return value


# -- Doc -------------------------------------------------------------------------------
class FirstAid(Ability):
    """Instead of attacking: an adjacent wounded common or champion, on a roll of 3+,
    loses 1 wound."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, c)
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0 and common_or_champion(st, c) and st.damage[c]
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        (die,) = st.roll(1)
        if die >= 3:
            st.heal(action.option, 1)


# -- Hawk ------------------------------------------------------------------------------
class AerialStrike(Ability):
    """After Hawk moves: pick a common within 3 spaces; on a roll of 4+ it gets 1
    wound."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move":
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        opts = [
            ChooseTarget(c)
            for c in st.board
            if c >= 0
            and st.info.is_unit[c]
            and st.info.is_common[c]
            and within(st, src, c, 3)
        ]
        st.ask(self.decision(st, src, opts, prompt="Aerial Strike"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            (die,) = st.roll(1)
            if die >= 4 and st.on_board(dec.source):
                ability_damage(st, dec.source, action.card, 1)


# -- Kyra ------------------------------------------------------------------------------
class Illusionist(Ability):
    """A common or champion attacking her with one or more missing dice: its
    controller pays 1 magic or the attack places no wounds."""

    order = 100

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        pend = pending_attack(st, roller)
        if (
            pend is None
            or pend[1] != src
            or not common_or_champion(st, roller)
            or hits(pend[0]) >= len(pend[0])
        ):
            return None
        return Trigger(self.id, src, st.ctrl[roller], (roller,))

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        roller = trig.data[0]
        payer = st.ctrl[roller]
        if st.magic[payer] >= 1:
            st.ask(
                self.decision(
                    st,
                    trig.source,
                    [YES, NO],
                    roller,
                    player=payer,
                    prompt="Illusionist: pay 1 magic, or the attack places no wounds",
                )
            )
        else:
            st.flags[self._key(trig.source)] = roller + 1

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            st.gain_magic(dec.player, -1)
        else:
            st.flags[self._key(dec.source)] = dec.data[0] + 1

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target == src and st.flags.get(self._key(src)) == attacker + 1:
            return 0
        return damage

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if target == src and st.flags:
            st.flags.pop(self._key(src), None)
        return None


# -- Sin-Sin ---------------------------------------------------------------------------
_CHARM = "first.charm:"


class Charm(Ability):
    """Instead of attacking: control an enemy common within 2 clear straight-line
    spaces until the end of the turn; you may move it up to 2 spaces at once."""

    action_phases = (ATTACK,)
    # control ends at the end of the turn even if Sin-Sin left play meanwhile
    zones = (BOARD, DISCARD, MAGIC_PILE)  # (destroyed: in a magic pile)
    hook_zones = {"actions": (BOARD,)}

    def _targets(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        return [
            c
            for c in straight_cards(st, src, 2, through=False)
            if st.info.is_unit[c] and st.info.is_common[c] and st.ctrl[c] != me
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [UseAbility(src, self.id, c) for c in self._targets(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        c = action.option
        st.flags[f"{_CHARM}{c}"] = st.ctrl[c] + 1
        st.set_controller(c, st.ctrl[src])
        ask_optional_space(
            self, st, src, move_destinations(st, c, 2), c, prompt="Charm: move it?"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.data[0]):
            effect_move(st, dec.data[0], action.space, 2)

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.flags and any(k.startswith(_CHARM) for k in st.flags):
            return self.trigger(st, src, "end")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for key in sorted(k for k in st.flags if k.startswith(_CHARM)):
            c = int(key[len(_CHARM) :])
            if st.on_board(c):
                st.set_controller(c, st.flags[key] - 1)
            del st.flags[key]


# -- Spider ----------------------------------------------------------------------------
class Infiltrate(Ability):
    """End of your turn, on the opponent's back row: you may place him next to a wall
    you control; then the opponent's summoner gets 1 wound."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        me = st.ctrl[src]
        if player == me and own_row(me, st.pos[src]) == BACK_ROW:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            ask_optional_space(
                self,
                st,
                src,
                wall_adjacent_spaces(st, st.ctrl[src]),
                prompt="Infiltrate",
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            st.place(src, action.space, dec.player)
            summ = st.info.summoners[1 - dec.player]
            if st.on_board(summ):
                st.deal_damage(summ, 1, dec.player, src)


# -- The Admiral -----------------------------------------------------------------------
class Cover(Ability):
    """An attack about to wound a friendly common or champion within 3 spaces: you may
    have the Admiral take all of its wounds instead."""

    order = 101  # after every other change to the wounds

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        pend = pending_attack(st, roller)
        if pend is None:
            return None
        target = pend[1]
        if (
            target != src
            and st.on_board(target)
            and st.ctrl[target] == st.ctrl[src]
            and common_or_champion(st, target)
            and within(st, src, target, 3)
        ):
            return self.trigger(st, src, roller, target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[0] == "take":
            n = trig.data[1]
            if st.on_board(src):
                st.deal_damage(src, n, st.turn_player, trig.data[2])
            return
        roller, target = trig.data
        pend = pending_attack(st, roller)
        if pend is None or not st.on_board(src) or not st.on_board(target):
            return
        if attack_damage(st, roller, target, pend[0], self) > 0:
            st.ask(self.decision(st, src, [YES, NO], roller, target, prompt="Cover"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            st.flags[self._key(dec.source)] = dec.data[1] + 1

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        key = self._key(src)
        if st.flags.get(key) == target + 1:
            del st.flags[key]
            if damage > 0:
                st.flags[key + ":n"] = damage
            return 0
        return damage

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        n = st.flags.pop(self._key(src) + ":n", 0) if st.flags else 0
        if n > 0:
            return Trigger(self.id, src, st.ctrl[src], ("take", n, res.attacker))
        return None


# -- Violet ----------------------------------------------------------------------------
class WhirlingBlade(Ability):
    """Her attacks pass through units; every unit between her and the target takes
    the hits of the same roll."""

    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return st.info.is_unit[blocker]

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or not st.on_board(src):
            return None
        between: list[int] = []
        for ray in RAYS[st.pos[src]]:
            if res.space in ray:
                for s in ray[: ray.index(res.space)]:
                    c = st.board[s]
                    if c >= 0 and st.info.is_unit[c]:
                        between.append(c)
        if between:
            return self.trigger(st, src, tuple(between), res.faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        between, faces = trig.data
        n = hits_of(st, src, faces)
        for c in between:
            if st.terminal:
                return
            if st.on_board(c):
                st.deal_damage(c, n, st.ctrl[src], src)


# -- Assassin --------------------------------------------------------------------------
class MarkedTarget(Ability):
    """+1 attack against a champion or summoner."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        classes = st.info.cards[target].classes
        if attacker == src and (
            CardClass.CHAMPION in classes or CardClass.SUMMONER in classes
        ):
            return value + 1
        return value


# -- Bruiser ---------------------------------------------------------------------------
def _intimidate_key(unit: int, bruiser: int) -> str:
    return f"first.intimidate:{unit}:{bruiser}"


class Intimidate(Ability):
    """A common or champion it wounds in your turn (and that survives) may attack
    this Bruiser in its controller's next turn only by paying 1 magic."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            attacker == src
            and n > 0
            and st.turn_player == st.ctrl[src]
            and st.on_board(target)
            and common_or_champion(st, target)
        ):
            # a fact to remember, no choice: kept in the notes (across the turn)
            nxt = st.turn + (2 if st.ctrl[target] == st.turn_player else 1)
            st.notes = {**st.notes, _intimidate_key(target, src): nxt}
        return None

    def _bound(self, st: GameState, src: int, attacker: int) -> bool:
        return bool(st.notes) and st.notes.get(_intimidate_key(attacker, src)) == (
            st.turn
        )

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return (
            target == src
            and self._bound(st, src, attacker)
            and st.magic[st.ctrl[attacker]] < 1
        )

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if target == src and self._bound(st, src, attacker):
            st.gain_magic(st.ctrl[attacker], -1)  # the price, paid as it attacks
            notes = dict(st.notes)
            del notes[_intimidate_key(attacker, src)]
            st.notes = notes
        return value


# -- Gunner ----------------------------------------------------------------------------
def _sneak_key(player: int) -> str:
    return f"first.sneak:{player}"


class GreaterSneak(Ability):
    """The first unit you move in your movement phase: up to 3 extra spaces; if it
    goes more than 2, no other unit of yours moves in that phase."""

    self_only = True  # (mod_move: the Gunner itself)

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            cid == src
            and st.phase == MOVE
            and st.turn_player == st.ctrl[src]
            and not st.moved
        ):
            return value + 3
        return value

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move" and st.phase == MOVE and len(path) > 2:
            st.flags[_sneak_key(st.ctrl[src])] = 1
        return None

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return (
            bool(st.flags) and st.phase == MOVE and _sneak_key(st.ctrl[cid]) in st.flags
        )


# -- Renegade --------------------------------------------------------------------------
class Versatile(Ability):
    """Movement phase: it may attack instead of moving. Attack phase: it may move up
    to 2 spaces instead of attacking."""

    action_phases = (MOVE, ATTACK)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.turn_player != st.ctrl[src]:
            return []
        if st.phase == MOVE:
            if src in st.moved or not can_still_move(st) or not st.can_move(src):
                return []
            return [UseAbility(src, self.id, t) for t in attack_targets(st, src)]
        if st.phase == ATTACK and may_attack_now(st, src) and st.can_move(src):
            spaces = move_destinations(st, src, st.move_distance(src))
            return [UseAbility(src, self.id, s) for s in spaces]
        return []

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        if st.phase == MOVE:
            st.moved.append(src)
            extra_attack(st, src, action.option)
        else:
            count_attack(st, src)
            effect_move(st, src, action.option, st.move_distance(src))


# -- Scrapper --------------------------------------------------------------------------
class Blindside(Ability):
    """Its attack wounds an adjacent enemy unit that survives: you may place another
    Scrapper you control next to that unit."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            attacker == src
            and n > 0
            and st.on_board(src)
            and st.on_board(target)
            and st.info.is_unit[target]
            and st.ctrl[target] != st.ctrl[src]
            and DIST[st.pos[src]][st.pos[target]] == 1
        ):
            return self.trigger(st, src, target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, target = trig.source, trig.data[0]
        if not st.on_board(target) or not empty_adjacent(st, target):
            return
        others = [
            c
            for c in st.units_of(st.ctrl[src])
            if c != src and is_named(st, c, "scrapper")
        ]
        ask_optional_target(self, st, src, others, "who", target, prompt="Blindside")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[0] == "who" and isinstance(action, ChooseTarget):
            target = dec.data[1]
            opts = [ChooseSpace(s) for s in empty_adjacent(st, target)]
            st.ask(self.decision(st, dec.source, opts, "to", action.card))
        elif dec.data[0] == "to" and isinstance(action, ChooseSpace):
            st.place(dec.data[1], action.space, dec.player)


# -- Slasher ---------------------------------------------------------------------------
class FatalSlash(Ability):
    """Against an adjacent unit each 6 rolled is 3 hits."""

    order = -1  # before the defences that limit the wounds

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
            attacker == src
            and st.info.is_unit[target]
            and DIST[st.pos[src]][st.pos[target]] == 1
        ):
            return damage + 2 * sum(1 for f in faces if f == 6)
        return damage


# -- Sniper ----------------------------------------------------------------------------
def _walked_key(cid: int) -> str:
    return f"first.walked:{cid}"


class SniperShot(Ability):
    """Reach 5 while it has moved at most 1 space this turn."""

    self_only = True

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move":
            key = _walked_key(src)
            st.flags[key] = st.flags.get(key, 0) + len(path)
        return None

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.flags.get(_walked_key(src), 0) <= 1:
            return max(value, 5)
        return value


# -- Thief, Heist ----------------------------------------------------------------------
class Steal(Ability):
    """End of your turn on the opponent's back row: place it next to a wall you
    control or destroy it; then the opponent puts a card from hand on your magic
    pile."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        me = st.ctrl[src]
        if player == me and own_row(me, st.pos[src]) == BACK_ROW:
            return self.trigger(st, src, "steal", src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self.start_steal(st, trig.source, trig.data[1])

    def start_steal(self, st: GameState, src: int, unit: int) -> None:
        if not st.on_board(unit):
            return
        me = st.ctrl[unit]
        opts: list[Action] = [ChooseOption(0)]  # destroy it
        opts += [ChooseSpace(s) for s in wall_adjacent_spaces(st, me)]
        st.ask(
            self.decision(
                st, src, opts, "steal", unit, player=me, prompt="Steal: place/destroy"
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step = dec.data[0]
        me = dec.player
        if step == "steal":
            unit = dec.data[1]
            if st.on_board(unit):
                if isinstance(action, ChooseSpace):
                    st.place(unit, action.space, me)
                else:
                    st.destroy(unit, me, dec.source)
            if st.terminal:
                return
            opp = 1 - me
            if st.hand[opp]:
                opts = [ChooseTarget(c) for c in st.hand[opp]]
                st.ask(
                    self.decision(
                        st,
                        dec.source,
                        opts,
                        "give",
                        me,
                        player=opp,
                        prompt="Steal: a card for their magic pile",
                    )
                )
        elif step == "give" and isinstance(action, ChooseTarget):
            if action.card in st.hand[dec.player]:
                st.to_magic_pile(action.card, dec.data[1])


_HEIST = "first.heist"


class Heist(Steal):
    """A Cloak you control has STEAL until the end of the turn."""

    hook_zones = {"end_of_turn": (DISCARD,)}

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(my_cloaks(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in my_cloaks(st, p)]
        st.ask(self.decision(st, card, opts, "grant", player=p, prompt="Heist"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[0] == "grant":
            if isinstance(action, ChooseTarget):
                st.flags[f"{_HEIST}:{dec.source}"] = action.card + 1
            return
        Steal.resolve(self, st, dec, action)

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        # each Heist card played this turn remembers its own unit
        unit = st.flags.get(f"{_HEIST}:{src}", 0) - 1 if st.flags else -1
        if (
            unit >= 0
            and st.on_board(unit)
            and st.ctrl[unit] == player
            and own_row(player, st.pos[unit]) == BACK_ROW
        ):
            return Trigger(self.id, src, player, ("steal", unit))
        return None


# -- Vlox's events ---------------------------------------------------------------------
class Assassinate(Ability):
    """Pay 2 magic: destroy a common."""

    PRICE = 2

    def _commons(self, st: GameState) -> list[int]:
        isu = st.info.is_unit
        return [c for c in st.board if c >= 0 and isu[c] and st.is_common(c)]

    def can_play(self, st: GameState, card: int) -> bool:
        return st.magic[st.turn_player] >= self.PRICE and bool(self._commons(st))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        st.gain_magic(p, -self.PRICE)
        opts = [ChooseTarget(c) for c in self._commons(st)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Assassinate"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.destroy(action.card, dec.player, dec.source)


def _cloaked_key(cid: int) -> str:
    return f"first.cloaked:{cid}"


class CloakOfShadows(Ability):
    """A common you control (or for 2 magic a champion or summoner you control): until
    your next turn begins an opponent's attack wounds it only with its 6s."""

    hook_zones = {"mod_damage": (DISCARD,)}
    order = 2
    PRICE = 2

    def _units(self, st: GameState, player: int) -> list[int]:
        rich = st.magic[player] >= self.PRICE
        return [c for c in st.units_of(player) if st.info.is_common[c] or rich]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._units(st, p)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Cloak of Shadows"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            if not st.info.is_common[action.card]:
                st.gain_magic(dec.player, -self.PRICE)
            # in force until the start of the player's next turn (turn + 2)
            st.notes = {**st.notes, _cloaked_key(action.card): st.turn + 2}

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        until = st.notes.get(_cloaked_key(target)) if st.notes else None
        enemy = st.ctrl[attacker] != st.ctrl[target]
        if until is not None and st.turn < until and enemy:
            return min(damage, sum(1 for f in faces if f == 6))
        return damage


class Spy(Ability):
    """Of the top 5 cards of the opponent's draw pile: 2 to the bottom, 1 to their
    discard pile, 2 back on top."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(st.deck[1 - st.turn_player])

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        top = tuple(st.deck[1 - p][-5:])
        arrange_top(self, st, card, p, 1 - p, 2, 1, top)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        arrange_step(self, st, dec, action)


_RAID = "first.raid"


class Raid(Ability):
    """A Thief you control may move 3 extra spaces this turn."""

    hook_zones = {"mod_move": (DISCARD,)}

    def _thieves(self, st: GameState, player: int) -> list[int]:
        return [c for c in st.units_of(player) if is_named(st, c, "thief")]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._thieves(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._thieves(st, p)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Raid"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            # R36: Raid grants no named ability, so two Raids stack (a key each)
            st.flags[f"{_RAID}:{action.card}:{dec.source}"] = 1

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if st.flags and f"{_RAID}:{cid}:{src}" in st.flags:
            return value + 3
        return value


# -- Jexik's events --------------------------------------------------------------------
class ConcealedWeapons(Ability):
    """A common or champion gets 1 wound per Cloak you control next to it."""

    def _units(self, st: GameState) -> list[int]:
        return [c for c in st.board if c >= 0 and common_or_champion(st, c)]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._units(st)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Concealed Weapons"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget) or not st.on_board(action.card):
            return
        me = dec.player
        n = sum(
            1
            for s in ADJ[st.pos[action.card]]
            if (c := st.board[s]) >= 0 and st.ctrl[c] == me and is_cloak(st, c)
        )
        st.deal_damage(action.card, n, me, dec.source)


_DIVERT = "first.divert"


class CleverDiversion(Ability):
    """This turn: a common Cloak of yours that ends a move next to an enemy wall may
    be placed next to another enemy wall."""

    zones = (DISCARD,)

    def play(self, st: GameState, card: int) -> None:
        st.flags[_DIVERT] = card + 1

    def _walls_near(self, st: GameState, cid: int) -> list[int]:
        opp = 1 - st.ctrl[cid]
        return [w for w in walls_of(st, opp) if DIST[st.pos[w]][st.pos[cid]] == 1]

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            kind == "move"
            and played(st, _DIVERT, src)
            and st.ctrl[card] == st.turn_player
            and st.info.is_common[card]
            and is_cloak(st, card)
            and self._walls_near(st, card)
        ):
            return Trigger(self.id, src, st.turn_player, (card,))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if not st.on_board(card):
            return
        near = set(self._walls_near(st, card))
        others = [w for w in walls_of(st, 1 - st.ctrl[card]) if w not in near]
        spaces = sorted({s for w in others for s in ADJ[st.pos[w]] if st.board[s] < 0})
        ask_optional_space(
            self, st, trig.source, spaces, card, player=trig.player, prompt="Divert"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.data[0]):
            st.place(dec.data[0], action.space, dec.player)


_VANISH = "first.vanish"


class Vanish(Ability):
    """This turn each of your Cloaks, once, before moving in your movement phase or
    after attacking, may pay 1 magic to be placed on an empty space of your side."""

    zones = (DISCARD,)
    action_phases = (MOVE,)

    def play(self, st: GameState, card: int) -> None:
        st.flags[_VANISH] = card + 1

    def _ready(self, st: GameState, src: int, unit: int) -> bool:
        p = st.turn_player
        return (
            played(st, _VANISH, src)
            and st.ctrl[unit] == p
            and is_cloak(st, unit)
            and st.magic[p] >= 1
            and f"{_VANISH}:{unit}" not in st.flags
        )

    def _spaces(self, st: GameState, player: int) -> list[int]:
        return [
            s for s in range(48) if st.board[s] < 0 and own_row(player, s) < SIDE_ROWS
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.phase != MOVE or not played(st, _VANISH, src):
            return []
        if not can_still_move(st):
            return []
        return [
            UseAbility(src, self.id, c)
            for c in my_cloaks(st, st.turn_player)
            if c not in st.moved and st.can_move(c) and self._ready(st, src, c)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        self._ask(st, src, action.option, optional=False)

    def _ask(self, st: GameState, src: int, unit: int, *, optional: bool) -> None:
        spaces = self._spaces(st, st.turn_player)
        opts: list[Action] = [NO] if optional else []
        opts += [ChooseSpace(s) for s in spaces]
        st.ask(
            self.decision(st, src, opts, unit, player=st.turn_player, prompt="Vanish")
        )

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if st.on_board(attacker) and self._ready(st, src, attacker):
            return Trigger(self.id, src, st.turn_player, (attacker,))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        unit = trig.data[0]
        if st.on_board(unit) and self._ready(st, trig.source, unit):
            self._ask(st, trig.source, unit, optional=True)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        unit = dec.data[0]
        if isinstance(action, ChooseSpace) and st.on_board(unit):
            st.flags[f"{_VANISH}:{unit}"] = 1
            st.gain_magic(dec.player, -1)
            st.place(unit, action.space, dec.player)


_DARING = "first.daring"
_RISKY = "first.risky:"


class DaringPlan(Ability):
    """This turn your common and champion Cloaks have +2 attack against units in your
    attack phase; one whose such attack leaves its target alive is discarded as the
    attack phase ends."""

    zones = (DISCARD,)

    def play(self, st: GameState, card: int) -> None:
        st.flags[_DARING] = card + 1

    def _risky(self, st: GameState, src: int, attacker: int, target: int) -> bool:
        return (
            played(st, _DARING, src)
            and st.phase == ATTACK
            and st.ctrl[attacker] == st.turn_player
            and common_or_champion(st, attacker)
            and is_cloak(st, attacker)
            and st.info.is_unit[target]
        )

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if self._risky(st, src, attacker, target):
            st.flags[f"{_RISKY}{attacker}"] = target + 1
            return value + 2
        return value

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        key = f"{_RISKY}{attacker}"
        if played(st, _DARING, src) and st.flags.get(key) == target + 1:
            if st.on_board(target):
                st.flags[key] = -1  # failed: discarded as the phase ends
            else:
                del st.flags[key]
        return None

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and played(st, _DARING, src):
            return Trigger(self.id, src, st.turn_player, ())
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for key in sorted(k for k in st.flags if k.startswith(_RISKY)):
            c = int(key[len(_RISKY) :])
            if st.flags[key] == -1 and st.on_board(c):
                st.discard_card(c)
            del st.flags[key]


ABILITIES: dict[str, type[Ability]] = {
    "vlox.master-of-the-art": MasterOfTheArt,
    "jexik.brilliant-strategist": BrilliantStrategist,
    "dagger.backstab": Backstab,
    "doc.first-aid": FirstAid,
    "hawk.aerial-strike": AerialStrike,
    "kyra.illusionist": Illusionist,
    "scam.escape": Escape,
    "sin-sin.charm": Charm,
    "spider.infiltrate": Infiltrate,
    "the-admiral.cover": Cover,
    "violet.whirling-blade": WhirlingBlade,
    "assassin.marked-target": MarkedTarget,
    "bruiser.intimidate": Intimidate,
    "gunner.greater-sneak": GreaterSneak,
    "renegade.versatile": Versatile,
    "scrapper.blindside": Blindside,
    "slasher.fatal-slash": FatalSlash,
    "sniper.sniper-shot": SniperShot,
    "thief.steal": Steal,
    "assassinate.effect": Assassinate,
    "cloak-of-shadows.effect": CloakOfShadows,
    "spy.effect": Spy,
    "raid.effect": Raid,
    "heist.effect": Heist,
    "concealed-weapons.effect": ConcealedWeapons,
    "clever-diversion.effect": CleverDiversion,
    "vanish.effect": Vanish,
    "daring-plan.effect": DaringPlan,
}
