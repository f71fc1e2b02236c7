"""Deck and collection API: permissions for every endpoint, bad input, query counts.

Actors: the deck's owner, another user, an anonymous client; decks private, unlisted,
public, and the catalog's faction decks (read-only for everyone)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from decks.models import Deck, DeckEntry, OwnedProduct
from engine.deckbuilding.resolve import playable_factions

FACTION_DECKS = playable_factions()  # factions whose deck list the catalog knows

pytestmark = pytest.mark.django_db


def entries_json(pairs):  # type: ignore[no-untyped-def]
    return [{"card": s, "count": n} for s, n in pairs]


@pytest.fixture
def clients(user, other_user):  # type: ignore[no-untyped-def]
    owner, other = APIClient(), APIClient()
    owner.force_authenticate(user)
    other.force_authenticate(other_user)
    return {"owner": owner, "other": other, "anon": APIClient()}


def table_counts() -> tuple[int, int, int]:
    return Deck.objects.count(), DeckEntry.objects.count(), OwnedProduct.objects.count()


# ------------------------------------------------------------ permission matrix


READ = {  # (actor, visibility) -> status for GET detail / export
    ("owner", "private"): 200,
    ("owner", "unlisted"): 200,
    ("owner", "public"): 200,
    ("other", "private"): 404,
    ("other", "unlisted"): 200,
    ("other", "public"): 200,
    ("anon", "private"): 404,
    ("anon", "unlisted"): 200,
    ("anon", "public"): 200,
}
WRITE = {  # PATCH / PUT / DELETE
    ("owner", "private"): 200,
    ("owner", "unlisted"): 200,
    ("owner", "public"): 200,
    ("other", "private"): 404,
    ("other", "unlisted"): 403,
    ("other", "public"): 403,
    ("anon", "private"): 401,  # not authenticated: refused before any lookup
    ("anon", "unlisted"): 401,
    ("anon", "public"): 401,
}
COPY = {
    **{k: (201 if v == 200 else v) for k, v in READ.items()},
    ("anon", "private"): 401,
    ("anon", "unlisted"): 401,
    ("anon", "public"): 401,
}
CASES = sorted(READ)


@pytest.mark.parametrize(("actor", "visibility"), CASES)
def test_retrieve(make_deck, user, clients, actor, visibility):
    deck = make_deck(user, visibility)
    response = clients[actor].get(f"/api/decks/{deck.pk}/")
    assert response.status_code == READ[(actor, visibility)]
    body = response.json()
    if response.status_code == 200:
        assert body["id"] == deck.pk
        assert body["validation"]["valid"] is True
        assert "buildable" in body
        assert body["can_edit"] is (actor == "owner")
    else:
        assert body["code"] == "not_found" and body["message"]


@pytest.mark.parametrize(("actor", "visibility"), CASES)
def test_export(make_deck, user, clients, actor, visibility):
    deck = make_deck(user, visibility)
    response = clients[actor].get(f"/api/decks/{deck.pk}/export/")
    assert response.status_code == READ[(actor, visibility)]
    if response.status_code == 200:
        assert response["Content-Type"].startswith("text/plain")
        assert "1 Svara" in response.content.decode()
    else:
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["code"] == "not_found"


@pytest.mark.parametrize("method", ["patch", "put"])
@pytest.mark.parametrize(("actor", "visibility"), CASES)
def test_update(make_deck, user, clients, actor, visibility, method):
    deck = make_deck(user, visibility)
    body = {
        "name": "Renamed",
        "cards": entries_json([("svara", 1), ("ice-smith", 4)]),
        "visibility": visibility,
        "ruleset": "second",
    }
    response = getattr(clients[actor], method)(
        f"/api/decks/{deck.pk}/", body, format="json"
    )
    expected = WRITE[(actor, visibility)]
    assert response.status_code == expected
    deck.refresh_from_db()
    if expected == 200:
        assert deck.name == "Renamed"
        assert response.json()["validation"]["valid"] is False
        assert DeckEntry.objects.filter(deck=deck).count() == 2
    else:
        assert deck.name == "Frost wall"
        assert DeckEntry.objects.filter(deck=deck).count() == 14
        assert set(response.json()) >= {"code", "message"}


@pytest.mark.parametrize(("actor", "visibility"), CASES)
def test_delete(make_deck, user, clients, actor, visibility):
    deck = make_deck(user, visibility)
    response = clients[actor].delete(f"/api/decks/{deck.pk}/")
    expected = WRITE[(actor, visibility)]
    assert response.status_code == (204 if expected == 200 else expected)
    assert Deck.objects.filter(pk=deck.pk).exists() is (expected != 200)


@pytest.mark.parametrize(("actor", "visibility"), CASES)
def test_copy(make_deck, user, clients, actor, visibility):
    deck = make_deck(user, visibility)
    before = Deck.objects.count()
    response = clients[actor].post(f"/api/decks/{deck.pk}/copy/", {}, format="json")
    assert response.status_code == COPY[(actor, visibility)]
    if response.status_code == 201:
        body = response.json()
        assert body["visibility"] == "private" and body["can_edit"] is True
        assert body["validation"]["valid"] is True
        assert Deck.objects.count() == before + 1
    else:
        assert Deck.objects.count() == before


@pytest.mark.parametrize("actor", ["owner", "other", "anon"])
def test_faction_decks_read_and_copy_but_never_write(faction_deck, clients, actor):
    client = clients[actor]
    url = f"/api/decks/{faction_deck.pk}/"
    assert client.get(url).status_code == 200
    assert client.get(url + "export/").status_code == 200
    refused = 401 if actor == "anon" else 403
    assert client.patch(url, {"name": "x"}, format="json").status_code == refused
    assert client.delete(url).status_code == refused
    copy = client.post(url + "copy/", {"name": "My dwarves"}, format="json")
    assert copy.status_code == (401 if actor == "anon" else 201)
    faction_deck.refresh_from_db()
    assert faction_deck.name == "Polar Dwarves (faction deck)"


@pytest.mark.parametrize("name", ["x" * 101, "\u00a0" + "x" * 100, "x" * 100 + " "])
def test_a_name_over_100_characters_as_sent_is_a_400_even_if_trimming_would_fit(
    faction_deck, clients, name
):
    before = Deck.objects.count()
    response = clients["owner"].post(
        f"/api/decks/{faction_deck.pk}/copy/", {"name": name}, format="json"
    )
    assert response.status_code == 400
    assert "100" in response.content.decode()
    assert Deck.objects.count() == before


def test_a_name_of_100_characters_with_spaces_trimmed_is_kept(faction_deck, clients):
    response = clients["owner"].post(
        f"/api/decks/{faction_deck.pk}/copy/",
        {"name": " " + "x" * 98 + " "},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["name"] == "x" * 98


def test_faction_deck_write_message_says_copy(faction_deck, clients):
    response = clients["owner"].patch(
        f"/api/decks/{faction_deck.pk}/", {"name": "x"}, format="json"
    )
    assert response.json()["code"] == "permission_denied"
    assert "copy" in response.json()["message"]


@pytest.mark.parametrize("actor", ["owner", "other", "anon"])
def test_list_shows_own_and_public_only(make_deck, user, other_user, clients, actor):
    make_deck(user, "private", name="u-private")
    make_deck(user, "unlisted", name="u-unlisted")
    make_deck(user, "public", name="u-public")
    response = clients[actor].get("/api/decks/", {"faction_decks": "false"})
    assert response.status_code == 200
    names = {d["name"] for d in response.json()["results"]}
    if actor == "owner":
        assert names == {"u-private", "u-unlisted", "u-public"}
    else:
        assert names == {"u-public"}
    for item in response.json()["results"]:
        assert {"validation", "buildable", "card_count"} <= set(item)
        assert item["buildable"] is None  # anonymous, or no collection recorded


def test_list_includes_faction_decks_and_paginates(catalog, clients):
    body = clients["anon"].get("/api/decks/").json()
    # One public read-only deck per faction whose deck list the catalog knows.
    assert body["count"] == len(FACTION_DECKS) == 8
    assert {d["faction"] for d in body["results"]} == set(FACTION_DECKS)
    assert all(d["read_only"] and d["validation"]["valid"] for d in body["results"])
    assert clients["anon"].get("/api/decks/", {"page": 99}).status_code == 404


@pytest.mark.parametrize("params", [{"faction": "nope"}, {"faction": "a\x00"}])
def test_list_bad_filter_is_400(catalog, clients, params):
    response = clients["anon"].get("/api/decks/", params)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


@pytest.mark.parametrize("actor", ["owner", "anon"])
def test_validate_works_for_everyone(catalog, clients, svara_cards, actor):
    response = clients[actor].post(
        "/api/decks/validate/",
        {"ruleset": "second", "cards": entries_json(svara_cards)},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is True and body["errors"] == []
    assert body["summary"]["total_cards"] == 34
    assert body["buildable"] is None


@pytest.mark.parametrize("actor", ["owner", "anon"])
def test_create_and_import_need_login(catalog, clients, svara_cards, actor):
    create = clients[actor].post(
        "/api/decks/",
        {"name": "New", "cards": entries_json(svara_cards)},
        format="json",
    )
    imported = clients[actor].post(
        "/api/decks/import/", {"text": "1 Svara\n4 Ice Smith\n"}, format="json"
    )
    if actor == "anon":
        assert create.status_code == imported.status_code == 401
        assert create.json()["code"] == "not_authenticated"
        assert not Deck.objects.filter(is_faction_deck=False).exists()
    else:
        assert create.status_code == imported.status_code == 201
        assert create.json()["validation"]["valid"] is True
        assert imported.json()["summoner"] == "svara"


@pytest.mark.parametrize("actor", ["owner", "anon"])
def test_collection_needs_login(catalog, clients, actor):
    client = clients[actor]
    responses = [
        client.get("/api/collection/"),
        client.put(
            "/api/collection/", {"product": "master-set", "quantity": 1}, format="json"
        ),
        client.post(
            "/api/collection/", {"product": "starter-set", "quantity": 2}, format="json"
        ),
    ]
    if actor == "anon":
        assert [r.status_code for r in responses] == [401, 401, 401]
        assert not OwnedProduct.objects.exists()
    else:
        assert [r.status_code for r in responses] == [200, 200, 200]
        listed = client.get("/api/collection/").json()
        assert {(p["product"], p["quantity"]) for p in listed} == {
            ("master-set", 1),
            ("starter-set", 2),
        }


def test_collection_is_per_user(catalog, clients):
    clients["owner"].put(
        "/api/collection/", {"product": "master-set", "quantity": 1}, format="json"
    )
    assert clients["other"].get("/api/collection/").json() == []


def test_collection_zero_removes(catalog, clients):
    client = clients["owner"]
    client.put(
        "/api/collection/", {"product": "master-set", "quantity": 1}, format="json"
    )
    response = client.put(
        "/api/collection/", {"product": "master-set", "quantity": 0}, format="json"
    )
    assert response.json() == {
        "product": "master-set",
        "edition": "second",
        "quantity": 0,
    }
    assert client.get("/api/collection/").json() == []


def test_session_writes_need_the_csrf_token(catalog, user, svara_cards):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    body = {"name": "New", "cards": entries_json(svara_cards)}
    response = client.post("/api/decks/", body, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["message"]
    token = client.get("/decks/new/").cookies["csrftoken"].value
    response = client.post("/api/decks/", body, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201


# ----------------------------------------------------------------- bad input table

BIG = [{"card": f"card-{i}", "count": 1} for i in range(10_000)]

BAD_CREATE = [
    ("malformed JSON", "{not json", 400, "parse_error"),
    ("JSON list body", [1, 2], 400, "invalid"),
    ("missing name", {"cards": []}, 400, "invalid"),
    ("name too long", {"name": "x" * 101}, 400, "invalid"),
    ("cards not a list", {"name": "x", "cards": "svara"}, 400, "invalid"),
    ("entry not an object", {"name": "x", "cards": ["svara"]}, 400, "invalid"),
    (
        "extra entry key",
        {"name": "x", "cards": [{"card": "svara", "n": 1}]},
        400,
        "invalid",
    ),  # fmt: skip
    (
        "count as text",
        {"name": "x", "cards": [{"card": "svara", "count": "1"}]},
        400,
        "invalid",
    ),  # fmt: skip
    (
        "negative count",
        {"name": "x", "cards": [{"card": "svara", "count": -1}]},
        400,
        "invalid",
    ),  # fmt: skip
    (
        "zero count",
        {"name": "x", "cards": [{"card": "svara", "count": 0}]},
        400,
        "invalid",
    ),  # fmt: skip
    (
        "huge count",
        {"name": "x", "cards": [{"card": "svara", "count": 10**12}]},
        400,
        "invalid",
    ),  # fmt: skip
    (
        "count 100",
        {"name": "x", "cards": [{"card": "svara", "count": 100}]},
        400,
        "invalid",
    ),  # fmt: skip
    ("10,000 entries", {"name": "x", "cards": BIG}, 400, "invalid"),
    (
        "unknown card",
        {"name": "x", "cards": [{"card": "ice-smiht", "count": 4}]},
        400,
        "card.unknown",
    ),  # fmt: skip
    (
        "summoner not a summoner",
        {"name": "x", "summoner": "ice-smith"},
        400,
        "summoner.invalid",
    ),  # fmt: skip
    ("unknown summoner", {"name": "x", "summoner": "nobody"}, 400, "card.unknown"),
    ("bad visibility", {"name": "x", "visibility": "secret"}, 400, "invalid"),
    ("bad ruleset", {"name": "x", "ruleset": "third"}, 400, "invalid"),
    ("notes too long", {"name": "x", "notes": "n" * 5001}, 400, "invalid"),
    ("NUL in name", {"name": "a\x00b"}, 400, "invalid"),
    (
        "NUL in card slug",
        {"name": "x", "cards": [{"card": "sv\x00ara", "count": 1}]},
        400,
        "card.unknown",
    ),  # fmt: skip
    ("NUL in summoner", {"name": "x", "summoner": "sv\x00ara"}, 400, "invalid"),
]


@pytest.mark.parametrize(
    ("label", "body", "status", "code"), BAD_CREATE, ids=[c[0] for c in BAD_CREATE]
)
def test_bad_create_input_is_4xx_json_and_writes_nothing(
    catalog, clients, label, body, status, code
):
    before = table_counts()
    if isinstance(body, str):
        response = clients["owner"].post(
            "/api/decks/", body, content_type="application/json"
        )
    else:
        response = clients["owner"].post("/api/decks/", body, format="json")
    assert response.status_code == status, response.content[:300]
    payload = response.json()
    assert payload["code"] == code
    assert payload["message"]
    assert table_counts() == before


def test_bad_input_messages_are_clear(catalog, clients):
    post = clients["owner"].post
    body = post("/api/decks/", {"name": "x", "cards": BIG}, format="json").json()
    assert "10000 entries" in body["message"] and "200" in body["message"]
    body = post(
        "/api/decks/",
        {"name": "x", "cards": [{"card": "svara", "count": 500}]},
        format="json",
    ).json()
    assert "1 to 99" in body["message"]
    body = post(
        "/api/decks/",
        {"name": "x", "cards": [{"card": "ice-smiht", "count": 4}]},
        format="json",
    ).json()
    assert body["problems"][0]["suggestion"] == "ice-smith"
    assert "did you mean Ice Smith" in body["message"]
    body = post("/api/decks/", {"name": "x", "summoner": "ice-smith"}, format="json")
    assert "Ice Smith is not a summoner" in body.json()["message"]


@pytest.mark.parametrize(
    ("label", "body", "status", "code"),
    [c for c in BAD_CREATE if c[0] not in ("missing name",)],
    ids=[c[0] for c in BAD_CREATE if c[0] not in ("missing name",)],
)
def test_bad_update_input_is_4xx_and_changes_nothing(
    make_deck, user, clients, label, body, status, code
):
    deck = make_deck(user)
    before = table_counts()
    url = f"/api/decks/{deck.pk}/"
    if isinstance(body, str):
        response = clients["owner"].patch(url, body, content_type="application/json")
    else:
        response = clients["owner"].patch(url, body, format="json")
    assert response.status_code == status
    assert response.json()["code"] == code
    assert table_counts() == before
    deck.refresh_from_db()
    assert deck.name == "Frost wall"


def test_someone_elses_deck_id_is_404_for_every_write(make_deck, other_user, clients):
    deck = make_deck(other_user, "private")
    client = clients["owner"]
    url = f"/api/decks/{deck.pk}/"
    before = table_counts()
    assert client.patch(url, {"name": "x"}, format="json").status_code == 404
    assert client.put(url, {"name": "x", "cards": []}, format="json").status_code in (
        400,
        404,
    )
    assert client.delete(url).status_code == 404
    assert client.post(url + "copy/", {}, format="json").status_code == 404
    assert client.get(url + "export/").status_code == 404
    assert table_counts() == before


def test_unknown_deck_ids_are_404(catalog, clients):
    assert clients["owner"].get("/api/decks/999999/").status_code == 404
    assert clients["owner"].get("/api/decks/abc/").status_code == 404


def test_put_requires_the_full_deck(make_deck, user, clients):
    deck = make_deck(user)
    response = clients["owner"].put(
        f"/api/decks/{deck.pk}/", {"name": "only name"}, format="json"
    )
    assert response.status_code == 400


BAD_VALIDATE = [
    ("malformed JSON", "[[["),
    ("neither cards nor text", {"ruleset": "second"}),
    ("both cards and text", {"cards": [], "text": "1 Svara"}),
    ("10,000 entries", {"cards": BIG}),
    ("negative count", {"cards": [{"card": "svara", "count": -3}]}),
    ("bad ruleset", {"ruleset": "third", "cards": []}),
    ("text too long", {"text": "1 Svara\n" * 30_000}),
]


@pytest.mark.parametrize(
    ("label", "body"), BAD_VALIDATE, ids=[c[0] for c in BAD_VALIDATE]
)
def test_bad_validate_input_is_400(catalog, clients, label, body):
    if isinstance(body, str):
        response = clients["anon"].post(
            "/api/decks/validate/", body, content_type="application/json"
        )
    else:
        response = clients["anon"].post("/api/decks/validate/", body, format="json")
    assert response.status_code == 400
    assert response.json()["message"]


def test_validate_reports_unknown_cards_as_rule_errors(catalog, clients):
    response = clients["anon"].post(
        "/api/decks/validate/",
        {"cards": [{"card": "ice-smiht", "count": 4}]},
        format="json",
    )
    assert response.status_code == 200
    errors = response.json()["errors"]
    assert errors[0]["code"] == "card.unknown"
    assert errors[0]["suggestion"] == "ice-smith"


def test_validate_text_with_problems(catalog, clients):
    response = clients["anon"].post(
        "/api/decks/validate/",
        {"text": "1 Svara\n4 Ice Smiht\nnonsense\n"},
        format="json",
    )
    body = response.json()
    assert body["valid"] is False
    codes = [e["code"] for e in body["errors"]]
    assert codes[:2] == ["card.unknown", "text.malformed"]
    assert "line 2" in body["errors"][0]["message"]


def test_validate_first_edition_deck_lists_every_violation(catalog, clients):
    from engine.deckbuilding.catalog import load_catalog

    first = load_catalog(ruleset="first")
    cards = [
        {"card": slug, "count": n}
        for slug, n in first.summoners["ret-talus"].deck.counts().items()
    ]
    ok = clients["anon"].post(
        "/api/decks/validate/", {"ruleset": "first", "cards": cards}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["valid"] is True, ok.json()
    bad = [c for c in cards if c["card"] != "wall"] + [{"card": "lioness", "count": 1}]
    body = (
        clients["anon"]
        .post("/api/decks/validate/", {"ruleset": "first", "cards": bad}, format="json")
        .json()
    )
    codes = {e["code"] for e in body["errors"]}
    assert {"walls.count", "faction.mismatch", "commons.count"} <= codes
    text = "1 Ret-Talus\n3 Wall\n"
    body = (
        clients["anon"]
        .post("/api/decks/validate/", {"ruleset": "first", "text": text}, format="json")
        .json()
    )
    assert "events.missing" in {e["code"] for e in body["errors"]}


def test_validate_logged_in_reports_collection_short(catalog, clients, svara_cards):
    client = clients["owner"]
    client.put(
        "/api/collection/", {"product": "starter-set", "quantity": 1}, format="json"
    )
    body = client.post(
        "/api/decks/validate/", {"cards": entries_json(svara_cards)}, format="json"
    ).json()
    assert body["valid"] is True
    short = {w["card"] for w in body["warnings"] if w["code"] == "collection.short"}
    assert {"svara", "ice-smith"} <= short
    assert body["buildable"] is False
    client.put(
        "/api/collection/", {"product": "master-set", "quantity": 1}, format="json"
    )
    body = client.post(
        "/api/decks/validate/", {"cards": entries_json(svara_cards)}, format="json"
    ).json()
    assert body["warnings"] == [] and body["buildable"] is True


BAD_IMPORT = [
    ("neither", {"name": "x"}, "invalid"),
    ("both", {"text": "1 Svara", "code": "abc"}, "invalid"),
    ("unknown names", {"text": "1 Svara\n4 Ice Smiht\n1 Olag\n"}, "card.unknown"),
    ("malformed line", {"text": "Svara\n"}, "text.malformed"),
    ("empty text", {"text": "# nothing\n"}, "text.empty"),
    ("garbage code", {"code": "!!!"}, "deck_code.invalid"),
    ("damaged code", {"code": "AQIDAAAAAAAA"}, "deck_code.invalid"),
    ("huge count", {"text": "1000000000 Svara\n"}, "text.malformed"),
    ("NUL in deck name line", {"text": "# Deck: a\x00b\n1 Svara\n"}, "invalid"),
]


@pytest.mark.parametrize(
    ("label", "body", "code"), BAD_IMPORT, ids=[c[0] for c in BAD_IMPORT]
)
def test_bad_import_is_400_with_problems(catalog, clients, label, body, code):
    before = table_counts()
    response = clients["owner"].post("/api/decks/import/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert table_counts() == before


def test_import_unknown_names_lists_every_problem_with_did_you_mean(catalog, clients):
    body = (
        clients["owner"]
        .post(
            "/api/decks/import/",
            {"text": "1 Svara\n4 Ice Smiht\n1 Olag\n"},
            format="json",
        )
        .json()
    )
    assert [p["line"] for p in body["problems"]] == [2, 3]
    assert [p["suggestion"] for p in body["problems"]] == ["ice-smith", "ollag"]
    assert "did you mean Ice Smith?" in body["problems"][0]["message"]
    assert "(and 1 more)" in body["message"]


# --------------------------------------------------------------------- export


def test_export_formats(make_deck, user, clients, catalog):
    from engine.deckbuilding.decktext import decode_deck_code

    deck = make_deck(user)
    client = clients["owner"]
    text = client.get(f"/api/decks/{deck.pk}/export/", {"format": "text"})
    assert text["Content-Type"].startswith("text/plain")
    assert text.content.decode().startswith("# Deck: Frost wall")
    code = client.get(f"/api/decks/{deck.pk}/export/", {"format": "code"}).json()
    ruleset, entries = decode_deck_code(code["code"], catalog=catalog)
    assert ruleset == "second" and len(entries) == 14
    both = client.get(f"/api/decks/{deck.pk}/export/", {"format": "json"}).json()
    assert both["code"] == code["code"] and both["text"] == text.content.decode()


# ---------------------------------------------------------------- query counts


def test_list_query_count_does_not_grow_with_decks(
    make_deck, user, clients, django_assert_num_queries
):
    from decks.services import collection_set

    collection_set(user=user, product="master-set", quantity=1)
    for i in range(3):
        make_deck(user, name=f"deck {i}")
    # count, decks, entries (+cards), the user's collection
    with django_assert_num_queries(4):
        first = clients["owner"].get("/api/decks/")
    for i in range(3, 10):
        make_deck(user, "public", name=f"deck {i}")
    with django_assert_num_queries(4):
        second = clients["owner"].get("/api/decks/")
    total = 10 + len(FACTION_DECKS)
    assert first.json()["count"] + 7 == second.json()["count"] == total
    assert all(d["buildable"] for d in second.json()["results"] if d["owner"])


def test_anonymous_list_query_count(catalog, clients, django_assert_num_queries):
    with django_assert_num_queries(3):
        response = clients["anon"].get("/api/decks/")
    assert response.json()["count"] == len(FACTION_DECKS)


def test_detail_query_count(make_deck, user, clients, django_assert_num_queries):
    deck = make_deck(user)
    with django_assert_num_queries(3):
        assert clients["owner"].get(f"/api/decks/{deck.pk}/").status_code == 200


def test_schema_documents_the_deck_endpoints(catalog, clients):
    response = clients["anon"].get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    for path in (
        "/api/decks/",
        "/api/decks/validate/",
        "/api/decks/import/",
        "/api/decks/{deck_id}/",
        "/api/decks/{deck_id}/copy/",
        "/api/decks/{deck_id}/export/",
        "/api/collection/",
        "/api/auth/token/",
    ):
        assert path in paths, path
    assert {"get", "post"} <= set(paths["/api/decks/"])
    assert {"get", "put", "patch", "delete"} <= set(paths["/api/decks/{deck_id}/"])


# ------------------------------------------------- text on create, unknown fields


SVARA_WITHOUT_LOCKED = """# Deck: Cold text
1 Svara
2 Parapet
2 Ice Repair
2 Glacial Shift
1 Nadiana
1 Ollag
1 Jarmund
5 Frost Mage
5 Ice Golem
4 Bear Cavalry
4 Ice Smith
"""


def test_create_accepts_deck_text_and_adds_the_locked_cards(catalog, clients, user):
    response = clients["owner"].post(
        "/api/decks/", {"text": SVARA_WITHOUT_LOCKED}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["name"] == "Cold text"
    counts = {e["card"]: e["count"] for e in body["entries"]}
    # The builder's locked copies: gates and epic events were missing from the text.
    assert counts["starting-gate"] == 1 and counts["gate"] == 3
    assert counts["ice-ram"] == 2
    assert counts["frost-mage"] == 5 and counts["ice-golem"] == 5  # kept as given
    assert body["validation"]["valid"], body["validation"]["errors"]


def test_import_adds_the_locked_cards_as_the_builder_does(catalog, clients):
    from decks.selectors import builder_pool

    response = clients["owner"].post(
        "/api/decks/import/", {"text": SVARA_WITHOUT_LOCKED}, format="json"
    )
    assert response.status_code == 201
    counts = {e["card"]: e["count"] for e in response.json()["entries"]}
    for item in builder_pool("svara"):
        if item.locked:
            assert counts.get(item.card.slug, 0) >= item.locked, item.card.slug


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Typo", "card": [{"card": "svara", "count": 1}]},
        {"name": "Both", "cards": [], "text": "1 Svara"},
        {"cards": [{"card": "svara", "count": 1}]},  # no name, no text
    ],
)
def test_create_rejects_unknown_or_conflicting_fields_and_saves_nothing(
    catalog, clients, body
):
    before = Deck.objects.count()
    response = clients["owner"].post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["message"]
    assert Deck.objects.count() == before


def test_create_with_bad_text_lists_the_problems_and_saves_nothing(catalog, clients):
    before = Deck.objects.count()
    response = clients["owner"].post(
        "/api/decks/", {"text": "1 Svara\n3 Ice Smiht\n"}, format="json"
    )
    assert response.status_code == 400
    assert "Ice Smith" in json.dumps(response.json())  # did you mean
    assert Deck.objects.count() == before


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("patch", "{deck}", {"name": 2.45e16}),
        ("patch", "{deck}", {"notes": 7}),
        ("patch", "{deck}", {"summoner": 3}),
        ("post", "", {"name": 5, "cards": []}),
        ("post", "import/", {"text": 12}),
        ("post", "import/", {"code": 12}),
    ],
)
def test_a_number_where_text_belongs_is_refused_not_turned_into_text(
    make_deck, user, clients, method, path, body
):  # type: ignore[no-untyped-def]
    """Strings are strings: {"name": 2.45e16} is a 400 that names the field, as the
    schema says, never a deck renamed "2.45e+16" (found by Schemathesis)."""
    deck = make_deck(user)
    url = "/api/decks/" + path.format(deck=f"{deck.pk}/")
    response = getattr(clients["owner"], method)(url, body, format="json")
    assert response.status_code == 400, response.json()
    assert set(body) & set(str(response.json()).replace("'", " ").split())
    deck.refresh_from_db()
    assert deck.name == "Frost wall"
