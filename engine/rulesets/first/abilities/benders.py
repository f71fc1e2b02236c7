"""Benders (first edition, Master Set), Tacullu's deck: research/first-edition.md 2.7.1.

Each card, in our own words:

- Tacullu, *Counter Summon*: once per turn, as your attack phase ends, you may pick a
  unit within 3 clear straight-line spaces of him and pay magic equal to its summon
  cost to discard it (never a summoner: it has no cost). Reading: the text says
  "choose", but the payment makes it a choice; it is asked with ``NO`` first.
- Gulldune, *Mind Capture*: when his attack would destroy an enemy common or champion,
  you may ignore the wounds of that attack and take control of the unit instead, for
  good. Judged after the roll, on the wounds the attack would place after every other
  modifier (as the second edition's Mind Capture). FAQ 2.1.4.1: the Admiral's Cover
  acts first (a Cover trigger of the same attack still waiting is resolved before
  Mind Capture; if it takes the wounds, no capture is offered).
- Gwalark, *Levitate*: he may move through cards (never ending on one); so may every
  unit you control whose move starts within 2 spaces of him.
- Kalal, *Glimpse the Future*: once per turn, after you move him, pick a player, look
  at the top 4 cards of their draw pile and put 2 of them on the bottom and 2 on top
  (in the order you choose; fewer cards: as far as it goes).
- Kalu and Talu, *Mind Link*: after you summon one of the twins you may take the other
  from your hand or draw pile (the draw pile is shuffled after a search) and place it
  next to the one summoned; when one takes wounds from an attack, the other (if you
  control it) takes as many. FAQ: a twin destroyed that way goes to its controller's
  magic pile.
- Sorgwen, *Telepathic Command*: as your attack phase ends, you may have a common you
  control within 3 spaces of her attack once more, at once (an extra attack).
- Breaker, *Memory Break*: after it attacks an enemy unit, the top card of the
  opponent's draw pile is shown; its owner may pay 1 magic to put it on the bottom,
  else it is discarded. Deviation: the FAQ (2.1.1.1) puts that card on the Breaker
  controller's discard pile; the engine keeps every card in its owner's piles, so it
  goes to its owner's (no implemented card reads a discard pile's owner mix).
- Controller, *Telekinetic Blast*: after it attacks, you may move one unit within 2
  spaces of it (any side, never a Controller) 1 space (moved by an effect: its own
  "after moving" abilities do not fire).
- Deceiver, *Stun*: an enemy common next to a Deceiver as its controller's turn begins
  cannot move or attack in that turn, even if the Deceiver leaves or either changes
  controller (FAQ 2.1.3). One start-of-turn trigger covers all of a side's Deceivers,
  so the turn player orders it only against other start-of-turn effects.
- Mind Witch, *Mimic*: at the start of your movement phase pick an enemy unit within 3
  spaces: this turn she has its name and abilities (kept if that unit leaves play).
  The text says "choose" (no "may"): the pick is mandatory when there is one.
- Parasite, *Life Drain* (:class:`.common.LifeDrain`).
- Events: *Mind Control* (pay magic equal to an enemy common's cost, the common being
  on your side of the battlefield, to control it for good), *Mimic* (look at the
  opponent's hand and take one of its non-wall events into yours; it is yours to play
  or to put on your magic pile, and goes to its owner's discard pile afterwards), and
  the shared Magic Drain and A Hero Is Born (:mod:`.shared`).

Control changes: a unit taken (Mind Capture, Mind Control) stays yours until it leaves
the battlefield. Destroyed, it goes to the magic pile of the player whose attack or
effect destroyed it (R22, R27), whoever controlled it.
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
    YesNo,
)
from engine.core.board import DIST, own_row
from engine.core.effects import (
    FlagLending,
    ask_optional_target,
    attack_targets,
    common_or_champion,
    empty_adjacent,
    extra_attack,
    fix_lethal,
    within,
)
from engine.core.hooks import BOARD, DECK, DISCARD, HAND, Ability, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.attack import hits_of
from engine.core.phases import ATTACK, MOVE
from engine.rulesets.first.abilities.common import (
    LifeDrain,
    straight_cards,
)

if TYPE_CHECKING:
    from engine.core.hooks import AttackResult
    from engine.core.state import GameState
    from engine.core.types import CardDef

FACTION = "benders"


# -- helpers shared with the Cloaks ----------------------------------------------------
def pending_attack(st: GameState, attacker: int) -> tuple[tuple[int, ...], int] | None:
    """(faces, target) of ``attacker``'s attack waiting for its damage step."""
    for t in reversed(st.stack):
        if (
            isinstance(t, Trigger)
            and t.ability == "core.attack_damage"
            and t.data[:2] == ("roll", attacker)
        ):
            return t.data[2], t.data[3]
    return None


def attack_damage(
    st: GameState, attacker: int, target: int, faces: tuple[int, ...], skip: Ability
) -> int:
    """The wounds an attack rolled ``faces`` would place on ``target`` after every
    modifier but ``skip`` (asked of a copy: modifiers may keep notes)."""
    probe = st.clone(record=False)
    dmg = hits_of(probe, attacker, faces)
    for s, ab in probe.hooked("mod_damage"):
        if ab is not skip:
            dmg = ab.mod_damage(probe, s, attacker, target, faces, dmg)
    return dmg if dmg > 0 else 0


def arrange_top(
    ab: Ability,
    st: GameState,
    src: int,
    chooser: int,
    owner: int,
    bottom: int,
    discard: int,
    left: tuple[int, ...],
) -> None:
    """Ask ``chooser`` to sort the looked-at cards ``left`` (still on top of
    ``owner``'s draw pile): first ``bottom`` of them go to the bottom one by one,
    then (with more cards left than 2) ``discard`` of them to the discard pile, then
    which of the last two goes on top. Resolved in ``ab.resolve`` through
    :func:`arrange_step` (data ``("arrange", owner, bottom, discard, left)``)."""
    if not left:
        return
    if bottom > 0 or (discard > 0 and len(left) > 2) or len(left) == 2:
        opts = [ChooseTarget(c) for c in sorted(left)]
        st.ask(
            ab.decision(
                st,
                src,
                opts,
                "arrange",
                owner,
                bottom,
                discard,
                left,
                player=chooser,
                prompt="bottom" if bottom > 0 else "discard" if discard else "top",
            )
        )


def arrange_step(ab: Ability, st: GameState, dec: Decision, action: Action) -> None:
    """One answer of :func:`arrange_top`."""
    if not isinstance(action, ChooseTarget):
        return
    _tag, owner, bottom, discard, left = dec.data
    card = action.card
    rest = tuple(c for c in left if c != card)
    deck = st.deck[owner]
    # (a search copy redeals hidden cards: a looked-at card may be elsewhere there)
    here = card in deck
    if bottom > 0:
        if here:
            deck.remove(card)
            deck.insert(0, card)
        arrange_top(ab, st, dec.source, dec.player, owner, bottom - 1, discard, rest)
    elif discard > 0 and len(left) > 2:
        if here:
            st.discard_card(card)
        arrange_top(ab, st, dec.source, dec.player, owner, 0, discard - 1, rest)
    elif here:  # the chosen card goes on top (the draw pile's top is its end)
        deck.remove(card)
        deck.append(card)


def is_named(st: GameState, cid: int, slug: str) -> bool:
    """Has ``cid`` the name of the card ``slug``: printed, or copied this turn (Mind
    Witch's Mimic, Vlox's Master of the Art)?"""
    if st.info.cards[cid].slug == slug:
        return True
    flags = st.flags
    if not flags:
        return False
    for key in (f"mind-witch.mimic:{cid}", f"vlox.master-of-the-art:{cid}"):
        got = flags.get(key)
        if got and st.info.cards[got - 1].slug == slug:
            return True
    return False


class CopyAbilities(FlagLending):
    """A unit that has, this turn, the name and abilities of a unit it picks when the
    phase ``phase`` of its controller's turn begins (Mind Witch, Vlox). The pick is
    kept in ``st.flags`` as ``<id>:<src>`` = picked card + 1 (flags end with the
    turn); the copied abilities stay if the picked unit leaves play. The lending
    machinery is the core's :class:`~engine.core.effects.FlagLending`, shared with
    the second edition's Mind Witch."""

    self_only = True  # copied modifiers change the copying card only
    not_forwarded = ("lets_pass",)
    pick_tag = "copy"

    def candidates(self, st: GameState, src: int) -> list[int]:
        return []

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if self.resolve_bundle(st, trig):
            return
        src = trig.source
        if not st.on_board(src) or st.flags.get(self._key(src)):
            return
        self.ask_pick(st, src)

    def ask_pick(self, st: GameState, src: int) -> None:
        opts = [ChooseTarget(c) for c in self.candidates(st, src)]
        st.ask(self.decision(st, src, opts, "copy", prompt=self.id))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.flags[self._key(dec.source)] = action.card + 1


# -- Tacullu ---------------------------------------------------------------------------
class CounterSummon(Ability):
    """Once per turn at the end of your attack phase: pay a unit's summon cost to
    discard it (a unit within 3 clear straight-line spaces)."""

    def _targets(self, st: GameState, src: int) -> list[int]:
        magic = st.magic[st.ctrl[src]]
        out = []
        for c in straight_cards(st, src, 3, through=False):
            cost = st.info.cards[c].cost
            if st.info.is_unit[c] and cost is not None and cost <= magic:
                out.append(c)
        return sorted(out)

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if (
            phase == ATTACK
            and st.turn_player == st.ctrl[src]
            and not st.flags.get(self.id)
            and self._targets(st, src)
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            ask_optional_target(
                self, st, src, self._targets(st, src), prompt="Counter Summon"
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.flags[self.id] = 1
            st.gain_magic(dec.player, -(st.info.cards[action.card].cost or 0))
            st.discard_card(action.card)


# -- Gulldune --------------------------------------------------------------------------
COVER = "the-admiral.cover"  # (Cloaks) resolves before Mind Capture, FAQ 2.1.4.1


def _is_cover(t: object) -> bool:
    """A Cover trigger still to decide on an attack's wounds."""
    return isinstance(t, Trigger) and t.ability == COVER and t.data[:1] != ("take",)


class MindCapture(Ability):
    """His attack that would destroy an enemy common or champion: you may ignore its
    wounds and take control of the unit instead (for good, no magic gained)."""

    order = 100  # the wounds are ignored after every other modifier

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def _capturable(self, st: GameState, src: int, target: int) -> bool:
        return (
            st.on_board(target)
            and common_or_champion(st, target)
            and st.ctrl[target] != st.ctrl[src]
        )

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        if roller != src:
            return None
        pend = pending_attack(st, src)
        if pend is None or not self._capturable(st, src, pend[1]):
            return None
        return self.trigger(st, src)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        pend = pending_attack(st, src)
        if pend is None:
            return
        # FAQ 2.1.4.1: Cover acts while the wounds are placed, Mind Capture after
        # it: a Cover still waiting on this attack resolves first
        for i in range(len(st.stack) - 1, -1, -1):
            t = st.stack[i]
            waiting: tuple[object, ...] = (t,)
            if isinstance(t, Decision):
                if t.ability != "core.order":
                    break
                waiting = t.data  # triggers still to be ordered
            elif t.ability == "core.attack_damage":
                break
            if any(_is_cover(w) for w in waiting):
                st.stack.insert(i, trig)
                return
        faces, target = pend
        if not self._capturable(st, src, target):
            return
        dmg = attack_damage(st, src, target, faces, self)
        if dmg > 0 and st.damage[target] + dmg >= st.life(target):
            st.ask(self.decision(st, src, [YES, NO], target, prompt="Mind Capture"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            target = dec.data[0]
            st.flags[self._key(dec.source)] = target + 1
            st.set_controller(target, dec.player)
            fix_lethal(st)

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if attacker == src and st.flags.get(self._key(src)) == target + 1:
            return 0
        return damage

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src:
            st.flags.pop(self._key(src), None)
        return None


# -- Gwalark ---------------------------------------------------------------------------
class Levitate(Ability):
    """He may move through cards; so may units you control whose move starts within
    2 spaces of him (judged when the move is chosen: where it starts)."""

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        return (
            mover != src
            and st.info.is_unit[mover]
            and st.zone[mover] == BOARD
            and st.ctrl[mover] == st.ctrl[src]
            and within(st, src, mover, 2)
        )


# -- Kalal -----------------------------------------------------------------------------
class GlimpseTheFuture(Ability):
    """Once per turn after you move Kalal: pick a player; of the top 4 cards of their
    draw pile put 2 on the bottom and 2 on top."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            card == src
            and kind == "move"
            and st.turn_player == st.ctrl[src]
            and not st.flags.get(f"{self.id}:{src}")
            and (st.deck[0] or st.deck[1])
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        st.flags[f"{self.id}:{src}"] = 1
        opts = [ChooseOption(p) for p in (0, 1) if st.deck[p]]
        st.ask(self.decision(st, src, opts, "player", prompt="Glimpse: whose pile?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if dec.data[0] == "arrange":
            arrange_step(self, st, dec, action)
        elif isinstance(action, ChooseOption):
            p = action.option
            top = tuple(st.deck[p][-4:])
            arrange_top(self, st, dec.source, dec.player, p, 2, 0, top)


# -- Kalu and Talu ---------------------------------------------------------------------
class MindLink(Ability):
    """After summoning this twin you may place the other from hand or draw pile next
    to it; wounds it takes from an attack go on the other twin you control too."""

    twin = "talu"
    # the link fires even when the attack destroys this twin
    hook_zones = {"after_attack_result": (BOARD, DISCARD, MAGIC_PILE)}

    def _twin_off_board(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in st.hand[player] + st.deck[player]
            if st.info.cards[c].slug == self.twin and st.info.owner[c] == player
        ]

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        if card == src and self._twin_off_board(st, st.ctrl[src]):
            return self.trigger(st, src, "summon")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[0] == "link":
            twin, n = trig.data[1], trig.data[2]
            if st.on_board(twin):
                st.deal_damage(twin, n, st.ctrl[twin], src)
            return
        if not st.on_board(src):
            return
        twins = self._twin_off_board(st, st.ctrl[src])
        spaces = empty_adjacent(st, src)
        if twins and spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, twins[0], prompt="Mind Link"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseSpace):
            return
        twin = dec.data[0]
        if st.zone[twin] not in (HAND, DECK) or not st.on_board(dec.source):
            return
        searched = st.zone[twin] == DECK
        st.place(twin, action.space, dec.player)
        if searched:
            st.rng.shuffle(st.deck[dec.player])

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.target != src or res.damage <= 0:
            return None
        me = st.ctrl[src]
        twins = [
            c
            for c in st.units_of(me)
            if c != src and st.info.cards[c].slug == self.twin
        ]
        if twins:
            return Trigger(self.id, src, me, ("link", twins[0], res.damage))
        return None


class MindLinkTalu(MindLink):
    twin = "kalu"


# -- Sorgwen ---------------------------------------------------------------------------
class TelepathicCommand(Ability):
    """At the end of your attack phase you may have a common you control within 3
    spaces attack once more, at once (an extra attack)."""

    def _commons(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.units_of(st.ctrl[src])
            if st.info.is_common[c] and within(st, src, c, 3) and attack_targets(st, c)
        ]

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            ask_optional_target(
                self, st, src, self._commons(st, src), "common", prompt=self.id
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        if dec.data[0] == "common":
            unit = action.card
            opts = [ChooseTarget(t) for t in attack_targets(st, unit)]
            st.ask(self.decision(st, dec.source, opts, "attack", unit, prompt="attack"))
        elif st.on_board(dec.data[1]) and st.on_board(action.card):
            extra_attack(st, dec.data[1], action.card)


# -- Breaker ---------------------------------------------------------------------------
class MemoryBreak(Ability):
    """After it attacks an enemy unit: the opponent's top draw card is shown; its
    owner pays 1 magic to put it on the bottom, or it is discarded."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        opp = 1 - st.ctrl[src]
        # an enemy when attacked: its controller, or its owner once destroyed
        side = st.ctrl[target] if st.on_board(target) else st.info.owner[target]
        if attacker == src and st.info.is_unit[target] and side == opp and st.deck[opp]:
            return self.trigger(st, src, opp)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        opp = trig.data[0]
        if not st.deck[opp]:
            return
        top = st.deck[opp][-1]
        if st.magic[opp] >= 1:
            st.ask(
                self.decision(
                    st,
                    trig.source,
                    [YES, NO],
                    top,
                    player=opp,
                    prompt="Memory Break: pay 1 magic to keep it (bottom)?",
                )
            )
        else:
            st.discard_card(top)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        top = dec.data[0]
        if st.zone[top] != DECK:
            return
        if isinstance(action, YesNo) and action.yes:
            st.gain_magic(dec.player, -1)
            deck = st.deck[dec.player]
            deck.remove(top)
            deck.insert(0, top)
        else:
            st.discard_card(top)


# -- Controller ------------------------------------------------------------------------
class TelekineticBlast(Ability):
    """After it attacks: you may move a unit within 2 spaces of it (not a Controller)
    1 space."""

    def _units(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in st.board
            if c >= 0
            and st.info.is_unit[c]
            and st.info.cards[c].slug != "controller"
            and within(st, src, c, 2)
            and empty_adjacent(st, c)
        ]

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self.trigger(st, src) if attacker == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            ask_optional_target(
                self, st, src, self._units(st, src), prompt="Telekinetic Blast"
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in empty_adjacent(st, action.card)]
            st.ask(self.decision(st, dec.source, opts, action.card, prompt="to"))
        elif isinstance(action, ChooseSpace) and st.on_board(dec.data[0]):
            st.relocate(dec.data[0], action.space, "force")


# -- Deceiver --------------------------------------------------------------------------
def _stun_key(cid: int) -> str:
    return f"first.stun:{cid}"


class Stun(Ability):
    """An enemy common next to it as its controller's turn begins cannot move or
    attack that turn (it stays so if the Deceiver leaves)."""

    hook_zones = {
        "start_of_turn": (BOARD,),
        "prevents_move": (BOARD, DISCARD),
        "prevents_attack": (BOARD, DISCARD),
    }

    def _deceivers(self, st: GameState, player: int) -> list[int]:
        """Deceivers (this ability) on the battlefield that are enemies of
        ``player``, by card id."""
        return sorted(
            s
            for s, a in st.hooked("start_of_turn")
            if a is self and st.zone[s] == BOARD and st.ctrl[s] != player
        )

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        # one trigger for all the Deceivers of a side (the first by id carries it):
        # the turn player orders it only against other start-of-turn effects (FAQ
        # 2.1.3.2: Blazing Conscription first spares the common it takes)
        if player != st.ctrl[src] and self._deceivers(st, player)[:1] == [src]:
            return self.trigger(st, src, player)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        player = trig.data[0]
        spots = [st.pos[d] for d in self._deceivers(st, player)]
        for c in st.units_of(player):
            if st.info.is_common[c] and any(DIST[p][st.pos[c]] == 1 for p in spots):
                st.flags[_stun_key(c)] = 1

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return bool(st.flags) and _stun_key(cid) in st.flags

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return bool(st.flags) and _stun_key(attacker) in st.flags


# -- Mind Witch ------------------------------------------------------------------------
class Mimic(CopyAbilities):
    """At the start of your movement phase pick an enemy unit within 3 spaces: this
    turn she has its name and abilities."""

    phase = MOVE

    def lends_from(self, card: CardDef) -> bool:
        return card.card_type == "unit"

    def candidates(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        return [
            c
            for c in st.board
            if c >= 0
            and st.info.is_unit[c]
            and st.ctrl[c] != me
            and within(st, src, c, 3)
        ]


# -- Events ----------------------------------------------------------------------------
SIDE_ROWS = 4  # R1: a player's side is the 4 rows nearest them


class MindControl(Ability):
    """Pay magic equal to the cost of an enemy common on your side of the battlefield
    to take control of it for good."""

    def _candidates(self, st: GameState, player: int) -> list[int]:
        magic = st.magic[player]
        return [
            c
            for c in st.board
            if c >= 0
            and st.info.is_unit[c]
            and st.info.is_common[c]
            and st.ctrl[c] != player
            and own_row(player, st.pos[c]) < SIDE_ROWS
            and (st.info.cards[c].cost or 0) <= magic
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._candidates(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._candidates(st, p)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Mind Control"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.gain_magic(dec.player, -(st.info.cards[action.card].cost or 0))
            st.set_controller(action.card, dec.player)
            fix_lethal(st)


def _events_in_hand(st: GameState, player: int) -> list[int]:
    cards = st.info.cards
    return [
        c
        for c in st.hand[player]
        if cards[c].card_type == "event" and "wall" not in cards[c].classes
    ]


class MimicEvent(Ability):
    """Look at the opponent's hand and take one of its non-wall events into yours."""

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in _events_in_hand(st, 1 - p)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Mimic: take an event"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and action.card in st.hand[1 - dec.player]:
            c = action.card
            st.remove_from_zone(c)
            st.zone[c] = HAND
            st.ctrl[c] = dec.player
            st.hand[dec.player].append(c)


ABILITIES: dict[str, type[Ability]] = {
    "tacullu.counter-summon": CounterSummon,
    "gulldune.mind-capture": MindCapture,
    "gwalark.levitate": Levitate,
    "kalal.glimpse-the-future": GlimpseTheFuture,
    "kalu.mind-link": MindLink,
    "talu.mind-link": MindLinkTalu,
    "sorgwen.telepathic-command": TelepathicCommand,
    "breaker.memory-break": MemoryBreak,
    "controller.telekinetic-blast": TelekineticBlast,
    "deceiver.stun": Stun,
    "mind-witch.mimic": Mimic,
    "parasite.life-drain": LifeDrain,
    "mind-control.effect": MindControl,
    "mimic.effect": MimicEvent,
}
