"""The ruleset seam: one :class:`GameState`, whose game info holds a :class:`Ruleset`.

A ruleset (an edition of the game) is a subclass of :class:`Ruleset` in the manner of
python-chess's board variants: class-level data (phase order, die faces, limits, hand
size, starting magic) and hook methods with neutral defaults that the core calls at
each point where editions differ (setting a game up, what a phase offers, stepping to
the next phase, a destroyed card, gaining magic, counting hits). A subclass overrides
only what differs; the core never asks which edition it is in.

Each ruleset has its own :class:`~engine.core.hooks.AbilityRegistry` (card names exist
in several editions), which also holds the core's own triggers
(:data:`engine.core.mechanics.turn.CORE_ABILITIES`).

Registry (explicit, as OpenSpiel's game list): a ruleset package ends with
``register_ruleset(TheRuleset())``; :mod:`engine.rulesets` imports every ruleset
package by name, and :func:`get_ruleset` looks names and aliases up (case-insensitive),
raising a :class:`ValueError` that lists the known names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from engine.core import dice
from engine.core.hooks import AbilityRegistry
from engine.core.zones import DECK, HAND

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import GameDeck
    from engine.core.state import GameState
    from engine.core.types import CardDef, DeckList, RulesetProfile, SetupDef

LegalFn = Callable[["GameState"], list["Action"]]
ApplyFn = Callable[["GameState", Any], None]


@mypyc_attr(allow_interpreted_subclasses=True)
class Ruleset:
    """Base class of the editions; see the module docstring."""

    #: short stable name (``Rules.ruleset``, ``--ruleset``, REST ``ruleset``)
    name: ClassVar[str] = ""
    #: other names :func:`get_ruleset` accepts
    aliases: ClassVar[tuple[str, ...]] = ()
    #: human title ("Second edition")
    title: ClassVar[str] = ""
    #: the ruleset used when none is named (exactly one registered ruleset sets it)
    default: ClassVar[bool] = False
    #: phase ids (:mod:`engine.core.phases`) in turn order
    phase_order: ClassVar[tuple[int, ...]] = ()
    #: the phase ids whose legal list ends with the phase's own actions, see
    #: :meth:`phase_actions`; die faces as symbol bit sets (:mod:`engine.core.dice`)
    faces: ClassVar[tuple[int, ...]] = ()
    #: indices into ``faces``: the order a search copy's dice follow
    #: (:func:`engine.core.dice.pattern_roll`), chosen so that the running hit count
    #: stays close to its expectation
    search_order: ClassVar[tuple[int, ...]] = dice.PATTERN_ORDER
    #: different units that may attack in one turn (extra attacks aside)
    max_attackers: ClassVar[int] = 3
    #: different units that may move in one turn
    max_movers: ClassVar[int] = 3
    #: cap of a player's magic (None: no cap)
    max_magic: ClassVar[int | None] = None
    #: cards a player draws up to in their draw step
    hand_size: ClassVar[int] = 5
    #: the numbers of its deck construction rules (None: decks cannot be checked)
    deck_profile: ClassVar[RulesetProfile | None] = None
    #: this ruleset's byte in deck codes (engine.deckbuilding.decktext); never reuse
    deck_code: ClassVar[int] = -1
    #: where its catalog lives, relative to ``cards/data`` ("" = that folder itself)
    catalog_dir: ClassVar[str] = ""
    #: the layout of its catalog files: "gates" (factions with one summoner, starting
    #: units and epic events) or "walls" (summoners with reference cards); see
    #: :mod:`engine.deckbuilding.catalog`
    catalog_schema: ClassVar[str] = "gates"

    def __init__(self) -> None:
        self.registry = AbilityRegistry(self.name)
        self._next = self._next_phases()

    # -- abilities -------------------------------------------------------------------
    def ability_tables(self) -> Sequence[Mapping[str, type[Any]]]:
        """The ability tables (id -> implementation class) of this edition's card
        modules; :meth:`load_abilities` fills the registry from them once."""
        return ()

    def load_abilities(self) -> AbilityRegistry:
        reg = self.registry
        if not reg.loaded:
            from engine.core.mechanics.turn import CORE_ABILITIES

            reg.add_table(CORE_ABILITIES)
            for table in self.ability_tables():
                reg.add_table(table)
            reg.loaded = True
        return reg

    # -- turn structure --------------------------------------------------------------
    def _next_phases(self) -> dict[int, int]:
        order = self.phase_order
        return {p: order[i + 1] for i, p in enumerate(order[:-1])}

    @property
    def first_phase(self) -> int:
        return self.phase_order[0]

    @property
    def last_phase(self) -> int:
        return self.phase_order[-1]

    def next_phase(self, phase: int) -> int:
        """The phase after ``phase`` (not called for the last phase of a turn)."""
        return self._next[phase]

    def turn_first_phase(self, st: GameState, player: int) -> int:
        """The phase ``player``'s turn starts in (``st.turn`` already counts it);
        rules that act as a turn begins, before its start-of-turn triggers, go here.
        Neutral default: the first phase of :attr:`phase_order`, nothing else."""
        return self.phase_order[0]

    def movers_limit(self, st: GameState) -> int:
        """Different units the turn player may still move this turn in all
        (neutral default: :attr:`max_movers`)."""
        return self.max_movers

    def phase_actions(self) -> Mapping[int, LegalFn]:
        """Per phase id: the generator of that phase's own actions (appended to the
        legal list after ``EndPhase``, events and ability actions)."""
        return {}

    def event_actions(self) -> LegalFn | None:
        """The generator of playable events (listed after ``EndPhase`` when an event
        of the current phase is in hand), or None when the edition has none."""
        return None

    def action_handlers(self) -> Mapping[type[Any], ApplyFn]:
        """Per action type: how the turn player's phase action is applied (the core
        handles answers to decisions, ``EndPhase`` and ``UseAbility``)."""
        return {}

    def end_of_phase(self, st: GameState, phase: int) -> None:
        """Rules that act when the turn player ends ``phase`` (before its triggers)."""

    def entering_phase(self, st: GameState, player: int, phase: int) -> bool:
        """Rules that act as ``phase`` begins (before its start-of-phase triggers);
        True when they did something (cards may have changed zones)."""
        return False

    #: True when :meth:`space_vacated` must be called (off by default: the second
    #: edition never pays for it)
    watches_vacated: ClassVar[bool] = False

    def space_vacated(self, st: GameState, space: int) -> None:
        """A battlefield card just left ``space`` (moved, pushed, swapped away through
        :meth:`GameState.relocate`, or removed to any other zone); called by the
        state only when :attr:`watches_vacated` is set. The first edition puts back
        a Vine Wall a unit stood on (R31, :mod:`engine.rulesets.first.vines`).
        Neutral default: nothing."""

    # -- magic and destruction ---------------------------------------------------------
    #: True when magic is a pile of cards (``GameState.magic_pile``, zone ``MAGIC``;
    #: ``magic[p]`` is its size) rather than a bare number: the first edition. The
    #: state digest, the player view and :meth:`resample_hidden` then take the piles
    #: into account; off, nothing about the piles costs anything.
    magic_pile: ClassVar[bool] = False

    def gain_magic(self, st: GameState, player: int, n: int) -> None:
        """Add ``n`` (may be negative) to ``player``'s magic, within the limits."""
        v = st.magic[player] + n
        cap = self.max_magic
        if cap is not None and v > cap:
            v = cap
        st.magic[player] = 0 if v < 0 else v

    def card_destroyed(
        self,
        st: GameState,
        cid: int,
        was_ctrl: int,
        by_player: int | None,
        source: int,
        below: tuple[int, ...] = (),
    ) -> None:
        """A card left the battlefield destroyed (it is already in its owner's
        discard pile, the cards that were under it too): what the destroyer gains.
        ``below``: the cards that were under it, given only when :attr:`magic_pile`
        is set. Neutral default: nothing."""

    # -- hidden information ----------------------------------------------------------
    def resample_hidden(self, st: GameState, me: int) -> None:
        """Make ``st`` (a copy for ``me``'s look-ahead) independent of what ``me``
        may not know (:meth:`engine.core.view.PlayerView.search`): the opponent's
        unseen cards (hand and deck) sorted by card id and dealt again, and both
        decks in card-id order. An edition with more hidden zones extends this."""
        opp = 1 - me
        k = len(st.hand[opp])
        unseen = sorted(st.hand[opp] + st.deck[opp])
        hand, deck = unseen[:k], unseen[k:]
        zone = st.zone
        for c in hand:
            if zone[c] != HAND:
                zone[c] = HAND
        for c in deck:
            if zone[c] != DECK:
                zone[c] = DECK
        st.hand[opp] = hand
        st.deck[opp] = deck
        st.deck[me] = sorted(st.deck[me])

    # -- dice ------------------------------------------------------------------------
    def hits(self, st: GameState, attacker: int, faces: tuple[int, ...]) -> int:
        """Hits a roll scores for ``attacker`` before ability modifiers: one per die
        showing its own symbol (melee or ranged)."""
        sym = dice.RANGED if st.info.is_ranged[attacker] else dice.MELEE
        return dice.count(faces, sym)

    def face_names(self, face: int) -> list[str]:
        """A die face as the names of what it shows, for replays: its symbols
        (``melee``, ``ranged``, ``special``); [] for a blank face."""
        return [name for bit, name in dice.SYMBOL_NAMES if face & bit]

    def face_text(self, face: int, blank: str = "-") -> str:
        """A die face as printed (replays): its symbols' glyphs, ``blank`` when it
        shows none."""
        return "".join(g for bit, g in dice.SYMBOL_GLYPHS if face & bit) or blank

    def die_hits(self, face: int, ranged: bool) -> bool:
        """Does this face hit for an attacker of that range, before abilities?"""
        return bool(face & (dice.RANGED if ranged else dice.MELEE))

    # -- setting a game up -----------------------------------------------------------
    def game_deck(
        self,
        deck: DeckList,
        cards: Mapping[str, CardDef],
        setup: SetupDef | None = None,
        name: str | None = None,
    ) -> GameDeck:
        """Split a deck list into the cards set up on the battlefield and the draw
        deck."""
        raise NotImplementedError(f"ruleset {self.name!r} cannot set decks up")

    def deal(self, st: GameState, decks: tuple[GameDeck, GameDeck]) -> None:
        """Set the game up on an empty state (card ids dealt in the order of
        :func:`engine.core.game.build_info`) and start the first turn."""
        raise NotImplementedError(f"ruleset {self.name!r} cannot deal a game")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


RULESETS: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (one instance per edition) to :data:`RULESETS`."""
    name = ruleset.name
    if not name or name in RULESETS:
        raise ValueError(f"ruleset {name!r}: empty or registered twice")
    if ruleset.default and any(r.default for r in RULESETS.values()):
        raise ValueError(f"ruleset {name!r}: a default ruleset is registered already")
    RULESETS[name] = ruleset
    for alias in (name, *ruleset.aliases):
        _ALIASES[alias.lower()] = name
    return ruleset


def default_ruleset() -> Ruleset:
    for r in RULESETS.values():
        if r.default:
            return r
    raise LookupError("no default ruleset registered (import engine.rulesets)")


def get_ruleset(name: str | None = None) -> Ruleset:
    """The registered ruleset called ``name`` (or one of its aliases); the default
    ruleset for None or ""."""
    if not name:
        return default_ruleset()
    key = _ALIASES.get(str(name).lower())
    if key is None:
        known = ", ".join(sorted(RULESETS)) or "none registered"
        raise ValueError(f"unknown ruleset {str(name)[:40]!r}; known: {known}")
    return RULESETS[key]
