"""Sand Goblins (first edition, Master Set): Krusk's deck, research/first-edition.md
2.7.8. Readings in our own words:

- Krusk, *Sandstorm*: right after your movement phase you may pay 2 magic; then choose
  up to 3 units within 3 spaces of Krusk (either side, one at a time, NO ends) and
  move each 1 space (an ability move); after each such move roll a die: on 4+ that
  unit gets 1 wound (Krusk's ability deals it). Choosing the first unit pays.
- Biter, *Crazed*: while next to an enemy unit he cannot be moved (nor forced).
- Kreep, *Cowardly*: at the end of your turn, if he is next to an enemy unit, roll a
  die: on 1-2 Kreep is discarded (not destroyed).
- Sand Wyrm, *Burrow*: its move may go 1 extra space and through units (ending on an
  empty space); its attacks get -1 for each space it moved this turn.
- Silts, *Cunning*: once per turn, whenever nothing is resolving in your turn, he may
  swap places with a unit next to him (a swap: neither a move nor a force).
- Stink, *Lucky*: once in each of your turns, while he is on the battlefield, after
  dice are rolled for you (an attack of a unit you control, or an ability roll made
  through the re-roll window, :func:`.common.roll_for`) you may re-roll one of them
  and keep the new result. Ability rolls of other factions' cards that roll without
  that window cannot be re-rolled.
- Tark, *Conceal*: at the end of your attack phase choose a common or champion on
  the battlefield (not Tark); it cannot attack Tark until your next turn starts.
- Bomber, *Hasty*: after its attack, if any of its dice missed (1-2) it is
  discarded; otherwise, if any die shows 6, it may attack again at once (an extra
  attack, repeatable).
- Javelineer, *Camouflage* (:mod:`.common`).
- Scavenger, *Scavenge*: a unit its attack destroys goes under it instead of into
  your magic pile (taken out of it); when an attack or an ability would
  wound it, one card from under it is discarded and the wounds are prevented
  (mandatory while a card is there). Cards under it go to the destroyer with it
  (R22, the ruleset's rule for every destroyed card).
- Shaman, *Escape* (:mod:`.common`); Slayer, *Blood Craze*: +1 attack against a
  common or champion that has a wound.

Events (they stay in the discard pile; what they grant is keyed by the card, so two
copies do not stack, R36):

- Taunt: choose up to 2 enemy commons, one at a time; place each on an empty space
  next to a Sand Goblin unit you control that is within 3 spaces of it (a place,
  not a move).
- Duck and Cover: your Sand Goblin units gain CAMOUFLAGE until your next turn
  starts (``st.notes``).
- Shiny: this turn your units with Scavenge gain STOLEN WEAPONS: +2 attack while a
  card is under them.
- Mirage: one at a time you may move each wall you control to an empty space on
  your side (NO ends), removing up to 3 wounds from it; then you may summon in this
  event phase (the summon actions are offered by the event).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import (
    NO,
    Action,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    UseAbility,
)
from engine.core.board import ADJ, DIST, bits_of
from engine.core.effects import (
    ability_damage,
    attack_targets,
    common_or_champion,
    empty_adjacent,
    extra_attack,
)
from engine.core.hooks import (
    DISCARD,
    Ability,
    AttackResult,
    Decision,
    Trigger,
    replace_roll,
)
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.rulesets.first.abilities.common import (
    Camouflage,
    Escape,
    adjacent_cards,
    common_or_champion_units,
    has_ability,
    roll_for,
    walls_of,
)
from engine.rulesets.first.events import _SIDE
from engine.rulesets.first.magic import in_pile_of
from engine.rulesets.first.summon import legal_summons

if TYPE_CHECKING:
    from engine.core.state import GameState

FACTION = "sand-goblins"


def is_sg(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].faction == FACTION


def swap(st: GameState, a: int, b: int) -> None:
    """Exchange the spaces of two battlefield cards (neither a move nor a force)."""
    pa, pb = st.pos[a], st.pos[b]
    st.board[pa] = b
    st.board[pb] = a
    st.pos[a] = pb
    st.pos[b] = pa


def _enemy_adjacent(st: GameState, cid: int) -> bool:
    me = st.ctrl[cid]
    return any(st.info.is_unit[c] and st.ctrl[c] != me for c in adjacent_cards(st, cid))


# -- Krusk -----------------------------------------------------------------------------
class Sandstorm(Ability):
    """After your movement phase: pay 2 magic, move up to 3 units within 3 spaces of
    Krusk 1 space each, each rolling: 4+ = 1 wound."""

    PRICE = 2
    MOST = 3

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == MOVE and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src, "start", ())
        return None

    def _cands(self, st: GameState, src: int, done: tuple[int, ...]) -> list[int]:
        pos = st.pos[src]
        return [
            c
            for c in bits_units(st)
            if c != src
            and c not in done
            and DIST[pos][st.pos[c]] <= 3
            and st.can_move(c)
            and empty_adjacent(st, c)
        ]

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        step = trig.data[0]
        if step == "roll":  # ("roll", roller, faces, unit)
            unit = trig.data[3]
            if trig.data[2][0] >= 4 and st.on_board(unit) and st.on_board(src):
                ability_damage(st, src, unit, 1)
            return
        if step == "rolldie":
            unit = trig.data[1]
            faces = roll_for(self, st, src, src, 1, unit)
            if faces is not None and faces[0] >= 4 and st.on_board(unit):
                ability_damage(st, src, unit, 1)
            return
        done: tuple[int, ...] = trig.data[1]
        if not st.on_board(src) or len(done) >= self.MOST:
            return
        if not done and st.magic[st.ctrl[src]] < self.PRICE:
            return
        cands = self._cands(st, src, done)
        if cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cands]
            st.ask(self.decision(st, src, opts, "unit", done, prompt="Sandstorm"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            if not done:
                st.gain_magic(st.ctrl[src], -self.PRICE)
            unit = action.card
            opts = [ChooseSpace(s) for s in empty_adjacent(st, unit)]
            st.ask(self.decision(st, src, opts, "space", done, unit))
        elif isinstance(action, ChooseSpace):
            unit = dec.data[2]
            done = done + (unit,)
            me = st.ctrl[src]
            st.stack.append(Trigger(self.id, src, me, ("next", done)))
            st.stack.append(Trigger(self.id, src, me, ("rolldie", unit)))
            st.relocate(unit, action.space, "move", (action.space,))


def bits_units(st: GameState) -> list[int]:
    isu = st.info.is_unit
    return [c for s in bits_of(st.occ) if isu[c := st.board[s]]]


# -- Biter -----------------------------------------------------------------------------
class Crazed(Ability):
    """While next to an enemy unit, Biter cannot be moved."""

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and _enemy_adjacent(st, src)

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and _enemy_adjacent(st, src)


# -- Kreep -----------------------------------------------------------------------------
class Cowardly(Ability):
    """End of your turn, next to an enemy unit: roll; on 1-2 discard Kreep."""

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        if st.ctrl[src] == player and _enemy_adjacent(st, src):
            return self.trigger(st, src, "start")
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        if trig.data[0] == "roll":
            faces: tuple[int, ...] | None = trig.data[2]
        else:
            faces = roll_for(self, st, src, src, 1)
        if faces is not None and faces[0] <= 2:
            st.discard_card(src)


# -- Sand Wyrm -------------------------------------------------------------------------
class Burrow(Ability):
    """Moves 1 extra space and through units; -1 attack per space moved this turn."""

    self_only = True

    def _key(self, src: int) -> str:
        return f"first.burrow.{src}"

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 1 if cid == src else value

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return bool(st.info.is_unit[other])

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move":  # bookkeeping only
            st.flags[self._key(src)] = st.flags.get(self._key(src), 0) + len(path)
        return None

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src:
            return value - st.flags.get(self._key(src), 0)
        return value


# -- Silts -----------------------------------------------------------------------------
class Cunning(Ability):
    """Once per turn, in your turn: swap Silts with a unit next to him."""

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.turn_player != st.ctrl[src] or st.flags.get(f"{self.id}:{src}"):
            return []
        return [
            UseAbility(src, self.id, c)
            for c in adjacent_cards(st, src)
            if st.info.is_unit[c]
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.flags[f"{self.id}:{src}"] = 1
        swap(st, src, action.option)


# -- Stink -----------------------------------------------------------------------------
class Lucky(Ability):
    """Once in your turn, after dice are rolled for you: you may re-roll one die
    (``ChooseOption(i)``: the i-th die) and keep the new result."""

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        me = st.ctrl[src]
        if (
            faces
            and st.turn_player == me
            and roller >= 0
            and st.ctrl[roller] == me
            and not st.flags.get(f"first.lucky.{me}")
        ):
            return self.trigger(st, src, roller, faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if not st.on_board(trig.source) or st.flags.get(f"first.lucky.{trig.player}"):
            return
        faces = _pending_faces(st)
        if faces is None:
            return
        opts: list[Action] = [NO]
        opts += [ChooseOption(i) for i in range(len(faces))]
        st.ask(self.decision(st, trig.source, opts, prompt="Lucky: re-roll a die"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseOption):
            return
        faces = _pending_faces(st)
        if faces is None:
            return
        st.flags[f"first.lucky.{dec.player}"] = 1
        (new,) = st.roll(1)
        i = action.option
        replace_roll(st, faces[:i] + (new,) + faces[i + 1 :])


def _pending_faces(st: GameState) -> tuple[int, ...] | None:
    for t in reversed(st.stack):
        if isinstance(t, Trigger) and t.data[:1] == ("roll",):
            faces: tuple[int, ...] = t.data[2]
            return faces
    return None


# -- Tark ------------------------------------------------------------------------------
class Conceal(Ability):
    """End of your attack phase: choose a common or champion; it cannot attack Tark
    until your next turn starts (``st.notes``: the card + 1 and the turn)."""

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == ATTACK and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        cands = [c for c in common_or_champion_units(st) if c != src]
        if cands:
            opts = [ChooseTarget(c) for c in cands]
            st.ask(self.decision(st, src, opts, prompt="Conceal"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.notes[f"first.conceal.{dec.source}"] = action.card + 1
            st.notes[f"first.conceal-turn.{dec.source}"] = st.turn

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        if target != src:
            return False
        if st.notes.get(f"first.conceal.{src}", 0) != attacker + 1:
            return False
        return st.turn <= st.notes.get(f"first.conceal-turn.{src}", 0) + 1


# -- Bomber ----------------------------------------------------------------------------
class Hasty(Ability):
    """After its attack: a missed die discards it; else a 6 lets it attack again."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if res.attacker == src:
            return self.trigger(st, src, res.faces)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        faces: tuple[int, ...] = trig.data[0]
        if not st.on_board(src):
            return
        if any(f < 3 for f in faces):
            st.discard_card(src)
            return
        if any(f >= 6 for f in faces):
            opts: list[Action] = [NO]
            opts += [Attack(src, t) for t in attack_targets(st, src)]
            if len(opts) > 1:
                st.ask(self.decision(st, src, opts, prompt="Hasty: attack again"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, Attack) and st.on_board(action.attacker):
            extra_attack(st, action.attacker, action.target)


# -- Scavenger -------------------------------------------------------------------------
class Scavenge(Ability):
    """A unit it destroys goes under it (not to your magic pile); wounds on it are
    prevented by discarding a card from under it."""

    order = 5  # after every other change to the wounds

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and st.info.is_unit[res.target]
            and in_pile_of(st, res.target, st.ctrl[src])
        ):
            return self.trigger(st, src, res.target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src, victim = trig.source, trig.data[0]
        if not st.on_board(src) or not in_pile_of(st, victim, st.ctrl[src]):
            return
        st.put_under(victim, src)  # out of your magic pile, under the Scavenger

    def _shield(self, st: GameState, src: int, n: int) -> int:
        below = st.under.get(src, ())
        if n > 0 and below:
            st.discard_card(below[-1])
            return 0
        return n

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        return self._shield(st, src, damage) if target == src else damage

    def mod_ability_damage(
        self, st: GameState, src: int, source: int, target: int, n: int
    ) -> int:
        return self._shield(st, src, n) if target == src else n


# -- Slayer ----------------------------------------------------------------------------
class BloodCraze(Ability):
    """+1 attack against a common or champion that has 1 or more wounds."""

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and common_or_champion(st, target) and st.damage[target]:
            return value + 1
        return value


# -- Events ----------------------------------------------------------------------------
class Taunt(Ability):
    """Up to 2 enemy commons, one at a time: place each next to a Sand Goblin unit
    you control within 3 spaces of it."""

    MOST = 2

    def _spaces(self, st: GameState, player: int, common: int) -> list[int]:
        pos = st.pos[common]
        out: set[int] = set()
        for u in st.units_of(player):
            if is_sg(st, u) and 0 < DIST[pos][st.pos[u]] <= 3:
                out.update(empty_adjacent(st, u))
        return sorted(out)

    def _cands(self, st: GameState, player: int, done: tuple[int, ...]) -> list[int]:
        return [
            c
            for c in st.units_of(1 - player)
            if st.info.is_common[c] and c not in done and self._spaces(st, player, c)
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._cands(st, st.turn_player, ()))

    def play(self, st: GameState, card: int) -> None:
        self._next(st, card, st.turn_player, ())

    def _next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        cands = self._cands(st, player, done)
        if len(done) < self.MOST and cands:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in cands]
            st.ask(Decision(player, self.id, card, tuple(opts), ("unit", done)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        if isinstance(action, ChooseTarget):
            c = action.card
            opts = tuple(ChooseSpace(s) for s in self._spaces(st, dec.player, c))
            st.ask(Decision(dec.player, self.id, dec.source, opts, ("space", done, c)))
        elif isinstance(action, ChooseSpace):
            c = dec.data[2]
            st.place(c, action.space, st.ctrl[c])
            self._next(st, dec.source, dec.player, done + (c,))


class DuckAndCover(Ability):
    """Your Sand Goblin units gain CAMOUFLAGE until your next turn starts."""

    zones = (DISCARD,)

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        st.notes[f"first.duck-and-cover.{me}"] = card + 1
        st.notes[f"first.duck-and-cover-turn.{me}"] = st.turn

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        me = st.info.owner[src]
        if st.notes.get(f"first.duck-and-cover.{me}", 0) != src + 1:
            return False
        if st.turn > st.notes.get(f"first.duck-and-cover-turn.{me}", 0) + 1:
            return False
        return (
            st.info.is_unit[target]
            and st.ctrl[target] == me
            and is_sg(st, target)
            and st.pos[attacker] not in ADJ[st.pos[target]]
        )


class Shiny(Ability):
    """This turn your units with Scavenge get +2 attack while a card is under them."""

    zones = (DISCARD,)

    def play(self, st: GameState, card: int) -> None:
        st.flags[f"first.shiny.{st.turn_player}"] = card + 1

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        me = st.info.owner[src]
        if (
            st.flags.get(f"first.shiny.{me}", 0) == src + 1
            and st.ctrl[cid] == me
            and st.under.get(cid)
            and has_ability(st, cid, ".scavenge")
        ):
            return value + 2
        return value


class Mirage(Ability):
    """Move each wall you control (one at a time, NO ends) to an empty space on your
    side, removing up to 3 wounds from it; then you may summon this event phase."""

    zones = (DISCARD,)
    action_phases = (EVENTS,)
    HEAL = 3

    def _key(self, player: int) -> str:
        return f"first.mirage.{player}"

    def play(self, st: GameState, card: int) -> None:
        me = st.turn_player
        st.flags[self._key(me)] = card + 1
        self._next(st, card, me, ())

    def _next(
        self, st: GameState, card: int, player: int, done: tuple[int, ...]
    ) -> None:
        walls = [w for w in walls_of(st, player) if w not in done]
        if walls and bits_of(_SIDE[player] & ~st.occ):
            opts: list[Action] = [NO]
            opts += [ChooseTarget(w) for w in walls]
            st.ask(Decision(player, self.id, card, tuple(opts), ("wall", done)))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        done: tuple[int, ...] = dec.data[1]
        p = dec.player
        if isinstance(action, ChooseTarget):
            w = action.card
            opts = tuple(ChooseSpace(s) for s in bits_of(_SIDE[p] & ~st.occ))
            st.ask(Decision(p, self.id, dec.source, opts, ("space", done, w)))
        elif isinstance(action, ChooseSpace):
            w = dec.data[2]
            st.place(w, action.space, st.ctrl[w])
            st.heal(w, self.HEAL)
            self._next(st, dec.source, p, done + (w,))

    def actions(self, st: GameState, src: int) -> list[Action]:
        me = st.info.owner[src]
        if st.phase != EVENTS or st.flags.get(self._key(me), 0) != src + 1:
            return []
        return legal_summons(st)


ABILITIES: dict[str, type[Ability]] = {
    "krusk.sandstorm": Sandstorm,
    "biter.crazed": Crazed,
    "kreep.cowardly": Cowardly,
    "sand-wyrm.burrow": Burrow,
    "silts.cunning": Cunning,
    "stink.lucky": Lucky,
    "tark.conceal": Conceal,
    "bomber.hasty": Hasty,
    "javelineer.camouflage": Camouflage,
    "scavenger.scavenge": Scavenge,
    "shaman-sand-goblins.escape": Escape,
    "slayer.blood-craze": BloodCraze,
    "taunt.effect": Taunt,
    "duck-and-cover.effect": DuckAndCover,
    "shiny.effect": Shiny,
    "mirage.effect": Mirage,
}
