"""Games by name: ``new_game``, ``setup_game``, ``play_one``, ``play_many``.

The entry point that ties the parts together: decks (faction slugs, deck files or
:class:`~engine.core.game.GameDeck` values), the ruleset named by ``Rules.ruleset``
(:mod:`engine.rulesets`), agents by name (:mod:`engine.agents`) and the core's play
loop (:func:`engine.core.play.play_game`).

Determinism: ``play_many`` derives game ``i``'s seed as ``derive_seed(run_seed, i)``
(sha256, stable across processes), so any slicing of game indices gives the same games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.agents import make_agent
from engine.core import replay as _replay
from engine.core.actions import Action
from engine.core.game import GameDeck, start_game
from engine.core.play import SEATS, GameResult, derive_seed, play_game, swapped_result
from engine.core.state import GameState
from engine.core.types import CardDef, Rules
from engine.rulesets import get_ruleset

if TYPE_CHECKING:
    from engine.agents.adjudication import Adjudication


def setup_game(
    deck_a: GameDeck, deck_b: GameDeck, *, seed: int, rules: Rules | None = None
) -> GameState:
    """Set a game up (R2) under the ruleset ``rules.ruleset`` names (default: the
    default ruleset); raises ``ValueError`` for an unknown ruleset."""
    rules = rules or Rules()
    return start_game(
        deck_a, deck_b, seed=seed, rules=rules, ruleset=get_ruleset(rules.ruleset)
    )


def new_game(
    deck_a: GameDeck | str,
    deck_b: GameDeck | str,
    *,
    seed: int,
    rules: Rules | None = None,
) -> GameState:
    """Set up a game (R2). A deck is a GameDeck or a faction slug / deck file path.
    Seat 0 is ``deck_a``, seat 1 ``deck_b``; the first player is drawn from the seed."""
    from engine.deckbuilding.resolve import resolve_deck

    a = resolve_deck(deck_a) if isinstance(deck_a, str) else deck_a
    b = resolve_deck(deck_b) if isinstance(deck_b, str) else deck_b
    return setup_game(a, b, seed=seed, rules=rules)


def play_one(
    deck_a: GameDeck,
    deck_b: GameDeck,
    *,
    seed: int,
    agent_a: str = "random",
    agent_b: str = "random",
    rules: Rules | None = None,
    record: bool = False,
    adjudicate: Adjudication | None = None,
) -> GameResult:
    """One game of ``seed``; with ``adjudicate``, judged at every turn boundary
    (:mod:`engine.agents.adjudication`)."""
    st = setup_game(deck_a, deck_b, seed=seed, rules=rules or Rules())
    agents = [
        make_agent(agent_a, derive_seed(seed, 1)),
        make_agent(agent_b, derive_seed(seed, 2)),
    ]
    judge = adjudicate.judge(seed) if adjudicate is not None else None
    return play_game(st, agents, record=record, judge=judge)


def play_many(
    deck_a: GameDeck,
    deck_b: GameDeck,
    *,
    seed: int,
    games: int,
    agent_a: str = "random",
    agent_b: str = "random",
    swap: bool = False,
    game_indices: Iterable[int] | None = None,
    rules: Rules | None = None,
    record: bool = False,
    adjudicate: Adjudication | None = None,
) -> list[GameResult]:
    """Play games ``game_indices`` (default ``range(games)``) of a run.

    Game ``i`` uses seed ``derive_seed(seed, i)``. With ``swap`` each index is played
    twice, the second time with seats exchanged (B in seat 0); results are always
    reported from A's point of view (``winner`` "a" = deck A won), in index order, the
    normal game before the swapped one. Any slicing of indices gives the same results.
    """
    idx = range(games) if game_indices is None else game_indices
    out: list[GameResult] = []
    for i in idx:
        gs = derive_seed(seed, i)
        out.append(
            play_one(
                deck_a,
                deck_b,
                seed=gs,
                agent_a=agent_a,
                agent_b=agent_b,
                rules=rules,
                record=record,
                adjudicate=adjudicate,
            )
        )
        if swap:
            r = play_one(
                deck_b,
                deck_a,
                seed=gs,
                agent_a=agent_b,
                agent_b=agent_a,
                rules=rules,
                record=record,
                adjudicate=adjudicate,
            )
            out.append(swapped_result(r))
    return out


def load_replay(
    data: Mapping[str, Any], cards: Mapping[str, CardDef] | None = None
) -> tuple[GameState, list[Action]]:
    """The initial state and action log of a replay file's data (the catalog's cards
    unless ``cards`` is given; the ruleset its rules name)."""
    cards, ruleset = _replay_context(data, cards)
    return _replay.load_state(data, cards, ruleset)


def replay(
    data: Mapping[str, Any], cards: Mapping[str, CardDef] | None = None
) -> GameState:
    """Replay a whole recorded game; ValueError if its final digest differs."""
    cards, ruleset = _replay_context(data, cards)
    return _replay.replay(data, cards, ruleset)


def _replay_context(
    data: Mapping[str, Any], cards: Mapping[str, CardDef] | None
) -> tuple[Mapping[str, CardDef], Any]:
    rules = _replay.rules_from_json(data.get("rules", {}))
    if cards is None:  # the catalog of the game's own edition
        from engine.deckbuilding.resolve import default_catalog

        cards = default_catalog(rules.ruleset or None).cards
    return cards, get_ruleset(rules.ruleset)


__all__ = [
    "load_replay",
    "replay",
    "SEATS",
    "GameResult",
    "derive_seed",
    "new_game",
    "play_game",
    "play_many",
    "play_one",
    "setup_game",
]
