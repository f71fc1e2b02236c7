"""Every request body of the API names the fields it takes: a field it does not know
(a typo such as ``game`` for ``games``) is a 400 that names it, and nothing is saved
or started. Before, only the deck create/update/import bodies refused them; the others
dropped the field and went on with a default the caller had not asked for (a
simulation of the default game count, a copy under the default name), and their
schemas allowed any extra property, so a fuzzer could not tell a refused body from a
wrong answer. That the schemas say so: ``tests/sw_site/test_openapi.py``."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from analysis.models import AnalysisJob
from decks.models import Deck
from simulate.models import MatrixJob, SimulationJob


@pytest.fixture
def deck(catalog_db, db, user) -> Deck:  # type: ignore[no-untyped-def]
    from decks.services import deck_copy

    source = Deck.objects.get(is_faction_deck=True, faction__slug="polar-dwarves")
    return deck_copy(deck=source, owner=user, name="Mine")


def _counts() -> tuple[int, ...]:
    return (
        Deck.objects.count(),
        SimulationJob.objects.count(),
        MatrixJob.objects.count(),
        AnalysisJob.objects.count(),
    )


@pytest.mark.parametrize(
    ("path", "body", "typo"),
    [
        ("/api/decks/validate/", {"cards": [], "rulset": "second"}, "rulset"),
        ("/api/decks/{deck}/copy/", {"nmae": "Typo"}, "nmae"),
        (
            "/api/collection/",
            {"product": "polar-dwarves", "quantity": 1, "qty": 2},
            "qty",
        ),
        (
            "/api/simulations/",
            {"deck_a": "polar-dwarves", "deck_b": "cave-goblins", "game": 500},
            "game",
        ),
        (
            "/api/matrices/",
            {"decks": ["polar-dwarves", "cave-goblins"], "game_per_pair": 50},
            "game_per_pair",
        ),
        ("/api/simulations/1/share/", {"visibility": "public", "public": 1}, "public"),
        ("/api/matrices/1/share/", {"visibility": "public", "public": 1}, "public"),
        ("/api/decks/{deck}/card-values/", {"max_game": 300}, "max_game"),
        ("/api/decks/{deck}/suggestions/", {"colection_only": True}, "colection_only"),
        ("/api/analysis-jobs/1/apply/", {"suggestion": [0]}, "suggestion"),
        ("/api/auth/token/", {"username": "a", "password": "b", "otp": "1"}, "otp"),
    ],
)
def test_an_unknown_field_is_a_400_that_names_it_and_nothing_is_saved(
    auth_client: APIClient, deck: Deck, path: str, body: dict, typo: str
) -> None:
    before = _counts()
    response = auth_client.post(path.format(deck=deck.pk), body, format="json")
    assert response.status_code == 400, response.content[:300]
    answer = response.json()
    assert answer["code"] == "invalid"
    assert typo in answer["errors"]
    assert "Unknown field; this endpoint takes:" in answer["message"]
    assert _counts() == before


def test_a_form_post_may_carry_the_csrf_token(
    auth_client: APIClient, deck: Deck
) -> None:
    # A browser's form (the browsable API) sends Django's CSRF token in the body.
    response = auth_client.post(
        f"/api/decks/{deck.pk}/copy/",
        {"name": "From a form", "csrfmiddlewaretoken": "x" * 64},
        format="multipart",
    )
    assert response.status_code == 201, response.content[:300]
    assert response.json()["name"] == "From a form"
    # ...but a JSON body may not: it names the endpoint's fields only.
    response = auth_client.post(
        f"/api/decks/{deck.pk}/copy/",
        {"name": "JSON", "csrfmiddlewaretoken": "x"},
        format="json",
    )
    assert response.status_code == 400
