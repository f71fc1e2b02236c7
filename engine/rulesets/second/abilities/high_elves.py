"""High Elves: every card with complete data (cards/data/high-elves.yaml; most texts
from one fan implementation, low confidence: see the card notes).

Interpretations:
- Tough: the first attack against the unit each turn adds 1 damage fewer (not below
  0). Having Tough from several sources (its own, several Laws) is still one Tough.
- Law of Fortitude: every common within 2 spaces of an Arbiter of Peace, friend or
  foe, has Tough (the Arbiter itself has its own).
- "First attack each turn" counts every attack on the unit that reaches the damage
  step, even while it did not have Tough.
- Laws (Fortitude, Strength, Restitution) grant an ability, not a bonus per Arbiter:
  a common near several Arbiters of War has Strong once (+1). A unit that loses its
  abilities (blanked) loses granted ones too.
- Repentance: "the attack deals damage" = the attack added at least 1 damage to its
  target (any card: unit or structure, friend or foe). The 1 damage the unit then
  takes is nobody's (no magic for a destruction).
- Holy Word: triggers after Valeria's own move (never a push) and after her attack;
  "push or pull 1 space" = force the chosen friendly common to any empty space next to
  it (on a square grid every such space is 1 farther from or 1 closer to her).
- High Gate: as Engage ("moves away" = the glossary "farther", move or force), 2
  damage dealt by Valeria's ability.
- Radiant Healing: at the end of its controller's Attack phase; friendly commons only.
- Inspire: after this unit is summoned by the summon rule (R4), one adjacent damaged
  friendly common.
- Support: the Attendant Priest may be summoned (R4, cost paid, ``Summon`` action) onto
  an empty space next to a friendly unit whose name contains "Arbiter", besides the
  spaces next to your gates. (The fan code's reverse reading is not used: see the
  card notes.)
- Law of Sanctity / Law of Loyalty: the fan's "charge" is boost; "at the start of your
  turn you may remove 1 boost to keep it instead of discarding it" (as Holy Judgment).
  Law of Sanctity caps the damage of attacks on summoners (either side) at 1; damage
  dealt by abilities without an attack is NOT capped: the engine has no hook on
  ``GameState.deal_damage`` (known gap, the fan implementation caps attacks only too).
- Law of Loyalty: every common adjacent to at least one summoner (either side) has +1
  strength (once per Law of Loyalty in play).
- Law of Liberty: while it is in its controller's active area, in the Move phase a
  common may attack instead of moving (it counts as one of the 3 units that move, is
  resolved as an attack outside the attack limits: the unit may still attack in the
  Attack phase); in the Attack phase a common may move instead of attacking (counts as
  its attack, toward the 3 attackers; a normal move of that unit, even if it moved in
  the Move phase). Known gap: the engine only offers activated actions of cards the
  acting player controls, so the opponent's commons do not get it during their turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    Action,
    ChooseTarget,
    Move,
    UseAbility,
)
from engine.core.board import DIST
from engine.core.effects import (
    AtYourPhaseEnd,
    ability_damage,
    adjacent,
    ask_optional_target,
    attack_targets,
    count_attack,
    empty_adjacent,
    extra_attack,
    force_next_to,
    may_attack_now,
    named,
    within,
)
from engine.core.hooks import ACTIVE, HAND, Ability, Decision, Trigger
from engine.core.mechanics.movement import do_move, legal_moves
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.second.abilities.mechanics import BoostToStay, Engage

if TYPE_CHECKING:
    from engine.core.state import GameState

LAW = "arbiter-of-peace.law-of-fortitude"
STRONG = "arbiter-of-war.strong"
LAW_STRENGTH = "arbiter-of-war.law-of-strength"
REPENTANCE = "arbiter-of-justice.repentance"
LAW_RESTITUTION = "arbiter-of-justice.law-of-restitution"


def _blanked(st: GameState, cid: int) -> bool:
    return "blanks" in st.info.hooks and cid in st.blanked()


def _own(st: GameState, cid: int, ability_id: str) -> bool:
    return any(a.id == ability_id for a in st.info.abilities[cid])


def _law_keeper(st: GameState, src: int, cid: int, law: str, hook: str) -> bool:
    """Does the law ``src`` grant its ability to the common ``cid`` (and is ``src``
    the one law source that applies it: the lowest card id within 2 spaces)?"""
    if (
        cid == src
        or not st.info.is_unit[cid]
        or not st.info.is_common[cid]
        or not st.on_board(cid)
        or DIST[st.pos[src]][st.pos[cid]] > 2
    ):
        return False
    here = st.pos[cid]
    keepers = [
        s
        for s, a in st.hooked(hook)
        if a.id == law and s != cid and DIST[st.pos[s]][here] <= 2
    ]
    return bool(keepers) and min(keepers) == src


# -- Arbiter of Peace: Tough, Law of Fortitude -----------------------------------------
def _has_tough(st: GameState, target: int, keepers: list[int]) -> bool:
    if not st.info.is_unit[target]:
        return False
    if _own(st, target, "arbiter-of-peace.tough"):
        return True
    if not st.info.is_common[target]:
        return False
    here = st.pos[target]
    return any(k != target and DIST[st.pos[k]][here] <= 2 for k in keepers)


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
        mine = [s for s, a in st.hooked("mod_damage") if a is self]
        if not mine or src != mine[0]:
            return damage
        key = f"{self.id}:{target}"
        if st.flags.get(key):
            return damage
        st.flags[key] = 1
        if not st.on_board(target):
            return damage
        laws = [s for s, a in st.hooked("mod_damage") if a.id == LAW]
        if _has_tough(st, target, laws) and not _blanked(st, target):
            return damage - 1 if damage > 0 else 0
        return damage


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


# -- Arbiter of War: Strong, Law of Strength -------------------------------------------
class Strong(Ability):
    """This unit has +1 strength."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value


class LawOfStrength(Ability):
    """Each common within 2 spaces of this unit, friend or foe, has Strong (+1 strength
    once, however many laws reach it; not for a unit with its own Strong)."""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            _law_keeper(st, src, cid, LAW_STRENGTH, "mod_strength")
            and not _own(st, cid, STRONG)
            and not _blanked(st, cid)
        ):
            return value + 1
        return value


# -- Arbiter of Justice: Repentance, Law of Restitution --------------------------------
class _SelfDamage(Ability):
    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        unit = trig.data[0]
        if st.on_board(unit):
            st.deal_damage(unit, 1, None, unit)


class Repentance(_SelfDamage):
    """After this unit attacks a card and the attack deals damage, it takes 1 damage."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src and hits > 0:
            return self.trigger(st, src, src)
        return None


class LawOfRestitution(_SelfDamage):
    """Each common within 2 spaces of this unit, friend or foe, has Repentance."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if (
            hits > 0
            and _law_keeper(st, src, attacker, LAW_RESTITUTION, "after_attack")
            and not _own(st, attacker, REPENTANCE)
            and not _blanked(st, attacker)
        ):
            return self.trigger(st, src, attacker)
        return None


# -- Valeria the Just: Holy Word, High Gate --------------------------------------------
class HolyWord(Ability):
    """After this unit moves or attacks, you may choose a friendly common within 2
    spaces and push or pull it 1 space."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        return self.trigger(st, src) if card == src and kind == "move" else None

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self.trigger(st, src) if attacker == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        cands = [
            c
            for c in st.units_of(st.ctrl[src])
            if st.info.is_common[c]
            and within(st, src, c, 2)
            and empty_adjacent(st, c)
            and st.can_be_forced(c)
        ]
        ask_optional_target(self, st, src, cands, prompt="holy word: common")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        force_next_to(self, st, dec, action, prompt="holy word")


class HighGate(Engage):
    """Whenever an adjacent enemy unit moves or is forced farther from this unit, it
    takes 2 damage."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if st.on_board(card) and st.on_board(trig.source):
            ability_damage(st, trig.source, card, 2)


# -- Cassia the Gentle: Radiant Healing ------------------------------------------------
class RadiantHealing(AtYourPhaseEnd):
    """At the end of your Attack phase, remove 1 damage from each friendly common
    within 2 spaces of this unit."""

    phase = ATTACK

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        for c in st.units_of(st.ctrl[src]):
            if st.info.is_common[c] and st.damage[c] and within(st, src, c, 2):
                st.heal(c, 1)


# -- Attendant Priest: Support and Inspire ---------------------------------------------
class Support(Ability):
    """It may also be summoned onto an empty space next to a friendly Arbiter unit."""

    zones = (HAND,)

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        if card != src:
            return []
        out: list[int] = []
        for u in st.units_of(st.ctrl[src]):
            if named(st, u, "Arbiter"):
                out += empty_adjacent(st, u)
        return out


class Inspire(Ability):
    """After you summon this unit, you may remove 1 damage from an adjacent friendly
    common."""

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        return self.trigger(st, src) if card == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        cands = [
            c
            for c in st.units_of(st.ctrl[src])
            if st.info.is_common[c] and st.damage[c] and adjacent(st, src, c)
        ]
        ask_optional_target(self, st, src, cands, prompt="inspire")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.heal(action.card, 1)


# -- Laws (events) ---------------------------------------------------------------------
class LawOfSanctity(BoostToStay):
    """ACTIVE: an attack deals at most 1 damage to a summoner (either side)."""

    order = 20

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if damage > 1 and target in st.info.summoners:
            return 1
        return damage


class LawOfLoyalty(BoostToStay):
    """ACTIVE: each common adjacent to one or more summoners has +1 strength."""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if not (st.info.is_unit[cid] and st.info.is_common[cid] and st.on_board(cid)):
            return value
        for s in st.info.summoners:
            if st.on_board(s) and adjacent(st, s, cid):
                return value + 1
        return value


class LawOfLiberty(Ability):
    """ACTIVE: commons may attack instead of moving and move instead of attacking.
    ``UseAbility(law, id, option=unit)``: in the Move phase an attack instead of the
    unit's move, in the Attack phase a move instead of its attack."""

    zones = (ACTIVE,)
    action_phases = (MOVE, ATTACK)

    def _commons(self, st: GameState) -> list[int]:
        return [c for c in st.units_of(st.turn_player) if st.info.is_common[c]]

    def _moves_of(self, st: GameState, unit: int) -> list[Move]:
        saved = st.moved
        st.moved = []
        try:
            return [
                a for a in legal_moves(st) if isinstance(a, Move) and a.unit == unit
            ]
        finally:
            st.moved = saved

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack:
            return []
        out: list[Action] = []
        if st.phase == MOVE:
            if len(st.moved) >= 3:
                return []
            for c in self._commons(st):
                if c not in st.moved and attack_targets(st, c):
                    out.append(UseAbility(src, self.id, c))
        elif st.phase == ATTACK:
            for c in self._commons(st):
                if may_attack_now(st, c) and self._moves_of(st, c):
                    out.append(UseAbility(src, self.id, c))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        unit = action.option
        if st.phase == MOVE:
            st.moved.append(unit)
            opts = [ChooseTarget(t) for t in attack_targets(st, unit)]
            st.ask(self.decision(st, src, opts, unit, prompt="liberty: attack"))
        else:
            count_attack(st, unit)
            st.ask(
                self.decision(st, src, self._moves_of(st, unit), unit, prompt="move")
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        unit = dec.data[0]
        if isinstance(action, ChooseTarget):
            extra_attack(st, unit, action.card)
        elif isinstance(action, Move):
            # instead of its attack (counted there): not one of the three moves
            do_move(st, action, counted=False)


ABILITIES: dict[str, type[Ability]] = {
    LAW: LawOfFortitude,
    STRONG: Strong,
    LAW_STRENGTH: LawOfStrength,
    REPENTANCE: Repentance,
    LAW_RESTITUTION: LawOfRestitution,
    "arbiter-of-peace.tough": Tough,
    "valeria-the-just.holy-word": HolyWord,
    "valeria-the-just.high-gate": HighGate,
    "cassia-the-gentle.radiant-healing": RadiantHealing,
    "attendant-priest.support": Support,
    "attendant-priest.inspire": Inspire,
    "law-of-sanctity.effect": LawOfSanctity,
    "law-of-loyalty.effect": LawOfLoyalty,
    "law-of-liberty.effect": LawOfLiberty,
}
