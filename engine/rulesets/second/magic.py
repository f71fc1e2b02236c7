"""R8a Magic phase: discard any number of cards from hand, +1 magic each.
R8b Draw phase: draw up to the hand size; an empty deck is never refilled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, DiscardForMagic

if TYPE_CHECKING:
    from engine.core.state import GameState


_DISCARDS: dict[int, DiscardForMagic] = {}


def _discard(card: int) -> DiscardForMagic:
    """Interned DiscardForMagic values (frozen: sharing is safe)."""
    a = _DISCARDS.get(card)
    if a is None:
        a = _DISCARDS[card] = DiscardForMagic(card)
    return a


def legal_discards(st: GameState) -> list[Action]:
    return [_discard(c) for c in st.hand[st.turn_player]]


def do_discard(st: GameState, a: DiscardForMagic) -> None:
    st.discard_card(a.card)
    st.gain_magic(st.turn_player, 1)


def draw_up(st: GameState, player: int) -> int:
    need = st.info.ruleset.hand_size - len(st.hand[player])
    return st.draw(player, need) if need > 0 else 0
