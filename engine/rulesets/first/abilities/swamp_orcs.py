"""Swamp Orcs (first edition), Mugglug's deck: research/first-edition.md 2.7.10.

Vine Walls come from Mugglug's separate pile of 15 (:mod:`engine.rulesets.first.piles`):
2-life walls placed only by effects, anywhere on the battlefield; a destroyed one goes
back to the pile and gives nobody magic (R31). Units may be summoned, moved or placed
onto a Vine Wall and roll to leave it (:mod:`engine.rulesets.first.vines`: the rule,
with who leaves without a roll, which reads "no roll to leave vine walls" on Mugglug
and every Vinemancer; attacking a Vine Wall under a unit). A Vine Wall under a unit
is still a wall of its controller's on the battlefield: Rampant Growth, Vine Growth
(summoning points), Animate, Choke and Guard see it too.

- Mugglug, *Rampant Growth*: whenever a unit next to a wall you control is destroyed,
  a Vine Wall from your pile is put on the space it occupied (if still empty).
- Blerg, *Adapt*: when his attack destroys an enemy unit that goes to your magic pile,
  choose: remove 1 wound from Blerg, or put that unit under him instead (it leaves your
  magic pile); +1 attack per unit under him, at most +4.
- Glurp, *Disruptive*: while you control him, each event you play (not a wall)
  costs 1 magic more (the ``mod_event_cost`` hook; an event you cannot pay for
  cannot be played). Two Glurps would add 1 each (one champion per deck).
- Murk, *Vinemancer Choke*: +1 attack against a unit next to a Vine Wall.
- Splub, *Vinemancer Sow*: when his attack destroys an enemy unit, a Vine Wall is put
  on its space.
- Conjurer, *Vinemancer Animate*: at the start of your attack phase you may destroy a
  Vine Wall you control within 3 spaces (it returns to the pile) to give the Conjurer,
  until end of turn, either +1 attack or the bow symbol (it attacks as a ranged unit:
  cards up to 3 clear straight-line spaces away, R20).
- Savager, *Fear* (:class:`.common.Fear`).
- Shaman, *Vinemancer Guard*: while next to a Vine Wall, when an opponent's attack
  rolls against it only dice of 5+ wound it (R24: a prevented wound is still a hit);
  the attack's wounds are at most its 5+ dice, an extra wound such as Burning
  Blade's included (as Ice Shield and Cold Snap read it).
- Swamp Beast, *Spore Carrier*: when destroyed, a Vine Wall is put on its space if
  that space is empty.
- Glarg, *Vinemancer Reach*: while he stands on a Vine Wall, +1 attack and the bow
  symbol (he attacks as a ranged unit: cards up to 3 clear straight spaces away).
- Splack, *Vinemancer Entangle*: after he attacks a common or champion that is
  still on the battlefield, you may pay 1 magic to put a Vine Wall of your pile under
  it (not when a Vine Wall is already there; it must then roll to leave, unless it
  is a Vinemancer).
- Hunter, *Vinemancer Ambush*: when it moved onto or off a Vine Wall this turn (a
  move, not a push or a placement), +1 attack until end of turn (once however many).
- Ensnare: choose up to 2 commons (anyone's), one at a time; each is placed (not
  moved: no roll, no Fear) on a lone Vine Wall within 4 spaces of it. A common
  without such a Vine Wall cannot be chosen; the second must differ from the first.
- Ambush: until end of turn your Swamp Orc units gain VINEMANCER AMBUSH (+1 attack if
  they moved onto or off a Vine Wall this turn, and no roll to leave Vine Walls);
  a named ability: it does not stack with the Hunter's own nor with a second Ambush
  (R36).
- Events: Vine Growth (a Vine Wall next to a wall you control), Vine Guard (your
  Swamp Orc units gain VINEMANCER GUARD until the start of your next turn; a named
  ability: it does not stack with the Shaman's own, R36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
)
from engine.core.board import ADJ, DIST
from engine.core.effects import (
    ask_optional_target,
    attack_targets,
    may_attack_now,
    units_on_board,
    within,
)
from engine.core.hooks import DISCARD, Ability, AttackResult, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.phases import ATTACK
from engine.core.types import CardClass
from engine.core.zones import BOARD
from engine.rulesets.first.abilities.common import Fear, straight_cards, walls_of
from engine.rulesets.first.magic import in_pile_of
from engine.rulesets.first.piles import conjure, pile_cards, vines_under
from engine.rulesets.first.summon import wall_spaces
from engine.rulesets.first.vines import (
    AMBUSH,
    VINE_GUARD,
    VINE_MOVED,
    destroy_vine,
    free_vine,
    lift_vine,
    on_vine,
    put_vine_under,
    vine_at,
    with_vine_targets,
)

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "swamp-orcs"
VINE = "vine-wall"


def is_vine(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].slug == VINE


def next_to_vine(st: GameState, cid: int) -> bool:
    """A Vine Wall (alone or under a unit) on a space next to ``cid``."""
    return any(vine_at(st, s) >= 0 for s in ADJ[st.pos[cid]])


def sow(st: GameState, player: int, space: int) -> None:
    """Put a Vine Wall of ``player``'s pile on ``space`` if it is empty."""
    if st.board[space] < 0:
        conjure(st, player, VINE, space)


class RampantGrowth(Ability):
    """A unit next to a wall you control is destroyed: a Vine Wall on its space."""

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if not st.info.is_unit[card] or card == src:
            return None
        me = st.ctrl[src]
        walls = walls_of(st, me) + vines_under(st, me)
        if any(st.pos[w] in ADJ[space] for w in walls):
            return self.trigger(st, src, space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        sow(st, trig.player, trig.data[0])


def _destroyed_enemy(st: GameState, src: int, res: AttackResult) -> bool:
    t = res.target
    return (
        res.attacker == src
        and st.info.is_unit[t]
        and st.zone[t] != BOARD
        and st.info.owner[t] != st.ctrl[src]
    )


class Adapt(Ability):
    """His attack destroys an enemy unit bound for your magic pile: remove 1 wound
    from him, or put the unit under him; +1 attack per unit under him (max +4)."""

    MAX = 4

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if _destroyed_enemy(st, src, res) and in_pile_of(st, res.target, st.ctrl[src]):
            return self.trigger(st, src, res.target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, victim = trig.source, trig.data[0]
        if not st.on_board(src) or not in_pile_of(st, victim, trig.player):
            return
        opts = [ChooseOption(0), ChooseOption(1)]  # 0: heal 1, 1: take it under
        st.ask(self.decision(st, src, opts, victim, prompt="Adapt: heal or keep"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src, victim = dec.source, dec.data[0]
        if not isinstance(action, ChooseOption) or not st.on_board(src):
            return
        if action.option == 0:
            st.heal(src, 1)
        elif in_pile_of(st, victim, dec.player):
            st.put_under(victim, src)  # out of your magic pile, under him

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src:
            return value
        isu = st.info.is_unit
        n = sum(1 for c in st.under.get(src, ()) if isu[c])
        return value + min(self.MAX, n)


class Disruptive(Ability):
    """Events its controller plays cost 1 magic more."""

    def mod_event_cost(self, st: GameState, src: int, card: int, value: int) -> int:
        if st.ctrl[card] == st.ctrl[src]:
            return value + 1
        return value


class VinemancerChoke(Ability):
    """+1 attack against a unit next to a Vine Wall."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.info.is_unit[target] and next_to_vine(st, target):
            return value + 1
        return value


class VinemancerSow(Ability):
    """His attack destroys an enemy unit: a Vine Wall on its space."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if _destroyed_enemy(st, src, res):
            return self.trigger(st, src, res.space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        sow(st, trig.player, trig.data[0])


_ANIMATE = "first.animate."


class VinemancerAnimate(Ability):
    """Start of your attack phase: you may destroy a Vine Wall you control within 3
    spaces for +1 attack or the bow symbol until end of turn."""

    action_phases = (ATTACK,)
    self_only = True  # (its modifier: its own attack)

    def _vines(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        return [
            c
            for c in st.cards_of(me) + vines_under(st, me)
            if is_vine(st, c) and within(st, src, c, 3)
        ]

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and st.turn_player == st.ctrl[src] and self._vines(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            ask_optional_target(
                self, st, trig.source, self._vines(st, trig.source), "vine"
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if dec.data[0] == "vine":
            if isinstance(action, ChooseTarget):
                opts = [ChooseOption(0), ChooseOption(1)]  # 0: +1 attack, 1: bow
                st.ask(
                    self.decision(
                        st, src, opts, "gift", action.card, prompt="+1 attack or bow"
                    )
                )
            return
        vine = dec.data[1]
        at = st.pos[vine]  # (-1: gone back to the pile meanwhile)
        if isinstance(action, ChooseOption) and at >= 0 and vine_at(st, at) == vine:
            destroy_vine(st, vine, dec.player, src)
            st.flags[f"{_ANIMATE}{action.option}.{src}"] = 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.flags.get(f"{_ANIMATE}0.{src}"):
            return value + 1
        return value

    def actions(self, st: GameState, src: int) -> list[Action]:
        """The bow: attacks on cards up to 3 clear straight spaces away (adjacent
        cards are already its melee targets)."""
        if not st.flags.get(f"{_ANIMATE}1.{src}") or not may_attack_now(st, src):
            return []
        near = set(attack_targets(st, src))
        out: list[Action] = [
            Attack(src, t)
            for t in straight_cards(st, src, st.attack_range(src), through=False)
            if t not in near and not st.attack_forbidden(src, t)
        ]
        return with_vine_targets(st, out)


def guard_damage(faces: tuple[int, ...], damage: int) -> int:
    return min(damage, sum(1 for f in faces if f >= 5))


class VinemancerGuard(Ability):
    """Next to a Vine Wall: an opponent's attack wounds it only with 5+."""

    order = 2

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if (
            target == src
            and st.ctrl[attacker] != st.ctrl[src]
            and next_to_vine(st, src)
        ):
            return guard_damage(faces, damage)
        return damage


class SporeCarrier(Ability):
    """When destroyed: a Vine Wall on its space, if possible."""

    hook_zones = {"on_destroy_at": (DISCARD, MAGIC_PILE)}  # destroyed: either

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        return self.trigger(st, src, space) if card == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        sow(st, trig.player, trig.data[0])


class VineGrowth(Ability):
    """Put a Vine Wall next to a wall you control."""

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(pile_cards(st, p, VINE)) and bool(wall_spaces(st, p))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseSpace(s) for s in wall_spaces(st, p)]
        st.ask(self.decision(st, card, opts, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace):
            sow(st, dec.player, action.space)


class VinemancerReach(Ability):
    """On a Vine Wall: +1 attack and the bow symbol."""

    self_only = True
    action_phases = (ATTACK,)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and on_vine(st, src):
            return value + 1
        return value

    def actions(self, st: GameState, src: int) -> list[Action]:
        """The bow: attacks on cards up to 3 clear straight spaces away (adjacent
        cards are already his melee targets)."""
        if not on_vine(st, src) or not may_attack_now(st, src):
            return []
        near = set(attack_targets(st, src))
        out: list[Action] = [
            Attack(src, t)
            for t in straight_cards(st, src, st.attack_range(src), through=False)
            if t not in near and not st.attack_forbidden(src, t)
        ]
        return with_vine_targets(st, out)


def _common_or_champion(st: GameState, cid: int) -> bool:
    classes = st.info.cards[cid].classes
    return st.info.is_unit[cid] and (
        CardClass.COMMON in classes or CardClass.CHAMPION in classes
    )


class VinemancerEntangle(Ability):
    """After attacking a common or champion that survives: pay 1 magic to put a
    Vine Wall under it."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if res.attacker == src and st.on_board(t) and _common_or_champion(st, t):
            return self.trigger(st, src, t)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        t, p = trig.data[0], trig.player
        if (
            st.on_board(t)
            and st.magic[p] >= 1
            and pile_cards(st, p, VINE)
            and vine_at(st, st.pos[t]) < 0
        ):
            st.ask(self.decision(st, trig.source, [NO, YES], t, prompt="Entangle?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        t = dec.data[0]
        if action == YES and st.on_board(t) and st.magic[dec.player] >= 1:
            if put_vine_under(st, dec.player, st.pos[t]) >= 0:
                st.gain_magic(dec.player, -1)


class VinemancerAmbush(Ability):
    """Moved onto or off a Vine Wall this turn: +1 attack."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and f"{VINE_MOVED}{src}" in st.flags:
            return value + 1
        return value


_ENSNARE_REACH = 4


def _snare_spaces(st: GameState, common: int) -> list[int]:
    at = st.pos[common]
    return [s for s in range(48) if free_vine(st, s) and DIST[at][s] <= _ENSNARE_REACH]


class Ensnare(Ability):
    """Up to 2 commons, one at a time: each placed on a lone Vine Wall within 4."""

    def _commons(self, st: GameState, but: int = -1) -> list[int]:
        return [
            c
            for c in units_on_board(st)
            if c != but and st.is_common(c) and _snare_spaces(st, c)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._commons(st))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, -1)

    def _ask(self, st: GameState, card: int, player: int, first: int) -> None:
        commons = self._commons(st, first)
        if commons:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in commons]
            st.ask(self.decision(st, card, opts, "common", first, player=player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[0] == "common":
            if isinstance(action, ChooseTarget):
                c = action.card
                opts = [ChooseSpace(s) for s in _snare_spaces(st, c)]
                st.ask(self.decision(st, dec.source, opts, "space", c, dec.data[1]))
            return
        c, first = dec.data[1], dec.data[2]
        if isinstance(action, ChooseSpace) and st.on_board(c):
            lift_vine(st, action.space)
            st.place(c, action.space, st.ctrl[c])
        if first < 0:
            self._ask(st, dec.source, dec.player, c)


class Ambush(Ability):
    """Your Swamp Orc units gain VINEMANCER AMBUSH until end of turn (the turn flag
    remembers the card; the rule's roll reads it too, :mod:`..vines`)."""

    hook_zones = {"mod_strength": (DISCARD,)}

    def play(self, st: GameState, card: int) -> None:
        key = f"{AMBUSH}{st.turn_player}"
        if key not in st.flags:
            st.flags[key] = card

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        p = st.info.owner[src]
        if (
            st.flags.get(f"{AMBUSH}{p}", -1) == src
            and f"{VINE_MOVED}{cid}" in st.flags
            and st.ctrl[cid] == p
            and st.info.is_unit[cid]
            and st.info.cards[cid].faction == FACTION
            and st.info.cards[cid].slug != "hunter-swamp-orcs"
        ):
            return value + 1
        return value


_VINE_GUARD = VINE_GUARD  # (vines.py reads it: no roll while it lasts)


class VineGuard(Ability):
    """Your Swamp Orc units gain VINEMANCER GUARD until the start of your next
    turn (``notes`` remember the turn it was played)."""

    hook_zones = {"mod_damage": (DISCARD,)}
    order = 2

    def play(self, st: GameState, card: int) -> None:
        st.notes[f"{_VINE_GUARD}{st.turn_player}"] = st.turn

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        p = st.info.owner[src]
        played = st.notes.get(f"{_VINE_GUARD}{p}")
        if (
            played is None
            or st.turn > played + 1
            or st.ctrl[target] != p
            or st.ctrl[attacker] == p
            or not st.info.is_unit[target]
            or st.info.cards[target].faction != FACTION
            or not next_to_vine(st, target)
        ):
            return damage
        return guard_damage(faces, damage)


ABILITIES: dict[str, type[Ability]] = {
    "mugglug.rampant-growth": RampantGrowth,
    "blerg.adapt": Adapt,
    "glurp.disruptive": Disruptive,
    "murk.vinemancer-choke": VinemancerChoke,
    "splub.vinemancer-sow": VinemancerSow,
    "conjurer.vinemancer-animate": VinemancerAnimate,
    "savager.fear": Fear,
    "shaman-swamp-orcs.vinemancer-guard": VinemancerGuard,
    "swamp-beast.spore-carrier": SporeCarrier,
    "glarg.vinemancer-reach": VinemancerReach,
    "splack.vinemancer-entangle": VinemancerEntangle,
    "hunter-swamp-orcs.vinemancer-ambush": VinemancerAmbush,
    "ensnare.effect": Ensnare,
    "ambush.effect": Ambush,
    "vine-growth.effect": VineGrowth,
    "vine-guard.effect": VineGuard,
}
