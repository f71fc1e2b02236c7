"""The magic pile (R14, R18, R22, R41) and drawing (R13).

The magic pile is a real pile of cards: ``GameState.magic_pile[p]``, bottom to top,
its cards in zone ``MAGIC`` (:mod:`engine.core.state`), and ``GameState.magic[p]``
is always its size (the core's zone moves keep them in step), so agents and the
evaluation still read magic as a number.

- Build Magic (R18): any number of cards from hand face down on top of your magic
  pile, one action per card.
- Paying (R14): one magic point = the top card of your magic pile face up onto YOUR
  discard pile (whoever owns it): ``st.gain_magic(p, -n)`` does that
  (:meth:`FirstEdition.gain_magic`). Magic is never gained without a card: a gain is
  a card put on a pile (:func:`to_pile`), and ``gain_magic`` with n > 0 is an error.
- Destroyed cards (R22, R27): face down on top of the magic pile of the player whose
  attack or effect destroyed them, their own cards included, and the cards that were
  under them after them (:meth:`FirstEdition.card_destroyed`).
- Public information (R41): the sizes of both piles are public, the cards face down;
  a player may look at their own pile, never reorder one (:mod:`engine.core.view`).

For ability authors: :func:`to_pile`, :func:`pile_top`, :func:`in_pile_of`, :func:`pay`,
:func:`discard_top_to_pile` (Meditate, Channel Magic, Rune Master...),
:func:`move_pile_top` (Magic Drain, Spirit Drain, Siphon...).

Draw (R13): at the start of your turn draw until you hold 5; never more than that, no
hand limit; an empty draw pile is never refilled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, DiscardForMagic
from engine.core.zones import MAGIC

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
    st.to_magic_pile(a.card, st.turn_player)


def to_pile(st: GameState, player: int, cid: int) -> None:
    """Put ``cid`` (from wherever it is) face down on top of ``player``'s pile."""
    st.to_magic_pile(cid, player)


def in_pile_of(st: GameState, cid: int, player: int) -> bool:
    """Is ``cid`` in ``player``'s magic pile?"""
    return st.zone[cid] == MAGIC and st.pos[cid] == player


def pile_top(st: GameState, player: int) -> int:
    """The top card of ``player``'s magic pile, -1 when it is empty."""
    pile = st.magic_pile[player]
    return pile[-1] if pile else -1


def pay(st: GameState, player: int, n: int) -> None:
    """R14: ``n`` magic = the top ``n`` cards of ``player``'s pile, one at a time,
    face up onto ``player``'s discard pile. Every cost is checked against
    ``magic[p]``, the pile's size, before it is offered, so paying more than the
    pile holds means an ability offered what its controller cannot pay: an engine
    bug, raised here rather than hidden (there is no magic without a card)."""
    pile = st.magic_pile[player]
    if n > len(pile):
        raise RuntimeError(
            f"first edition: player {player} pays {n} magic from a pile of"
            f" {len(pile)} (magic {st.magic[player]})"
        )
    for _ in range(n):
        st.discard_to(pile[-1], player)


def discard_top_to_pile(st: GameState, player: int) -> int:
    """Move the top card of ``player``'s discard pile face down onto their magic
    pile; the card, or -1 when the discard pile is empty."""
    disc = st.discard[player]
    if not disc:
        return -1
    c = disc[-1]
    st.to_magic_pile(c, player)
    return c


def move_pile_top(st: GameState, src: int, dst: int, n: int = 1) -> int:
    """Move up to ``n`` cards, one at a time, from the top of ``src``'s magic pile
    to the top of ``dst``'s; how many moved."""
    pile = st.magic_pile[src]
    got = 0
    while got < n and pile:
        st.to_magic_pile(pile[-1], dst)
        got += 1
    return got


def draw_up(st: GameState, player: int) -> int:
    """R13: draw until ``player`` holds the hand size (5)."""
    need = st.info.ruleset.hand_size - len(st.hand[player])
    return st.draw(player, need) if need > 0 else 0
