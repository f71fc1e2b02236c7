"""Savanna Elves (Master Set): all 12 cards. Texts: the card data in
cards/data/savanna-elves.yaml. Shared mechanics come from
:mod:`engine.core.effects`.

Interpretations (where the paraphrased texts leave room):
- "within N spaces" / "up to N spaces away" count orthogonally (R8e); never itself.
- Imbued Strength / Life / Speed: +1 per boost on the card, at most +5; life is
  checked again whenever boost is removed (a unit at 0 life is destroyed, R7).
- Prepare ("instead of moving") counts toward the 3 units that move (R5, R8e) and is
  offered only while the unit could move (no ``prevents_move``).
- Swift Shot: the extra attack is made at once (R8e "extra": beyond the limits); the
  once-per-turn limit counts uses, not declined offers.
- Withdraw: pay 1 boost from Miti Kyru or 1 magic, then force her 1 or 2 spaces in a
  straight line through empty spaces (R8e force); offered only if she can be forced.
- Trample: through common units only (not champions, summoners or structures), never
  ending on one (glossary "through"); each common passed takes 1 damage once, after the
  move, friendly ones too.
- Commune with Spirits: a choice with only one possible option resolves by itself.
- Chant of Power: any common or champion (either side) within 3 of your summoner; the
  borrowed Imbued Strength does not add to one the card already has (R8e: an ability
  had twice counts once). Kept in ``st.flags`` until the turn ends.
- Chant of Weaving: the chosen unit is kept in ``st.flags`` (you summon only in your
  own turn). Every unit you summon next to that unit gives it 1 boost, whatever space
  rule allowed the summon.
- Chant of Entangling: the pair is kept in ``st.notes`` (it lasts into the opponent's
  turn); abilities a card already has by name are not doubled; the effect is off as
  soon as either card is not on the battlefield, and the event is discarded when one
  of them is destroyed.
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
from engine.core.board import ADJ, DIST
from engine.core.effects import (
    AfterOwnMove,
    Borrowing,
    PickOneEvent,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    extra_attack,
    fix_lethal,
    friendly_units_within,
    near_summoner,
    spend_boost,
    straight_spaces,
)
from engine.core.hooks import (
    ACTIVE,
    BOARD,
    DISCARD,
    Ability,
    Decision,
    Trigger,
)
from engine.core.phases import MOVE
from engine.rulesets.second.abilities.mechanics import ImbuedStrength, Trample, imbued

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Abua Shi --------------------------------------------------------------------------
class SpiritBond(AfterOwnMove):
    """After Abua Shi moves she may choose a friendly unit within 3 spaces: it gains 1
    boost and every boost on Abua Shi moves onto it."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        ask_optional_target(
            self, st, src, friendly_units_within(st, src, 3), prompt="Spirit Bond"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            src = dec.source
            st.boost[action.card] += 1 + st.boost[src]
            spend_boost(st, src, st.boost[src])


# -- Prepare, Swift Shot (Makeinda Ru, Border Archer) ----------------------------------
class Prepare(Ability):
    """It may gain 1 boost instead of moving."""

    action_phases = (MOVE,)  # ``actions`` offers nothing in other phases

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.phase != MOVE
            or st.stack
            or src in st.moved
            or len(st.moved) >= 3
            or st.ctrl[src] != st.turn_player
            or not st.can_move(src)
        ):
            return []
        return [UseAbility(src, self.id)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        st.moved.append(src)
        st.boost[src] += 1


class MakeindaPrepare(Prepare):
    pass


class BorderArcherPrepare(Prepare):
    pass


class SwiftShot(Ability):
    """Once per turn, after it attacks, you may remove 1 of its boost: it makes one
    extra attack.

    Reading: the extra attack is made at once (R8e "extra"); "once per turn" counts
    uses, so a declined offer may come again after a later attack."""

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def _ready(self, st: GameState, src: int) -> bool:
        return (
            st.on_board(src)
            and st.boost[src] > 0
            and not st.flags.get(self._key(src))
            and bool(attack_targets(st, src))
        )

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src and self._ready(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if self._ready(st, trig.source):
            st.ask(
                self.decision(st, trig.source, [YES, NO], "ask", prompt="Swift Shot")
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, YesNo):
            if not action.yes:
                return
            st.flags[self._key(src)] = 1
            spend_boost(st, src)
            if st.on_board(src):
                opts = [ChooseTarget(t) for t in attack_targets(st, src)]
                st.ask(self.decision(st, src, opts, "attack", prompt="extra attack"))
        elif isinstance(action, ChooseTarget):
            extra_attack(st, src, action.card)


class MakeindaSwiftShot(SwiftShot):
    pass


class BorderArcherSwiftShot(SwiftShot):
    pass


# -- Miti Kyru -------------------------------------------------------------------------
class Inspire(AfterOwnMove):
    """After it moves, each friendly unit adjacent to it gains 1 boost."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        for s in ADJ[st.pos[src]]:
            c = st.board[s]
            if c >= 0 and st.ctrl[c] == me and st.info.is_unit[c]:
                st.boost[c] += 1


class Withdraw(Ability):
    """After it attacks you may pay 1 of its boost or 1 magic to force it 1 or 2
    spaces.

    Reading: force = one straight line through empty spaces (R8e); offered only when
    such a space exists and nothing forbids forcing her."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self.trigger(st, src) if attacker == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not st.can_be_forced(src):
            return
        if not straight_spaces(st, src, 2):
            return
        opts: list[Action] = [NO]
        if st.boost[src] > 0:
            opts.append(ChooseOption(0))  # pay 1 boost
        if st.magic[st.ctrl[src]] > 0:
            opts.append(ChooseOption(1))  # pay 1 magic
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Withdraw: pay boost or magic"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseOption):
            if action.option == 0:
                spend_boost(st, src)
            else:
                st.gain_magic(st.ctrl[src], -1)
            if st.on_board(src):
                opts = [ChooseSpace(s) for s in straight_spaces(st, src, 2)]
                st.ask(self.decision(st, src, opts, prompt="Withdraw: where"))
        elif isinstance(action, ChooseSpace):
            st.force(src, action.space)


# -- Imbued Strength / Life / Speed ----------------------------------------------------
class MitiImbuedStrength(ImbuedStrength):
    """The shared mechanic :class:`ImbuedStrength` (its docstring says what it does)."""


class ImbuedLife(Ability):
    """+1 life per boost on it, at most +5."""

    self_only = True

    def mod_life(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + imbued(st, src) if cid == src else value


class ImbuedSpeed(Ability):
    """+1 move per boost on it, at most +5."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + imbued(st, src) if cid == src else value


# -- Trample (Miti Mumway, Rhinoceros) -------------------------------------------------
class MitiTrample(Trample):
    """The shared mechanic :class:`Trample` (its docstring says what it does)."""


class RhinoTrample(Trample):
    """The shared mechanic :class:`Trample` (its docstring says what it does)."""


# -- Lioness ---------------------------------------------------------------------------
class LionessMomentum(Ability):
    """The first time each turn it attacks an enemy unit, it gains 1 boost
    afterwards."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker != src or not st.info.is_unit[target]:
            return None
        if st.ctrl[target] == st.ctrl[src] or st.flags.get(f"{self.id}:{src}"):
            return None
        st.flags[f"{self.id}:{src}"] = 1  # the first such attack, even if it dies
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.boost[trig.source] += 1


# -- Spirit Mage -----------------------------------------------------------------------
class Charged(Ability):
    """After it is summoned, it gains 1 boost."""

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        return self.trigger(st, src) if card == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.boost[trig.source] += 1


class Commune(AfterOwnMove):
    """After it moves, choose one: it gains 1 boost, or it gives 1 of its boost to a
    friendly unit within 3 spaces.

    Reading: mandatory ("pick one"); with no boost or no friend in range it simply
    gains 1 boost."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        friends = friendly_units_within(st, src, 3) if st.boost[src] > 0 else []
        if not friends:
            st.boost[src] += 1
            return
        opts: list[Action] = [ChooseOption(0)]
        opts += [ChooseTarget(c) for c in friends]
        st.ask(self.decision(st, src, opts, prompt="Commune: boost itself or give 1"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            st.boost[action.card] += 1
            spend_boost(st, src)
        else:
            st.boost[src] += 1


# -- Events ----------------------------------------------------------------------------
class ChantOfPower(PickOneEvent):
    """A common or champion within 3 spaces of your summoner has Imbued Strength (+1
    strength per boost, at most +5) until your turn ends.

    Reading: either side's unit; no extra bonus for a card that already has Imbued
    Strength (an ability had twice counts once)."""

    hook_zones = {"mod_strength": (DISCARD,)}

    prompt = "Chant of Power"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return [c for c in near_summoner(st, player, 3) if common_or_champion(st, c)]

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        unit = action.card
        key = f"{self.id}:{unit}"
        has = any(a.name == "Imbued Strength" for a in st.info.cards[unit].abilities)
        if not has and key not in st.flags:
            st.flags[key] = dec.source + 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if st.flags and st.flags.get(f"{self.id}:{cid}") == src + 1:
            return value + imbued(st, cid)
        return value


class ChantOfGrowth(PickOneEvent):
    """A friendly unit and every friendly unit adjacent to it gain 1 boost."""

    prompt = "Chant of Growth"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return st.units_of(player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        unit = action.card
        st.boost[unit] += 1
        for s in ADJ[st.pos[unit]]:
            c = st.board[s]
            if c >= 0 and st.ctrl[c] == dec.player and st.info.is_unit[c]:
                st.boost[c] += 1


class ChantOfWeaving(PickOneEvent):
    """Pick a friendly unit. ACTIVE: you may summon onto the spaces next to it; each
    unit you summon next to it gives it 1 boost.

    Reading: any summon next to it counts, also one next to a gate."""

    zones = (ACTIVE,)

    prompt = "Chant of Weaving"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return st.units_of(player)

    def _key(self, card: int) -> str:
        return f"{self.id}:{card}"

    def _unit(self, st: GameState, src: int) -> int:
        u = st.flags.get(self._key(src), 0) - 1 if st.flags else -1
        if u >= 0 and st.zone[u] == BOARD and st.ctrl[u] == st.ctrl[src]:
            return u
        return -1

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.flags[self._key(dec.source)] = action.card + 1

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        u = self._unit(st, src)
        if u < 0 or st.ctrl[card] != st.ctrl[src]:
            return []
        return [s for s in ADJ[st.pos[u]] if st.board[s] < 0]

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        u = self._unit(st, src)
        if u >= 0 and st.ctrl[card] == st.ctrl[src]:
            if DIST[st.pos[u]][st.pos[card]] == 1:
                return self.trigger(st, src, u)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.data[0]):
            st.boost[trig.data[0]] += 1


class ChantOfEntangling(Borrowing):
    """Pick 2 friendly commons within 3 spaces of your summoner. ACTIVE: each also has
    every printed ability of the other; discard this event if either leaves the
    battlefield.

    Reading: an ability the card already has by name is not doubled; the sharing is
    off as soon as either card is off the battlefield; the event is discarded when one
    of them is destroyed."""

    zones = (ACTIVE,)
    own_hooks = ("on_destroy",)  # discarded when one of the pair is destroyed

    def _pair(self, st: GameState, src: int) -> tuple[int, int] | None:
        a = st.notes.get(f"{self.id}:{src}:a")
        b = st.notes.get(f"{self.id}:{src}:b")
        if a is None or b is None:
            return None
        return a, b

    def lent(self, st: GameState, src: int) -> list[tuple[int, Ability]]:
        if st.zone[src] != ACTIVE:
            return []
        pair = self._pair(st, src)
        if pair is None:
            return []
        a, b = pair
        if st.zone[a] != BOARD or st.zone[b] != BOARD:
            return []
        # static per game (card abilities): memoised on the game info; shared list
        memo: dict[tuple[int, int], list[tuple[int, Ability]]] = (
            st.info.extra.setdefault(self.id, {})
        )
        mkey = (a, b)
        out = memo.get(mkey)
        if out is None:
            out = memo[mkey] = self._lend(st, a, b) + self._lend(st, b, a)
        return out

    def _lend(self, st: GameState, to: int, frm: int) -> list[tuple[int, Ability]]:
        own = {ab.id.split(".", 1)[1] for ab in st.info.abilities[to]}
        return [
            (to, ab)
            for ab in st.info.abilities[frm]
            if not isinstance(ab, Borrowing) and ab.id.split(".", 1)[1] not in own
        ]

    def own_trigger(
        self, st: GameState, src: int, hook: str, args: tuple[object, ...]
    ) -> Trigger | None:
        if hook == "on_destroy":
            pair = self._pair(st, src)
            if pair is not None and args[0] in pair:
                return self.trigger(st, src, "leave")
        return None

    def _candidates(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in near_summoner(st, player, 3)
            if st.ctrl[c] == player and st.info.is_common[c]
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return len(self._candidates(st, st.turn_player)) >= 2

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = tuple(ChooseTarget(c) for c in self._candidates(st, p))
        st.ask(Decision(p, self.id, card, opts, ("first",), "Chant of Entangling"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        if dec.data[0] == "first":
            first = action.card
            opts = tuple(
                ChooseTarget(c) for c in self._candidates(st, dec.player) if c != first
            )
            st.ask(Decision(dec.player, self.id, dec.source, opts, ("second", first)))
        else:
            st.notes[f"{self.id}:{dec.source}:a"] = dec.data[1]
            st.notes[f"{self.id}:{dec.source}:b"] = action.card

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if self.resolve_bundle(st, trig):
            return
        src = trig.source
        if trig.data[0] == "leave" and st.zone[src] == ACTIVE:
            st.discard_card(src)
            fix_lethal(st)


ABILITIES: dict[str, type[Ability]] = {
    "abua-shi.spirit-bond": SpiritBond,
    "makeinda-ru.prepare": MakeindaPrepare,
    "border-archer.prepare": BorderArcherPrepare,
    "makeinda-ru.swift-shot": MakeindaSwiftShot,
    "border-archer.swift-shot": BorderArcherSwiftShot,
    "miti-kyru.inspire": Inspire,
    "miti-kyru.withdraw": Withdraw,
    "miti-mumway.imbued-strength": MitiImbuedStrength,
    "lioness.imbued-life": ImbuedLife,
    "rhinoceros.imbued-speed": ImbuedSpeed,
    "miti-mumway.trample": MitiTrample,
    "rhinoceros.trample": RhinoTrample,
    "lioness.momentum": LionessMomentum,
    "spirit-mage.charged": Charged,
    "spirit-mage.commune-with-spirits": Commune,
    "chant-of-power.effect": ChantOfPower,
    "chant-of-growth.effect": ChantOfGrowth,
    "chant-of-weaving.effect": ChantOfWeaving,
    "chant-of-entangling.effect": ChantOfEntangling,
}
