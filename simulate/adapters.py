"""The one adapter between the simulate app and the engine (STYLE item 3).

- A *frozen deck* is the JSON stored in ``SimulationJob.deck_a``/``deck_b``::

      {"name": str, "summoner": slug, "summoner_name": str,
       "source": {"kind": "deck", "id": 7} | {"kind": "faction", "slug": "..."}
                 | {"kind": "inline"},
       "entries": [{"card": slug, "count": n, "role": DeckRole value | null}, ...]}

  :func:`deck_list` turns it into an engine ``DeckList``, :func:`game_deck` into the
  ``GameDeck`` that ``engine.play.play_many`` plays.
- Engine ``GameResult`` values become compact per-game rows
  ``[winner, termination, turns, first_player, partial]`` (:func:`outcome_row`) and
  per-card counts ``{side: {slug: [summoned, destroyed, damage]}}``
  (:func:`card_counts`).
- :func:`engine_version`: a short hash of the engine's source files, stored with each
  job so a result can be traced to the rules code that produced it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from engine.core.game import GameDeck
from engine.core.types import DeckEntry, DeckList, DeckRole, Rules
from engine.deckbuilding.resolve import default_catalog
from engine.deckbuilding.resolve import game_deck as engine_game_deck
from work.engine import engine_build, engine_version  # noqa: F401 - re-exported

#: Card counters kept per card and side, in the order of the stored lists.
CARD_COUNTERS = ("summoned", "destroyed", "damage")


def deck_list(frozen: Mapping[str, Any]) -> DeckList:
    """Engine deck list from a frozen deck (see the module docstring)."""
    return DeckList(
        name=str(frozen["name"]),
        summoner=str(frozen["summoner"]),
        entries=tuple(
            DeckEntry(
                card=str(e["card"]),
                count=int(e["count"]),
                role=DeckRole(e["role"]) if e.get("role") else None,
            )
            for e in frozen["entries"]
        ),
    )


def game_deck(frozen: Mapping[str, Any]) -> GameDeck:
    """A deck ready to play, laid out as the engine CLI lays out a deck: the setup of
    the summoner's faction when the catalog knows it, else the engine default."""
    ruleset = frozen.get("ruleset")  # absent: the default edition
    catalog = default_catalog(ruleset)
    deck = deck_list(frozen)
    name = frozen["source"].get("slug") or deck.name
    return engine_game_deck(
        deck, catalog.cards, catalog.setup_of(deck.summoner), name=name, ruleset=ruleset
    )


def frozen_deck(
    *,
    name: str,
    summoner: str,
    summoner_name: str,
    source: dict[str, Any],
    entries: Iterable[DeckEntry],
) -> dict[str, Any]:
    return {
        "name": name,
        "summoner": summoner,
        "summoner_name": summoner_name,
        "source": source,
        "entries": [
            {
                "card": e.card,
                "count": e.count,
                "role": None if e.role is None else DeckRole(e.role).value,
            }
            for e in entries
        ],
    }


def agent_choices() -> list[tuple[str, str]]:
    """The agents the engine offers, as (name, label) choices."""
    from engine.agents import AGENTS
    from simulate.models import Agent

    labels = dict(Agent.choices)
    return [(name, str(labels.get(name, name))) for name in AGENTS]


def rules(ruleset: str) -> Rules:
    return Rules(ruleset=ruleset)


def outcome_row(result: Any) -> list[Any]:
    """``[winner, termination, turns, first_player, partial]`` of one GameResult."""
    return [
        result.winner,
        result.termination,
        result.turns,
        result.first_player,
        result.partial,
    ]


def card_counts(result: Any) -> dict[str, dict[str, list[int]]]:
    """``{"a"|"b": {slug: [summoned, destroyed, damage]}}`` of one GameResult."""
    return {
        side: {
            slug: [counts.get(name, 0) for name in CARD_COUNTERS]
            for slug, counts in result.card_stats.get(side, {}).items()
        }
        for side in ("a", "b")
    }


#: Game-length bands of the per-card association table, as (key, first turn, last
#: turn or None). Greedy games between faction decks last about 30 to 55 turns.
LENGTH_BANDS: tuple[tuple[str, int, int | None], ...] = (
    ("short", 0, 29),
    ("medium", 30, 49),
    ("long", 50, None),
)


def length_band(turns: int) -> str:
    for key, low, high in LENGTH_BANDS:
        if turns >= low and (high is None or turns <= high):
            return key
    return LENGTH_BANDS[-1][0]


class _Dealt(NamedTuple):
    cards: list[Any]  # CardDef per card id
    owner: list[int]  # seat per card id


def events_played(job: Any, results: list[Any]) -> list[dict[str, set[str]]]:
    """Per game of a chunk (results from ``play_many(..., record=True)``), the event
    cards each side played, read from the action log (card ids are fixed per seat
    order, see ``engine.core.game.dealt_cards``)."""
    from engine.core.actions import PlayEvent
    from engine.core.game import dealt_cards

    deck_a, deck_b = game_deck(job.deck_a), game_deck(job.deck_b)
    infos = {
        False: _Dealt(*dealt_cards((deck_a, deck_b))),
        True: _Dealt(*dealt_cards((deck_b, deck_a))),
    }
    out: list[dict[str, set[str]]] = []
    for k, result in enumerate(results):
        swapped = bool(job.swap and k % 2 == 1)
        info = infos[swapped]
        seat_side = ("b", "a") if swapped else ("a", "b")
        played: dict[str, set[str]] = {"a": set(), "b": set()}
        for action in result.log or []:
            if isinstance(action, PlayEvent):
                side = seat_side[info.owner[action.card]]
                played[side].add(info.cards[action.card].slug)
        out.append(played)
    return out


def add_card_counts(
    total: dict[str, dict[str, list[int]]], more: Mapping[str, Mapping[str, list[int]]]
) -> dict[str, dict[str, list[int]]]:
    """Add ``more`` into ``total`` (both in the :func:`card_counts` shape)."""
    for side, cards in more.items():
        bucket = total.setdefault(side, {})
        for slug, values in cards.items():
            current = bucket.setdefault(slug, [0] * len(values))
            for i, v in enumerate(values):
                current[i] += v
    return total
