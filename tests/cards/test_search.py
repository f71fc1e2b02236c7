"""The card search syntax (page and API share it), sortable columns and "owned"."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:  # type: ignore[no-untyped-def]
    return [c["name"] for c in response.json()["results"]]


def test_syntax_combines_faction_cost_and_text(loaded_catalog):
    client = APIClient()
    response = client.get(
        "/api/cards/", {"q": "f:polar-dwarves c<=2", "page_size": 200}
    )
    assert response.status_code == 200
    cards = response.json()["results"]
    assert cards
    assert all(c["faction"] == "polar-dwarves" for c in cards)
    assert all(c["cost"] is not None and c["cost"] <= 2 for c in cards)
    every = client.get("/api/cards/", {"q": "f:polar c>=3"}).json()["results"]
    assert all(c["cost"] >= 3 for c in every)


def test_class_and_attack_terms(loaded_catalog):
    client = APIClient()
    commons = client.get("/api/cards/", {"q": "is:common a:ranged"}).json()["results"]
    assert commons and all(
        "common" in c["classes"] and c["attack_type"] == "ranged" for c in commons
    )


@pytest.mark.parametrize("q", ["c<=x", "zz:3", "a:magic", "is:wizard", "t<3"])
def test_bad_terms_are_400_with_a_message(loaded_catalog, q):
    response = APIClient().get("/api/cards/", {"q": q})
    assert response.status_code == 400
    assert response.json()["message"]


def test_page_documents_the_syntax_and_shows_errors(client, loaded_catalog):
    html = client.get("/cards/").content.decode()
    assert "f:polar-dwarves c&lt;=2 t:push" in html
    response = client.get("/cards/", {"q": "c<=lots"})
    assert response.status_code == 400
    assert "cost needs a number" in response.content.decode()


def test_sortable_columns(client, loaded_catalog):
    response = client.get("/cards/", {"q": "f:polar", "sort": "-cost", "view": "table"})
    html = response.content.decode()
    assert 'aria-sort="descending"' in html
    assert "sort=cost" in html  # clicking again sorts ascending
    costs = [
        c["cost"]
        for c in APIClient()
        .get("/api/cards/", {"q": "f:polar is:common", "sort": "-cost"})
        .json()["results"]
    ]
    assert costs == sorted(costs, reverse=True)


def test_owned_filter_reads_the_users_collection(loaded_catalog, user):
    from decks.services import collection_set

    collection_set(user=user, product="master-set", quantity=1)
    api = APIClient()
    api.force_authenticate(user)
    owned = api.get("/api/cards/", {"q": "is:owned"}).json()
    assert 0 < owned["count"]
    assert api.get("/api/cards/", {"q": "is:owned ice smith"}).json()["count"] == 1
    assert api.get("/api/cards/", {"q": "is:owned freeze"}).json()["count"] == 0
    assert api.get("/api/cards/", {"owned": "true"}).json()["count"] == owned["count"]
    # Logged out, "owned" is nothing (no collection), not an error.
    assert APIClient().get("/api/cards/", {"q": "is:owned"}).json()["count"] == 0
