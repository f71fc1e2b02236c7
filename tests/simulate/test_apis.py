"""REST API: submit, read, list, cancel, matrices; permissions, limits and throttles
answer as documented (400/403/404/429 with JSON ``{"code", "message"}``)."""

from __future__ import annotations

import pytest
from django.test import TestCase

from simulate.models import JobStatus, SimulationJob
from simulate.services import jobs
from work import services as work
from work.models import Lane

from .conftest import FACTION_A, FACTION_B

pytestmark = pytest.mark.django_db

URL = "/api/simulations/"


def submit(client, **body):
    payload = {"deck_a": FACTION_A, "deck_b": FACTION_B, "games": 20, "seed": 3}
    payload.update(body)
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(URL, payload, format="json")


def test_submit_answers_202_and_queues_on_commit(auth_client, dispatched):
    response = submit(auth_client, chunk_size=8, agent_a="random")
    assert response.status_code == 202, response.json()
    body = response.json()
    assert set(body) == {"id", "status", "url"}
    assert body["status"] == "queued"
    assert body["url"].endswith(f"/api/simulations/{body['id']}/")
    lanes = Lane.objects.filter(job_id=body["id"]).count()
    assert lanes >= 1 and dispatched == [(lanes, 0)]
    job = SimulationJob.objects.get(pk=body["id"])
    # agent_b named none: the default for 20 games (simulate.agents)
    from simulate.agents import default_agent

    assert (job.agent_a, job.agent_b, job.chunk_size) == (
        "random",
        default_agent(games=20),
        8,
    )


def test_detail_reports_progress_and_result(auth_client, dispatched, settings):
    settings.WORK_LANES = 1
    job_id = submit(
        auth_client, games=12, chunk_size=5, agent_a="random", agent_b="random"
    ).json()["id"]
    body = auth_client.get(f"{URL}{job_id}/").json()
    assert body["status"] == "queued"
    progress = body["progress"]
    assert (progress["done"], progress["total"], progress["running"]) == (0, 12, 0)
    assert progress["waiting"] == "waiting for a worker"
    assert progress["games_per_s"] > 0 and progress["eta_seconds"] is not None
    assert body["result"]["games"] == 0 and body["result"]["win_rate_a"] is None

    assert work.run_ticket()
    body = auth_client.get(f"{URL}{job_id}/").json()
    assert body["status"] == "running"
    assert body["progress"]["done"] == 5 and body["progress"]["total"] == 12

    jobs.simulation_run_inline(job_id=job_id)
    body = auth_client.get(f"{URL}{job_id}/").json()
    assert body["status"] == "done"
    assert body["progress"] == {"done": 12, "total": 12}  # no ETA once finished
    result = body["result"]
    assert result["wins_a"] + result["wins_b"] + result["draws"] == 12
    assert result["ci95"][0] <= result["win_rate_a"] <= result["ci95"][1]
    assert body["deck_a"]["name"] and body["deck_a"]["entries"]


def test_list_shows_only_own_jobs(auth_client, api_client, other_user, dispatched):
    mine = submit(auth_client).json()["id"]
    api_client.force_authenticate(other_user)
    submit(api_client)
    body = auth_client.get(URL).json()
    assert [j["id"] for j in body["results"]] == [mine]
    assert body["results"][0]["progress"] == {"done": 0, "total": 20}


def test_others_jobs_are_404(auth_client, api_client, other_user, dispatched):
    job_id = submit(auth_client).json()["id"]
    api_client.force_authenticate(other_user)
    for response in (
        api_client.get(f"{URL}{job_id}/"),
        api_client.post(f"{URL}{job_id}/cancel/"),
    ):
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
    assert SimulationJob.objects.get(pk=job_id).status == JobStatus.QUEUED


def test_anonymous_is_refused(api_client):
    for response in (
        api_client.get(URL),
        api_client.post(URL, {}, format="json"),
        api_client.post(f"{URL}1/cancel/"),
        api_client.post(f"{URL}1/share/", {"visibility": "public"}, format="json"),
        api_client.post("/api/matrices/", {}, format="json"),
    ):
        assert response.status_code in (401, 403)
        assert response.json()["code"] == "not_authenticated"
    # Reading is open to shared jobs only: a private or absent one is a 404.
    assert api_client.get(f"{URL}1/").status_code == 404


def test_cancel(auth_client, dispatched):
    job_id = submit(auth_client).json()["id"]
    response = auth_client.post(f"{URL}{job_id}/cancel/")
    assert response.status_code == 200
    assert response.json()["status"] == "cancelled"


def test_too_many_games_is_400_with_a_clear_message(auth_client, dispatched):
    response = submit(auth_client, games=100_001)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "100,000" in body["message"]
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize(
    ("deck", "code"),
    [
        ("no-such-faction", "deck.unknown"),
        (999_999, "deck.not_found"),
        ([{"card": "nope"}], "deck.invalid"),
    ],
)
def test_bad_deck_reference_is_400(auth_client, dispatched, deck, code):
    response = submit(auth_client, deck_b=deck)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "deck.invalid"
    assert body["errors"]["deck_b"][0]["code"] == code
    assert dispatched == [] and not SimulationJob.objects.exists()


def test_illegal_deck_is_rejected_with_the_validators_errors(auth_client, dispatched):
    from engine.deckbuilding.catalog import load_catalog

    summoner = load_catalog().faction_deck(FACTION_A).summoner
    response = submit(auth_client, deck_a=[{"card": summoner, "count": 1}])
    assert response.status_code == 400
    errors = response.json()["errors"]["deck_a"]
    codes = {e["code"] for e in errors}
    assert {"commons.count", "champions.count"} <= codes
    assert dispatched == [] and not SimulationJob.objects.exists()


def test_inline_deck_list_is_accepted(auth_client, dispatched):
    from engine.deckbuilding.catalog import load_catalog

    deck = load_catalog().faction_deck(FACTION_A)
    inline = [{"card": slug, "count": n} for slug, n in deck.counts().items()]
    response = submit(auth_client, deck_a=inline)
    assert response.status_code == 202, response.json()
    job = SimulationJob.objects.get(pk=response.json()["id"])
    assert job.deck_a["source"] == {"kind": "inline"}
    assert job.deck_a["summoner"] == deck.summoner


def test_active_job_cap_is_429(auth_client, dispatched, settings):
    settings.SIMULATE_MAX_ACTIVE_JOBS = 2
    assert submit(auth_client).status_code == 202
    assert submit(auth_client).status_code == 202
    response = submit(auth_client)
    assert response.status_code == 429
    assert response.json()["code"] == "too_many_active_jobs"
    assert "2 simulations" in response.json()["message"]


def test_submissions_are_throttled_per_user(
    auth_client, api_client, other_user, dispatched, settings
):
    settings.SIMULATE_SUBMIT_RATE = "3/hour"
    settings.SIMULATE_MAX_ACTIVE_JOBS = 100
    for _ in range(3):
        assert submit(auth_client).status_code == 202
    response = submit(auth_client)
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    api_client.force_authenticate(other_user)
    assert submit(api_client).status_code == 202
    # Reading is not throttled.
    assert auth_client.get(URL).status_code == 200


def test_invalid_submissions_do_not_spend_the_quota(auth_client, dispatched, settings):
    settings.SIMULATE_SUBMIT_RATE = "2/hour"
    settings.SIMULATE_MAX_ACTIVE_JOBS = 100
    for _ in range(5):
        assert submit(auth_client, games=0).status_code == 400
        assert submit(auth_client, deck_a="swamp-orcs").status_code == 400
    assert submit(auth_client).status_code == 202
    assert submit(auth_client).status_code == 202
    response = submit(auth_client)
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0


def test_invalid_input_is_400(auth_client, dispatched):
    assert submit(auth_client, games=0).status_code == 400
    assert submit(auth_client, agent_a="psychic").status_code == 400
    assert submit(auth_client, chunk_size=0).status_code == 400
    response = auth_client.post(URL, {"deck_a": FACTION_A}, format="json")
    assert response.status_code == 400
    assert "deck_b" in response.json()["errors"]


def test_matrix_round_robin(auth_client, dispatched):
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = auth_client.post(
            "/api/matrices/",
            {
                "decks": [FACTION_A, FACTION_B, "savanna-elves"],
                "games_per_pair": 4,
                "agent": "random",
                "seed": 5,
            },
            format="json",
        )
    assert response.status_code == 202, response.json()
    matrix_id = response.json()["id"]
    assert len(dispatched) == 1 and dispatched[0][0] == Lane.objects.count() >= 3
    while work.run_ticket():
        pass
    body = auth_client.get(f"/api/matrices/{matrix_id}/").json()
    assert body["status"] == "done"
    assert [(c["row"], c["col"]) for c in body["cells"]] == [(0, 1), (0, 2), (1, 2)]
    assert all(c["games"] == 4 for c in body["cells"])  # 2 seeds x 2 seatings
    # The pair jobs belong to the matrix, not to the user's job list.
    assert auth_client.get(URL).json()["results"] == []


def test_matrix_cancel_stops_the_pairs_left_and_keeps_finished_cells(
    auth_client, api_client, other_user, dispatched
):
    with TestCase.captureOnCommitCallbacks(execute=True):
        matrix_id = auth_client.post(
            "/api/matrices/",
            {"decks": [FACTION_A, FACTION_B, "savanna-elves"], "games_per_pair": 2},
            format="json",
        ).json()["id"]
    first_job = SimulationJob.objects.filter(matrix_id=matrix_id).order_by("pk")[0]
    jobs.simulation_run_inline(job_id=first_job.pk)
    # Someone else cannot cancel it (404, nothing changes).
    api_client.force_authenticate(other_user)
    assert api_client.post(f"/api/matrices/{matrix_id}/cancel/").status_code == 404
    assert SimulationJob.objects.filter(status="queued").count() == 2
    response = auth_client.post(f"/api/matrices/{matrix_id}/cancel/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "cancelled"
    statuses = sorted(c["status"] for c in body["cells"])
    assert statuses == ["cancelled", "cancelled", "done"]
    done = next(c for c in body["cells"] if c["status"] == "done")
    assert done["games"] == 2
    # Their waiting slices are gone; a second cancel changes nothing.
    assert not Lane.objects.exists() and work.run_ticket() is False
    again = auth_client.post(f"/api/matrices/{matrix_id}/cancel/").json()
    assert again["status"] == "cancelled" and again["cells"] == body["cells"]


def test_matrix_limits(auth_client, dispatched):
    response = auth_client.post(
        "/api/matrices/",
        {"decks": [FACTION_A, FACTION_B, "savanna-elves"], "games_per_pair": 40_000},
        format="json",
    )
    assert response.status_code == 400
    assert "100,000" in response.json()["message"]


def test_others_matrix_is_404(auth_client, api_client, other_user, dispatched):
    with TestCase.captureOnCommitCallbacks(execute=True):
        matrix_id = auth_client.post(
            "/api/matrices/",
            {"decks": [FACTION_A, FACTION_B], "games_per_pair": 2},
            format="json",
        ).json()["id"]
    api_client.force_authenticate(other_user)
    assert api_client.get(f"/api/matrices/{matrix_id}/").status_code == 404


def test_schema_documents_the_limits(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/simulations/{job_id}/cancel/" in text
    assert "/api/matrices/{matrix_id}/cancel/" in text
    assert "100,000 games per job" in text
    assert "too_many_active_jobs" in text
    assert "30/hour" in text


def test_list_query_count_does_not_grow(
    auth_client, make_job, django_assert_num_queries
):
    make_job()
    with django_assert_num_queries(2):  # count + page (force_authenticate: no session)
        assert len(auth_client.get(URL).json()["results"]) == 1
    make_job()
    make_job()
    with django_assert_num_queries(2):
        assert len(auth_client.get(URL).json()["results"]) == 3


def test_first_edition_simulation_and_matrix(auth_client, dispatched):
    """``"ruleset": "first"``: decks resolve in the first-edition catalog (faction and
    summoner slugs), the job records the ruleset and its games run to the end."""
    response = submit(
        auth_client,
        deck_a="phoenix-elves",
        deck_b="grognack",
        games=4,
        agent_a="greedy",
        agent_b="random",
        ruleset="first",
    )
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    job = SimulationJob.objects.get(pk=job_id)
    assert job.ruleset == "first" and job.deck_a["ruleset"] == "first"
    jobs.simulation_run_inline(job_id=job_id)
    body = auth_client.get(f"{URL}{job_id}/").json()
    assert body["status"] == "done", body
    assert body["ruleset"] == "first" and body["result"]["games"] == 4
    # a second-edition-only faction is not a first-edition deck
    bad = submit(auth_client, deck_a="breakers", deck_b="grognack", ruleset="first")
    assert bad.status_code == 400
    matrix = auth_client.post(
        "/api/matrices/",
        {
            "decks": ["phoenix-elves", "tundra-orcs"],
            "games_per_pair": 2,
            "agent": "random",
            "ruleset": "first",
        },
        format="json",
    )
    assert matrix.status_code == 202, matrix.json()
    cells = SimulationJob.objects.filter(matrix_id=matrix.json()["id"])
    assert cells and all(c.ruleset == "first" for c in cells)


def test_a_failed_cell_shows_its_reason_the_others_finish_and_it_runs_again(
    auth_client, api_client, client, user, other_user, dispatched, monkeypatch
):
    """A gauntlet cell that fails says why; the other cells go on and finish; the
    matrix stays cancellable while they run; the owner runs the failed cell again
    (others may not)."""
    from simulate.kinds import _GamePlayer

    with TestCase.captureOnCommitCallbacks(execute=True):
        matrix_id = auth_client.post(
            "/api/matrices/",
            {
                "decks": [FACTION_A, FACTION_B, "savanna-elves"],
                "gauntlet": True,
                "games_per_pair": 4,
                "agent": "random",
                "seed": 5,
            },
            format="json",
        ).json()["id"]
    cells = SimulationJob.objects.filter(matrix_id=matrix_id).order_by("matrix_col")
    broken = cells[0]
    real = _GamePlayer.play

    def fails_for_breakers(self, unit):  # type: ignore[no-untyped-def]
        if self.job.pk == broken.pk:
            raise RuntimeError("a rules bug in this matchup")
        return real(self, unit)

    monkeypatch.setattr(_GamePlayer, "play", fails_for_breakers)
    assert work.run_ticket(only=("simulation", broken.pk))
    body = auth_client.get(f"/api/matrices/{matrix_id}/").json()
    assert body["status"] == "running"  # the other cell still has work
    failed = next(c for c in body["cells"] if c["id"] == broken.pk)
    assert failed["status"] == "failed" and "a rules bug" in failed["error"]
    client.force_login(user)
    page = client.get(f"/matrices/{matrix_id}/")
    assert b"a rules bug in this matchup" in page.content
    assert b"Cancel the remaining pairs" in page.content
    assert b"Run this cell again" in page.content
    while work.run_ticket():
        pass
    body = auth_client.get(f"/api/matrices/{matrix_id}/").json()
    assert body["status"] == "failed"
    assert sorted(c["status"] for c in body["cells"]) == ["done", "failed"]

    rerun = f"/api/matrices/{matrix_id}/cells/{broken.pk}/rerun/"
    api_client.force_authenticate(other_user)
    assert api_client.post(rerun).status_code == 404
    monkeypatch.setattr(_GamePlayer, "play", real)
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = auth_client.post(rerun)
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "running"
    cell = next(c for c in response.json()["cells"] if c["id"] == broken.pk)
    assert cell["status"] == "queued" and cell["error"] == ""
    while work.run_ticket():
        pass
    body = auth_client.get(f"/api/matrices/{matrix_id}/").json()
    assert body["status"] == "done" and all(c["games"] == 4 for c in body["cells"])
    # A cell that did not fail is not run again.
    again = auth_client.post(rerun)
    assert again.status_code == 400 and "failed" in again.json()["message"]


def test_a_failed_simulation_runs_again_through_the_api(
    auth_client, dispatched, monkeypatch
):
    job_id = submit(auth_client, games=4, agent_a="random", agent_b="random").json()[
        "id"
    ]
    SimulationJob.objects.filter(pk=job_id).update(status="failed", error="lost")
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = auth_client.post(f"{URL}{job_id}/rerun/")
    assert response.status_code == 200 and response.json()["status"] == "queued"
    jobs.simulation_run_inline(job_id=job_id)
    assert auth_client.get(f"{URL}{job_id}/").json()["status"] == "done"
    assert auth_client.post(f"{URL}{job_id}/rerun/").status_code == 400


def test_running_a_failed_job_again_counts_against_the_active_job_limit(
    auth_client, dispatched, settings
):
    settings.SIMULATE_MAX_ACTIVE_JOBS = 1
    job_id = submit(auth_client, games=4, agent_a="random", agent_b="random").json()[
        "id"
    ]
    SimulationJob.objects.filter(pk=job_id).update(status="failed", error="lost")
    other = submit(auth_client, games=4, agent_a="random", agent_b="random")
    assert other.status_code == 202  # the failed job is not active
    response = auth_client.post(f"{URL}{job_id}/rerun/")
    assert response.status_code == 429
    assert response.json()["code"] == "too_many_active_jobs"
    assert SimulationJob.objects.get(pk=job_id).status == "failed"
