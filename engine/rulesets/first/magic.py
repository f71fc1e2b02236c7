"""The magic pile (R14, R18, R22) and drawing (R13).

Build Magic (R18): put any number of cards from hand on your magic pile, one action per
card. Paying (R14): one magic point = the top card of your magic pile to your discard
pile. A destroyed card goes to the destroyer's magic pile (R22).

How the engine holds the pile: as a count per player (``GameState.magic``); the cards
themselves lie in their owners' discard piles, so every card stays in exactly one zone.
No rule of the engine reads which cards are in a magic pile; the few card abilities
that do (Shadows, Summoning Surge, Illusionary Warrior, Strong Spirits, Blarf...) need
a magic-pile zone first (issue 17).

Draw (R13): at the start of your turn draw until you hold 5; never more than that, no
hand limit; an empty draw pile is never refilled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, DiscardForMagic

if TYPE_CHECKING:
    from engine.core.state import GameState

_TO_PILE: dict[int, DiscardForMagic] = {}


def _to_pile(card: int) -> DiscardForMagic:
    a = _TO_PILE.get(card)
    if a is None:
        a = _TO_PILE[card] = DiscardForMagic(card)
    return a


def legal_builds(st: GameState) -> list[Action]:
    """R18: each card in hand may go to the magic pile (hand order)."""
    return [_to_pile(c) for c in st.hand[st.turn_player]]


def do_build_magic(st: GameState, a: DiscardForMagic) -> None:
    st.discard_card(a.card)
    st.gain_magic(st.turn_player, 1)


def draw_up(st: GameState, player: int) -> int:
    """R13: draw until ``player`` holds the hand size (5)."""
    need = st.info.ruleset.hand_size - len(st.hand[player])
    return st.draw(player, need) if need > 0 else 0
