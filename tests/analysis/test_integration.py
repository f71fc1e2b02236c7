"""End to end with a REAL ``celery -A sw_site worker`` process on the test database:
a card value analysis submitted through the REST API runs round after round on the
worker (slices cut by time, the state stored after each round) and its report equals
the engine's own run of the same deck, field, agent and seed in this process.

Runs on whatever broker the environment names (the embedded filesystem broker by
default, Redis in CI's first pass); the worker consumes a queue of its own.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import catalog_loaded  # noqa: F401
from tests.simulate.test_integration import celery_worker, queue  # noqa: F401

pytestmark = [pytest.mark.slow, pytest.mark.worker]


@pytest.mark.django_db(transaction=True)
def test_worker_runs_card_values_like_the_engine(
    auth_client,
    catalog_loaded,  # noqa: F811
    user,
    queue,  # noqa: F811
    tmp_path,
):
    from analysis.runs import job_decks
    from decks.models import Deck
    from decks.services import deck_copy
    from engine.optimize.card_values import SCREENING, new_run
    from engine.optimize.runs import drive

    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    deck = deck_copy(deck=faction, owner=user, name="Frost wall")
    log = tmp_path / "worker.log"
    with celery_worker(queue, log):
        response = auth_client.post(
            f"/api/decks/{deck.pk}/card-values/",
            {"field": ["cave-goblins"], "agent": "random", "max_games": 100, "seed": 9},
            format="json",
        )
        assert response.status_code == 202, response.json()
        url = response.json()["url"]
        deadline = time.monotonic() + 180
        body = auth_client.get(url).json()
        while body["status"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.5)
            body = auth_client.get(url).json()
    assert body["status"] == "done", (body.get("error"), log.read_text()[-3000:])
    assert body["rounds"] >= 2 and body["engine_version"]
    from analysis.models import AnalysisJob

    job = AnalysisJob.objects.get(pk=body["id"])
    d, field = job_decks(job)
    params = job.state["params"]
    assert job.state["design"] == SCREENING  # the site's default design
    expected = drive(
        new_run(
            d,
            field,
            design=SCREENING,
            agent="random",
            seed=9,
            max_games=100,
            target=params["target"],
            round_blocks=params["step"],
            ruleset=params["ruleset"],
        )
    )
    assert body["report"] == expected
