"""Tundra Orcs (Starter Set): all 12 cards. Texts: the card data in
cards/data/tundra-orcs.yaml. Shared mechanics come from :mod:`engine.core.effects`.

Interpretations (where the paraphrased texts leave room):
- Influence: after a friendly unit within 3 of Grognack (never Grognack himself,
  R8e) rolls attack dice, or the die of an ability (Frenzy), during your turn, you
  may spend 1 of his boost to reroll all of them; a reroll may be rerolled again
  (R8e). The damage step waits for the choice.
- Wild Strike: the target takes 1 damage per [special] instead of per [melee]
  (runs before other hit modifiers). Unwieldy Magic: no [special] rolled, no damage
  (runs after other hit modifiers).
- Sluggish: +1 damage per [special] of any attack on the Smasher.
- Blood Rush: offered only when a space next to the Charger is free and it can be
  forced; the 1 damage is its own (no magic).
- Frenzy: after an attack on an enemy card that was adjacent; 1 die (rerollable with
  Influence); on a [special] you may force it 1 space, and if you did, it may make an
  extra attack (R8e: beyond the limits) on an adjacent enemy card. Frenzy applies to
  that extra attack as well.
- For Glory: Reckless Strike damage equals the damage the attack added to its target
  (after modifiers), dealt to the attacker after the target's damage; no magic.
- Brutal Force: the damaged unit (still on the battlefield) may be forced 1 space
  straight away from the attacker, if that space is empty.
- Freeze: the chosen card id is kept with the ACTIVE event (``st.pos`` of the event
  card, unused in the active area). "Loses all abilities": its hooks are blanked.
- Primal Fury: force your summoner 1 or 2 spaces in a straight line through empty
  spaces; once per turn counts uses (the force), not offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, YES, Action, ChooseSpace, ChooseTarget, YesNo
from engine.core.board import ADJ, COLS, DIST
from engine.core.dice import MELEE, SPECIAL
from engine.core.effects import (
    AfterOwnMove,
    PickOneEvent,
    ask_optional_space,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    empty_adjacent,
    extra_attack,
    fix_lethal,
    near_summoner,
    specials,
    straight_spaces,
    within,
)
from engine.core.hooks import (
    ACTIVE,
    Ability,
    AttackResult,
    Decision,
    Trigger,
    replace_roll,
)
from engine.rulesets.second.abilities.mechanics import (
    FarShot,
    NamedNeighbourBoost,
    NotesSideAtDestruction,
    PerSpecialOnEnemyUnit,
    side_of,
)
from engine.rulesets.second.dice import count_symbols

if TYPE_CHECKING:
    from engine.core.state import GameState


def was_enemy(st: GameState, me: int, target: int) -> bool:
    """Was ``target`` (maybe destroyed by now) an enemy card of player ``me``? A
    destroyed card by its controller then (R8e, :func:`side_of`)."""
    return side_of(st, target) != me


def adjacent_enemies(st: GameState, unit: int) -> list[int]:
    """Enemy cards adjacent to ``unit`` that it may attack."""
    board = st.board
    near = {board[s] for s in ADJ[st.pos[unit]] if board[s] >= 0}
    return [
        t for t in attack_targets(st, unit) if t in near and st.ctrl[t] != st.ctrl[unit]
    ]


# -- Grognack --------------------------------------------------------------------------
class Restore(AfterOwnMove):
    """After Grognack moves, if he has no boost, put 1 boost on him."""

    def ready(self, st: GameState, src: int) -> bool:
        return st.boost[src] == 0

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source) and st.boost[trig.source] == 0:
            st.boost[trig.source] = 1


class Influence(Ability):
    """During your turn, after a friendly unit within 3 of Grognack rolls dice for an
    attack or an ability, you may spend 1 of his boost to reroll all of them."""

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            st.turn_player == me
            and faces
            and st.boost[src] > 0
            and st.on_board(roller)
            and st.ctrl[roller] == me
            and within(st, src, roller, 3)
        ):
            return self.trigger(st, src, roller, faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source) and st.boost[trig.source] > 0:
            st.ask(
                self.decision(
                    st, trig.source, [YES, NO], *trig.data, prompt="Influence: reroll"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not (isinstance(action, YesNo) and action.yes):
            return
        roller, faces = dec.data
        st.boost[dec.source] -= 1
        new = st.roll(len(faces))
        if replace_roll(st, new):
            st.emit("after_roll", roller, new)


# -- Ragnor ----------------------------------------------------------------------------
class BloodBond(PerSpecialOnEnemyUnit):
    """After Ragnor attacks an enemy unit, your summoner gets 1 boost per [special]."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        summ = st.info.summoners[trig.player]
        if st.on_board(summ):
            st.boost[summ] += trig.data[0]


# -- Shonk -----------------------------------------------------------------------------
class WildStrike(Ability):
    """Its attacks deal 1 damage per [special] instead of per [melee]."""

    order = -10

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        if attacker != src:
            return hits
        return hits - count_symbols(faces, MELEE) + count_symbols(faces, SPECIAL)


# -- Targan ----------------------------------------------------------------------------
class TarganFarShot(FarShot):
    """The shared mechanic :class:`FarShot` (its docstring says what it does)."""


class PiercingFrost(NamedNeighbourBoost):
    """Friendly Frost units adjacent to Targan have +1 strength."""

    word = "Frost"


# -- Frost Shaman ----------------------------------------------------------------------
class UnwieldyMagic(Ability):
    """If its attack rolls no [special], the attack adds no damage."""

    order = 10

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        if attacker == src and not specials(faces):
            return 0
        return hits


# -- Smasher ---------------------------------------------------------------------------
class Sluggish(Ability):
    """While it is attacked, each [special] the attacker rolls adds 1 damage."""

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return damage + specials(faces) if target == src else damage


# -- Tundra Charger --------------------------------------------------------------------
class BloodRush(Ability):
    """After it is summoned, you may deal 1 damage to it to force it 1 space."""

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        return self.trigger(st, src) if card == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src) and st.can_be_forced(src) and empty_adjacent(st, src):
            st.ask(self.decision(st, src, [YES, NO], "ask", prompt="Blood Rush"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, YesNo):
            if not action.yes:
                return
            st.deal_damage(src, 1, dec.player, src)
            if st.on_board(src) and not st.terminal:
                opts = [ChooseSpace(s) for s in empty_adjacent(st, src)]
                st.ask(self.decision(st, src, opts, "push"))
        elif isinstance(action, ChooseSpace):
            st.force(src, action.space)


# -- Tundra Fighter --------------------------------------------------------------------
class Frenzy(NotesSideAtDestruction):
    """Each time after it attacks an adjacent enemy card, roll 1 die; on a [special]
    you may force it 1 space, and if you do it may make an extra attack on an adjacent
    enemy card."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or not st.on_board(src) or res.space < 0:
            return None
        if not was_enemy(st, st.ctrl[src], res.target):
            return None
        if DIST[st.pos[src]][res.space] != 1:
            return None
        return self.trigger(st, src, "start")

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        step = trig.data[0]
        if step == "attack?":
            ask_optional_target(
                self,
                st,
                src,
                adjacent_enemies(st, src),
                "attack",
                prompt="Frenzy: attack",
            )
            return
        if step == "start":
            faces = st.roll(1)
            if "after_roll" in st.info.hooks:
                st.stack.append(
                    Trigger(self.id, src, trig.player, ("roll", src, faces))
                )
                st.emit("after_roll", src, faces)
                return
        else:  # ("roll", src, faces): after possible rerolls
            faces = trig.data[2]
        if not specials(faces) or not st.can_be_forced(src):
            return
        spaces = empty_adjacent(st, src)
        ask_optional_space(self, st, src, spaces, "push", prompt="Frenzy: force")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace):
            st.stack.append(Trigger(self.id, src, dec.player, ("attack?",)))
            st.force(src, action.space)
        elif isinstance(action, ChooseTarget):
            if st.on_board(src) and st.on_board(action.card):
                extra_attack(st, src, action.card)


# -- Events ----------------------------------------------------------------------------
class ForGlory(Ability):
    """ACTIVE: friendly commons have +2 strength; when one attacks and rolls at most one
    [special], it takes as much damage as it adds to its target."""

    zones = (ACTIVE,)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            st.info.is_common[cid]
            and st.info.is_unit[cid]
            and st.ctrl[cid] == st.ctrl[src]
            and st.on_board(cid)
        ):
            return value + 2
        return value

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        a = res.attacker
        if (
            res.damage > 0
            and st.on_board(a)
            and st.ctrl[a] == st.ctrl[src]
            and st.info.is_common[a]
            and st.info.is_unit[a]
            and specials(res.faces) <= 1
        ):
            return self.trigger(st, src, a, res.damage)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        unit, n = trig.data
        if st.on_board(unit):
            st.deal_damage(unit, n, st.ctrl[unit], unit)


class BrutalForce(Ability):
    """ACTIVE: after a friendly unit's attack damages a unit, you may force that unit
    1 space straight away from the attacker."""

    zones = (ACTIVE,)

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        a, t = res.attacker, res.target
        if (
            res.damage > 0
            and st.ctrl[a] == st.ctrl[src]
            and st.on_board(a)
            and st.on_board(t)
            and st.info.is_unit[t]
        ):
            return self.trigger(st, src, a, t)
        return None

    def _away(self, st: GameState, attacker: int, target: int) -> int:
        fa, ft = st.pos[attacker], st.pos[target]
        dr = (ft // COLS > fa // COLS) - (ft // COLS < fa // COLS)
        dc = (ft % COLS > fa % COLS) - (ft % COLS < fa % COLS)
        if dr and dc:
            return -1
        r, c = ft // COLS + dr, ft % COLS + dc
        if not (0 <= r < 8 and 0 <= c < COLS):
            return -1
        s = r * COLS + c
        return s if st.board[s] < 0 else -1

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        a, t = trig.data
        if not (st.on_board(a) and st.on_board(t)) or not st.can_be_forced(t):
            return
        s = self._away(st, a, t)
        if s >= 0:
            st.ask(
                self.decision(
                    st, trig.source, [NO, ChooseSpace(s)], t, player=trig.player
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace):
            st.force(dec.data[0], action.space)


class Freeze(PickOneEvent):
    """Choose a common or champion with no boost within 3 of your summoner. ACTIVE: it
    has no abilities and cannot move, attack, be attacked or be forced."""

    zones = (ACTIVE,)

    prompt = "Freeze"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in near_summoner(st, player, 3)
            if common_or_champion(st, c) and st.boost[c] == 0
        ]

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.zone[dec.source] == ACTIVE:
            st.pos[dec.source] = action.card  # the frozen card, kept with the event
            fix_lethal(st)  # an aura it carried (+life) is gone: R7 at life 0

    def _frozen(self, st: GameState, src: int) -> int:
        t = st.pos[src]
        return t if t >= 0 and st.on_board(t) else -1

    def blanks(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._frozen(st, src)

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._frozen(st, src)

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._frozen(st, src)

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        f = self._frozen(st, src)
        return f >= 0 and (attacker == f or target == f)


class PrimalFury(NotesSideAtDestruction):
    """ACTIVE: once per turn, after your summoner attacks an adjacent enemy card, you
    may force it 1 or 2 spaces; if you do, it may attack an adjacent enemy card once
    more (an extra attack)."""

    zones = (ACTIVE,)

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        me = st.ctrl[src]
        summ = st.info.summoners[me]
        if res.attacker != summ or st.turn_player != me or st.flags.get(self.id):
            return None
        if not st.on_board(summ) or res.space < 0:
            return None
        if was_enemy(st, me, res.target) and DIST[st.pos[summ]][res.space] == 1:
            return self.trigger(st, src, summ)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        summ = trig.data[0]
        if trig.data[-1] == "attack?":
            ask_optional_target(
                self,
                st,
                trig.source,
                adjacent_enemies(st, summ),
                summ,
                player=trig.player,
            )
            return
        if st.flags.get(self.id) or not st.on_board(summ):
            return
        if not st.can_be_forced(summ):
            return
        spaces = straight_spaces(st, summ, 2)
        ask_optional_space(self, st, trig.source, spaces, summ, player=trig.player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        summ = dec.data[0]
        if isinstance(action, ChooseSpace):
            st.flags[self.id] = 1
            st.stack.append(Trigger(self.id, dec.source, dec.player, (summ, "attack?")))
            st.force(summ, action.space)
        elif isinstance(action, ChooseTarget):
            if st.on_board(summ) and st.on_board(action.card):
                extra_attack(st, summ, action.card)


ABILITIES: dict[str, type[Ability]] = {
    "grognack.restore": Restore,
    "grognack.influence": Influence,
    "ragnor.blood-bond": BloodBond,
    "shonk.wild-strike": WildStrike,
    "targan.far-shot": TarganFarShot,
    "targan.piercing-frost": PiercingFrost,
    "frost-shaman.unwieldy-magic": UnwieldyMagic,
    "smasher.sluggish": Sluggish,
    "tundra-charger.blood-rush": BloodRush,
    "tundra-fighter.frenzy": Frenzy,
    "for-glory.effect": ForGlory,
    "brutal-force.effect": BrutalForce,
    "freeze.effect": Freeze,
    "primal-fury.effect": PrimalFury,
}
