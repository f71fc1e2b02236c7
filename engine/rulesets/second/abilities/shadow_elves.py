"""Shadow Elves: the cards whose data is complete (Selundar, Taliya, Samara, Lucian,
Shadow Knight, True Seeker, Sage Ranger, Shadow Mage, Shadow Pulse, Glinting Speed,
Onyx Tome).
Texts: cards/data/shadow-elves.yaml (sources and confidence per card).

Interpretations (where the paraphrased texts leave room):
- Shadow Summon replaces the normal summon (R4): the Shadow Knight is always summoned
  next to a friendly card without Shadow Summon (a gate qualifies), and that card
  takes 1 damage. Offered as ``UseAbility(knight, id, target)`` in your Summon phase
  (cost paid as usual), then a ``ChooseSpace`` among the target's empty neighbours.
  The damage is self-inflicted: it never gains magic.
- Death Pact: "your summoner" is the summoner of the player who controlled the Knight
  when it was destroyed (R8e; :meth:`~engine.core.state.GameState.destroy`).
- Shadow Pulse: a gate of either player counts; its targets are any units (friend or
  foe, summoners too) adjacent to at least one damaged gate. Targets are picked one by
  one (``NO`` ends the choice; zero targets is allowed), then each takes 1 damage.
  It can be played only while at least one such unit exists.
- Glinting Speed: "leaves the battlefield" is caught when a unit is destroyed
  (``on_destroy_at``) and when one is returned to a hand (``after_return``: Return to
  Shadow, Unrelenting ...). The distance is from your summoner to
  the space the unit left; placing the summoner there is a place, not a move.
- Blood Magic: any damage counts (attacks, abilities, events, yours or the
  opponent's) if it lands in your turn on a card you control within 3 spaces (gates
  too), even when it destroys the card; one boost per damaging, not per point.
- Return to Shadow: any phase of your turn while nothing is resolving; the unit goes
  to its owner's hand (R8e "return to hand": cards under it are discarded).
- Tear the Veil: "once per turn" counts placements (a declined chance does not use
  it); the common may come from anywhere on the battlefield; the space is any empty
  one next to any damaged enemy gate next to Taliya; placing is not a move.
- Onyx Tome: it needs a card to take (any card of your discard pile except an Onyx
  Tome or an epic event). Its two pings each pick any friendly unit (the summoner too;
  the same unit may be picked twice); self-inflicted damage gains no magic.
- "The turn it was summoned" (Fierce Assault, Piercing Light) is kept in ``st.flags``
  (reset every turn), set by the ``after_summon`` hook itself (no trigger).
- Feint / Sudden Assault push the unit itself (a force, not a move) 1-2 / 1 spaces in
  a straight line through empty spaces.
- Forbidden Knowledge: "an adjacent gate" is any gate next to the Mage (the fan
  source does not limit it to friendly gates); damage to your own card gains no magic.
- Samara (Inescapable Doom): "she destroyed an enemy unit" = one of her attacks
  destroyed its target, a unit that was an enemy when destroyed (R8e: its controller
  then, seen by ``on_destroy``); kept in ``st.flags`` (reset every turn). The damage
  is Samara's ability damage (:func:`ability_damage`), to the enemy summoner or to
  your own; none if she has left the battlefield before the phase ends.
- Lucian: Dark Prophecy counts a friendly unit (controller as it left, R8e) that is
  destroyed (``on_destroy``) or returned to a hand (``after_return``), never Lucian
  himself. Judgment: after his own move (not a force) you may pick an adjacent common
  or champion of either side (``NO`` declines), then how many boost to spend (1 to
  all he has); that much ability damage to it.
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
)
from engine.core.board import ADJ, DIST, RAYS
from engine.core.effects import (
    AfterOwnMove,
    AtYourPhaseEnd,
    ability_damage,
    adjacent,
    ask_optional_target,
    common_or_champion,
    return_to_hand,
    spend_boost,
)
from engine.core.hooks import (
    ACTIVE,
    DISCARD,
    HAND,
    Ability,
    AttackResult,
    Decision,
)
from engine.core.phases import ATTACK, SUMMON
from engine.core.types import CardClass
from engine.rulesets.second.abilities.mechanics import note_side, side_of

if TYPE_CHECKING:
    from engine.core.hooks import Trigger
    from engine.core.state import GameState

SHADOW_SUMMON = "shadow-knight.shadow-summon"


def _empty_adjacent(st: GameState, cid: int) -> list[int]:
    board = st.board
    return [s for s in ADJ[st.pos[cid]] if board[s] < 0]


def _has_ability(st: GameState, cid: int, ability_id: str) -> bool:
    return any(a.id == ability_id for a in st.info.cards[cid].abilities)


# -- Shadow Knight ---------------------------------------------------------------------
class ShadowSummon(Ability):
    """Summoned next to a friendly card without Shadow Summon, which takes 1 damage."""

    zones = (HAND,)
    action_phases = (SUMMON,)

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return card == src

    def _targets(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in st.board
            if c >= 0
            and st.ctrl[c] == player
            and not _has_ability(st, c, SHADOW_SUMMON)
            and _empty_adjacent(st, c)
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.turn_player
        if st.phase != SUMMON or st.stack or st.owner(src) != me:
            return []
        if (st.info.cards[src].cost or 0) > st.magic[me]:
            return []
        return [UseAbility(src, self.id, t) for t in self._targets(st, me)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        target = action.option
        opts = [ChooseSpace(s) for s in _empty_adjacent(st, target)]
        if opts:
            st.ask(
                self.decision(
                    st, src, opts, target, player=st.turn_player, prompt="Shadow Summon"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseSpace)
        src, target, me = dec.source, dec.data[0], dec.player
        if st.zone[src] != HAND or st.board[action.space] >= 0:
            return
        st.gain_magic(me, -(st.info.cards[src].cost or 0))
        st.place(src, action.space, me)
        if st.stats is not None:
            st.stats[3 * src] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", src)
        if st.on_board(target) and not st.terminal:
            st.deal_damage(target, 1, me)  # self-inflicted: no source, no magic


class DeathPact(Ability):
    """After this unit is destroyed, your summoner takes 1 damage."""

    hook_zones = {"on_destroy": (DISCARD,)}

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if card == src:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        summ = st.info.summoners[trig.player]
        if st.on_board(summ) and not st.terminal:
            st.deal_damage(summ, 1, trig.player)


# -- Shadow Pulse ----------------------------------------------------------------------
def _pulse_targets(st: GameState) -> list[int]:
    board = st.board
    damaged_gates = [c for c in board if c >= 0 and st.damage[c] > 0 and st.is_gate(c)]
    out: set[int] = set()
    for g in damaged_gates:
        for s in ADJ[st.pos[g]]:
            u = board[s]
            if u >= 0 and st.info.is_unit[u]:
                out.add(u)
    return sorted(out)


class ShadowPulse(Ability):
    """Any number of units adjacent to one or more damaged gates take 1 damage each."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(_pulse_targets(st))

    def _ask(self, st: GameState, card: int, chosen: tuple[int, ...]) -> None:
        left = [u for u in _pulse_targets(st) if u not in chosen]
        if not left:
            self._apply(st, card, chosen)
            return
        opts: list[Action] = [NO] + [ChooseTarget(u) for u in left]
        st.ask(
            self.decision(
                st, card, opts, chosen, player=st.turn_player, prompt="Shadow Pulse"
            )
        )

    def _apply(self, st: GameState, card: int, chosen: tuple[int, ...]) -> None:
        me = st.turn_player
        for u in chosen:
            if st.terminal:
                return
            if st.on_board(u):
                st.deal_damage(u, 1, me, card)

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, ())

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        chosen: tuple[int, ...] = dec.data[0]
        if isinstance(action, ChooseTarget):
            self._ask(st, dec.source, (*chosen, action.card))
        else:
            self._apply(st, dec.source, chosen)


# -- Glinting Speed --------------------------------------------------------------------
class GlintingSpeed(Ability):
    """ACTIVE: in your turn, after a unit within 3 spaces of your summoner leaves the
    battlefield, you may place your summoner on the space it left."""

    zones = (ACTIVE,)

    def _follow(self, st: GameState, src: int, card: int, space: int) -> Trigger | None:
        """The offer when the unit ``card`` left ``space`` within 3 of your summoner."""
        me = st.ctrl[src]
        summ = st.info.summoners[me]
        if (
            st.turn_player == me
            and space >= 0
            and st.info.is_unit[card]
            and card != summ
            and st.on_board(summ)
            and DIST[st.pos[summ]][space] <= 3
        ):
            return self.trigger(st, src, space)
        return None

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        return self._follow(st, src, card, space)

    def after_return(
        self, st: GameState, src: int, card: int, space: int, controller: int
    ) -> Trigger | None:
        return self._follow(st, src, card, space)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        summ = st.info.summoners[trig.player]
        space = trig.data[0]
        if st.on_board(summ) and st.board[space] < 0:
            st.ask(
                self.decision(
                    st, trig.source, [NO, YES], space, prompt="Glinting Speed"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        summ = st.info.summoners[dec.player]
        space = dec.data[0]
        if action == YES and st.on_board(summ) and st.board[space] < 0:
            st.place(summ, space, dec.player)


# -- Onyx Tome -------------------------------------------------------------------------
def _tome_cards(st: GameState, player: int) -> list[int]:
    cards = st.info.cards
    return [
        c
        for c in st.discard[player]
        if cards[c].slug != "onyx-tome" and CardClass.EPIC not in cards[c].classes
    ]


class OnyxTome(Ability):
    """Take a card other than Onyx Tome or an epic event from your discard pile into
    your hand; then, twice, 1 damage to a friendly unit."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(_tome_cards(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        opts = [ChooseTarget(c) for c in _tome_cards(st, me)]
        if opts:
            st.ask(
                self.decision(st, card, opts, "take", 2, player=me, prompt="Onyx Tome")
            )

    def _ping(self, st: GameState, card: int, me: int, left: int) -> None:
        units = [u for u in st.units_of(me) if st.on_board(u)]
        if left <= 0 or not units or st.terminal:
            return
        opts = [ChooseTarget(u) for u in units]
        st.ask(
            self.decision(st, card, opts, "ping", left, player=me, prompt="Onyx Tome")
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseTarget)
        step, left = dec.data
        me = dec.player
        if step == "take":
            c = action.card
            if st.zone[c] == DISCARD:
                st.remove_from_zone(c)
                st.zone[c] = HAND
                st.ctrl[c] = me
                st.hand[me].append(c)
            self._ping(st, dec.source, me, left)
            return
        if st.on_board(action.card):
            st.deal_damage(action.card, 1, me)  # self-inflicted: no magic
        self._ping(st, dec.source, me, left - 1)


# -- "the turn it was summoned" --------------------------------------------------------
class _SummonedThisTurn(Ability):
    """Base: remembers in ``st.flags`` that this unit was summoned this turn."""

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        # bookkeeping only (no choice, nothing to order): mark it, no trigger
        if card == src:
            st.flags[f"{self.id}:{src}"] = 1
        return None

    def fresh(self, st: GameState, src: int) -> bool:
        return bool(st.flags.get(f"{self.id}:{src}"))


def _push_spaces(st: GameState, cid: int, reach: int) -> list[int]:
    out: list[int] = []
    for ray in RAYS[st.pos[cid]]:
        for s in ray[:reach]:
            if st.board[s] >= 0:
                break
            out.append(s)
    return sorted(out)


# -- True Seeker -----------------------------------------------------------------------
class FierceAssault(_SummonedThisTurn):
    """+2 strength on the turn it was summoned."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 2 if cid == src and self.fresh(st, src) else value


class Feint(Ability):
    """After it attacks, you may push it 1 or 2 spaces in a straight line."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self.trigger(st, src) if attacker == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not st.can_be_forced(src):
            return
        spaces = _push_spaces(st, src, 2)
        if spaces:
            opts: list[Action] = [NO] + [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Feint"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.force(dec.source, action.space)


# -- Sage Ranger -----------------------------------------------------------------------
class PiercingLight(_SummonedThisTurn):
    """On the turn it was summoned, its attacks pass through units."""

    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return self.fresh(st, src) and st.info.is_unit[blocker]


class SuddenAssault(Ability):
    """After it is summoned, you may push it 1 space."""

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        return self.trigger(st, src) if card == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not st.can_be_forced(src):
            return
        spaces = _push_spaces(st, src, 1)
        if spaces:
            opts: list[Action] = [NO] + [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Sudden Assault"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.force(dec.source, action.space)


# -- Shadow Mage -----------------------------------------------------------------------
class ForbiddenKnowledge(Ability):
    """After it moves, you may deal 1 damage to it or to an adjacent gate; if you do,
    draw 1 card."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        return self.trigger(st, src) if card == src and kind == "move" else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        gates = [st.board[s] for s in ADJ[st.pos[src]] if st.board[s] >= 0]
        gates = [g for g in gates if st.is_gate(g)]
        opts: list[Action] = [NO, ChooseTarget(src)] + [ChooseTarget(g) for g in gates]
        st.ask(self.decision(st, src, opts, prompt="Forbidden Knowledge"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        me = dec.player
        if st.on_board(action.card):
            st.deal_damage(action.card, 1, me)  # self-inflicted or a gate: see module
        if not st.terminal:
            st.draw(me, 1)


# -- Selundar --------------------------------------------------------------------------
class BloodMagic(Ability):
    """In your turn, each time a friendly card within 3 spaces of this unit takes 1 or
    more damage, put 1 boost on this unit."""

    def after_damage(
        self, st: GameState, src: int, card: int, n: int, space: int, controller: int
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            card != src
            and controller == me
            and st.turn_player == me
            and st.on_board(src)
            and DIST[st.pos[src]][space] <= 3
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.boost[trig.source] += 1


class ReturnToShadow(Ability):
    """In your turn, spend 2 boost from this unit to return a friendly unit within 3
    spaces of it to your hand. ``UseAbility(selundar, id, unit)``."""

    def _targets(self, st: GameState, src: int) -> list[int]:
        here = st.pos[src]
        return [
            c
            for c in st.units_of(st.ctrl[src])
            if c != src and DIST[here][st.pos[c]] <= 3
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or st.boost[src] < 2 or st.turn_player != st.ctrl[src]:
            return []
        return [UseAbility(src, self.id, c) for c in self._targets(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        unit = action.option
        spend_boost(st, src, 2)
        return_to_hand(st, unit)  # it leaves the battlefield: after_return fires


# -- Taliya ----------------------------------------------------------------------------
class TearTheVeil(Ability):
    """Once per turn, after this unit moves, if it is adjacent to a damaged enemy gate,
    you may place a friendly common from the battlefield on an empty space adjacent to
    that gate (first the common, then the space)."""

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def _spaces(self, st: GameState, src: int) -> list[int]:
        """Empty spaces next to the damaged enemy gates next to this unit."""
        me = st.ctrl[src]
        board = st.board
        out: set[int] = set()
        for s in ADJ[st.pos[src]]:
            g = board[s]
            if g >= 0 and st.ctrl[g] != me and st.damage[g] and st.is_gate(g):
                out.update(n for n in ADJ[s] if board[n] < 0)
        return sorted(out)

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card != src or kind != "move" or st.flags.get(self._key(src)):
            return None
        return self.trigger(st, src) if self._spaces(st, src) else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not self._spaces(st, src):
            return
        commons = [c for c in st.units_of(st.ctrl[src]) if st.info.is_common[c]]
        ask_optional_target(self, st, src, commons, prompt="Tear the Veil: common")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            spaces = [ChooseSpace(s) for s in self._spaces(st, src)]
            if spaces and st.on_board(action.card):
                st.ask(
                    self.decision(
                        st, src, spaces, action.card, prompt="Tear the Veil: space"
                    )
                )
        elif isinstance(action, ChooseSpace):
            st.flags[self._key(src)] = 1
            st.place(dec.data[0], action.space, dec.player)


# -- Samara ----------------------------------------------------------------------------
class InescapableDoom(AtYourPhaseEnd):
    """At the end of your Attack phase: 1 damage to the enemy summoner if this unit
    destroyed an enemy unit this turn, else 1 damage to your own summoner."""

    phase = ATTACK

    def _killed(self, src: int) -> str:
        return f"{self.id}:{src}"

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        note_side(st, card)  # (for side_of below)
        return None

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if (
            res.attacker == src
            and res.space >= 0
            and not st.on_board(t)
            and st.info.is_unit[t]
            and side_of(st, t) != st.ctrl[src]  # an enemy when destroyed (R8e)
        ):
            st.flags[self._killed(src)] = 1  # bookkeeping: nothing to resolve
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = trig.player
        who = 1 - me if st.flags.get(self._killed(src)) else me
        summ = st.info.summoners[who]
        if st.on_board(summ):
            ability_damage(st, src, summ, 1)


# -- Lucian ----------------------------------------------------------------------------
class DarkProphecy(Ability):
    """Whenever a friendly unit leaves the battlefield: 1 boost on this unit."""

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if st.info.is_unit[card] and st.ctrl[card] == st.ctrl[src]:
            st.boost[src] += 1  # bookkeeping: nothing to choose or order
        return None

    def after_return(
        self, st: GameState, src: int, card: int, space: int, controller: int
    ) -> Trigger | None:
        if card != src and st.info.is_unit[card] and controller == st.ctrl[src]:
            st.boost[src] += 1
        return None


class Judgment(AfterOwnMove):
    """After this unit moves you may spend any number of its boost: that much damage
    to one adjacent common or champion."""

    def ready(self, st: GameState, src: int) -> bool:
        return st.boost[src] > 0

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.boost[src] <= 0:
            return
        targets = [
            c
            for c in st.board
            if c >= 0 and common_or_champion(st, c) and adjacent(st, src, c)
        ]
        ask_optional_target(self, st, src, targets, prompt="Judgment: target")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            if st.on_board(action.card) and st.boost[src] > 0:
                opts = [ChooseOption(n) for n in range(1, st.boost[src] + 1)]
                st.ask(
                    self.decision(
                        st, src, opts, action.card, prompt="Judgment: boost to spend"
                    )
                )
        elif isinstance(action, ChooseOption):
            target = dec.data[0]
            n = min(action.option, st.boost[src])
            spend_boost(st, src, n)
            if n > 0 and st.on_board(target) and not st.terminal:
                ability_damage(st, src, target, n)


ABILITIES: dict[str, type[Ability]] = {
    SHADOW_SUMMON: ShadowSummon,
    "shadow-knight.death-pact": DeathPact,
    "shadow-pulse.effect": ShadowPulse,
    "glinting-speed.effect": GlintingSpeed,
    "onyx-tome.effect": OnyxTome,
    "true-seeker.fierce-assault": FierceAssault,
    "true-seeker.feint": Feint,
    "sage-ranger.piercing-light": PiercingLight,
    "sage-ranger.sudden-assault": SuddenAssault,
    "shadow-mage.forbidden-knowledge": ForbiddenKnowledge,
    "selundar.blood-magic": BloodMagic,
    "selundar.return-to-shadow": ReturnToShadow,
    "taliya.tear-the-veil": TearTheVeil,
    "samara.inescapable-doom": InescapableDoom,
    "lucian.dark-prophecy": DarkProphecy,
    "lucian.judgment": Judgment,
}
