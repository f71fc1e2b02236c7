"""Polar Dwarves (Master Set): all 12 cards. Texts: the card data in
cards/data/polar-dwarves.yaml. Shared mechanics come from
:mod:`engine.core.effects`.

Interpretations (where the paraphrased texts leave room):
- "within N spaces" counts orthogonally (R8e); a card is never within range of itself.
- Forcing (push) 1 space: into an orthogonally adjacent empty space (R8e); Glacial
  Shift's "1 or 2 spaces" is a straight line through empty spaces.
- Ice Smith (current official text, as the card data records its errata): tucking
  spends ALL its boost and needs at least 1 boost ("spend" needs tokens, R8e). Each
  [special] rolled by the host adds two [melee] hits, which score only for a melee
  host (R7: own symbol only).
- Jarmund's Momentum: "an enemy unit" is judged when the attack resolves (a destroyed
  target counts by its owner).
- Ice Ram does not say "friendly" structure but "your structures": structures you
  control. The unit it picks may be any unit (friendly too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    YesNo,
)
from engine.core.board import ADJ
from engine.core.dice import SPECIAL
from engine.core.effects import (
    AfterOwnMove,
    AtYourPhaseEnd,
    ask_optional_target,
    empty_adjacent,
    straight_spaces,
    within,
)
from engine.core.hooks import (
    ACTIVE,
    UNDER,
    Ability,
    Decision,
    Trigger,
)
from engine.core.phases import BUILD
from engine.core.types import AttackType
from engine.rulesets.second.abilities.mechanics import Trample
from engine.rulesets.second.dice import count_symbols

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- shared helpers --------------------------------------------------------------------
def friendly_structures(st: GameState, player: int) -> list[int]:
    ctrl = st.ctrl
    iss = st.info.is_structure
    return [c for c in st.board if c >= 0 and ctrl[c] == player and iss[c]]


# -- Svara -----------------------------------------------------------------------------
class StructuralShift(AfterOwnMove):
    """After Svara moves, she may push a friendly structure within 3 spaces 1 space."""

    def _targets(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in friendly_structures(st, st.ctrl[src])
            if within(st, src, c, 3) and empty_adjacent(st, c)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        ask_optional_target(
            self, st, src, self._targets(st, src), "pick", prompt="Structural Shift"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            target = action.card
            opts = [ChooseSpace(s) for s in empty_adjacent(st, target)]
            st.ask(self.decision(st, dec.source, opts, "push", target))
        elif isinstance(action, ChooseSpace):
            st.force(dec.data[1], action.space)


# -- Nadiana ---------------------------------------------------------------------------
class GreaterFrostBolt(Ability):
    """+1 strength per friendly structure within 2 spaces."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        n = sum(
            1 for c in friendly_structures(st, st.ctrl[src]) if within(st, src, c, 2)
        )
        return value + n


# -- Ollag -----------------------------------------------------------------------------
class ColdSnap(Ability):
    """While Ollag is in play, every friendly structure gets +1 life."""

    def mod_life(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            cid != src
            and st.info.is_structure[cid]
            and st.zone[cid] == st.zone[src]
            and st.ctrl[cid] == st.ctrl[src]
        ):
            return value + 1
        return value


# -- Jarmund ---------------------------------------------------------------------------
class Momentum(Ability):
    """Once per turn, after Jarmund attacks an enemy unit, put 1 boost on him."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker != src or not st.info.is_unit[target]:
            return None
        if st.ctrl[target] == st.ctrl[src] or st.flags.get(f"{self.id}:{src}"):
            return None
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        key = f"{self.id}:{trig.source}"
        if st.on_board(trig.source) and not st.flags.get(key):
            st.flags[key] = 1
            st.boost[trig.source] += 1


class IceShards(AtYourPhaseEnd):
    """End of your build phase: you may remove 1 boost from Jarmund; if you do, every
    enemy unit adjacent to a structure you control takes 1 damage."""

    phase = BUILD

    def ready(self, st: GameState, src: int) -> bool:
        return st.boost[src] > 0

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src) and st.boost[src] > 0:
            st.ask(self.decision(st, src, [YesNo(True), NO], prompt="Ice Shards"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not (isinstance(action, YesNo) and action.yes):
            return
        src = dec.source
        me = st.ctrl[src]
        st.boost[src] -= 1
        board = st.board
        ctrl = st.ctrl
        iss = st.info.is_structure
        victims = []
        for c in board:
            if c < 0 or ctrl[c] == me or not st.info.is_unit[c]:
                continue
            for s in ADJ[st.pos[c]]:
                o = board[s]
                if o >= 0 and o != c and ctrl[o] == me and iss[o]:
                    victims.append(c)
                    break
        for c in victims:
            if st.terminal:
                return
            st.deal_damage(c, 1, me, src)


# -- Frost Mage ------------------------------------------------------------------------
class FrostBolt(Ability):
    """+1 strength per friendly structure orthogonally adjacent."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        me = st.ctrl[src]
        board = st.board
        iss = st.info.is_structure
        n = 0
        for s in ADJ[st.pos[src]]:
            o = board[s]
            if o >= 0 and iss[o] and st.ctrl[o] == me:
                n += 1
        return value + n


# -- Ice Golem -------------------------------------------------------------------------
class LivingGate(Ability):
    def counts_as_gate(self, st: GameState, src: int) -> bool:
        return True


class MobileStructure(Ability):
    def can_move(self, st: GameState, src: int) -> bool:
        return True


class Slow(Ability):
    """Moves 1 space less than normal."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value - 1 if cid == src else value


# -- Bear Cavalry ----------------------------------------------------------------------
class BearTrample(Trample):
    """The shared mechanic :class:`Trample` (its docstring says what it does)."""


# -- Ice Smith -------------------------------------------------------------------------
class FrostAxe(AfterOwnMove):
    """After it moves, choose one: 1 boost on it, or spend all its boost (at least 1) to
    tuck it under a friendly common within 3 spaces. Tucked: whenever that common
    attacks, each [special] rolled also counts as two [melee] hits."""

    hook_zones = {"mod_hits": (UNDER,)}

    def _hosts(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        return [
            c
            for c in st.board
            if c >= 0
            and c != src
            and st.ctrl[c] == me
            and st.info.is_common[c]
            and st.info.is_unit[c]
            and within(st, src, c, 3)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        hosts = self._hosts(st, src) if st.boost[src] > 0 else []
        if not hosts:
            st.boost[src] += 1
            return
        opts: list[Action] = [ChooseOption(0)]
        opts += [ChooseTarget(c) for c in hosts]
        st.ask(self.decision(st, src, opts, prompt="Frost Axe: boost or tuck"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            st.put_under(src, action.card)
        else:
            st.boost[src] += 1

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        if st.pos[src] != attacker:
            return hits
        if st.info.cards[attacker].attack_type is not AttackType.MELEE:
            return hits
        return hits + 2 * count_symbols(faces, SPECIAL)  # R7: per special symbol


# -- Events ----------------------------------------------------------------------------
class IceRam(Ability):
    """ACTIVE: whenever one of your structures is moved or forced, you may pick a unit
    adjacent to it: 1 damage, then you may force that unit 1 space."""

    zones = (ACTIVE,)

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if st.info.is_structure[card] and st.ctrl[card] == st.ctrl[src]:
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        structure = trig.data[0]
        if not st.on_board(structure):
            return
        board = st.board
        units = [
            board[s]
            for s in ADJ[st.pos[structure]]
            if board[s] >= 0 and st.info.is_unit[board[s]]
        ]
        ask_optional_target(
            self, st, trig.source, units, "hit", player=trig.player, prompt="Ice Ram"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            unit = action.card
            st.deal_damage(unit, 1, dec.player, dec.source)
            if st.on_board(unit) and not st.terminal:
                spaces = empty_adjacent(st, unit)
                if spaces:
                    opts: list[Action] = [NO]
                    opts += [ChooseSpace(s) for s in spaces]
                    st.ask(
                        Decision(
                            dec.player, self.id, dec.source, tuple(opts), ("push", unit)
                        )
                    )
        elif isinstance(action, ChooseSpace):
            st.force(dec.data[1], action.space)


class Parapet(Ability):
    """Friendly units attack through this structure as if it were not there."""

    def transparent_to(self, st: GameState, src: int, attacker: int) -> bool:
        return st.ctrl[attacker] == st.ctrl[src]


class IceRepair(Ability):
    """Every friendly structure removes 2 damage."""

    def play(self, st: GameState, card: int) -> None:
        for c in friendly_structures(st, st.turn_player):
            st.heal(c, 2)


class GlacialShift(Ability):
    """Up to 3 friendly structures within 3 spaces of your summoner: force each 1 or 2
    spaces (straight line through empty spaces)."""

    def _candidates(
        self, st: GameState, player: int, done: tuple[int, ...]
    ) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ):
            return []
        return [
            c
            for c in friendly_structures(st, player)
            if c not in done and within(st, summ, c, 3) and self._spaces(st, c)
        ]

    def _spaces(self, st: GameState, cid: int) -> list[int]:
        return straight_spaces(st, cid, 2)

    def play(self, st: GameState, card: int) -> None:
        self._ask_next(st, card, st.turn_player, ())

    def _ask_next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        if len(done) >= 3:
            return
        cands = self._candidates(st, player, done)
        if cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cands]
            st.ask(Decision(player, self.id, card, tuple(opts), ("pick", done)))

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._ask_next(st, trig.source, trig.player, trig.data)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            opts = tuple(ChooseSpace(s) for s in self._spaces(st, action.card))
            st.ask(
                Decision(
                    dec.player, self.id, dec.source, opts, ("push", done, action.card)
                )
            )
        elif isinstance(action, ChooseSpace):
            target = dec.data[2]
            done = done + (target,)
            # continue after the force and its triggers (Ice Ram) have resolved
            st.stack.append(Trigger(self.id, dec.source, dec.player, done))
            st.force(target, action.space)


ABILITIES: dict[str, type[Ability]] = {
    "svara.structural-shift": StructuralShift,
    "nadiana.greater-frost-bolt": GreaterFrostBolt,
    "ollag.cold-snap": ColdSnap,
    "jarmund.momentum": Momentum,
    "jarmund.ice-shards": IceShards,
    "frost-mage.frost-bolt": FrostBolt,
    "ice-golem.living-gate": LivingGate,
    "ice-golem.mobile-structure": MobileStructure,
    "ice-golem.slow": Slow,
    "bear-cavalry.trample": BearTrample,
    "ice-smith.frost-axe": FrostAxe,
    "ice-ram.effect": IceRam,
    "parapet.effect": Parapet,
    "ice-repair.effect": IceRepair,
    "glacial-shift.effect": GlacialShift,
}
