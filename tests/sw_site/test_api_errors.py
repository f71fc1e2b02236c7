"""Every error under /api/ is JSON ``{"code", "message"}`` (issue 15, item 1): each
failure found by probing the site has its reproduction here — JSON nested 1,000 deep,
bodies over the size limit, unknown URLs, an uncaught exception (one log line with a
request id), a dependency that is down (503). Pages outside /api/ are not touched."""

from __future__ import annotations

import json
import logging

import pytest
from django.db import OperationalError
from django.test import Client

pytestmark = pytest.mark.django_db

#: The JSON endpoints that accept a body, anonymous or logged in.
POST_ENDPOINTS = [
    "/api/decks/validate/",
    "/api/auth/token/",
    "/api/decks/",
    "/api/decks/import/",
    "/api/simulations/",
    "/api/matrices/",
]


@pytest.fixture
def client() -> Client:
    # As a real server would answer: exceptions become responses, not test errors.
    return Client(raise_request_exception=False)


@pytest.fixture
def logged_in(client: Client, user) -> Client:  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


def assert_json_error(response, status: int, code: str | None = None) -> dict:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response[
        "Content-Type"
    ]
    body = json.loads(response.content)
    assert isinstance(body["message"], str) and body["message"]
    if code is not None:
        assert body["code"] == code, body
    return body


@pytest.mark.parametrize("url", POST_ENDPOINTS)
def test_json_nested_1000_deep_is_a_400_not_a_500(logged_in: Client, url: str) -> None:
    deep = "[" * 1000 + "]" * 1000  # 2 KB: used to be a RecursionError and an HTML 500
    response = logged_in.post(url, deep, content_type="application/json")
    assert_json_error(response, 400, "parse_error")


def test_json_nested_beyond_the_limit_but_parseable_is_refused(client: Client) -> None:
    body = {"cards": [{"card": "x", "count": 1}], "text": None}
    for _ in range(40):
        body = {"cards": [body]}
    response = client.post(
        "/api/decks/validate/", json.dumps(body), content_type="application/json"
    )
    data = assert_json_error(response, 400, "parse_error")
    assert "levels deep" in data["message"]


def test_malformed_json_is_a_400(client: Client) -> None:
    response = client.post(
        "/api/decks/validate/", '{"cards": [', content_type="application/json"
    )
    assert_json_error(response, 400, "parse_error")


@pytest.mark.parametrize("url", ["/api/decks/validate/", "/api/auth/token/"])
def test_body_over_the_limit_is_a_413(client: Client, url: str, settings) -> None:  # type: ignore[no-untyped-def]
    big = json.dumps({"text": "1 Svara\n" * 400_000})  # 3.2 MB > 2.5 MB
    assert len(big) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = client.post(url, big, content_type="application/json")
    assert_json_error(response, 413, "request_too_large")


def test_body_over_the_limit_without_content_length_is_a_413(settings) -> None:  # type: ignore[no-untyped-def]
    """A body longer than it claims (or streamed) is cut at the limit by the parser."""
    from rest_framework.test import APIRequestFactory

    from decks.apis import DeckValidateApi

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    request = APIRequestFactory().post(
        "/api/decks/validate/",
        json.dumps({"text": "1 Svara\n" * 500}),
        content_type="application/json",
    )
    request.META["CONTENT_LENGTH"] = "10"  # lies: the parser reads past it
    response = DeckValidateApi.as_view()(request)
    assert response.status_code in (400, 413)
    assert response.data["code"] in ("parse_error", "request_too_large")


@pytest.mark.parametrize(
    "url", ["/api/nope/", "/api/cards/no-such-card/", "/api/simulations/999999/"]
)
def test_unknown_api_urls_and_objects_are_json_404(logged_in: Client, url: str) -> None:
    assert_json_error(logged_in.get(url), 404, "not_found")


def test_wrong_method_is_json_405_with_allow(client: Client) -> None:
    response = client.delete("/api/cards/")
    assert_json_error(response, 405, "method_not_allowed")
    assert "GET" in response["Allow"]


def test_pages_outside_the_api_keep_html_errors(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_uncaught_exception_is_json_500_with_one_log_line(
    client: Client, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def boom(**kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr("cards.selectors.faction_list", boom)
    with caplog.at_level(logging.WARNING):
        response = client.get("/api/factions/", HTTP_X_REQUEST_ID="req-42")
    body = assert_json_error(response, 500, "server_error")
    assert "req-42" in body["message"]
    assert response["X-Request-ID"] == "req-42"
    lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.name for r in lines] == ["sw_site.errors"]
    assert (
        "req-42" in lines[0].getMessage() and "RecursionError" in lines[0].getMessage()
    )
    assert "\n" not in lines[0].getMessage() and lines[0].exc_info is None


def test_database_down_is_a_503(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(**kwargs: object) -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr("cards.selectors.faction_list", down)
    assert_json_error(client.get("/api/factions/"), 503, "database_unavailable")


def test_every_response_has_a_request_id(client: Client) -> None:
    response = client.get("/api/factions/")
    assert len(response["X-Request-ID"]) >= 16
    odd = client.get("/api/factions/", HTTP_X_REQUEST_ID="bad id\r\nx")
    assert odd["X-Request-ID"] != "bad id\r\nx"
