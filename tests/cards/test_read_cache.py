"""Catalog reads kept rendered (cards/read_cache): a repeated JSON or text read is
answered from its rendered bytes without DRF, and every such answer follows the
catalog, the request's Authorization header, its host and the browsable API."""

from __future__ import annotations

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"


def rename(slug: str, name: str) -> None:
    """An admin's edit of one card (the catalog's version follows updated_at)."""
    card = Card.objects.filter(slug=slug).order_by("edition").first()
    assert card is not None
    card.name = name
    card.save()


def names(response) -> set[str]:  # type: ignore[no-untyped-def]
    return {row["name"] for row in response.json()["results"]}


def test_a_rendered_card_search_is_kept_and_follows_the_catalog(
    api_client, loaded_catalog, django_assert_num_queries
):
    first = api_client.get(CARDS, {"q": "svara"})
    assert first.status_code == 200 and "Svara" in names(first)
    with django_assert_num_queries(1):  # the catalog version, nothing else
        again = api_client.get(CARDS, {"q": "svara"})
    # The same bytes and the same DRF headers, from the kept rendering (no
    # "Vary: Cookie": the kept answer never read the session, and is the same
    # for every visitor).
    assert again.content == first.content
    for header in ("Content-Type", "Allow", "ETag"):
        assert again[header] == first[header], header
    assert again["Vary"] == "Accept"

    rename("svara", "Svara of the Renamed Glacier")
    fresh = api_client.get(CARDS, {"q": "svara"})
    assert fresh.status_code == 200 and fresh["ETag"] != first["ETag"]
    assert "Svara of the Renamed Glacier" in names(fresh)
    assert "Svara" not in names(fresh)


def test_a_kept_faction_deck_text_follows_the_catalog(api_client, loaded_catalog):
    url = "/api/factions/polar-dwarves/deck/?format=text"
    first = api_client.get(url)
    assert first.status_code == 200 and first["Content-Type"].startswith("text/plain")
    again = api_client.get(url)
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"]
    rename("svara", "Svara the Twice Named")
    assert b"Svara the Twice Named" in api_client.get(url).content


def test_a_bad_token_is_refused_even_when_the_answer_is_kept(
    api_client, loaded_catalog
):
    assert api_client.get(CARDS, {"q": "frost"}).status_code == 200
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    refused = api_client.get(CARDS, {"q": "frost"})
    assert refused.status_code == 401
    assert refused.json()["code"] == "authentication_failed"


def test_the_browsable_api_is_rendered_for_each_user(
    client, django_user_model, loaded_catalog
):
    """HTML answers name the user: never served from another user's rendering."""
    django_user_model.objects.create_user(username="kept-alice", password="pw-xyz-123")
    django_user_model.objects.create_user(username="kept-bob", password="pw-xyz-123")
    client.login(username="kept-alice", password="pw-xyz-123")
    page = client.get(CARDS, {"q": "frost"}, HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and b"kept-alice" in page.content
    client.logout()
    client.login(username="kept-bob", password="pw-xyz-123")
    page = client.get(CARDS, {"q": "frost"}, HTTP_ACCEPT="text/html")
    assert b"kept-bob" in page.content and b"kept-alice" not in page.content


def test_kept_answers_link_to_the_host_and_scheme_asked(
    api_client, loaded_catalog, settings
):
    """Page links are absolute: an answer kept for one host or scheme is not
    served for another."""
    settings.ALLOWED_HOSTS = ["testserver", "cards.example"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    plain = api_client.get(CARDS).json()["next"]
    assert plain.startswith("http://testserver/")
    other = api_client.get(CARDS, HTTP_HOST="cards.example").json()["next"]
    assert other.startswith("http://cards.example/")
    secure = api_client.get(CARDS, HTTP_X_FORWARDED_PROTO="https").json()["next"]
    assert secure.startswith("https://testserver")


def test_a_view_that_checks_each_request_is_never_answered_from_the_kept_bytes(
    api_client, loaded_catalog, monkeypatch
):
    """A throttle or a permission other than AllowAny runs on every request: such
    a catalog view goes through DRF each time, kept rendering or not."""
    from rest_framework.permissions import IsAuthenticated

    from cards.apis import CardListApi

    assert api_client.get(CARDS, {"q": "frost"}).status_code == 200  # kept
    monkeypatch.setattr(CardListApi, "permission_classes", [IsAuthenticated])
    refused = api_client.get(CARDS, {"q": "frost"})
    assert refused.status_code in (401, 403)
