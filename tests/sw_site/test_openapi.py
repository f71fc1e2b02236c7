"""The OpenAPI schema tells the truth (issue 15, item 6): paginated lists are
documented as pages, every error status an operation can answer is documented with
the ``Error`` body, anonymous operations say so, either/or request rules are
expressed; and Schemathesis, run against a live production server (gunicorn, DEBUG
off) on the test database, anonymous and with a token, finds no server error and no
response that breaks the schema, within a bounded time."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import yaml

from .test_serve import production_env, start_gunicorn

ROOT = Path(__file__).resolve().parents[2]
ST = str(Path(sys.executable).parent / "st")

#: Every check runs, positive_data_acceptance and negative_data_rejection included:
#: the schema rejects what the API rejects and allows what it accepts. Rules it
#: cannot state, where a 400 is therefore also the expected answer to a
#: schema-valid request (each one by design, with its reason):
#: - the two lists' filters take catalog slugs (faction, summoner, symbol) of the
#:   edition another parameter names, and the cards' ``q`` has a search syntax
#:   (cards/filters.py, decks/filters.py);
#: - a deck's cards are slugs of catalog cards;
#: - a collection entry names a catalog product (its slug);
#: - a deck code carries a checksum;
#: - card values and swap suggestions need a legal deck, and a budget that depends
#:   on the deck's candidate swaps;
#: - applying an analysis needs a finished one with a suggestion.
#: A request line longer than gunicorn's limit (4,094 bytes) is refused by the server
#: itself, 414 URI Too Long, before the API sees it: a rejection like any other.
SCHEMATHESIS_GLOBAL = """
[checks.negative_data_rejection]
expected-statuses = [
    "400", "401", "403", "404", "405", "406", "409", "414", "415", "422", "428", "429",
]
"""
SCHEMATHESIS_CONFIG = """
[[operations]]
include-path = "{path}"
include-method = "{method}"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]
"""
DATA_DEPENDENT = (
    ("GET", "/api/cards/"),
    ("GET", "/api/decks/"),
    ("POST", "/api/decks/"),
    ("PUT", "/api/decks/{deck_id}/"),
    ("PATCH", "/api/decks/{deck_id}/"),
    ("POST", "/api/collection/"),
    ("PUT", "/api/collection/"),
    ("POST", "/api/decks/import/"),
    ("POST", "/api/decks/{deck_id}/card-values/"),
    ("POST", "/api/decks/{deck_id}/suggestions/"),
    ("POST", "/api/analysis-jobs/{job_id}/apply/"),
)
#: Time budgets (seconds) of the two runs: anonymous, then with an API token, and
#: examples per operation. CI's run is short; the recorded long run (docs/operations,
#: "Schemathesis") sets SCHEMATHESIS_SECONDS (each budget times it) and
#: SCHEMATHESIS_EXAMPLES.
SCALE = float(os.environ.get("SCHEMATHESIS_SECONDS", "1"))
BUDGET = {"anonymous": round(40 * SCALE), "token": round(95 * SCALE)}
EXAMPLES = os.environ.get("SCHEMATHESIS_EXAMPLES", "10")
#: CI's runs are the same each time; a recorded run may draw others.
SEED = os.environ.get("SCHEMATHESIS_SEED", "15")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return yaml.safe_load(out.stdout)


def operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (path, method, op)
        for path, item in schema["paths"].items()
        for method, op in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    ]


def test_schema_generates_without_warnings(schema: dict[str, Any]) -> None:
    assert schema["openapi"].startswith("3.")
    assert "/api/health/" in schema["paths"]


@pytest.mark.parametrize("path", ["/api/decks/", "/api/simulations/", "/api/cards/"])
def test_paginated_lists_are_documented_as_pages(
    schema: dict[str, Any], path: str
) -> None:
    op = schema["paths"][path]["get"]
    ref = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    page = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert {"count", "next", "previous", "results"} <= set(page["properties"])
    assert "page" in [p["name"] for p in op["parameters"]]
    assert "404" in op["responses"]  # a page past the end


def test_every_operation_documents_its_errors(schema: dict[str, Any]) -> None:
    error = {"$ref": "#/components/schemas/Error"}
    for path, method, op in operations(schema):
        responses = op["responses"]
        assert "503" in responses, (method, path)
        if method in ("post", "put", "patch"):
            assert {"400", "413"} <= set(responses), (method, path)
        if "{" in path:
            assert "404" in responses, (method, path)
        for code, response in responses.items():
            if code.startswith(("4", "5")) and "content" in response:
                body = response["content"]["application/json"]["schema"]
                assert body == error or "properties" in body or "$ref" in body


def test_auth_is_documented_per_operation(schema: dict[str, Any]) -> None:
    def anonymous_ok(path: str, method: str) -> bool:
        security = schema["paths"][path][method].get("security", [{}])
        return {} in security or security == []

    assert anonymous_ok("/api/cards/", "get")
    assert anonymous_ok("/api/decks/", "get")
    assert anonymous_ok("/api/decks/{deck_id}/", "get")
    assert anonymous_ok("/api/decks/validate/", "post")
    assert anonymous_ok("/api/auth/token/", "post")
    assert not anonymous_ok("/api/decks/", "post")
    assert not anonymous_ok("/api/simulations/", "get")
    assert "401" in schema["paths"]["/api/simulations/"]["post"]["responses"]
    assert "429" in schema["paths"]["/api/simulations/"]["post"]["responses"]
    assert "429" in schema["paths"]["/api/decks/validate/"]["post"]["responses"]


def test_either_or_request_bodies(schema: dict[str, Any]) -> None:
    schemas = schema["components"]["schemas"]
    assert schemas["DeckValidateInputRequest"]["oneOf"] == [
        {"required": ["cards"]},
        {"required": ["text"]},
    ]
    assert schemas["DeckImportInputRequest"]["oneOf"] == [
        {"required": ["text"]},
        {"required": ["code"]},
    ]


def test_request_bodies_and_query_values_as_the_api_reads_them(
    schema: dict[str, Any],
) -> None:
    for path, _method, op in operations(schema):
        if "requestBody" in op:
            assert set(op["requestBody"]["content"]) == {"application/json"}, path
        for p in op.get("parameters", []):
            enum = p["schema"].get("enum")
            if p["in"] == "query" and enum and p["schema"].get("type") == "string":
                assert "" in enum, (path, p["name"])  # empty: not given
    for path in ("/api/decks/validate/", "/api/decks/import/"):
        assert schema["paths"][path]["post"]["requestBody"]["required"] is True
    decks = {p["name"]: p for p in schema["paths"]["/api/decks/"]["get"]["parameters"]}
    assert {"ruleset", "card", "q", "mine", "faction", "summoner"} <= set(decks)
    assert decks["ruleset"]["schema"]["enum"] == ["second", "first", ""]
    cards = {p["name"]: p for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    for name in ("cost", "cost__lte", "cost__gte"):
        number, empty = cards[name]["schema"]["oneOf"]
        assert number["minimum"] == 0 and empty == {"type": "string", "enum": [""]}


def test_every_request_body_refuses_other_properties(schema: dict[str, Any]) -> None:
    """An unknown field is a 400 on every body (tests/sw_site/test_unknown_fields.py):
    the schema says ``additionalProperties: false``."""
    components = schema["components"]["schemas"]
    bodies = {}
    for path, method, op in operations(schema):
        if "requestBody" in op:
            ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            bodies[(method, path)] = components[ref.rsplit("/", 1)[1]]
    assert len(bodies) >= 15  # every write the API has
    open_bodies = [
        op
        for op, body in bodies.items()
        if body.get("additionalProperties") is not False
    ]
    assert open_bodies == []


def test_export_documents_only_what_every_format_sends(schema: dict[str, Any]) -> None:
    export = schema["components"]["schemas"]["DeckExportOutput"]
    assert export.get("required", []) == ["code"]


@pytest.mark.slow
@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_server_error_and_no_schema_violation(
    live_database_url: str, tmp_path: Path, django_user_model: Any
) -> None:
    from rest_framework.authtoken.models import Token

    from cards.services import catalog_load
    from decks.services import faction_decks_sync
    from engine.deckbuilding.catalog import load_catalog
    from work import heartbeat

    catalog_load(catalog=load_catalog())
    faction_decks_sync()
    user = django_user_model.objects.create_user(username="fuzz", password="x-pass-1")
    token = Token.objects.create(user=user)
    env = production_env(live_database_url, tmp_path / "static")
    env["WORK_WATCHDOG_INTERVAL"] = "600"  # the heartbeat below stays fresh
    heartbeat.beat()
    # a worker's heartbeat, kept fresh however long the run (health answers 503
    # once no worker has beaten for its window)
    beating = threading.Event()

    def beat() -> None:
        while not beating.wait(3):
            heartbeat.beat()
        from django.db import close_old_connections

        close_old_connections()

    beater = threading.Thread(target=beat, daemon=True)
    beater.start()
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        SCHEMATHESIS_GLOBAL
        + "".join(
            SCHEMATHESIS_CONFIG.format(method=m, path=p) for m, p in DATA_DEPENDENT
        )
    )
    failures = []
    with start_gunicorn(env, tmp_path, workers=2) as base:
        for name, headers in (
            ("anonymous", []),
            ("token", ["-H", f"Authorization: Token {token.key}"]),
        ):
            report = tmp_path / f"{name}.txt"
            run = subprocess.run(
                [
                    ST,
                    "--config-file",
                    str(config),
                    "run",
                    f"{base}/api/schema/",
                    *headers,
                    "--checks",
                    "all",
                    "--max-examples",
                    EXAMPLES,
                    "--max-time",
                    str(BUDGET[name]),
                    "--seed",
                    SEED,
                    "--no-color",
                ],
                cwd=tmp_path,
                env={**os.environ, "SCHEMATHESIS_HOOKS": ""},
                capture_output=True,
                text=True,
                timeout=BUDGET[name] + 120,
            )
            report.write_text(run.stdout + run.stderr)
            keep = os.environ.get("SCHEMATHESIS_REPORTS")
            if keep:  # the recorded run keeps its reports
                (Path(keep) / report.name).write_text(run.stdout + run.stderr)
            if run.returncode != 0:
                failures.append(f"{name} ({report}):\n{run.stdout[-6000:]}")
    beating.set()
    beater.join(10)
    # no worker beat is left behind for the next test's health check to see
    from django.core.cache import cache

    cache.delete(heartbeat.KEY)
    assert failures == [], "\n\n".join(failures)
