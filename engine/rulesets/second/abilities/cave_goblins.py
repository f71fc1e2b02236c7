"""Cave Goblins (Master Set): all 12 cards. Texts: the card data in
cards/data/cave-goblins.yaml; examples in the Hungarian second-edition rulebook (Sunyi
= Sneeks, Szörnylovas = Beast Rider, Parittyás hordatag = Horde Slinger, Settenkedés =
Sneak). Shared mechanics come from :mod:`engine.core.effects`.

Readings (where the paraphrased texts leave room; each is tested):
- "0-cost unit": a unit whose printed cost is 0 (summoners have no cost: never 0).
- Sly is a swap (R8e): neither a move nor a force, so no "after move" effects; usable
  once per turn at any time of your attack phase when nothing is resolving.
- Relentless (Hungarian second-edition rulebook, "Könyörtelen": an attack with this
  unit is an extra attack):
  the unit still attacks once per attack phase, but its attack never counts toward the
  3 attackers (core hook ``extra_attack``).
- Charge: a straight line of 1-4 empty spaces instead of the normal move; it is a move
  (counts toward the 3 units, "after move" effects fire). A charge of 1-2 spaces is the
  same as the normal move along that line, so only longer charges (or ones beyond the
  unit's current move distance) are offered as extra actions.
- Climb: move distance 3 and may pass through structures (never end on one). The core
  move rule lets a path cross one occupied space (``Move.via``).
- Cling: "starts its move next to this unit" is checked on the space the friendly unit
  left (``after_move_from``); a force is not a move. Placing the Clinger is a place
  (R8e), not a move, so Immobile does not stop it.
- Blood Runes: with 0 magic only the damage can be chosen (applied without asking).
- The Eater: "destroyed a unit" = one of its attacks destroyed a unit (a unit returned
  to hand by Unrelenting was not destroyed). The engine never offers your own summoner
  to feed it (discarding it would lose the game); discarding is not destroying.
- Magic Junkie: with 0 magic Smeg is discarded without asking; discarding is not
  destroying (no magic for anyone, no "when destroyed" effects).
- Enrage the Horde: each friendly 0-cost unit may make one extra attack (R8e extra:
  also units that attacked this turn), one after the other, each resolving fully
  before the next is chosen; NO ends the event.
- Pile On: +1 die for the attack per other friendly unit adjacent to the target
  (the attacker itself and the target do not count); counted when the attack rolls.
- An event is offered only when its effect can do something (Enrage the Horde needs an
  attack to make, Sneak a unit to force).
- Unrelenting: the common goes to its owner's hand (tokens removed, cards under it
  discarded); no magic is gained for it (R8e "instead of").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, DIST, RAYS
from engine.core.effects import (
    AtYourPhaseEnd,
    AtYourPhaseStart,
    ask_optional_space,
    attack_targets,
    empty_adjacent,
    extra_attack,
    return_to_hand,
)
from engine.core.hooks import (
    ACTIVE,
    DISCARD,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.second.abilities.mechanics import ImbuedStrength

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- shared helpers --------------------------------------------------------------------
def zero_cost(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].cost == 0


def zero_cost_units(st: GameState, player: int) -> list[int]:
    return [c for c in st.units_of(player) if zero_cost(st, c)]


def swap(st: GameState, a: int, b: int) -> None:
    """Exchange the spaces of two battlefield cards (R8e swap: no move, no force)."""
    pa, pb = st.pos[a], st.pos[b]
    st.board[pa] = b
    st.board[pb] = a
    st.pos[a] = pb
    st.pos[b] = pa


# -- Sneeks ----------------------------------------------------------------------------
class Sly(Ability):
    """Once per turn, in your attack phase, swap Sneeks with a friendly 0-cost unit."""

    action_phases = (ATTACK,)  # ``actions`` offers nothing in other phases

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if st.phase != ATTACK or st.turn_player != me:
            return []
        if st.flags.get(f"{self.id}:{src}"):
            return []
        return [
            UseAbility(src, self.id, c) for c in zero_cost_units(st, me) if c != src
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.flags[f"{self.id}:{src}"] = 1
        swap(st, src, action.option)


# -- Blarf -----------------------------------------------------------------------------
class BloodRunes(AtYourPhaseStart):
    """When your attack phase begins: pay 1 magic for 1 boost on Blarf (option 0), or
    deal 1 damage to Blarf (option 1)."""

    phase = ATTACK

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if st.magic[st.ctrl[src]] < 1:
            st.deal_damage(src, 1, st.ctrl[src])  # self-inflicted: no source
            return
        opts = [ChooseOption(0), ChooseOption(1)]
        st.ask(self.decision(st, src, opts, prompt="Blood Runes: 0 boost, 1 damage"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        me = st.ctrl[src]
        if isinstance(action, ChooseOption) and action.option == 0:
            st.gain_magic(me, -1)
            st.boost[src] += 1
        else:
            st.deal_damage(src, 1, me)


class BlarfImbuedStrength(ImbuedStrength):
    """The shared mechanic :class:`ImbuedStrength` (its docstring says what it does)."""


# -- Smeg ------------------------------------------------------------------------------
class MagicJunkie(Ability):
    """When your turn ends: pay 1 magic (option 0) or discard Smeg (option 1)."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if st.magic[st.ctrl[src]] < 1:
            st.discard_card(src)
            return
        opts = [ChooseOption(0), ChooseOption(1)]
        st.ask(self.decision(st, src, opts, prompt="Magic Junkie: 0 pay, 1 discard"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseOption) and action.option == 0:
            st.gain_magic(st.ctrl[src], -1)
        elif st.on_board(src):
            st.discard_card(src)


class Relentless(Ability):
    """Its attack in your attack phase is an extra attack (not one of the 3)."""

    def extra_attack(self, st: GameState, src: int, unit: int) -> bool:
        return unit == src


class SmegRelentless(Relentless):
    """The shared mechanic :class:`Relentless` (its docstring says what it does)."""


class SlingerRelentless(Relentless):
    """The shared mechanic :class:`Relentless` (its docstring says what it does)."""


# -- The Eater -------------------------------------------------------------------------
class FeedTheEater(AtYourPhaseEnd):
    """When your attack phase ends, unless The Eater destroyed a unit this turn,
    discard The Eater or a friendly unit adjacent to it (your choice)."""

    phase = ATTACK

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        # bookkeeping only (no effect to order): remember the kill at once
        if (
            res.attacker == src
            and st.info.is_unit[res.target]
            and st.zone[res.target] == DISCARD
        ):
            st.flags[f"{self.id}:{src}"] = 1
        return None

    def ready(self, st: GameState, src: int) -> bool:
        return not st.flags.get(f"{self.id}:{src}")

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        board = st.board
        summoners = st.info.summoners
        food = [
            board[s]
            for s in ADJ[st.pos[src]]
            if board[s] >= 0
            and st.ctrl[board[s]] == me
            and st.info.is_unit[board[s]]
            and board[s] not in summoners
        ]
        if not food:
            st.discard_card(src)
            return
        opts: list[Action] = [ChooseTarget(src)]
        opts += [ChooseTarget(c) for c in food]
        st.ask(self.decision(st, src, opts, prompt="Feed the Eater: discard one"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.discard_card(action.card)


# -- Beast Rider -----------------------------------------------------------------------
class Charge(Ability):
    """Instead of its normal move: 1-4 empty spaces in a straight line; 3 or more
    gives +1 strength until the end of the turn. ``option`` = destination space."""

    action_phases = (MOVE,)  # ``actions`` offers nothing in other phases

    self_only = True

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.phase != MOVE or st.turn_player != st.ctrl[src]:
            return []
        if src in st.moved or len(st.moved) >= st.info.ruleset.max_movers:
            return []
        if not st.can_move(src):
            return []
        normal = st.move_distance(src)
        board = st.board
        out: list[Action] = []
        for ray in RAYS[st.pos[src]]:
            for i, s in enumerate(ray[:4]):
                if board[s] >= 0:
                    break
                if i + 1 >= 3 or i + 1 > normal:
                    out.append(UseAbility(src, self.id, s))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        dest = action.option
        path: tuple[int, ...] = ()
        for ray in RAYS[st.pos[src]]:
            if dest in ray[:4]:
                path = ray[: ray.index(dest) + 1]
                break
        st.moved.append(src)
        if len(path) >= 3:
            st.flags[f"{self.id}:{src}"] = 1
        st.relocate(src, dest, "move", path)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.flags.get(f"{self.id}:{src}"):
            return value + 1
        return value


# -- Horde Climber ---------------------------------------------------------------------
class Climb(Ability):
    """Moves 1 extra space and may move through structures."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return st.info.is_structure[other]


# -- Horde Clinger ---------------------------------------------------------------------
class Immobile(Ability):
    """This unit cannot move."""

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src


class Cling(Ability):
    """When a friendly unit starts a move next to this unit, after that move you may
    place this unit on an empty space next to that unit."""

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if kind != "move" or card == src or st.ctrl[card] != st.ctrl[src]:
            return None
        if not st.info.is_unit[card] or DIST[start][st.pos[src]] != 1:
            return None
        return self.trigger(st, src, card)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, unit = trig.source, trig.data[0]
        if not (st.on_board(src) and st.on_board(unit)):
            return
        spaces = empty_adjacent(st, unit)
        ask_optional_space(self, st, src, spaces, unit, prompt="Cling")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            st.place(src, action.space, st.ctrl[src])


# -- Events ----------------------------------------------------------------------------
class EnrageTheHorde(Ability):
    """Every friendly 0-cost unit may make one extra attack now (magic phase). The
    options are the attacks themselves; NO ends the event."""

    def _options(
        self, st: GameState, player: int, done: tuple[int, ...]
    ) -> list[Action]:
        out: list[Action] = []
        for u in zero_cost_units(st, player):
            if u not in done:
                out += [Attack(u, t) for t in attack_targets(st, u)]
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._options(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, ())

    def _next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        attacks = self._options(st, player, done)
        if attacks:
            st.ask(
                Decision(
                    player,
                    self.id,
                    card,
                    (NO, *attacks),
                    (done,),
                    "Enrage the Horde: next attack",
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, Attack):
            return
        done: tuple[int, ...] = dec.data[0] + (action.attacker,)
        # the next choice comes after this attack and its effects have resolved
        st.stack.append(Trigger(self.id, dec.source, dec.player, (done,)))
        extra_attack(st, action.attacker, action.target)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._next(st, trig.source, trig.player, trig.data[0])


class PileOn(Ability):
    """ACTIVE: Gang Up for friendly units: +1 strength for an attack per other
    friendly unit adjacent to its target."""

    zones = (ACTIVE,)

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        me = st.ctrl[src]
        if st.ctrl[attacker] != me or not st.info.is_unit[attacker]:
            return value
        if not st.on_board(target):
            return value
        board = st.board
        isu = st.info.is_unit
        n = 0
        for s in ADJ[st.pos[target]]:
            c = board[s]
            if c >= 0 and c != attacker and isu[c] and st.ctrl[c] == me:
                n += 1
        return value + n


class Sneak(Ability):
    """Force any number of friendly 0-cost units 1 space each (one at a time; NO
    stops)."""

    def _candidates(
        self, st: GameState, player: int, done: tuple[int, ...]
    ) -> list[int]:
        forcing = "prevents_force" in st.info.hooks
        return [
            u
            for u in zero_cost_units(st, player)
            if u not in done
            and empty_adjacent(st, u)
            and not (forcing and not st.can_be_forced(u))
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._candidates(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, ())

    def _next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        cands = self._candidates(st, player, done)
        if cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(u) for u in cands]
            st.ask(Decision(player, self.id, card, tuple(opts), ("pick", done)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            unit = action.card
            opts = tuple(ChooseSpace(s) for s in empty_adjacent(st, unit))
            st.ask(
                Decision(dec.player, self.id, dec.source, opts, ("push", done, unit))
            )
        elif isinstance(action, ChooseSpace):
            unit = dec.data[2]
            done = done + (unit,)
            st.stack.append(Trigger(self.id, dec.source, dec.player, done))
            st.force(unit, action.space)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._next(st, trig.source, trig.player, trig.data)


class Unrelenting(Ability):
    """ACTIVE: a friendly common that would be destroyed goes to your hand instead."""

    zones = (ACTIVE,)

    def instead_of_destroy(self, st: GameState, src: int, card: int) -> bool:
        if not st.info.is_common[card] or st.ctrl[card] != st.ctrl[src]:
            return False
        return_to_hand(st, card)
        return True


ABILITIES: dict[str, type[Ability]] = {
    "sneeks.sly": Sly,
    "blarf.blood-runes": BloodRunes,
    "blarf.imbued-strength": BlarfImbuedStrength,
    "smeg.magic-junkie": MagicJunkie,
    "smeg.relentless": SmegRelentless,
    "horde-slinger.relentless": SlingerRelentless,
    "the-eater.feed-the-eater": FeedTheEater,
    "beast-rider.charge": Charge,
    "horde-climber.climb": Climb,
    "horde-clinger.immobile": Immobile,
    "horde-clinger.cling": Cling,
    "enrage-the-horde.effect": EnrageTheHorde,
    "pile-on.effect": PileOn,
    "sneak.effect": Sneak,
    "unrelenting.effect": Unrelenting,
}
