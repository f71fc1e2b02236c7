"""Shadow Elves (first edition, Master Set), Selundar's deck: research/first-edition.md
2.7.9. Readings in our own words; where a text is open, the official FAQ's reading (S3).

- Selundar, *Out of Shadows*: if no enemy unit is next to him as your turn begins, his
  attacks that turn get +2 when the target is a unit next to him.
- Hydrake, *Assault*; Blade Master, *Swift Strike*; Melek, *Rider*; Swordsman, *Swift*
  (:mod:`.common`).
- Kuldrid, *Wither*: at the end of your attack phase, unless he destroyed a unit that
  phase, you pay 1 magic or your summoner gets 1 wound (your choice while you have the
  magic; the wound when you have none).
- Malidala, *Shadow Dancer*: the first time she is attacked each turn, her controller
  picks one of the dice rolled and it is ignored (taken out of the roll); no effect
  against a Precise attack (FAQ), which rolls no dice.
- Taliya, *Return Spirit*: at the end of your turn you may return one common next to
  her (either side's) to hand, wounds removed, cards under it discarded. The hand is
  its owner's (the card's controller and owner differ only under a control change;
  a card never sits in another player's hand in this engine).
- Xaserbane, *Sneak*: while no other unit has moved this movement phase he may move up
  to 4 spaces; once he has moved more than 2, no other unit may move that phase.
- Hunter, *Shadow Step*: once per turn, when you summon a Hunter, you may place it
  next to another Shadow Elves unit you control instead of where it was summoned.
- Ranger, *Shadow Arrows*: once per turn, when its attack destroys a unit, you may
  place it on that unit's space; if you do, you may pay 1 magic for an extra attack
  with it.
- Scout: if it stands on the opponent's side as your turn begins, you may move one
  more unit this turn (each such Scout adds one, FAQ).
- Shadows (a response, :mod:`engine.rulesets.first.responses`, moment DESTROYED):
  when a Shadows Elves common or champion you controlled is destroyed by the
  opponent (so it went to their magic pile, R22), move that very card face down onto
  the top of your own magic pile.
- Summon the Night: in the opponent's next turn their units move at most 1 space in
  the movement phase and cannot attack a card that is not next to them (moves outside
  the movement phase are unaffected, FAQ). Works from the discard pile through
  ``st.notes`` (the turn it applies to).
- Stalking Advance: you may move each of your Shadow Elves units up to 1 space (one at
  a time, any order; these moves are not among your 3).
- Into Darkness: playable only while you control fewer units than the opponent;
  discard up to 2 of their commons of cost 2 or less from the battlefield (discarded,
  not destroyed: no magic).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.actions import NO, Action, ChooseOption, ChooseSpace, ChooseTarget
from engine.core.board import ADJ, own_row
from engine.core.effects import (
    AtYourPhaseEnd,
    attack_targets,
    empty_adjacent,
    extra_attack,
    return_to_hand,
)
from engine.core.hooks import DISCARD, Ability, AttackResult, Decision, Trigger
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.phases import ATTACK, MOVE
from engine.core.types import CardClass
from engine.rulesets.first import EXTRA_MOVERS
from engine.rulesets.first.abilities.common import (
    Assault,
    Rider,
    Swift,
    SwiftStrike,
    adjacent_cards,
    is_precise,
)
from engine.rulesets.first.responses import DESTROYED, Response

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "shadow-elves"


def is_shadow_elf(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].faction == FACTION


def enemy_units_next_to(st: GameState, cid: int) -> list[int]:
    me = st.ctrl[cid]
    return [
        c for c in adjacent_cards(st, cid) if st.info.is_unit[c] and st.ctrl[c] != me
    ]


class OutOfShadows(Ability):
    """+2 attack against an adjacent unit in a turn he began with no enemy unit
    next to him."""

    def _key(self, src: int) -> str:
        return f"first.out-of-shadows.{src}"

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and not enemy_units_next_to(st, src):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[self._key(trig.source)] = 1

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            attacker == src
            and self._key(src) in st.flags
            and st.info.is_unit[target]
            and st.pos[target] in ADJ[st.pos[src]]
        ):
            return value + 2
        return value


class Wither(AtYourPhaseEnd):
    """End of your attack phase: unless Kuldrid destroyed a unit this phase, pay 1
    magic or 1 wound on your summoner."""

    phase = ATTACK

    def _key(self, src: int) -> str:
        return f"first.wither.{src}"

    def ready(self, st: GameState, src: int) -> bool:
        return self._key(src) not in st.flags

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.info.is_unit[target] and not st.on_board(target):
            return self.trigger(st, src, "kill")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[:1] == ("kill",):
            st.flags[self._key(src)] = 1
            return
        me = trig.player
        if st.magic[me] >= 1:
            opts = (ChooseOption(0), ChooseOption(1))
            st.ask(
                self.decision(
                    st,
                    src,
                    opts,
                    player=me,
                    prompt="Wither: 0 = pay 1 magic, 1 = wound",
                )
            )
        else:
            self._wound(st, me)

    def _wound(self, st: GameState, me: int) -> None:
        summ = st.info.summoners[me]
        st.deal_damage(summ, 1, me, -1)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if action == ChooseOption(0):
            st.gain_magic(dec.player, -1)
        else:
            self._wound(st, dec.player)


class ShadowDancer(Ability):
    """The first time she is attacked each turn, her controller takes one die out
    of the roll (not against Precise)."""

    def _key(self, src: int) -> str:
        return f"first.shadow-dancer.{src}"

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        step = st.stack[-1] if st.stack else None
        if (
            isinstance(step, Trigger)
            and step.ability == "core.attack_damage"
            and step.data[1] == roller
            and step.data[3] == src
            and self._key(src) not in st.flags
        ):
            return self.trigger(st, src, roller)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        st.flags[self._key(src)] = 1
        attacker = trig.data[0]
        if is_precise(st, attacker):
            return
        faces = _pending_faces(st, attacker)
        if not faces:
            return
        opts = tuple(ChooseOption(f) for f in sorted(set(faces), reverse=True))
        st.ask(self.decision(st, src, opts, attacker, prompt="Shadow Dancer: ignore"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        from engine.core.hooks import replace_roll

        assert isinstance(action, ChooseOption)
        faces = list(_pending_faces(st, dec.data[0]))
        if action.option in faces:
            faces.remove(action.option)
            replace_roll(st, tuple(faces))


def _pending_faces(st: GameState, attacker: int) -> tuple[int, ...]:
    from engine.rulesets.first.responses import pending_faces

    return pending_faces(st, attacker)


class ReturnSpirit(Ability):
    """End of your turn: you may return a common next to Taliya to hand."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and self._commons(st, src):
            return self.trigger(st, src)
        return None

    def _commons(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for c in adjacent_cards(st, src)
            if st.info.is_unit[c] and CardClass.COMMON in st.info.cards[c].classes
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in self._commons(st, src)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Return Spirit"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            return_to_hand(st, action.card)


class Sneak(Ability):
    """Up to 4 spaces while no other unit moved this phase; after a move of more
    than 2, no other unit may move this phase."""

    self_only = True

    def _key(self, src: int) -> str:
        return f"first.sneak.{src}"

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and st.phase == MOVE and all(u == src for u in st.moved):
            return value + 2
        return value

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move" and st.phase == MOVE and len(path) > 2:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[self._key(trig.source)] = 1

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid != src and st.phase == MOVE and self._key(src) in st.flags


class ShadowStep(Ability):
    """Once per turn, when summoned, you may place it next to another Shadow Elves
    unit you control."""

    KEY = "first.shadow-step"

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        if card == src and self.KEY not in st.flags:
            return self.trigger(st, src)
        return None

    def _spaces(self, st: GameState, src: int) -> list[int]:
        me = st.ctrl[src]
        out: set[int] = set()
        for u in st.units_of(me):
            if u != src and is_shadow_elf(st, u):
                out.update(empty_adjacent(st, u))
        return sorted(out)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        spaces = self._spaces(st, src) if st.on_board(src) else []
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Shadow Step: place it?"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.flags[self.KEY] = 1
            st.place(dec.source, action.space, st.ctrl[dec.source])


class ShadowArrows(Ability):
    """Once per turn, when its attack destroys a unit: you may place it on that
    space, then pay 1 magic for an extra attack."""

    def _key(self, src: int) -> str:
        return f"first.shadow-arrows.{src}"

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and st.on_board(src)
            and st.info.is_unit[res.target]
            and not st.on_board(res.target)
            and self._key(src) not in st.flags
        ):
            return self.trigger(st, src, res.space)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, space = trig.source, trig.data[0]
        if st.on_board(src) and st.board[space] < 0:
            st.ask(
                self.decision(
                    st,
                    src,
                    (NO, ChooseSpace(space)),
                    "place",
                    prompt="Shadow Arrows: take its space?",
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not st.on_board(src):
            return
        if dec.data[0] == "place":
            if not isinstance(action, ChooseSpace):
                return
            st.flags[self._key(src)] = 1
            st.place(src, action.space, st.ctrl[src])
            targets = attack_targets(st, src)
            if st.magic[dec.player] >= 1 and targets:
                opts: list[Action] = [NO]
                opts += [ChooseTarget(t) for t in targets]
                st.ask(
                    self.decision(
                        st, src, opts, "attack", prompt="Shadow Arrows: pay 1, attack?"
                    )
                )
            return
        if isinstance(action, ChooseTarget):
            st.gain_magic(dec.player, -1)
            extra_attack(st, src, action.card)


class ScoutAbility(Ability):
    """On the opponent's side as your turn begins: one more unit may move."""

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and own_row(player, st.pos[src]) >= 4:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.flags[EXTRA_MOVERS] = st.flags.get(EXTRA_MOVERS, 0) + 1


class Shadows(Response):
    """Response: your Shadow Elves common or champion destroyed by the opponent goes
    to your magic pile instead of theirs."""

    moment = DESTROYED

    def eligible(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> bool:
        card, by, was_ctrl = ctx
        holder = st.ctrl[src]
        classes = st.info.cards[card].classes
        return (
            was_ctrl == holder
            and by is not None
            and by != holder
            and st.zone[card] == MAGIC_PILE
            and st.pos[card] == by
            and is_shadow_elf(st, card)
            and st.info.is_unit[card]
            and (CardClass.COMMON in classes or CardClass.CHAMPION in classes)
        )

    def respond(self, st: GameState, src: int, ctx: tuple[Any, ...]) -> None:
        card, _by, _was = ctx
        if st.zone[card] == MAGIC_PILE:
            st.to_magic_pile(card, st.info.owner[src])


_NIGHT = "first.summon-the-night."


def night_falls(st: GameState, player: int) -> bool:
    """Is ``player``'s current turn under a Summon the Night?"""
    return st.notes.get(f"{_NIGHT}{player}") == st.turn and st.turn_player == player


class SummonTheNight(Ability):
    """The opponent's next turn: 1 space per move in the movement phase, attacks on
    adjacent cards only."""

    zones = (DISCARD,)
    order = 100  # after every other change to the move distance

    def play(self, st: GameState, card: int) -> None:
        opp = 1 - st.turn_player
        st.notes = {**st.notes, f"{_NIGHT}{opp}": st.turn + 1}

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        p = st.ctrl[cid]
        if st.phase == MOVE and night_falls(st, p):
            return min(value, 1)
        return value

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return (
            night_falls(st, st.ctrl[attacker])
            and st.pos[target] not in ADJ[st.pos[attacker]]
        )


class StalkingAdvance(Ability):
    """Move each of your Shadow Elves units up to 1 space (one at a time)."""

    def _units(self, st: GameState, player: int, done: tuple[int, ...]) -> list[int]:
        return [
            u
            for u in st.units_of(player)
            if u not in done
            and is_shadow_elf(st, u)
            and empty_adjacent(st, u)
            and st.can_move(u)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, ())

    def _next(self, st: GameState, card: int, p: int, done: tuple[int, ...]) -> None:
        units = self._units(st, p, done)
        if units:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(u) for u in units]
            st.ask(
                Decision(
                    p, self.id, card, tuple(opts), ("pick", done), "Stalking Advance"
                )
            )

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            u = action.card
            opts = tuple(ChooseSpace(s) for s in empty_adjacent(st, u))
            st.ask(Decision(dec.player, self.id, dec.source, opts, ("move", done, u)))
        elif isinstance(action, ChooseSpace):
            u = dec.data[2]
            st.stack.append(Trigger(self.id, dec.source, dec.player, done + (u,)))
            st.relocate(u, action.space, "move", (action.space,))

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._next(st, trig.source, trig.player, trig.data)


class IntoDarkness(Ability):
    """With fewer units than the opponent: discard up to 2 of their commons of cost
    2 or less."""

    def _targets(self, st: GameState, player: int) -> list[int]:
        return [
            c
            for c in st.units_of(1 - player)
            if CardClass.COMMON in st.info.cards[c].classes
            and (st.info.cards[c].cost or 0) <= 2
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return len(st.units_of(p)) < len(st.units_of(1 - p))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, 2)

    def _ask(self, st: GameState, card: int, p: int, left: int) -> None:
        targets = self._targets(st, p)
        if left and targets:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in targets]
            st.ask(Decision(p, self.id, card, tuple(opts), (left,), "Into Darkness"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(action.card):
            st.discard_card(action.card)
            self._ask(st, dec.source, dec.player, dec.data[0] - 1)


ABILITIES: dict[str, type[Ability]] = {
    "selundar.out-of-shadows": OutOfShadows,
    "hydrake.assault": Assault,
    "kuldrid.wither": Wither,
    "malidala.shadow-dancer": ShadowDancer,
    "melek.rider": Rider,
    "taliya.return-spirit": ReturnSpirit,
    "xaserbane.sneak": Sneak,
    "blade-master.swift-strike": SwiftStrike,
    "hunter-shadow-elves.shadow-step": ShadowStep,
    "ranger.shadow-arrows": ShadowArrows,
    "scout.scout": ScoutAbility,
    "swordsman.swift": Swift,
    "shadows.effect": Shadows,
    "summon-the-night.effect": SummonTheNight,
    "stalking-advance.effect": StalkingAdvance,
    "into-darkness.effect": IntoDarkness,
}
