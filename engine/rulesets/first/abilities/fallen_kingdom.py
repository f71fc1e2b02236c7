"""Fallen Kingdom (first edition): Ret-Talus's and Mad Sirian's decks and the
Goodwin's Blade cards; research/first-edition.md 2.6. Readings in our own words:

- "A common FK unit": a common of this faction (``CardDef.faction``). A card taken
  from a discard pile onto the battlefield is placed (not summoned); it comes under
  the control of the player who took it.
- Ret-Talus, *Raise the Dead*: instead of attacking, pay 2 magic to place a common
  FK unit from your discard pile next to him (``UseAbility`` option = the card; one
  copy of each distinct card is offered). The FAQ lets the cards just paid be taken:
  the cards the payment will put on your discard pile (the top of your magic pile,
  R14) are offered too.
  With Legions of the Dead played this turn he also has *Greater Raise* (option
  -1): pay 3 magic, then place up to 3 such units next to him, one at a time.
- Mad Sirian, *Blood Drain*: when his attack puts 1+ wounds on an enemy unit, 1
  wound comes off him (done at once: declining never helps).
- Dragos, *Life Drain*: when his attack destroys a unit, 1 wound comes off him (at
  once, as above), wherever the unit then goes (FAQ).
- Elut-Bal, *Summoned by Blood*: his own summon action from hand (``UseAbility``
  option = the space): discard units you control one by one (never your summoner),
  each lowering his cost by 2, then pay the rest. His plain summon stays legal.
- Skhull, *Fear*: when an enemy common ends a move or push next to him, roll a die;
  on 5+ it is discarded (not destroyed: nobody gains magic). Placing or summoning
  next to him does not count.
- Anica, *Spirit Drain*: when her attack destroys an enemy unit, the opponent's top
  magic pile goes on top of yours (at once; nothing if their pile is empty).
- Corpse Wyrm, *Spawn*: in your summon phase, a common FK unit from hand may be
  summoned (paying its cost) onto an empty space next to him instead of next to a
  wall; it gets 1 wound (``UseAbility`` option = card * 64 + space).
- Gul-Dass, *Blood for Blood*: when his attack puts 3+ wounds on a card, your
  summoner gets 1 wound.
- Hirud, *Magic Leech*: while he is on the battlefield every champion costs 2 more
  to summon, for both players (the core hook ``mod_summon_cost``).
- Reaper, *Soul Harvest*: a unit its attack destroys goes under it instead of to
  your magic pile (taken out of it); +1 attack per unit under it. Cards that were
  under the victim stay in your magic pile (FAQ; R22 put them there).
- Skeletal Archer, *Magic Locked*: when destroyed, roll a die; on 3+ it goes from
  the destroyer's magic pile to its owner's discard pile (a Reaper that took it
  first keeps it: the card is no longer in a pile).
- Zombie Warrior, *Infect*: when its attack destroys an enemy unit, you may place a
  Zombie Warrior from your discard pile on that unit's space (if still empty).
- Cultist, *Death Curse*: when an enemy unit's attack destroys it, roll a die; on 3+
  the attacker gets 1 wound (the Cultist's side's effect).
- Phantom, *Possess*: after you move it, you may pick a common or champion you do
  not control next to it and roll; on a 6 the Phantom is discarded and you control
  that unit from then on.
- Reaver, *Undying*: when an attack destroys it, roll a die; on 5+ it is placed next
  to the attacker (if the attacker is still on the battlefield and has an empty
  neighbour) with 1 wound, back under its owner's control, out of the destroyer's
  magic pile.
- Ghoul, *Ravenous Hunger*: at the end of your attack phase it gets 1 wound if it
  destroyed no unit with an attack that phase.
- Vampire, *Bat Flight*: moves through cards (ending on an empty space); after it
  attacks you may move it up to 2 spaces (through cards too). That move is not one
  of the 3 moves.
- Warlock, *Stolen Life*: its own summon action from hand (option = the space): 1
  wound on your summoner instead of paying its cost (not offered when that wound
  would destroy your summoner).
- Dark Sacrifice: destroy any number of units you control (never your summoner),
  one at a time; for each, 1 wound comes off a champion you control (your choice;
  nothing when none is wounded). You gain the magic (R27: your effect).
- Legions of the Dead: Ret-Talus has Greater Raise this turn (see above); needs him
  on the battlefield under your control.
- Forced Summon: 2 wounds on your summoner, then summon a champion from hand next to
  one of your walls, its cost lowered by 5 (never below 0). Offered only when a
  champion can be paid and placed and the wounds would not destroy your summoner.
- Reanimate: up to twice: 1 wound on your summoner, then a common FK unit from any
  discard pile is placed on an empty space next to a wall you control (never a
  wound that would destroy your summoner).
- Forbidden Ritual: this turn, FK units you control get +1 attack (stacks) and every
  unit you control has RAVENOUS HUNGER (a Ghoul's own Hunger does not double). The
  units are those you control when it is played.
- Searching the Stone: 1 wound on your summoner, draw 5 cards, and you may summon in
  this event phase (by R14 and by the summoning abilities above: Summoned by Blood,
  Stolen Life, Spawn); one per turn. Not offered when the wound would destroy your
  summoner.
- Return of the Fallen: pay 2 magic: an FK champion from any discard pile goes to
  your hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget, UseAbility
from engine.core.board import ADJ, DIST
from engine.core.effects import (
    AfterOwnMove,
    adjacent,
    ask_optional_space,
    ask_optional_target,
    common_or_champion,
    count_attack,
    empty_adjacent,
    may_attack_now,
)
from engine.core.hooks import (
    DISCARD,
    HAND,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.phases import ATTACK, EVENTS, SUMMON
from engine.core.types import CardClass
from engine.rulesets.first.magic import in_pile_of, move_pile_top
from engine.rulesets.first.summon import legal_summons, summon_cost, wall_spaces

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "fallen-kingdom"


# -- helpers ---------------------------------------------------------------------------
def fk_common(st: GameState, cid: int) -> bool:
    card = st.info.cards[cid]
    return (
        st.info.is_unit[cid]
        and card.faction == FACTION
        and CardClass.COMMON in card.classes
    )


def is_champion(st: GameState, cid: int) -> bool:
    return CardClass.CHAMPION in st.info.cards[cid].classes


def distinct(st: GameState, cards: list[int]) -> list[int]:
    """The first copy of each distinct card (copies are interchangeable)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        slug = st.info.cards[c].slug
        if slug not in seen:
            seen.add(slug)
            out.append(c)
    return out


def destroyed_by(st: GameState, res: AttackResult) -> bool:
    """Did this attack destroy its target unit (now off the battlefield)?"""
    return st.info.is_unit[res.target] and not st.on_board(res.target)


_SIDE = "first.destroyed-ctrl."


def note_side(st: GameState, card: int) -> None:
    """In an ``on_destroy`` hook: note the controller ``card`` had when destroyed."""
    st.flags[f"{_SIDE}{card}"] = st.ctrl[card]


def side_of(st: GameState, card: int) -> int:
    """``card``'s side: its controller, or the one it had when destroyed this turn
    (noted by the abilities below), else its owner."""
    if st.on_board(card):
        return st.ctrl[card]
    return st.flags.get(f"{_SIDE}{card}", st.info.owner[card])


class NotesSide(Ability):
    """Base: notes the side of every unit destroyed while this card is in play."""

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        note_side(st, card)
        return None


def wound_own_summoner_ok(st: GameState, player: int, n: int) -> bool:
    """May ``n`` wounds go on ``player``'s summoner without destroying it?"""
    summ = st.info.summoners[player]
    return st.on_board(summ) and st.damage[summ] + n < st.life(summ)


def wound_own_summoner(st: GameState, player: int, n: int, source: int) -> None:
    st.deal_damage(st.info.summoners[player], n, player, source)


_STONE = "first.searching-the-stone"


def may_summon_now(st: GameState, player: int) -> bool:
    """May ``player`` summon now: in their summon phase, or in the event phase of a
    turn in which they played Searching the Stone (nothing resolving)?"""
    if st.stack or st.turn_player != player:
        return False
    return st.phase == SUMMON or (st.phase == EVENTS and _STONE in st.flags)


def take_from_discard(st: GameState, card: int, space: int, player: int) -> None:
    """Place a card from a discard pile on ``space`` under ``player``'s control."""
    st.place(card, space, player)
    st.clear_tokens(card)


# -- Ret-Talus -------------------------------------------------------------------------
def _greater_key(player: int) -> str:
    return f"first.greater-raise.{player}"


class RaiseTheDead(Ability):
    """Instead of attacking: pay 2 magic, place a common FK unit from your discard
    pile next to him; Greater Raise (Legions of the Dead): pay 3, up to 3 units."""

    action_phases = (ATTACK,)

    def _dead(self, st: GameState, player: int, paying: int = 0) -> list[int]:
        """Your discard pile's FK commons, and those of the top ``paying`` cards of
        your magic pile (paying puts them there first, FAQ)."""
        pile = st.magic_pile[player]
        paid = pile[len(pile) - paying :][::-1] if paying else []
        return distinct(st, [c for c in st.discard[player] + paid if fk_common(st, c)])

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or not empty_adjacent(st, src):
            return []
        me = st.ctrl[src]
        out: list[Action] = []
        if st.magic[me] >= 2:
            out += [UseAbility(src, self.id, c) for c in self._dead(st, me, 2)]
        if (
            st.flags.get(_greater_key(me))
            and st.magic[me] >= 3
            and self._dead(st, me, 3)
        ):
            out.append(UseAbility(src, self.id, -1))
        return out

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        me = st.ctrl[src]
        if action.option >= 0:
            st.gain_magic(me, -2)
            self._ask_space(st, src, action.option, 0)
            return
        st.gain_magic(me, -3)
        self._ask_unit(st, src, 3)

    def _ask_unit(self, st: GameState, src: int, left: int) -> None:
        if left <= 0 or not st.on_board(src) or not empty_adjacent(st, src):
            return
        dead = self._dead(st, st.ctrl[src])
        ask_optional_target(self, st, src, dead, "unit", left, prompt="Greater Raise")

    def _ask_space(self, st: GameState, src: int, card: int, left: int) -> None:
        if not st.on_board(src):
            return
        opts = [ChooseSpace(s) for s in empty_adjacent(st, src)]
        st.ask(self.decision(st, src, opts, "space", left, card, prompt="place"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        step, left = dec.data[0], dec.data[1]
        if step == "unit":
            if isinstance(action, ChooseTarget):
                self._ask_space(st, src, action.card, left - 1)
            return
        assert isinstance(action, ChooseSpace)
        take_from_discard(st, dec.data[2], action.space, dec.player)
        self._ask_unit(st, src, left)


class LegionsOfTheDead(Ability):
    """Ret-Talus gains GREATER RAISE until the end of the turn."""

    def _talus(self, st: GameState) -> int:
        summ = st.info.summoners[st.turn_player]
        ok = st.on_board(summ) and st.info.cards[summ].slug == "ret-talus"
        return summ if ok and st.ctrl[summ] == st.turn_player else -1

    def can_play(self, st: GameState, card: int) -> bool:
        return self._talus(st) >= 0 and not st.flags.get(_greater_key(st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        st.flags[_greater_key(st.turn_player)] = 1


# -- Mad Sirian, Dragos, Anica, Gul-Dass -----------------------------------------------
class BloodDrain(NotesSide):
    """When his attack wounds an enemy unit, 1 wound comes off him."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        t = res.target
        if (
            res.attacker == src
            and res.damage >= 1
            and st.info.is_unit[t]
            and side_of(st, t) != st.ctrl[src]
            and st.damage[src]
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if st.on_board(trig.source):
            st.heal(trig.source, 1)


class LifeDrain(BloodDrain):
    """When his attack destroys a unit, 1 wound comes off him."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and destroyed_by(st, res) and st.damage[src]:
            return self.trigger(st, src)
        return None


class SpiritDrain(NotesSide):
    """When her attack destroys an enemy unit: the top card of the opponent's magic
    pile onto yours."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            res.attacker == src
            and destroyed_by(st, res)
            and side_of(st, res.target) != me
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        me = trig.player
        move_pile_top(st, 1 - me, me)


class BloodForBlood(Ability):
    """When his attack puts 3+ wounds on a card, your summoner gets 1 wound."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and res.damage >= 3:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        summ = st.info.summoners[trig.player]
        if st.on_board(summ):
            wound_own_summoner(st, trig.player, 1, trig.source)


# -- Elut-Bal --------------------------------------------------------------------------
class SummonedByBlood(Ability):
    """Summon from hand, discarding units you control to lower his cost by 2 each."""

    zones = (HAND,)
    action_phases = (SUMMON, EVENTS)

    def _fodder(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        return [c for c in st.units_of(player) if c != summ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if not may_summon_now(st, me):
            return []
        cost = summon_cost(st, src)
        fodder = self._fodder(st, me)
        if not fodder or cost <= 0 or st.magic[me] + 2 * len(fodder) < cost:
            return []
        return [UseAbility(src, self.id, s) for s in wall_spaces(st, me)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        self._ask(st, src, action.option, 0)

    def _ask(self, st: GameState, src: int, space: int, n: int) -> None:
        """After ``n`` discards: discard another (``NO``: done, once at least one
        is discarded and the rest can be paid), or summon when he is free."""
        me = st.ctrl[src]
        cost = max(0, summon_cost(st, src) - 2 * n)
        if cost > 0:
            fodder = self._fodder(st, me)
            opts: list[Action] = [NO] if n > 0 and st.magic[me] >= cost else []
            opts += [ChooseTarget(c) for c in fodder]
            if opts != [NO]:
                st.ask(self.decision(st, src, opts, space, n, prompt="discard"))
                return
        self._summon(st, src, space, cost)

    def _summon(self, st: GameState, src: int, space: int, cost: int) -> None:
        me = st.ctrl[src]
        if st.zone[src] != HAND or st.board[space] >= 0 or st.magic[me] < cost:
            return
        st.gain_magic(me, -cost)
        st.place(src, space, me)
        if st.stats is not None:
            st.stats[3 * src] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", src)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        space, n = dec.data[0], dec.data[1]
        if isinstance(action, ChooseTarget):
            st.discard_card(action.card)
            self._ask(st, src, space, n + 1)
            return
        self._summon(st, src, space, max(0, summon_cost(st, src) - 2 * n))


# -- Warlock ---------------------------------------------------------------------------
class StolenLife(Ability):
    """Summon it from hand with 1 wound on your summoner instead of its cost."""

    zones = (HAND,)
    action_phases = (SUMMON, EVENTS)

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if not may_summon_now(st, me) or not wound_own_summoner_ok(st, me, 1):
            return []
        return [UseAbility(src, self.id, s) for s in wall_spaces(st, me)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        me = st.ctrl[src]
        wound_own_summoner(st, me, 1, src)
        if st.terminal or st.board[action.option] >= 0:
            return
        st.place(src, action.option, me)
        if st.stats is not None:
            st.stats[3 * src] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", src)


# -- Corpse Wyrm -----------------------------------------------------------------------
class Spawn(Ability):
    """Summon a common FK unit from hand next to him (paying its cost); it gets 1
    wound."""

    action_phases = (SUMMON, EVENTS)

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.ctrl[src]
        if not may_summon_now(st, me):
            return []
        spaces = empty_adjacent(st, src)
        if not spaces:
            return []
        cards = [
            c
            for c in st.hand[me]
            if fk_common(st, c) and summon_cost(st, c) <= st.magic[me]
        ]
        return [UseAbility(src, self.id, c * 64 + s) for c in cards for s in spaces]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        card, space = divmod(action.option, 64)
        me = st.ctrl[src]
        st.gain_magic(me, -summon_cost(st, card))
        st.place(card, space, me)
        if st.stats is not None:
            st.stats[3 * card] += 1
        st.deal_damage(card, 1, me, src)
        if st.on_board(card) and "after_summon" in st.info.hooks:
            st.emit("after_summon", card)


# -- Hirud -----------------------------------------------------------------------------
class MagicLeech(Ability):
    """While he is on the battlefield champions cost 2 more to summon."""

    def mod_summon_cost(self, st: GameState, src: int, card: int, value: int) -> int:
        return value + 2 if is_champion(st, card) else value


# -- Skhull ----------------------------------------------------------------------------
class Fear(Ability):
    """An enemy common that moves next to him: roll; on 5+ it is discarded."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if (
            card != src
            and st.info.is_common[card]
            and st.info.is_unit[card]
            and st.ctrl[card] != st.ctrl[src]
            and adjacent(st, src, card)
        ):
            return self.trigger(st, src, card)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        card = trig.data[0]
        if not (st.on_board(card) and st.on_board(trig.source)):
            return
        (die,) = st.roll(1)
        if die >= 5:
            st.discard_card(card)


# -- Reaper ----------------------------------------------------------------------------
def _locked_key(card: int) -> str:
    return f"first.magic-locked.{card}"


class SoulHarvest(Ability):
    """A unit its attack destroys goes under it instead of to your magic pile; +1
    attack per unit under it."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src:
            return value
        return value + sum(1 for c in st.under.get(src, ()) if st.info.is_unit[c])

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and destroyed_by(st, res):
            return self.trigger(st, src, res.target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, card = trig.source, trig.data[0]
        if (
            not st.on_board(src)
            or not in_pile_of(st, card, st.ctrl[src])
            or st.flags.get(_locked_key(card))
        ):
            return
        st.put_under(card, src)  # out of your magic pile


# -- Skeletal Archer -------------------------------------------------------------------
class MagicLocked(Ability):
    """When destroyed: roll; on 3+ it stays in its owner's discard pile instead of
    the destroyer's magic pile."""

    hook_zones = {"on_destroy": (MAGIC_PILE,)}  # (where a destroyed card lies)

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if card == src and by_player is not None:
            return self.trigger(st, src, by_player)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.zone[src] != MAGIC_PILE:
            return  # under a Reaper already
        (die,) = st.roll(1)
        if die >= 3:
            st.flags[_locked_key(src)] = 1
            st.discard_card(src)  # out of the destroyer's pile


# -- Zombie Warrior --------------------------------------------------------------------
class Infect(NotesSide):
    """When its attack destroys an enemy unit, you may place a Zombie Warrior from
    your discard pile on that unit's space."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and destroyed_by(st, res)
            and side_of(st, res.target) != st.ctrl[src]
        ):
            return self.trigger(st, src, res.space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        space = trig.data[0]
        if st.board[space] >= 0:
            return
        zombies = [
            c
            for c in st.discard[trig.player]
            if st.info.cards[c].slug == "zombie-warrior"
        ][:1]
        ask_optional_target(
            self, st, trig.source, zombies, space, player=trig.player, prompt="Infect"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        space = dec.data[0]
        if isinstance(action, ChooseTarget) and st.board[space] < 0:
            take_from_discard(st, action.card, space, dec.player)


# -- Cultist and Reaver (abilities of a destroyed card) --------------------------------
class DeathCurse(Ability):
    """When an enemy unit's attack destroys it: roll; on 3+ the attacker gets 1
    wound."""

    zones = (DISCARD, MAGIC_PILE)  # destroyed: in a magic pile, or discarded

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if card == src:
            note_side(st, src)
        return None

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        a = res.attacker
        if res.target == src and st.on_board(a) and st.ctrl[a] != side_of(st, src):
            return Trigger(self.id, src, side_of(st, src), (a,))
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        a = trig.data[0]
        (die,) = st.roll(1)
        if die >= 3 and st.on_board(a):
            st.deal_damage(a, 1, trig.player, trig.source)


class Undying(DeathCurse):
    """When an attack destroys it: roll; on 5+ it comes back next to the attacker
    with 1 wound."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.target == src:
            return Trigger(
                self.id, src, st.info.owner[src], (res.attacker, st.turn_player)
            )
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        a, destroyer = trig.data
        if st.zone[src] not in (DISCARD, MAGIC_PILE):
            return
        (die,) = st.roll(1)
        if die < 5 or not st.on_board(a):
            return
        opts = [ChooseSpace(s) for s in empty_adjacent(st, a)]
        st.ask(self.decision(st, src, opts, destroyer, player=trig.player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not isinstance(action, ChooseSpace) or st.zone[src] not in (
            DISCARD,
            MAGIC_PILE,
        ):
            return
        take_from_discard(st, src, action.space, dec.player)  # (out of the pile)
        st.damage[src] = 1


# -- Phantom ---------------------------------------------------------------------------
class Possess(AfterOwnMove):
    """After you move it: you may pick an adjacent common or champion you do not
    control and roll; on a 6 the Phantom is discarded and you control that unit."""

    def ready(self, st: GameState, src: int) -> bool:
        return st.turn_player == st.ctrl[src]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        cands = [
            c
            for s in ADJ[st.pos[src]]
            if (c := st.board[s]) >= 0
            and common_or_champion(st, c)
            and st.ctrl[c] != me
        ]
        ask_optional_target(self, st, src, cands, prompt="Possess")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not isinstance(action, ChooseTarget) or not st.on_board(src):
            return
        (die,) = st.roll(1)
        if die == 6 and st.on_board(action.card):
            st.discard_card(src)
            st.set_controller(action.card, dec.player)


# -- Ghoul and Forbidden Ritual --------------------------------------------------------
HUNGER = "ghoul.ravenous-hunger"


def _fed_key(cid: int) -> str:
    return f"first.fed.{cid}"


def _ritual_key(cid: int) -> str:
    return f"first.ritual.{cid}"


class RavenousHunger(Ability):
    """End of your attack phase: 1 wound if it destroyed no unit with an attack
    this phase."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src and destroyed_by(st, res):
            st.flags[_fed_key(src)] = 1  # bookkeeping only
        return None

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if (
            phase == ATTACK
            and st.turn_player == st.ctrl[src]
            and not st.flags.get(_fed_key(src))
        ):
            return self.trigger(st, src, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        for c in trig.data:
            if st.terminal:
                return
            if st.on_board(c) and not st.flags.get(_fed_key(c)):
                st.deal_damage(c, 1, st.ctrl[c], c)


class ForbiddenRitual(RavenousHunger):
    """This turn: +1 attack to the FK units you control (stacks) and RAVENOUS
    HUNGER to every unit you control (once)."""

    zones = (DISCARD,)

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(st.units_of(st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        for c in st.units_of(st.turn_player):
            k = _ritual_key(c)
            st.flags[k] = st.flags.get(k, 0) + 1
        st.flags.setdefault("first.ritual.card", card)

    def _mine(self, st: GameState, src: int) -> bool:
        return st.flags.get("first.ritual.card", -1) == src

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if not self._mine(st, src) or st.info.cards[cid].faction != FACTION:
            return value
        return value + st.flags.get(_ritual_key(cid), 0)

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if self._mine(st, src) and destroyed_by(st, res):
            st.flags[_fed_key(res.attacker)] = 1  # bookkeeping only
        return None

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase != ATTACK or not self._mine(st, src):
            return None
        hungry = tuple(
            c
            for c in st.units_of(st.turn_player)
            if st.flags.get(_ritual_key(c))
            and not any(a.id == HUNGER for a in st.info.abilities[c])
            and not st.flags.get(_fed_key(c))
        )
        return Trigger(self.id, src, st.turn_player, hungry) if hungry else None


# -- Vampire ---------------------------------------------------------------------------
class BatFlight(Ability):
    """Moves through cards; after attacking it may move up to 2 spaces."""

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        if attacker == src and st.on_board(src) and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def _spaces(self, st: GameState, src: int) -> list[int]:
        p = st.pos[src]
        return [s for s in range(48) if st.board[s] < 0 and 0 < DIST[p][s] <= 2]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            ask_optional_space(
                self, st, src, self._spaces(st, src), prompt="Bat Flight: move?"
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not isinstance(action, ChooseSpace) or not st.on_board(src):
            return
        p, to = st.pos[src], action.space
        if to in ADJ[p]:
            path: tuple[int, ...] = (to,)
        else:
            mid = min(s for s in ADJ[p] if to in ADJ[s])
            path = (mid, to)
        st.relocate(src, to, "move", path)


# -- Events ----------------------------------------------------------------------------
class DarkSacrifice(Ability):
    """Destroy units you control one by one; for each, 1 wound off a champion you
    control."""

    def _units(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        return [c for c in st.units_of(player) if c != summ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player)

    def _ask(self, st: GameState, card: int, p: int) -> None:
        units = self._units(st, p)
        ask_optional_target(self, st, card, units, "unit", player=p, prompt="sacrifice")

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "unit":
            if not isinstance(action, ChooseTarget):
                return
            st.destroy(action.card, p, dec.source)
            if st.terminal:
                return
            wounded = [c for c in st.units_of(p) if is_champion(st, c) and st.damage[c]]
            if wounded:
                opts = [ChooseTarget(c) for c in wounded]
                st.ask(self.decision(st, dec.source, opts, "heal", player=p))
                return
            self._ask(st, dec.source, p)
            return
        if isinstance(action, ChooseTarget):
            st.heal(action.card, 1)
        self._ask(st, dec.source, p)


class ForcedSummon(Ability):
    """2 wounds on your summoner, then summon a champion from hand next to your
    wall, 5 cheaper."""

    def _champions(self, st: GameState, p: int) -> list[int]:
        return [
            c
            for c in st.hand[p]
            if st.info.is_unit[c]
            and is_champion(st, c)
            and max(0, summon_cost(st, c) - 5) <= st.magic[p]
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return (
            wound_own_summoner_ok(st, p, 2)
            and bool(self._champions(st, p))
            and bool(wall_spaces(st, p))
        )

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        wound_own_summoner(st, p, 2, card)
        if st.terminal:
            return
        opts = [ChooseTarget(c) for c in self._champions(st, p)]
        st.ask(self.decision(st, card, opts, "unit", player=p, prompt="champion"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "unit":
            assert isinstance(action, ChooseTarget)
            opts = [ChooseSpace(s) for s in wall_spaces(st, p)]
            st.ask(self.decision(st, dec.source, opts, "space", action.card, player=p))
            return
        assert isinstance(action, ChooseSpace)
        unit = dec.data[1]
        st.gain_magic(p, -max(0, summon_cost(st, unit) - 5))
        st.place(unit, action.space, p)
        if st.stats is not None:
            st.stats[3 * unit] += 1
        if "after_summon" in st.info.hooks:
            st.emit("after_summon", unit)


class Reanimate(Ability):
    """Up to twice: 1 wound on your summoner, then a common FK unit from any discard
    pile onto an empty space next to a wall you control."""

    def _dead(self, st: GameState) -> list[int]:
        """One copy of each distinct unit per discard pile (yours first): taking
        the opponent's copy is a different choice from taking yours."""
        me = st.turn_player
        return [
            c
            for p in (me, 1 - me)
            for c in distinct(st, [c for c in st.discard[p] if fk_common(st, c)])
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return (
            wound_own_summoner_ok(st, p, 1)
            and bool(self._dead(st))
            and bool(wall_spaces(st, p))
        )

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, 2)

    def _ask(self, st: GameState, card: int, p: int, left: int) -> None:
        if left <= 0 or not wound_own_summoner_ok(st, p, 1) or not wall_spaces(st, p):
            return
        ask_optional_target(
            self, st, card, self._dead(st), "unit", left, player=p, prompt="Reanimate"
        )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        left = dec.data[1]
        if dec.data[0] == "unit":
            if not isinstance(action, ChooseTarget):
                return
            opts = [ChooseSpace(s) for s in wall_spaces(st, p)]
            st.ask(
                self.decision(
                    st, dec.source, opts, "space", left, action.card, player=p
                )
            )
            return
        assert isinstance(action, ChooseSpace)
        wound_own_summoner(st, p, 1, dec.source)
        if st.terminal:
            return
        take_from_discard(st, dec.data[2], action.space, p)
        self._ask(st, dec.source, p, left - 1)


class SearchingTheStone(Ability):
    """1 wound on your summoner, draw 5, and you may summon in this event phase;
    one per turn."""

    zones = (DISCARD,)
    action_phases = (EVENTS,)

    def can_play(self, st: GameState, card: int) -> bool:
        return _STONE not in st.flags and wound_own_summoner_ok(st, st.turn_player, 1)

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        st.flags[_STONE] = card
        wound_own_summoner(st, p, 1, card)
        if not st.terminal:
            st.draw(p, 5)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.flags.get(_STONE, -1) != src or st.phase != EVENTS or st.stack:
            return []
        return legal_summons(st)


class ReturnOfTheFallen(Ability):
    """Pay 2 magic: an FK champion from any discard pile into your hand."""

    def _fallen(self, st: GameState) -> list[int]:
        return [
            c
            for p in (0, 1)
            for c in st.discard[p]
            if st.info.is_unit[c]
            and is_champion(st, c)
            and st.info.cards[c].faction == FACTION
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return st.magic[st.turn_player] >= 2 and bool(self._fallen(st))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        st.gain_magic(p, -2)
        opts = [ChooseTarget(c) for c in self._fallen(st)]
        st.ask(self.decision(st, card, opts, player=p, prompt="Return of the Fallen"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget) or st.zone[action.card] != DISCARD:
            return
        c, p = action.card, dec.player
        st.remove_from_zone(c)
        st.zone[c] = HAND
        st.ctrl[c] = p
        st.hand[p].append(c)


ABILITIES: dict[str, type[Ability]] = {
    "ret-talus.raise-the-dead": RaiseTheDead,
    "mad-sirian.blood-drain": BloodDrain,
    "dragos.life-drain": LifeDrain,
    "elut-bal.summoned-by-blood": SummonedByBlood,
    "skhull.fear": Fear,
    "anica.spirit-drain": SpiritDrain,
    "corpse-wyrm.spawn": Spawn,
    "gul-dass.blood-for-blood": BloodForBlood,
    "hirud.magic-leech": MagicLeech,
    "reaper.soul-harvest": SoulHarvest,
    "skeletal-archer.magic-locked": MagicLocked,
    "zombie-warrior.infect": Infect,
    "cultist-fallen-kingdom.death-curse": DeathCurse,
    "phantom.possess": Possess,
    "reaver.undying": Undying,
    "ghoul.ravenous-hunger": RavenousHunger,
    "vampire.bat-flight": BatFlight,
    "warlock.stolen-life": StolenLife,
    "dark-sacrifice.effect": DarkSacrifice,
    "legions-of-the-dead.effect": LegionsOfTheDead,
    "forced-summon.effect": ForcedSummon,
    "reanimate.effect": Reanimate,
    "forbidden-ritual.effect": ForbiddenRitual,
    "searching-the-stone.effect": SearchingTheStone,
    "return-of-the-fallen.effect": ReturnOfTheFallen,
}
