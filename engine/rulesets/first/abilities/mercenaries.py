"""Mercenaries (first edition): Rallul's faction deck and the grey cards any deck may
hold (up to 6, R50): research/first-edition.md 2.7.6. Readings in our own words; where
a text is ambiguous the official FAQ (S3) decides, as noted.

Summoner and events (Rallul's reference card)
- Rallul, *Draw Power*: once per turn, at any time in your turn (R34: nothing
  resolving), choose a wall within 2 clear straight-line spaces, give it 1 or 2
  wounds, then draw up to that many cards (drawing none is allowed, FAQ).
  ``UseAbility.option`` = wall * 4 + wounds; the draw is a ``ChooseOption(k)``.
- Magic Pulse: put any number of cards from your hand on your magic pile, one at a
  time (``ChooseTarget``, ``NO`` stops); your summoner gets +1 attack per card until
  the end of the turn (the event, in the discard pile, applies it).
- Wall Transference: a wall you control moves to an empty space on your side (placed:
  its wounds stay).
- Reform Stone: a wall or a Stone Golem from any discard pile goes onto an empty space
  on your side, under your control (a discard pile holds only discarded cards: one
  in a magic pile cannot be taken, :mod:`engine.rulesets.first.magic`).
- Fury of Godshome: one wall at a time (space order), move up to 3 of its wounds onto
  a common or champion next to it (``NO`` skips a wall).
- Channeled Summon: this event phase your Stone Golems count as walls for summoning
  (they stay units, FAQ) and you may summon in this event phase: the event, in your
  discard pile, offers ``UseAbility(option = card * 64 + space)``. A Stonecloak is
  not offered (its own rule asks for a wall with 3+ life left; the golems' case is
  left out).

Champions
- Bodgan, *Repelling Stench*: after he attacks, you may move each enemy unit next to
  him 1 space, one at a time (an effect moving it: a force).
- Duggle, *Blur*: once per turn, after he attacks an enemy common, you may pay 1 magic
  to move him up to 2 spaces (his own space = no move) and attack again (an extra
  attack, R17).
- Etch, *Rune Master*: instead of attacking, 1 wound on a wall next to him; each time
  you may move the top card of your discard pile face down onto your magic pile
  (offered while your discard pile holds a card; ``option`` = wall * 2 + 1 to take
  it).
- Grubs, *Body Guard*: at the start of your turn, 2 wounds on him unless he is within 2
  spaces of your summoner; at the end of your turn, if he is, you may move him up to 2
  spaces.
- Hulgorad, *Gore*: instead of his normal move he may go 3 spaces along a clear
  straight line (1-2 straight spaces are ordinary moves, so only the 3-space line is
  offered); any 3-space clear straight move gives him +1 attack for the rest of the
  turn, even one made by another card (FAQ 2.9.4.3: Urick's Knock Around).
- Khan Queso and the Vermin, *Plague* (:mod:`.common`; after any move, pushes
  included, FAQ 1.0.0.33).
- Khexhu, *Regenerate*: once per turn, after he moves (by any means: "after moving",
  FAQ 1.0.0.33) in his controller's turn (the mover triggers a "may", FAQ 1.0.0.24),
  his controller may pay 1 magic to remove 1 wound from him.
- Kogar, *Grapple*: at the end of your turn choose a common next to him (mandatory,
  R32); until the start of your next turn it cannot move or attack; then, if it is
  still next to him, it gets 1 wound. The hold outlasts Kogar (FAQ 2.9.5.1: destroyed,
  he still holds it; then no wound follows).
- Magos, *Wisdom*: while he is on the battlefield your draw fills your hand to 7: as
  your turn starts (after the draw to 5) you draw up to 7.
- Malevolence, *Cursed Blade*: after she attacks, 1 wound on her (her controller's
  effect: a kill feeds their own magic pile, R22).
- Mundol, *Mage Master*: your Apprentice Mages, Rune Mages and Time Mages within 2
  spaces of him get +1 attack.
- Naan'Nashi, *Disguised*: in your summon phase, instead of next to a wall, he may
  take the place of a common you control (cost paid as usual); he takes its wounds and
  the common is discarded (not destroyed). ``option`` = that common.
- Rath, *Prey*: in your movement phase, instead of a normal move, place him next to a
  wounded enemy common (a placement, one of the 3 moves). ``option`` = the space.
- Rygos, *Clean Shot*: at the end of your attack phase, if no enemy unit is next to
  him, you may give 1 wound to a card within 3 clear straight-line spaces.
- Saella, *Precise* (:mod:`.common`).
- Sairook, *Shadow Summon*: at the end of your turn (after Build Magic, FAQ), if he is
  on the battlefield you may return him to your hand, his wounds removed; a player
  who controls him then (Blazing Conscription) takes him into their own hand (FAQ
  2.9.9.1).
- The Seer, *Manipulate Destiny*: instead of attacking, choose a player with a wall
  next to the Seer (``option`` = that seat; only such players are offered); look at
  the top card of their draw pile and put it into their hand, discard pile or magic
  pile (``ChooseOption`` 0, 1, 2; the prompt names the card, which only the deciding
  player sees then).
- Urick, *Knock Around* (:mod:`.common`).

Commons
- Apprentice Mage, *Magic Shot*: once per turn, as it attacks, pay 1 magic for +1
  attack or for a ranged (bow) attack: ``UseAbility(option = target * 2 + mode)``,
  mode 0 = +1 attack on an adjacent target, 1 = a target up to 3 clear straight
  spaces away.
- Bounder, *Leap*: instead of a normal move, up to 3 spaces in a straight line,
  passing over units (not walls), ending on an empty space (only lines a normal move
  cannot do are offered: 3 spaces or over a unit).
- Bow Grounder, *Swift*: moves 1 extra space (units move only in the movement phase).
- Demon Hand, *Dark Pact*: before it moves you may pick a unit next to it and roll a
  die: on 4+ that unit gets 1 wound; the Demon Hand then makes its move
  (``ChooseSpace``; its own space is a 0-space move, R16). When it is destroyed (not
  discarded, FAQ), your summoner gets 1 wound.
- Owl Familiar, *Mental Clarity*: instead of attacking, look at the top 3 cards of
  your draw pile and put any of them on the bottom, the rest on top, in any order:
  one ``ChooseOption`` over every arrangement (:func:`arrangements`); the prompt names
  the cards seen, top first.
- Rogue, *Lesser Backstab*: +2 attack against an enemy unit that is farther from the
  opponent's back row than the Rogue.
- Rune Mage, *Siphon*: if it starts your movement phase next to an opponent's wall,
  instead of moving it may move the top card of that opponent's magic pile onto
  yours (one per Rune Mage, FAQ).
- Spear Grounder, *Reach*: +1 attack against an adjacent card; it may also attack a
  unit touching it diagonally (no +1 there: not adjacent). ``option`` = that unit.
- Stone Golem, *Slow*: if it moves more than 1 space in your movement phase, it cannot
  attack that turn.
- Stonecloak, *Stolen Armor*: it is summoned only next to a wall you control with 3 or
  more life left, which then gets 3 wounds; summoned for free elsewhere (FAQ: the rule
  still applies), it wounds such a wall next to it if there is one.
  ``option`` = wall * 64 + space.
- Sword Grounder, *Tough* (:mod:`.common`).
- Time Mage, *Blink*: its move may step diagonally and pass through cards, ending on
  an empty space (within 2 king steps; only spaces a normal move cannot reach are
  offered as ``UseAbility(option = space)``).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import (
    ADJ,
    COLS,
    DIST,
    RAYS,
    ROWS,
    SPACES,
    line_between,
    own_row,
    sq,
)
from engine.core.effects import (
    ability_damage,
    ask_optional_space,
    ask_optional_target,
    attack_targets,
    count_attack,
    empty_adjacent,
    extra_attack,
    may_attack_now,
    return_to_hand,
)
from engine.core.hooks import BOARD, DISCARD, HAND, Ability, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.attack import do_attack
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.mechanics.summoning import summon_costs
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    KnockAround,
    Plague,
    Precise,
    Tough,
    adjacent_cards,
    straight_cards,
    walls_of,
)
from engine.rulesets.first.magic import discard_top_to_pile, move_pile_top
from engine.rulesets.first.summon import wall_spaces

if TYPE_CHECKING:
    from engine.core.state import GameState


# -- helpers -----------------------------------------------------------------------
def is_wall(st: GameState, cid: int) -> bool:
    return CardClass.WALL in st.info.cards[cid].classes


def my_turn(st: GameState, src: int) -> bool:
    return st.turn_player == st.ctrl[src] and not st.stack


def may_move_now(st: GameState, src: int) -> bool:
    """May ``src`` make its move of this movement phase now (R16)?"""
    return (
        st.phase == MOVE
        and my_turn(st, src)
        and src not in st.moved
        and len(st.moved) < st.info.ruleset.movers_limit(st)
        and st.can_move(src)
    )


def side_spaces(st: GameState, player: int) -> list[int]:
    """Empty spaces on ``player``'s side (R1: their 4 nearest rows)."""
    board = st.board
    return [s for s in range(SPACES) if own_row(player, s) < 4 and board[s] < 0]


def reach_spaces(st: GameState, src: int, dist: int) -> list[int]:
    """Empty spaces a plain move of up to ``dist`` steps could end on."""
    reach = walk_reach(st.occ, st.pos[src], dist)
    return [s for s in range(SPACES) if reach >> s & 1 and s != st.pos[src]]


def move_to(st: GameState, src: int, dest: int) -> None:
    """Move ``src`` (its own move) to ``dest`` by the plain path."""
    start = st.pos[src]
    if dest == start:
        path: tuple[int, ...] = (dest,)
    elif DIST[start][dest] <= 2:
        path = _plain_path(st, start, dest)
    else:
        path = (dest,)
    st.relocate(src, dest, "move", path)


def summon_from_hand(st: GameState, card: int, space: int) -> None:
    """Pay ``card``'s cost and summon it onto ``space`` (R14), as the core does."""
    p = st.turn_player
    st.gain_magic(p, -(st.info.cards[card].cost or 0))
    st.place(card, space, p)
    if st.stats is not None:
        st.stats[3 * card] += 1
    if "after_summon" in st.info.hooks:
        st.emit("after_summon", card)


def summon_prevented(st: GameState, card: int) -> bool:
    if "prevents_summon" not in st.info.hooks:
        return False
    return any(a.prevents_summon(st, s, card) for s, a in st.hooked("prevents_summon"))


def diagonal_spaces(space: int) -> list[int]:
    r, c = divmod(space, COLS)
    out = []
    for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLS:
            out.append(sq(r + dr, c + dc))
    return sorted(out)


def _straight(start: int, path: tuple[int, ...]) -> bool:
    """Does a move from ``start`` along ``path`` run in one straight line?"""
    full = (start, *path)
    d = full[1] - full[0]
    if d not in (1, -1, COLS, -COLS):
        return False
    return all(
        b - a == d and DIST[a][b] == 1 for a, b in zip(full, full[1:], strict=False)
    )


def _flag(ab: Ability, src: int) -> str:
    return f"{ab.id}:{src}"


# -- Rallul --------------------------------------------------------------------------
class DrawPower(Ability):
    """Once per turn, any time in your turn: 1-2 wounds on a wall within 2 clear
    straight spaces, then draw up to that many cards."""

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not my_turn(st, src) or st.flags.get(_flag(self, src)):
            return []
        walls = [w for w in straight_cards(st, src, 2, through=False) if is_wall(st, w)]
        return [UseAbility(src, self.id, w * 4 + n) for w in walls for n in (1, 2)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        wall, n = divmod(action.option, 4)
        st.flags[_flag(self, src)] = 1
        ability_damage(st, src, wall, n)
        if st.terminal:
            return
        opts = [ChooseOption(k) for k in range(n + 1)]
        st.ask(self.decision(st, src, opts, prompt="Draw Power: cards to draw"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseOption) and action.option > 0:
            st.draw(dec.player, action.option)


class MagicPulse(Ability):
    """Cards from hand onto the magic pile; +1 attack per card for your summoner
    this turn (applied from the discard pile)."""

    zones = (DISCARD,)

    def _key(self, card: int) -> str:
        return f"first.magic-pulse:{card}"

    def can_play(self, st: GameState, card: int) -> bool:
        return len(st.hand[st.turn_player]) > 1

    def play(self, st: GameState, card: int) -> None:
        st.flags[self._key(card)] = 0
        self._ask(st, card, st.turn_player)

    def _ask(self, st: GameState, card: int, p: int) -> None:
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in st.hand[p]]
        if len(opts) > 1:
            st.ask(self.decision(st, card, opts, player=p, prompt="Magic Pulse"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        st.to_magic_pile(action.card, dec.player)
        key = self._key(dec.source)
        st.flags[key] = st.flags.get(key, 0) + 1
        self._ask(st, dec.source, dec.player)

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        n = st.flags.get(self._key(src), 0)
        if n and cid == st.info.summoners[st.info.owner[src]]:
            return value + n
        return value


class WallTransference(Ability):
    """A wall you control goes to an empty space on your side."""

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(walls_of(st, p)) and bool(side_spaces(st, p))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(w) for w in walls_of(st, p)]
        st.ask(self.decision(st, card, opts, "wall", player=p, prompt="which wall"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in side_spaces(st, p)]
            st.ask(
                self.decision(
                    st, dec.source, opts, action.card, player=p, prompt="where"
                )
            )
        elif isinstance(action, ChooseSpace) and st.on_board(dec.data[0]):
            st.place(dec.data[0], action.space, st.ctrl[dec.data[0]])


class ReformStone(Ability):
    """A wall or Stone Golem from any discard pile onto an empty space of your side,
    yours."""

    def _cards(self, st: GameState) -> list[int]:
        cards = st.info.cards
        return sorted(
            c
            for p in (0, 1)
            for c in st.discard[p]
            if is_wall(st, c) or cards[c].slug == "stone-golem"
        )

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._cards(st)) and bool(side_spaces(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._cards(st)]
        st.ask(self.decision(st, card, opts, "card", player=p, prompt="Reform Stone"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in side_spaces(st, p)]
            st.ask(self.decision(st, dec.source, opts, action.card, player=p))
        elif isinstance(action, ChooseSpace):
            card = dec.data[0]
            if st.zone[card] == DISCARD:
                st.place(card, action.space, p)
                if st.stats is not None:
                    st.stats[3 * card] += 1


def _common_or_champion(st: GameState, cid: int) -> bool:
    classes = st.info.cards[cid].classes
    return st.info.is_unit[cid] and (
        CardClass.COMMON in classes or CardClass.CHAMPION in classes
    )


class FuryOfGodshome(Ability):
    """Wall by wall: move up to 3 of its wounds onto a common or champion next to
    it."""

    def _walls(self, st: GameState) -> list[int]:
        return [
            c
            for s in range(SPACES)
            if (c := st.board[s]) >= 0
            and is_wall(st, c)
            and st.damage[c] > 0
            and self._hosts(st, c)
        ]

    def _hosts(self, st: GameState, wall: int) -> list[int]:
        return [c for c in adjacent_cards(st, wall) if _common_or_champion(st, c)]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._walls(st))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, tuple(self._walls(st)))

    def _next(self, st: GameState, card: int, p: int, walls: tuple[int, ...]) -> None:
        while walls:
            wall, walls = walls[0], walls[1:]
            if not st.on_board(wall) or not st.damage[wall]:
                continue
            hosts = self._hosts(st, wall)
            if hosts:
                opts: list[Action] = [NO]
                opts += [ChooseTarget(c) for c in hosts]
                st.ask(
                    self.decision(
                        st,
                        card,
                        opts,
                        "host",
                        wall,
                        walls,
                        player=p,
                        prompt="Fury of Godshome: who takes the wounds",
                    )
                )
                return

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step, wall, walls = dec.data[0], dec.data[1], dec.data[2]
        p = dec.player
        if step == "host" and isinstance(action, ChooseTarget):
            most = min(3, st.damage[wall])
            opts = [ChooseOption(n) for n in range(1, most + 1)]
            st.ask(
                self.decision(
                    st,
                    dec.source,
                    opts,
                    "count",
                    wall,
                    walls,
                    action.card,
                    player=p,
                    prompt="how many wounds",
                )
            )
            return
        if step == "count" and isinstance(action, ChooseOption):
            host = dec.data[3]
            if st.on_board(wall) and st.on_board(host):
                st.heal(wall, action.option)
                st.deal_damage(host, action.option, p, dec.source)
        if not st.terminal:
            self._next(st, dec.source, p, walls)


class ChanneledSummon(Ability):
    """This event phase: your Stone Golems count as walls for summoning and you may
    summon (offered by the played event, in your discard pile)."""

    zones = (DISCARD,)
    action_phases = (EVENTS,)
    KEY = "first.channeled-summon"

    def play(self, st: GameState, card: int) -> None:
        st.flags.setdefault(self.KEY, card + 1)

    def _spaces(self, st: GameState, p: int) -> list[int]:
        spaces = set(wall_spaces(st, p))
        for c in st.units_of(p):
            if st.info.cards[c].slug == "stone-golem":
                spaces.update(empty_adjacent(st, c))
        return sorted(spaces)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.flags.get(self.KEY) != src + 1 or not my_turn(st, src):
            return []
        p = st.turn_player
        costs = summon_costs(st)
        cards = [
            c
            for c in st.hand[p]
            if 0 <= costs[c] <= st.magic[p] and not summon_prevented(st, c)
        ]
        if not cards:
            return []
        spaces = self._spaces(st, p)
        return [UseAbility(src, self.id, c * 64 + s) for c in cards for s in spaces]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        card, space = divmod(action.option, 64)
        summon_from_hand(st, card, space)


# -- champions ---------------------------------------------------------------------
class RepellingStench(Ability):
    """After he attacks, you may move each enemy unit next to him 1 space."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        enemies = tuple(
            c
            for c in adjacent_cards(st, src)
            if st.info.is_unit[c] and st.ctrl[c] != me
        )
        self._next(st, src, enemies)

    def _next(self, st: GameState, src: int, left: tuple[int, ...]) -> None:
        while left:
            unit, left = left[0], left[1:]
            if not st.on_board(unit) or not st.on_board(src):
                continue
            if DIST[st.pos[unit]][st.pos[src]] != 1:
                continue
            if ask_optional_space(
                self,
                st,
                src,
                empty_adjacent(st, unit),
                unit,
                left,
                prompt="Repelling Stench",
            ):
                return

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        unit, left = dec.data[0], dec.data[1]
        if isinstance(action, ChooseSpace) and st.on_board(unit):
            st.force(unit, action.space)
        if not st.terminal:
            self._next(st, dec.source, left)


class Blur(Ability):
    """Once per turn, after attacking an enemy common: pay 1 magic, move up to 2
    spaces and attack again."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if (
            attacker == src
            and st.on_board(src)
            and st.turn_player == st.ctrl[src]
            and st.info.is_common[target]
            and st.ctrl[target] != st.ctrl[src]
            and not st.flags.get(_flag(self, src))
            and st.magic[st.ctrl[src]] >= 1
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.magic[st.ctrl[src]] < 1:
            return
        spaces = [st.pos[src]] + reach_spaces(st, src, 2)
        ask_optional_space(self, st, src, spaces, "move", prompt="Blur: pay 1, move")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if dec.data[0] == "move":
            if not isinstance(action, ChooseSpace) or not st.on_board(src):
                return
            st.flags[_flag(self, src)] = 1
            st.gain_magic(dec.player, -1)
            if action.space != st.pos[src]:
                move_to(st, src, action.space)
            if st.on_board(src):
                targets = attack_targets(st, src)
                opts = [ChooseTarget(t) for t in targets]
                st.ask(self.decision(st, src, opts, "attack", prompt="Blur: attack"))
            return
        if isinstance(action, ChooseTarget) and st.on_board(src):
            extra_attack(st, src, action.card)


class RuneMaster(Ability):
    """Instead of attacking: 1 wound on a wall next to him; you may move the top
    card of your discard pile onto your magic pile."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        walls = [c for c in adjacent_cards(st, src) if is_wall(st, c)]
        takes = (0, 1) if st.discard[st.ctrl[src]] else (0,)
        return [UseAbility(src, self.id, w * 2 + t) for w in walls for t in takes]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        wall, take = divmod(action.option, 2)
        count_attack(st, src)
        me = st.ctrl[src]
        ability_damage(st, src, wall, 1)
        if take and not st.terminal:
            discard_top_to_pile(st, me)


class BodyGuard(Ability):
    """Start of your turn: 2 wounds unless within 2 of your summoner; end of your
    turn: if within 2, you may move him up to 2 spaces."""

    def _near(self, st: GameState, src: int) -> bool:
        summ = st.info.summoners[st.ctrl[src]]
        return st.on_board(summ) and DIST[st.pos[src]][st.pos[summ]] <= 2

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and not self._near(st, src):
            return self.trigger(st, src, "start")
        return None

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and self._near(st, src):
            return self.trigger(st, src, "end")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if trig.data[0] == "start":
            if not self._near(st, src):
                st.deal_damage(src, 2, st.ctrl[src], src)
            return
        if self._near(st, src) and st.can_move(src):
            ask_optional_space(
                self, st, src, reach_spaces(st, src, 2), prompt="Body Guard: move"
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            move_to(st, dec.source, action.space)


class Gore(Ability):
    """Instead of his normal move: 3 spaces along a clear straight line, then +1
    attack for the rest of the turn."""

    action_phases = (MOVE,)
    self_only = True

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_move_now(st, src):
            return []
        board = st.board
        out: list[Action] = []
        for ray in RAYS[st.pos[src]]:
            line = ray[:3]
            if len(line) == 3 and all(board[s] < 0 for s in line):
                out.append(UseAbility(src, self.id, line[2]))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        path: tuple[int, ...] = ()
        for ray in RAYS[st.pos[src]]:
            if ray[2:3] == (action.option,):
                path = ray[:3]
        st.moved.append(src)
        st.relocate(src, action.option, "move", path)

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        # FAQ 2.9.4.3: any 3-space clear straight move counts, a push along a
        # clear line too (Knock Around's path is its landing space only)
        if card != src:
            return None
        if len(path) == 3 and _straight(start, path):
            return self.trigger(st, src)
        if kind == "force" and len(path) == 1:
            between = line_between(start, path[0])
            if between is not None and len(between) == 2:
                return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[_flag(self, trig.source)] = 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.flags.get(_flag(self, src)):
            return value + 1
        return value


class Regenerate(Ability):
    """Once per turn, after he moves: you may pay 1 magic to remove 1 wound."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            card == src
            and st.turn_player == st.ctrl[src]  # moved by his controller (FAQ 1.0.0.24)
            and st.damage[src] > 0
            and st.magic[st.ctrl[src]] >= 1
            and not st.flags.get(_flag(self, src))
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src) and st.damage[src] and st.magic[st.ctrl[src]] >= 1:
            st.ask(self.decision(st, src, [NO, YES], prompt="Regenerate: pay 1?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if action == YES and st.on_board(dec.source):
            st.flags[_flag(self, dec.source)] = 1
            st.gain_magic(dec.player, -1)
            st.heal(dec.source, 1)


class Grapple(Ability):
    """End of your turn: a common next to him cannot move or attack until the start
    of your next turn; then, if still next to him, it gets 1 wound."""

    # FAQ 2.9.5.1: the hold outlasts Kogar (destroyed, he still holds it)
    zones = (BOARD, DISCARD, MAGIC_PILE)  # (destroyed: in a magic pile)
    hook_zones = {"end_of_turn": (BOARD,)}

    def _key(self, src: int) -> str:
        return f"first.grapple:{src}"

    def _held(self, st: GameState, src: int) -> int:
        return st.notes.get(self._key(src), 0) - 1

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src, "end")
        return None

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and self._held(st, src) >= 0:
            return self.trigger(st, src, "start")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[0] == "start":
            held = self._held(st, src)
            st.notes.pop(self._key(src), None)
            if (
                held >= 0
                and st.on_board(src)
                and st.on_board(held)
                and DIST[st.pos[held]][st.pos[src]] == 1
            ):
                st.deal_damage(held, 1, st.ctrl[src], src)
            return
        if not st.on_board(src):
            return
        commons = [c for c in adjacent_cards(st, src) if st.info.is_common[c]]
        if commons:
            opts = [ChooseTarget(c) for c in commons]
            st.ask(self.decision(st, src, opts, prompt="Grapple"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.notes[self._key(dec.source)] = action.card + 1

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == self._held(st, src)

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == self._held(st, src)


class Wisdom(Ability):
    """While he is on the battlefield, your draw fills your hand to 7."""

    FILL = 7

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and st.turn != 1 and len(st.hand[player]) < self.FILL:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        p = trig.player
        need = self.FILL - len(st.hand[p])
        if need > 0 and st.on_board(trig.source):
            st.draw(p, need)


class CursedBlade(Ability):
    """After she attacks, 1 wound on her."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            st.deal_damage(src, 1, st.ctrl[src], src)


MAGES = frozenset({"apprentice-mage", "rune-mage", "time-mage"})


class MageMaster(Ability):
    """Your Apprentice, Rune and Time Mages within 2 spaces of him: +1 attack."""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            cid != src
            and st.info.cards[cid].slug in MAGES
            and st.ctrl[cid] == st.ctrl[src]
            and st.zone[cid] == st.zone[src]
            and DIST[st.pos[cid]][st.pos[src]] <= 2
        ):
            return value + 1
        return value


class Disguised(Ability):
    """Summon him in place of a common you control: he takes its wounds, it is
    discarded."""

    zones = (HAND,)
    action_phases = (SUMMON,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.turn_player
        if (
            st.stack
            or st.ctrl[src] != p
            or (st.info.cards[src].cost or 0) > st.magic[p]
        ):
            return []
        return [
            UseAbility(src, self.id, c) for c in st.units_of(p) if st.info.is_common[c]
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        common = action.option
        space, wounds = st.pos[common], st.damage[common]
        st.discard_card(common)
        summon_from_hand(st, src, space)
        if st.on_board(src):
            st.damage[src] += wounds
            if st.damage[src] >= st.life(src):
                st.destroy(src, None)


class Prey(Ability):
    """Instead of a normal move: place him next to a wounded enemy common."""

    action_phases = (MOVE,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_move_now(st, src):
            return []
        me = st.ctrl[src]
        spaces: set[int] = set()
        for c in st.units_of(1 - me):
            if st.info.is_common[c] and st.damage[c] > 0:
                spaces.update(empty_adjacent(st, c))
        return [UseAbility(src, self.id, s) for s in sorted(spaces)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.moved.append(src)
        st.place(src, action.option, st.ctrl[src])


class CleanShot(Ability):
    """End of your attack phase, no enemy unit next to him: you may give 1 wound to a
    card within 3 clear straight-line spaces."""

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase != ATTACK or st.turn_player != st.ctrl[src]:
            return None
        me = st.ctrl[src]
        if any(
            st.info.is_unit[c] and st.ctrl[c] != me for c in adjacent_cards(st, src)
        ):
            return None
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            cards = straight_cards(st, src, 3, through=False)
            ask_optional_target(self, st, src, cards, prompt="Clean Shot")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(dec.source):
            ability_damage(st, dec.source, action.card, 1)


class ShadowSummon(Ability):
    """End of your turn: you may return him to your hand, wounds removed."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.ask(self.decision(st, trig.source, [NO, YES], prompt="Shadow Summon"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if action != YES or not st.on_board(src):
            return
        p = st.ctrl[src]
        if p == st.info.owner[src]:
            return_to_hand(st, src)
            return
        # FAQ 2.9.9.1: a player controlling him (Blazing Conscription) takes him
        # into their own hand
        space = st.pos[src]
        st.discard_under(src)
        st.remove_from_zone(src)
        st.clear_tokens(src)
        st.zone[src] = HAND
        st.hand[p].append(src)
        if "after_return" in st.info.hooks:
            st.emit("after_return", src, space, p)


class ManipulateDestiny(Ability):
    """Instead of attacking: a player with a wall next to the Seer; their top draw
    card goes to their hand, discard pile or magic pile."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        near = adjacent_cards(st, src)
        return [
            UseAbility(src, self.id, p)
            for p in (0, 1)
            if st.deck[p] and any(is_wall(st, w) and st.ctrl[w] == p for w in near)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        opts = [ChooseOption(i) for i in range(3)]
        top = st.info.cards[st.deck[action.option][-1]].name  # what the Seer sees
        st.ask(
            self.decision(
                st,
                src,
                opts,
                action.option,
                prompt=f"Manipulate Destiny: {top} to 0 hand, 1 discard, 2 magic",
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.data[0]
        if not isinstance(action, ChooseOption) or not st.deck[p]:
            return
        card = st.deck[p][-1]
        if action.option == 0:
            st.deck[p].pop()
            st.zone[card] = HAND
            st.hand[p].append(card)
        elif action.option == 2:
            st.to_magic_pile(card, p)
        else:
            st.discard_card(card)


# -- commons -----------------------------------------------------------------------
class MagicShot(Ability):
    """Once per turn as it attacks: pay 1 magic for +1 attack or a ranged attack."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            st.magic[st.ctrl[src]] < 1
            or st.flags.get(_flag(self, src))
            or not may_attack_now(st, src)
        ):
            return []
        out: list[Action] = [
            UseAbility(src, self.id, t * 2) for t in attack_targets(st, src)
        ]
        for t in straight_cards(st, src, 3, through=False):
            if "prevents_attack" in st.info.hooks and st.attack_forbidden(src, t):
                continue
            out.append(UseAbility(src, self.id, t * 2 + 1))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        target, mode = divmod(action.option, 2)
        st.gain_magic(st.ctrl[src], -1)
        st.flags[_flag(self, src)] = 2 if mode == 0 else 1
        do_attack(st, Attack(src, target))

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.flags.get(_flag(self, src)) == 2:
            return value + 1
        return value


class Leap(Ability):
    """Instead of a normal move: up to 3 spaces in a straight line over units,
    ending on an empty space."""

    action_phases = (MOVE,)

    def _lines(self, st: GameState, src: int) -> list[tuple[int, tuple[int, ...]]]:
        board = st.board
        out = []
        for ray in RAYS[st.pos[src]]:
            over = False
            for i, s in enumerate(ray[:3]):
                c = board[s]
                if c >= 0:
                    if not st.info.is_unit[c] or st.info.is_structure[c]:
                        break
                    over = True
                    continue
                if over or i == 2:
                    out.append((s, ray[: i + 1]))
        return sorted(out)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_move_now(st, src):
            return []
        return [UseAbility(src, self.id, s) for s, _p in self._lines(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        path = dict(self._lines(st, src))[action.option]
        st.moved.append(src)
        st.relocate(src, action.option, "move", path)


class Swift(Ability):
    """Moves 1 extra space."""

    self_only = True

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value


class DarkPact(Ability):
    """Before it moves: you may roll against a unit next to it (4+: 1 wound), then it
    moves. When it is destroyed, your summoner gets 1 wound."""

    action_phases = (MOVE,)
    hook_zones = {"on_destroy": (DISCARD, MAGIC_PILE)}

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_move_now(st, src):
            return []
        return [
            UseAbility(src, self.id, c)
            for c in adjacent_cards(st, src)
            if st.info.is_unit[c]
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.moved.append(src)  # the move it is about to make
        (die,) = st.roll(1)
        if die >= 4:
            ability_damage(st, src, action.option, 1)
        if st.terminal or not st.on_board(src):
            return
        spaces = [st.pos[src]] + reach_spaces(st, src, st.move_distance(src))
        opts = [ChooseSpace(s) for s in spaces]
        st.ask(self.decision(st, src, opts, prompt="Dark Pact: now move"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            move_to(st, dec.source, action.space)

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if card == src:
            return self.trigger(st, src, st.ctrl[card])
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        p = trig.data[0]
        summ = st.info.summoners[p]
        if st.on_board(summ):
            st.deal_damage(summ, 1, p, trig.source)


def arrangements(n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to put ``n`` looked-at cards back: (top, bottom) index tuples,
    each in the order they end (top: first = the new top card; bottom: first = the
    new bottom card). Deterministic order."""
    out = []
    idx = range(n)
    for mask in range(1 << n):
        tops = [i for i in idx if not mask >> i & 1]
        bottoms = [i for i in idx if mask >> i & 1]
        for t in permutations(tops):
            for b in permutations(bottoms):
                out.append((t, b))
    return out


class MentalClarity(Ability):
    """Instead of attacking: look at your top 3 draw cards; any go to the bottom,
    the rest back on top, in any order."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or not st.deck[st.ctrl[src]]:
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        deck = st.deck[st.ctrl[src]]
        n = min(3, len(deck))
        opts = [ChooseOption(i) for i in range(len(arrangements(n)))]
        seen = ", ".join(st.info.cards[deck[-1 - i]].name for i in range(n))
        st.ask(self.decision(st, src, opts, n, prompt=f"Mental Clarity: {seen}"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        assert isinstance(action, ChooseOption)
        n = dec.data[0]
        deck = st.deck[dec.player]
        looked = [deck.pop() for _ in range(n)]  # looked[0] = the top card
        tops, bottoms = arrangements(n)[action.option]
        for i in reversed(tops):  # the first of ``tops`` ends on top
            deck.append(looked[i])
        for i in bottoms:  # the first of ``bottoms`` ends at the very bottom
            deck.insert(0, looked[i])


class LesserBackstab(Ability):
    """+2 attack against an enemy unit farther from the opponent's back row."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker != src or not st.info.is_unit[target]:
            return value
        me = st.ctrl[src]
        if st.ctrl[target] != me and own_row(me, st.pos[src]) > own_row(
            me, st.pos[target]
        ):
            return value + 2
        return value


class Siphon(Ability):
    """Started your movement phase next to an opponent's wall: instead of moving,
    move the top card of that opponent's magic pile onto yours."""

    action_phases = (MOVE,)

    def _ready(self, st: GameState, src: int) -> bool:
        me = st.ctrl[src]
        return any(is_wall(st, c) and st.ctrl[c] != me for c in adjacent_cards(st, src))

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == MOVE and st.turn_player == st.ctrl[src] and self._ready(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[_flag(self, trig.source)] = 1

    def actions(self, st: GameState, src: int) -> list[Action]:
        if (
            not st.flags.get(_flag(self, src))
            or not may_move_now(st, src)
            or not st.magic_pile[1 - st.ctrl[src]]
        ):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        me = st.ctrl[src]
        st.moved.append(src)
        move_pile_top(st, 1 - me, me)


class Reach(Ability):
    """+1 attack against an adjacent card; may attack a diagonally touching unit."""

    action_phases = (ATTACK,)

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.pos[target] in ADJ[st.pos[src]]:
            return value + 1
        return value

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        out: list[Action] = []
        for s in diagonal_spaces(st.pos[src]):
            c = st.board[s]
            if c >= 0 and st.info.is_unit[c]:
                if "prevents_attack" in st.info.hooks and st.attack_forbidden(src, c):
                    continue
                out.append(UseAbility(src, self.id, c))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        do_attack(st, Attack(src, action.option))


class Slow(Ability):
    """Moved more than 1 space in your movement phase: no attack this turn."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move" and st.phase == MOVE and len(path) > 1:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[_flag(self, trig.source)] = 1

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return attacker == src and bool(st.flags.get(_flag(self, src)))


class StolenArmor(Ability):
    """Summoned only next to a wall you control with 3+ life left; that wall gets 3
    wounds (also after a free summon, FAQ)."""

    hook_zones = {"actions": (HAND,), "prevents_summon": (HAND,)}
    action_phases = (SUMMON,)
    ARMOR = 3

    def _walls(self, st: GameState, p: int) -> list[int]:
        return [w for w in walls_of(st, p) if st.life(w) - st.damage[w] >= self.ARMOR]

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return card == src

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.turn_player
        if (
            st.stack
            or st.ctrl[src] != p
            or (st.info.cards[src].cost or 0) > st.magic[p]
        ):
            return []
        return [
            UseAbility(src, self.id, w * 64 + s)
            for w in self._walls(st, p)
            for s in empty_adjacent(st, w)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        wall, space = divmod(action.option, 64)
        st.flags[_flag(self, src)] = wall + 1
        summon_from_hand(st, src, space)

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        if card == src:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        chosen = st.flags.pop(_flag(self, src), 0) - 1
        if chosen >= 0:
            if st.on_board(chosen):
                st.deal_damage(chosen, self.ARMOR, st.ctrl[src], src)
            return
        if not st.on_board(src):
            return
        near = [
            w
            for w in self._walls(st, st.ctrl[src])
            if DIST[st.pos[w]][st.pos[src]] == 1
        ]
        if near:
            st.ask(
                self.decision(
                    st, src, [ChooseTarget(w) for w in near], prompt="Stolen Armor"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.deal_damage(action.card, self.ARMOR, dec.player, dec.source)


class Blink(Ability):
    """Its move may go diagonally and through cards (2 king steps), ending on an
    empty space."""

    action_phases = (MOVE,)

    def _spaces(self, st: GameState, src: int) -> list[int]:
        start = st.pos[src]
        r0, c0 = divmod(start, COLS)
        dist = st.move_distance(src)
        plain = walk_reach(st.occ, start, dist)
        return [
            s
            for s in range(SPACES)
            if st.board[s] < 0
            and not plain >> s & 1
            and max(abs(s // COLS - r0), abs(s % COLS - c0)) <= dist
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_move_now(st, src):
            return []
        return [UseAbility(src, self.id, s) for s in self._spaces(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.moved.append(src)
        st.relocate(src, action.option, "move", (action.option,))


ABILITIES: dict[str, type[Ability]] = {
    "rallul.draw-power": DrawPower,
    "bodgan.repelling-stench": RepellingStench,
    "duggle.blur": Blur,
    "etch.rune-master": RuneMaster,
    "grubs.body-guard": BodyGuard,
    "hulgorad.gore": Gore,
    "khan-queso.plague": Plague,
    "khexhu.regenerate": Regenerate,
    "kogar.grapple": Grapple,
    "magos.wisdom": Wisdom,
    "malevolence.cursed-blade": CursedBlade,
    "mundol.mage-master": MageMaster,
    "naannashi.disguised": Disguised,
    "rath.prey": Prey,
    "rygos.clean-shot": CleanShot,
    "saella.precise": Precise,
    "sairook.shadow-summon": ShadowSummon,
    "the-seer.manipulate-destiny": ManipulateDestiny,
    "urick.knock-around": KnockAround,
    "apprentice-mage.magic-shot": MagicShot,
    "bounder.leap": Leap,
    "bow-grounder.swift": Swift,
    "demon-hand.dark-pact": DarkPact,
    "owl-familiar.mental-clarity": MentalClarity,
    "rogue.lesser-backstab": LesserBackstab,
    "rune-mage.siphon": Siphon,
    "spear-grounder.reach": Reach,
    "stone-golem.slow": Slow,
    "stonecloak.stolen-armor": StolenArmor,
    "sword-grounder.tough": Tough,
    "time-mage.blink": Blink,
    "vermin.plague": Plague,
    "magic-pulse.effect": MagicPulse,
    "wall-transference.effect": WallTransference,
    "reform-stone.effect": ReformStone,
    "fury-of-godshome.effect": FuryOfGodshome,
    "channeled-summon.effect": ChanneledSummon,
}
