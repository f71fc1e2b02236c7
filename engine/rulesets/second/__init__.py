"""The second edition (2021+): :class:`SecondEdition`, its rules by area and its cards.

- :mod:`.setup` R2 (printed layouts, the default layout, opening hand, starting magic),
- :mod:`.summon` R4, :mod:`.build` R6, :mod:`.magic` R8a/R8b, :mod:`.events` R8c,
- :mod:`.dice` the attack die (R1, R7), :mod:`.deck_rules` R9 (deck construction),
- :mod:`.abilities` the card abilities, one module per faction.

Movement (R5), attack lines and resolution (R7), turn stepping (R3, R8d) and the legal
list are the core's (:mod:`engine.core.mechanics`): the first edition shares them. This
edition supplies what differs through the :class:`~engine.core.ruleset.Ruleset` hooks:
its phase order and phase actions, the cost of inaction (R7) at the end of the attack
phase, drawing up as the draw phase begins (R8b), magic capped at 15 (R8a) and one
magic for each enemy card destroyed (R7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import (
    Attack,
    Build,
    DiscardForMagic,
    Move,
    PlayEvent,
    Summon,
)
from engine.core.mechanics.attack import do_attack, legal_attacks
from engine.core.mechanics.movement import do_move, legal_moves
from engine.core.phases import ATTACK, BUILD, DRAW, MAGIC, MOVE, SUMMON
from engine.core.ruleset import ApplyFn, LegalFn, Ruleset, register_ruleset
from engine.rulesets.second import dice
from engine.rulesets.second.build import do_build, legal_builds
from engine.rulesets.second.deck_rules import DECK_PROFILE
from engine.rulesets.second.events import do_event, legal_events
from engine.rulesets.second.magic import do_discard, draw_up, legal_discards
from engine.rulesets.second.setup import deal, game_deck
from engine.rulesets.second.summon import do_summon, legal_summons

if TYPE_CHECKING:
    from engine.core.game import GameDeck
    from engine.core.state import GameState
    from engine.core.types import CardDef, DeckList, SetupDef
from engine.core.types import RulesetProfile


def _attack(st: GameState, a: Attack) -> None:
    do_attack(st, a, True)  # apply_action settles right after


class SecondEdition(Ruleset):
    name: ClassVar[str] = "second"
    aliases: ClassVar[tuple[str, ...]] = ("2e", "second-edition")
    title: ClassVar[str] = "Second edition"
    default: ClassVar[bool] = True
    phase_order: ClassVar[tuple[int, ...]] = (SUMMON, MOVE, BUILD, ATTACK, MAGIC, DRAW)
    faces: ClassVar[tuple[int, ...]] = dice.FACES
    max_attackers: ClassVar[int] = 3
    max_movers: ClassVar[int] = 3
    max_magic: ClassVar[int | None] = 15
    hand_size: ClassVar[int] = 5
    deck_profile: ClassVar[RulesetProfile | None] = DECK_PROFILE
    deck_code: ClassVar[int] = 0

    def ability_tables(self) -> Sequence[Mapping[str, type[Any]]]:
        from engine.rulesets.second.abilities import ABILITY_TABLES

        return ABILITY_TABLES

    def phase_actions(self) -> Mapping[int, LegalFn]:
        return {
            SUMMON: legal_summons,
            MOVE: legal_moves,
            BUILD: legal_builds,
            ATTACK: legal_attacks,
            MAGIC: legal_discards,
        }

    def event_actions(self) -> LegalFn | None:
        return legal_events

    def action_handlers(self) -> Mapping[type[Any], ApplyFn]:
        return {
            Move: do_move,
            Attack: _attack,
            Summon: do_summon,
            Build: do_build,
            DiscardForMagic: do_discard,
            PlayEvent: do_event,
        }

    def end_of_phase(self, st: GameState, phase: int) -> None:
        if phase == ATTACK and not st.targeted_enemy:
            # R7 cost of inaction: 1 damage to your own summoner
            st.deal_damage(st.info.summoners[st.turn_player], 1, None)

    def entering_phase(self, st: GameState, player: int, phase: int) -> bool:
        if phase == DRAW:
            draw_up(st, player)  # R8b
            return True
        return False

    def card_destroyed(
        self,
        st: GameState,
        cid: int,
        was_ctrl: int,
        by_player: int | None,
        source: int,
        below: tuple[int, ...] = (),
    ) -> None:
        """R7: the destroyer gains 1 magic for an enemy card (``mod_kill_magic``
        abilities change the amount)."""
        if by_player is None or was_ctrl == by_player:
            return
        n = 1
        if "mod_kill_magic" in st.info.hooks:
            for s, a in st.hooked("mod_kill_magic"):
                n = a.mod_kill_magic(st, s, cid, source, n)
        st.gain_magic(by_player, n)

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


SECOND = register_ruleset(SecondEdition())
