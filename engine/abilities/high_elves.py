"""High Elves: the one card with complete data (Arbiter of Peace). Texts:
shared/catalog/high-elves.yaml. The other cards' stats or texts are unknown.

Interpretations:
- Tough: the first attack against the unit each turn adds 1 damage fewer (not below
  0). Having Tough from several sources (its own, several Laws) is still one Tough.
- Law of Fortitude: every common within 2 spaces of an Arbiter of Peace, friend or
  foe, has Tough (the Arbiter itself has its own).
- "First attack each turn" counts every attack on the unit that reaches the damage
  step, even while it did not have Tough.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.registry import Ability, register
from engine.board import DIST

if TYPE_CHECKING:
    from engine.state import GameState

LAW = "arbiter-of-peace.law-of-fortitude"


def _has_tough(st: GameState, target: int, keepers: list[int]) -> bool:
    if not st.info.is_unit[target]:
        return False
    if any(a.id == "arbiter-of-peace.tough" for a in st.info.abilities[target]):
        return True
    if not st.info.is_common[target]:
        return False
    here = st.pos[target]
    return any(k != target and DIST[st.pos[k]][here] <= 2 for k in keepers)


@register("arbiter-of-peace.tough")
class Tough(Ability):
    """The first attack against this unit each turn deals 1 damage fewer. This
    implementation also applies Law of Fortitude: the lowest card id of the Arbiters on
    the battlefield does the bookkeeping for every unit."""

    order = 5

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        mine = [s for s, a in st._hooked("mod_damage") if a is self]
        if not mine or src != mine[0]:
            return damage
        key = f"{self.id}:{target}"
        if st.flags.get(key):
            return damage
        st.flags[key] = 1
        if not st.on_board(target):
            return damage
        laws = [s for s, a in st._hooked("mod_damage") if a.id == LAW]
        if _has_tough(st, target, laws) and not (
            "blanks" in st.info.hooks and target in st.blanked()
        ):
            return damage - 1 if damage > 0 else 0
        return damage


@register(LAW)
class LawOfFortitude(Ability):
    """Each common within 2 spaces of this unit, friend or foe, has Tough (applied by
    :class:`Tough`; this hook only marks the Arbiters on the battlefield)."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return damage
