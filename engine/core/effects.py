"""Helpers for ability code that no edition owns: one implementation each of what
several cards do alike. Nothing here is registered: a card's ability is a subclass in
its faction module, listed in that module's ``ABILITIES`` table.

Board queries
    :func:`named`, :func:`within`, :func:`adjacent`, :func:`units_on_board`,
    :func:`friendly_units_within`, :func:`near_summoner`, :func:`empty_adjacent`,
    :func:`empty_around`, :func:`straight_spaces`, :func:`common_or_champion`,
    :func:`specials`, :func:`pushable`, :func:`moved_farther`.
Damage and tokens
    :func:`ability_damage` (damage dealt by a card's ability without attacking;
    ``mod_ability_damage`` modifiers apply), :func:`fix_lethal`, :func:`spend_boost`,
    :func:`return_to_hand`, :func:`force_next_to`.
Attacks
    :func:`attack_targets`, :func:`may_attack_now` (the core's limits, extra attacks
    included), :func:`count_attack` (an attack made outside the attack rule, e.g.
    "instead of attacking"), :func:`extra_attack` (R8e extra attack).
Choices
    :func:`ask_optional`, :func:`ask_optional_target`, :func:`ask_optional_space`:
    "you may choose one of these" (``NO`` first; nothing asked without options).
Trigger and decision boilerplate
    :class:`AfterOwnMove`, :class:`AtYourPhaseStart`, :class:`AtYourPhaseEnd`,
    :class:`PickOneEvent`, :class:`Borrowing` (a card "has the abilities of" another
    card: Mimic, Chant of Entangling), :class:`FlagLending` (a borrowing whose lender
    is picked for the turn: both editions' Mind Witch, Vlox).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import NO, Action, ChooseSpace, ChooseTarget
from engine.core.board import ADJ, DIST, RAYS
from engine.core.dice import SPECIAL
from engine.core.hooks import (
    BOARD,
    HAND,
    Ability,
    AttackResult,
    Decision,
    Trigger,
)
from engine.core.mechanics.attack import (
    EXTRA_KEY,
    finish_attack,
    is_extra_attack,
    targets,
)
from engine.core.phases import ATTACK, MOVE
from engine.core.types import CardClass

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.core.types import CardDef

__all__ = [
    "AfterOwnMove",
    "AtYourPhaseEnd",
    "AtYourPhaseStart",
    "Borrowing",
    "PickOneEvent",
    "ability_damage",
    "adjacent",
    "ask_optional",
    "ask_optional_space",
    "ask_optional_target",
    "attack_targets",
    "common_or_champion",
    "count_attack",
    "empty_adjacent",
    "empty_around",
    "extra_attack",
    "fix_lethal",
    "force_next_to",
    "friendly_units_within",
    "hook_zones_of",
    "hooks_of",
    "may_attack_now",
    "moved_farther",
    "named",
    "near_summoner",
    "pushable",
    "return_to_hand",
    "specials",
    "spend_boost",
    "straight_spaces",
    "units_on_board",
    "within",
]


# -- board queries -------------------------------------------------------------------
_NAME_RE: dict[str, re.Pattern[str]] = {}


def named(st: GameState, cid: int, word: str) -> bool:
    """Does the card's name contain ``word`` as a whole word (R8e names: "Undead",
    "Citadel", "Ember" ...)?"""
    pat = _NAME_RE.get(word)
    if pat is None:
        pat = _NAME_RE[word] = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return pat.search(st.info.cards[cid].name) is not None


def within(st: GameState, a: int, b: int, n: int) -> bool:
    """``b`` is within ``n`` spaces of ``a`` (orthogonal count, R8e; never itself)."""
    return a != b and DIST[st.pos[a]][st.pos[b]] <= n


def adjacent(st: GameState, a: int, b: int) -> bool:
    """``a`` and ``b`` stand on orthogonally adjacent spaces."""
    return DIST[st.pos[a]][st.pos[b]] == 1


def units_on_board(st: GameState) -> list[int]:
    """Every unit on the battlefield (both sides), by space order."""
    isu = st.info.is_unit
    return [c for c in st.board if c >= 0 and isu[c]]


def friendly_units_within(st: GameState, src: int, n: int) -> list[int]:
    """Units controlled by ``src``'s controller within ``n`` spaces of ``src``
    ("choose a friendly unit within N")."""
    return [c for c in st.units_of(st.ctrl[src]) if within(st, src, c, n)]


def near_summoner(st: GameState, player: int, n: int) -> list[int]:
    """Units (either side) within ``n`` spaces of ``player``'s summoner, by space
    order; none when the summoner is not on the battlefield."""
    summ = st.info.summoners[player]
    if not st.on_board(summ):
        return []
    return [c for c in units_on_board(st) if within(st, summ, c, n)]


def empty_around(st: GameState, space: int) -> list[int]:
    """Empty spaces orthogonally adjacent to ``space``."""
    board = st.board
    return [s for s in ADJ[space] if board[s] < 0]


def empty_adjacent(st: GameState, cid: int) -> list[int]:
    """Empty spaces orthogonally adjacent to the battlefield card ``cid``."""
    return empty_around(st, st.pos[cid])


def straight_spaces(st: GameState, cid: int, n: int) -> list[int]:
    """Empty spaces 1..``n`` away from ``cid`` in a straight line of empty spaces
    (where an R8e force of up to ``n`` spaces may end), sorted."""
    out = []
    board = st.board
    for ray in RAYS[st.pos[cid]]:
        for s in ray[:n]:
            if board[s] >= 0:
                break
            out.append(s)
    return sorted(out)


def common_or_champion(st: GameState, cid: int) -> bool:
    """A unit of class common or champion (not a summoner, not a structure)."""
    classes = st.info.cards[cid].classes
    return st.info.is_unit[cid] and (
        CardClass.COMMON in classes or CardClass.CHAMPION in classes
    )


def specials(faces: Iterable[int]) -> int:
    """Dice showing [special]."""
    return sum(1 for f in faces if f & SPECIAL)


def pushable(st: GameState, cid: int) -> bool:
    """May ``cid`` be forced 1 space now (an empty space next to it, nothing
    forbidding the force)?"""
    return bool(empty_adjacent(st, cid)) and st.can_be_forced(cid)


# -- damage and tokens ---------------------------------------------------------------
def ability_damage(st: GameState, src: int, target: int, n: int) -> None:
    """``n`` damage dealt by the ability of card ``src`` without attacking ``target``
    (controller of ``src`` gets the magic for a kill), after the
    ``mod_ability_damage`` modifiers (e.g. Spirit of the Phoenix)."""
    if "mod_ability_damage" in st.info.hooks:
        for s, a in st.hooked("mod_ability_damage"):
            n = a.mod_ability_damage(st, s, src, target, n)
    st.deal_damage(target, n, st.ctrl[src], src)


def return_to_hand(st: GameState, cid: int) -> None:
    """Take a card (on the battlefield or in a discard pile) into its owner's hand:
    cards under it are discarded and its tokens removed (glossary "return to
    hand"). A card that leaves the battlefield so fires ``after_return``."""
    owner = st.info.owner[cid]
    left = st.zone[cid] == BOARD
    space, controller = st.pos[cid], st.ctrl[cid]
    st.discard_under(cid)
    st.remove_from_zone(cid)
    st.clear_tokens(cid)
    st.zone[cid] = HAND
    st.ctrl[cid] = owner
    st.hand[owner].append(cid)
    if left and "after_return" in st.info.hooks:
        st.emit("after_return", cid, space, controller)


def fix_lethal(st: GameState) -> None:
    """Destroy cards whose life dropped to their damage (boost spent, a borrowed
    ability ended, control changed): R7 "at life 0 or less it is destroyed"."""
    for c in st.board:
        if c >= 0 and st.damage[c] and st.damage[c] >= st.life(c):
            st.check_lethal()
            return


def spend_boost(st: GameState, cid: int, n: int = 1) -> None:
    """Remove ``n`` boost from ``cid`` (life may depend on it: Imbued Life)."""
    st.boost[cid] = max(0, st.boost[cid] - n)
    fix_lethal(st)


# -- attacks -------------------------------------------------------------------------
def attack_targets(st: GameState, unit: int) -> list[int]:
    """Cards ``unit`` may legally attack now (reach, line of sight, restrictions)."""
    out = targets(st, unit)
    if "prevents_attack" in st.info.hooks:
        out = [t for t in out if not st.attack_forbidden(unit, t)]
    return out


def may_attack_now(st: GameState, unit: int) -> bool:
    """May ``unit`` declare one of its attacks now (R7), by the core's limits: in its
    controller's attack phase with nothing resolving, not attacked yet this turn, and
    fewer than 3 attackers so far not counting extra attacks, unless ``unit``'s attack
    is itself an extra attack (Relentless;
    :func:`engine.core.mechanics.attack.is_extra_attack`).
    """
    if (
        st.phase != ATTACK
        or st.stack
        or st.turn_player != st.ctrl[unit]
        or unit in st.attacked
    ):
        return False
    n = len(st.attacked)
    limit = st.info.ruleset.max_attackers
    if n < limit:
        return True
    if "extra_attack" not in st.info.hooks:
        return False
    return n - st.flags.get(EXTRA_KEY, 0) < limit or is_extra_attack(st, unit)


def count_attack(st: GameState, unit: int) -> None:
    """Record that ``unit`` made its attack of this turn without the attack rule
    ("instead of attacking", a healing attack): as :func:`engine.core.mechanics.attack.
    do_attack` counts it, extra attacks apart."""
    st.attacked.append(unit)
    if "extra_attack" in st.info.hooks and is_extra_attack(st, unit):
        st.flags[EXTRA_KEY] = st.flags.get(EXTRA_KEY, 0) + 1


def extra_attack(st: GameState, attacker: int, target: int) -> None:
    """Resolve an extra attack (R8e: beyond the normal limits) outside the attack
    rule: ``st.attacked`` is left as it is; dice, rerolls, damage and after-attack
    effects as in R7."""
    if st.ctrl[target] != st.turn_player:
        st.targeted_enemy = True
    n = st.strength(attacker)
    for s, ab in st.hooked("mod_attack_strength"):
        n = ab.mod_attack_strength(st, s, attacker, target, n)
    faces = st.roll(n if n > 0 else 0)
    if "after_roll" in st.info.hooks:
        st.stack.append(
            Trigger(
                "core.attack_damage",
                -1,
                st.turn_player,
                ("roll", attacker, faces, target),
            )
        )
        st.emit("after_roll", attacker, faces)
        return
    finish_attack(st, attacker, target, faces)


# -- choices -------------------------------------------------------------------------
def ask_optional(
    ab: Ability,
    st: GameState,
    src: int,
    options: Iterable[Action],
    *data: Any,
    player: int | None = None,
    prompt: str = "",
) -> bool:
    """Ask "you may choose one of ``options``" (``NO`` first, then ``options``) as
    ``ab``'s decision with ``data``; nothing is asked (False) when there is no
    option. The answer comes to ``ab.resolve``."""
    opts: list[Action] = [NO]
    opts += options
    if len(opts) == 1:
        return False
    st.ask(ab.decision(st, src, opts, *data, player=player, prompt=prompt))
    return True


def ask_optional_target(
    ab: Ability,
    st: GameState,
    src: int,
    cards: Iterable[int],
    *data: Any,
    player: int | None = None,
    prompt: str = "",
) -> bool:
    """:func:`ask_optional` with a ``ChooseTarget`` per card ("you may choose a
    card": a friendly unit within N ...)."""
    opts = [ChooseTarget(c) for c in cards]
    return ask_optional(ab, st, src, opts, *data, player=player, prompt=prompt)


def ask_optional_space(
    ab: Ability,
    st: GameState,
    src: int,
    spaces: Iterable[int],
    *data: Any,
    player: int | None = None,
    prompt: str = "",
) -> bool:
    """:func:`ask_optional` with a ``ChooseSpace`` per space ("you may force it 1
    space", "you may place it next to ...")."""
    opts = [ChooseSpace(s) for s in spaces]
    return ask_optional(ab, st, src, opts, *data, player=player, prompt=prompt)


def force_next_to(
    ab: Ability, st: GameState, dec: Decision, action: Action, *, prompt: str
) -> None:
    """The steps after "choose a card" of a "push or pull it 1 space" effect: a
    ``ChooseTarget`` asks for one of the card's empty neighbours (as ``ab``'s
    decision, the card in its data); a ``ChooseSpace`` forces the card there."""
    if isinstance(action, ChooseTarget):
        opts = [ChooseSpace(s) for s in empty_adjacent(st, action.card)]
        st.ask(ab.decision(st, dec.source, opts, action.card, prompt=prompt))
    elif isinstance(action, ChooseSpace):
        st.force(dec.data[0], action.space)


# -- shared abilities ----------------------------------------------------------------
def moved_farther(st: GameState, src: int, start: int, path: tuple[int, ...]) -> bool:
    """Did a card that started next to ``src`` (on ``start``) move or get forced
    farther from it along ``path``?

    Glossary "farther" (R8e: any move or force that increases the counted distance):
    a partial move counts, so any step of the path that leaves ``src``'s side counts,
    even if the card ends next to ``src`` again."""
    dist = DIST[st.pos[src]]
    d = dist[start]
    if d != 1:
        return False
    for s in path:
        if dist[s] > d:
            return True
        d = dist[s]
    return False


class PickOneEvent(Ability):
    """Base of events "choose one of these cards": playable only while
    :meth:`candidates` names one; playing asks the player (prompt :attr:`prompt`)
    and the choice comes to ``resolve`` as a ``ChooseTarget``."""

    prompt: ClassVar[str] = ""

    def candidates(self, st: GameState, player: int) -> list[int]:
        return []

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self.candidates(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        p = st.turn_player
        opts = tuple(ChooseTarget(c) for c in self.candidates(st, p))
        st.ask(Decision(p, self.id, card, opts, (), self.prompt))


class _AtYourPhase(Ability):
    """Shared part of :class:`AtYourPhaseStart` and :class:`AtYourPhaseEnd` (no hook
    of its own)."""

    phase: ClassVar[int] = -1

    def ready(self, st: GameState, src: int) -> bool:
        return True

    def _own_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        """The trigger when ``phase`` is this ability's phase of its controller's
        turn and :meth:`ready` holds."""
        if (
            phase == self.phase
            and st.turn_player == st.ctrl[src]
            and self.ready(st, src)
        ):
            return self.trigger(st, src)
        return None


class AtYourPhaseStart(_AtYourPhase):
    """Base of "at the start of your <phase>" abilities: a trigger when the phase
    ``phase`` of its controller's turn begins and :meth:`ready` holds; subclasses
    resolve it."""

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return self._own_phase(st, src, phase)


class AtYourPhaseEnd(_AtYourPhase):
    """Base of "at the end of your <phase>" abilities (as :class:`AtYourPhaseStart`,
    when the phase ends)."""

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return self._own_phase(st, src, phase)


class AfterOwnMove(Ability):
    """Base of "after this unit moves" abilities: a trigger after the unit's own move
    (never a force); subclasses add :meth:`ready` conditions and resolve it."""

    def ready(self, st: GameState, src: int) -> bool:
        """Extra condition checked when the move ends."""
        return True

    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        if card == src and kind == "move" and self.ready(st, src):
            return self.trigger(st, src)
        return None


# -- borrowed abilities (Mimic, Chant of Entangling) ---------------------------------
_HOOKS_OF: dict[str, frozenset[str]] = {}


def hooks_of(ab: Ability) -> frozenset[str]:
    """The hooks ``ab`` implements (cached per ability id)."""
    got = _HOOKS_OF.get(ab.id)
    if got is None:
        got = _HOOKS_OF[ab.id] = frozenset(ab.overrides())
    return got


_HOOK_ZONES: dict[str, dict[str, tuple[int, ...]]] = {}


def hook_zones_of(ab: Ability) -> dict[str, tuple[int, ...]]:
    """hook -> zones where it fires, for the hooks ``ab`` implements (cached per
    ability id; what ``hook in hooks_of(ab)`` and ``ab.zones_for(hook)`` say)."""
    got = _HOOK_ZONES.get(ab.id)
    if got is None:
        got = _HOOK_ZONES[ab.id] = {h: ab.zones_for(h) for h in hooks_of(ab)}
    return got


class Borrowing(Ability):
    """An ability through which cards have the abilities of other cards.

    :meth:`lent` names the (card, ability) pairs in force now; every hook below runs
    the borrowed abilities with ``src`` = the card that has them. Their triggers and
    decisions keep the borrowed ability's id (so its own ``resolve`` handles them);
    several triggers at once come back as one bundle that re-stacks them (R8e order).
    Static queries the core asks only of the card itself (gate, structure moving,
    attacking through) work when the borrowing card is ``src`` (Mimic).
    ``after_damage``, ``after_draw`` and ``after_return`` are not forwarded: only a
    summoner and ACTIVE events have them, and the cards that lend abilities lend
    commons' (forwarding them would run the lending machinery on every damage and
    draw while a Mind Witch is on the battlefield).
    """

    #: hooks of this ability's own (``own_trigger``), asked in every game
    own_hooks: ClassVar[tuple[str, ...]] = ()
    # hooks it never forwards (the borrower's own rules cover them)
    not_forwarded: ClassVar[tuple[str, ...]] = ()
    #: hooks whose forwarding consults other hooks of the lent abilities
    CONSULTS: ClassVar[dict[str, tuple[str, ...]]] = {
        "lets_pass": ("lets_pass", "passes_through"),
    }

    def lends_from(self, card: CardDef) -> bool:
        """May the abilities of ``card`` be lent through this one? (Commons.)"""
        return CardClass.COMMON in card.classes

    def game_hooks(
        self, game: Sequence[tuple[CardDef, tuple[Ability, ...]]]
    ) -> tuple[str, ...]:
        """Only the hooks some lendable ability of this game implements (a forwarded
        hook with nothing to forward answers neutrally: no trigger, False, the value
        unchanged), its own hooks and those its class implements itself. Without this
        a Mind Witch in a deck would switch off every fast path of the core."""
        lendable: set[str] = set()
        for card, found in game:
            if self.lends_from(card):
                for ab in found:
                    if not isinstance(ab, Borrowing):
                        lendable.update(hooks_of(ab))
        cls = type(self)
        return tuple(
            h
            for h in self.overrides()
            if h not in self.not_forwarded
            and (
                h in self.own_hooks
                or getattr(cls, h) is not getattr(Borrowing, h)
                or any(x in lendable for x in self.CONSULTS.get(h, (h,)))
            )
        )

    def lent(self, st: GameState, src: int) -> list[tuple[int, Ability]]:
        return []

    def _pairs(self, st: GameState, src: int, hook: str) -> list[tuple[int, Ability]]:
        lent = self.lent(st, src)
        if not lent:
            return []
        out = []
        zone = st.zone
        hz = _HOOK_ZONES
        for card, ab in lent:
            z = (hz.get(ab.id) or hook_zones_of(ab)).get(hook)
            if z is not None and zone[card] in z:
                out.append((card, ab))
        if out and "blanks" in st.info.hooks:
            blank = st.blanked()
            out = [(c, a) for c, a in out if c not in blank]
        return out

    def own_trigger(
        self, st: GameState, src: int, hook: str, args: tuple[object, ...]
    ) -> Trigger | None:
        """This ability's own trigger for ``hook`` (besides the borrowed ones)."""
        return None

    def _collect(
        self, st: GameState, src: int, hook: str, *args: object
    ) -> Trigger | None:
        trigs: list[Trigger] = []
        mine = self.own_trigger(st, src, hook, args)
        if mine is not None:
            trigs.append(mine)
        for card, ab in self._pairs(st, src, hook):
            t = getattr(ab, hook)(st, card, *args)
            if t is not None:
                trigs.append(t)
        if not trigs:
            return None
        if len(trigs) == 1:
            return trigs[0]
        return Trigger(self.id, src, st.ctrl[src], ("bundle", *trigs))

    def resolve_bundle(self, st: GameState, trig: Trigger) -> bool:
        if trig.data[:1] == ("bundle",):
            st.push_triggers(list(trig.data[1:]))
            return True
        return False

    def _any(self, st: GameState, src: int, hook: str, *args: object) -> bool:
        return any(
            getattr(ab, hook)(st, c, *args) for c, ab in self._pairs(st, src, hook)
        )

    # static queries
    def counts_as_gate(self, st: GameState, src: int) -> bool:
        return self._any(st, src, "counts_as_gate")

    def can_move(self, st: GameState, src: int) -> bool:
        return self._any(st, src, "can_move")

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return self._any(st, src, "passes_through", other)

    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return self._any(st, src, "attacks_through", blocker)

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        """A card borrowing a way through cards (Trample) from another card."""
        for c, ab in self._pairs(st, src, "passes_through"):
            if c == mover and c != src and ab.passes_through(st, c, other):
                return True
        return self._any(st, src, "lets_pass", mover, other)

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return self._any(st, src, "prevents_force", cid)

    def instead_of_destroy(self, st: GameState, src: int, card: int) -> bool:
        return self._any(st, src, "instead_of_destroy", card)

    # modifiers
    def _fold(self, st: GameState, src: int, hook: str, cid: int, value: int) -> int:
        """A per-card stat ``hook`` through every borrowed ability, in turn."""
        if self.self_only and cid != src:
            return value
        for c, ab in self._pairs(st, src, hook):
            value = getattr(ab, hook)(st, c, cid, value)
        return value

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return self._fold(st, src, "mod_strength", cid, value)

    def mod_life(self, st: GameState, src: int, cid: int, value: int) -> int:
        return self._fold(st, src, "mod_life", cid, value)

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return self._fold(st, src, "mod_move", cid, value)

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        return self._fold(st, src, "mod_range", cid, value)

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        for c, ab in self._pairs(st, src, "mod_hits"):
            hits = ab.mod_hits(st, c, attacker, faces, hits)
        return hits

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
        for c, ab in self._pairs(st, src, "mod_attack_strength"):
            value = ab.mod_attack_strength(st, c, attacker, target, value)
        return value

    def mod_damage(
        self,
        st: GameState,
        src: int,
        attacker: int,
        target: int,
        faces: tuple[int, ...],
        damage: int,
    ) -> int:
        for c, ab in self._pairs(st, src, "mod_damage"):
            damage = ab.mod_damage(st, c, attacker, target, faces, damage)
        return damage

    # triggers
    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        return self._collect(st, src, "after_move", card, kind, path)

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        return self._collect(st, src, "after_move_from", card, kind, start, path)

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return self._collect(st, src, "after_attack", attacker, target, hits)

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        return self._collect(st, src, "after_attack_result", res)

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        return self._collect(st, src, "after_roll", roller, faces)

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        return self._collect(st, src, "on_destroy", card, by_player)

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        return self._collect(st, src, "start_of_turn", player)

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        return self._collect(st, src, "end_of_turn", player)

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return self._collect(st, src, "start_of_phase", phase)

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return self._collect(st, src, "end_of_phase", phase)

    # activated abilities
    def actions(self, st: GameState, src: int) -> list[Action]:
        out: list[Action] = []
        for c, ab in self._pairs(st, src, "actions"):
            if st.ctrl[c] == st.turn_player:
                out += ab.actions(st, c)
        return out


class FlagLending(Borrowing):
    """A :class:`Borrowing` whose lender is picked as the phase :attr:`phase` of
    its controller's turn begins and kept for the turn in ``st.flags`` as
    ``<id>:<src>`` = the picked card + 1 (flags end with the turn): the Mind Witch of
    both editions (Mimic, Mind Witch) and Vlox. It lends the abilities printed on
    that card (not ones it borrows itself), even after the card leaves play.

    Until a card is picked it lends nothing, and every forwarded hook takes a fast
    path that never builds the lent list. Its own trigger: at the start of
    :attr:`phase` in its controller's turn, while it is on the battlefield, a
    trigger whose data is :attr:`pick_tag` (the subclass's ``resolve_trigger``
    asks the pick)."""

    own_hooks: ClassVar[tuple[str, ...]] = ("start_of_phase",)
    #: the phase whose start offers the pick
    phase: ClassVar[int] = MOVE
    #: the data of the own trigger
    pick_tag: ClassVar[str] = "pick"

    def __init__(self) -> None:
        self._keys: dict[int, str] = {}

    def _key(self, src: int) -> str:
        got = self._keys.get(src)
        if got is None:
            got = self._keys[src] = f"{self.id}:{src}"
        return got

    # fast paths: until a card is picked it borrows nothing (``lent``)
    def _lending(self, st: GameState, src: int) -> bool:
        flags = st.flags
        return bool(flags) and bool(flags.get(self._keys.get(src) or self._key(src)))

    def _pairs(self, st: GameState, src: int, hook: str) -> list[tuple[int, Ability]]:
        if not self._lending(st, src):
            return []
        return Borrowing._pairs(self, st, src, hook)

    def _any(self, st: GameState, src: int, hook: str, *args: object) -> bool:
        if not self._lending(st, src):
            return False
        return Borrowing._any(self, st, src, hook, *args)

    def _collect(
        self, st: GameState, src: int, hook: str, *args: object
    ) -> Trigger | None:
        if not self._lending(st, src):
            return self.own_trigger(st, src, hook, args)
        return Borrowing._collect(self, st, src, hook, *args)

    def lent(self, st: GameState, src: int) -> list[tuple[int, Ability]]:
        got = st.flags.get(self._key(src)) if st.flags else None
        if not got:
            return []
        # static per game (card abilities): memoised on the game info; shared list
        memo: dict[tuple[int, int], list[tuple[int, Ability]]] = (
            st.info.extra.setdefault(self.id, {})
        )
        mkey = (src, got)
        out = memo.get(mkey)
        if out is None:
            out = memo[mkey] = [
                (src, ab)
                for ab in st.info.abilities[got - 1]
                if not isinstance(ab, Borrowing)
            ]
        return out

    def own_trigger(
        self, st: GameState, src: int, hook: str, args: tuple[object, ...]
    ) -> Trigger | None:
        if hook == "start_of_phase" and args[0] == self.phase:
            if st.turn_player == st.ctrl[src] and st.zone[src] == BOARD:
                return self.trigger(st, src, self.pick_tag)
        return None
