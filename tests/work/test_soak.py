"""Soak: three users share one real worker (two processes) on PostgreSQL + Redis.

At once, one user asks for a card value analysis (batch work), another for a
gauntlet and the third for three simulations (interactive work). Everything
completes; no slice is put back in line (no worker died, so nothing may be taken
for lost, however long it waited); the simulations finish before the analysis
(interactive work is claimed first, at every slice boundary); and every stored
result equals the same job played alone, in this process.
"""

from __future__ import annotations

import time

import pytest
from django.test import TestCase

from tests.e2e.conftest import catalog_loaded  # noqa: F401
from tests.simulate.test_integration import (  # noqa: F401
    celery_worker,
    queue,
    require_redis,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.worker,
    pytest.mark.requires_redis,
    pytest.mark.requires_postgres,
]


def _wait(jobs: list, log, timeout: float) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for job in jobs:
            job.refresh_from_db()
        if all(not job.is_active for job in jobs):
            return
        time.sleep(0.5)
    states = [(type(j).__name__, j.pk, j.status) for j in jobs]
    pytest.fail(f"stuck: {states}\n{log.read_text()[-4000:]}")


@pytest.mark.django_db(transaction=True)
def test_three_users_at_once_all_complete_fairly_and_exactly(
    require_redis,  # noqa: F811
    catalog_loaded,  # noqa: F811
    queue,  # noqa: F811
    tmp_path,
    django_user_model,
    settings,
):
    from analysis import services as analysis
    from analysis.models import AnalysisJob
    from decks.models import Deck
    from decks.services import deck_copy
    from simulate.models import SimulationJob
    from simulate.services import jobs, matrices

    analyst, gauntleteer, player = (
        django_user_model.objects.create_user(username=name, password="x-Soak-2026")
        for name in ("analyst", "gauntleteer", "player")
    )
    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    deck = deck_copy(deck=faction, owner=analyst, name="Frost wall")
    log = tmp_path / "worker.log"
    # (the round size is stored in the analysis's state: the worker follows it)
    settings.ANALYSIS_ROUND_BLOCKS = 4
    values = {
        "owner": analyst,
        "deck_id": deck.pk,
        "kind": "card-values",
        "field": ["cave-goblins"],
        "agent": "greedy",
        "max_games": 600,
        "seed": 21,
    }
    with celery_worker(queue, log, WORK_SLICE_SECONDS="2"):
        with TestCase.captureOnCommitCallbacks(execute=True):
            card_values = analysis.analysis_submit(**values)
        with TestCase.captureOnCommitCallbacks(execute=True):
            gauntlet = matrices.matrix_submit(
                owner=gauntleteer,
                decks=["breakers", "vanguards", "tundra-orcs", "savanna-elves"],
                games_per_pair=20,
                agent="greedy",
                gauntlet=True,
                seed=22,
            )
        simulations = []
        for seed, (a, b) in enumerate(
            [("breakers", "vanguards"), ("cave-goblins", "polar-dwarves")]
            + [("savanna-elves", "tundra-orcs")],
            start=23,
        ):
            with TestCase.captureOnCommitCallbacks(execute=True):
                simulations.append(
                    jobs.simulation_submit(
                        owner=player,
                        deck_a=a,
                        deck_b=b,
                        games=60,
                        agent_a="greedy",
                        agent_b="greedy",
                        seed=seed,
                    )
                )
        cells = list(gauntlet.jobs.all())
        _wait([card_values, *cells, *simulations], log, timeout=600)

    gauntlet.refresh_from_db()
    assert gauntlet.status == "done"
    everything = [card_values, *cells, *simulations]
    assert [j.status for j in everything] == ["done"] * len(everything), [
        j.error for j in everything
    ]
    # No worker died: nothing was taken for lost, however long it waited.
    assert [j.heals for j in everything] == [0] * len(everything)
    assert "back in line" not in log.read_text()
    # Interactive work first: every simulation and gauntlet cell finished before
    # the analysis that was submitted ahead of them.
    assert max(j.finished_at for j in [*cells, *simulations]) < card_values.finished_at

    # The same jobs played alone, in this process, store the same results.
    for job in [*simulations, *cells]:
        with TestCase.captureOnCommitCallbacks(execute=False):
            alone = jobs.simulation_create(
                owner=job.owner,
                deck_a=job.deck_a,
                deck_b=job.deck_b,
                games=job.games,
                seed=job.seed,
                agent_a=job.agent_a,
                agent_b=job.agent_b,
                swap=job.swap,
                dispatch=False,
            )
        alone = jobs.simulation_run_inline(job_id=alone.pk)
        assert alone.result == SimulationJob.objects.get(pk=job.pk).result
    with TestCase.captureOnCommitCallbacks(execute=False):
        again = analysis.analysis_submit(**values, dispatch=False)
    again = analysis.analysis_run_inline(job_id=again.pk)
    assert again.report == AnalysisJob.objects.get(pk=card_values.pk).report
