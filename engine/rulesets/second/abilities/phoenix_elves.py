"""Phoenix Elves (Starter Set): all 12 cards. Texts: the card data in
cards/data/phoenix-elves.yaml (Queen Maldaria: her current official abilities, as the
card data records them).

Interpretations (where the paraphrased texts leave room):
- Call Protection "place": put the unit on an empty space next to her (not a move or
  a force, R8e); any friendly unit but Queen Maldaria herself.
- Save the Queen: friendly units next to her cannot be forced and no attack passes
  through them (only abilities such as Fire Breath let attacks pass units at all).
- Fire Breath: the Drake may target a card behind units in its line (structures
  still block); "units between" are the units on the spaces strictly between it and
  the target's space. That damage is dealt without attacking those units, so Spirit
  of the Phoenix adds 1 to enemy units among them.
- Engage (Royal Guardian): glossary "farther" (R8e), a partial move counts
  (:class:`engine.rulesets.second.abilities.mechanics.Engage`).
- Spirit of the Phoenix: abilities of friendly units that damage an enemy unit without
  an attack (Riposte, Quick Shot, Wildfire, Engage, Fire Breath's side damage, Aura
  of the Phoenix) deal 1 more; events (Burn) are not unit abilities.
- Blinding Flare: the attack's damage becomes its number of [special] results
  (replacing the hits from melee/ranged symbols, and hit modifiers); it runs before
  other damage modifiers such as Guarded.
- Divine Retribution: the attacked card must be your summoner or a friendly unit
  within 3 of it (where it stood), the attacker an enemy unit; 1 damage afterwards,
  dealt by your summoner's ability (Aura of the Phoenix).
- Quick Shot: any unit (friendly too) that an unblocked straight line of at most 3
  spaces reaches; only after a move (not a force).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, ChooseSpace, ChooseTarget
from engine.core.board import ADJ, DIST, RAYS, line_between
from engine.core.dice import SPECIAL
from engine.core.effects import (
    AfterOwnMove,
    AtYourPhaseEnd,
    AtYourPhaseStart,
    PickOneEvent,
    ability_damage,
    adjacent,
    ask_optional_space,
    ask_optional_target,
    common_or_champion,
    empty_adjacent,
    named,
    near_summoner,
    specials,
    units_on_board,
)
from engine.core.hooks import (
    ACTIVE,
    HAND,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.second.abilities.mechanics import (
    Engage,
    FirstAttackCap,
    NamedNeighbourBoost,
    NotesSideAtDestruction,
    side_of,
)
from engine.rulesets.second.dice import count_symbols

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- Queen Maldaria --------------------------------------------------------------------
class CallProtection(AtYourPhaseEnd):
    """At the end of your Attack Phase, if she attacked an enemy card this turn, you may
    place a friendly unit on an empty space next to her."""

    phase = ATTACK

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        # bookkeeping only ("attacked an enemy card this turn"), no trigger
        if attacker == src and st.ctrl[target] != st.ctrl[src]:
            st.flags[f"{self.id}:{src}"] = 1
        return None

    def ready(self, st: GameState, src: int) -> bool:
        return bool(st.flags.get(f"{self.id}:{src}"))

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not empty_adjacent(st, src):
            return
        units = [
            c for c in units_on_board(st) if c != src and st.ctrl[c] == trig.player
        ]
        ask_optional_target(self, st, src, units, "unit", prompt="Call Protection")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in empty_adjacent(st, src)]
            st.ask(self.decision(st, src, opts, "space", action.card))
        elif isinstance(action, ChooseSpace):
            st.place(dec.data[1], action.space, dec.player)


class SaveTheQueen(Ability):
    """Friendly units next to her cannot be forced and cannot be attacked through."""

    def _guarded(self, st: GameState, src: int, cid: int) -> bool:
        return (
            cid != src
            and st.info.is_unit[cid]
            and st.ctrl[cid] == st.ctrl[src]
            and st.on_board(cid)
            and adjacent(st, src, cid)
        )

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return self._guarded(st, src, cid)

    def blocks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return self._guarded(st, src, blocker)


# -- Fanessa ---------------------------------------------------------------------------
class Riposte(Ability):
    """After an adjacent enemy unit attacks Fanessa, if she is still in play, that
    enemy takes 1 damage."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if (
            target == src
            and st.on_board(attacker)
            and st.info.is_unit[attacker]
            and st.ctrl[attacker] != st.ctrl[src]
            and adjacent(st, src, attacker)
        ):
            return self.trigger(st, src, attacker)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        enemy = trig.data[0]
        if st.on_board(trig.source) and st.on_board(enemy):
            ability_damage(st, trig.source, enemy, 1)


# -- Fire Drake ------------------------------------------------------------------------
class Protector(Ability):
    """It may be summoned onto a space adjacent to your summoner."""

    zones = (HAND,)

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        if card != src:
            return []
        summ = st.info.summoners[st.ctrl[src]]
        return empty_adjacent(st, summ) if st.on_board(summ) else []


class FireBreath(Ability):
    """Its attacks may pass through units; when one does, every unit between it and the
    target takes 1 damage per [special] rolled."""

    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return st.info.is_unit[blocker]

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker != src or not st.on_board(src):
            return None
        n = specials(res.faces)
        between = line_between(st.pos[src], res.space) or ()
        units = tuple(
            st.board[s]
            for s in between
            if st.board[s] >= 0 and st.info.is_unit[st.board[s]]
        )
        if n and units:
            return self.trigger(st, src, n, units)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        n, units = trig.data
        for u in units:
            if st.terminal:
                return
            if st.on_board(u):
                ability_damage(st, trig.source, u, n)


# -- Holleas ---------------------------------------------------------------------------
class FierySummon(Ability):
    """You may summon Ember units onto spaces adjacent to Holleas."""

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        if st.info.is_unit[card] and named(st, card, "Ember"):
            return empty_adjacent(st, src)
        return []


class Ignite(NamedNeighbourBoost):
    """Friendly Ember units adjacent to Holleas have +1 strength."""

    word = "Ember"


# -- Ember Archer ----------------------------------------------------------------------
def shot_targets(st: GameState, src: int, reach: int) -> list[int]:
    """Units reached by a straight line of at most ``reach`` spaces, empty between."""
    out = []
    board = st.board
    for ray in RAYS[st.pos[src]]:
        for s in ray[:reach]:
            c = board[s]
            if c >= 0:
                if st.info.is_unit[c]:
                    out.append(c)
                break
    return out


class QuickShot(AfterOwnMove):
    """After it moves, it may deal 1 damage to a unit within 3 straight-line spaces with
    only empty spaces between (not an attack)."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        units = shot_targets(st, src, 3)
        ask_optional_target(self, st, src, units, prompt="Quick Shot")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            ability_damage(st, dec.source, action.card, 1)


# -- Ember Beast -----------------------------------------------------------------------
class BornOfFire(Ability):
    """It may be summoned onto a space adjacent to a friendly Ember unit."""

    zones = (HAND,)

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        if card != src:
            return []
        me = st.ctrl[src]
        out: list[int] = []
        for c in units_on_board(st):
            if st.ctrl[c] == me and named(st, c, "Ember"):
                out += empty_adjacent(st, c)
        return out


class Wildfire(AtYourPhaseStart):
    """At the start of your Move Phase, every enemy unit adjacent to it takes 1
    damage."""

    phase = MOVE

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        board = st.board
        victims = [
            board[s]
            for s in ADJ[st.pos[src]]
            if board[s] >= 0
            and st.info.is_unit[board[s]]
            and st.ctrl[board[s]] != st.ctrl[src]
        ]
        for v in victims:
            if st.terminal:
                return
            ability_damage(st, src, v, 1)


# -- Ember Mage ------------------------------------------------------------------------
class Guarded(FirstAttackCap):
    """The first attack against this unit each turn adds at most 1 damage to it."""


# -- Royal Guardian --------------------------------------------------------------------
class GuardianEngage(Engage):
    """The shared mechanic :class:`Engage` (its docstring says what it does)."""


class Shove(Ability):
    """After it attacks an adjacent enemy common or champion, you may force that enemy
    1 space."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if (
            attacker == src
            and st.on_board(target)
            and st.info.is_unit[target]
            and st.ctrl[target] != st.ctrl[src]
            and common_or_champion(st, target)
            and adjacent(st, src, target)
        ):
            return self.trigger(st, src, target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        target = trig.data[0]
        if not st.on_board(target) or not st.can_be_forced(target):
            return
        spaces = empty_adjacent(st, target)
        ask_optional_space(self, st, trig.source, spaces, target, player=trig.player)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace):
            st.force(dec.data[0], action.space)


# -- Events ----------------------------------------------------------------------------
class SpiritOfThePhoenix(Ability):
    """ACTIVE: whenever an ability of a friendly unit damages an enemy unit without
    attacking it, it deals 1 more (``mod_ability_damage``, asked by
    :func:`engine.core.effects.ability_damage`, which every such ability uses)."""

    zones = (ACTIVE,)

    def mod_ability_damage(
        self, st: GameState, src: int, source: int, target: int, n: int
    ) -> int:
        me = st.ctrl[src]
        info = st.info
        if (
            st.ctrl[source] == me
            and info.is_unit[source]
            and info.is_unit[target]
            and st.ctrl[target] != me
        ):
            return n + 1
        return n


class BlindingFlare(Ability):
    """ACTIVE: attacks on your summoner, or on a friendly unit adjacent to it, add 1
    damage per [special] instead of per [melee]/[ranged] result."""

    zones = (ACTIVE,)
    order = -10

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        me = st.ctrl[src]
        summ = st.info.summoners[me]
        if not st.on_board(summ) or not st.on_board(target):
            return damage
        if target == summ or (
            st.info.is_unit[target]
            and st.ctrl[target] == me
            and adjacent(st, summ, target)
        ):
            return count_symbols(faces, SPECIAL)
        return damage


class Burn(PickOneEvent):
    """Deal 2 damage to a common or champion within 2 spaces of your summoner."""

    prompt = "Burn"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return [c for c in near_summoner(st, player, 2) if common_or_champion(st, c)]

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.deal_damage(action.card, 2, dec.player, dec.source)


class DivineRetribution(NotesSideAtDestruction):
    """ACTIVE: your summoner has Aura of the Phoenix: after an enemy unit attacks your
    summoner or a friendly unit within 3 of it, that enemy takes 1 damage."""

    zones = (ACTIVE,)

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        me = st.ctrl[src]
        summ = st.info.summoners[me]
        a, t = res.attacker, res.target
        if not st.on_board(summ) or not st.on_board(a) or st.ctrl[a] == me:
            return None
        if not st.info.is_unit[a] or not st.info.is_unit[t]:
            return None
        if t == summ or (
            side_of(st, t) == me  # a destroyed unit: its side then (R8e)
            and res.space >= 0
            and 0 < DIST[st.pos[summ]][res.space] <= 3
        ):
            return self.trigger(st, src, a)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        enemy = trig.data[0]
        summ = st.info.summoners[trig.player]
        if st.on_board(enemy) and st.on_board(summ):
            ability_damage(st, summ, enemy, 1)


ABILITIES: dict[str, type[Ability]] = {
    "queen-maldaria.call-protection": CallProtection,
    "queen-maldaria.save-the-queen": SaveTheQueen,
    "fanessa.riposte": Riposte,
    "fire-drake.protector": Protector,
    "fire-drake.fire-breath": FireBreath,
    "holleas.fiery-summon": FierySummon,
    "holleas.ignite": Ignite,
    "ember-archer.quick-shot": QuickShot,
    "ember-beast.born-of-fire": BornOfFire,
    "ember-beast.wildfire": Wildfire,
    "ember-mage.guarded": Guarded,
    "royal-guardian.engage": GuardianEngage,
    "royal-guardian.shove": Shove,
    "spirit-of-the-phoenix.effect": SpiritOfThePhoenix,
    "blinding-flare.effect": BlindingFlare,
    "burn.effect": Burn,
    "divine-retribution.effect": DivineRetribution,
}
