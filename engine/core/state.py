"""GameState: everything about one game, mutable, with a cheap ``clone()``.

Shape after OpenSpiel / python-chess: ``current_player()``, ``legal_actions()``,
``apply_action()``, ``is_terminal()``, ``outcome()``, ``clone()``.

Cards are small ints (card ids) fixed for the game; static facts (definitions, owners,
ability hook tables) live in a shared :class:`GameInfo`; the mutable parts are flat
lists so that ``clone()`` is a handful of list copies (no deepcopy). Randomness comes
from ``self.rng`` (a seeded ``random.Random`` copied by ``clone()``: shuffles, the first
player) and the dice: each turn's dice are a counter-based stream of (seed, turn, die
number) (:func:`engine.core.dice.die_index`), so a turn's dice never depend on how many
dice earlier turns rolled (paired games keep their dice after play diverges).

Zones (R1, R8c, R8e): draw deck, hand, discard pile, battlefield, active area, under
another card, and a first-edition magic pile. Each card is in exactly one zone;
``zone[cid]`` says which and the lists (``deck[p]``, ``hand[p]``, ``discard[p]``,
``active[p]``, ``board``, ``under``, ``magic_pile[p]``) hold it.

Magic piles (first edition only, ``Ruleset.magic_pile``; research/first-edition.md R14,
R18, R22): ``magic_pile[p]`` holds player p's pile bottom to top, its cards in zone
``MAGIC`` with ``pos[cid]`` = the holder p (the owner may be the other player: a
destroyed card goes to the destroyer's pile) and ``ctrl`` = their owner; ``magic[p]``
stays equal to ``len(magic_pile[p])`` because only :meth:`GameState.to_magic_pile` and
:meth:`GameState.remove_from_zone` change the pile. Paying (R14) puts the top card on
the payer's discard pile, so a first-edition discard pile may hold the other player's
cards: a card in ``discard[p]`` that ``p`` does not own has ``pos[cid] = p``
(:meth:`GameState.discard_to`); every other discarded card has ``pos`` -1 and lies in
its owner's pile. The second edition never uses either: its magic is a bare number.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import board as B
from engine.core import dice
from engine.core.actions import Action
from engine.core.hookcache import ZoneList, zone_signatures
from engine.core.hooks import (
    ACTIVE,
    BOARD,
    DECK,
    DISCARD,
    HAND,
    HOOKS,
    MAGIC,
    UNDER,
    Ability,
    Decision,
    Trigger,
)
from engine.core.info import GameInfo
from engine.core.mechanics.apply import apply_action as _apply
from engine.core.mechanics.legal import legal_actions as _legal_actions
from engine.core.phases import PHASES
from engine.core.types import CardClass, CardDef, Phase

# stats slots per card id
ST_SUMMONED, ST_DESTROYED, ST_DAMAGE = range(3)


_AURA_KEYS = {h: "aura:" + h for h in HOOKS}


class GameState:
    __slots__ = (
        "info",
        "zone",
        "pos",
        "ctrl",
        "damage",
        "boost",
        "board",
        "occ",
        "deck",
        "hand",
        "discard",
        "active",
        "under",
        "magic",
        "magic_pile",
        "turn_player",
        "first_player",
        "turn",
        "phase",
        "moved",
        "attacked",
        "targeted_enemy",
        "flags",
        "notes",
        "stack",
        "rng",
        "log",
        "winner",
        "terminal",
        "termination",
        "stats",
        "search",
        "rolls",
        "dice_seed",
        "dice_turn",
        "dice_n",
        "luck",
        "_legal",
    )

    info: GameInfo
    zone: ZoneList
    pos: list[int]
    ctrl: list[int]
    damage: list[int]
    boost: list[int]
    board: list[int]
    occ: int  # bit s set <=> board[s] holds a card (kept in step with board)
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    active: list[list[int]]
    under: dict[int, tuple[int, ...]]
    magic: list[int]
    # first edition: each player's magic pile, bottom to top (see the module doc)
    magic_pile: list[list[int]]
    turn_player: int
    first_player: int
    turn: int
    phase: int
    moved: list[int]
    attacked: list[int]
    targeted_enemy: bool
    flags: dict[str, int]
    # effect memory that, unlike ``flags``, survives turn changes (ACTIVE events
    # remembering their chosen cards); replace values, never mutate them in place
    notes: dict[str, int]
    stack: list[Trigger | Decision]
    rng: random.Random
    log: list[Action] | None
    winner: int | None
    terminal: bool
    termination: str | None
    stats: list[int] | None
    search: bool
    rolls: list[tuple[int, ...]] | None
    # the dice stream's key: the game seed; a look-ahead world that rolls real dice
    # (mcts play-outs) sets its own, so it never sees the game's coming dice
    dice_seed: int
    dice_turn: int  # the turn whose dice ``dice_n`` counts
    dice_n: int  # dice rolled so far in turn ``dice_turn``
    # per seat, attack dice luck: hits scored minus the hits expected from the dice
    # rolled (:func:`engine.core.mechanics.attack.note_luck`); mean zero whatever the
    # agents do, a control variate for paired comparisons
    luck: list[float]
    _legal: list[Action] | None

    # -- construction / copying --------------------------------------------------------
    @classmethod
    def empty(cls, info: GameInfo, seed: int) -> GameState:
        n = len(info.cards)
        st = cls()
        st.info = info
        if len(info.zone_sig) != n:
            info.zone_sig, info.zone_drops = zone_signatures(n, info.hooks)
        # "nowhere" until setup deals the cards
        st.zone = ZoneList([-1] * n, None, info.zone_sig, {}, info.zone_drops)
        st.pos = [-1] * n
        st.ctrl = list(info.owner)
        st.damage = [0] * n
        st.boost = [0] * n
        st.board = [B.EMPTY] * B.SPACES
        st.occ = 0
        st.deck = [[], []]
        st.hand = [[], []]
        st.discard = [[], []]
        st.active = [[], []]
        st.under = {}
        st.magic = [0, 0]
        st.magic_pile = [[], []]
        st.turn_player = 0
        st.first_player = 0
        st.turn = 0
        st.phase = info.ruleset.first_phase
        st.moved = []
        st.attacked = []
        st.targeted_enemy = False
        st.flags = {}
        st.notes = {}
        st.stack = []
        st.rng = random.Random(seed)
        st.log = []
        st.winner = None
        st.terminal = False
        st.termination = None
        st.stats = [0] * (3 * n)
        st.search = False
        st.rolls = []
        st.dice_seed = seed
        st.dice_turn = 0
        st.dice_n = 0
        st.luck = [0.0, 0.0]
        st._legal = None
        return st

    def clone(
        self, *, record: bool = True, rng: random.Random | None = None
    ) -> GameState:
        """Independent copy; ``record=False`` drops log, rolls and stats (search).
        ``rng``: the copy's RNG, instead of a copy of this state's (copying the
        RNG state is most of the cost of a clone; a caller that replaces the RNG
        anyway should pass it here)."""
        st = GameState()
        st.info = self.info
        st.zone = self.zone.copy()
        st.pos = self.pos[:]
        st.ctrl = self.ctrl[:]
        st.damage = self.damage[:]
        st.boost = self.boost[:]
        st.board = self.board[:]
        st.occ = self.occ
        d0, d1 = self.deck
        st.deck = [d0[:], d1[:]]
        h0, h1 = self.hand
        st.hand = [h0[:], h1[:]]
        x0, x1 = self.discard
        st.discard = [x0[:], x1[:]]
        a0, a1 = self.active
        st.active = [a0[:], a1[:]]
        st.under = self.under.copy()
        st.magic = self.magic[:]
        st.magic_pile = [self.magic_pile[0][:], self.magic_pile[1][:]]
        st.turn_player = self.turn_player
        st.first_player = self.first_player
        st.turn = self.turn
        st.phase = self.phase
        st.moved = self.moved[:]
        st.attacked = self.attacked[:]
        st.targeted_enemy = self.targeted_enemy
        st.flags = self.flags.copy()
        st.notes = self.notes.copy()
        st.stack = self.stack[:]
        st.dice_seed = self.dice_seed
        st.dice_turn = self.dice_turn
        st.dice_n = self.dice_n
        st.luck = self.luck[:]
        if rng is not None:
            st.rng = rng
        elif self.search and not record:
            # look-ahead copies of a search state share its RNG (dice there follow
            # a fixed pattern; only rare shuffles draw from it): cheap and still
            # deterministic, since agents explore in a fixed order
            st.rng = self.rng
        else:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            st.rng = rng
        if record:
            st.log = None if self.log is None else self.log[:]
            st.stats = None if self.stats is None else self.stats[:]
            st.rolls = None if self.rolls is None else self.rolls[:]
        else:
            st.log = None
            st.stats = None
            st.rolls = None
        st.winner = self.winner
        st.terminal = self.terminal
        st.termination = self.termination
        st.search = self.search
        st._legal = self._legal
        return st

    # -- OpenSpiel-style API -----------------------------------------------------------
    def current_player(self) -> int:
        """Player to act: the owner of the pending decision, else the turn player;
        -1 when the game is over."""
        if self.terminal:
            return -1
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, Decision):
                return top.player
        return self.turn_player

    def legal_actions(self) -> list[Action]:
        """Every legal action of :meth:`current_player`, in the documented order of
        :func:`engine.core.mechanics.legal.legal_actions`. The list is cached until
        the next action."""
        if self._legal is None:
            self._legal = _legal_actions(self)
        return self._legal

    def apply_action(self, action: Action) -> None:
        """Apply a legal action; raises IllegalActionError otherwise."""
        _apply(self, action)

    def invalidate(self) -> None:
        """Forget the cached legal list (after changing the state by hand, as tests
        and search do)."""
        self._legal = None

    def is_terminal(self) -> bool:
        return self.terminal

    def outcome(self) -> tuple[int | None, str | None]:
        """(winner seat or None, termination) — termination is ``summoner_destroyed``,
        ``turn_cap`` or None while the game runs."""
        return self.winner, self.termination

    def returns(self) -> tuple[float, float]:
        if not self.terminal or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    @property
    def phase_name(self) -> Phase:
        return PHASES[self.phase]

    # -- static card facts -------------------------------------------------------------
    def card(self, cid: int) -> CardDef:
        return self.info.cards[cid]

    def owner(self, cid: int) -> int:
        return self.info.owner[cid]

    def is_unit(self, cid: int) -> bool:
        return self.info.is_unit[cid]

    def is_structure(self, cid: int) -> bool:
        return self.info.is_structure[cid]

    def is_common(self, cid: int) -> bool:
        return self.info.is_common[cid]

    def has_class(self, cid: int, cls: CardClass) -> bool:
        return cls in self.info.cards[cid].classes

    def on_board(self, cid: int) -> bool:
        return self.zone[cid] == BOARD

    def friendly(self, a: int, b: int) -> bool:
        return self.ctrl[a] == self.ctrl[b]

    def summoner(self, player: int) -> int:
        return self.info.summoners[player]

    def units_of(self, player: int) -> list[int]:
        """Units ``player`` controls on the battlefield, by space order."""
        ctrl = self.ctrl
        isu = self.info.is_unit
        board = self.board
        return [
            c for s in B.bits_of(self.occ) if ctrl[c := board[s]] == player and isu[c]
        ]

    def cards_of(self, player: int) -> list[int]:
        ctrl = self.ctrl
        board = self.board
        return [c for s in B.bits_of(self.occ) if ctrl[c := board[s]] == player]

    # -- hooks -------------------------------------------------------------------------
    def hooked(self, hook: str) -> list[tuple[int, Ability]]:
        """(source, ability) pairs of ``hook`` whose source is in a working zone.
        Cached per hook until a card's zone change alters its working hooks
        (``ZoneList``). The list is shared: never mutate it."""
        zone = self.zone
        out = zone.hc.get(hook)
        if out is None:
            hooks = self.info.hooks.get(hook)
            out = [(s, a) for s, a, z in hooks if zone[s] in z] if hooks else []
            zone.hc[hook] = out
        if out and "blanks" in self.info.hooks:
            blank = self.blanked()
            if blank:
                return [(s, a) for s, a in out if s not in blank]
        return out

    def zone_cache(self) -> dict[str, Any]:
        """The cache of facts that depend only on which hooks work where: keys are
        "<hook>" (``_hooked``), "aura:<hook>" (``aura_active``) and
        "core.phase_hooks" (:mod:`engine.core.mechanics.turn`); ``ZoneList`` drops
        the keys of
        a hook when a card's zone change alters it. Add no other keys."""
        return self.zone.hc

    def blanked(self) -> set[int]:
        """Cards whose abilities are switched off (``blanks`` hooks, e.g. Freeze)."""
        zone = self.zone
        out: set[int] = set()
        for s, a, z in self.info.hooks.get("blanks", ()):
            if zone[s] in z:
                board = self.board
                for space in B.bits_of(self.occ):
                    c = board[space]
                    if c != s and a.blanks(self, s, c):
                        out.add(c)
        return out

    def _modded(self, hook: str, cid: int) -> bool:
        """May any ability change ``hook``'s value for ``cid``?"""
        info = self.info
        if cid in info.self_hooks.get(hook, ()):
            return True
        return hook in info.aura_hooks and self.aura_active(hook)

    def aura_active(self, hook: str) -> bool:
        """Is a modifier of ``hook`` that may change other cards (not ``self_only``)
        in a zone where it works? Cached (blanking ignored: a blanked aura only
        makes the caller take the slower, exact path)."""
        key = _AURA_KEYS.get(hook) or "aura:" + hook
        zone = self.zone
        hit = zone.hc.get(key)
        if hit is not None:
            return hit  # type: ignore[no-any-return]
        act = any(
            zone[s] in z and not a.self_only
            for s, a, z in self.info.hooks.get(hook, ())
        )
        zone.hc[key] = act
        return act

    # strength / life / move_distance / attack_range inline ``_modded``: a card with
    # no self-only modifier of its own and no aura in play keeps its printed value
    def strength(self, cid: int) -> int:
        info = self.info
        v = info.base_strength[cid]
        mod = info.strength_mod[cid]
        if mod != 2:
            if mod == 0:
                return v
            hit = self.zone.hc.get("aura:mod_strength")  # aura_active's cache
            if hit is False or (hit is None and not self.aura_active("mod_strength")):
                return v
        # (hooked's cache, when nothing blanks)
        mods: list[tuple[int, Ability]] | None = self.zone.hc.get("mod_strength")
        if mods is None or "blanks" in info.hooks:
            mods = self.hooked("mod_strength")
        for s, a in mods:
            if s == cid or not a.self_only:  # (a self-only one changes only its card)
                v = a.mod_strength(self, s, cid, v)
        return v if v > 0 else 0

    def life(self, cid: int) -> int:
        info = self.info
        v = info.base_life[cid]
        mod = info.life_mod[cid]
        if mod != 2:
            if mod == 0:
                return v
            hit = self.zone.hc.get("aura:mod_life")  # aura_active's cache
            if hit is False or (hit is None and not self.aura_active("mod_life")):
                return v
        # (hooked's cache, when nothing blanks)
        mods: list[tuple[int, Ability]] | None = self.zone.hc.get("mod_life")
        if mods is None or "blanks" in info.hooks:
            mods = self.hooked("mod_life")
        for s, a in mods:
            if s == cid or not a.self_only:  # (a self-only one changes only its card)
                v = a.mod_life(self, s, cid, v)
        return v

    def move_distance(self, cid: int) -> int:
        v = 2
        info = self.info
        if cid not in info.self_hooks.get("mod_move", ()) and (
            "mod_move" not in info.aura_hooks or not self.aura_active("mod_move")
        ):
            return v
        for s, a in self.hooked("mod_move"):
            v = a.mod_move(self, s, cid, v)
        return v

    def attack_range(self, cid: int) -> int:
        v = 3
        info = self.info
        if cid not in info.self_hooks.get("mod_range", ()) and (
            "mod_range" not in info.aura_hooks or not self.aura_active("mod_range")
        ):
            return v
        for s, a in self.hooked("mod_range"):
            v = a.mod_range(self, s, cid, v)
        return v

    def is_gate(self, cid: int) -> bool:
        info = self.info
        if info.gate_static[cid]:
            return True
        if "counts_as_gate" not in info.hooks:
            return False
        for s, a in self.hooked("counts_as_gate"):
            if s == cid and a.counts_as_gate(self, s):
                return True
        return False

    def can_move(self, cid: int) -> bool:
        """Units move; a unit that is also a structure only if an ability says so."""
        info = self.info
        if not info.is_unit[cid]:
            return False
        hooks = info.hooks
        if "prevents_move" in hooks:
            stops: list[tuple[int, Ability]] | None = self.zone.hc.get(
                "prevents_move"
            )  # (as in strength)
            if stops is None or "blanks" in hooks:
                stops = self.hooked("prevents_move")
            for s, a in stops:
                if a.prevents_move(self, s, cid):
                    return False
        if not info.is_structure[cid]:
            return True
        if "can_move" not in hooks:
            return False
        for s, a in self.hooked("can_move"):
            if s == cid and a.can_move(self, s):
                return True
        return False

    def passes_through(self, cid: int, other: int) -> bool:
        if "lets_pass" in self.info.hooks:
            for s, a in self.hooked("lets_pass"):
                if a.lets_pass(self, s, cid, other):
                    return True
        if "passes_through" not in self.info.hooks:
            return False
        for s, a in self.hooked("passes_through"):
            if s == cid and a.passes_through(self, s, other):
                return True
        return False

    def transparent_to(self, blocker: int, attacker: int) -> bool:
        hooks = self.info.hooks
        if "blocks_through" in hooks:
            for s, a in self.hooked("blocks_through"):
                if a.blocks_through(self, s, blocker):
                    return False
        if "attacks_through" in hooks:
            for s, a in self.hooked("attacks_through"):
                if s == attacker and a.attacks_through(self, s, blocker):
                    return True
        if "transparent_to" not in hooks:
            return False
        for s, a in self.hooked("transparent_to"):
            if s == blocker and a.transparent_to(self, s, attacker):
                return True
        return False

    def can_be_forced(self, cid: int) -> bool:
        """False when an ability forbids forcing (pushing) ``cid``."""
        if "prevents_force" in self.info.hooks:
            for s, a in self.hooked("prevents_force"):
                if a.prevents_force(self, s, cid):
                    return False
        return True

    def attack_forbidden(self, attacker: int, target: int) -> bool:
        """True when an ability forbids ``attacker`` to attack ``target``."""
        for s, a in self.hooked("prevents_attack"):
            if a.prevents_attack(self, s, attacker, target):
                return True
        return False

    # -- triggers and decisions --------------------------------------------------------
    def emit(self, hook: str, *args: Any) -> None:
        """Collect the triggers of ``hook`` and put them on the stack (R8e: if several,
        the turn player picks the order)."""
        hooks = self.info.hooks
        if hook not in hooks:
            return
        # (hooked's cache, when nothing blanks)
        hooked: list[tuple[int, Ability]] | None = self.zone.hc.get(hook)
        if hooked is None or "blanks" in hooks:
            hooked = self.hooked(hook)
        if not hooked:
            return
        trigs: list[Trigger] = []
        for s, a in hooked:
            t = getattr(a, hook)(self, s, *args)
            if t is not None:
                trigs.append(t)
        if trigs:
            self.push_triggers(trigs)

    def collect(self, hook: str, *args: Any) -> list[Trigger]:
        """The triggers ``hook`` produces now (not yet on the stack)."""
        trigs: list[Trigger] = []
        hooks = self.info.hooks
        if hook not in hooks:
            return trigs
        # (hooked's cache, when nothing blanks)
        hooked: list[tuple[int, Ability]] | None = self.zone.hc.get(hook)
        if hooked is None or "blanks" in hooks:
            hooked = self.hooked(hook)
        for s, a in hooked:
            t = getattr(a, hook)(self, s, *args)
            if t is not None:
                trigs.append(t)
        return trigs

    def push_triggers(self, trigs: list[Trigger]) -> None:
        if not trigs:
            return
        if len(trigs) == 1:
            self.stack.append(trigs[0])
            return
        from engine.core.actions import ChooseTrigger

        self.stack.append(
            Decision(
                self.turn_player,
                "core.order",
                -1,
                tuple(ChooseTrigger(i) for i in range(len(trigs))),
                tuple(trigs),
                "order of simultaneous triggers",
            )
        )

    def ask(self, decision: Decision) -> None:
        """Put a decision on the stack. A decision with one option is still asked (the
        log stays a faithful record); one with no option is dropped."""
        if decision.options:
            self.stack.append(decision)

    # -- primitives used by rules and abilities ----------------------------------------
    def gain_magic(self, player: int, n: int) -> None:
        """Add ``n`` (may be negative) to ``player``'s magic within the ruleset's
        limits (:meth:`engine.core.ruleset.Ruleset.gain_magic`)."""
        self.info.ruleset.gain_magic(self, player, n)

    def place(self, cid: int, space: int, player: int) -> None:
        """Put a card from wherever it is onto an empty space, controlled by player."""
        self.remove_from_zone(cid)
        self.zone[cid] = BOARD
        self.pos[cid] = space
        self.board[space] = cid
        self.occ |= 1 << space
        self.ctrl[cid] = player

    def remove_from_zone(self, cid: int) -> None:
        z = self.zone[cid]
        if z == BOARD:
            space = self.pos[cid]
            self.board[space] = B.EMPTY
            self.occ &= ~(1 << space)
            self.pos[cid] = -1
            rs = self.info.ruleset
            if rs.watches_vacated:
                rs.space_vacated(self, space)
            return
        elif z == HAND:
            self.hand[self.ctrl[cid]].remove(cid)
        elif z == DECK:
            self.deck[self.info.owner[cid]].remove(cid)
        elif z == DISCARD:
            p = self.pos[cid]  # another player's discard pile (discard_to), else -1
            self.discard[self.info.owner[cid] if p < 0 else p].remove(cid)
        elif z == ACTIVE:
            self.active[self.ctrl[cid]].remove(cid)
        elif z == UNDER:
            host = self.pos[cid]
            rest = tuple(c for c in self.under[host] if c != cid)
            if rest:
                self.under[host] = rest
            else:
                del self.under[host]
        elif z == MAGIC:
            p = self.pos[cid]
            self.magic_pile[p].remove(cid)
            self.magic[p] -= 1
        self.pos[cid] = -1

    def clear_tokens(self, cid: int) -> None:
        self.damage[cid] = 0
        self.boost[cid] = 0

    def discard_card(self, cid: int) -> None:
        """Put a card face down on its OWNER's discard pile (not "destroyed")."""
        self.remove_from_zone(cid)
        self.discard_under(cid)
        owner = self.info.owner[cid]
        self.zone[cid] = DISCARD
        self.ctrl[cid] = owner
        self.clear_tokens(cid)
        self.discard[owner].append(cid)

    def discard_to(self, cid: int, player: int) -> None:
        """Put a card face up on ``player``'s discard pile, whoever owns it (first
        edition: paying puts the top card of your magic pile on YOUR discard pile,
        R14); tokens removed, cards under it discarded."""
        self.remove_from_zone(cid)
        self.discard_under(cid)
        owner = self.info.owner[cid]
        self.zone[cid] = DISCARD
        self.ctrl[cid] = owner
        self.clear_tokens(cid)
        if player != owner:
            self.pos[cid] = player
        self.discard[player].append(cid)

    def discard_holder(self, cid: int) -> int:
        """The player whose discard pile holds ``cid`` (a card in zone DISCARD)."""
        p = self.pos[cid]
        return self.info.owner[cid] if p < 0 else p

    def to_magic_pile(self, cid: int, player: int) -> None:
        """First edition: put a card face down on top of ``player``'s magic pile
        (build magic R18, a destroyed card R22...), whoever owns it; tokens removed,
        cards under it discarded; ``magic[player]`` grows by one."""
        self.remove_from_zone(cid)
        self.discard_under(cid)
        self.zone[cid] = MAGIC
        self.pos[cid] = player
        self.ctrl[cid] = self.info.owner[cid]
        self.clear_tokens(cid)
        self.magic_pile[player].append(cid)
        self.magic[player] += 1

    def discard_under(self, cid: int) -> None:
        below = self.under.pop(cid, None)
        if below:
            for c in below:
                self.zone[c] = DISCARD
                self.pos[c] = -1
                o = self.info.owner[c]
                self.ctrl[c] = o
                self.clear_tokens(c)
                self.discard_under(c)
                self.discard[o].append(c)

    def destroy(self, cid: int, by_player: int | None, source: int = -1) -> bool:
        """Destroy a card on the battlefield (R7). ``by_player`` is the controller of
        the attack/effect that destroyed it (None for rules such as cost of inaction);
        what they gain is the ruleset's (``Ruleset.card_destroyed``). Returns False
        when an "instead of" effect replaced the destruction."""
        if self.zone[cid] != BOARD:
            return False
        for s, a in self.hooked("instead_of_destroy"):
            if a.instead_of_destroy(self, s, cid):
                return False
        was_ctrl = self.ctrl[cid]
        space = self.pos[cid]
        rs = self.info.ruleset
        # the cards under it (a first-edition destroyer takes them too, R22)
        below = self.under.get(cid, ()) if rs.magic_pile else ()
        self.discard_card(cid)
        if self.stats is not None:
            self.stats[3 * cid + ST_DESTROYED] += 1
        hooks = self.info.hooks
        rs.card_destroyed(self, cid, was_ctrl, by_player, source, below)
        if cid in self.info.summoners:
            self._summoner_destroyed()
        if not self.terminal:
            # R8e: the destruction triggers judge the card by the controller it had
            # when destroyed ("a friendly unit", "your summoner", its Trigger's
            # player), not by its owner; it is its owner's again once they are
            # collected (collecting resolves nothing).
            ctrl = self.ctrl
            ctrl[cid] = was_ctrl
            if "on_destroy_at" in hooks:
                trigs = self.collect("on_destroy", cid, by_player)
                trigs += self.collect("on_destroy_at", cid, by_player, space)
                self.push_triggers(trigs)
            else:
                self.emit("on_destroy", cid, by_player)
            ctrl[cid] = self.info.owner[cid]
            if self.info.hooks.get("mod_life"):
                self.check_lethal()
        return True

    def _summoner_destroyed(self) -> None:
        alive = [p for p in (0, 1) if self.zone[self.info.summoners[p]] == BOARD]
        self.terminal = True
        self.termination = "summoner_destroyed"
        self.winner = alive[0] if len(alive) == 1 else None
        self.stack.clear()

    def check_lethal(self) -> None:
        """Destroy cards whose damage reaches their (possibly lowered) life."""
        damage = self.damage
        board = self.board
        for cid in [board[s] for s in B.bits_of(self.occ)]:
            # (skipping undamaged cards before the terminal test changes nothing)
            if not damage[cid]:
                continue
            if self.terminal:
                return
            if damage[cid] >= self.life(cid):
                self.destroy(cid, None)

    def deal_damage(
        self, cid: int, n: int, by_player: int | None, source: int = -1
    ) -> None:
        """Add ``n`` damage tokens; destroy the card at life 0 or less (R7)."""
        if n <= 0 or self.zone[cid] != BOARD:
            return
        self.damage[cid] += n
        if self.stats is not None and source >= 0:
            self.stats[3 * source + ST_DAMAGE] += n
        space, ctrl = self.pos[cid], self.ctrl[cid]  # as it was hit (for after_damage)
        if self.damage[cid] >= self.life(cid):
            self.destroy(cid, by_player, source)
        if "after_damage" in self.info.hooks and not self.terminal:
            self.emit("after_damage", cid, n, space, ctrl)

    def heal(self, cid: int, n: int) -> None:
        """Remove up to ``n`` damage (removing more than present removes all, R8e)."""
        d = self.damage[cid] - n
        self.damage[cid] = d if d > 0 else 0

    def relocate(
        self, cid: int, to: int, kind: str, path: tuple[int, ...] = ()
    ) -> None:
        """Move a battlefield card to the empty space ``to`` and fire ``after_move``
        (``kind`` "move" or "force"). Cards under it travel with it."""
        start = self.pos[cid]
        self.occ = (self.occ & ~(1 << start)) | (1 << to)
        self.board[start] = B.EMPTY
        self.board[to] = cid
        self.pos[cid] = to
        rs = self.info.ruleset
        if rs.watches_vacated:
            rs.space_vacated(self, start)
        if "after_move_from" not in self.info.hooks:
            self.emit("after_move", cid, kind, path or (to,))
            return
        trigs = self.collect("after_move", cid, kind, path or (to,))
        trigs += self.collect("after_move_from", cid, kind, start, path or (to,))
        self.push_triggers(trigs)

    def force(self, cid: int, to: int) -> None:
        """Push (force) a card to ``to`` (R8e: not a move); nothing happens when an
        ability forbids forcing it (:meth:`can_be_forced`)."""
        if "prevents_force" in self.info.hooks and not self.can_be_forced(cid):
            return
        self.relocate(cid, to, "force")

    def put_under(self, cid: int, host: int) -> None:
        """Put ``cid`` under ``host`` (R8e): cards under ``cid`` are discarded and its
        tokens removed first; it takes the host's controller."""
        self.discard_under(cid)
        self.remove_from_zone(cid)
        self.clear_tokens(cid)
        self.zone[cid] = UNDER
        self.pos[cid] = host
        self.ctrl[cid] = self.ctrl[host]
        self.under[host] = self.under.get(host, ()) + (cid,)

    def set_controller(self, cid: int, player: int) -> None:
        """Take control of a card and the cards under it (R8e)."""
        self.ctrl[cid] = player
        for c in self.under.get(cid, ()):
            self.ctrl[c] = player

    def draw(self, player: int, n: int) -> int:
        """Draw up to ``n`` cards; an empty deck is never refilled (R8b)."""
        deck = self.deck[player]
        got = 0
        while got < n and deck:
            c = deck.pop()
            self.zone[c] = HAND
            self.hand[player].append(c)
            got += 1
        if got and "after_draw" in self.info.hooks and self.turn:
            self.emit("after_draw", player, got)
        return got

    def roll(self, n: int) -> tuple[int, ...]:
        if self.search:
            faces = dice.pattern_roll(
                n, self.info.faces, self.info.ruleset.search_order
            )
        else:
            t = self.turn
            if t != self.dice_turn:
                self.dice_turn = t
                self.dice_n = 0
            faces = dice.roll_at(self.dice_seed, t, self.dice_n, n, self.info.faces)
            self.dice_n += n
        if self.rolls is not None:
            self.rolls.append(faces)
        return faces

    def settle(self) -> None:
        """Resolve triggers on top of the stack until a decision waits or none left."""
        stack = self.stack
        if not stack:
            return
        while stack and not self.terminal:
            top = stack[-1]
            if isinstance(top, Decision):
                return
            stack.pop()
            self.info.registry[top.ability].resolve_trigger(self, top)

    def position_key(self, dice: bool = True) -> tuple[object, ...]:
        """A hashable key of the position: everything that decides play from here
        (every card's zone, space, controller and tokens; the piles in order;
        magic; turn, phase and the turn's memory; effects' flags and notes; the
        stack; the dice counters). Not the RNG, the log or statistics. Two states
        with equal keys play on alike (search transposition tables key on it).
        The units that moved or attacked this turn count as sets: the rules ask
        only whether a unit did and how many did, so two moves made in either
        order reach the same key (a transposition the planner's play-out memory
        then finds).
        :func:`engine.core.replay.state_digest` hashes a fixed, smaller set of these
        parts for stored replays; a new part of the state belongs in both.
        ``dice=False`` leaves the dice counters out: a search copy's dice follow a
        fixed pattern that never reads them."""
        d0, d1 = self.deck
        h0, h1 = self.hand
        x0, x1 = self.discard
        a0, a1 = self.active
        m0, m1 = self.magic_pile
        return (
            tuple(self.zone),
            tuple(self.pos),
            tuple(self.ctrl),
            tuple(self.damage),
            tuple(self.boost),
            tuple(d0),
            tuple(d1),
            tuple(h0),
            tuple(h1),
            tuple(x0),
            tuple(x1),
            tuple(a0),
            tuple(a1),
            tuple(sorted(self.under.items())),
            tuple(self.magic),
            tuple(m0),
            tuple(m1),
            self.turn_player,
            self.turn,
            self.phase,
            tuple(sorted(self.moved)),
            tuple(sorted(self.attacked)),
            self.targeted_enemy,
            tuple(sorted(self.flags.items())),
            tuple(sorted(self.notes.items())),
            tuple(self.stack),
            self.dice_turn if dice else -1,
            self.dice_n if dice else -1,
            self.terminal,
            self.winner,
        )

    # -- debugging ---------------------------------------------------------------------
    def board_text(self) -> str:
        """The battlefield as text, row 8 (player 1's back row) at the top."""
        lines = []
        for r in range(B.ROWS - 1, -1, -1):
            cells = []
            for c in range(B.COLS):
                cid = self.board[B.sq(r, c)]
                if cid < 0:
                    cells.append("  .   ")
                else:
                    slug = self.info.cards[cid].slug[:3]
                    hp = self.life(cid) - self.damage[cid]
                    cells.append(f"{self.ctrl[cid]}{slug}{hp:>2}")
            lines.append(f"{r + 1} " + " ".join(cells))
        lines.append("   " + " ".join(f"  {c}   " for c in "abcdef"))
        return "\n".join(lines)
