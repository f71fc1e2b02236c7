"""What a seat may see, and the agent protocol.

The :class:`PlayerView` shows what the player may know: the battlefield, tokens, magic,
their own hand, counts of the opponent's hand and both decks and discard piles. It
hides the opponent's hand and both deck orders. A first-edition magic pile
(``Ruleset.magic_pile``) lies face down: its size is public, its cards only its holder
may look at (research/first-edition.md R18, R22, R41), so the view shows your own pile
and the other pile's size only; :meth:`PlayerView.search` returns a
determinised copy of the game for look-ahead (opponent's hand redealt from their
unseen cards in card-id order, decks put in card-id order, dice replaced by a fixed
"average" pattern, shuffles drawn from the view's own RNG), so an agent never peeks
at hidden cards or at the real dice: the copy is the same whatever the hidden order.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.core.actions import (
    Action,
)
from engine.core.hooks import Decision
from engine.core.state import GameState


class PlayerView:
    """What ``player`` may see of ``state`` (read-only by convention)."""

    __slots__ = ("_st", "player", "_rng")

    def __init__(self, state: GameState, player: int) -> None:
        self._st = state
        self.player = player
        self._rng: random.Random | None = None

    @property
    def board(self) -> list[int]:
        return self._st.board

    @property
    def pos(self) -> list[int]:
        return self._st.pos

    @property
    def ctrl(self) -> list[int]:
        return self._st.ctrl

    @property
    def damage(self) -> list[int]:
        return self._st.damage

    @property
    def boost(self) -> list[int]:
        return self._st.boost

    @property
    def magic(self) -> list[int]:
        return self._st.magic

    @property
    def turn(self) -> int:
        return self._st.turn

    @property
    def phase(self) -> int:
        return self._st.phase

    @property
    def hand(self) -> list[int]:
        return list(self._st.hand[self.player])

    def hand_count(self, player: int) -> int:
        return len(self._st.hand[player])

    def deck_count(self, player: int) -> int:
        return len(self._st.deck[player])

    def discard_count(self, player: int) -> int:
        return len(self._st.discard[player])

    @property
    def magic_pile(self) -> list[int]:
        """Your own magic pile, bottom to top (first edition; [] in the second)."""
        return list(self._st.magic_pile[self.player])

    def magic_pile_count(self, player: int) -> int:
        """The size of ``player``'s magic pile (public, R41)."""
        return len(self._st.magic_pile[player])

    def pending(self) -> Decision | None:
        st = self._st
        if st.stack and isinstance(st.stack[-1], Decision):
            top = st.stack[-1]
            assert isinstance(top, Decision)
            return top
        return None

    def public_state(self) -> GameState:
        """The state for public queries (card defs, strength, life...). Agents must
        not read hands, decks or ``rng`` from it; use :meth:`search` to look ahead."""
        return self._st

    def search(self) -> GameState:
        """A determinised copy for look-ahead (see module docstring).

        The opponent's unseen cards (hand + deck, and in the first edition the cards
        of their own in their magic pile) are sorted by card id and redealt,
        and both decks are put in card-id order: the copy depends only on what the
        player may know, never on the real hidden order. Its dice follow a fixed
        pattern; its RNG (for shuffles inside effects) is the view's own."""
        if self._rng is None:
            seed = self._st.info.seed * 1_000_003 + 7 * self.player + 1
            self._rng = random.Random(seed)
        st = self._st.clone(record=False, rng=self._rng)
        st.info.ruleset.resample_hidden(st, self.player)
        st.search = True
        return st


class Agent(Protocol):
    name: str

    def choose(self, view: PlayerView, actions: list[Action]) -> Action: ...
