"""Issue 33: first-edition decks simulate from the pages (an edition mismatch is one
clear error), replay steps name the turn and phase of their own action and no ids,
and the measured faction matrices ship with the product."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import TestCase

from simulate import ready, replays
from simulate.models import SimulationJob
from simulate.services import jobs

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_deck(user, catalog_db):  # type: ignore[no-untyped-def]
    """A legal first-edition deck of the user (the Phoenix Elves faction list)."""
    from cards.services import catalog_load
    from decks.services import deck_create
    from engine.deckbuilding.catalog import load_catalog
    from engine.deckbuilding.resolve import default_catalog

    catalog_load(catalog=load_catalog(ruleset="first"), edition="first")
    deck = default_catalog("first").summoners["prince-elien"].deck
    return deck_create(
        owner=user,
        name="My first-edition elves",
        entries=[(e.card, e.count) for e in deck.entries],
        ruleset="first",
    )


def test_first_edition_deck_simulates_from_the_form(
    client, user, first_deck, dispatched
):
    client.force_login(user)
    page = client.get("/simulations/new/", {"deck_a": first_deck.pk}).content.decode()
    # Prefilled with a first-edition deck: only first-edition opponents, labelled.
    assert 'value="first:tundra-orcs"' in page
    assert 'value="cave-goblins"' not in page
    assert "(first edition)" in page
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = client.post(
            "/simulations/new/",
            {
                "deck_a": str(first_deck.pk),
                "deck_b": "first:tundra-orcs",
                "games": 2,
                "agent_a": "random",
                "agent_b": "random",
            },
        )
    assert response.status_code == 302, response.content.decode()[-2000:]
    job = SimulationJob.objects.get()
    assert job.ruleset == "first"
    assert job.deck_b["source"] == {"kind": "faction", "slug": "tundra-orcs"}
    assert job.deck_b["ruleset"] == "first"


def test_edition_mismatch_is_one_form_error(client, user, first_deck, dispatched):
    client.force_login(user)
    response = client.post(
        "/simulations/new/",
        {"deck_a": str(first_deck.pk), "deck_b": "cave-goblins", "games": 2},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count("different editions") == 1
    assert "no such card" not in html
    assert not SimulationJob.objects.exists()


def test_edition_mismatch_in_the_api_is_a_clear_400(
    auth_client, first_deck, dispatched
):
    response = auth_client.post(
        "/api/simulations/",
        {"deck_a": first_deck.pk, "deck_b": "cave-goblins", "games": 2},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    errors = body["errors"]["deck_a"]
    assert [e["code"] for e in errors] == ["deck.edition"]
    assert "first-edition deck" in errors[0]["message"]


def test_matrix_form_refuses_mixed_editions(client, user, first_deck, dispatched):
    client.force_login(user)
    response = client.post(
        "/matrices/new/",
        {"decks": [str(first_deck.pk), "cave-goblins"], "games_per_pair": 2},
    )
    assert response.status_code == 400
    assert response.content.decode().count("different editions") == 1


def test_replay_steps_carry_their_own_turn_and_phase(make_job):
    job = jobs.simulation_run_inline(
        job_id=make_job(games=1, agent_a="greedy", agent_b="greedy").pk
    )
    replay = replays.replay_game(job=job, game=0)
    steps, starts = replay["steps"], replay["turn_starts"]
    # Turn 1 starts at the first action (not "Setup" until the turn changes).
    assert starts[1]["turn"] == 1 and starts[1]["step"] == 1
    for k, start in enumerate(starts[1:], 1):
        end = starts[k + 1]["step"] if k + 1 < len(starts) else len(steps)
        assert {s["turn"] for s in steps[start["step"] : end]} == {start["turn"]}
    # A player's end of the draw phase is their own turn's, not the next one's.
    draw_ends = [
        s for s in steps if s["kind"] == "end_phase" and "draw phase" in s["text"]
    ]
    assert draw_ends and all(s["phase"] == "draw" for s in draw_ends)
    first_attack = next(s for s in steps if s["kind"] == "attack")
    assert first_attack["phase"] == "attack" and first_attack["turn"] >= 1
    texts = " ".join(s["text"] for s in steps)
    assert not re.search(r"\b[a-z]+(?:-[a-z]+)+\.[a-z-]+\b", texts)  # no ids


def test_ability_ids_read_as_names():
    from engine.deckbuilding.resolve import default_catalog

    names = replays.ability_names(default_catalog().cards.values())
    assert names["royal-guardian.shove"] == "Royal Guardian's Shove"
    assert replays.square(0) == "square a1"


def test_ready_matrices_are_the_recorded_ones():
    """Every shipped second-edition cell is the one in the measurements page."""
    doc = (
        Path(__file__).resolve().parents[2] / "docs/measurements/matrices.md"
    ).read_text()
    for matrix in ready.ready_matrices()["matrices"]:
        assert matrix["games_per_cell"] and matrix["agent"] and matrix["date"]
        if matrix["ruleset"] != "second":
            continue
        for row in matrix["rows"]:
            line = next(
                ln
                for ln in doc.splitlines()
                if ln.startswith(f"| {row['deck']} (")
                and all(
                    f"{c['score']} [{c['ci95'][0]}, {c['ci95'][1]}]" in ln
                    for c in row["cells"]
                    if c
                )
            )
            assert line


def test_ready_matrix_page_for_everyone(client):
    response = client.get("/matrices/ready/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "First edition" in html and "Second edition" in html
    assert "56%" in html and "49–63%" in html  # planner: Tundra Orcs v Phoenix Elves
    assert "200 (100 deals" in html and "2026-11-28" in html
    assert "/matrices/ready/" in client.get("/simulations/").content.decode()
