"""Analysis test fixtures: tiny, fast analyses (random agent, one opponent, rounds of
two blocks), a captured Celery dispatch, and decks made through the real services."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

OPPONENT = "cave-goblins"


@pytest.fixture(autouse=True)
def _tiny_analyses(settings) -> Iterator[None]:  # type: ignore[no-untyped-def]
    from django.core.cache import cache

    settings.ANALYSIS_AGENT = "random"
    settings.ANALYSIS_ROUND_BLOCKS = 2
    settings.ANALYSIS_DEFAULT_GAMES = 100
    cache.clear()  # the submission throttle counts in the cache
    yield
    cache.clear()


class Dispatched(list):  # type: ignore[type-arg]
    """Calls of ``work.dispatch.send_tickets`` as (interactive, batch) counts."""


@pytest.fixture
def dispatched(monkeypatch: pytest.MonkeyPatch) -> Dispatched:
    calls = Dispatched()

    def record(interactive: int = 0, batch: int = 0) -> None:
        calls.append((interactive, batch))

    monkeypatch.setattr("work.dispatch.send_tickets", record)
    return calls


@pytest.fixture
def deck(catalog_db, db, user):  # type: ignore[no-untyped-def]
    """The user's copy of the Polar Dwarves faction deck."""
    from decks.models import Deck
    from decks.services import deck_copy

    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    return deck_copy(deck=faction, owner=user, name="Frost wall")


@pytest.fixture
def submit(user, deck, dispatched):  # type: ignore[no-untyped-def]
    """Submit through the real service (dispatch captured, on-commit run)."""
    from django.test import TestCase

    from analysis import services

    def make(**kwargs: Any) -> Any:
        options: dict[str, Any] = {
            "owner": user,
            "deck_id": deck.pk,
            "kind": "card-values",
            "field": [OPPONENT],
            "seed": 5,
        }
        options.update(kwargs)
        with TestCase.captureOnCommitCallbacks(execute=True):
            return services.analysis_submit(**options)

    return make
