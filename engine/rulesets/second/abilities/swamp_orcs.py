"""Swamp Orcs: the cards whose data is complete (Mugglug). Texts: cards/data/swamp-
orcs.yaml (sources and confidence per card; Mugglug's melee is an inference there).

Interpretations (where the paraphrased texts leave room):
- Far Strike: besides the adjacent cards of a melee attack (R7), Mugglug may attack a
  card exactly 2 spaces away in a straight line when the space between is empty (no
  card lets her through it). Offered as plain ``Attack`` actions in the Attack phase,
  under the core's attack limits (:func:`may_attack_now`); the attack is an ordinary
  one (R7).
- Reap: an alternative declaration of any of her attacks, ``UseAbility(mugglug, id,
  target)``, offered when a friendly unit within 3 spaces carries boost. Then one
  friendly unit at a time (``ChooseTarget``; the same unit once) gives up 1 boost;
  ``NO`` ends the choice and the attack follows, with +1 strength for each boost
  taken (no limit; for that attack only). If the target is no longer there to be
  attacked, the declared attack is lost (as Life Drain's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, Attack, ChooseTarget, UseAbility
from engine.core.board import RAYS
from engine.core.effects import (
    attack_targets,
    friendly_units_within,
    may_attack_now,
    spend_boost,
)
from engine.core.hooks import Ability, Decision, Trigger
from engine.core.mechanics.attack import do_attack
from engine.core.phases import ATTACK

if TYPE_CHECKING:
    from engine.core.state import GameState

FAR_STRIKE = "mugglug.far-strike"


def far_strike_targets(st: GameState, src: int) -> list[int]:
    """Cards 2 spaces from ``src`` in a straight line, the space between empty."""
    board = st.board
    out = []
    for ray in RAYS[st.pos[src]]:
        if len(ray) >= 2 and board[ray[0]] < 0 and board[ray[1]] >= 0:
            out.append(board[ray[1]])
    if "prevents_attack" in st.info.hooks:
        out = [t for t in out if not st.attack_forbidden(src, t)]
    return out


class FarStrike(Ability):
    """It may attack a card 2 spaces away in a straight line if the space between is
    empty."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [Attack(src, t) for t in far_strike_targets(st, src)]


class Reap(Ability):
    """Just before attacking, it may take 1 boost from each of any number of friendly
    units within 3 spaces: +1 strength per boost taken, for that attack."""

    action_phases = (ATTACK,)

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def _donors(self, st: GameState, src: int, taken: tuple[int, ...]) -> list[int]:
        return [
            u
            for u in friendly_units_within(st, src, 3)
            if st.boost[u] > 0 and u not in taken
        ]

    def _targets(self, st: GameState, src: int) -> list[int]:
        out = attack_targets(st, src)
        if any(a.id == FAR_STRIKE for a in st.info.cards[src].abilities):
            out += [t for t in far_strike_targets(st, src) if t not in out]
        return out

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or not self._donors(st, src, ()):
            return []
        return [UseAbility(src, self.id, t) for t in self._targets(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        self._ask(st, src, action.option, ())

    def _ask(
        self, st: GameState, src: int, target: int, taken: tuple[int, ...]
    ) -> None:
        opts: list[Action] = [NO]
        opts += [ChooseTarget(u) for u in self._donors(st, src, taken)]
        st.ask(self.decision(st, src, opts, target, taken, prompt="Reap: take boost"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src, target, taken = dec.source, dec.data[0], dec.data[1]
        if isinstance(action, ChooseTarget):
            spend_boost(st, action.card, 1)
            if st.on_board(src):
                self._ask(st, src, target, (*taken, action.card))
            return
        # NO: the attack, once the boost taken has settled
        st.stack.append(Trigger(self.id, src, dec.player, (target, len(taken))))

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        target, n = trig.data
        if not st.on_board(src) or src in st.attacked:
            return
        if not st.on_board(target) or target not in self._targets(st, src):
            st.attacked.append(src)  # the declared attack is lost
            if st.ctrl[target] != trig.player:
                st.targeted_enemy = True
            return
        st.flags[self._key(src)] = n
        do_attack(st, Attack(src, target))

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src:
            return value
        return value + st.flags.pop(self._key(src), 0)


ABILITIES: dict[str, type[Ability]] = {
    "mugglug.reap": Reap,
    FAR_STRIKE: FarStrike,
}
