"""Fungal Dwarves: every catalog card (Kuldak, Withering Mage, Spore Carrier, Fungal
Beast, Monstrosity, Maldar, Thoon). Texts: the card data in
cards/data/fungal-dwarves.yaml (sources and confidence per card).

Interpretations:
- Infect: "destroys a unit" = its attack destroyed the target unit (friend or foe);
  the Carrier comes back from your discard pile onto the target's space (placed,
  R8e: not summoned, no cost), if that space is still empty.
- Parasitic: losing 1 boost needs a boost on it; with none it takes 1 damage.
- Blood Bloom: "friendly" is judged by the controller the unit had when destroyed
  (R8e, :meth:`~engine.core.state.GameState.destroy`); the distance is from Kuldak to
  the space the unit was destroyed on. The boost goes on the friendly units within 2
  of Kuldak as the destruction happens (nothing to choose, so no trigger): never on
  Kuldak, never on the destroyed unit.
- Withering Mage (Wither): an activated ability (``UseAbility``, option = the friendly
  unit within 2, never itself), once per turn in your Move phase; not a move (R5
  limit untouched). The damage is the Mage's ability damage (its controller gains the
  magic if it somehow destroys an enemy, never for its own units, R7).
- Spore Carrier: Burst destroys it as its controller's own card (no magic, R7).
  Fungal Mutation reads the boost the Carrier had as it was destroyed (tokens go with
  the card, R7, so it is noted just before); the Beast comes from the discard pile of
  the player who controlled the Carrier then, is placed (not summoned) under that
  player's control on the space the Carrier left, if it is empty; mandatory ("if
  you can"); any Fungal Beast there (they are alike: the first in the pile).
- Monstrosity (Final Form): like Elut-Bal, its summon is an ``UseAbility`` from the
  hand in your Summon phase (option = the Beast, any friendly unit named Fungal
  Beast); the Beast is destroyed (your own card: no magic), then you pay the cost and
  Monstrosity is placed on its space as a summon (``after_summon`` fires); if the
  destruction was replaced, nothing is paid or summoned. The normal summon next to a
  gate is not allowed.
- Maldar (Decay): the damage is his own (no magic for anyone); the 2 boost are
  optional ("you may"), on a friendly unit adjacent to him after the damage.
- Thoon: Blood Rage is :class:`~.mechanics.BoostPerUnitDestroyedInYourTurn` (as
  Undead Warrior's Blood Fury), Power Up is :class:`~.mechanics.ImbuedStrength`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, ChooseOption, ChooseTarget, UseAbility
from engine.core.board import DIST
from engine.core.effects import (
    AtYourPhaseEnd,
    ability_damage,
    adjacent,
    ask_optional_target,
    friendly_units_within,
    named,
)
from engine.core.hooks import (
    DISCARD,
    HAND,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK, MAGIC, MOVE, SUMMON
from engine.rulesets.second.abilities.mechanics import (
    BoostPerUnitDestroyedInYourTurn,
    ImbuedStrength,
)

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Kuldak ----------------------------------------------------------------------------
class BloodBloom(Ability):
    """Each time a friendly unit within 2 spaces of Kuldak is destroyed, 1 boost on
    every other friendly unit within 2 spaces of him (not on Kuldak)."""

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            card == src
            or space < 0
            or not st.info.is_unit[card]
            or st.ctrl[card] != me  # as it was destroyed (R8e)
            or DIST[st.pos[src]][space] > 2
        ):
            return None
        for u in friendly_units_within(st, src, 2):
            st.boost[u] += 1  # bookkeeping: nothing to choose or order
        return None


# -- Withering Mage --------------------------------------------------------------------
class Wither(Ability):
    """Once per turn, in your Move phase: 1 boost on a friendly unit within 2 spaces of
    this unit, then 1 damage to it."""

    action_phases = (MOVE,)

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.phase != MOVE
            or st.stack
            or st.ctrl[src] != st.turn_player
            or self._key(src) in st.flags
        ):
            return []
        return [UseAbility(src, self.id, u) for u in friendly_units_within(st, src, 2)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.flags[self._key(src)] = 1
        target = action.option
        st.boost[target] += 1
        ability_damage(st, src, target, 1)


# -- Spore Carrier ---------------------------------------------------------------------
class Burst(AtYourPhaseEnd):
    """At the end of your Magic phase: destroy this unit if it has 3 or more boost."""

    phase = MAGIC

    def ready(self, st: GameState, src: int) -> bool:
        return st.boost[src] >= 3

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src) and st.boost[src] >= 3:
            st.destroy(src, st.ctrl[src], src)


class FungalMutation(Ability):
    """If this unit had 3 or more boost when it was destroyed, a Fungal Beast from
    your discard pile takes its space, if possible."""

    hook_zones = {"on_destroy_at": (DISCARD,)}

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def instead_of_destroy(self, st: GameState, src: int, card: int) -> bool:
        # bookkeeping only (it replaces nothing): the boost the card has as it goes
        if card == src:
            if st.boost[src] >= 3:
                st.flags[self._key(src)] = 1
            else:
                st.flags.pop(self._key(src), None)
        return False

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if card != src or st.flags.pop(self._key(src), None) is None or space < 0:
            return None
        return self.trigger(st, src, space)  # player: its controller then (R8e)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        if st.board[space] >= 0:
            return
        for c in st.discard[trig.player]:
            if st.info.is_unit[c] and named(st, c, "Fungal Beast"):
                st.place(c, space, trig.player)
                return


# -- Fungal Beast ----------------------------------------------------------------------
class Infect(Ability):
    """If this unit destroys a unit, a Carrier unit may come back from your discard
    pile into the vacated space."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or st.on_board(res.target) or res.space < 0:
            return None
        if not st.info.is_unit[res.target] or res.damage <= 0:
            return None
        return self.trigger(st, src, res.space)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        if st.board[space] >= 0:
            return
        pile = [
            c
            for c in st.discard[trig.player]
            if st.info.is_unit[c] and named(st, c, "Carrier")
        ]
        ask_optional_target(self, st, trig.source, pile, space, player=trig.player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        space = dec.data[0]
        if isinstance(action, ChooseTarget) and st.board[space] < 0:
            st.place(action.card, space, dec.player)


class Parasitic(AtYourPhaseEnd):
    """At the end of your Attack Phase: this unit loses 1 boost or takes 1 damage."""

    phase = ATTACK

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if st.boost[src] > 0:
            opts = [ChooseOption(0), ChooseOption(1)]
            st.ask(self.decision(st, src, opts, prompt="Parasitic: 0 boost, 1 damage"))
        else:
            st.deal_damage(src, 1, trig.player, src)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseOption) and action.option == 0:
            st.boost[src] -= 1
        else:
            st.deal_damage(src, 1, dec.player, src)


# -- Monstrosity -----------------------------------------------------------------------
class FinalForm(Ability):
    """Summoning it also destroys a friendly Fungal Beast with 5 or more boost;
    Monstrosity takes its space. ``option`` of the summon action = the Beast."""

    action_phases = (SUMMON,)
    zones = (HAND,)

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return card == src

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.turn_player
        if st.phase != SUMMON or st.stack or st.ctrl[src] != me:
            return []
        if (st.info.cards[src].cost or 0) > st.magic[me]:
            return []
        return [
            UseAbility(src, self.id, c)
            for c in st.units_of(me)
            if named(st, c, "Fungal Beast") and st.boost[c] >= 5
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        me = st.turn_player
        beast = action.option
        space = st.pos[beast]
        st.destroy(beast, me, src)
        if st.terminal or st.board[space] >= 0 or st.zone[src] != HAND:
            return  # the destruction was replaced: no summon, nothing paid
        st.gain_magic(me, -(st.info.cards[src].cost or 0))
        st.place(src, space, me)
        if st.stats is not None:
            st.stats[3 * src] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", src)


# -- Maldar ----------------------------------------------------------------------------
class Decay(AtYourPhaseEnd):
    """At the end of your Move phase: 1 damage to this unit; then, if it is still on
    the battlefield, you may put 2 boost on an adjacent friendly unit."""

    phase = MOVE

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        st.deal_damage(src, 1, trig.player, src)  # its own card: no magic (R7)
        if st.terminal or not st.on_board(src):
            return
        friends = [u for u in st.units_of(st.ctrl[src]) if adjacent(st, src, u)]
        ask_optional_target(self, st, src, friends, prompt="Decay: 2 boost")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.boost[action.card] += 2


# -- Thoon -----------------------------------------------------------------------------
class BloodRage(BoostPerUnitDestroyedInYourTurn):
    """The shared mechanic :class:`BoostPerUnitDestroyedInYourTurn` (its docstring says
    what it does)."""


class PowerUp(ImbuedStrength):
    """The shared mechanic :class:`ImbuedStrength` (its docstring says what it does)."""


ABILITIES: dict[str, type[Ability]] = {
    "kuldak.blood-bloom": BloodBloom,
    "withering-mage.wither": Wither,
    "spore-carrier.burst": Burst,
    "spore-carrier.fungal-mutation": FungalMutation,
    "fungal-beast.infect": Infect,
    "fungal-beast.parasitic": Parasitic,
    "monstrosity.final-form": FinalForm,
    "maldar.decay": Decay,
    "thoon.blood-rage": BloodRage,
    "thoon.power-up": PowerUp,
}
