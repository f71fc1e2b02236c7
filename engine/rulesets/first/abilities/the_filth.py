"""The Filth (first edition, faction deck), The Demagogue's deck:
research/first-edition.md 2.7.4. Readings in our own words; where a text is open, the
official FAQ's reading (S3).

Mutations (R57; the Mutation rules card itself was not found, so this follows the
FAQ): a Mutation card is summoned in your summon phase, paying its cost, onto a common
Filth unit you control. The Mutation card takes the unit's space and wounds and the
unit goes under it (with whatever was under the unit, e.g. a Freeze), so the mutated
unit is the Mutation card: its stats and ability. A Mutation summoned onto an already
mutated unit costs the old Mutation's cost less, and the old Mutation card returns to
its owner's hand. When a mutated unit leaves the battlefield the cards under it go
with it (R37). "Common Filth unit" below means a Filth common or a mutated unit;
"unmutated" a Filth common. Each Mutation's summon is the action
``UseAbility(mutation card in hand, its ability id, option = the unit)``.

- The Demagogue, *Mutagist*: instead of attacking, take a Mutation card from your draw
  pile or discard pile into your hand (one action per distinct Mutation and pile; the
  draw pile is shuffled when taken from).
- Her, *Her Eyes*: if she has not moved this turn she may attack any common or
  champion on the battlefield.
- The Abomination, *Writhing Spawn*: at the start of your attack phase roll a die; its
  attack rises by the result until the end of the turn.
- Vomitus, *Horrific Vomit*: at the start of your attack phase roll a die; this turn he
  may attack a card up to that many clear straight-line spaces away.
- Anointed, *Destined*: at the start of your movement phase its wounds are removed.
- Cultist, *Hex Thrower*: it cannot attack an adjacent card. Zealot, *Bloodlust*: it
  cannot attack walls.
- Bestial Mutant, *Greater Swiftness*: 2 extra spaces when it moves in your movement
  phase. Winged Mutant, *Greater Flight* (:mod:`.common`).
- Claw Mutant, *Crushing Grip*: against a common or champion (or a mutated unit: its
  Mutation card's life, FAQ) its attack equals the target's printed life, at most 5.
- Corpulent Mutant, *Ignore Pain*: when an attack would wound it, roll a die; on 4+
  it takes none of those wounds.
- Edible Mutant, *Feed the Brethren*: when a common Filth unit of yours ends a move
  next to it, you may move 1 wound from that unit onto the Edible Mutant.
- Horror Mutant, *Demonic Visage*: an enemy unit that ends a move next to it this turn
  cannot attack this turn.
- Incanter Mutant, *Incite Brethren*: your unmutated Filth commons next to it get +2
  attack.
- Spellsucker Mutant, *Nullify* (a response, :mod:`engine.rulesets.first.responses`,
  moment EVENT): when the opponent plays an event other than a wall, you may destroy
  the Spellsucker (you destroy it: the magic is yours, R27) and the event has no
  effect.
- Spew Mutant, *Acidic Vomit*: when its attack puts 2 or more wounds on a card, that
  card gets 1 more.
- Stoneflesh Mutant, *Living Wall*: its controller may summon next to it as next to a
  wall.
- Tentacle Mutant, *Insidious Reach*: it may attack a card up to 2 straight-line spaces
  away, through cards in between (only the target is affected).
- Void Mutant, *Dimensional Shift*: your unmutated Filth commons may move through its
  space; one that ends its move on it (an action of the Void Mutant's, one of your 3
  moves) is at once placed on an empty space next to any wall on the battlefield (its
  controller chooses), or destroyed (by you) when there is none.
- Channel Corruption: summon a Mutation from your hand at once, for free.
- Shield of the Hopeful (a response, moment WOUNDS): when an attack would wound an
  unmutated Filth common you control, that attack puts no wounds on it (R24: the hits
  stay hits).

- Possessed Wall: put it on an enemy wall (under it); that wall is no summoning point
  while covered. The wall's controller may discard 2 cards from hand at any time to
  discard the Possessed Wall: in their own turn an action, in the opponent's turn
  through the ANYTIME response window as each phase ends (R34; never during the
  draw). The card says "any player": the player who put it there gains nothing by
  paying 2 cards to free the enemy's wall, so only the wall's controller is offered
  it. Destroyed with the wall (R37).

- Absorption Mutant, *Magic Linked*: each time its attack destroys a unit, you may
  move 1 Filth card from the opponent's discard pile to yours (Filth cards reach it
  when the opponent pays with Filth cards they destroyed, R14, R22; from your own
  discard pile the Demagogue's Mutagist can take a Mutation back). One option per
  name and owner, ``NO`` first.

Not implemented: Heretic's Rebuke (text unknown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import (
    NO,
    Action,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import ADJ
from engine.core.effects import (
    AtYourPhaseStart,
    attack_targets,
    count_attack,
    may_attack_now,
)
from engine.core.hooks import (
    BOARD,
    DECK,
    HAND,
    UNDER,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import _attack
from engine.core.mechanics.movement import walk_reach
from engine.core.phases import ATTACK, MOVE, SUMMON
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import straight_cards
from engine.rulesets.first.responses import (
    ANYTIME,
    EVENT,
    PROBE,
    IgnoreWounds,
    Response,
    cancel_event,
    pending_faces,
    would_wound,
)
from engine.rulesets.first.summon import NOT_A_SUMMONING_POINT

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "the-filth"


# -- who is what ----------------------------------------------------------------------
def is_mutation(st: GameState, cid: int) -> bool:
    return CardClass.MUTATION in st.info.cards[cid].classes


def is_unmutated(st: GameState, cid: int) -> bool:
    """A Filth common unit (no Mutation on it)."""
    card = st.info.cards[cid]
    return (
        card.faction == FACTION
        and CardClass.COMMON in card.classes
        and st.info.is_unit[cid]
    )


def is_filth_common(st: GameState, cid: int) -> bool:
    """A common Filth unit: unmutated or mutated."""
    return is_unmutated(st, cid) or (
        is_mutation(st, cid) and st.info.cards[cid].faction == FACTION
    )


def cost_of(st: GameState, cid: int) -> int:
    return st.info.cards[cid].cost or 0


# -- mutating -------------------------------------------------------------------------
def mutation_cost(st: GameState, mutation: int, host: int) -> int:
    """R57: a Mutation on a mutated unit costs the old Mutation's cost less."""
    c = cost_of(st, mutation)
    if is_mutation(st, host):
        c -= cost_of(st, host)
    return c if c > 0 else 0


def hosts(st: GameState, player: int) -> list[int]:
    """Units ``player`` controls that a Mutation may be summoned onto."""
    return [u for u in st.units_of(player) if is_filth_common(st, u)]


def mutate(st: GameState, mutation: int, host: int, pay: bool) -> None:
    """Summon the Mutation card ``mutation`` onto ``host`` (R57, module docstring)."""
    p = st.ctrl[host]
    if pay:
        st.gain_magic(p, -mutation_cost(st, mutation, host))
    space, wounds = st.pos[host], st.damage[host]
    below = st.under.pop(host, ())
    st.remove_from_zone(host)
    st.clear_tokens(host)
    st.place(mutation, space, p)
    st.damage[mutation] = wounds
    if is_mutation(st, host):
        # the old Mutation returns to its owner's hand; the unit under it stays
        owner = st.info.owner[host]
        st.zone[host] = HAND
        st.ctrl[host] = owner
        st.hand[owner].append(host)
        stay: tuple[int, ...] = below
    else:
        stay = (host, *below)
    for c in stay:
        st.zone[c] = UNDER
        st.pos[c] = mutation
        st.ctrl[c] = p
    st.under[mutation] = st.under.get(mutation, ()) + stay
    if st.stats is not None:
        st.stats[3 * mutation] += 1
    if "after_summon" in st.info.hooks:
        st.emit("after_summon", mutation)


def mutation_actions(ab: Ability, st: GameState, src: int) -> list[Action]:
    """``UseAbility(src, ab.id, unit)`` for each unit the Mutation card ``src`` (in
    hand) may be summoned onto now (your summon phase, cost paid)."""
    if st.phase != SUMMON or st.stack or st.zone[src] != HAND:
        return []
    p = st.turn_player
    return [
        UseAbility(src, ab.id, h)
        for h in hosts(st, p)
        if mutation_cost(st, src, h) <= st.magic[p]
    ]


class Mutant(Ability):
    """Base of the Mutation cards' abilities: from hand, in your summon phase, the
    Mutation may be summoned onto a common Filth unit you control."""

    action_phases: ClassVar[tuple[int, ...] | None] = (SUMMON,)
    hook_zones: ClassVar[dict[str, tuple[int, ...]]] = {"actions": (HAND,)}

    def actions(self, st: GameState, src: int) -> list[Action]:
        return mutation_actions(self, st, src)

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        mutate(st, src, action.option, True)


class ReachingAttack(Ability):
    """Base of "it may also attack these cards" abilities: ``Attack`` actions for
    the extra targets (:meth:`extra_targets`) in your attack phase."""

    action_phases: ClassVar[tuple[int, ...] | None] = (ATTACK,)

    def extra_targets(self, st: GameState, src: int) -> list[int]:
        return []

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.zone[src] != BOARD or not may_attack_now(st, src):
            return []
        normal = set(attack_targets(st, src))
        out: list[Action] = []
        for t in self.extra_targets(st, src):
            if t in normal or t == src:
                continue
            if "prevents_attack" in st.info.hooks and st.attack_forbidden(src, t):
                continue
            out.append(_attack(src, t))
        return out


# -- The Demagogue and the champions --------------------------------------------------
class Mutagist(Ability):
    """Instead of attacking: a Mutation from your draw or discard pile to hand."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        p = st.ctrl[src]
        out: list[Action] = []
        for pile in (st.deck[p], st.discard[p]):
            seen: set[str] = set()
            for c in sorted(pile):
                slug = st.info.cards[c].slug
                if is_mutation(st, c) and slug not in seen:
                    seen.add(slug)
                    out.append(UseAbility(src, self.id, c))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        c = action.option
        p = st.ctrl[src]
        from_deck = st.zone[c] == DECK
        st.remove_from_zone(c)
        st.zone[c] = HAND
        st.ctrl[c] = p  # (your discard pile may hold the opponent's cards, R14)
        st.hand[p].append(c)
        if from_deck:
            st.rng.shuffle(st.deck[p])


class HerEyes(ReachingAttack):
    """Not moved this turn: she may attack any common or champion."""

    def extra_targets(self, st: GameState, src: int) -> list[int]:
        if src in st.moved:
            return []
        out = []
        for c in st.board:
            if c >= 0 and st.info.is_unit[c]:
                classes = st.info.cards[c].classes
                if CardClass.COMMON in classes or CardClass.CHAMPION in classes:
                    out.append(c)
                elif CardClass.MUTATION in classes:
                    out.append(c)  # a mutated unit is a common
        return out


class WrithingSpawn(AtYourPhaseStart):
    """Start of your attack phase: roll a die, + the result to its attack."""

    phase = ATTACK
    self_only = True

    def _key(self, src: int) -> str:
        return f"first.writhing-spawn.{src}"

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            (die,) = st.roll(1)
            st.flags[self._key(trig.source)] = die

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src:
            return value + st.flags.get(self._key(src), 0)
        return value


class HorrificVomit(AtYourPhaseStart):
    """Start of your attack phase: roll a die; he may attack that many clear
    straight-line spaces away this turn."""

    phase = ATTACK
    action_phases = (ATTACK,)

    def _key(self, src: int) -> str:
        return f"first.horrific-vomit.{src}"

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            (die,) = st.roll(1)
            st.flags[self._key(trig.source)] = die

    def actions(self, st: GameState, src: int) -> list[Action]:
        reach = st.flags.get(self._key(src), 0)
        if reach < 2 or not may_attack_now(st, src):
            return []
        normal = set(attack_targets(st, src))
        out: list[Action] = []
        for t in straight_cards(st, src, reach, through=False):
            if t in normal:
                continue
            if "prevents_attack" in st.info.hooks and st.attack_forbidden(src, t):
                continue
            out.append(_attack(src, t))
        return out


# -- commons --------------------------------------------------------------------------
class Destined(AtYourPhaseStart):
    """Start of your movement phase: remove all its wounds."""

    phase = MOVE

    def ready(self, st: GameState, src: int) -> bool:
        return st.damage[src] > 0

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.heal(trig.source, st.damage[trig.source])


class HexThrower(Ability):
    """It cannot attack an adjacent card."""

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == src and st.pos[target] in ADJ[st.pos[src]]


class Bloodlust(Ability):
    """It cannot attack walls."""

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == src and CardClass.WALL in st.info.cards[target].classes


# -- Mutations ------------------------------------------------------------------------
class GreaterSwiftness(Mutant):
    """2 extra spaces when it moves in your movement phase."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 2 if cid == src else value


class WingedFlight(Mutant):
    """Greater Flight (:class:`.common.GreaterFlight`), on a Mutation card: 1 extra
    space, through cards. (No second base class: the module is compiled with mypyc,
    which allows single inheritance only.)"""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True


class CrushingGrip(Mutant):
    """Against a common, champion or mutated unit: its attack = the target's printed
    life (at most 5)."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src or not st.info.is_unit[target]:
            return value
        classes = st.info.cards[target].classes
        if (
            CardClass.COMMON in classes
            or CardClass.CHAMPION in classes
            or CardClass.MUTATION in classes
        ):
            return min(5, st.info.cards[target].life or 0)
        return value


class IgnorePain(Mutant):
    """When an attack would wound it, roll a die: on 4+ no wounds."""

    order = 90

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target != src or damage <= 0 or PROBE in st.flags:
            return damage
        (die,) = st.roll(1)
        return 0 if die >= 4 else damage


class FeedTheBrethren(Mutant):
    """A common Filth unit of yours ending a move next to it: you may move one of
    its wounds onto this card."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            kind == "move"
            and card != src
            and st.on_board(src)
            and st.ctrl[card] == st.ctrl[src]
            and is_filth_common(st, card)
            and st.damage[card] > 0
            and st.pos[card] in ADJ[st.pos[src]]
        ):
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if st.on_board(trig.source) and st.on_board(card) and st.damage[card]:
            st.ask(
                self.decision(
                    st, trig.source, (NO, YesNo(True)), card, prompt="Feed the Brethren"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        card = dec.data[0]
        if action == YesNo(True) and st.on_board(card) and st.on_board(dec.source):
            st.heal(card, 1)
            st.deal_damage(dec.source, 1, dec.player, dec.source)


class DemonicVisage(Mutant):
    """An enemy unit that ends a move next to it this turn cannot attack this turn."""

    def _key(self, cid: int) -> str:
        return f"first.demonic-visage.{cid}"

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            kind == "move"
            and st.on_board(src)
            and st.info.is_unit[card]
            and st.ctrl[card] != st.ctrl[src]
            and st.pos[card] in ADJ[st.pos[src]]
        ):
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[self._key(trig.data[0])] = 1

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return self._key(attacker) in st.flags


class InciteBrethren(Mutant):
    """Your unmutated Filth commons next to it get +2 attack."""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            cid != src
            and st.zone[src] == BOARD
            and st.zone[cid] == BOARD
            and st.ctrl[cid] == st.ctrl[src]
            and is_unmutated(st, cid)
            and st.pos[cid] in ADJ[st.pos[src]]
        ):
            return value + 2
        return value


class AcidicVomit(Mutant):
    """Its attack putting 2+ wounds on a card puts 1 more."""

    order = 50

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return damage + 1 if attacker == src and damage >= 2 else damage


class MagicLinked(Mutant):
    """Each time its attack destroys a unit you may move 1 Filth card from the
    opponent's discard pile to yours (``ChooseTarget``, one per name and owner;
    ``NO`` first)."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if res.attacker == src and st.info.is_unit[t] and not st.on_board(t):
            return self.trigger(st, src)
        return None

    def _cards(self, st: GameState, player: int) -> list[int]:
        info = st.info
        seen: set[tuple[str, int]] = set()
        out: list[int] = []
        for c in st.discard[1 - player]:
            key = (info.cards[c].slug, info.owner[c])
            if info.cards[c].faction == FACTION and key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        p = trig.player
        cards = self._cards(st, p)
        if cards:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cards]
            st.ask(self.decision(st, trig.source, opts, player=p, prompt=self.id))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if (
            isinstance(action, ChooseTarget)
            and action.card in st.discard[1 - dec.player]
        ):
            st.discard_to(action.card, dec.player)


class LivingWall(Mutant):
    """Its controller may summon next to it as next to a wall."""

    def counts_as_gate(self, st: GameState, src: int) -> bool:
        return True


class InsidiousReach(ReachingAttack):
    """It may attack a card up to 2 straight-line spaces away, through cards."""

    hook_zones: ClassVar[dict[str, tuple[int, ...]]] = {"actions": (HAND, BOARD)}
    action_phases = (SUMMON, ATTACK)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.zone[src] == HAND:
            return mutation_actions(self, st, src)
        return super().actions(st, src)

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        mutate(st, src, action.option, True)

    def extra_targets(self, st: GameState, src: int) -> list[int]:
        return straight_cards(st, src, 2, through=True)


class Nullify(Response):
    """Response (from the battlefield): when the opponent plays a non-wall event,
    you may destroy the Spellsucker; the event has no effect. (From hand it is
    summoned as every Mutation is, :class:`Mutant`.)"""

    moment = EVENT
    zones = (BOARD,)
    hook_zones: ClassVar[dict[str, tuple[int, ...]]] = {"actions": (HAND,)}
    action_phases: ClassVar[tuple[int, ...] | None] = (SUMMON,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        return mutation_actions(self, st, src)

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        mutate(st, src, action.option, True)

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        card, player = ctx
        return (
            player != st.ctrl[src] and CardClass.WALL not in st.info.cards[card].classes
        )

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        me = st.ctrl[src]
        cancel_event(st, ctx[0])
        if st.on_board(src):
            st.destroy(src, me, src)


class DimensionalShift(Mutant):
    """Your unmutated Filth commons may move through its space; one may also end its
    move there (``UseAbility(void, id, unit)`` in your movement phase, one of the 3
    moves), and is then placed at once next to any wall on the battlefield (its
    controller picks the space), or destroyed when no such space is empty."""

    action_phases = (SUMMON, MOVE)
    hook_zones: ClassVar[dict[str, tuple[int, ...]]] = {"actions": (HAND, BOARD)}

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        return (
            other == src
            and st.zone[src] == BOARD
            and st.ctrl[mover] == st.ctrl[src]
            and is_unmutated(st, mover)
        )

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.zone[src] == HAND:
            return mutation_actions(self, st, src)
        if (
            st.phase != MOVE
            or st.stack
            or len(st.moved) >= st.info.ruleset.movers_limit(st)
        ):
            return []
        me = st.ctrl[src]
        goal = 1 << st.pos[src]
        occ = st.occ & ~goal
        out: list[Action] = []
        for u in st.units_of(me):
            if u in st.moved or not is_unmutated(st, u) or not st.can_move(u):
                continue
            if walk_reach(occ, st.pos[u], st.move_distance(u)) & goal:
                out.append(UseAbility(src, self.id, u))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        if st.zone[src] == HAND:
            mutate(st, src, action.option, True)
            return
        u = action.option
        st.moved.append(u)
        spaces = sorted(
            {
                s
                for w in st.board
                if w >= 0 and CardClass.WALL in st.info.cards[w].classes
                for s in ADJ[st.pos[w]]
                if st.board[s] < 0
            }
        )
        if not spaces:
            st.destroy(u, st.ctrl[src], src)
            return
        opts = tuple(ChooseSpace(s) for s in spaces)
        st.ask(self.decision(st, src, opts, u, prompt="Dimensional Shift: place it"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        u = dec.data[0]
        if isinstance(action, ChooseSpace) and st.on_board(u):
            st.place(u, action.space, st.ctrl[u])


# -- events ---------------------------------------------------------------------------
class ChannelCorruption(Ability):
    """Summon a Mutation from your hand at once, for free."""

    def _options(self, st: GameState, p: int) -> list[Action]:
        out: list[Action] = []
        for m in st.hand[p]:
            if not is_mutation(st, m):
                continue
            ab = st.info.abilities[m]
            if not ab:
                continue
            out += [UseAbility(m, ab[0].id, h) for h in hosts(st, p)]
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._options(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = self._options(st, p)
        st.ask(Decision(p, self.id, card, tuple(opts), (), "Channel Corruption"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, UseAbility) and st.on_board(action.option):
            mutate(st, action.card, action.option, False)


class PossessedWall(Response):
    """Put on an enemy wall: it is no summoning point while covered. Its controller
    may discard 2 cards from hand at any time to discard the Possessed Wall (in
    their turn an action, in the opponent's turn the ANYTIME response window between
    phases). Destroyed with the wall (cards under a card go with it, R37)."""

    moment = ANYTIME
    zones = (UNDER,)

    def _walls(self, st: GameState, p: int) -> list[int]:
        return [
            w
            for w in st.board
            if w >= 0
            and CardClass.WALL in st.info.cards[w].classes
            and st.ctrl[w] != p
            and f"{NOT_A_SUMMONING_POINT}{w}" not in st.notes
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._walls(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = tuple(ChooseTarget(w) for w in self._walls(st, p))
        st.ask(Decision(p, self.id, card, opts, ("cover",), "Possessed Wall: on"))

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        holder = st.ctrl[src]
        return holder != st.turn_player and len(st.hand[holder]) >= 2

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.stack or len(st.hand[st.ctrl[src]]) < 2:
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        self.respond(st, src, ())

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        self._pick(st, src, st.ctrl[src], 2)

    def _pick(self, st: GameState, src: int, p: int, left: int) -> None:
        opts = tuple(ChooseTarget(c) for c in st.hand[p])
        st.ask(Decision(p, self.id, src, opts, ("discard", left), "discard a card"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        if dec.data[0] == "cover":
            wall = action.card
            if st.on_board(wall):
                st.put_under(dec.source, wall)
                key = f"{NOT_A_SUMMONING_POINT}{wall}"
                st.notes = {**st.notes, key: 1}
            return
        st.discard_card(action.card)
        if dec.data[1] > 1:
            self._pick(st, dec.source, dec.player, dec.data[1] - 1)
            return
        src = dec.source
        if st.zone[src] == UNDER:
            wall = st.pos[src]
            st.discard_card(src)
            key = f"{NOT_A_SUMMONING_POINT}{wall}"
            st.notes = {k: v for k, v in st.notes.items() if k != key}


class ShieldOfTheHopeful(IgnoreWounds):
    """Response: an attack would wound your unmutated Filth common: no wounds."""

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        attacker, target = ctx
        return (
            st.on_board(target)
            and st.ctrl[target] == st.ctrl[src]
            and is_unmutated(st, target)
            and would_wound(st, attacker, target, pending_faces(st, attacker)) > 0
        )

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        from engine.rulesets.first.responses import ignore_wounds

        ignore_wounds(st, ctx[1])


ABILITIES: dict[str, type[Ability]] = {
    "the-demagogue.mutagist": Mutagist,
    "her.her-eyes": HerEyes,
    "the-abomination.writhing-spawn": WrithingSpawn,
    "vomitus.horrific-vomit": HorrificVomit,
    "anointed.destined": Destined,
    "cultist-the-filth.hex-thrower": HexThrower,
    "zealot.bloodlust": Bloodlust,
    "bestial-mutant.greater-swiftness": GreaterSwiftness,
    "claw-mutant.crushing-grip": CrushingGrip,
    "corpulent-mutant.ignore-pain": IgnorePain,
    "edible-mutant.feed-the-brethren": FeedTheBrethren,
    "horror-mutant.demonic-visage": DemonicVisage,
    "incanter-mutant.incite-brethren": InciteBrethren,
    "spellsucker-mutant.nullify": Nullify,
    "spew-mutant.acidic-vomit": AcidicVomit,
    "stoneflesh-mutant.living-wall": LivingWall,
    "absorption-mutant.magic-linked": MagicLinked,
    "tentacle-mutant.insidious-reach": InsidiousReach,
    "winged-mutant.greater-flight": WingedFlight,
    "void-mutant.dimensional-shift": DimensionalShift,
    "channel-corruption.effect": ChannelCorruption,
    "possessed-wall.effect": PossessedWall,
    "shield-of-the-hopeful.effect": ShieldOfTheHopeful,
}
