'''The ability framework: card abilities as code registered against hooks.

Every ability in the catalog has an id, ``"<card-slug>.<ability-slug>"`` (an event's or
a structure-event's effect is ``"<card-slug>.effect"``). An implementation is a subclass
of :class:`Ability` listed under that id in its faction module's ``ABILITIES`` table,
which fills the ruleset's :class:`AbilityRegistry`. The core rules never
name a card: they call the hooks below for every card whose abilities implement them.

Where an ability works
    ``zones`` (class attribute) lists the zones in which its hooks fire: the battlefield
    (``BOARD``) by default; an ACTIVE event uses ``(ACTIVE,)``; a card tucked under
    another ``(UNDER,)`` (``state.pos[src]`` is then the card it is under).
    ``hook_zones = {"mod_hits": (UNDER,)}`` overrides the zones of single hooks.
    A card kept in a first-edition separate pile (Phoenixes, Minor Ice Walls, Vine
    Walls) is in no zone (-1) until an effect places it: see
    :mod:`engine.rulesets.first.piles` (``pile_cards``, ``conjure``). A Vine Wall
    under a unit is in that zone too, with ``pos`` = its space (it belongs to the
    space, not to the unit: :mod:`engine.rulesets.first.vines`; the core tells the
    ruleset when a space is left, ``Ruleset.space_vacated``).

Hooks (override only what the card needs; ``st`` is the
:class:`~engine.core.state.GameState`, ``src`` the card id carrying the ability):

Static queries
    ``counts_as_gate(st, src) -> bool``       summon next to it (R4)
    ``can_move(st, src) -> bool``             a structure that may move (R5)
    ``passes_through(st, src, other) -> bool`` may moving ``src`` cross ``other``
    ``lets_pass(st, src, mover, other) -> bool``  ``src`` lets the moving ``mover``
    cross ``other`` (an aura such as Levitate; ``passes_through`` is the card's own)
    ``transparent_to(st, src, attacker) -> bool``  ``attacker`` attacks through ``src``
    ``attacks_through(st, src, blocker) -> bool``  ``src``'s attacks pass ``blocker``
    ``blocks_through(st, src, blocker) -> bool``  no attack may pass ``blocker`` (veto)
    ``prevents_attack(st, src, attacker, target) -> bool``  that attack is illegal
    ``prevents_move(st, src, cid) -> bool``   ``cid`` cannot move (R5)
    ``prevents_force(st, src, cid) -> bool``  ``cid`` cannot be forced (R8e)
    ``blanks(st, src, cid) -> bool``          ``cid`` has no abilities (its hooks skip)
    ``summon_spaces(st, src, card) -> list[int]``  extra spaces to summon ``card`` (R4)
    ``keep_active(st, src) -> bool``  an ACTIVE event is not discarded at turn start
    ``extra_attack(st, src, unit) -> bool``  ``unit``'s attacks are extra attacks (R8e:
    beyond the 3-attacker limit, not counted toward it)
    ``prevents_summon(st, src, card) -> bool``  ``card`` cannot be summoned by R4 (it
    has its own way in, e.g. an ``actions`` hook in the HAND zone)
Modifiers (called for every src in its zones; check ``cid`` yourself; return new value;
set ``self_only = True`` when the ability only modifies its own card)
    ``mod_strength(st, src, cid, value)``, ``mod_life(...)``, ``mod_move(...)`` (spaces
    per move), ``mod_range(...)`` (ranged reach)
    ``mod_hits(st, src, attacker, faces, hits) -> int``  hits of an attack roll
    ``mod_attack_strength(st, src, attacker, target, value)``  dice rolled for one
    attack (called once per attack, may roll dice itself)
    ``mod_damage(st, src, attacker, target, faces, damage) -> int``  damage an attack
    adds to its target (after ``mod_hits``)
    ``mod_ability_damage(st, src, source, target, n) -> int``  damage the ability of
    card ``source`` deals to ``target`` without attacking it (``ability_damage``)
    ``mod_event_cost(st, src, card, value) -> int``  magic ``card`` (an event in
    its player's hand) costs to play; 0 unless an ability adds some (first edition:
    Glurp's Disruptive; read by :mod:`engine.rulesets.first.events`)
    ``mod_kill_magic(st, src, card, source, n) -> int``  magic gained for destroying
    the enemy ``card`` (``source``: attacking unit or effect card, -1 if unknown)
    ``mod_summon_cost(st, src, card, value) -> int``  the magic ``card`` costs to
    summon now (first edition: Hirud's Magic Leech; the second edition never asks)
    Modifiers run in ascending ``order`` (class attribute, default 0), then card id.
Triggers (return a :class:`Trigger` via ``self.trigger(...)``, or None)
    ``after_move(st, src, card, kind, path)``  ``kind`` is ``"move"`` (R5 or an ability
    move) or ``"force"`` (push, R8e); ``path`` = spaces stepped on, last = arrival
    ``after_attack(st, src, attacker, target, hits)``  after damage and destruction
    ``after_attack_result(st, src, res)``  same moment, with the whole
    :class:`AttackResult` (faces rolled, target space, damage)
    ``after_roll(st, src, roller, faces)``  a unit rolled dice (attack or ability);
    the continuation below it carries ``("roll", roller, faces, ...)``: change the
    roll with :func:`replace_roll` (rerolls)
    ``after_summon(st, src, card)``  ``card`` was just summoned (R4)
    ``after_return(st, src, card, space, controller)``  ``card`` left ``space`` of the
    battlefield for a hand (returned, not destroyed) while ``controller`` had it
    ``after_draw(st, src, player, n)``  ``player`` drew ``n`` >= 1 cards (draw phase
    or an effect; not the opening hand)
    ``after_damage(st, src, card, n, space, controller)``  ``card`` took ``n`` >= 1
    damage (any source) on ``space`` while ``controller`` controlled it; fired after
    a destruction the damage caused (the card may be gone by then)
    ``after_move_from(st, src, card, kind, start, path)``  as ``after_move``, with the
    space the card left
    ``on_destroy(st, src, card, by_player)``   ``card`` already in its owner's discard;
    while the hook runs ``st.ctrl[card]`` is still the controller it had when it was
    destroyed (R8e: "friendly", "your"), its owner again afterwards
    ``on_destroy_at(st, src, card, by_player, space)``  as ``on_destroy``, with the
    space the card was destroyed on
    ``start_of_turn(st, src, player)``, ``end_of_turn(st, src, player)``
    ``start_of_phase(st, src, phase)``, ``end_of_phase(st, src, phase)``
    Resolve with ``resolve_trigger(st, trigger)``.
Replacement ("instead of")
    ``instead_of_destroy(st, src, card) -> bool``  True = the card is not destroyed (no
    magic is gained, R8e); the ability does whatever happens instead.
Activated abilities / extra actions
    ``actions(st, src) -> list[Action]`` extra legal actions for the player to act
    (e.g. ``UseAbility``, or an extra ``Attack``), handled by ``use(st, src, action)``.
    ``action_phases`` (class attribute) may name the only phases where it offers any.
    "Instead of moving" abilities append ``src`` to ``st.moved`` (the 3-unit limit).
Events
    ``can_play(st, card) -> bool`` and ``play(st, card)``; the core has already paid the
    cost and moved the card to the discard pile (or the active area for ACTIVE).
    Structure-events (Parapet) are built by the core; their effect is usually a static
    hook such as ``transparent_to``.
Choices
    Ask with ``st.ask(Decision(...))``: the options are the exact legal actions
    (``ChooseTarget``, ``ChooseSpace``, ``ChooseOption``, ``YesNo``); the answer
    comes to ``resolve(st, decision, action)``. Multi-step effects keep their
    progress in ``Decision.data`` (immutable), never in the Ability object, so
    clones stay cheap.
State primitives for effects (methods of GameState)
    ``deal_damage(cid, n, by_player, source)``, ``heal(cid, n)``, ``destroy(cid, by)``,
    ``force(cid, to, by)``, ``relocate(cid, to, kind, path)``, ``put_under(cid, host)``,
    ``set_controller(cid, player)``, ``gain_magic(p, n)``, ``boost[cid]``,
    first edition: ``to_magic_pile(cid, p)``, ``discard_to(cid, p)`` (magic is a
    pile of cards there, ``engine.rulesets.first.magic``; ``gain_magic`` only pays),
    ``strength/life/is_structure/is_unit/is_common/friendly/on_board`` queries,
    ``flags`` (reset every turn; "once per turn"), ``notes`` (kept across turns).

Worked example (a made-up card)::

    class Chill(Ability):
        """After this unit attacks, it may push the target 1 space."""

        def after_attack(self, st, src, attacker, target, hits):
            if attacker == src and st.on_board(target):
                return self.trigger(st, src, target)
            return None

        def resolve_trigger(self, st, trig):
            target = trig.data[0]
            spaces = [s for s in ADJ[st.pos[target]] if st.board[s] == EMPTY]
            if st.on_board(target) and spaces:
                st.ask(self.decision(st, trig.source,
                       [NO] + [ChooseSpace(s) for s in spaces], target))

        def resolve(self, st, dec, action):
            if isinstance(action, ChooseSpace):
                st.force(dec.data[0], action.space, by=dec.player)

    ABILITIES = {"frost-hound.chill": Chill}  # at the end of the faction module

Each ruleset lists its faction modules explicitly (e.g.
:mod:`engine.rulesets.second.abilities`) and fills its registry from their tables the
first time a game of that ruleset is built
(:meth:`engine.core.ruleset.Ruleset.load_abilities`).
'''

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from engine.core.actions import Action

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.core.types import CardDef

from engine.core.zones import (  # noqa: F401
    ACTIVE,
    BOARD,
    DECK,
    DISCARD,
    HAND,
    MAGIC,
    UNDER,
    ZONE_NAMES,
)


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered effect waiting on the stack."""

    ability: str
    source: int
    player: int
    data: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice a player must make inside an effect; ``options`` are legal actions."""

    player: int
    ability: str
    source: int
    options: tuple[Action, ...]
    data: tuple[Any, ...] = ()
    prompt: str = ""


HOOKS: tuple[str, ...] = (
    "counts_as_gate",
    "can_move",
    "passes_through",
    "transparent_to",
    "mod_strength",
    "mod_life",
    "mod_move",
    "mod_range",
    "mod_hits",
    "after_move",
    "after_attack",
    "on_destroy",
    "start_of_turn",
    "end_of_turn",
    "start_of_phase",
    "end_of_phase",
    "instead_of_destroy",
    "actions",
    "attacks_through",
    "blocks_through",
    "prevents_attack",
    "prevents_move",
    "prevents_force",
    "blanks",
    "summon_spaces",
    "keep_active",
    "mod_attack_strength",
    "mod_damage",
    "after_attack_result",
    "after_roll",
    "after_summon",
    "after_damage",
    "after_draw",
    "after_return",
    "after_move_from",
    "extra_attack",
    "prevents_summon",
    "mod_kill_magic",
    "mod_ability_damage",
    "on_destroy_at",
    "lets_pass",
    "mod_event_cost",
    "mod_summon_cost",
)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """One resolved attack: ``space`` is where the target stood, ``damage`` what the
    attack added to it (after every modifier)."""

    attacker: int
    target: int
    space: int
    faces: tuple[int, ...]
    damage: int


def replace_roll(st: GameState, faces: tuple[int, ...]) -> bool:
    """Replace the dice of the pending roll (the topmost trigger whose data starts
    with ``"roll"``); False when no roll is pending."""
    stack = st.stack
    for i in range(len(stack) - 1, -1, -1):
        t = stack[i]
        if isinstance(t, Trigger) and t.data[:1] == ("roll",):
            stack[i] = Trigger(
                t.ability,
                t.source,
                t.player,
                (t.data[0], t.data[1], faces) + t.data[3:],
            )
            return True
    return False


@mypyc_attr(allow_interpreted_subclasses=True)  # tests define abilities of their own
class Ability:
    """Base class of ability implementations; see the module docstring."""

    id: str = ""  # set by the registry
    zones: ClassVar[tuple[int, ...]] = (BOARD,)
    #: True when the ``mod_*`` hooks only ever change the card carrying the ability
    #: (``cid == src``): the engine then skips them for every other card (speed).
    self_only: ClassVar[bool] = False
    #: modifiers of one hook run in ascending ``order`` (then card id)
    order: ClassVar[int] = 0
    hook_zones: ClassVar[Mapping[str, tuple[int, ...]]] = {}
    #: phases in which ``actions`` may offer something (None: any); the core skips
    #: the call in other phases (speed). Set it only when ``actions`` returns []
    #: whenever ``st.phase`` is not one of them.
    action_phases: ClassVar[tuple[int, ...] | None] = None

    def zones_for(self, hook: str) -> tuple[int, ...]:
        """Zones where ``hook`` fires: ``hook_zones[hook]`` else ``zones``."""
        return self.hook_zones.get(hook, self.zones)

    # -- helpers -----------------------------------------------------------------
    def trigger(self, st: GameState, src: int, *data: Any) -> Trigger:
        return Trigger(self.id, src, st.ctrl[src], tuple(data))

    def decision(
        self,
        st: GameState,
        src: int,
        options: Sequence[Action],
        *data: Any,
        player: int | None = None,
        prompt: str = "",
    ) -> Decision:
        p = st.ctrl[src] if player is None else player
        return Decision(p, self.id, src, tuple(options), tuple(data), prompt or self.id)

    # -- static queries ---------------------------------------------------------------
    def counts_as_gate(self, st: GameState, src: int) -> bool:
        return False

    def can_move(self, st: GameState, src: int) -> bool:
        return False

    def passes_through(self, st: GameState, src: int, other: int) -> bool:
        return False

    def lets_pass(self, st: GameState, src: int, mover: int, other: int) -> bool:
        return False

    def transparent_to(self, st: GameState, src: int, attacker: int) -> bool:
        return False

    # -- modifiers ---------------------------------------------------------------------
    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value

    def mod_life(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value

    def mod_move(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value

    def mod_range(self, st: GameState, src: int, cid: int, value: int) -> int:
        return value

    def mod_hits(
        self, st: GameState, src: int, attacker: int, faces: tuple[int, ...], hits: int
    ) -> int:
        return hits

    # -- triggers ----------------------------------------------------------------------
    def after_move(
        self, st: GameState, src: int, card: int, kind: str, path: tuple[int, ...]
    ) -> Trigger | None:
        return None

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Trigger | None:
        return None

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        return None

    def start_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        return None

    def end_of_turn(self, st: GameState, src: int, player: int) -> Trigger | None:
        return None

    def start_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return None

    def end_of_phase(self, st: GameState, src: int, phase: int) -> Trigger | None:
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        return None

    # -- replacement ------------------------------------------------------------------
    def instead_of_destroy(self, st: GameState, src: int, card: int) -> bool:
        return False

    # -- more static queries, modifiers and triggers ---------------------------------
    def attacks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return False

    def blocks_through(self, st: GameState, src: int, blocker: int) -> bool:
        return False

    def prevents_attack(
        self, st: GameState, src: int, attacker: int, target: int
    ) -> bool:
        return False

    def prevents_move(self, st: GameState, src: int, cid: int) -> bool:
        return False

    def prevents_force(self, st: GameState, src: int, cid: int) -> bool:
        return False

    def blanks(self, st: GameState, src: int, cid: int) -> bool:
        return False

    def summon_spaces(self, st: GameState, src: int, card: int) -> list[int]:
        return []

    def keep_active(self, st: GameState, src: int) -> bool:
        return False

    def mod_attack_strength(
        self, st: GameState, src: int, attacker: int, target: int, value: int
    ) -> int:
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
        return damage

    def after_attack_result(
        self, st: GameState, src: int, res: AttackResult
    ) -> Trigger | None:
        return None

    def after_roll(
        self, st: GameState, src: int, roller: int, faces: tuple[int, ...]
    ) -> Trigger | None:
        return None

    def after_summon(self, st: GameState, src: int, card: int) -> Trigger | None:
        return None

    def after_damage(
        self, st: GameState, src: int, card: int, n: int, space: int, controller: int
    ) -> Trigger | None:
        return None

    def after_draw(
        self, st: GameState, src: int, player: int, n: int
    ) -> Trigger | None:
        return None

    def after_return(
        self, st: GameState, src: int, card: int, space: int, controller: int
    ) -> Trigger | None:
        return None

    def after_move_from(
        self,
        st: GameState,
        src: int,
        card: int,
        kind: str,
        start: int,
        path: tuple[int, ...],
    ) -> Trigger | None:
        return None

    def extra_attack(self, st: GameState, src: int, unit: int) -> bool:
        return False

    def prevents_summon(self, st: GameState, src: int, card: int) -> bool:
        return False

    def mod_kill_magic(
        self, st: GameState, src: int, card: int, source: int, n: int
    ) -> int:
        return n

    def mod_event_cost(self, st: GameState, src: int, card: int, value: int) -> int:
        return value

    def mod_ability_damage(
        self, st: GameState, src: int, source: int, target: int, n: int
    ) -> int:
        return n

    def on_destroy_at(
        self, st: GameState, src: int, card: int, by_player: int | None, space: int
    ) -> Trigger | None:
        return None

    def mod_summon_cost(self, st: GameState, src: int, card: int, value: int) -> int:
        return value

    # -- activated abilities -----------------------------------------------------------
    def actions(self, st: GameState, src: int) -> list[Action]:
        return []

    def use(self, st: GameState, src: int, action: Action) -> None:
        return None

    # -- events ------------------------------------------------------------------------
    def can_play(self, st: GameState, card: int) -> bool:
        return True

    def play(self, st: GameState, card: int) -> None:
        return None

    # -- decisions ---------------------------------------------------------------------
    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        return None

    def game_hooks(
        self, game: Sequence[tuple[CardDef, tuple[Ability, ...]]]
    ) -> tuple[str, ...]:
        """The hooks this ability listens to in a game of the cards ``game`` (each
        with its implementations): by default every hook it overrides. A hook left
        out is never asked, so the core keeps its fast paths for it (see
        ``Borrowing``, whose hooks depend on what the game's cards could lend)."""
        return self.overrides()

    def overrides(self) -> tuple[str, ...]:
        """Names of the hooks this implementation overrides (cached per class)."""
        cls = type(self)
        got = _OVERRIDES.get(cls)
        if got is None:
            got = _OVERRIDES[cls] = tuple(
                h for h in HOOKS if getattr(cls, h) is not getattr(Ability, h)
            )
        return got


_OVERRIDES: dict[type[Ability], tuple[str, ...]] = {}


class AbilityRegistry:
    """The implementations of one ruleset's abilities, by ability id (one instance
    each). Filled from explicit tables (``ABILITIES = {"<id>": Class, ...}`` at the
    end of each faction module), so two editions' cards never share a namespace."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.loaded = False
        #: id -> implementation; the plain dict the hot paths index
        self.impls: dict[str, Ability] = {}

    def add(self, ability_id: str, cls: type[Ability]) -> Ability:
        if ability_id in self.impls:
            raise ValueError(f"ability {ability_id!r} registered twice ({self.name})")
        impl = cls()
        impl.id = ability_id
        self.impls[ability_id] = impl
        return impl

    def add_table(self, table: Mapping[str, type[Ability]]) -> None:
        for ability_id, cls in table.items():
            self.add(ability_id, cls)

    def register(self, ability_id: str) -> Any:
        """Class decorator (for tests and one-off abilities): ``add`` the class."""

        def deco(cls: type[Ability]) -> type[Ability]:
            self.add(ability_id, cls)
            return cls

        return deco

    def get(self, ability_id: str) -> Ability | None:
        return self.impls.get(ability_id)

    def __getitem__(self, ability_id: str) -> Ability:
        return self.impls[ability_id]

    def __contains__(self, ability_id: object) -> bool:
        return ability_id in self.impls

    def __iter__(self) -> Iterator[str]:
        return iter(self.impls)

    def __len__(self) -> int:
        return len(self.impls)

    def missing_reasons(self, card: CardDef) -> list[tuple[str, str]]:
        """(ability id, reason) for every ability of ``card`` this ruleset cannot
        play. Reasons: ``"text unknown"`` (the catalog lacks the ability's text),
        ``"stats unknown (attack type, ...)"`` (the text is known but numbers the
        card needs are missing, so implementing it waits for them), or ``"no
        implementation"`` (complete data, engine work outstanding). A card with no
        known abilities and unknown stats is reported once under its slug as
        ``"text unknown"``."""
        out: list[tuple[str, str]] = []
        gaps = card.unknown_stats
        if gaps and not card.abilities:
            out.append((card.slug, "text unknown"))
        for ab in card.abilities:
            if ab.id in self.impls:
                continue
            if ab.text is None:
                out.append((ab.id, "text unknown"))
            elif gaps:
                out.append((ab.id, f"stats unknown ({', '.join(gaps)})"))
            else:
                out.append((ab.id, "no implementation"))
        return out

    def is_fully_implemented(self, card: CardDef) -> bool:
        """True when every ability (or event effect) of ``card`` is implemented."""
        return not self.missing_reasons(card)
