"""Paired games: deck variants compared on the same seed blocks (common random numbers).

A **variant** of a deck changes one card of its draw deck *in place*
(:func:`replace_in_place`): the new card takes the old card's slot, so after the
shuffle every other card of both decks lies at the same depth and the first player is
the same (a shuffle draws random numbers by list length only). Each turn's dice come
from a counter-based stream of (seed, turn, die number) (:mod:`engine.core.dice`), so
a turn's dice are the same in both games even after their play has diverged. Agents
keep their per-seat RNGs.

A **block** is one game seed played twice, the deck in each seat
(:func:`play_block`). A deck's block score is its points over the two games (a win 1,
a turn-cap draw 1/2) divided by 2. Variants are compared block by block: the
difference of two variants' scores on the same block is the unit of evidence, and
means and intervals are taken over blocks (fishtest's game pairs). Each block also
carries the deck's attack-dice luck minus the opponent's (``GameState.luck``), whose
expectation is zero: a control variate (:func:`engine.tools.stats.cross_fitted`).

The **blank** (:data:`BLANK`) is an analysis-only card: an event with no effect and
no phase, so it can only be discarded for magic. A card's value above magic is the
deck's score minus the score with one copy replaced by the blank. Games holding a blank
are never saved as replays (the catalog has no such card).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.core.game import GameDeck
from engine.core.types import CardClass, CardDef, CardType, Confidence, Rules

BLANK = CardDef(
    slug="blank",
    name="Blank (magic only)",
    faction=None,
    card_type=CardType.EVENT,
    classes=(),
    cost=None,
    strength=None,
    life=None,
    attack_type=None,
    symbols=(),
    symbols_known=True,
    phase=None,
    active=False,
    abilities=(),
    confidence=Confidence.HIGH,
    notes="analysis only: an event that cannot be played, only discarded for magic",
)


def replace_in_place(deck: GameDeck, out_slug: str, card: CardDef) -> GameDeck:
    """``deck`` with the last copy of ``out_slug`` in its draw deck replaced by
    ``card`` in the same slot (never appended), so paired games keep every other
    card's depth. ValueError when the draw deck holds no ``out_slug``."""
    draw = deck.draw_cards
    for i in range(len(draw) - 1, -1, -1):
        if draw[i].slug == out_slug:
            name = f"{deck.name} ({out_slug} -> {card.slug})"
            return dataclasses.replace(
                deck, name=name, draw_cards=draw[:i] + (card,) + draw[i + 1 :]
            )
    raise ValueError(f"{out_slug!r} is not in the draw deck of {deck.name!r}")


def slot_class(card: CardDef) -> str | None:
    """The swap class of a draw-deck card: ``common``, ``champion``, ``event`` (a
    standard or first-edition event; epic events and walls are fixed), or None
    (not swappable)."""
    if card.is_unit:
        if card.has_class(CardClass.CHAMPION):
            return "champion"
        if card.has_class(CardClass.COMMON):
            return "common"
        return None
    if card.has_class(CardClass.STANDARD) or card.has_class(CardClass.EVENT):
        return "event"
    return None


@dataclass(frozen=True, slots=True)
class Block:
    """One seed block of a deck against an opponent: ``score`` in [0, 1] (the
    deck's points over the two seat-swapped games / 2), ``luck`` the deck's attack
    dice luck minus the opponent's over both games, ``turns`` both games' turns."""

    index: int
    score: float
    luck: float
    turns: int


def play_block(
    deck: GameDeck,
    opponent: GameDeck,
    *,
    run_seed: int,
    index: int,
    agent: str,
    opponent_agent: str | None = None,
    rules: Rules | None = None,
) -> Block:
    """Block ``index`` of a run: game seed ``derive_seed(run_seed, index)`` played
    with ``deck`` in seat 0, then in seat 1 (the same seed)."""
    from engine.play import play_many

    rs = play_many(
        deck,
        opponent,
        seed=run_seed,
        games=index + 1,
        game_indices=(index,),
        agent_a=agent,
        agent_b=opponent_agent or agent,
        swap=True,
        rules=rules,
    )
    pts = sum(1.0 if r.winner == "a" else 0.5 if r.winner is None else 0.0 for r in rs)
    luck = sum(r.luck[0] - r.luck[1] for r in rs)
    return Block(index, pts / len(rs), luck, sum(r.turns for r in rs))


def random_swaps(
    deck: GameDeck,
    pool: Sequence[CardDef],
    count: int,
    seed: int,
) -> list[tuple[str, CardDef]]:
    """``count`` random 1-for-1 swaps (out slug, in card) within a slot class:
    a distinct draw-deck card out, a card of ``pool`` of the same class in that is
    not already the card taken out. Seeded; no swap twice."""
    rng = random.Random(seed)
    outs = sorted({c.slug: c for c in deck.draw_cards if slot_class(c)}.items())
    options = [
        (slug, c)
        for slug, out in outs
        for c in sorted(pool, key=lambda x: x.slug)
        if c.slug != slug and slot_class(c) == slot_class(out)
    ]
    rng.shuffle(options)
    return options[:count]


#: a block to play: (deck index, opponent index, run seed, block index, agent, rules),
#: the indices into the ``decks`` given to :func:`run_blocks`
BlockTask = tuple[int, int, int, int, str, "Rules | None"]

_DECKS: list[GameDeck] = []
_TASKS: list[BlockTask] = []


def _init_worker(decks: list[GameDeck], tasks: list[BlockTask]) -> None:
    _DECKS[:] = decks
    _TASKS[:] = tasks


def _play_task(t: BlockTask) -> Block:
    d, o, run_seed, index, agent, rules = t
    return play_block(
        _DECKS[d], _DECKS[o], run_seed=run_seed, index=index, agent=agent, rules=rules
    )


def _play_nth(n: int) -> Block:
    return _play_task(_TASKS[n])


def run_blocks(
    decks: Sequence[GameDeck], tasks: Sequence[BlockTask], jobs: int = 1
) -> list[Block]:
    """Play ``tasks`` (in order) in this process or in ``jobs`` forked worker
    processes. The decks and the tasks reach the workers by fork, never pickled
    (the compiled engine's frozen classes, the cards and a task's ``Rules``, do
    not unpickle): a worker is sent a task's position only. Each block's result
    depends only on its task, so any ``jobs`` gives the same list."""
    _init_worker(list(decks), list(tasks))
    if jobs <= 1 or len(tasks) < 2:
        return [_play_task(t) for t in tasks]
    ctx = multiprocessing.get_context("fork")
    shared = (list(decks), list(tasks))
    with ProcessPoolExecutor(
        jobs, mp_context=ctx, initializer=_init_worker, initargs=shared
    ) as ex:
        return list(ex.map(_play_nth, range(len(tasks)), chunksize=4))
