"""The first edition (2009-2016): :class:`FirstEdition`, its rules by area, its cards.

Rules facts are numbered as in research/first-edition.md (R1-R57; RULES.md R10 is the
digest, seed 002 the authority):

- :mod:`.setup` R6-R11 (reference-card setups, no opening hand, empty magic piles),
- :mod:`.summon` R14, :mod:`.events` R15/R28 (events and walls in the event phase),
- :mod:`.magic` R13 (draw to 5 as your turn begins), R14 (paying: the top card of
  your magic pile to your discard pile), R18 (build magic), R22 (destroyed cards,
  and the cards under them, go to the destroyer's magic pile); the pile is a real
  pile of cards (``Ruleset.magic_pile``, zone ``MAGIC``), ``GameState.magic`` its size,
- :mod:`.dice` R21 (d6, a hit on 3+), :mod:`.deck_rules` R46-R52,
- :mod:`.vines` R31 (units on Vine Walls: moving and summoning onto them, the roll
  to leave, attacking a Vine Wall under a unit; it wraps the core's move and
  attack and :mod:`.summon`).

Movement (R16: up to 3 units, 2 spaces, no diagonals, not through cards), attacks (R17,
R19, R20: up to 3 attackers, melee adjacent, ranged 3 straight clear spaces), wounds
and destruction (R21-R23) and the win check (R43: the only player with a summoner on
the battlefield wins; both at once, R45, is a draw) are the core's, shared with the
second edition. What differs comes through the :class:`~engine.core.ruleset.Ruleset`
hooks: the phase order Draw, Summon, Events, Move, Attack, Build Magic (R13-R18, the
draw done as the turn begins), the first player's first turn (R11: it starts in the
move phase and moves at most 2 units), no magic cap and no cost of inaction (R10).

Turn order (seed 002 vs the issue text): the seed lists Draw as phase 1 of your own
turn; the issue's "drawing up to 5 at the end of your turn" is read as that draw (the
seed wins).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import Attack, Build, DiscardForMagic, Move, PlayEvent, Summon
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.ruleset import ApplyFn, LegalFn, Ruleset, register_ruleset
from engine.core.types import RulesetProfile
from engine.core.zones import DECK, DISCARD, HAND
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first import dice
from engine.rulesets.first.deck_rules import DECK_PROFILE
from engine.rulesets.first.events import do_event, do_wall, legal_events, legal_walls
from engine.rulesets.first.magic import do_build_magic, draw_up, legal_builds, pay
from engine.rulesets.first.piles import PILES, pile_destroyed
from engine.rulesets.first.setup import deal, game_deck
from engine.rulesets.first.vines import (
    first_do_attack,
    first_do_move,
    first_do_summon,
    first_legal_attacks,
    first_legal_moves,
    first_legal_summons,
    space_vacated,
)

if TYPE_CHECKING:
    from engine.core.game import GameDeck
    from engine.core.state import GameState
    from engine.core.types import CardDef, DeckList, SetupDef

#: R11: units the first player may move on the game's first turn
FIRST_TURN_MOVERS = 2
#: st.flags key: units the turn player may move this turn beyond the limit (the
#: Shadow Elves' Scout)
EXTRA_MOVERS = "first.extra_movers"


class FirstEdition(Ruleset):
    name: ClassVar[str] = "first"
    aliases: ClassVar[tuple[str, ...]] = ("1e", "first-edition")
    title: ClassVar[str] = "First edition"
    default: ClassVar[bool] = False
    phase_order: ClassVar[tuple[int, ...]] = (SUMMON, EVENTS, MOVE, ATTACK, MAGIC)
    faces: ClassVar[tuple[int, ...]] = dice.FACES
    #: search copies roll 4, 1, 6, 3, 2, 5...: hits 1, 1, 2, 3, 3, 4 against the
    #: expected 0.7, 1.3, 2, 2.7, 3.3, 4 (the second edition's order would start
    #: with a 1, so a one-die attack would never hit in a greedy look-ahead)
    search_order: ClassVar[tuple[int, ...]] = dice.SEARCH_ORDER
    max_attackers: ClassVar[int] = 3
    max_movers: ClassVar[int] = 3
    max_magic: ClassVar[int | None] = None
    hand_size: ClassVar[int] = 5
    deck_profile: ClassVar[RulesetProfile | None] = DECK_PROFILE
    deck_code: ClassVar[int] = 1
    catalog_dir: ClassVar[str] = "first"
    catalog_schema: ClassVar[str] = "walls"
    watches_vacated: ClassVar[bool] = True  # Vine Walls under units (R31)
    magic_pile: ClassVar[bool] = True  # R14, R18, R22: magic is a pile of cards

    def ability_tables(self) -> Sequence[Mapping[str, type[Any]]]:
        from engine.rulesets.first.abilities import ABILITY_TABLES

        return ABILITY_TABLES

    def turn_first_phase(self, st: GameState, player: int) -> int:
        """R11: the first player's first turn skips Draw, Summon and Events; any
        other turn begins by drawing up to 5 (R13), then summons."""
        if st.turn == 1:
            return MOVE
        draw_up(st, player)
        return SUMMON

    def movers_limit(self, st: GameState) -> int:
        base = FIRST_TURN_MOVERS if st.turn == 1 else self.max_movers  # R11
        return base + st.flags.get(EXTRA_MOVERS, 0)

    def phase_actions(self) -> Mapping[int, LegalFn]:
        return {
            SUMMON: first_legal_summons,
            EVENTS: legal_walls,
            MOVE: first_legal_moves,
            ATTACK: first_legal_attacks,
            MAGIC: legal_builds,
        }

    def event_actions(self) -> LegalFn | None:
        return legal_events

    def action_handlers(self) -> Mapping[type[Any], ApplyFn]:
        return {
            Move: first_do_move,
            Attack: first_do_attack,
            Summon: first_do_summon,
            Build: do_wall,
            DiscardForMagic: do_build_magic,
            PlayEvent: do_event,
        }

    def space_vacated(self, st: GameState, space: int) -> None:
        """R31: a Vine Wall a unit stood on is alone on its space again."""
        space_vacated(st, space)

    def gain_magic(self, st: GameState, player: int, n: int) -> None:
        """R14: spending ``n`` magic (n < 0) puts the top ``-n`` cards of the pile
        on the player's discard pile. Magic is gained only by putting a card on a
        pile (:func:`.magic.to_pile`), so n > 0 is a programming error."""
        if n < 0:
            pay(st, player, -n)
        elif n > 0:
            raise ValueError(
                "first edition: gain magic by putting a card on the magic pile"
                " (engine.rulesets.first.magic.to_pile), not by a number"
            )

    def card_destroyed(
        self,
        st: GameState,
        cid: int,
        was_ctrl: int,
        by_player: int | None,
        source: int,
        below: tuple[int, ...] = (),
    ) -> None:
        """R22/R27: the destroyed card goes face down on top of the magic pile of
        the player whose attack or effect destroyed it, their own cards included,
        then the cards that were under it ("topmost first": the card, then what was
        under it, in order); cards of a separate pile follow their own rule
        (:func:`.piles.pile_destroyed`). Destroyed by a rule (no destroyer), it
        stays in its owner's discard pile."""
        if by_player is None:
            return
        if not pile_destroyed(st, cid, was_ctrl, by_player):
            st.to_magic_pile(cid, by_player)
        zone = st.zone
        cards = st.info.cards
        for c in below:
            if zone[c] == DISCARD and cards[c].slug not in PILES:
                st.to_magic_pile(c, by_player)

    def resample_hidden(self, st: GameState, me: int) -> None:
        """As the core's, and the opponent's magic pile lies face down (R41): the
        cards of theirs in it are pooled with their hand and deck before the
        redeal, which keeps the pile's size and the places in it of the cards they
        do not own (those of ``me``'s they destroyed)."""
        opp = 1 - me
        owner = st.info.owner
        pile = st.magic_pile[opp]
        slots = [i for i, c in enumerate(pile) if owner[c] == opp]
        k = len(st.hand[opp])
        unseen = sorted(st.hand[opp] + st.deck[opp] + [pile[i] for i in slots])
        hand = unseen[:k]
        mine = unseen[k : k + len(slots)]
        deck = unseen[k + len(slots) :]
        zone = st.zone
        pos = st.pos
        for c in hand:
            if zone[c] != HAND:
                zone[c] = HAND
            pos[c] = -1
        for i, c in zip(slots, mine, strict=True):
            pile[i] = c
            if zone[c] != MAGIC_PILE:
                zone[c] = MAGIC_PILE
            pos[c] = opp
        for c in deck:
            if zone[c] != DECK:
                zone[c] = DECK
            pos[c] = -1
        st.hand[opp] = hand
        st.deck[opp] = deck
        st.deck[me] = sorted(st.deck[me])

    def hits(self, st: GameState, attacker: int, faces: tuple[int, ...]) -> int:
        return dice.hits(faces)  # R21: each die showing 3+ is a hit

    def face_names(self, face: int) -> list[str]:
        return [str(face)]  # a plain d6 (R2)

    def face_text(self, face: int, blank: str = "-") -> str:
        return str(face)

    def die_hits(self, face: int, ranged: bool) -> bool:
        return face >= dice.HIT_FROM

    def game_deck(
        self,
        deck: DeckList,
        cards: Mapping[str, CardDef],
        setup: SetupDef | None = None,
        name: str | None = None,
    ) -> GameDeck:
        return game_deck(deck, cards, setup, name)

    def deal(self, st: GameState, decks: tuple[GameDeck, GameDeck]) -> None:
        deal(st, decks)


FIRST = register_ruleset(FirstEdition())
