"""Guild Dwarves (first edition): Oldin's and Bolvi's decks and Grungor's Charge,
research/first-edition.md 2.3. Each card and how the engine reads it:

- Oldin, *Stone Melding*: while he is next to a wall (any wall, FAQ), an opponent's
  attack on him only wounds with results of 4+ (R24: the lower hits are prevented).
- Bolvi, *Strength of the Stone*: before he attacks (an action of his in the attack
  phase, offered while he may attack and has a target), you may put 1 wound on each
  wall you control; his next attack this turn gets +1 die per wall you still control
  afterwards (a wall the wound destroys no longer counts).
- Baldar, *Shield Block*: an attack on him wounds him only if every die is a hit; a
  fixed extra wound (Burning Blade) still applies.
- Gror, *Hammer Quake*: he attacks a card as usual (he needs a legal target); the same
  roll then affects every other card within 2 spaces of him (friend or foe, walls
  too), each taking the roll's wounds by its own defences.
- Thorkur, *Magic Barrier* (the revised card, C6): once per turn, when wounds would be
  put on him by an attack or a unit's ability, 1 of them is prevented by paying 1
  magic (wounds an event puts directly, e.g. Burn, are not intercepted). The
  engine cannot ask in the middle of placing wounds, so the barrier is always used
  while his controller has magic (the choice a player makes nearly always).
- Grungor, *Charge*: moved in your movement phase he may go up to 4 spaces; a move
  that ends more than 2 spaces from where it began is a Charge, and he cannot attack
  for the rest of that turn.
- Halvor, *Rage*: before he attacks (an action of his offered while he may attack and
  has a target), put 1 or 2 wounds on him for +1 die each on his attack this turn; if
  the wounds destroy him he still counts as one of the turn's attackers.
- Tordok, *Rune of Protection*: an opponent's attack on a common you control next to
  him only wounds with 5+.
- Dwaf and the Engineer, *Structural Analysis*: +2 dice when attacking a wall.
- Grundor's Tower and the Assault Tower, *Built*: the unit cannot be moved (the
  Colossus Upgrade lifts this); it may also be summoned next to an Architect you
  control (a ``summon_spaces`` hook working from the hand).
- Ulfric, *Greater Stone Melding*: while he is next to a wall, an opponent's attack on
  Ulfric, on that wall or on a unit of his side next to that wall only wounds with 4+.
- Defender, *Engage*: an enemy unit next to a Defender cannot be moved (placing and
  swapping are not moves; the engine does not stop a flying unit in mid-move).
- Spearman, *Thrust* (:mod:`.common`).
- Ballista, *Siege Engine*: reach 5, +2 dice against a wall, no attack on a turn it
  was moved (in your movement phase or by an ability such as Mage Push).
- Guardsman, *Tough* (:mod:`.common`: 4+ against an opponent's attack).
- Architect, *Repair*: instead of attacking, remove 1 wound from a wall or a Built
  unit next to it (offered only for a card that has a wound).
- Oath Sworn, *Bravery*: +1 die when attacking a unit whose summon cost is 2 or more.

Events:

- Heroic Feat: a unit you control gets +2 dice on its attacks for the rest of the
  turn; several Feats add up (R36: no named ability). "A unit" is read as yours: the
  bonus only lasts through your own turn, when only your units attack.
- Besiege the Walls: 3 wounds on each wall of the opponent (playable while they have
  one); walls it destroys give you the magic (R27).
- Expand: summon a Built common from your hand for free, next to your walls, an
  Architect you control or another Built unit you control.
- Strengthen Structures: until the start of your next turn, an opponent's attack on
  your walls and Built units only wounds with 5+.
- Accelerated Construction: take an event, a wall or a Built unit from your draw pile
  into your hand (the pile is shuffled), then for the rest of this event phase you may
  summon Built units (paying their cost, where R14 or *Built* allows).
- Destabilize: 4 wounds on every wall on the battlefield, both sides (R27: you gain
  the magic of every wall it destroys, your own too).
- Upgrades (R55): the event goes under a Built unit you control that has none; it
  works from there and goes with the unit (R37).
  - Mortar Upgrade, *Explosive Shell*: the unit may also attack any card within 3
    spaces (no line needed); when one of its attacks destroys a card, every card next
    to where that card stood gets 1 wound.
  - Turret Upgrade, *Gyro Stabilizer*: the unit may also attack a card up to 2 clear
    diagonal spaces away; once per turn, after it attacks, you may pay 1 magic for
    another attack with it (an extra attack, R17).
  - Colossus Upgrade, *Mighty Legs*: the unit may move despite *Built* and pass
    through commons (each common passed gets 1 wound), ending on an empty space; once
    it moved this turn it may only attack adjacent cards.

Magic Drain, Reinforcements and A Hero Is Born are :mod:`.shared`. The magic paid by
Magic Barrier and Gyro Stabilizer goes through :func:`.common.can_pay` and
:func:`.common.pay` (the Deep Dwarves' Magic Stasis forbids it, Wake the Father Gem
lowers it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    Attack,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, COLS, DIST, ROWS, sq
from engine.core.effects import (
    ability_damage,
    attack_targets,
    count_attack,
    extra_attack,
    may_attack_now,
)
from engine.core.hooks import (
    DISCARD,
    HAND,
    UNDER,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import hits_of
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    Thrust,
    Tough,
    WoundsOnlyFrom,
    adjacent_cards,
    can_pay,
    pay,
    walls_of,
    wounds_only_from,
)
from engine.rulesets.first.abilities.tundra_orcs import IceShield
from engine.rulesets.first.summon import summon_prevented, summon_spaces

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- helpers -------------------------------------------------------------------------
def is_wall(st: GameState, cid: int) -> bool:
    return CardClass.WALL in st.info.cards[cid].classes


def is_built(st: GameState, cid: int) -> bool:
    """A unit with the *Built* ability."""
    return st.info.is_unit[cid] and any(
        ab.id.endswith(".built") for ab in st.info.cards[cid].abilities
    )


def upgrade_of(st: GameState, host: int) -> int:
    """The Upgrade card under ``host`` (R55: at most one), or -1."""
    for c in st.under.get(host, ()):
        if st.info.cards[c].slug.endswith("-upgrade"):
            return c
    return -1


def wall_next_to(st: GameState, cid: int) -> list[int]:
    return [c for c in adjacent_cards(st, cid) if is_wall(st, c)]


def summon_free(st: GameState, unit: int, space: int, player: int) -> None:
    """Summon ``unit`` onto ``space`` without paying (an event's summon)."""
    st.place(unit, space, player)
    if st.stats is not None:
        st.stats[3 * unit] += 1
    if "after_summon" in st.info.hooks:
        st.emit("after_summon", unit)


def bonus_key(name: str, cid: int) -> str:
    return f"first.gd.{name}.{cid}"


# -- units ---------------------------------------------------------------------------
class StoneMelding(WoundsOnlyFrom):
    """While next to a wall, an opponent's attack wounds him only on 4+."""

    def protects(self, st: GameState, src: int, target: int) -> bool:
        return target == src and bool(wall_next_to(st, src))


class StrengthOfTheStone(Ability):
    """Before he attacks: 1 wound on each wall you control for +1 die per wall you
    control (his attack this turn)."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.flags.get(bonus_key("stone", src)) is not None
            or not may_attack_now(st, src)
            or not walls_of(st, st.ctrl[src])
            or not attack_targets(st, src)
        ):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        me = st.ctrl[src]
        for w in walls_of(st, me):
            if st.terminal:
                return
            st.deal_damage(w, 1, me, src)
        st.flags[bonus_key("stone", src)] = len(walls_of(st, me))

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            return value + st.flags.get(bonus_key("stone", src), 0)
        return value


class ShieldBlock(IceShield):
    """No wounds unless every die is a hit (fixed extra wounds still apply)."""

    order = 0  # before Burning Blade's extra wound (order 1)


_QUAKE = "first.gd.quake"


def area_damage(
    st: GameState, attacker: int, target: int, faces: tuple[int, ...]
) -> int:
    """The wounds the roll ``faces`` of ``attacker`` gives ``target`` (its own
    defences apply: ``mod_hits`` then ``mod_damage``)."""
    n = hits_of(st, attacker, faces)
    for s, ab in st.hooked("mod_damage"):
        n = ab.mod_damage(st, s, attacker, target, faces, n)
    return n if n > 0 else 0


class HammerQuake(Ability):
    """His attack also affects every other card within 2 spaces of him."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and st.on_board(src):
            return self.trigger(st, src, res.target, res.faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        target, faces = trig.data[0], trig.data[1]
        here = st.pos[src]
        others = [
            c
            for s in range(48)
            if (c := st.board[s]) >= 0 and c not in (src, target) and DIST[here][s] <= 2
        ]
        # R23: every card's wounds are counted before any is placed
        wounds = [(c, area_damage(st, src, c, faces)) for c in others]
        me = st.ctrl[src]
        for c, n in wounds:
            if st.terminal:
                return
            if st.on_board(c):
                st.deal_damage(c, n, me, src)


class MagicBarrier(Ability):
    """Once per turn, 1 magic prevents 1 of the wounds about to be put on him."""

    order = 3  # after every other change to the wounds

    def _barrier(self, st: GameState, src: int, n: int) -> int:
        key = bonus_key("barrier", src)
        me = st.ctrl[src]
        if n <= 0 or key in st.flags or not can_pay(st, me):
            return n
        st.flags[key] = 1
        pay(st, me)
        return n - 1

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return self._barrier(st, src, damage) if target == src else damage

    def mod_ability_damage(
        self, st: GameState, src: int, source: int, target: int, n: int
    ) -> int:
        return self._barrier(st, src, n) if target == src else n


class Charge(Ability):
    """Moved in your movement phase: up to 4 spaces; more than 2 = Charge, and then
    no attack this turn."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.phase == MOVE and st.turn_player == st.ctrl[src]:
            return value + 2
        return value

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if card == src and kind == "move" and DIST[start][st.pos[src]] > 2:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[bonus_key("charged", trig.source)] = 1

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == src and bonus_key("charged", src) in st.flags


class Rage(Ability):
    """Before he attacks: 1 or 2 wounds on him, +1 die each (``option`` = wounds)."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            bonus_key("rage", src) in st.flags
            or not may_attack_now(st, src)
            or not attack_targets(st, src)
        ):
            return []
        return [UseAbility(src, self.id, 1), UseAbility(src, self.id, 2)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.flags[bonus_key("rage", src)] = action.option
        st.deal_damage(src, action.option, st.ctrl[src], src)
        if not st.on_board(src) and not st.terminal:
            count_attack(st, src)  # he counts as an attacker (research 2.3)

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            return value + st.flags.get(bonus_key("rage", src), 0)
        return value


class RuneOfProtection(WoundsOnlyFrom):
    """An opponent's attack on a common you control next to Tordok wounds on 5+."""

    at_least = 5

    def protects(self, st: GameState, src: int, target: int) -> bool:
        return (
            st.info.is_common[target]
            and st.ctrl[target] == st.ctrl[src]
            and DIST[st.pos[src]][st.pos[target]] == 1
        )


class StructuralAnalysis(Ability):
    """+2 dice when attacking a wall."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and is_wall(st, target):
            return value + 2
        return value


class Built(Ability):
    """Cannot be moved (unless a Colossus Upgrade is under it); may be summoned next
    to an Architect you control."""

    hook_zones = {"summon_spaces": (HAND,)}

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        if cid != src:
            return False
        up = upgrade_of(st, src)
        return up < 0 or st.info.cards[up].slug != "colossus-upgrade"

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        if card != src:
            return []
        me = st.ctrl[src]
        return sorted(
            {
                s
                for c in st.units_of(me)
                if st.info.cards[c].slug == "architect"
                for s in ADJ[st.pos[c]]
                if st.board[s] < 0
            }
        )


class GreaterStoneMelding(WoundsOnlyFrom):
    """While Ulfric is next to a wall: Ulfric, that wall and the units of his side
    next to it are wounded by an opponent's attack only on 4+."""

    def protects(self, st: GameState, src: int, target: int) -> bool:
        walls = wall_next_to(st, src)
        if not walls:
            return False
        if target == src or target in walls:
            return True
        if not st.info.is_unit[target] or st.ctrl[target] != st.ctrl[src]:
            return False
        return any(DIST[st.pos[w]][st.pos[target]] == 1 for w in walls)


class Engage(Ability):
    """An enemy unit next to this Defender cannot be moved."""

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return (
            st.ctrl[cid] != st.ctrl[src]
            and st.info.is_unit[cid]
            and DIST[st.pos[src]][st.pos[cid]] == 1
        )


class SiegeEngine(Ability):
    """Reach 5, +2 dice against a wall, no attack on a turn it moved."""

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        return max(value, 5) if cid == src else value

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and is_wall(st, target):
            return value + 2
        return value

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move":
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[bonus_key("siege-moved", trig.source)] = 1

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == src and (
            src in st.moved or bonus_key("siege-moved", src) in st.flags
        )


class Repair(Ability):
    """Instead of attacking: 1 wound off a wall or Built unit next to it."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, c)
            for c in adjacent_cards(st, src)
            if st.damage[c] and (is_wall(st, c) or is_built(st, c))
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        st.heal(action.option, 1)


class Bravery(Ability):
    """+1 die against a unit whose summon cost is 2 or more."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        cost = st.info.cards[target].cost
        if attacker == src and st.info.is_unit[target] and cost is not None:
            return value + 1 if cost >= 2 else value
        return value


# -- events --------------------------------------------------------------------------
_FEAT_BY = "first.gd.feat.by"


class HeroicFeat(Ability):
    """A unit you control: +2 dice on its attacks this turn (stacks). The flags hold
    the total per unit; the Feat played last (in the discard pile) adds it."""

    hook_zones = {"mod_attack_strength": (DISCARD,)}

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(st.units_of(st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in st.units_of(st.turn_player)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            key = bonus_key("feat", action.card)
            st.flags[key] = st.flags.get(key, 0) + 2
            st.flags[_FEAT_BY] = dec.source

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if st.flags.get(_FEAT_BY) == src:
            return value + st.flags.get(bonus_key("feat", attacker), 0)
        return value


class BesiegeTheWalls(Ability):
    """3 wounds on each wall of the opponent."""

    wounds = 3

    def _walls(self, st: GameState) -> list[int]:
        return [w for w in walls_of(st, 1 - st.turn_player) if is_wall(st, w)]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._walls(st))

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        for w in self._walls(st):
            if st.terminal:
                return
            st.deal_damage(w, self.wounds, me, card)


class Destabilize(BesiegeTheWalls):
    """4 wounds on every wall on the battlefield."""

    wounds = 4

    def _walls(self, st: GameState) -> list[int]:
        return [c for s in range(48) if (c := st.board[s]) >= 0 and is_wall(st, c)]


def _built_in_hand(st: GameState, player: int, commons_only: bool) -> list[int]:
    return [
        c
        for c in st.hand[player]
        if is_built(st, c) and (not commons_only or st.info.is_common[c])
    ]


class Expand(Ability):
    """Summon a Built common from hand for free; also next to another Built unit
    you control."""

    def _spaces(self, st: GameState, player: int, unit: int) -> list[int]:
        near_built = {
            s
            for c in st.units_of(player)
            if is_built(st, c)
            for s in ADJ[st.pos[c]]
            if st.board[s] < 0
        }
        return sorted(near_built.union(summon_spaces(st, player, unit)))

    def _units(self, st: GameState, player: int) -> list[int]:
        return [
            c for c in _built_in_hand(st, player, True) if self._spaces(st, player, c)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._units(st, p)]
        st.ask(self.decision(st, card, opts, "unit", player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in self._spaces(st, p, action.card)]
            st.ask(self.decision(st, dec.source, opts, action.card, player=p))
        elif isinstance(action, ChooseSpace):
            summon_free(st, dec.data[0], action.space, p)


_STRENGTHEN = "first.gd.strengthen."


class StrengthenStructures(Ability):
    """Until the start of your next turn, opponents' attacks on your walls and Built
    units wound only on 5+ (``notes``: the turn it was played, per player)."""

    hook_zones = {"mod_damage": (DISCARD,)}
    order = 2

    def play(self, st: GameState, card: int) -> None:
        st.notes[f"{_STRENGTHEN}{st.turn_player}"] = st.turn

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        p = st.ctrl[target]
        played = st.notes.get(f"{_STRENGTHEN}{p}")
        if (
            played is None
            or st.turn - played > 1
            or st.ctrl[attacker] == p
            or not (is_wall(st, target) or is_built(st, target))
        ):
            return damage
        return wounds_only_from(st, attacker, faces, damage, 5)


_ACCEL = "first.gd.accelerated"


class AcceleratedConstruction(Ability):
    """Take an event, a wall or a Built unit from your draw pile into your hand
    (then shuffle); you may summon Built units for the rest of this event phase
    (``UseAbility`` of the played card, ``option`` = unit * 64 + space)."""

    hook_zones = {"actions": (DISCARD,)}
    action_phases = (EVENTS,)

    def _found(self, st: GameState, player: int) -> list[int]:
        info = st.info
        return sorted(
            c
            for c in st.deck[player]
            if not info.is_unit[c] or is_wall(st, c) or is_built(st, c)
        )

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        st.flags[_ACCEL] = card
        opts = [ChooseTarget(c) for c in self._found(st, p)]
        st.ask(self.decision(st, card, opts, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            p = dec.player
            st.deck[p].remove(action.card)
            st.zone[action.card] = HAND
            st.hand[p].append(action.card)
            st.rng.shuffle(st.deck[p])

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.flags.get(_ACCEL) != src or st.stack:
            return []
        p = st.turn_player
        out: list[Action] = []
        for c in _built_in_hand(st, p, False):
            cost = st.info.cards[c].cost or 0
            if cost > st.magic[p] or summon_prevented(st, c):
                continue
            out += [
                UseAbility(src, self.id, c * 64 + s) for s in summon_spaces(st, p, c)
            ]
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        unit, space = divmod(action.option, 64)
        p = st.turn_player
        st.gain_magic(p, -(st.info.cards[unit].cost or 0))
        summon_free(st, unit, space, p)


class Upgrade(Ability):
    """An Upgrade event (R55): it goes under a Built unit you control that has no
    Upgrade yet, and works from there (``zones = (UNDER,)``)."""

    zones = (UNDER,)

    def _hosts(self, st: GameState) -> list[int]:
        return [
            c
            for c in st.units_of(st.turn_player)
            if is_built(st, c) and upgrade_of(st, c) < 0
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._hosts(st))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in self._hosts(st)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.put_under(dec.source, action.card)


class ReachUpgrade(Upgrade):
    """An Upgrade that gives its unit more targets (:meth:`more_targets`), offered
    as ``Attack`` actions of the unit."""

    action_phases = (ATTACK,)

    def more_targets(self, st: GameState, host: int) -> list[int]:
        return []

    def actions(self, st: GameState, src: int) -> list[Action]:
        """Attacks on the extra targets the upgrade gives its unit."""
        host = st.pos[src]
        if not may_attack_now(st, host):
            return []
        usual = set(attack_targets(st, host))
        return [
            Attack(host, t)
            for t in self.more_targets(st, host)
            if t not in usual and not st.attack_forbidden(host, t)
        ]


class MortarUpgrade(ReachUpgrade):
    """EXPLOSIVE SHELL: attack any card within 3 spaces; a card destroyed by its
    attack wounds (1 each) every card that was next to it."""

    def more_targets(self, st: GameState, host: int) -> list[int]:
        here = st.pos[host]
        return [
            c
            for s in range(48)
            if (c := st.board[s]) >= 0 and c != host and DIST[here][s] <= 3
        ]

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == st.pos[src] and not st.on_board(res.target):
            return self.trigger(st, src, res.space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        src = trig.source
        host = st.pos[src] if st.zone[src] == UNDER else -1
        victims = [c for s in ADJ[space] if (c := st.board[s]) >= 0]
        me = trig.player
        for c in victims:
            if st.terminal:
                return
            if st.on_board(c):
                if host >= 0:
                    ability_damage(st, host, c, 1)
                else:
                    st.deal_damage(c, 1, me, src)


def diagonal_cards(st: GameState, cid: int, reach: int) -> list[int]:
    """The first card on each diagonal within ``reach`` clear spaces."""
    r0, c0 = divmod(st.pos[cid], COLS)
    out: list[int] = []
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        for k in range(1, reach + 1):
            r, c = r0 + dr * k, c0 + dc * k
            if not (0 <= r < ROWS and 0 <= c < COLS):
                break
            card = st.board[sq(r, c)]
            if card >= 0:
                out.append(card)
                break
    return out


class TurretUpgrade(ReachUpgrade):
    """GYRO STABILIZER: attack a card up to 2 clear diagonal spaces away; once per
    turn, after attacking, pay 1 magic to attack again."""

    def more_targets(self, st: GameState, host: int) -> list[int]:
        return diagonal_cards(st, host, 2)

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        host = st.pos[src]
        if (
            attacker == host
            and st.turn_player == st.ctrl[src]
            and bonus_key("gyro", src) not in st.flags
            and can_pay(st, st.ctrl[src])
        ):
            return self.trigger(st, src)
        return None

    def _targets(self, st: GameState, host: int) -> list[int]:
        out = attack_targets(st, host)
        out += [
            t
            for t in self.more_targets(st, host)
            if t not in out and not st.attack_forbidden(host, t)
        ]
        return out

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != UNDER or not can_pay(st, trig.player):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(t) for t in self._targets(st, st.pos[src])]
        if len(opts) > 1:
            st.ask(
                self.decision(
                    st, src, opts, "gyro", prompt="Gyro Stabilizer: attack again"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[:1] != ("gyro",):
            super().resolve(st, dec, action)
            return
        src = dec.source
        if isinstance(action, ChooseTarget) and st.zone[src] == UNDER:
            st.flags[bonus_key("gyro", src)] = 1
            pay(st, dec.player)
            extra_attack(st, st.pos[src], action.card)


class ColossusUpgrade(Upgrade):
    """MIGHTY LEGS: may move despite Built, through commons (1 wound each); once it
    moved this turn it only attacks adjacent cards."""

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        return mover == st.pos[src] and st.info.is_common[other]

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card != st.pos[src] or kind != "move":
            return None
        crossed = tuple(c for s in path[:-1] if (c := st.board[s]) >= 0)
        return self.trigger(st, src, crossed)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != UNDER:
            return
        host = st.pos[src]
        st.flags[bonus_key("colossus", host)] = 1
        for c in trig.data[0]:
            if st.terminal:
                return
            if st.on_board(c):
                ability_damage(st, host, c, 1)

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return (
            attacker == st.pos[src]
            and bonus_key("colossus", attacker) in st.flags
            and DIST[st.pos[attacker]][st.pos[target]] != 1
        )


ABILITIES: dict[str, type[Ability]] = {
    "oldin.stone-melding": StoneMelding,
    "bolvi.strength-of-the-stone": StrengthOfTheStone,
    "baldar.shield-block": ShieldBlock,
    "gror.hammer-quake": HammerQuake,
    "thorkur.magic-barrier": MagicBarrier,
    "grungor.charge": Charge,
    "halvor.rage": Rage,
    "tordok.rune-of-protection": RuneOfProtection,
    "dwaf.structural-analysis": StructuralAnalysis,
    "grundors-tower.built": Built,
    "ulfric.greater-stone-melding": GreaterStoneMelding,
    "defender.engage": Engage,
    "spearman.thrust": Thrust,
    "engineer.structural-analysis": StructuralAnalysis,
    "ballista.siege-engine": SiegeEngine,
    "guardsman.tough": Tough,
    "architect.repair": Repair,
    "assault-tower.built": Built,
    "oath-sworn.bravery": Bravery,
    "heroic-feat.effect": HeroicFeat,
    "besiege-the-walls.effect": BesiegeTheWalls,
    "expand.effect": Expand,
    "strengthen-structures.effect": StrengthenStructures,
    "accelerated-construction.effect": AcceleratedConstruction,
    "destabilize.effect": Destabilize,
    "mortar-upgrade.effect": MortarUpgrade,
    "turret-upgrade.effect": TurretUpgrade,
    "colossus-upgrade.effect": ColossusUpgrade,
}
