"""Submissions that used to answer 500 (issue 15): a faction with no deck list, and a
broker that is down. The broker test runs the site in a subprocess whose
CELERY_BROKER_URL points at a Redis port nothing listens on, so it needs no Redis and
runs in both CI passes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.test import TestCase

from simulate.models import ACTIVE_STATUSES, JobStatus, MatrixJob, SimulationJob
from simulate.services import jobs

from .conftest import FACTION_A, FACTION_B

ROOT = Path(__file__).resolve().parents[2]


def post(client, url: str, body: dict):  # type: ignore[no-untyped-def]
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(url, body, format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["swamp-orcs", "cloaks", "shadow-elves"])
def test_faction_without_deck_list_is_400_deck_unknown(auth_client, dispatched, slug):
    response = post(
        auth_client,
        "/api/simulations/",
        {"deck_a": slug, "deck_b": FACTION_B, "games": 10},
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "deck.invalid"
    (error,) = body["errors"]["deck_a"]
    assert error["code"] == "deck.unknown"
    # The message lists the factions that do have a deck, and not this one.
    assert FACTION_A in error["message"] and FACTION_B in error["message"]
    assert slug not in error["message"].split("(factions:")[1]
    matrix = post(
        auth_client, "/api/matrices/", {"decks": [FACTION_A, slug], "games_per_pair": 2}
    )
    assert matrix.status_code == 400 and matrix.json()["code"] == "deck.invalid"
    assert not SimulationJob.objects.exists() and dispatched == []


@pytest.mark.django_db
def test_broker_refusing_a_job_fails_it_instead_of_leaving_it_queued(user, monkeypatch):
    def broker_down(interactive: int = 0, batch: int = 0) -> None:
        from kombu.exceptions import OperationalError

        raise OperationalError("Error 111 connecting to 127.0.0.1:1. Refused.")

    monkeypatch.setattr("work.dispatch.send_tickets", broker_down)
    with pytest.raises(jobs.BrokerUnavailable):
        with TestCase.captureOnCommitCallbacks(execute=True):
            jobs.simulation_create(
                owner=user,
                deck_a={"name": "a"},
                deck_b={"name": "b"},
                games=10,
            )
    job = SimulationJob.objects.get()
    assert job.status == JobStatus.FAILED and "task queue" in job.error
    assert jobs.active_job_count(owner=user) == 0


SCRIPT = textwrap.dedent(
    """
    import json, time
    import django
    django.setup()
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client(raise_request_exception=False)
    client.force_login(User.objects.get(username="svara"))
    out = {}

    def call(name, method, url, body=None):
        started = time.monotonic()
        if method == "get":
            response = client.get(url)
        else:
            response = client.post(
                url, json.dumps(body), content_type="application/json"
            )
        out[name] = {
            "status": response.status_code,
            "type": response["Content-Type"],
            "body": json.loads(response.content)
            if "json" in response["Content-Type"]
            else None,
            "seconds": time.monotonic() - started,
        }

    call("warm", "get", "/api/factions/")
    call("simulation", "post", "/api/simulations/",
         {"deck_a": "%(a)s", "deck_b": "%(b)s", "games": 10})
    call("matrix", "post", "/api/matrices/",
         {"decks": ["%(a)s", "%(b)s", "vanguards"], "games_per_pair": 4})
    call("cards", "get", "/api/cards/")
    call("validate", "post", "/api/decks/validate/", {"text": "1 Sneeks"})
    call("health", "get", "/api/health/")
    print(json.dumps(out))
    """
)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_broker_down_answers_503_fast_and_leaves_no_active_job(user, live_database_url):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CELERY_", "SIMULATE_"))
    }
    env.update(
        DATABASE_URL=live_database_url,
        CELERY_BROKER_URL="redis://127.0.0.1:1/0",  # nothing listens on port 1
        DJANGO_SETTINGS_MODULE="sw_site.settings",
    )
    code = SCRIPT % {"a": FACTION_A, "b": FACTION_B}
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    for name in ("simulation", "matrix"):
        answer = out[name]
        assert answer["status"] == 503, answer
        assert answer["body"]["code"] == "broker_unavailable"
        assert answer["seconds"] < 3, answer
    # Browsing and validation do not need the broker.
    assert out["cards"]["status"] == 200
    assert out["validate"]["status"] == 200
    assert out["validate"]["body"]["valid"] is False
    # The health endpoint says what is wrong.
    health = out["health"]
    assert health["status"] == 503 and health["body"]["code"] == "service_unavailable"
    assert health["body"]["checks"]["broker"]["ok"] is False
    assert health["body"]["checks"]["database"]["ok"] is True
    # Nothing left behind: every job the outage touched is failed, none active.
    assert not SimulationJob.objects.filter(status__in=ACTIVE_STATUSES).exists()
    assert not MatrixJob.objects.filter(status__in=ACTIVE_STATUSES).exists()
    assert jobs.active_job_count(owner=user) == 0
    assert set(SimulationJob.objects.values_list("status", flat=True)) <= {"failed"}
