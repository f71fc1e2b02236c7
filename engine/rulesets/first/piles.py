"""Separate piles (research/first-edition.md R30, R31, R54; section 5).

Some first-edition summoners keep cards beside their deck in a pile of their own: they
are never shuffled in, never drawn, never built into magic, and come onto the
battlefield only through card effects.

- Queen Maldaria: 6 Phoenixes (conjurations, R54).
- Torgan: 15 Minor Ice Walls (2-life Ice Walls, R30).
- Mugglug: 15 Vine Walls (2-life walls, R31).

How the engine holds them: the summoner's :class:`~engine.core.game.GameDeck` carries
its pile cards (``GameDeck.piles``, dealt after the draw deck, so they have card ids);
a card in its pile is in the core's "nowhere" zone (``IN_PILE`` = -1). Which pile a
deck gets follows its summoner (:data:`SUMMONER_PILES`: the reference card lists it),
and a pile card listed in a deck list is moved to the pile (never a draw card).

For ability authors:
    ``pile_cards(st, player, slug)``  the cards of ``player``'s ``slug`` pile, ascending
    ``conjure(st, player, slug, space)``  put the next one on an empty space (the
    placing player controls it); returns its card id, or -1 when the pile is empty
    ``return_to_pile(st, cid)``  put a card back in its owner's pile (tokens and cards
    under it go as on a discard)
    ``is_pile_card(st, cid)``, ``PILES`` (slug -> :class:`PileSpec`)
    :class:`PlaceFromPile`  an event placing up to N pile cards next to a card of
    yours (subclass it with ``pile``, ``anchor``, ``count``)

What happens when a pile card is destroyed (:func:`pile_destroyed`, called by
``FirstEdition.card_destroyed``):

- a conjuration (R54) destroyed by the player who controls it goes to that player's
  discard pile and gives no magic; destroyed by the opponent it is an ordinary card
  (the destroyer's magic pile, R22);
- a Vine Wall returns to its pile and gives nobody magic (R31);
- a Minor Ice Wall: its rules card was never found (R30, research section 4). We read
  it like the Vine Wall, its sibling token wall: back to its pile, no magic. This is an
  assumption, recorded here so that it can change in one place (``PileSpec.back``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.core.actions import NO, Action, ChooseSpace
from engine.core.board import ADJ
from engine.core.hooks import Ability, Decision

if TYPE_CHECKING:
    from engine.core.state import GameState

#: the zone of a card in its separate pile: the core's "nowhere"
IN_PILE = -1
#: st.notes key + space: the Vine Wall (card id) under the unit on that space
#: (:mod:`engine.rulesets.first.vines`; its zone is IN_PILE, its pos the space)
VINE_UNDER_KEY = "first.vine-under."


def vines_under(st: GameState, player: int) -> list[int]:
    """The Vine Walls under units that ``player`` controls (walls of theirs on the
    battlefield, R31), by space."""
    notes = st.notes
    if not notes:
        return []
    ctrl = st.ctrl
    got = [
        c
        for k, c in notes.items()
        if k.startswith(VINE_UNDER_KEY) and ctrl[c] == player
    ]
    pos = st.pos
    return sorted(got, key=lambda c: pos[c])


@dataclass(frozen=True, slots=True)
class PileSpec:
    """A separate pile: ``size`` copies; ``back``: a destroyed card returns to the
    pile and gives no magic (else the conjuration rule R54 applies)."""

    size: int
    back: bool


PILES: dict[str, PileSpec] = {
    "phoenix": PileSpec(6, back=False),
    "minor-ice-wall": PileSpec(15, back=True),
    "vine-wall": PileSpec(15, back=True),
}

#: the piles each summoner's reference card lists
SUMMONER_PILES: dict[str, tuple[str, ...]] = {
    "queen-maldaria": ("phoenix",),
    "torgan": ("minor-ice-wall",),
    "mugglug": ("vine-wall",),
}


def is_pile_card(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].slug in PILES


def pile_cards(st: GameState, player: int, slug: str) -> list[int]:
    """The cards of ``player``'s ``slug`` pile (ascending ids)."""
    cards = st.info.cards
    owner = st.info.owner
    zone = st.zone
    pos = st.pos
    return [
        c
        for c in range(len(cards))
        if zone[c] == IN_PILE
        and pos[c] < 0  # (a Vine Wall under a unit: pos = its space, .vines)
        and owner[c] == player
        and cards[c].slug == slug
    ]


def conjure(st: GameState, player: int, slug: str, space: int) -> int:
    """Put the next card of ``player``'s ``slug`` pile on the empty ``space`` under
    ``player``'s control; the card id, or -1 when the pile is empty."""
    left = pile_cards(st, player, slug)
    if not left or st.board[space] >= 0:
        return -1
    c = left[0]
    st.place(c, space, player)
    return c


def return_to_pile(st: GameState, cid: int) -> None:
    """Put ``cid`` back in its owner's pile, without tokens; cards under it are
    discarded."""
    st.remove_from_zone(cid)
    st.discard_under(cid)
    st.zone[cid] = IN_PILE
    st.pos[cid] = -1
    st.ctrl[cid] = st.info.owner[cid]
    st.clear_tokens(cid)


def pile_destroyed(
    st: GameState, cid: int, was_ctrl: int, by_player: int | None
) -> bool:
    """Apply the pile rules to the destroyed ``cid`` (already in its owner's
    discard pile); False when ``cid`` is no pile card (the ordinary rule applies)."""
    spec = PILES.get(st.info.cards[cid].slug)
    if spec is None:
        return False
    if spec.back:
        return_to_pile(st, cid)
    elif by_player is not None and by_player != was_ctrl:
        st.to_magic_pile(cid, by_player)  # an enemy's kill: the ordinary rule (R22)
    return True


class PlaceFromPile(Ability):
    """An event that places up to ``count`` cards of the ``pile`` pile, one at a
    time, on empty spaces next to your ``anchor`` card (a card slug you control on
    the battlefield: Conjure Phoenixes next to Queen Maldaria, Glacial Surge next to
    Torgan). Each placement is a ``ChooseSpace`` decision with ``NO`` ("up to")."""

    pile: ClassVar[str] = ""
    anchor: ClassVar[str] = ""
    count: ClassVar[int] = 2

    def _anchor(self, st: GameState, player: int) -> int:
        cards = st.info.cards
        for c in st.cards_of(player):
            if cards[c].slug == self.anchor:
                return c
        return -1

    def _spaces(self, st: GameState, player: int) -> list[int]:
        a = self._anchor(st, player)
        if a < 0 or not pile_cards(st, player, self.pile):
            return []
        return [s for s in ADJ[st.pos[a]] if st.board[s] < 0]

    def can_play(self, st: GameState, card: int) -> bool:
        return bool(self._spaces(st, st.turn_player))

    def play(self, st: GameState, card: int) -> None:
        self._ask(st, card, st.turn_player, self.count)

    def _ask(self, st: GameState, card: int, player: int, left: int) -> None:
        spaces = self._spaces(st, player) if left > 0 else []
        if spaces:
            opts: list[Action] = [NO]
            opts += [ChooseSpace(s) for s in spaces]
            st.ask(self.decision(st, card, opts, left, player=player))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, ChooseSpace):
            conjure(st, dec.player, self.pile, action.space)
            self._ask(st, dec.source, dec.player, dec.data[0] - 1)
