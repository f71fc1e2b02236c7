"""Cave Goblins (first edition): Sneeks' and Frick's decks and Grungor's Charge,
research/first-edition.md 2.4. Readings in our own words:

- Sneeks, *Sly*: at the end of your turn you may swap him with any Cave Goblin unit
  you control (a swap: neither a move nor a force).
- Frick, *Leader of the Horde*: once per turn, right after your attack phase, you may
  attack with one Cave Goblin unit you control whose cost is 0 (an extra attack; it
  may be a unit that already attacked).
- Blarf, *Magic Augmentation*: in your turn, whenever nothing is resolving, you may
  move the top card of your magic pile under Blarf (the card itself goes under
  him); +1 attack per card under him, at most +4, so at most 4 are offered. Cards
  under him go with him: when he is destroyed the destroyer's magic pile gets them
  too (R22, the ruleset's rule for every destroyed card). Read as Blarf's
  controller's ability (R35); the engine offers it in your own turn only.
- Mook, *Taskmaster*: each die rolled for an attack by another Cave Goblin unit you
  control within 3 spaces of Mook shows 1 more (the roll is replaced, so every later
  rule reads the raised faces).
- The Eater, *Feed the Eater*: after your attack phase (after the Relentless attacks:
  at the start of the build magic phase) you must destroy a common adjacent to it
  (either side; its magic goes to you, R27); with none there, The Eater is
  discarded.
- Krag, *Tireless*: he cannot move in your movement phase; right after it you may
  move him up to 3 spaces (not one of the 3 moves).
- Reeker and the Fighter, *Relentless* (:class:`.common.Relentless`): the Fighters
  share one window and at most 2 of them attack after the phase (FAQ).
- Scagg, *Curse*: at the start of your turn you may put 1 wound on a unit next to
  him.
- Dibs, *Infamous*: +1 attack against a champion; a champion attacking Dibs gets +1.
- Smeege, *Magic Junkie*: at the end of your turn pay 1 magic or discard Smeege
  (with no magic he is discarded without asking; discarding is not destroying).
- The Feeder, *Scavenged Meal*: a Cave Goblin unit destroyed within 2 spaces of it
  goes under it instead of into a magic pile (out of the destroyer's pile).
  When it attacks you may discard units from under it for +1 attack each: the
  attack is offered as an ability action whose option carries the number and the
  target. Cards under it go to the destroyer with it (R22).
- Slinger, *Reckless* (:mod:`.common`); Berserker, *Assault* (:mod:`.common`); Beast
  Rider, *Rider* (:mod:`.common`).
- Climber, *Scale Wall*: while next to a wall, an opponent's attack wounds it only
  with dice of 4 or more (R24: the other hits are prevented); it may move through
  walls (ending on an empty space).
- Clinger, *Cling*: it cannot be moved in your turn; when a friendly unit moves
  (its own move, not a force) off a space next to the Clinger, after that move you
  may place the Clinger next to it (choosing the space is choosing to target it).
- Oaf, *Enrage*: +2 attack while it has 2 or more wounds.
- Runt, *Puny*: it does not block ranged attacks.

Events (each stays in the discard pile; what it grants is keyed in ``st.flags`` or,
for effects that outlast the turn, ``st.notes`` by the card that granted it, so two
copies never stack, R36):

- Goblin Rage: your cost-0 Cave Goblin units gain SWIFT STRIKE this turn.
- Goblin Horde Attack: your Cave Goblin units gain GANG-UP this turn: +1 attack per
  other friendly Cave Goblin unit adjacent to the attacked card.
- Goblin Rush: up to 3 of your cost-0 Cave Goblin units may each move up to 2 spaces
  (one at a time; not one of the movement phase's 3 moves).
- Goblin Invincibility: until your next turn starts, an opponent's attack wounds
  your Cave Goblin units only with dice of 6 (FAQ: every one of them).
- Throw Rocks: choose (option 0) your sword Cave Goblin commons attack as if they
  had the bow this turn (3 clear straight spaces; offered as extra attack actions in
  your attack phase, and in the Relentless, Leader of the Horde and Swift Strike
  choices) or (option 1) your bow Cave Goblin commons get +1 attack.
- Hordes of Rabble: each of your Cave Goblin commons may move 1 space (one at a
  time, NO ends it); this turn up to 6 different units may attack.
- Join the Horde: choose up to 2 Cave Goblin commons in your hand; they and your
  Cave Goblin commons on the battlefield cost 0 this turn; you may summon in this
  event phase (the chosen ones for free, others at their cost).

"Cost 0" reads the printed cost, or Join the Horde's reduction this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import (
    NO,
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, DIST, RAYS
from engine.core.effects import (
    ability_damage,
    attack_targets,
    empty_adjacent,
    extra_attack,
    may_attack_now,
)
from engine.core.hooks import (
    DISCARD,
    Ability,
    Decision,
    Trigger,
    replace_roll,
)
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.attack import do_attack
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    AFTER_ATTACK_PHASE,
    Assault,
    Reckless,
    Relentless,
    Rider,
    SwiftStrike,
    adjacent_cards,
)
from engine.rulesets.first.dice import hits
from engine.rulesets.first.magic import pile_top
from engine.rulesets.first.summon import legal_summons, wall_spaces

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "cave-goblins"


# -- helpers ---------------------------------------------------------------------------
def is_cg(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].faction == FACTION


def _jth_key(player: int) -> str:
    return f"first.join-the-horde.{player}"


def zero_cost(st: GameState, cid: int) -> bool:
    """Cost 0: printed, or a Cave Goblin common under Join the Horde this turn."""
    card = st.info.cards[cid]
    if card.cost == 0:
        return True
    return (
        bool(st.flags.get(_jth_key(st.ctrl[cid])))
        and is_cg(st, cid)
        and CardClass.COMMON in card.classes
    )


def cg_units(st: GameState, player: int) -> list[int]:
    return [c for c in st.units_of(player) if is_cg(st, c)]


def cg_commons(st: GameState, player: int) -> list[int]:
    return [c for c in cg_units(st, player) if st.info.is_common[c]]


def swap(st: GameState, a: int, b: int) -> None:
    """Exchange the spaces of two battlefield cards (neither a move nor a force)."""
    pa, pb = st.pos[a], st.pos[b]
    st.board[pa] = b
    st.board[pb] = a
    st.pos[a] = pb
    st.pos[b] = pa


def move_spaces(st: GameState, cid: int, n: int) -> list[int]:
    """Where ``cid`` may end a move of up to ``n`` steps through empty spaces."""
    reach = walk_reach(st.occ, st.pos[cid], n)
    return [s for s in range(48) if reach >> s & 1 and s != st.pos[cid]]


def walk_path(st: GameState, start: int, to: int, n: int) -> tuple[int, ...]:
    """A shortest path of empty spaces from ``start`` to ``to`` (``n`` steps at
    most), by breadth-first search in ADJ order."""
    if n <= 2:
        return _plain_path(st, start, to)
    prev: dict[int, int] = {start: -1}
    frontier = [start]
    for _ in range(n):
        nxt = []
        for s in frontier:
            for m in ADJ[s]:
                if m not in prev and st.board[m] < 0:
                    prev[m] = s
                    nxt.append(m)
        frontier = nxt
    path = [to]
    while prev[path[-1]] != start:
        path.append(prev[path[-1]])
    return tuple(reversed(path))


# -- Sneeks ----------------------------------------------------------------------------
class Sly(Ability):
    """End of your turn: you may swap Sneeks with a Cave Goblin unit you control."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        others = [c for c in cg_units(st, st.ctrl[src]) if c != src]
        if others:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in others]
            st.ask(self.decision(st, src, opts, prompt="Sly: swap"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(dec.source):
            if st.on_board(action.card):
                swap(st, dec.source, action.card)


# -- Frick -----------------------------------------------------------------------------
class LeaderOfTheHorde(Ability):
    """Right after your attack phase: you may attack with one cost-0 Cave Goblin
    unit you control (an extra attack)."""

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        st.flags[AFTER_ATTACK_PHASE] = 1
        opts: list[Action] = [NO]
        for u in cg_units(st, st.ctrl[src]):
            if zero_cost(st, u):
                opts += [Attack(u, t) for t in cg_targets(st, u)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Leader of the Horde"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, Attack) and st.on_board(action.attacker):
            extra_attack(st, action.attacker, action.target)


# -- Blarf -----------------------------------------------------------------------------
class MagicAugmentation(Ability):
    """Move the top card of your magic pile under Blarf (the card itself, face
    down): +1 attack per card under him (max +4)."""

    CAP = 4
    self_only = True

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if (
            st.turn_player != me
            or not st.magic_pile[me]
            or len(st.under.get(src, ())) >= self.CAP
        ):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        top = pile_top(st, st.ctrl[src])
        if top >= 0:
            st.put_under(top, src)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src:
            return value + min(self.CAP, len(st.under.get(src, ())))
        return value


# -- Mook ------------------------------------------------------------------------------
def _pending_attack_roll(st: GameState, attacker: int) -> bool:
    for t in reversed(st.stack):
        if isinstance(t, Trigger) and t.data[:1] == ("roll",):
            return t.ability == "core.attack_damage" and t.data[1] == attacker
    return False


class Taskmaster(Ability):
    """+1 to each die of an attack by another friendly Cave Goblin unit within 3."""

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        if (
            roller != src
            and faces
            and st.on_board(roller)
            and st.ctrl[roller] == st.ctrl[src]
            and is_cg(st, roller)
            and DIST[st.pos[src]][st.pos[roller]] <= 3
            and _pending_attack_roll(st, roller)
        ):
            return self.trigger(st, src, roller)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        roller = trig.data[0]
        for t in reversed(st.stack):
            if isinstance(t, Trigger) and t.data[:1] == ("roll",):
                if t.data[1] == roller:
                    replace_roll(st, tuple(f + 1 for f in t.data[2]))
                return


# -- The Eater -------------------------------------------------------------------------
class FeedTheEater(Ability):
    """Start of your build magic phase (after the Relentless attacks): destroy a
    common adjacent to The Eater, or discard The Eater if there is none."""

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == MAGIC and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def _food(self, st: GameState, src: int) -> list[int]:
        return [c for c in adjacent_cards(st, src) if st.info.is_common[c]]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        food = self._food(st, src)
        if not food:
            st.discard_card(src)
            return
        opts = [ChooseTarget(c) for c in food]
        st.ask(self.decision(st, src, opts, prompt="Feed the Eater: destroy"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.destroy(action.card, dec.player, dec.source)


# -- Krag ------------------------------------------------------------------------------
class Tireless(Ability):
    """No move in your movement phase; right after it you may move up to 3 spaces."""

    STEPS = 3

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and st.phase == MOVE and st.turn_player == st.ctrl[src]

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == MOVE and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        spaces = move_spaces(st, src, self.STEPS)
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Tireless: move"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            path = walk_path(st, st.pos[src], action.space, self.STEPS)
            st.relocate(src, action.space, "move", path)


# -- Reeker, Fighter -------------------------------------------------------------------
def throws_rocks(st: GameState, unit: int) -> bool:
    """Is ``unit`` a sword Cave Goblin common attacking as if it had the bow (Throw
    Rocks, option 0, played by its controller this turn)?"""
    key = f"first.throw-rocks.{st.ctrl[unit]}"
    return (
        bool(st.flags.get(key))
        and st.flags.get(key + ".mode", -1) == 0
        and not st.info.is_ranged[unit]
        and st.info.is_common[unit]
        and is_cg(st, unit)
    )


def cg_targets(st: GameState, unit: int) -> list[int]:
    """:func:`attack_targets`, plus the bow's reach under Throw Rocks."""
    out = attack_targets(st, unit)
    if throws_rocks(st, unit):
        out += _rock_targets(st, unit)
    return out


class ReekerRelentless(Relentless):
    """:class:`.common.Relentless` for one unit."""


class FighterRelentless(Relentless):
    """:class:`.common.Relentless`: the Fighters share one window, at most 2."""

    group = True
    limit = 2

    def targets(self, st: GameState, unit: int) -> list[int]:
        return cg_targets(st, unit)


# -- Scagg -----------------------------------------------------------------------------
class Curse(Ability):
    """Start of your turn: you may put 1 wound on a unit adjacent to Scagg."""

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        units = [c for c in adjacent_cards(st, src) if st.info.is_unit[c]]
        if units:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in units]
            st.ask(self.decision(st, src, opts, prompt="Curse"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(dec.source):
            ability_damage(st, dec.source, action.card, 1)


# -- Dibs ------------------------------------------------------------------------------
def _champion(st: GameState, cid: int) -> bool:
    return st.info.is_unit[cid] and CardClass.CHAMPION in st.info.cards[cid].classes


class Infamous(Ability):
    """+1 attack against a champion; a champion attacking Dibs gets +1 too."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and _champion(st, target):
            return value + 1
        if target == src and _champion(st, attacker):
            return value + 1
        return value


# -- Smeege ----------------------------------------------------------------------------
class MagicJunkie(Ability):
    """End of your turn: pay 1 magic (option 0) or discard Smeege (option 1)."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if st.magic[st.ctrl[src]] < 1:
            st.discard_card(src)
            return
        opts = [ChooseOption(0), ChooseOption(1)]
        st.ask(self.decision(st, src, opts, prompt="Magic Junkie: 0 pay, 1 discard"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseOption) and action.option == 0:
            st.gain_magic(st.ctrl[src], -1)
        elif st.on_board(src):
            st.discard_card(src)


# -- The Feeder ------------------------------------------------------------------------
_FEED_BONUS = "first.feeder.bonus"


class ScavengedMeal(Ability):
    """A Cave Goblin unit destroyed within 2 spaces goes under the Feeder; its
    attack (``option`` = number discarded << 8 | target) may discard them for +1
    attack each."""

    action_phases = (ATTACK,)

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        if (
            card != src
            and st.info.is_unit[card]
            and is_cg(st, card)
            and DIST[space][st.pos[src]] <= 2
        ):
            return self.trigger(st, src, card, by_player)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        card, by = trig.data
        if not st.on_board(src) or st.zone[card] not in (DISCARD, MAGIC_PILE):
            return
        st.put_under(card, src)  # (out of the destroyer's magic pile, if there)

    def actions(self, st: GameState, src: int) -> list[Action]:
        n = len(st.under.get(src, ()))
        if not n or not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, k << 8 | t)
            for t in attack_targets(st, src)
            for k in range(1, n + 1)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        k, target = action.option >> 8, action.option & 0xFF
        for c in st.under[src][-k:]:
            st.discard_card(c)
        st.flags[_FEED_BONUS] = k
        do_attack(st, Attack(src, target))
        st.flags[_FEED_BONUS] = 0

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            return value + st.flags.get(_FEED_BONUS, 0)
        return value


# -- Climber ---------------------------------------------------------------------------
def only_from(damage: int, faces: tuple[int, ...], at_least: int) -> int:
    """R24: only dice showing ``at_least`` or more wound (the rest are prevented)."""
    return min(damage, hits(faces, at_least))


class ScaleWall(Ability):
    """While next to a wall, an opponent's attack wounds it only on 4+; it may move
    through walls."""

    order = -2  # before the no-roll rules (Precise), which roll nothing

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if target != src or st.ctrl[attacker] == st.ctrl[src]:
            return damage
        static = st.info.gate_static
        if any(static[c] for c in adjacent_cards(st, src)):
            return only_from(damage, faces, 4)
        return damage

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return bool(st.info.gate_static[other])


# -- Clinger ---------------------------------------------------------------------------
class Cling(Ability):
    """Cannot be moved in your turn; when a friendly unit moves off a space next to
    it, after that move you may place the Clinger next to that unit."""

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and st.turn_player == st.ctrl[src]

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and st.turn_player == st.ctrl[src]

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if kind != "move" or card == src or st.ctrl[card] != st.ctrl[src]:
            return None
        if not st.info.is_unit[card] or DIST[start][st.pos[src]] != 1:
            return None
        return self.trigger(st, src, card)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, unit = trig.source, trig.data[0]
        if not (st.on_board(src) and st.on_board(unit)):
            return
        spaces = empty_adjacent(st, unit)
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, unit, prompt="Cling"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            st.place(src, action.space, st.ctrl[src])


# -- Oaf, Runt -------------------------------------------------------------------------
class Enrage(Ability):
    """+2 attack while it has 2 or more wounds."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.damage[src] >= 2:
            return value + 2
        return value


class Puny(Ability):
    """It does not block ranged attacks."""

    def transparent_to(self, st: GameState, src: int, attacker: int) -> bool:
        return True


# -- Events ----------------------------------------------------------------------------
class _Granting(Ability):
    """An event that grants something to its player's units for the turn: playing
    it records the card in ``st.flags[key]``; its hooks (in the discard pile) work
    only for that card, so a second copy does not stack (R36)."""

    zones = (DISCARD,)
    key: ClassVar[str] = ""

    def _key(self, player: int) -> str:
        return f"first.{self.key}.{player}"

    def play(self, st: GameState, card: int) -> None:
        st.flags[self._key(st.turn_player)] = card + 1

    def granted(self, st: GameState, src: int) -> bool:
        """Is ``src`` the card granting its effect to its owner this turn?"""
        return st.flags.get(self._key(st.info.owner[src]), 0) == src + 1


class GoblinRage(SwiftStrike):
    """Your cost-0 Cave Goblin units gain SWIFT STRIKE until end of turn."""

    zones = (DISCARD,)

    def _key(self, player: int) -> str:
        return f"first.goblin-rage.{player}"

    def targets(self, st: GameState, unit: int) -> list[int]:
        return cg_targets(st, unit)

    def play(self, st: GameState, card: int) -> None:
        st.flags[self._key(st.turn_player)] = card + 1

    def grants(self, st: GameState, src: int, unit: int) -> bool:
        me = st.info.owner[src]
        return (
            st.flags.get(self._key(me), 0) == src + 1
            and st.ctrl[unit] == me
            and is_cg(st, unit)
            and zero_cost(st, unit)
        )


class GoblinHordeAttack(_Granting):
    """GANG-UP: +1 attack per other friendly Cave Goblin unit next to the target."""

    key = "goblin-horde-attack"

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        me = st.info.owner[src]
        if (
            st.ctrl[attacker] != me
            or not is_cg(st, attacker)
            or not st.on_board(target)
        ):
            return value
        if not self.granted(st, src):
            return value
        n = sum(
            1
            for c in adjacent_cards(st, target)
            if c != attacker
            and st.info.is_unit[c]
            and st.ctrl[c] == me
            and is_cg(st, c)
        )
        return value + n


class _MoveSome(Ability):
    """Events "up to N of these units may each move up to ``steps`` spaces", one at
    a time (choose a unit, then its space; NO ends)."""

    steps: ClassVar[int] = 2
    most: ClassVar[int] = 3

    def candidates(self, st: GameState, player: int) -> list[int]:
        return []

    def after_moves(self, st: GameState, card: int) -> None:
        return None

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, ())

    def _next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        cands = [
            u
            for u in self.candidates(st, player)
            if u not in done and st.can_move(u) and move_spaces(st, u, self.steps)
        ]
        if len(done) >= self.most or not cands:
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(u) for u in cands]
        st.ask(Decision(player, self.id, card, tuple(opts), ("unit", done)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            unit = action.card
            opts = tuple(ChooseSpace(s) for s in move_spaces(st, unit, self.steps))
            st.ask(
                Decision(dec.player, self.id, dec.source, opts, ("space", done, unit))
            )
        elif isinstance(action, ChooseSpace):
            unit = dec.data[2]
            done = done + (unit,)
            st.stack.append(Trigger(self.id, dec.source, dec.player, done))
            path = walk_path(st, st.pos[unit], action.space, self.steps)
            st.relocate(unit, action.space, "move", path)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._next(st, trig.source, trig.player, trig.data)


class GoblinRush(_MoveSome):
    """Up to 3 of your cost-0 Cave Goblin units may each move up to 2 spaces."""

    def candidates(self, st: GameState, player: int) -> list[int]:
        return [u for u in cg_units(st, player) if zero_cost(st, u)]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self.candidates(st, st.turn_player))


def _notes_key(name: str, player: int) -> str:
    return f"first.{name}.{player}"


class GoblinInvincibility(Ability):
    """Until your next turn starts, an opponent's attack wounds your Cave Goblin
    units only on 6. Kept in ``st.notes`` (card + 1 and the turn it was played)."""

    zones = (DISCARD,)
    order = -2  # before the no-roll rules (Precise), which roll nothing

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        st.notes[_notes_key("goblin-invincibility", me)] = card + 1
        st.notes[_notes_key("goblin-invincibility-turn", me)] = st.turn

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        me = st.info.owner[src]
        if st.notes.get(_notes_key("goblin-invincibility", me), 0) != src + 1:
            return damage
        if st.turn > st.notes.get(_notes_key("goblin-invincibility-turn", me), 0) + 1:
            return damage
        if (
            st.info.is_unit[target]
            and st.ctrl[target] == me
            and is_cg(st, target)
            and st.ctrl[attacker] != me
        ):
            return only_from(damage, faces, 6)
        return damage


def _rock_targets(st: GameState, unit: int) -> list[int]:
    """Targets of a sword unit attacking as if it had the bow: the first card of
    each straight line within 3 (cards that let attacks through are passed), not
    the adjacent ones (those it attacks anyway)."""
    out: list[int] = []
    board = st.board
    for ray in RAYS[st.pos[unit]]:
        for i, s in enumerate(ray[:3]):
            c = board[s]
            if c < 0:
                continue
            if i > 0:
                out.append(c)
            if not st.transparent_to(c, unit):
                break
    if "prevents_attack" in st.info.hooks:
        out = [t for t in out if not st.attack_forbidden(unit, t)]
    return out


class ThrowRocks(_Granting):
    """Option 0: your sword Cave Goblin commons attack as if they had the bow this
    turn; option 1: your bow Cave Goblin commons get +1 attack this turn."""

    key = "throw-rocks"
    action_phases = (ATTACK,)

    def play(self, st: GameState, card: int) -> None:
        opts = (ChooseOption(0), ChooseOption(1))
        st.ask(
            Decision(
                st.turn_player, self.id, card, opts, (), "Throw Rocks: 0 bow, 1 +1"
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseOption):
            st.flags[self._key(dec.player)] = dec.source + 1
            st.flags[self._key(dec.player) + ".mode"] = action.option

    def _mode(self, st: GameState, src: int) -> int:
        if not self.granted(st, src):
            return -1
        return st.flags.get(self._key(st.info.owner[src]) + ".mode", -1)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.phase != ATTACK or self._mode(st, src) != 0:
            return []
        out: list[Action] = []
        for u in cg_commons(st, st.info.owner[src]):
            if throws_rocks(st, u) and may_attack_now(st, u):
                out += [Attack(u, t) for t in _rock_targets(st, u)]
        return out

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            st.info.is_ranged[attacker]
            and st.ctrl[attacker] == st.info.owner[src]
            and st.info.is_common[attacker]
            and is_cg(st, attacker)
            and self._mode(st, src) == 1
        ):
            return value + 1
        return value


class HordesOfRabble(_MoveSome):
    """Each of your Cave Goblin commons may move 1 space; this turn up to 6
    different units may attack (attacks 4-6 are extra attacks)."""

    steps = 1
    most = 99
    zones = (DISCARD,)
    LIMIT = 6

    def _key(self, player: int) -> str:
        return f"first.hordes-of-rabble.{player}"

    def candidates(self, st: GameState, player: int) -> list[int]:
        return cg_commons(st, player)

    def play(self, st: GameState, card: int) -> None:
        st.flags[self._key(st.turn_player)] = card + 1
        super().play(st, card)

    def extra_attack(self, st: GameState, src: int, unit: int) -> bool:
        me = st.info.owner[src]
        return (
            st.flags.get(self._key(me), 0) == src + 1
            and st.ctrl[unit] == me
            and 3 <= len(st.attacked) < self.LIMIT
        )


class JoinTheHorde(Ability):
    """Choose up to 2 Cave Goblin commons in your hand: they and your Cave Goblin
    commons on the battlefield cost 0 this turn; you may summon in this event phase
    (``option`` = card << 8 | space: the chosen ones free, others at their cost)."""

    zones = (DISCARD,)
    action_phases = (EVENTS,)

    def _free(self, card: int) -> str:
        return f"first.join-the-horde.free.{card}"

    def _hand_commons(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in st.hand[player]
            if st.info.is_unit[c] and st.info.is_common[c] and is_cg(st, c)
        ]

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        st.flags[_jth_key(me)] = card + 1
        self._ask(st, card, me, 2)

    def _ask(self, st: GameState, card: int, player: int, left: int) -> None:
        cands = [
            c for c in self._hand_commons(st, player) if not st.flags.get(self._free(c))
        ]
        if left > 0 and cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cands]
            st.ask(Decision(player, self.id, card, tuple(opts), (left,)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.flags[self._free(action.card)] = 1
            self._ask(st, dec.source, dec.player, dec.data[0] - 1)

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.info.owner[src]
        if st.phase != EVENTS or st.flags.get(_jth_key(me), 0) != src + 1:
            return []
        spaces = wall_spaces(st, me)
        out: list[Action] = []
        free = [c for c in st.hand[me] if st.flags.get(self._free(c))]
        for c in free:
            out += [UseAbility(src, self.id, c << 8 | s) for s in spaces]
        out += [a for a in legal_summons(st) if a not in out]
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        card, space = action.option >> 8, action.option & 0xFF
        me = st.turn_player
        st.place(card, space, me)
        if st.stats is not None:
            st.stats[3 * card] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", card)


ABILITIES: dict[str, type[Ability]] = {
    "sneeks.sly": Sly,
    "frick.leader-of-the-horde": LeaderOfTheHorde,
    "blarf.magic-augmentation": MagicAugmentation,
    "mook.taskmaster": Taskmaster,
    "the-eater.feed-the-eater": FeedTheEater,
    "krag.tireless": Tireless,
    "reeker.relentless": ReekerRelentless,
    "scagg.curse": Curse,
    "dibs.infamous": Infamous,
    "smeege.magic-junkie": MagicJunkie,
    "the-feeder.scavenged-meal": ScavengedMeal,
    "fighter-cave-goblins.relentless": FighterRelentless,
    "slinger.reckless": Reckless,
    "berserker-cave-goblins.assault": Assault,
    "beast-rider.rider": Rider,
    "climber.scale-wall": ScaleWall,
    "clinger.cling": Cling,
    "oaf.enrage": Enrage,
    "runt.puny": Puny,
    "goblin-rage.effect": GoblinRage,
    "goblin-horde-attack.effect": GoblinHordeAttack,
    "goblin-rush.effect": GoblinRush,
    "goblin-invincibility.effect": GoblinInvincibility,
    "throw-rocks.effect": ThrowRocks,
    "hordes-of-rabble.effect": HordesOfRabble,
    "join-the-horde.effect": JoinTheHorde,
}
