"""A bench for first-edition ability scenarios: a real first-edition game between two
summoners whose decks hold one copy of every other card of their faction (plus any
``extra`` cards, e.g. mercenaries), the battlefield cleared to the summoners, hands
emptied, turn 5, seat 0 to act. Cards are fetched by slug (:func:`put`,
:func:`to_hand`); dice are rigged with ``scenario.Dice`` (a first-edition face is its
number, a hit on 3+, R21). Ability scenario tests name the ability they cover with
``@pytest.mark.covers("<card>.<ability>", ruleset="first")`` (the coverage report
counts them)."""

from __future__ import annotations

from engine.core.actions import UseAbility
from engine.core.game import GameDeck
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.types import DeckEntry, DeckList, Rules
from engine.core.zones import BOARD, DECK, HAND, MAGIC
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.resolve import game_deck
from engine.play import setup_game

RULES = Rules(ruleset="first")


def wide_deck(
    summoner: str, *, events: bool = False, extra: tuple[str, ...] = ()
) -> GameDeck:
    """The summoner's catalog deck plus one copy of every other unit of its faction
    (and, with ``events``, of every event of its faction; and every card in
    ``extra``): a test bench, not a legal deck, set up from its reference card."""
    cat = load_catalog(ruleset="first")
    sd = cat.summoners[summoner]
    counts = dict(sd.deck.counts())
    for c in cat.cards_of(sd.faction):
        if c.is_summoner:
            continue
        if (c.is_unit and c.cost is not None) or (events and not c.is_unit):
            counts.setdefault(c.slug, 1)
    for slug in extra:
        counts.setdefault(slug, 1)
    deck = DeckList(
        summoner, summoner, tuple(DeckEntry(k, n) for k, n in counts.items())
    )
    return game_deck(deck, cat.cards, sd.setup, name=summoner, ruleset="first")


def fresh(
    a: str = "prince-elien",
    b: str = "grognack",
    phase: int = ATTACK,
    *,
    events: bool = False,
    extra: tuple[str, ...] = (),
    seed: int = 1,
) -> GameState:
    """Summoner ``a`` (seat 0, to act) against ``b``, battlefield cleared but for the
    summoners, hands emptied, no magic, turn 5, in ``phase``."""
    st = setup_game(
        wide_deck(a, events=events, extra=extra),
        wide_deck(b, events=events, extra=extra),
        seed=seed,
        rules=RULES,
    )
    for s in range(48):
        c = st.board[s]
        if c >= 0 and c not in st.info.summoners:
            st.discard_card(c)
    for p in (0, 1):
        for c in list(st.hand[p]):
            st.discard_card(c)
    st.stack.clear()
    st.turn, st.turn_player, st.phase = 5, 0, phase
    st.moved, st.attacked, st.flags = [], [], {}
    for p in (0, 1):
        set_magic(st, p, 0)  # (setup leaves none, R9)
    st.search = True
    st.invalidate()
    return st


def _find(st: GameState, player: int, slug: str) -> int:
    """``player``'s first off-board copy of ``slug``, one outside the magic pile
    first: magic set up from the deck (:func:`set_magic`) must not shrink because a
    test then fetches a card it happened to take."""
    cards, owner, zone = st.info.cards, st.info.owner, st.zone
    for skip in (MAGIC, BOARD):
        for c in range(len(cards)):
            if (
                cards[c].slug == slug
                and owner[c] == player
                and zone[c] != BOARD
                and zone[c] != skip
            ):
                return c
    raise LookupError(slug)


def put(st: GameState, player: int, slug: str, space: int) -> int:
    """Put ``player``'s first off-board copy of ``slug`` on ``space``."""
    c = _find(st, player, slug)
    st.place(c, space, player)
    st.invalidate()
    return c


def to_hand(st: GameState, player: int, slug: str) -> int:
    """Put ``player``'s first off-board copy of ``slug`` in their hand."""
    c = _find(st, player, slug)
    st.remove_from_zone(c)
    st.zone[c] = HAND
    st.hand[player].append(c)
    st.invalidate()
    return c


def fill_magic(st: GameState, player: int, n: int) -> list[int]:
    """Put the top ``n`` cards of ``player``'s draw deck face down on their magic
    pile, one at a time (magic made of real cards, R18); the cards, bottom first."""
    got = []
    for _ in range(n):
        c = st.deck[player][-1]
        st.to_magic_pile(c, player)
        got.append(c)
    st.invalidate()
    return got


def set_magic(st: GameState, player: int, n: int) -> None:
    """Make ``player``'s magic exactly ``n`` real cards (R14, R18): top the pile up
    from the draw deck (:func:`fill_magic`), or put its surplus top cards back on
    top of their owners' draw decks. What ``st.magic[p] = n`` meant before magic was
    a pile, with ``magic == len(pile)`` kept (paying is strict about it)."""
    pile = st.magic_pile[player]
    if len(pile) < n:
        fill_magic(st, player, n - len(pile))
        return
    while len(pile) > n:
        c = pile[-1]
        st.remove_from_zone(c)
        owner = st.info.owner[c]
        st.zone[c] = DECK
        st.ctrl[c] = owner
        st.deck[owner].append(c)
    st.invalidate()


def uses(st: GameState, ability: str) -> list[UseAbility]:
    """The legal ``UseAbility`` actions of ``ability`` right now."""
    return [
        a
        for a in st.legal_actions()
        if isinstance(a, UseAbility) and a.ability == ability
    ]
