"""Mountain Vargath (first edition, Master Set), Sunderved's deck and the faction's
other cards: research/first-edition.md 2.7.7 (texts:
cards/data/first/mountain-vargath.yaml).

Units
- Sunderved, *Command*: your Mountain Vargath commons within 2 spaces of him (4 with
  Greater Command) attack with +1 die (judged as the attack is made).
- Bellor, *Retribution*: when an adjacent unit attacks him and he survives, roll a
  die: on 3+ the attacker gets 1 wound.
- Growden, *Sunder Hammer*: at the end of your turn you may put 2 wounds on a wall
  next to him (either side's).
- Luka, *Disruption Field*: an enemy unit within 3 spaces of Luka as a turn begins
  (either player's turn) has no abilities for that turn; the field is Luka's, so it
  ends early if Luka leaves the battlefield.
- Quen, *Chain Lightning*: once per turn, after she attacks, you may pay 1 magic: she
  attacks once more (an extra attack, R17).
- Torodin, *Trample* (each common passed takes 1 wound per move, FAQ); the Brute,
  *Knock Around* (the move is a push): :mod:`.common`.
- Varn, *Emboldened*: +1 die per friendly Mountain Vargath unit next to him when he
  attacks.
- Rusher, *Rush*: a normal move that starts on your side of the battlefield may go 2
  spaces farther.
- Storm Mage, *Call Lightning*: instead of attacking, 1 or 2 wounds (the player
  chooses: "up to 2") on a unit next to it, then 1 wound on itself.
- Warden, *Steadfast*: attacked while next to an enemy wall with 3 or more life left,
  it takes at most 1 wound from that attack.
- Warrior, *Battle Frenzy*: +1 die against a common while it stands on the opponent's
  side.

Events
- Muster: place up to 2 commons you control, one after the other, on empty spaces
  next to your summoner (the second may take the first's old space, FAQ; a place, not
  a move).
- Greater Command: Command reaches 4 spaces until the end of the turn.
- Superior Planning: take a Sunderved event (not a wall) from your draw pile or your
  discard pile into your hand, then shuffle the draw pile (the engine keeps
  magic-pile cards in the discard piles, see :mod:`engine.rulesets.first.magic`).
- Torodin's Advance: Torodin's normal moves go 2 spaces farther this turn (several
  copies add up, FAQ).
- Fall Back: choose a wall you control; at the end of your turn you may place your
  summoner, then up to 2 commons you control, next to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget, UseAbility
from engine.core.board import ADJ, DIST, own_row
from engine.core.effects import ability_damage, count_attack, may_attack_now
from engine.core.hooks import DISCARD, HAND, Ability, Decision, Trigger
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.first.abilities.common import (
    KnockAround,
    Trample,
    adjacent_cards,
    walls_of,
)
from engine.rulesets.first.abilities.jungle_elves import AttackAgain
from engine.rulesets.first.events import SIDE_ROWS

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "mountain-vargath"


def is_vargath(st: GameState, cid: int) -> bool:
    return st.info.is_unit[cid] and st.info.cards[cid].faction == FACTION


def on_enemy_side(st: GameState, cid: int) -> bool:
    return own_row(st.ctrl[cid], st.pos[cid]) >= SIDE_ROWS


def _greater(player: int) -> str:
    return f"first.greater-command.{player}"


class Command(Ability):
    """Your Mountain Vargath commons within 2 spaces of him attack with +1 die."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            attacker != src
            and st.ctrl[attacker] == st.ctrl[src]
            and st.info.is_common[attacker]
            and is_vargath(st, attacker)
        ):
            reach = 4 if st.flags.get(_greater(st.ctrl[src])) else 2
            if DIST[st.pos[src]][st.pos[attacker]] <= reach:
                return value + 1
        return value


class Retribution(Ability):
    """When an adjacent unit attacks him and he survives, roll a die: on 3+ the
    attacker gets 1 wound."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            target == src
            and st.on_board(src)
            and st.on_board(attacker)
            and st.info.is_unit[attacker]
            and st.pos[attacker] in ADJ[st.pos[src]]
        ):
            return self.trigger(st, src, attacker)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        attacker = trig.data[0]
        if not (st.on_board(attacker) and st.on_board(trig.source)):
            return
        (die,) = st.roll(1)
        if die >= 3:
            ability_damage(st, trig.source, attacker, 1)


class SunderHammer(Ability):
    """At the end of your turn you may put 2 wounds on a wall next to him."""

    def _walls(self, st: GameState, src: int) -> list[int]:
        static = st.info.gate_static
        return [c for c in adjacent_cards(st, src) if static[c]]

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src] and self._walls(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in self._walls(st, src)]
            if len(opts) > 1:
                st.ask(self.decision(st, src, opts, prompt="Sunder Hammer"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(dec.source):
            ability_damage(st, dec.source, action.card, 2)


class DisruptionField(Ability):
    """Enemy units within 3 spaces of Luka as a turn begins have no abilities that
    turn."""

    def _key(self, src: int, cid: int) -> str:
        return f"{self.id}:{src}:{cid}"

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        me = st.ctrl[src]
        dist = DIST[st.pos[src]]
        for c in st.units_of(1 - me):
            if dist[st.pos[c]] <= 3:
                st.flags[self._key(src, c)] = 1  # bookkeeping only
        return None

    def blanks(self, st: GameState, src: int, cid: int) -> bool:
        return bool(st.flags) and self._key(src, cid) in st.flags


class ChainLightning(AttackAgain):
    """Once per turn, after Quen attacks, you may pay 1 magic: she attacks again."""

    price = 1


class Emboldened(Ability):
    """+1 attack per friendly Mountain Vargath unit next to him."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src:
            return value
        me = st.ctrl[src]
        return value + sum(
            1 for c in adjacent_cards(st, src) if st.ctrl[c] == me and is_vargath(st, c)
        )


class Rush(Ability):
    """A normal move that starts on your side may go 2 spaces farther."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.phase == MOVE and not on_enemy_side(st, src):
            return value + 2
        return value


class CallLightning(Ability):
    """Instead of attacking: up to 2 wounds on a unit next to it, 1 on itself.
    ``option`` = target * 2 + wounds - 1."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, c * 2 + n - 1)
            for c in adjacent_cards(st, src)
            if st.info.is_unit[c]
            for n in (1, 2)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        target, n = divmod(action.option, 2)
        ability_damage(st, src, target, n + 1)
        if not st.terminal and st.on_board(src):
            ability_damage(st, src, src, 1)


class Steadfast(Ability):
    """Attacked while next to an enemy wall with 3+ life left, it takes at most 1
    wound from that attack."""

    order = 4

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target != src or damage <= 1:
            return damage
        static = st.info.gate_static
        for c in adjacent_cards(st, src):
            if (
                static[c]
                and st.ctrl[c] != st.ctrl[src]
                and st.life(c) - st.damage[c] >= 3
            ):
                return 1
        return damage


class BattleFrenzy(Ability):
    """+1 attack against a common while it stands on the opponent's side."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            attacker == src
            and st.info.is_common[target]
            and st.info.is_unit[target]
            and on_enemy_side(st, src)
        ):
            return value + 1
        return value


# -- events ----------------------------------------------------------------------------
def _commons(st: GameState, player: int) -> list[int]:
    return [c for c in st.units_of(player) if st.info.is_common[c]]


class Muster(Ability):
    """Place up to 2 commons you control next to your summoner, one after the other."""

    def _spaces(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ):
            return []
        return [s for s in ADJ[st.pos[summ]] if st.board[s] < 0]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(_commons(st, p)) and bool(self._spaces(st, p))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, 2, ())

    def _ask(
        self, st: GameState, card: int, p: int, left: int, done: tuple[int, ...]
    ) -> None:
        rest = [c for c in _commons(st, p) if c not in done]
        if left <= 0 or not rest or not self._spaces(st, p):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in rest]
        st.ask(self.decision(st, card, opts, "unit", left, done, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step, left, done = dec.data[0], dec.data[1], dec.data[2]
        p = dec.player
        if step == "unit":
            if isinstance(action, ChooseTarget):
                opts = [ChooseSpace(s) for s in self._spaces(st, p)]
                st.ask(
                    self.decision(
                        st, dec.source, opts, "space", left, done, action.card, player=p
                    )
                )
            return
        if isinstance(action, ChooseSpace):
            unit = dec.data[3]
            if st.on_board(unit):
                st.place(unit, action.space, p)
            self._ask(st, dec.source, p, left - 1, done + (unit,))


class GreaterCommand(Ability):
    """Command reaches 4 spaces until the end of the turn."""

    def play(self, st: GameState, card: int) -> None:
        st.flags[_greater(st.turn_player)] = 1


SUNDERVED_EVENTS = frozenset(
    {"muster", "greater-command", "superior-planning", "torodins-advance", "fall-back"}
)


class SuperiorPlanning(Ability):
    """Take a Sunderved event from your draw or discard pile into your hand, then
    shuffle your draw pile."""

    def _cards(self, st: GameState, card: int) -> list[int]:
        p = st.turn_player
        cards = st.info.cards
        return sorted(
            c
            for c in st.deck[p] + st.discard[p]
            if c != card and cards[c].slug in SUNDERVED_EVENTS
        )

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._cards(st, card))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in self._cards(st, card)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            p = dec.player
            st.remove_from_zone(action.card)
            st.zone[action.card] = HAND
            st.ctrl[action.card] = p  # (a discard pile may hold any card)
            st.hand[p].append(action.card)
            st.rng.shuffle(st.deck[p])


class TorodinsAdvance(Ability):
    """Torodin's normal moves go 2 spaces farther this turn (copies add up)."""

    zones = (DISCARD,)

    def _key(self, player: int) -> str:
        return f"first.torodins-advance.{player}"

    def play(self, st: GameState, card: int) -> None:
        key = self._key(st.turn_player)
        st.flags[key] = st.flags.get(key, 0) + 1
        st.flags[f"{key}.by"] = card  # which copy in the discard applies it

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if not st.flags or st.info.cards[cid].slug != "torodin":
            return value
        key = self._key(st.ctrl[cid])
        if st.flags.get(f"{key}.by", -1) != src:
            return value
        return value + 2 * st.flags.get(key, 0)


class FallBack(Ability):
    """Choose a wall you control; at the end of your turn you may place your summoner
    and up to 2 commons you control next to it."""

    zones = (DISCARD,)

    def _key(self, card: int) -> str:
        return f"first.fall-back.{card}"

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(walls_of(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(w) for w in walls_of(st, st.turn_player)]
        st.ask(self.decision(st, card, opts, "wall", player=st.turn_player))

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.flags and self._key(src) in st.flags:
            return Trigger(self.id, src, player, ("end",))
        return None

    def _spaces(self, st: GameState, wall: int) -> list[int]:
        if not st.on_board(wall):
            return []
        return [s for s in ADJ[st.pos[wall]] if st.board[s] < 0]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        wall = st.flags[self._key(trig.source)] - 1
        summ = st.info.summoners[trig.player]
        spaces = self._spaces(st, wall)
        if not spaces:
            return
        if st.on_board(summ):
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(
                self.decision(
                    st, trig.source, opts, "summoner", wall, player=trig.player
                )
            )
        else:
            self._ask_common(st, trig.source, trig.player, wall, 2, ())

    def _ask_common(
        self,
        st: GameState,
        card: int,
        p: int,
        wall: int,
        left: int,
        done: tuple[int, ...],
    ) -> None:
        rest = [c for c in _commons(st, p) if c not in done]
        if left <= 0 or not rest or not self._spaces(st, wall):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in rest]
        st.ask(self.decision(st, card, opts, "unit", wall, left, done, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step = dec.data[0]
        p = dec.player
        if step == "wall":
            if isinstance(action, ChooseTarget):
                st.flags[self._key(dec.source)] = action.card + 1
            return
        wall = dec.data[1]
        if step == "summoner":
            if isinstance(action, ChooseSpace):
                summ = st.info.summoners[p]
                st.place(summ, action.space, st.ctrl[summ])
            self._ask_common(st, dec.source, p, wall, 2, ())
            return
        left, done = dec.data[2], dec.data[3]
        if step == "unit":
            if isinstance(action, ChooseTarget):
                opts = [ChooseSpace(s) for s in self._spaces(st, wall)]
                st.ask(
                    self.decision(
                        st,
                        dec.source,
                        opts,
                        "space",
                        wall,
                        left,
                        done,
                        action.card,
                        player=p,
                    )
                )
            return
        if isinstance(action, ChooseSpace):
            unit = dec.data[4]
            if st.on_board(unit):
                st.place(unit, action.space, p)
            self._ask_common(st, dec.source, p, wall, left - 1, done + (unit,))


ABILITIES: dict[str, type[Ability]] = {
    "sunderved.command": Command,
    "bellor.retribution": Retribution,
    "growden.sunder-hammer": SunderHammer,
    "luka.disruption-field": DisruptionField,
    "quen.chain-lightning": ChainLightning,
    "torodin.trample": Trample,
    "varn.emboldened": Emboldened,
    "brute.knock-around": KnockAround,
    "rusher.rush": Rush,
    "storm-mage.call-lightning": CallLightning,
    "warden.steadfast": Steadfast,
    "warrior-mountain-vargath.battle-frenzy": BattleFrenzy,
    "muster.effect": Muster,
    "greater-command.effect": GreaterCommand,
    "superior-planning.effect": SuperiorPlanning,
    "torodins-advance.effect": TorodinsAdvance,
    "fall-back.effect": FallBack,
}
