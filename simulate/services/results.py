"""Aggregate and store the games one slice of a simulation played.

A slice's games (game indices ``first_game ..``, each played from
``derive_seed(job.seed, i)``) become one ``ChunkResult`` row, upserted under
``(job, first_game)``; the job framework stores a slice only while it still holds its
lane, so no game is counted twice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from simulate import adapters
from simulate.models import ChunkResult


def card_games(
    results: list[Any], events: list[dict[str, set[str]]] | None = None
) -> dict[str, dict[str, dict[str, list[int]]]]:
    """Per side and card: in how many games of each length band the card was played
    (summoned, built or played as an event) and how many of those its side won; the
    slug ``""`` holds every game of the band (the baseline). Association counts only:
    a card played in a winning position looks good without causing the win."""
    out: dict[str, dict[str, dict[str, list[int]]]] = {"a": {}, "b": {}}
    for k, r in enumerate(results):
        band = adapters.length_band(r.turns)
        played_events = events[k] if events else {"a": set(), "b": set()}
        for side in ("a", "b"):
            won = 1 if r.winner == side else 0
            played = {
                slug
                for slug, counts in r.card_stats.get(side, {}).items()
                if counts.get("summoned", 0) > 0
            } | played_events.get(side, set())
            for slug in sorted(played | {""}):
                cell = out[side].setdefault(slug, {}).setdefault(band, [0, 0])
                cell[0] += 1
                cell[1] += won
    return out


def chunk_row(
    results: list[Any], *, events: list[dict[str, set[str]]] | None = None
) -> dict[str, Any]:
    """Aggregates and compact per-game rows of a list of engine GameResults;
    ``events``: per game, the event slugs each side played (``card_games``)."""
    outcomes = [adapters.outcome_row(r) for r in results]
    cards: dict[str, dict[str, list[int]]] = {"a": {}, "b": {}}
    missing: list[str] = []
    for r in results:
        adapters.add_card_counts(cards, adapters.card_counts(r))
        missing += [m for m in r.missing_abilities if m not in missing]
    winners = Counter(o[0] for o in outcomes)
    return {
        "games": len(outcomes),
        "wins_a": winners["a"],
        "wins_b": winners["b"],
        "draws": winners[None],
        "first_player_wins": sum(1 for o in outcomes if o[0] and o[0] == o[3]),
        "a_first_games": sum(1 for o in outcomes if o[3] == "a"),
        "a_first_wins": sum(1 for o in outcomes if o[3] == "a" and o[0] == "a"),
        "partial_games": sum(1 for o in outcomes if o[4]),
        "turns_sum": sum(o[2] for o in outcomes),
        "turn_hist": {
            str(k): v for k, v in sorted(Counter(o[2] for o in outcomes).items())
        },
        "terminations": dict(sorted(Counter(o[1] for o in outcomes).items())),
        "card_stats": cards,
        "card_games": card_games(results, events),
        "missing_abilities": missing,
        "setup_defaults": [
            any(r.setup_defaults_used[side] for r in results) for side in (0, 1)
        ],
        "outcomes": outcomes,
    }


def results_store(*, job_id: int, first_game: int, **fields: Any) -> None:
    """Upsert one slice's row (INSERT .. ON CONFLICT (job, first_game) DO UPDATE)."""
    ChunkResult.objects.bulk_create(
        [ChunkResult(job_id=job_id, first_game=first_game, **fields)],
        update_conflicts=True,
        unique_fields=["job", "first_game"],
        update_fields=[*fields, "updated_at"],
    )
