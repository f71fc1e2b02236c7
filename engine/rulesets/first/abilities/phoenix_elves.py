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
(*Hellfire*), and (issue 17):

- Queen Maldaria, *Save the Queen*: at the end of your turn you may place up to 2
  Phoenix Elf commons you control, one at a time, on empty spaces next to her.
- Holleas, *Summon Fire Beast*: instead of attacking, pay 2 magic, take a Fire Beast
  from your hand or draw pile (you choose which) and place it next to him, then
  shuffle the draw pile; the magic is spent even if no Fire Beast or space is found.
- Fire Dancer, *Blaze Dodge*: when an enemy common or champion attacks her, at least
  one die misses and she survives, the attacker gets 1 wound; then, if the attacker
  is still there, she must be placed on an empty space next to it (if there is one).
- Fireling, *Pursue*: when an enemy unit moves off a space next to it, the Fireling is
  placed on the space vacated, then rolls: on 5+ the mover gets 1 wound. By the FAQ it
  pursues every space moved: a move of several steps is followed step by step (one
  roll per step followed). A space the mover only passed over while another card
  stood there cannot take the Fireling, so flying over is not pursued. Only moves
  count, not pushes or placements.
- Phoenix (conjuration, pile of 6, :mod:`engine.rulesets.first.piles`), *Heroic
  Flight*: it may move through cards; each of your other units with Heroic Flight
  gets +1 attack, with Greater Flight +2, while next to a Phoenix (each adjacent
  Phoenix counts).
- Events: Conjure Phoenixes (up to 2 Phoenixes from the pile next to Queen
  Maldaria), Passion of the Phoenix (your units with Precise get +1 attack this
  turn; several copies add up, R36), Lava Flow (a wall you control and every unit next
  to it get 1 wound each, one by one; then draw 1), Wrath of the Volcano (1 wound on
  a common or champion, then discard up to 2 cards from hand for 1 more wound each),
  Release the Hounds (take up to 3 Fire Beasts or Firelings from your draw pile into
  your hand, shuffle; for the rest of this event phase you may summon Fire Beasts and
  Firelings, also next to Queen Maldaria, and build magic).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    ChooseSpace,
    ChooseTarget,
    DiscardForMagic,
    UseAbility,
)
from engine.core.board import ADJ
from engine.core.effects import (
    ability_damage,
    ask_optional_target,
    common_or_champion,
    count_attack,
    empty_adjacent,
    may_attack_now,
)
from engine.core.hooks import (
    BOARD,
    DISCARD,
    HAND,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.hooks import MAGIC as MAGIC_PILE
from engine.core.mechanics.summoning import summon_action
from engine.core.phases import ATTACK, EVENTS
from engine.core.types import CardClass
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
from engine.rulesets.first.dice import hits
from engine.rulesets.first.piles import PlaceFromPile
from engine.rulesets.first.summon import wall_spaces

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
    zones = (BOARD, DISCARD, MAGIC_PILE)  # (destroyed: in a magic pile)
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


# -- Queen Maldaria's deck (issue 17) -------------------------------------------------
def _pe_commons(st: GameState, player: int) -> list[int]:
    cards = st.info.cards
    return [
        c
        for c in st.units_of(player)
        if cards[c].faction == FACTION and CardClass.COMMON in cards[c].classes
    ]


class SaveTheQueen(Ability):
    """End of your turn: you may place up to 2 PE commons you control next to her."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self._ask(st, trig.source, 2)

    def _ask(self, st: GameState, src: int, left: int) -> None:
        if left <= 0 or not st.on_board(src) or not empty_adjacent(st, src):
            return
        ask_optional_target(self, st, src, _pe_commons(st, st.ctrl[src]), "unit", left)

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        step, left = dec.data[0], dec.data[1]
        if step == "unit" and isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in empty_adjacent(st, src)]
            st.ask(self.decision(st, src, opts, "space", left, action.card))
        elif step == "space" and isinstance(action, ChooseSpace):
            unit = dec.data[2]
            if st.on_board(unit):
                st.place(unit, action.space, st.ctrl[unit])
            self._ask(st, src, left - 1)


class SummonFireBeast(Ability):
    """Instead of attacking: pay 2 magic, take a Fire Beast from your hand or draw
    pile, place it next to Holleas; shuffle your draw pile."""

    action_phases = (ATTACK,)
    PRICE = 2
    BEAST = "fire-beast"

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src) or st.magic[st.ctrl[src]] < self.PRICE:
            return []
        return [UseAbility(src, self.id, 0)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        count_attack(st, src)
        p = st.ctrl[src]
        st.gain_magic(p, -self.PRICE)
        cards = st.info.cards
        found = [c for c in st.hand[p] if cards[c].slug == self.BEAST][:1]
        found += [c for c in sorted(st.deck[p]) if cards[c].slug == self.BEAST][:1]
        if found and empty_adjacent(st, src):
            opts = [ChooseTarget(c) for c in found]
            st.ask(self.decision(st, src, opts, "beast", prompt="Fire Beast"))
        else:
            st.rng.shuffle(st.deck[p])

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if dec.data[0] == "beast" and isinstance(action, ChooseTarget):
            opts = [ChooseSpace(s) for s in empty_adjacent(st, src)]
            st.ask(self.decision(st, src, opts, "space", action.card))
        elif isinstance(action, ChooseSpace):
            p = dec.player
            st.place(dec.data[1], action.space, p)
            st.rng.shuffle(st.deck[p])


class BlazeDodge(Ability):
    """An enemy common or champion attacks her, 1+ dice miss and she survives: the
    attacker gets 1 wound; then she must be placed next to the attacker."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        a = res.attacker
        if (
            res.target == src
            and st.on_board(src)
            and st.ctrl[a] != st.ctrl[src]
            and common_or_champion(st, a)
            and hits(res.faces) < len(res.faces)
        ):
            return self.trigger(st, src, a)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, a = trig.source, trig.data[0]
        if not st.on_board(src) or not st.on_board(a):
            return
        st.deal_damage(a, 1, st.ctrl[src], src)
        if st.on_board(src) and st.on_board(a) and not st.terminal:
            spaces = empty_adjacent(st, a)
            if spaces:
                opts = [ChooseSpace(s) for s in spaces]
                st.ask(self.decision(st, src, opts, prompt="Blaze Dodge: place"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            st.place(dec.source, action.space, st.ctrl[dec.source])


class Pursue(Ability):
    """An adjacent enemy unit moves away: the Fireling takes the vacated space (step
    by step along the move), rolling for each: 5+ = 1 wound on the mover."""

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        if kind != "move" or card == src or not st.info.is_unit[card]:
            return None
        if st.ctrl[card] == st.ctrl[src] or not st.on_board(src):
            return None
        here = st.pos[src]
        steps = 0
        seq = (start,) + path
        board = st.board
        for i in range(len(seq) - 1):
            left = seq[i]
            if left in ADJ[here] and (board[left] < 0 or left == start):
                here = left
                steps += 1
        if steps:
            return self.trigger(st, src, card, here, steps)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        mover, space, steps = trig.data
        if not st.on_board(src) or st.board[space] >= 0:
            return
        st.place(src, space, st.ctrl[src])
        for _ in range(steps):
            (die,) = st.roll(1)
            if die >= 5 and st.on_board(mover) and not st.terminal:
                st.deal_damage(mover, 1, st.ctrl[src], src)


def _has(st: GameState, cid: int, suffix: str) -> bool:
    return any(ab.id.endswith(suffix) for ab in st.info.abilities[cid])


class HeroicFlight(Ability):
    """Moves through cards; your other Heroic Flight units next to it get +1
    attack, your Greater Flight units +2."""

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return True

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid == src or st.ctrl[cid] != st.ctrl[src] or st.zone[cid] != BOARD:
            return value
        if st.pos[cid] not in ADJ[st.pos[src]]:
            return value
        if _has(st, cid, ".heroic-flight"):
            return value + 1
        if _has(st, cid, ".greater-flight"):
            return value + 2
        return value


class ConjurePhoenixes(PlaceFromPile):
    pile = "phoenix"
    anchor = "queen-maldaria"
    count = 2


_PASSION = "first.passion."


class PassionOfThePhoenix(Ability):
    """Your units with Precise get +1 attack until end of turn (each copy played
    this turn adds 1: the flag of this card)."""

    hook_zones = {"mod_strength": (DISCARD,)}

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"{_PASSION}{card}"] = 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if (
            st.flags.get(f"{_PASSION}{src}")
            and st.zone[cid] == BOARD
            and st.ctrl[cid] == st.info.owner[src]
            and is_precise(st, cid)
        ):
            return value + 1
        return value


class LavaFlow(Ability):
    """A wall you control and each unit next to it get 1 wound; draw 1 card."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(walls_of(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(w) for w in walls_of(st, st.turn_player)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        wall, p = action.card, dec.player
        victims = [wall] + [c for c in adjacent_cards(st, wall) if st.info.is_unit[c]]
        for c in victims:
            if st.terminal:
                return
            if st.on_board(c):
                st.deal_damage(c, 1, p, dec.source)
        st.draw(p, 1)


class WrathOfTheVolcano(Ability):
    """1 wound on a common or champion; then discard up to 2 cards from hand, each
    for 1 more wound on it."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(common_or_champion_units(st))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in common_or_champion_units(st)]
        st.ask(self.decision(st, card, opts, "target", player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if dec.data[0] == "target":
            if not isinstance(action, ChooseTarget):
                return
            target, left = action.card, 2
        else:
            target, left = dec.data[1], dec.data[2]
            if not isinstance(action, ChooseTarget):
                return
            st.discard_card(action.card)
            left -= 1
        st.deal_damage(target, 1, p, dec.source)
        if left > 0 and st.on_board(target) and st.hand[p] and not st.terminal:
            ask_optional_target(
                self,
                st,
                dec.source,
                list(st.hand[p]),
                "discard",
                target,
                left,
                player=p,
            )


_HOUNDS = "first.hounds"
HOUNDS = ("fire-beast", "fireling")


class ReleaseTheHounds(Ability):
    """Take up to 3 Fire Beasts or Firelings from your draw pile into your hand,
    shuffle; this event phase you may summon them (also next to Queen Maldaria) and
    build magic."""

    hook_zones = {"actions": (DISCARD,)}
    action_phases = (EVENTS,)

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"{_HOUNDS}.{card}"] = 1
        self._ask(st, card, st.turn_player, 3)

    def _ask(self, st: GameState, card: int, p: int, left: int) -> None:
        cards = st.info.cards
        found: dict[str, int] = {}
        for c in sorted(st.deck[p]):
            found.setdefault(cards[c].slug, c)
        opts = [found[s] for s in HOUNDS if s in found]
        if left <= 0 or not ask_optional_target(self, st, card, opts, left, player=p):
            st.rng.shuffle(st.deck[p])

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        p = dec.player
        if not isinstance(action, ChooseTarget):
            st.rng.shuffle(st.deck[p])
            return
        st.deck[p].remove(action.card)
        st.zone[action.card] = HAND
        st.hand[p].append(action.card)
        self._ask(st, dec.source, p, dec.data[0] - 1)

    def actions(self, st: GameState, src: int) -> list[Action]:
        p = st.info.owner[src]
        if (
            st.phase != EVENTS
            or st.stack
            or st.turn_player != p
            or not st.flags.get(f"{_HOUNDS}.{src}")
        ):
            return []
        # one copy offers them (the lowest played this turn)
        first = min(c for c in st.discard[p] if st.flags.get(f"{_HOUNDS}.{c}"))
        if first != src:
            return []
        cards = st.info.cards
        out: list[Action] = []
        spaces = set(wall_spaces(st, p))
        for c in st.cards_of(p):
            if cards[c].slug == "queen-maldaria":
                spaces.update(empty_adjacent(st, c))
        for c in st.hand[p]:
            cost = cards[c].cost or 0
            if cards[c].slug in HOUNDS and cost <= st.magic[p]:
                out += [summon_action(c, s) for s in sorted(spaces)]
        out += [DiscardForMagic(c) for c in st.hand[p]]
        return out


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
    # issue 17
    "queen-maldaria.save-the-queen": SaveTheQueen,
    "holleas.summon-fire-beast": SummonFireBeast,
    "fire-dancer.blaze-dodge": BlazeDodge,
    "fireling.pursue": Pursue,
    "phoenix.heroic-flight": HeroicFlight,
    "conjure-phoenixes.effect": ConjurePhoenixes,
    "passion-of-the-phoenix.effect": PassionOfThePhoenix,
    "lava-flow.effect": LavaFlow,
    "wrath-of-the-volcano.effect": WrathOfTheVolcano,
    "release-the-hounds.effect": ReleaseTheHounds,
}
