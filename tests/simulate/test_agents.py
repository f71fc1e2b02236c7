"""Which agent plays when none is named, and what the pages say about each agent
(simulate.agents): one place decides, from the engine's registry, its stored
strength ladder and each agent's speed and caps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import TestCase

from engine import ladder
from engine.agents import AGENTS
from simulate import adapters, agents
from simulate.models import Agent, SimulationJob

from .conftest import FACTION_A, FACTION_B

pytestmark = pytest.mark.django_db  # (the shared cache lives in the database)


@pytest.fixture
def stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Point the engine at a ladder file of the test's making."""
    path = tmp_path / "ladder.json"

    def write(
        elo: dict[str, float], speeds: dict[str, float], anchor: str = "random"
    ) -> None:
        path.write_text(
            json.dumps(
                {
                    "format": ladder.DATA_FORMAT,
                    "anchor": anchor,
                    "date": "2025-01-01",
                    "elo": {
                        a: {"elo": e, "ci95": [e - 40, e + 40], "games": 128}
                        for a, e in elo.items()
                    },
                    "games_per_s": speeds,
                }
            )
        )
        ladder.forget()

    monkeypatch.setattr(ladder, "DATA_FILE", path)
    yield write
    ladder.forget()


def test_the_default_is_the_strongest_agent_fast_enough_for_the_job(stored, settings):
    stored(
        {"random": 0.0, "greedy": 800.0, "mcts": 1100.0},
        {"random": 900.0, "greedy": 20.0, "mcts": 0.4},
    )
    assert agents.default_agent() == "greedy"  # mcts: too slow
    settings.SIMULATE_AGENT_GAMES_PER_S = {"mcts": 50.0}  # a fast machine
    assert agents.default_agent(games=100) == "mcts"
    assert agents.default_agent(games=2_001) == "greedy"  # over mcts's game cap
    settings.SIMULATE_DEFAULT_AGENT_MIN_GAMES_PER_S = 1000.0
    assert agents.default_agent() == agents.default_agent(games=5)


def test_an_agent_the_ladder_does_not_rate_is_never_the_default(stored):
    stored({"random": -800.0, "greedy": 0.0, "not-an-agent": 9000.0}, {}, "greedy")
    assert agents.default_agent() == "greedy"
    stored({}, {})
    assert agents.default_agent() == ladder.UNRATED_DEFAULT


def test_jobs_that_name_no_agent_get_the_default(stored, user, dispatched):
    from simulate.services import jobs, matrices

    stored({"random": 0.0, "greedy": 800.0}, {"random": 900.0, "greedy": 20.0})
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = jobs.simulation_submit(
            owner=user, deck_a=FACTION_A, deck_b=FACTION_B, games=4, agent_b="random"
        )
        matrix = matrices.matrix_submit(
            owner=user, decks=[FACTION_A, FACTION_B], games_per_pair=4
        )
    assert (job.agent_a, job.agent_b) == ("greedy", "random")
    assert matrix.agent == "greedy"
    assert {j.agent_a for j in matrix.jobs.all()} == {"greedy"}


def test_agent_choices_follow_the_engine_registry():
    offered = [name for name, _ in adapters.agent_choices()]
    assert offered == list(AGENTS)
    assert set(offered) <= set(Agent.values)  # the model takes every engine agent
    assert "planner" in Agent.values  # ready before the engine registers it
    assert [name for name, _ in agents.agent_choices()] == offered


def test_the_api_takes_only_registered_agents(auth_client, dispatched):
    body = {"deck_a": FACTION_A, "deck_b": FACTION_B, "games": 2, "seed": 1}
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = auth_client.post(
            "/api/simulations/", {**body, "agent_a": "planner"}, format="json"
        )
    if "planner" in AGENTS:
        assert response.status_code == 202
        assert SimulationJob.objects.get().agent_a == "planner"
    else:
        assert response.status_code == 400
        assert not SimulationJob.objects.exists()


def test_agent_words(stored):
    stored(
        {"random": 0.0, "greedy": 812.4, "mcts": 1100.0},
        {"random": 900.0, "greedy": 20.0, "mcts": 0.4},
    )
    info = agents.agent_info("greedy")
    assert info["elo"] == 812.4 and info["default"]
    assert "Strength 812" in info["strength"] and "3 games in 4" in info["strength"]
    assert "measured from" in agents.agent_info("random")["strength"]
    assert agents.agent_info("random")["is_anchor"]
    assert info["speed"] == "about 20 games a second per worker"
    assert agents.agent_info("mcts")["speed"] == "about 2 seconds a game"
    listed = [a["name"] for a in agents.agent_list()]
    assert listed[:3] == ["mcts", "greedy", "random"]
    assert "strength 812" in agents.choice_label("greedy")
    assert "Automatic" in agents.choice_help()
    assert agents.automatic_label().endswith("(now: Greedy)")
    stored({"random": -800.0, "greedy": 0.0}, {}, "greedy")
    assert (
        "the level the others are measured from"
        in agents.agent_info("greedy")["strength"]
    )
    assert "where Greedy is 0" in agents.agent_info("random")["strength"]
    assert "Greedy is 0" in agents.choice_help()
    stored({}, {})
    assert agents.agent_info("greedy")["strength"].startswith("Not rated yet")


def test_pages_say_who_plays_and_how_strong(client, user, stored, make_job):
    stored({"random": 0.0, "greedy": 800.0}, {"random": 900.0, "greedy": 20.0})
    client.force_login(user)
    page = client.get("/simulations/new/").content.decode()
    assert "Who can play the decks?" in page
    assert agents.DESCRIPTIONS["greedy"] in page
    assert "chosen unless you pick another" in page
    assert '<option value="" selected>Automatic' in page
    assert "(now: Greedy)" in page
    assert '"": 20.0' in page  # the automatic choice's rate for the estimate
    job = make_job(games=2, agent_a="random", agent_b="greedy")
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "Who played" in page and agents.DESCRIPTIONS["random"] in page
    assert "Strength 800 on the strength ladder" in page
    assert "Greedy – best-looking move each time (<code>greedy</code>)" in page
    page = client.get("/matrices/new/").content.decode()
    assert "Who can play the decks?" in page


def test_the_form_leaves_automatic_to_the_service(client, user, stored, dispatched):
    stored({"random": 0.0, "greedy": 800.0}, {"random": 900.0, "greedy": 20.0})
    client.force_login(user)
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = client.post(
            "/simulations/new/",
            {"deck_a": FACTION_A, "deck_b": FACTION_B, "games": 3, "agent_b": "random"},
        )
    assert response.status_code == 302
    job = SimulationJob.objects.get()
    assert (job.agent_a, job.agent_b) == ("greedy", "random")


def test_a_rated_planner_becomes_the_default_within_its_caps(
    stored, monkeypatch, user, dispatched
):
    from engine.agents import GreedyAgent
    from simulate import conf
    from simulate.services import jobs

    if "planner" not in AGENTS:
        monkeypatch.setitem(AGENTS, "planner", GreedyAgent)  # a stand-in
    stored(
        {"random": -760.0, "greedy": 0.0, "planner": 300.0, "mcts": 260.0},
        {"random": 120.0, "greedy": 28.0, "planner": 8.0, "mcts": 0.13},
        "greedy",
    )
    assert agents.default_agent() == "planner"
    cap = conf.max_games(("planner",))
    assert agents.default_agent(games=cap + 1) == "greedy"
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = jobs.simulation_submit(
            owner=user, deck_a=FACTION_A, deck_b=FACTION_B, games=500, swap=True
        )
    assert (job.agent_a, job.agent_b) == ("planner", "planner")
    assert job.chunk_size is None  # slices are cut by time, whoever plays
    assert agents.agent_label("planner") == "Planner – plans its whole turn"
    assert agents.automatic_label().endswith("(now: Planner)")
