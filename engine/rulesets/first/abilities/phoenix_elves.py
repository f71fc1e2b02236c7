"""Phoenix Elves (first edition), Prince Elien's deck: research/first-edition.md 2.1.

- Prince Elien, *Fire Blast*: instead of attacking, a card within 2 clear straight-line
  spaces gets 2 wounds (an attack action of his, ``option`` = the target).
- Fire Drake, *Breath of Flame*: instead of attacking, a card within 3 straight-line
  spaces and every card between it and the Drake get 1 wound each (walls do not stop
  it, FAQ).
- Kaeseeall, *Blazing Conscription*: at the start of your turn you may take control of
  a common or champion next to her until the end of the turn.
- Maelena, *Burning Blade*: the card she attacks gets 1 more wound, even if the roll
  does nothing.
- Archer, *Far Shot* (reach 4); Guardian, *Precise* (:mod:`.common`).
- Warrior, *Blaze Step*: at the end of your turn you may place it next to a wall you
  control.
- Events: Spirit of the Phoenix (a PE unit you control gains PRECISE this turn), Burn
  (1 wound on a common or champion), Greater Burn (2), and the shared Magic Drain and A
  Hero Is Born (:mod:`.shared`).

Also, from Queen Maldaria's deck and the Rukar's Power reinforcement: Duke Ramazall and
the Fire Archer (*Precise*), Laleya (*Thrust*), Fanessa and the Fencer (*Riposte*),
Kaebeeros (*Smoldering Embers*), Rahlee (*Greater Flight*) and the Fire Beast
(*Hellfire*). Still missing (issue 17): Queen Maldaria, Holleas, the Fire Dancer, the
Fireling, the Phoenix and Queen Maldaria's events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget, UseAbility
from engine.core.board import ADJ
from engine.core.effects import ability_damage, count_attack, may_attack_now
from engine.core.hooks import BOARD, DISCARD, Ability, Decision, Trigger
from engine.core.phases import ATTACK
from engine.rulesets.first.abilities.common import (
    FarShot,
    GreaterFlight,
    Precise,
    Riposte,
    Thrust,
    adjacent_cards,
    common_or_champion_units,
    grant_precise,
    is_precise,
    line_to,
    no_roll_damage,
    straight_cards,
    walls_of,
)

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "phoenix-elves"


class FireBlast(Ability):
    """Instead of attacking: 2 wounds on a card within 2 clear straight spaces."""

    action_phases = (ATTACK,)
    wounds = 2
    reach = 2
    through = False

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, t)
            for t in straight_cards(st, src, self.reach, through=self.through)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        ability_damage(st, src, action.option, self.wounds)


class BreathOfFlame(FireBlast):
    """Instead of attacking: a card within 3 straight spaces and every card between
    it and the Drake get 1 wound each."""

    reach = 3
    through = True

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        for c in line_to(st, src, action.option):
            if st.on_board(c) and not st.terminal:
                ability_damage(st, src, c, 1)


_CONSCRIPT = "first.kaeseeall."


class BlazingConscription(Ability):
    """Start of your turn: you may control a common or champion next to her until
    the end of the turn (it returns to its controller then)."""

    # the control ends at the end of the turn even if she was destroyed meanwhile
    zones = (BOARD, DISCARD)
    hook_zones = {"start_of_turn": (BOARD,)}

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if trig.data[:1] == ("end",):
            self._give_back(st)
            return
        if not st.on_board(src):
            return
        me = st.ctrl[src]
        cands = [
            c
            for c in adjacent_cards(st, src)
            if c in common_or_champion_units(st) and st.ctrl[c] != me
        ]
        if cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cands]
            st.ask(self.decision(st, src, opts, prompt="Blazing Conscription"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            c = action.card
            st.flags[f"{_CONSCRIPT}{c}"] = st.ctrl[c] + 1
            st.set_controller(c, dec.player)

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if any(k.startswith(_CONSCRIPT) for k in st.flags):
            return self.trigger(st, src, "end")
        return None

    def _give_back(self, st: GameState) -> None:
        for key in sorted(k for k in st.flags if k.startswith(_CONSCRIPT)):
            c = int(key[len(_CONSCRIPT) :])
            if st.on_board(c):
                st.set_controller(c, st.flags[key] - 1)
            del st.flags[key]


class BurningBlade(Ability):
    """The card Maelena attacks gets 1 extra wound."""

    order = 1  # after the no-roll rules (Precise), which replace the roll's wounds

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return damage + 1 if attacker == src else damage


class BlazeStep(Ability):
    """End of your turn: you may place this Warrior next to a wall you control."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        spaces = sorted(
            {
                s
                for w in walls_of(st, st.ctrl[src])
                for s in ADJ[st.pos[w]]
                if st.board[s] < 0
            }
        )
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, src, opts, prompt="Blaze Step"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.place(dec.source, action.space, st.ctrl[dec.source])


class SpiritOfThePhoenix(Ability):
    """A Phoenix Elf unit you control gains PRECISE until end of turn (the event, in
    the discard pile, applies it: see :mod:`.common`)."""

    hook_zones = {"mod_damage": (DISCARD,)}
    order = -1

    def _units(self, st: GameState) -> list[int]:
        me = st.turn_player
        return [
            c
            for s in range(48)
            if (c := st.board[s]) >= 0
            and st.info.is_unit[c]
            and st.ctrl[c] == me
            and st.info.cards[c].faction == FACTION
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._units(st))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in self._units(st)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            grant_precise(st, action.card)

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if st.info.is_unit[target] and is_precise(st, attacker):
            return max(damage, no_roll_damage(st, target, faces))
        return damage


class Burn(Ability):
    """Put ``wounds`` wounds on any one common or champion."""

    wounds = 1

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(common_or_champion_units(st))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in common_or_champion_units(st)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.deal_damage(action.card, self.wounds, dec.player, dec.source)


class GreaterBurn(Burn):
    wounds = 2


class PrecisePE(Precise):
    order = -1


class SmolderingEmbers(Ability):
    """+1 attack while your draw pile is empty."""

    self_only = True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src and not st.deck[st.ctrl[src]]:
            return value + 1
        return value


class Hellfire(Ability):
    """Instead of attacking: 1 wound on itself and on every unit next to it."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        victims = [src] + [c for c in adjacent_cards(st, src) if st.info.is_unit[c]]
        for c in victims:
            if st.terminal:
                return
            if st.on_board(c):
                ability_damage(st, src, c, 1)


ABILITIES: dict[str, type[Ability]] = {
    "prince-elien.fire-blast": FireBlast,
    "fire-drake.breath-of-flame": BreathOfFlame,
    "kaeseeall.blazing-conscription": BlazingConscription,
    "maelena.burning-blade": BurningBlade,
    "archer-phoenix-elves.far-shot": FarShot,
    "guardian.precise": PrecisePE,
    "warrior-phoenix-elves.blaze-step": BlazeStep,
    "spirit-of-the-phoenix.effect": SpiritOfThePhoenix,
    "burn.effect": Burn,
    "greater-burn.effect": GreaterBurn,
    # Queen Maldaria's deck and Rukar's Power (partly: the rest is issue 17)
    "duke-ramazall.precise": PrecisePE,
    "fire-archer.precise": PrecisePE,
    "laleya.thrust": Thrust,
    "fanessa.riposte": Riposte,
    "fencer.riposte": Riposte,
    "kaebeeros.smoldering-embers": SmolderingEmbers,
    "rahlee.greater-flight": GreaterFlight,
    "fire-beast.hellfire": Hellfire,
}
