"""Deep Dwarves (first edition, Master Set): Tundle's deck and the faction's other
units, research/first-edition.md 2.7.3. Each card and how the engine reads it:

Every magic cost of an ability goes through :func:`.common.can_pay` and
:func:`.common.pay`: Wake the Father Gem makes it 1 less this turn (for every such
ability, so one Gem Mage may benefit twice, FAQ) and Magic Stasis forbids paying it.

The magic pile (first/magic.py) is a pile of cards: "move the top card of your discard
pile onto your magic pile" (Meditate, Channel Magic) moves that very card face down.

- Tundle, *Meditate*: at the start of your attack phase you may move the top card of
  your discard pile onto your magic pile; on a turn you do, only 1 of your units may
  attack (any one; Tundle need not be it, FAQ).
- Deep Troll, *Rock Eater*: +1 die against a wall; when his attack wounds a wall, 1
  wound comes off him (the "may" is always taken: it only helps).
- Gren, *Shard of the Father Gem*: when a unit you control within 2 spaces of Gren is
  destroyed by an opponent and so goes to their magic pile, it goes onto yours
  instead (moved from the top of theirs to the top of yours).
- Kynder, *Mage Push*: once per turn, at any time in your turn (between actions),
  pay 1 magic: a unit within 2 spaces of him (not Kynder) moves up to 2 spaces (a move:
  a unit that cannot be moved, e.g. Engaged or Built, cannot be pushed).
- Lun, *Gem of Calling*: once per turn, after Lun moves, you may pay 1 magic to place
  a common within 4 spaces of Lun (either side's) next to Lun.
- Piclo, *Channel Magic*: when his attack destroys a card that goes into your magic
  pile, you also move the top card of your discard pile onto your magic pile (the
  "may" is always taken: it only helps).
- Sprog, *Restructure*: at the end of your turn you may pay 1 magic to move a wall
  next to Sprog onto an empty space within 2 spaces of him; a wall you control never
  onto the opponent's side.
- Battle Mage, *Magic Blast*: in your attack phase, before it attacks, pay 1 magic: it
  attacks as a ranged unit this turn (3 clear straight spaces).
- Crossbowman, *Rally*: +1 die if you played an event (walls count, FAQ) this turn.
- Gem Mage, *Gem Magic*: at the start of your attack phase you may pay 1 magic for +1
  die this turn; at the end of your attack phase you may pay 1 magic to place it next to
  a wall you control.
- Miner, *Tunnel*: at the start of your movement phase, with 2+ Miners, you may pay 1
  magic; this phase a Miner's move (one of the 3) may instead place it next to another
  Miner you control (a placement: Engage does not stop it, FAQ).
- Scholar, *Insight*: once per turn in your attack phase, with a Scholar on the
  battlefield, pay 1 magic: this turn your attacks on a card next to one of your
  Scholars get +1 die.

Events:

- Magic Stasis: the opponent cannot spend magic until the start of your next turn:
  summons costing 1+ are not offered (cost-0 ones still are, FAQ), nor abilities paid
  through :func:`.common.can_pay`.
- Wake the Father Gem: abilities cost 1 magic less this turn.
- Magic Torrent: pay 1 magic per wound, each on a different enemy common or champion
  within 4 spaces of your summoner (at least one; you choose them one at a time and
  may stop after any).

- Illusionary Warrior: choose a common in your magic pile and place it next to a Deep
  Dwarf champion or a Gem Mage you control, under your control (whoever owns it: a
  common you destroyed may fight for you). ``ChooseTarget`` the common (pile order,
  one per name and owner), then ``ChooseSpace``. Playable only when such a common and
  an empty space next to such a unit exist. "Deep Dwarf champion": a champion of the
  Deep Dwarves faction.

Summoning Surge, also in Tundle's deck, is a neutral event (:mod:`.neutral`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    YES,
    Action,
    Attack,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
    YesNo,
)
from engine.core.board import ADJ, DIST, bits_of
from engine.core.effects import (
    AfterOwnMove,
    AtYourPhaseStart,
    attack_targets,
    may_attack_now,
)
from engine.core.hooks import DISCARD, Ability, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.movement import _plain_path, can_still_move, walk_reach
from engine.core.phases import ATTACK, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    FATHER_GEM,
    STASIS,
    can_pay,
    pay,
    straight_cards,
    under_stasis,
    walls_of,
)
from engine.rulesets.first.events import _SIDE, EVENTS_PLAYED
from engine.rulesets.first.magic import discard_top_to_pile, in_pile_of

if TYPE_CHECKING:
    from engine.core.state import GameState


def is_wall(st: GameState, cid: int) -> bool:
    return CardClass.WALL in st.info.cards[cid].classes


def key(name: str, cid: int) -> str:
    return f"first.dd.{name}.{cid}"


def own_named(st: GameState, player: int, slug: str) -> list[int]:
    return [c for c in st.units_of(player) if st.info.cards[c].slug == slug]


def spaces_near_walls(st: GameState, player: int) -> list[int]:
    return sorted(
        {s for w in walls_of(st, player) for s in ADJ[st.pos[w]] if st.board[s] < 0}
    )


# -- units ---------------------------------------------------------------------------
_MEDITATE = "first.dd.meditated"


class Meditate(AtYourPhaseStart):
    """Start of your attack phase: you may move the top card of your discard pile
    onto your magic pile; then only one of your units attacks this turn."""

    phase = ATTACK

    def ready(self, st: GameState, src: int) -> bool:
        return bool(st.discard[st.ctrl[src]])

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.ask(self.decision(st, trig.source, [YES, NO], prompt="Meditate"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            discard_top_to_pile(st, dec.player)
            st.flags[_MEDITATE] = dec.player + 1

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        p = st.ctrl[src]
        return (
            st.flags.get(_MEDITATE) == p + 1
            and st.ctrl[attacker] == p
            and bool(st.attacked)
            and attacker not in st.attacked
        )


class RockEater(Ability):
    """+1 die against a wall; a wall his attack wounds heals him 1."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        return value + 1 if attacker == src and is_wall(st, target) else value

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src and hits > 0 and is_wall(st, target) and st.damage[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.heal(trig.source, 1)


class ShardOfTheFatherGem(Ability):
    """A unit you control destroyed by an opponent within 2 of Gren goes to your
    magic pile, not theirs."""

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            card != src
            and by_player is not None
            and by_player != me
            and st.ctrl[card] == me
            and st.info.is_unit[card]
            and DIST[st.pos[src]][space] <= 2
        ):
            return self.trigger(st, src, by_player, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        other, card = trig.data
        if st.zone[card] == MAGIC_PILE and st.pos[card] == other:
            st.to_magic_pile(card, trig.player)


class MagePush(Ability):
    """Once per turn, any time in your turn, 1 magic: a unit within 2 of Kynder
    moves up to 2 spaces (``option`` = the unit; then the space is asked)."""

    def _units(self, st: GameState, src: int) -> list[int]:
        here = st.pos[src]
        out = []
        for s in bits_of(st.occ):
            c = st.board[s]
            if (
                c != src
                and st.info.is_unit[c]
                and DIST[here][s] <= 2
                and st.can_move(c)
                and walk_reach(st.occ, s, 2) & ~(1 << s)
            ):
                out.append(c)
        return out

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.ctrl[src]
        if st.stack or key("push", src) in st.flags or not can_pay(st, p):
            return []
        return [UseAbility(src, self.id, c) for c in self._units(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        p = st.ctrl[src]
        pay(st, p)
        st.flags[key("push", src)] = 1
        unit = action.option
        start = st.pos[unit]
        reach = walk_reach(st.occ, start, 2) & ~(1 << start)
        opts = [ChooseSpace(s) for s in bits_of(reach)]
        st.ask(self.decision(st, src, opts, unit, prompt="Mage Push"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        unit = dec.data[0]
        if isinstance(action, ChooseSpace) and st.on_board(unit):
            path = _plain_path(st, st.pos[unit], action.space)
            st.relocate(unit, action.space, "move", path)


class GemOfCalling(AfterOwnMove):
    """Once per turn after Lun moves: 1 magic places a common within 4 of Lun next
    to Lun."""

    def ready(self, st: GameState, src: int) -> bool:
        return key("calling", src) not in st.flags and can_pay(st, st.ctrl[src])

    def _commons(self, st: GameState, src: int) -> list[int]:
        here = st.pos[src]
        return [
            c
            for s in bits_of(st.occ)
            if (c := st.board[s]) != src
            and st.info.is_common[c]
            and st.info.is_unit[c]
            and DIST[here][s] <= 4
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not any(st.board[s] < 0 for s in ADJ[st.pos[src]]):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in self._commons(st, src)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Gem of Calling"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            pay(st, dec.player)
            st.flags[key("calling", src)] = 1
            spaces = [s for s in ADJ[st.pos[src]] if st.board[s] < 0]
            opts = [ChooseSpace(s) for s in sorted(spaces)]
            st.ask(self.decision(st, src, opts, action.card, prompt="Gem of Calling"))
        elif isinstance(action, ChooseSpace):
            c = dec.data[0]
            if st.on_board(c):
                st.place(c, action.space, st.ctrl[c])


class ChannelMagic(Ability):
    """When his attack destroys a card (into your magic pile), the top card of your
    discard pile goes onto your magic pile too."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if (
            attacker == src
            and hits > 0
            and st.zone[target] == MAGIC_PILE
            and st.pos[target] == st.ctrl[src]
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        discard_top_to_pile(st, trig.player)


class Restructure(Ability):
    """End of your turn: 1 magic moves a wall next to Sprog within 2 of him (a wall
    you control stays on your side)."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if player == st.ctrl[src] and can_pay(st, player) and self._walls(st, src):
            return self.trigger(st, src)
        return None

    def _walls(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0 and is_wall(st, c) and self._spaces(st, src, c)
        ]

    def _spaces(self, st: GameState, src: int, wall: int) -> list[int]:
        here = st.pos[src]
        mine = st.ctrl[wall] == st.ctrl[src]
        side = _SIDE[st.ctrl[src]]
        return [
            s
            for s in range(48)
            if st.board[s] < 0
            and 0 < DIST[here][s] <= 2
            and (not mine or side >> s & 1)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or not can_pay(st, trig.player):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(w) for w in self._walls(st, src)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Restructure"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget):
            pay(st, dec.player)
            opts = [ChooseSpace(s) for s in self._spaces(st, src, action.card)]
            st.ask(self.decision(st, src, opts, action.card, prompt="Restructure"))
        elif isinstance(action, ChooseSpace):
            w = dec.data[0]
            if st.on_board(w):
                st.place(w, action.space, st.ctrl[w])


class MagicBlast(Ability):
    """Before attacking, 1 magic: it attacks as a ranged unit this turn
    (``UseAbility`` pays; its ranged attacks are then offered as ``Attack``s)."""

    action_phases = (ATTACK,)

    def _ranged(self, st: GameState, src: int) -> list[int]:
        near = set(attack_targets(st, src))
        return [
            t
            for t in straight_cards(st, src, 3, through=False)
            if t not in near and not st.attack_forbidden(src, t)
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        ranged = self._ranged(st, src)
        if key("blast", src) in st.flags:
            return [Attack(src, t) for t in ranged]
        if ranged and can_pay(st, st.ctrl[src]):
            return [UseAbility(src, self.id, 0)]
        return []

    def use(self, st: GameState, src: int, action: Action) -> None:
        pay(st, st.ctrl[src])
        st.flags[key("blast", src)] = 1


class Rally(Ability):
    """+1 die if you played an event this turn."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.flags.get(EVENTS_PLAYED):
            return value + 1
        return value


class GemMagic(AtYourPhaseStart):
    """Start of your attack phase: 1 magic for +1 die; end of it: 1 magic to place
    it next to a wall you control."""

    phase = ATTACK

    def ready(self, st: GameState, src: int) -> bool:
        return can_pay(st, st.ctrl[src])

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        p = st.ctrl[src]
        if (
            phase == ATTACK
            and st.turn_player == p
            and can_pay(st, p)
            and spaces_near_walls(st, p)
        ):
            return self.trigger(st, src, "place")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        p = trig.player
        if not st.on_board(src) or not can_pay(st, p):
            return
        if trig.data[:1] == ("place",):
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces_near_walls(st, p)]
            if len(opts) > 1:
                st.ask(self.decision(st, src, opts, "place", prompt="Gem Magic: place"))
            return
        st.ask(self.decision(st, src, [YES, NO], "boost", prompt="Gem Magic: +1"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseSpace) and st.on_board(src):
            pay(st, dec.player)
            st.place(src, action.space, st.ctrl[src])
        elif isinstance(action, YesNo) and action.yes:
            pay(st, dec.player)
            k = key("gem", src)
            st.flags[k] = st.flags.get(k, 0) + 1

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            return value + st.flags.get(key("gem", src), 0)
        return value


class Tunnel(AtYourPhaseStart):
    """Start of your movement phase (2+ Miners): 1 magic lets a Miner's move this
    phase place it next to another Miner you control instead."""

    phase = MOVE
    action_phases = (MOVE,)

    def ready(self, st: GameState, src: int) -> bool:
        p = st.ctrl[src]
        miners = own_named(st, p, "miner")
        return len(miners) >= 2 and src == min(miners) and can_pay(st, p)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.ask(self.decision(st, trig.source, [YES, NO], prompt="Tunnel"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            pay(st, dec.player)
            st.flags[key("tunnel", dec.player)] = 1

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.ctrl[src]
        if (
            st.stack
            or key("tunnel", p) not in st.flags
            or src in st.moved
            or not can_still_move(st)
        ):
            return []
        spaces = {
            s
            for m in own_named(st, p, "miner")
            if m != src
            for s in ADJ[st.pos[m]]
            if st.board[s] < 0
        }
        return [UseAbility(src, self.id, s) for s in sorted(spaces)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.moved.append(src)
        st.place(src, action.option, st.ctrl[src])


class Insight(Ability):
    """Once per turn, 1 magic: this turn your attacks on a card next to one of your
    Scholars get +1 die (the first Scholar of its controller offers and applies it)."""

    action_phases = (ATTACK,)

    def _first(self, st: GameState, src: int) -> bool:
        return src == min(own_named(st, st.ctrl[src], "scholar"))

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.ctrl[src]
        if st.stack or key("insight", p) in st.flags or not can_pay(st, p):
            return []
        return [UseAbility(src, self.id, 0)] if self._first(st, src) else []

    def use(self, st: GameState, src: int, action: Action) -> None:
        p = st.ctrl[src]
        pay(st, p)
        st.flags[key("insight", p)] = 1

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        p = st.ctrl[src]
        if (
            st.ctrl[attacker] != p
            or key("insight", p) not in st.flags
            or not self._first(st, src)
        ):
            return value
        tpos = st.pos[target]
        if any(DIST[st.pos[s]][tpos] == 1 for s in own_named(st, p, "scholar")):
            return value + 1
        return value


# -- events --------------------------------------------------------------------------
class MagicStasis(Ability):
    """The opponent cannot spend magic until the start of your next turn."""

    hook_zones = {"prevents_summon": (DISCARD,)}

    def play(self, st: GameState, card: int) -> None:
        st.notes[f"{STASIS}{1 - st.turn_player}"] = st.turn

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return bool(st.info.cards[card].cost) and under_stasis(st, st.turn_player)


class WakeTheFatherGem(Ability):
    """Abilities cost 1 magic less this turn."""

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"{FATHER_GEM}{st.turn_player}"] = 1


class MagicTorrent(Ability):
    """Pay 1 magic per wound, each on a different enemy common or champion within 4
    of your summoner (``data``: the cards already chosen)."""

    def _targets(self, st: GameState, player: int, done: tuple[int, ...]) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ):
            return []
        here = st.pos[summ]
        cards = st.info.cards
        return [
            c
            for s in bits_of(st.occ)
            if (c := st.board[s]) not in done
            and st.info.is_unit[c]
            and st.ctrl[c] != player
            and DIST[here][s] <= 4
            and (
                CardClass.COMMON in cards[c].classes
                or CardClass.CHAMPION in cards[c].classes
            )
        ]

    def _may_pay(self, st: GameState, player: int) -> bool:
        return st.magic[player] >= 1 and not under_stasis(st, player)

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return self._may_pay(st, p) and bool(self._targets(st, p, ()))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._targets(st, p, ())]
        st.ask(self.decision(st, card, opts, player=p, prompt="Magic Torrent"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        p = dec.player
        st.gain_magic(p, -1)
        done = (*dec.data, action.card)
        st.deal_damage(action.card, 1, p, dec.source)
        if st.terminal or not self._may_pay(st, p):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in self._targets(st, p, done)]
        if len(opts) > 1:
            st.ask(
                self.decision(
                    st, dec.source, opts, *done, player=p, prompt="Magic Torrent"
                )
            )


# -- Illusionary Warrior ---------------------------------------------------------------
DEEP_DWARVES = "deep-dwarves"


class IllusionaryWarrior(Ability):
    """A common from your magic pile onto an empty space next to a Deep Dwarf
    champion or a Gem Mage you control, under your control (``data``: "card", then
    "space" and the common)."""

    def _anchors(self, st: GameState, player: int) -> list[int]:
        cards = st.info.cards
        return [
            c
            for c in st.units_of(player)
            if cards[c].slug == "gem-mage"
            or (
                cards[c].faction == DEEP_DWARVES
                and CardClass.CHAMPION in cards[c].classes
            )
        ]

    def _spaces(self, st: GameState, player: int) -> list[int]:
        return sorted(
            {
                s
                for a in self._anchors(st, player)
                for s in ADJ[st.pos[a]]
                if st.board[s] < 0
            }
        )

    def _commons(self, st: GameState, player: int) -> list[int]:
        """The commons of ``player``'s magic pile, bottom to top, one per name and
        owner (two such copies are the same choice)."""
        info = st.info
        seen: set[tuple[str, int]] = set()
        out: list[int] = []
        for c in st.magic_pile[player]:
            key = (info.cards[c].slug, info.owner[c])
            if info.is_unit[c] and info.is_common[c] and key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(self._commons(st, p)) and bool(self._spaces(st, p))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._commons(st, p)]
        st.ask(
            self.decision(
                st, card, opts, "card", player=p, prompt="Illusionary Warrior"
            )
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "card" and isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in self._spaces(st, p)]
            st.ask(self.decision(st, dec.source, opts, "space", action.card, player=p))
        elif dec.data[0] == "space" and isinstance(action, ChooseSpace):
            c = dec.data[1]
            if in_pile_of(st, c, p) and st.board[action.space] < 0:
                st.place(c, action.space, p)  # out of the pile: magic - 1
                if st.stats is not None:
                    st.stats[3 * c] += 1


ABILITIES: dict[str, type[Ability]] = {
    "illusionary-warrior.effect": IllusionaryWarrior,
    "tundle.meditate": Meditate,
    "deep-troll.rock-eater": RockEater,
    "gren.shard-of-the-father-gem": ShardOfTheFatherGem,
    "kynder.mage-push": MagePush,
    "lun.gem-of-calling": GemOfCalling,
    "piclo.channel-magic": ChannelMagic,
    "sprog.restructure": Restructure,
    "battle-mage.magic-blast": MagicBlast,
    "crossbowman.rally": Rally,
    "gem-mage.gem-magic": GemMagic,
    "miner.tunnel": Tunnel,
    "scholar.insight": Insight,
    "magic-stasis.effect": MagicStasis,
    "wake-the-father-gem.effect": WakeTheFatherGem,
    "magic-torrent.effect": MagicTorrent,
}
