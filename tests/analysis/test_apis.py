"""REST API of analyses: 202 + polling, permissions (only your own decks and jobs),
clear 4xx for bad input, cancel, apply, and the OpenAPI schema."""

from __future__ import annotations

import pytest
from django.test import TestCase

from analysis.models import AnalysisJob

from .test_services import SUGGESTION

pytestmark = pytest.mark.django_db


def _post(client, path, body=None):  # type: ignore[no-untyped-def]
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(path, body or {"field": ["cave-goblins"]}, format="json")


def test_card_values_202_then_poll_to_the_report(auth_client, deck, dispatched):
    from analysis import services

    response = _post(
        auth_client,
        f"/api/decks/{deck.pk}/card-values/",
        {"field": ["cave-goblins"], "seed": 3, "max_games": 100},
    )
    assert response.status_code == 202, response.json()
    body = response.json()
    assert body["status"] == "queued"
    assert body["url"].endswith(f"/api/analysis-jobs/{body['id']}/")
    assert dispatched and dispatched[0][0] == 0 and dispatched[0][1] >= 1
    polled = auth_client.get(body["url"]).json()
    assert (polled["progress"]["done"], polled["progress"]["total"]) == (0, 100)
    assert polled["kind"] == "card-values" and polled["agent"] == "random"
    assert "computer time" in polled["budget"]
    services.analysis_run_inline(job_id=body["id"])
    done = auth_client.get(body["url"]).json()
    assert done["status"] == "done"
    assert done["progress"]["done"] == done["report"]["games"] > 0
    assert len(done["report"]["cards"]) == 10
    assert done["verdict"]
    listed = auth_client.get(f"/api/decks/{deck.pk}/card-values/").json()
    assert [j["id"] for j in listed] == [body["id"]]
    assert auth_client.get(f"/api/decks/{deck.pk}/suggestions/").json() == []


@pytest.mark.parametrize(
    ("body", "text"),
    [
        ({"max_games": 10**8}, "budget must be"),
        ({"max_games": 5}, "cannot decide any card of this deck"),
        ({"max_games": 0}, "greater than or equal"),
        ({"field": []}, "at least one"),
        ({"field": ["atlantis"]}, "neither a deck id nor a faction"),
        ({"agent": "oracle"}, "not a valid choice"),
        ({"seed": -1}, "greater than or equal"),
    ],
)
def test_bad_input_is_a_clear_400(auth_client, deck, dispatched, body, text):
    response = _post(auth_client, f"/api/decks/{deck.pk}/card-values/", body)
    assert response.status_code == 400
    assert text in str(response.json()), response.json()
    assert not AnalysisJob.objects.exists() and not dispatched


def test_an_illegal_deck_is_a_400(auth_client, deck, dispatched):
    from decks.services import deck_update

    deck_update(deck=deck, entries=[("svara", 1), ("frost-mage", 3)])
    response = _post(auth_client, f"/api/decks/{deck.pk}/card-values/")
    assert response.status_code == 400
    assert response.json()["code"] == "deck.invalid"


def test_unknown_and_others_decks_are_404(
    auth_client, other_user, catalog_db, dispatched
):
    from decks.services import deck_create

    theirs = deck_create(owner=other_user, name="Theirs", visibility="public")
    for deck_id in (theirs.pk, 999_999):
        response = _post(auth_client, f"/api/decks/{deck_id}/card-values/")
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"
        assert auth_client.get(f"/api/decks/{deck_id}/card-values/").status_code == 404


def test_faction_decks_may_be_analysed(auth_client, catalog_db, dispatched):
    from decks.models import Deck

    faction = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    response = _post(auth_client, f"/api/decks/{faction.pk}/card-values/")
    assert response.status_code == 202


def test_login_required(api_client, deck):
    response = api_client.post(f"/api/decks/{deck.pk}/card-values/", {}, format="json")
    assert response.status_code == 401
    assert api_client.get("/api/analysis-jobs/").status_code == 401


def test_only_the_owner_sees_or_cancels_a_job(
    auth_client, api_client, other_user, deck, dispatched
):
    job_id = _post(auth_client, f"/api/decks/{deck.pk}/card-values/").json()["id"]
    api_client.force_authenticate(other_user)
    for path in (f"/api/analysis-jobs/{job_id}/",):
        assert api_client.get(path).status_code == 404
    assert api_client.post(f"/api/analysis-jobs/{job_id}/cancel/").status_code == 404
    assert api_client.get("/api/analysis-jobs/").json() == []
    cancelled = auth_client.post(f"/api/analysis-jobs/{job_id}/cancel/").json()
    assert cancelled["status"] == "cancelled"
    assert [j["id"] for j in auth_client.get("/api/analysis-jobs/").json()] == [job_id]


def test_apply_creates_a_new_deck(auth_client, deck, dispatched):
    job_id = _post(auth_client, f"/api/decks/{deck.pk}/card-values/").json()["id"]
    AnalysisJob.objects.filter(pk=job_id).update(
        kind="suggestions", status="done", report={"suggestions": [SUGGESTION]}
    )
    bad = auth_client.post(
        f"/api/analysis-jobs/{job_id}/apply/", {"suggestions": [4]}, format="json"
    )
    assert bad.status_code == 400 and "Pick suggestions 0 to 0" in bad.json()["message"]
    response = auth_client.post(
        f"/api/analysis-jobs/{job_id}/apply/", {"suggestions": [0]}, format="json"
    )
    assert response.status_code == 201, response.json()
    new = response.json()
    assert new["deck"] != deck.pk and new["name"] == "Frost wall (improved)"
    assert auth_client.get(new["url"]).status_code == 200


def test_apply_of_card_values_is_403(auth_client, deck, dispatched):
    job_id = _post(auth_client, f"/api/decks/{deck.pk}/card-values/").json()["id"]
    response = auth_client.post(
        f"/api/analysis-jobs/{job_id}/apply/", {}, format="json"
    )
    assert response.status_code == 403


def test_schema_includes_the_endpoints(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in (
        "/api/decks/{deck_id}/card-values/",
        "/api/decks/{deck_id}/suggestions/",
        "/api/analysis-jobs/{job_id}/",
        "/api/analysis-jobs/{job_id}/cancel/",
        "/api/analysis-jobs/{job_id}/apply/",
    ):
        assert path in paths, path
    post = paths["/api/decks/{deck_id}/card-values/"]["post"]
    assert "202" in post["responses"] and "400" in post["responses"]
