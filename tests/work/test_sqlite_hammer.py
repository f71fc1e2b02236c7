"""The embedded default holds up under its own worker: on SQLite, while a real
worker stores slices as fast as it can (tiny time slices), sign-ups, deck saves and
progress reads from several threads of the web side never meet "database is
locked" (no 500, nothing in the worker's log)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from tests.e2e.conftest import catalog_loaded  # noqa: F401
from tests.simulate.test_integration import celery_worker, queue  # noqa: F401

pytestmark = [pytest.mark.slow, pytest.mark.worker]


@pytest.mark.django_db(transaction=True)
def test_no_database_is_locked_under_the_sites_own_worker(
    catalog_loaded,  # noqa: F811
    queue,  # noqa: F811
    tmp_path,
    django_user_model,
    settings,
):
    from django.contrib.auth import get_user_model
    from django.db import close_old_connections
    from django.test import Client, TestCase

    from decks.models import Deck
    from decks.services import deck_copy
    from simulate.services import jobs

    if connection.vendor != "sqlite":
        pytest.skip("the embedded default is SQLite")
    owner = django_user_model.objects.create_user(username="hammer", password="x")
    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    log = tmp_path / "worker.log"
    problems: list[str] = []
    codes: list[int] = []

    def signups(n: int) -> None:
        client = Client(raise_request_exception=False, REMOTE_ADDR=f"10.0.0.{n}")
        for i in range(6):
            response = client.post(
                "/accounts/signup/",
                {
                    "username": f"player-{n}-{i}",
                    "password1": "glacier-Logic-2026",
                    "password2": "glacier-Logic-2026",
                },
            )
            codes.append(response.status_code)
            client.logout()
        close_old_connections()

    def deck_saves() -> None:
        try:
            for i in range(25):
                deck_copy(deck=faction, owner=owner, name=f"Copy {i}")
        except Exception as exc:  # noqa: BLE001 - recorded, asserted below
            problems.append(repr(exc))
        finally:
            close_old_connections()

    def progress_reads(job_id: int) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(owner)
        for _ in range(60):
            codes.append(client.get(f"/api/simulations/{job_id}/").status_code)
            time.sleep(0.02)
        close_old_connections()

    with celery_worker(queue, log, WORK_SLICE_SECONDS="0.05"):
        with TestCase.captureOnCommitCallbacks(execute=True):
            job = jobs.simulation_submit(
                owner=owner,
                deck_a="cave-goblins",
                deck_b="breakers",
                games=3000,
                agent_a="random",
                agent_b="random",
                seed=5,
            )
        time.sleep(2)  # the worker is storing slices
        before = job.chunks.count()
        threads = [threading.Thread(target=signups, args=(n,)) for n in (1, 2)]
        threads += [threading.Thread(target=deck_saves)]
        threads += [threading.Thread(target=progress_reads, args=(job.pk,))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        job.refresh_from_db()
        stored_during = job.chunks.count()
    assert not problems, problems
    assert codes and 500 not in codes, codes
    # the worker wrote along while the threads hammered (a count, not a rate: a
    # busy machine slows both sides alike)
    assert stored_during - before >= 5, (before, stored_during, job.status)
    assert get_user_model().objects.filter(username__startswith="player-").count() == 12
    assert Deck.objects.filter(owner=owner).count() == 25
    assert "database is locked" not in log.read_text()
