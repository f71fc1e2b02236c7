"""``manage.py simulate`` runs a job in-process and prints exactly what the engine CLI
prints for the same decks, seed, agents and games (whatever the chunk size)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from simulate.models import SimulationJob

from .conftest import FACTION_A, FACTION_B

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db

ARGS = ["--a", FACTION_A, "--b", FACTION_B, "--games", "25", "--seed", "99"]
AGENTS = ["--agent-a", "random", "--agent-b", "greedy"]


def test_command_json_equals_the_engine_cli():
    cli = subprocess.run(
        [sys.executable, "-m", "engine.simulate", *ARGS, *AGENTS, "--swap", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    expected = json.loads(cli.stdout)
    out = io.StringIO()
    call_command(
        "simulate", *ARGS, *AGENTS, "--swap", "--chunk-size", "7", "--json", stdout=out
    )
    got = json.loads(out.getvalue())
    job = SimulationJob.objects.get(pk=got.pop("id"))
    assert got.pop("status") == "done"
    assert got == expected
    assert job.chunk_size == 7 and job.result["games"] == 50


def test_command_text_output_and_bad_deck():
    out = io.StringIO()
    call_command(
        "simulate", *ARGS, "--agent-a", "random", "--agent-b", "random", stdout=out
    )
    assert f"{FACTION_A} vs {FACTION_B}" in out.getvalue()
    with pytest.raises(CommandError, match="deck_a"):
        call_command("simulate", "--a", "nowhere", "--b", FACTION_B, "--games", "1")


def test_resume_command_runs_a_watchdog_round(monkeypatch):
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "simulate.management.commands.simulate_resume.send_tickets",
        lambda i=0, b=0: sent.append((i, b)),
    )
    out = io.StringIO()
    call_command("simulate_resume", stdout=out)
    assert out.getvalue().startswith("watchdog round: lanes [] back in line")
    call_command("simulate_resume", "--all-queued", stdout=out)
    assert "sent 0 ticket(s)" in out.getvalue() and sent == [(0, 0)]
