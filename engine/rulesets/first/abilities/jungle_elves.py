"""Jungle Elves (first edition), Abua Shi's and Nikuya Na's decks and the faction's
other cards: research/first-edition.md 2.7.5 (texts:
cards/data/first/jungle-elves.yaml).

Units
- Abua Shi, *Chant of Growth*: instead of attacking, pay 1 magic: one Jungle Elf unit
  on the battlefield (either side) attacks with +1 die until the end of the turn.
- Nikuya Na, *Poison Cloud*: after you move him, you may pay X magic to put a poison
  marker on a common or champion (either side) X or fewer spaces from him (we charge
  the distance: paying more buys nothing).
- Makeinda Ru, *Power Shot*: +2 dice when she attacks, unless she was moved this turn
  (by a move or any effect; a swap is not a move, FAQ).
- Shikwa, *Swift Shot*: once per turn, after she attacks, she may attack again.
- Miti Mumway and the Elephant, *Trample*; Kadara, *Far Shot*; the Rhinoceros,
  *Tough*; the Lioneer, *Rider* (:mod:`.common`).
- Jujugara, *Spirit Form*: in your event phase (once) choose a Hyena, Rhinoceros,
  Lioness, Elephant or Gorilla on the battlefield (either side); until the start of
  your next turn he has its abilities (kept even if that card leaves the
  battlefield). The name he takes matters to no implemented rule: each Lioness's
  Hunting Pride acts on the card that has it.
- Makgongo, *Poisoned Daggers*: when his attack wounds a common or champion that
  survives it, it also gets 1 poison marker.
- Miti Kyru, *Mount Up*: after he attacks, if he is next to your summoner, you may pay
  1 magic to move him up to 2 spaces (a move of his own), then place your summoner on
  a space next to him if there is one.
- Lioness, *Hunting Pride*: it never moves in your movement phase; as that phase
  ends, you may move each Lioness up to 2 spaces (also on the first player's first
  turn, FAQ; one trigger per Lioness, the core orders them).
- Archer, *Arching Shot*: its ranged attacks pass over units (not walls).
- Gorilla, *Pummel*: once per turn, when every die of its attack hits, it may attack
  again at once.
- Jungle Guard, *Elite Training*: instead of a normal attack it may attack the first
  card up to 2 clear diagonal spaces away (one of its attacks, R17); +1 die against
  an orthogonally adjacent card.
- Hunter, *Poisoned Darts*: the wounds its attack puts on a common or champion that
  survives are poison markers instead.
- Hyena, *Opportunist*: +1 die against a unit that was already attacked this turn.

Poison markers (R56, the rules card of Nikuya Na's deck): a poison marker is also a
wound (it counts toward destruction: the engine adds it to the card's damage and keeps
the number of poison markers in ``st.notes``). A poisoned unit rolls each attack die
1 lower per marker (a face never drops below 1: a miss either way), and cannot attack
in a turn in which it moved 2 or more spaces (its own moves and effect moves; pushes
are not counted). Removing wounds never removes poison markers. One card of the game
that can poison (the first by card id that is not blanked) applies these rules, from
any zone.

Events, Abua Shi
- Chant of Negation: until the start of your next turn, every unit the opponent
  controls has no abilities (the event waits in the ACTIVE area; effects of the
  opponent's event cards are not abilities of their units and keep working). It ends
  as your turn begins, before start-of-turn effects (FAQ: those still happen).
- Chant of Deception: two Jungle Elf units you control swap spaces (not a move).
- Chant of Life: pay 1 magic: remove up to 2 wounds from a common or champion you
  control (playable only when one has a wound that is not poison).
- Chant of Haste: move your champion or summoner, or up to 3 of your commons of cost
  2 or less, up to 2 spaces each (each an effect move, through empty spaces).
- Chant of Salvation: take any card of your draw pile into your hand, then shuffle it.

Events, Nikuya Na ("your summoner, or a Jungle Elf unit you control within 2 spaces of
your summoner"; a named ability granted twice to one unit counts once, R36)
- Spirit of the Lizard: pay 4 magic (summoner) or 1 (another unit): until the end of
  the turn, once, instead of moving it or instead of attacking with it, remove up to
  2 wounds from it (offered while it has a wound that is not poison).
- Spirit of the Turtle: until the start of your next turn, only 5+ wound it when an
  opponent rolls to attack it (ACTIVE area).
- Spirit of the Serpent: until the end of the turn, +2 dice when it attacks if it has
  moved 2 spaces or less this turn (counted from the event on).
- Spirit of the Cheetah: until the end of the turn its normal moves go 3 spaces
  farther.
- Spirit of the Jungle: take another Nikuya Na event from your discard pile into your
  hand. (The engine keeps magic-pile cards in the discard piles, see
  :mod:`engine.rulesets.first.magic`; they count as discarded here.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget, UseAbility
from engine.core.board import ADJ, COLS, DIST, ROWS, sq
from engine.core.effects import (
    Borrowing,
    attack_targets,
    common_or_champion,
    count_attack,
    extra_attack,
    may_attack_now,
)
from engine.core.hooks import (
    ACTIVE,
    BOARD,
    DECK,
    DISCARD,
    HAND,
    UNDER,
    Ability,
    AttackResult,
    Decision,
    Trigger,
    replace_roll,
)
from engine.core.mechanics.movement import _plain_path, walk_reach
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.types import CardClass
from engine.rulesets.first.abilities.common import (
    FarShot,
    Rider,
    Tough,
    Trample,
    is_precise,
)
from engine.rulesets.first.dice import hits

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.core.types import CardDef

FACTION = "jungle-elves"
ALL_ZONES = (DECK, HAND, DISCARD, BOARD, ACTIVE, UNDER)


# -- helpers ---------------------------------------------------------------------------
def is_jungle_elf(st: GameState, cid: int) -> bool:
    return st.info.is_unit[cid] and st.info.cards[cid].faction == FACTION


def walk_spaces(st: GameState, cid: int, n: int = 2) -> list[int]:
    """Empty spaces a move of up to ``n`` steps through empty spaces may end on."""
    reach = walk_reach(st.occ, st.pos[cid], n)
    return [s for s in range(ROWS * COLS) if reach >> s & 1 and s != st.pos[cid]]


def walk_to(st: GameState, cid: int, to: int) -> None:
    """An effect move of ``cid`` to ``to`` (at most 2 steps away: a plain path)."""
    st.relocate(cid, to, "move", _plain_path(st, st.pos[cid], to))


def to_active(st: GameState, card: int, player: int) -> None:
    """Keep a just-played event in the ACTIVE area (discarded as its owner's next turn
    begins): effects that last "until the start of your next turn"."""
    st.remove_from_zone(card)
    st.zone[card] = ACTIVE
    st.ctrl[card] = player
    st.active[player].append(card)


def _poison_key(cid: int) -> str:
    return f"first.poison.{cid}"


def poison(st: GameState, cid: int) -> int:
    """Poison markers on ``cid`` (never more than its wounds: they are wounds too)."""
    if not st.notes or st.zone[cid] != BOARD:
        return 0
    n = st.notes.get(_poison_key(cid), 0)
    return n if n < st.damage[cid] else st.damage[cid]


def add_poison(st: GameState, cid: int, n: int, by: int, source: int) -> None:
    """Put ``n`` poison markers on ``cid`` (each also a wound, R56)."""
    if n <= 0 or not st.on_board(cid):
        return
    st.notes[_poison_key(cid)] = poison(st, cid) + n
    st.deal_damage(cid, n, by, source)


def remove_wounds(st: GameState, cid: int, n: int) -> None:
    """Remove up to ``n`` wound markers (never poison markers)."""
    keep = poison(st, cid)
    st.damage[cid] = max(keep, st.damage[cid] - n)


def plain_wounds(st: GameState, cid: int) -> int:
    return st.damage[cid] - poison(st, cid)


# -- poison rules (R56) ----------------------------------------------------------------
_MOVED = "first.poison.moved."


class PoisonRules(Ability):
    """Base of the abilities that poison: one of them (:meth:`keeper`) applies the
    poison rules from any zone; subclasses add their own effect."""

    hook_zones: ClassVar[dict[str, tuple[int, ...]]] = {
        "after_roll": ALL_ZONES,
        "prevents_attack": ALL_ZONES,
        "after_move": ALL_ZONES,
        "on_destroy": ALL_ZONES,
    }

    def keeper(self, st: GameState, src: int) -> bool:
        extra = st.info.extra
        got: tuple[int, ...] | None = extra.get("first.poison.carriers")
        if got is None:
            got = extra["first.poison.carriers"] = tuple(
                c
                for c in range(len(st.info.cards))
                if any(isinstance(a, PoisonRules) for a in st.info.abilities[c])
            )
        if got[0] == src:
            return True
        blank = st.blanked() if "blanks" in st.info.hooks else ()
        for c in got:
            if c not in blank:
                return c == src
        return False

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        if st.notes and faces and poison(st, roller) and self.keeper(st, src):
            return Trigger(self.id, src, st.turn_player, ("poison", roller))
        return None

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return (
            st.flags.get(_MOVED + str(attacker), 0) >= 2
            and poison(st, attacker) > 0
            and self.keeper(st, src)
        )

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if kind == "move" and self.keeper(st, src):
            key = _MOVED + str(card)
            st.flags[key] = st.flags.get(key, 0) + len(path)  # bookkeeping only
        return None

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        if st.notes and _poison_key(card) in st.notes:
            del st.notes[_poison_key(card)]  # bookkeeping: a new card next time
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        if trig.data[:1] == ("poison",):
            p = poison(st, trig.data[1])
            for t in reversed(st.stack):
                if isinstance(t, Trigger) and t.data[:1] == ("roll",):
                    replace_roll(
                        st, tuple(f - p if f - p > 1 else 1 for f in t.data[2])
                    )
                    return
            return
        self.resolve_own(st, trig)

    def resolve_own(self, st: GameState, trig: Trigger) -> None:
        return None


class PoisonCloud(PoisonRules):
    """After you move Nikuya Na, you may pay X magic: a poison marker on a common or
    champion within X spaces of him."""

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        super().after_move(st, src, card, kind, path)
        if (
            card == src
            and kind == "move"
            and st.on_board(src)
            and st.ctrl[src] == st.turn_player
            and st.magic[st.ctrl[src]] > 0
        ):
            return self.trigger(st, src, "cloud")
        return None

    def _targets(self, st: GameState, src: int) -> list[int]:
        budget = st.magic[st.ctrl[src]]
        dist = DIST[st.pos[src]]
        return [
            c
            for s in range(ROWS * COLS)
            if (c := st.board[s]) >= 0
            and c != src
            and common_or_champion(st, c)
            and dist[s] <= budget
        ]

    def resolve_own(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src):
            return
        opts: list[Action] = [NO]
        opts += [ChooseTarget(c) for c in self._targets(st, src)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, prompt="Poison Cloud"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget) and st.on_board(dec.source):
            cost = DIST[st.pos[dec.source]][st.pos[action.card]]
            st.gain_magic(dec.player, -cost)
            add_poison(st, action.card, 1, dec.player, dec.source)


class PoisonedDaggers(PoisonRules):
    """When Makgongo's attack wounds a common or champion that survives, it also gets
    1 poison marker."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and res.damage > 0
            and st.on_board(res.target)
            and common_or_champion(st, res.target)
        ):
            return self.trigger(st, src, "dagger", res.target)
        return None

    def resolve_own(self, st: GameState, trig: Trigger) -> None:
        add_poison(st, trig.data[1], 1, trig.player, trig.source)


class PoisonedDarts(PoisonRules):
    """The wounds the Hunter's attack puts on a common or champion that survives are
    poison markers instead."""

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and res.damage > 0
            and st.on_board(res.target)
            and common_or_champion(st, res.target)
        ):
            # bookkeeping: the wounds just placed are poison markers
            key = _poison_key(res.target)
            st.notes[key] = poison(st, res.target) + res.damage
        return None


# -- Abua Shi --------------------------------------------------------------------------
class ChantOfGrowth(Ability):
    """Instead of attacking, pay 1 magic: a Jungle Elf unit gets +1 attack this turn."""

    action_phases = (ATTACK,)

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.magic[st.ctrl[src]] < 1 or not may_attack_now(st, src):
            return []
        return [
            UseAbility(src, self.id, c)
            for s in range(ROWS * COLS)
            if (c := st.board[s]) >= 0 and is_jungle_elf(st, c)
        ]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        st.gain_magic(st.ctrl[src], -1)
        key = f"{self.id}:{src}:{action.option}"
        st.flags[key] = st.flags.get(key, 0) + 1

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if st.flags:
            return value + st.flags.get(f"{self.id}:{src}:{attacker}", 0)
        return value


# -- Makeinda Ru, Shikwa ---------------------------------------------------------------
class PowerShot(Ability):
    """+2 attack unless she was moved this turn."""

    def _key(self, src: int) -> str:
        return f"{self.id}:moved:{src}"

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src:
            st.flags[self._key(src)] = 1  # bookkeeping only
        return None

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and not st.flags.get(self._key(src)):
            return value + 2
        return value


class AttackAgain(Ability):
    """Base of "once per turn, after it attacks, it may attack again" (Swift Shot,
    Pummel, Chain Lightning): :meth:`ready` adds conditions, ``price`` magic is paid."""

    price: ClassVar[int] = 0

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def ready(self, st: GameState, src: int, res: AttackResult) -> bool:
        return True

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        if (
            res.attacker == src
            and st.on_board(src)
            and not st.flags.get(self._key(src))
            and st.turn_player == st.ctrl[src]
            and st.magic[st.ctrl[src]] >= self.price
            and self.ready(st, src, res)
        ):
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if not st.on_board(src) or st.magic[st.ctrl[src]] < self.price:
            return
        targets = attack_targets(st, src)
        if targets:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(t) for t in targets]
            st.ask(self.decision(st, src, opts, prompt=f"{self.id}: attack again"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if isinstance(action, ChooseTarget) and st.on_board(src):
            st.flags[self._key(src)] = 1
            if self.price:
                st.gain_magic(st.ctrl[src], -self.price)
            extra_attack(st, src, action.card)


class SwiftShot(AttackAgain):
    """Once per turn, after Shikwa attacks, she may attack once more."""


class Pummel(AttackAgain):
    """Once per turn, if every die of its attack hits, it may attack again at once."""

    def ready(self, st: GameState, src: int, res: AttackResult) -> bool:
        return bool(res.faces) and hits(res.faces) == len(res.faces)


# -- Jujugara --------------------------------------------------------------------------
SPIRIT_FORMS = frozenset({"hyena", "rhinoceros", "lioness", "elephant", "gorilla"})


class SpiritForm(Borrowing):
    """In your event phase choose a Hyena, Rhinoceros, Lioness, Elephant or Gorilla on
    the battlefield: until the start of your next turn Jujugara has its abilities."""

    def lends_from(self, card: CardDef) -> bool:
        return card.slug in SPIRIT_FORMS

    def _key(self, src: int) -> str:
        return f"{self.id}:{src}"

    def lent(self, st: GameState, src: int) -> list[tuple[int, Ability]]:
        if not st.notes or st.zone[src] != BOARD:
            return []
        form = st.notes.get(self._key(src), 0) - 1
        if form < 0 or st.turn > st.notes.get(self._key(src) + ":turn", 0) + 1:
            return []
        memo: dict[tuple[int, int], list[tuple[int, Ability]]] = (
            st.info.extra.setdefault(self.id, {})
        )
        got = memo.get((src, form))
        if got is None:
            got = memo[(src, form)] = [
                (src, ab)
                for ab in st.info.abilities[form]
                if not isinstance(ab, Borrowing)
            ]
        return got

    def _forms(self, st: GameState, src: int) -> list[int]:
        return [
            c
            for s in range(ROWS * COLS)
            if (c := st.board[s]) >= 0
            and c != src
            and st.info.cards[c].slug in SPIRIT_FORMS
        ]

    def actions(self, st: GameState, src: int) -> list[Action]:
        out: list[Action] = []
        if (
            st.phase == EVENTS
            and not st.stack
            and st.ctrl[src] == st.turn_player
            and not st.flags.get(self._key(src))
        ):
            out = [UseAbility(src, self.id, c) for c in self._forms(st, src)]
        return out + super().actions(st, src)

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        st.flags[self._key(src)] = 1
        st.notes[self._key(src)] = action.option + 1
        st.notes[self._key(src) + ":turn"] = st.turn

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return self._any(st, src, "prevents_move", cid)

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        self.resolve_bundle(st, trig)


# -- Miti Kyru -------------------------------------------------------------------------
class MountUp(Ability):
    """After he attacks, if next to your summoner: you may pay 1 magic to move him up
    to 2 spaces, then place your summoner next to him if a space is free."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        if attacker == src and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        summ = st.info.summoners[st.ctrl[src]]
        if not st.on_board(src) or not st.on_board(summ) or st.magic[trig.player] < 1:
            return
        if DIST[st.pos[src]][st.pos[summ]] != 1:
            return
        opts: list[Action] = [NO]
        opts += [ChooseSpace(s) for s in walk_spaces(st, src)]
        if len(opts) > 1:
            st.ask(self.decision(st, src, opts, "move", prompt="Mount Up"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        src = dec.source
        if not isinstance(action, ChooseSpace) or not st.on_board(src):
            return
        summ = st.info.summoners[dec.player]
        if dec.data[0] == "move":
            st.gain_magic(dec.player, -1)
            walk_to(st, src, action.space)
            if st.on_board(src) and st.on_board(summ):
                spaces = [s for s in ADJ[st.pos[src]] if st.board[s] < 0]
                opts = [ChooseSpace(s) for s in spaces]
                st.ask(self.decision(st, src, opts, "place", prompt="Mount Up: rider"))
        elif st.on_board(summ):
            st.place(summ, action.space, st.ctrl[summ])


# -- Lioness ---------------------------------------------------------------------------
class HuntingPride(Ability):
    """It does not move in your movement phase; as that phase ends you may move it up
    to 2 spaces."""

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return cid == src and st.phase == MOVE and st.turn_player == st.ctrl[src]

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        if phase == MOVE and st.turn_player == st.ctrl[src]:
            return self.trigger(st, src)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        src = trig.source
        if st.on_board(src):
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in walk_spaces(st, src)]
            if len(opts) > 1:
                st.ask(self.decision(st, src, opts, prompt="Hunting Pride"))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace) and st.on_board(dec.source):
            walk_to(st, dec.source, action.space)


# -- Archer, Jungle Guard, Hyena -------------------------------------------------------
class ArchingShot(Ability):
    """Its attacks pass over units (walls still block)."""

    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return st.info.is_unit[blocker]


_DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


class EliteTraining(Ability):
    """Instead of a normal attack it may attack a card up to 2 clear diagonal spaces
    away; +1 attack against an adjacent card."""

    action_phases = (ATTACK,)

    def diagonal_targets(self, st: GameState, src: int) -> list[int]:
        r0, c0 = divmod(st.pos[src], COLS)
        out = []
        for dr, dc in _DIAGONALS:
            for k in (1, 2):
                r, c = r0 + dr * k, c0 + dc * k
                if not (0 <= r < ROWS and 0 <= c < COLS):
                    break
                card = st.board[sq(r, c)]
                if card >= 0:
                    if not (
                        "prevents_attack" in st.info.hooks
                        and st.attack_forbidden(src, card)
                    ):
                        out.append(card)
                    break
        return out

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not may_attack_now(st, src):
            return []
        return [UseAbility(src, self.id, t) for t in self.diagonal_targets(st, src)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        count_attack(st, src)
        extra_attack(st, src, action.option)

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if attacker == src and st.pos[target] in ADJ[st.pos[src]]:
            return value + 1
        return value


_ATTACKED = "first.attacked."


class Opportunist(Ability):
    """+1 attack against a unit already attacked this turn."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, n: int
    ) -> Trigger | None:
        st.flags[_ATTACKED + str(target)] = 1  # bookkeeping only
        return None

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            attacker == src
            and st.info.is_unit[target]
            and st.flags.get(_ATTACKED + str(target))
        ):
            return value + 1
        return value


# -- Abua Shi's events -----------------------------------------------------------------
class ChantOfNegation(Ability):
    """Until the start of your next turn the opponent's units have no abilities."""

    zones = (ACTIVE,)

    def play(self, st: GameState, card: int) -> None:
        to_active(st, card, st.turn_player)

    def blanks(self, st: GameState, src: int, cid: int) -> bool:
        return st.info.is_unit[cid] and st.ctrl[cid] != st.ctrl[src]


def _je_units(st: GameState, player: int) -> list[int]:
    return [c for c in st.units_of(player) if is_jungle_elf(st, c)]


class ChantOfDeception(Ability):
    """Two Jungle Elf units you control swap spaces."""

    def can_play(self, st: GameState, card: int) -> bool:
        return len(_je_units(st, st.turn_player)) >= 2

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in _je_units(st, st.turn_player)]
        st.ask(self.decision(st, card, opts, -1, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        first = dec.data[0]
        if first < 0:
            opts = [
                ChooseTarget(c) for c in _je_units(st, dec.player) if c != action.card
            ]
            st.ask(self.decision(st, dec.source, opts, action.card, player=dec.player))
            return
        a, b = first, action.card
        pa, pb = st.pos[a], st.pos[b]
        st.board[pa], st.board[pb] = b, a
        st.pos[a], st.pos[b] = pb, pa


class ChantOfLife(Ability):
    """Pay 1 magic: remove up to 2 wounds from a common or champion you control."""

    def _units(self, st: GameState) -> list[int]:
        return [
            c
            for c in st.units_of(st.turn_player)
            if common_or_champion(st, c) and plain_wounds(st, c) > 0
        ]

    def can_play(self, st: GameState, card: int) -> bool:
        return st.magic[st.turn_player] >= 1 and bool(self._units(st))

    def play(self, st: GameState, card: int) -> None:
        st.gain_magic(st.turn_player, -1)
        opts = [ChooseTarget(c) for c in self._units(st)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            remove_wounds(st, action.card, 2)


class ChantOfHaste(Ability):
    """Move your champion or summoner, or up to 3 of your commons of cost 2 or less,
    up to 2 spaces each."""

    def _movers(self, st: GameState, player: int, common: bool) -> list[int]:
        out = []
        for c in st.units_of(player):
            classes = st.info.cards[c].classes
            if common:
                ok = CardClass.COMMON in classes and (st.info.cards[c].cost or 0) <= 2
            else:
                ok = CardClass.COMMON not in classes
            if ok and st.can_move(c) and walk_spaces(st, c):
                out.append(c)
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        p = st.turn_player
        return bool(self._movers(st, p, False) or self._movers(st, p, True))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in self._movers(st, p, False)]
        opts += [ChooseTarget(c) for c in self._movers(st, p, True)]
        st.ask(self.decision(st, card, opts, "unit", (), player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        step, done = dec.data[0], dec.data[1]
        p = dec.player
        if step == "unit":
            if isinstance(action, ChooseTarget):
                spaces = [ChooseSpace(s) for s in walk_spaces(st, action.card)]
                st.ask(
                    self.decision(
                        st, dec.source, spaces, "space", done, action.card, player=p
                    )
                )
            return
        if not isinstance(action, ChooseSpace):
            return
        unit = dec.data[2]
        walk_to(st, unit, action.space)
        done = done + (unit,)
        if not st.info.is_common[unit] or len(done) >= 3 or st.terminal:
            return
        rest = [c for c in self._movers(st, p, True) if c not in done]
        if rest:
            opts: list[Action] = [NO]
            opts += [ChooseTarget(c) for c in rest]
            st.ask(self.decision(st, dec.source, opts, "unit", done, player=p))


class ChantOfSalvation(Ability):
    """Take any card of your draw pile into your hand, then shuffle the pile."""

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(st.deck[st.turn_player])

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = [ChooseTarget(c) for c in sorted(st.deck[p])]
        st.ask(self.decision(st, card, opts, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            p = dec.player
            st.deck[p].remove(action.card)
            st.zone[action.card] = HAND
            st.hand[p].append(action.card)
            st.rng.shuffle(st.deck[p])


# -- Nikuya Na's events ----------------------------------------------------------------
class SpiritEvent(Ability):
    """Base of the Spirit events: choose your summoner (``summoner_price`` magic) or a
    Jungle Elf unit you control within 2 spaces of it (``unit_price``); the grant is
    ``st.flags[<grant>.<unit>] = event + 1`` (the first grant of a name stays)."""

    summoner_price: ClassVar[int] = 0
    unit_price: ClassVar[int] = 0
    grant: ClassVar[str] = ""
    lasting: ClassVar[bool] = False  # True: until the start of your next turn

    def _key(self, unit: int) -> str:
        return f"first.{self.grant}.{unit}"

    def _store(self, st: GameState) -> dict[str, int]:
        return st.notes if self.lasting else st.flags

    def candidates(self, st: GameState, player: int) -> list[int]:
        summ = st.info.summoners[player]
        if not st.on_board(summ):
            return []
        magic = st.magic[player]
        out = [summ] if magic >= self.summoner_price else []
        if magic >= self.unit_price:
            out += [
                c
                for c in _je_units(st, player)
                if c != summ and DIST[st.pos[summ]][st.pos[c]] <= 2
            ]
        return out

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self.candidates(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        if self.lasting:
            to_active(st, card, p)
            prefix = f"first.{self.grant}."
            for key in [k for k, v in st.notes.items() if v == card + 1]:
                if key.startswith(prefix):
                    del st.notes[key]  # a grant of an earlier play of this card
        opts = [ChooseTarget(c) for c in self.candidates(st, p)]
        st.ask(self.decision(st, card, opts, player=p))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if not isinstance(action, ChooseTarget):
            return
        unit = action.card
        price = (
            self.summoner_price
            if unit == st.info.summoners[dec.player]
            else self.unit_price
        )
        st.gain_magic(dec.player, -price)
        store = self._store(st)
        if self.lasting:
            held = self._key(unit)
            owner = store.get(held, 0) - 1
            if owner >= 0 and st.zone[owner] == ACTIVE:
                return  # already granted (R36)
            store[held] = dec.source + 1
        else:
            store.setdefault(self._key(unit), dec.source + 1)

    def granted(self, st: GameState, src: int, unit: int) -> bool:
        store = self._store(st)
        return bool(store) and store.get(self._key(unit)) == src + 1


class SpiritOfTheLizard(SpiritEvent):
    """LIZARD'S REGENERATION until the end of the turn: once, instead of moving it or
    attacking with it, remove up to 2 wounds from it."""

    zones = (DISCARD,)
    summoner_price = 4
    unit_price = 1
    grant = "lizard"
    action_phases = (MOVE, ATTACK)

    def _unit(self, st: GameState, src: int) -> int:
        for key, v in st.flags.items():
            if v == src + 1 and key.startswith("first.lizard."):
                return int(key[len("first.lizard.") :])
        return -1

    def actions(self, st: GameState, src: int) -> list[Action]:
        if not st.flags or st.stack:
            return []
        u = self._unit(st, src)
        if u < 0 or not st.on_board(u) or st.ctrl[u] != st.turn_player:
            return []
        if st.flags.get(f"first.lizard.used.{u}") or plain_wounds(st, u) <= 0:
            return []
        if st.phase == MOVE:
            if (
                u in st.moved
                or len(st.moved) >= st.info.ruleset.movers_limit(st)
                or not st.can_move(u)
            ):
                return []
        elif not may_attack_now(st, u):
            return []
        return [UseAbility(src, self.id, u)]

    def use(self, st: GameState, src: int, action: Action) -> None:
        assert isinstance(action, UseAbility)
        u = action.option
        st.flags[f"first.lizard.used.{u}"] = 1
        if st.phase == MOVE:
            st.moved.append(u)
        else:
            count_attack(st, u)
        remove_wounds(st, u, 2)


class SpiritOfTheTurtle(SpiritEvent):
    """TURTLE'S TOUGHNESS until the start of your next turn: only 5+ wound it when an
    opponent rolls to attack it."""

    zones = (ACTIVE,)
    grant = "turtle"
    lasting = True
    order = 3

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        if (
            self.granted(st, src, target)
            and st.ctrl[attacker] != st.ctrl[target]
            and st.info.is_unit[target]
            and not is_precise(st, attacker)  # no roll to read (R25)
        ):
            return min(damage, hits(faces, 5))
        return damage


class SpiritOfTheSerpent(SpiritEvent):
    """SERPENT'S STRIKE until the end of the turn: +2 attack if it moved 2 spaces or
    less this turn."""

    zones = (DISCARD,)
    grant = "serpent"

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if self.granted(st, src, card):
            key = f"first.serpent.moved.{card}"
            st.flags[key] = st.flags.get(key, 0) + len(path)  # bookkeeping only
        return None

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        if (
            self.granted(st, src, attacker)
            and st.flags.get(f"first.serpent.moved.{attacker}", 0) <= 2
        ):
            return value + 2
        return value


class SpiritOfTheCheetah(SpiritEvent):
    """CHEETAH'S SPEED until the end of the turn: its normal moves go up to 3 spaces
    farther."""

    zones = (DISCARD,)
    grant = "cheetah"

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value + 3 if self.granted(st, src, cid) else value


NIKUYA_EVENTS = frozenset(
    {
        "spirit-of-the-lizard",
        "spirit-of-the-turtle",
        "spirit-of-the-serpent",
        "spirit-of-the-cheetah",
        "spirit-of-the-jungle",
    }
)


class SpiritOfTheJungle(Ability):
    """Take another Nikuya Na event from your discard pile into your hand."""

    def _cards(self, st: GameState, card: int) -> list[int]:
        cards = st.info.cards
        return sorted(
            c
            for c in st.discard[st.turn_player]
            if c != card and cards[c].slug in NIKUYA_EVENTS
        )

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._cards(st, card))

    def play(self, st: GameState, card: int) -> None:
        opts = [ChooseTarget(c) for c in self._cards(st, card)]
        st.ask(self.decision(st, card, opts, player=st.turn_player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseTarget):
            st.remove_from_zone(action.card)
            st.zone[action.card] = HAND
            st.ctrl[action.card] = dec.player  # (a discard pile may hold any card)
            st.hand[dec.player].append(action.card)


ABILITIES: dict[str, type[Ability]] = {
    "abua-shi.chant-of-growth": ChantOfGrowth,
    "nikuya-na.poison-cloud": PoisonCloud,
    "makeinda-ru.power-shot": PowerShot,
    "shikwa.swift-shot": SwiftShot,
    "miti-mumway.trample": Trample,
    "kadara.far-shot": FarShot,
    "jujugara.spirit-form": SpiritForm,
    "makgongo.poisoned-daggers": PoisonedDaggers,
    "miti-kyru.mount-up": MountUp,
    "lioness.hunting-pride": HuntingPride,
    "archer-jungle-elves.arching-shot": ArchingShot,
    "lioneer.rider": Rider,
    "elephant.trample": Trample,
    "gorilla.pummel": Pummel,
    "jungle-guard.elite-training": EliteTraining,
    "hunter-jungle-elves.poisoned-darts": PoisonedDarts,
    "hyena.opportunist": Opportunist,
    "rhinoceros.tough": Tough,
    "chant-of-negation.effect": ChantOfNegation,
    "chant-of-deception.effect": ChantOfDeception,
    "chant-of-life.effect": ChantOfLife,
    "chant-of-haste.effect": ChantOfHaste,
    "chant-of-salvation.effect": ChantOfSalvation,
    "spirit-of-the-lizard.effect": SpiritOfTheLizard,
    "spirit-of-the-turtle.effect": SpiritOfTheTurtle,
    "spirit-of-the-serpent.effect": SpiritOfTheSerpent,
    "spirit-of-the-cheetah.effect": SpiritOfTheCheetah,
    "spirit-of-the-jungle.effect": SpiritOfTheJungle,
}
