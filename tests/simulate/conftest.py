"""Simulation test fixtures: users' jobs built through the real services, a captured
Celery dispatch (no broker in unit tests), the throttle cache cleared per test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

#: Two faction decks the catalog knows completely enough to play.
FACTION_A = "cave-goblins"
FACTION_B = "breakers"


@pytest.fixture(autouse=True)
def _clear_cache() -> Iterator[None]:
    """The submission throttle counts in the default cache: start every test clean."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


class Dispatched(list):  # type: ignore[type-arg]
    """Calls of ``work.dispatch.send_tickets`` as (interactive, batch) counts."""

    @property
    def tickets(self) -> int:
        return sum(i + b for i, b in self)


@pytest.fixture
def dispatched(monkeypatch: pytest.MonkeyPatch) -> Dispatched:
    """Record the tickets sent to Celery instead of sending them (tests play the
    slices themselves: ``work.services.run_ticket`` / ``run_inline``)."""
    calls = Dispatched()

    def record(interactive: int = 0, batch: int = 0) -> None:
        calls.append((interactive, batch))

    monkeypatch.setattr("work.dispatch.send_tickets", record)
    return calls


@pytest.fixture
def make_job(user, dispatched):  # type: ignore[no-untyped-def]
    """Submit a job through the real service (dispatch captured, commit run)."""
    from django.test import TestCase

    from simulate.services import jobs

    def make(**kwargs: Any) -> Any:
        options: dict[str, Any] = {
            "owner": user,
            "deck_a": FACTION_A,
            "deck_b": FACTION_B,
            "games": 40,
            "seed": 7,
            "agent_a": "random",
            "agent_b": "random",
        }
        options.update(kwargs)
        with TestCase.captureOnCommitCallbacks(execute=True):
            return jobs.simulation_submit(**options)

    return make
