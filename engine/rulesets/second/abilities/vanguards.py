"""Vanguards (Master Set): all 12 cards. Texts: the card data in
cards/data/vanguards.yaml. Shared mechanics (Engage, Guarded, extra attacks ...) come
from :mod:`engine.core.effects`.

Interpretations (where the paraphrased texts leave room):
- "Citadel unit" / "Ember unit" / "Frost unit": a unit whose name contains that whole
  word (R8e names).
- Arrow of Light and Heal are choices made "before it attacks": each is offered as its
  own attack action (``UseAbility`` with ``option`` = the target), next to the plain
  ``Attack`` (which means "no cards discarded").
- Heal: each die showing [melee] or [special] (a die showing both counts once)
  removes 1 damage. Reading: "1 damage per melee or special result", per die. It is
  still an attack (counts toward the 3 attackers; Divine Shield and after-attack
  abilities apply).
- Divine Shield: any attack (friendly too) on a friendly Citadel unit within 3 of
  Coleen; the 2 dice are Coleen's roll, not the attacker's.
- Engage (Citadel Knight): glossary "farther" (R8e), a partial move counts: any step
  of the path that leaves the knight's side, even if the enemy ends next to it again
  (:class:`engine.rulesets.second.abilities.mechanics.Engage`).
- Guarded / Guarding Spirits: "the first attack against it each turn" counts attacks
  that reach the damage step while the ability is in play.
- Holy Judgment keeps itself with a "may" choice at the start of your turn while it
  has boost; a friendly unit destroyed at any time removes 1 boost.
- Renewed Hope: summoning in other phases uses the same summon action (R4 cost and
  gate spaces), plus the spaces next to your summoner in every phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    Attack,
    ChooseTarget,
    UseAbility,
)
from engine.core.dice import MELEE, SPECIAL
from engine.core.effects import (
    AtYourPhaseStart,
    adjacent,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    count_attack,
    empty_adjacent,
    may_attack_now,
    named,
    return_to_hand,
    specials,
    units_on_board,
    within,
)
from engine.core.hooks import (
    ACTIVE,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import do_attack
from engine.core.phases import ATTACK, SUMMON
from engine.rulesets.second.abilities.mechanics import (
    BoostToStay,
    Engage,
    FirstAttackCap,
    PerSpecialOnEnemyUnit,
)
from engine.rulesets.second.dice import count_symbols
from engine.rulesets.second.summon import legal_summons

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Sera Eldwyn -----------------------------------------------------------------------
class CitadelsMight(Ability):
    """After Sera attacks an enemy unit, if a friendly Citadel unit is on the
    battlefield, you may take a Citadel unit from your discard pile into your hand."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker != src or not st.info.is_unit[target]:
            return None
        if st.ctrl[target] == st.ctrl[src]:
            return None
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        me = trig.player
        if not any(
            named(st, c, "Citadel") for c in units_on_board(st) if st.ctrl[c] == me
        ):
            return
        pile = [
            c for c in st.discard[me] if st.info.is_unit[c] and named(st, c, "Citadel")
        ]
        ask_optional_target(self, st, trig.source, pile, player=me)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            return_to_hand(st, action.card)


# -- Coleen Brighton -------------------------------------------------------------------
class DivineShield(Ability):
    """When an attack targets a friendly Citadel unit within 3 of Coleen, roll 2 dice:
    the attacker has -1 strength per [special] for that attack, never below 1."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            not st.info.is_unit[target]
            or st.ctrl[target] != st.ctrl[src]
            or not named(st, target, "Citadel")
            or not within(st, src, target, 3)
        ):
            return value
        n = specials(st.roll(2))
        low = value if value < 1 else 1
        v = value - n
        return v if v > low else low


# -- Jacob Eldwyn ----------------------------------------------------------------------
class RadiantShot(Ability):
    """+1 strength for every 2 magic you have."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        return value + st.magic[st.ctrl[src]] // 2


# -- Valna Stoutheart ------------------------------------------------------------------
class Guidance(AtYourPhaseStart):
    """At the start of your Summon Phase, draw 2 cards."""

    phase = SUMMON

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.draw(trig.player, 2)


class CitadelChampion(Ability):
    """+1 strength per friendly Citadel unit within 2 spaces of her."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        me = st.ctrl[src]
        return value + sum(
            1
            for c in units_on_board(st)
            if st.ctrl[c] == me and named(st, c, "Citadel") and within(st, src, c, 2)
        )


# -- Citadel Archer --------------------------------------------------------------------
class ArrowOfLight(Ability):
    """Just before it attacks you may discard units with different names from hand:
    +1 magic each and +1 strength for that attack each. Offered as its own attack
    action (``option`` = target); then pick cards one by one, NO = done."""

    action_phases = (ATTACK,)  # ``actions`` offers nothing in other phases

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        if not any(st.info.is_unit[c] for c in st.hand[st.ctrl[src]]):
            return []
        return [UseAbility(src, self.id, t) for t in attack_targets(st, src)]

    def _ask(
        self, st: GameState, src: int, target: int, chosen: tuple[int, ...]
    ) -> None:
        me = st.ctrl[src]
        names = {st.info.cards[c].name for c in chosen}
        cands = [
            c
            for c in st.hand[me]
            if st.info.is_unit[c]
            and c not in chosen
            and st.info.cards[c].name not in names
        ]
        if not cands:
            self._fire(st, src, target, chosen)
            return
        opts: list[Action] = [NO] if chosen else []
        opts += [ChooseTarget(c) for c in cands]
        st.ask(self.decision(st, src, opts, target, chosen, prompt="Arrow of Light"))

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        self._ask(st, src, action.option, ())

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        target, chosen = dec.data
        if isinstance(action, ChooseTarget):
            self._ask(st, dec.source, target, chosen + (action.card,))
        else:
            self._fire(st, dec.source, target, chosen)

    def _fire(
        self, st: GameState, src: int, target: int, chosen: tuple[int, ...]
    ) -> None:
        me = st.ctrl[src]
        for c in chosen:
            st.discard_card(c)
            st.gain_magic(me, 1)
        st.flags[f"{self.id}:{src}"] = len(chosen)
        do_attack(st, Attack(src, target))

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src:
            return value
        return value + st.flags.pop(f"{self.id}:{src}", 0)


# -- Citadel Knight --------------------------------------------------------------------
class KnightEngage(Engage):
    """The shared mechanic :class:`Engage` (its docstring says what it does)."""


class Protect(Ability):
    """An enemy adjacent to this unit that attacks must target a unit with Protect."""

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        if st.ctrl[attacker] == st.ctrl[src] or not adjacent(st, src, attacker):
            return False
        return not any(
            a.id.endswith(".protect") for a in st.info.cards[target].abilities
        )


# -- Citadel Paladin -------------------------------------------------------------------
class Intercession(PerSpecialOnEnemyUnit):
    """After it attacks an enemy unit, draw 1 card per [special] rolled."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.draw(trig.player, trig.data[0])


# -- Temple Priest ---------------------------------------------------------------------
class Heal(Ability):
    """Before it attacks a friendly common or champion, you may discard a card from
    hand: the attack then removes 1 damage per die showing [melee] or [special]
    instead of adding damage. Offered as its own attack action (``option`` =
    target), then the card to discard."""

    action_phases = (ATTACK,)  # ``actions`` offers nothing in other phases

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or not st.hand[st.ctrl[src]]:
            return []
        me = st.ctrl[src]
        return [
            UseAbility(src, self.id, t)
            for t in attack_targets(st, src)
            if st.ctrl[t] == me and st.info.is_unit[t] and common_or_champion(st, t)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        opts = [ChooseTarget(c) for c in st.hand[st.ctrl[src]]]
        st.ask(self.decision(st, src, opts, action.option, prompt="Heal: discard"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseTarget)
        src = dec.source
        target = dec.data[0]
        st.discard_card(action.card)
        count_attack(st, src)
        n = st.strength(src)
        for s, ab in st.hooked("mod_attack_strength"):
            n = ab.mod_attack_strength(st, s, src, target, n)
        faces = st.roll(n if n > 0 else 0)
        # R7 step 3: per symbol, so a sword+special die removes 2 (second.dice)
        st.heal(target, count_symbols(faces, MELEE, SPECIAL))
        trigs = st.collect("after_attack", src, target, 0)
        if "after_attack_result" in st.info.hooks:
            res = AttackResult(src, target, st.pos[target], faces, 0)
            trigs += st.collect("after_attack_result", res)
        st.push_triggers(trigs)


# -- Events ----------------------------------------------------------------------------
class HolyJudgment(BoostToStay):
    """Put 2 boost on it. ACTIVE: friendly commons +1 strength. At the start of your
    turn you may remove 1 boost to keep it instead of discarding it. Whenever a
    friendly unit is destroyed, remove 1 boost from it."""

    boost_on_play = 2
    keep_prompt = "keep Holy Judgment"

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            st.info.is_common[cid]
            and st.info.is_unit[cid]
            and st.ctrl[cid] == st.ctrl[src]
            and st.on_board(cid)
        ):
            return value + 1
        return value

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if trig.data == ("destroyed",):
            src = trig.source
            if st.zone[src] == ACTIVE and st.boost[src] > 0:
                st.boost[src] -= 1
            return
        super().resolve_trigger(st, trig)

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        # R8e: "friendly" = controlled by you when destroyed (GameState.destroy)
        if st.info.is_unit[card] and st.ctrl[card] == st.ctrl[src]:
            return self.trigger(st, src, "destroyed")
        return None


class GuardingSpirits(FirstAttackCap):
    """ACTIVE: friendly commons within 3 of your summoner have Guarded (the first
    attack against such a unit each turn adds at most 1 damage)."""

    zones = (ACTIVE,)

    def applies(self, st: GameState, src: int, target: int) -> bool:
        me = st.ctrl[src]
        summ = st.info.summoners[me]
        return (
            st.ctrl[target] == me
            and st.info.is_common[target]
            and st.info.is_unit[target]
            and st.on_board(summ)
            and within(st, summ, target, 3)
        )


class MassHeal(Ability):
    """Each friendly common and champion within 2 of your summoner removes 2 damage."""

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        summ = st.info.summoners[me]
        if not st.on_board(summ):
            return
        for c in units_on_board(st):
            if (
                st.ctrl[c] == me
                and common_or_champion(st, c)
                and within(st, summ, c, 2)
            ):
                st.heal(c, 2)


class RenewedHope(Ability):
    """ACTIVE: you may summon in any phase of your turn, and onto spaces adjacent to
    your summoner."""

    zones = (ACTIVE,)

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        summ = st.info.summoners[st.ctrl[src]]
        return empty_adjacent(st, summ) if st.on_board(summ) else []

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.phase == SUMMON or st.stack:
            return []
        return legal_summons(st)


ABILITIES: dict[str, type[Ability]] = {
    "sera-eldwyn.the-citadels-might": CitadelsMight,
    "coleen-brighton.divine-shield": DivineShield,
    "jacob-eldwyn.radiant-shot": RadiantShot,
    "valna-stoutheart.guidance": Guidance,
    "valna-stoutheart.citadel-champion": CitadelChampion,
    "citadel-archer.arrow-of-light": ArrowOfLight,
    "citadel-knight.engage": KnightEngage,
    "citadel-knight.protect": Protect,
    "citadel-paladin.intercession": Intercession,
    "temple-priest.heal": Heal,
    "holy-judgment.effect": HolyJudgment,
    "guarding-spirits.effect": GuardingSpirits,
    "mass-heal.effect": MassHeal,
    "renewed-hope.effect": RenewedHope,
}
