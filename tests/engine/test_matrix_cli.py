"""``python -m engine.agents --matrix``: an agent's faction matrix against itself, the
ranking it gives, and rank correlations between agents; ``--vs-random``: greedy
against random per faction (``--ruleset first`` for the first edition)."""

from __future__ import annotations

import json

import pytest

from engine.cli.agents import main
from engine.tools.measure import (
    faction_matrix,
    format_vs_random,
    greedy_vs_random,
    spearman,
)


def test_matrix_plays_every_pair_seat_swapped() -> None:
    m = faction_matrix(
        "greedy", games=1, seed=3, factions=("vanguards", "breakers", "tundra-orcs")
    )
    assert m["games_per_pair"] == 2
    for row in m["factions"].values():
        assert row["games"] == 4  # two pairs, two games each
        lo, hi = row["ci95"]
        assert lo <= row["score_pct"] <= hi
    a, b = m["cells"]["vanguards"]["breakers"].split("-")
    c, d = m["cells"]["breakers"]["vanguards"].split("-")
    assert (a, b) == (d, c)
    assert sorted(m["ranking"]) == sorted(m["factions"])
    scores = [m["factions"][f]["score_pct"] for f in m["ranking"]]
    assert scores == sorted(scores, reverse=True)


def test_matrix_is_the_same_in_worker_processes() -> None:
    """Each pair's games depend only on its seed: forked workers change nothing."""
    facs = ("vanguards", "breakers", "tundra-orcs")
    one = faction_matrix("greedy", games=1, seed=5, factions=facs)
    two = faction_matrix("greedy", games=1, seed=5, factions=facs, jobs=2)
    assert one == two


def test_spearman_handles_ties_and_refuses_mismatched_tables() -> None:
    assert spearman({"a": 1, "b": 2, "c": 3}, {"a": 10, "b": 20, "c": 30}) == 1.0
    assert spearman({"a": 1, "b": 1, "c": 3}, {"a": 5, "b": 5, "c": 9}) == 1.0
    assert spearman({"a": 1, "b": 1}, {"a": 1, "b": 2}) == 0.0  # no spread on one side
    with pytest.raises(ValueError):
        spearman({"a": 1, "b": 2}, {"a": 1, "c": 2})


def test_matrix_cli(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--matrix",
        "random,greedy",
        "--games",
        "1",
        "--factions",
        "vanguards,breakers",
    ]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["agent"] for m in out["matrices"]] == ["random", "greedy"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "Rank correlation (Spearman) random vs greedy" in text
    assert main(["--matrix", "nobody"]) == 2


def test_matrix_cli_takes_engine_only_agents(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Engine-only agents (experiments the site does not offer, e.g. mcts-planner)
    get matrices too; a cheap stand-in is registered as one here."""
    from engine import agents
    from engine.agents.random_agent import RandomAgent

    monkeypatch.setitem(agents.ENGINE_ONLY, "stand-in", RandomAgent)
    argv = ["--matrix", "stand-in", "--games", "1", "--factions", "vanguards,breakers"]
    assert main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["agent"] for m in out["matrices"]] == ["stand-in"]
    assert out["matrices"][0]["factions"]["vanguards"]["games"] == 2


def test_first_edition_matrix_plays_the_first_editions_decks() -> None:
    m = faction_matrix(
        "greedy", games=1, seed=3, factions=("cloaks", "benders"), ruleset="first"
    )
    assert m["ruleset"] == "first" and m["factions"]["cloaks"]["games"] == 2
    a, b = m["cells"]["cloaks"]["benders"].split("-")
    assert int(a) + int(b) <= 2


def test_greedy_vs_random_rotates_opponents_seat_swapped() -> None:
    facs = ("phoenix-elves", "tundra-orcs", "cloaks")
    r = greedy_vs_random(games=1, seed=5, factions=facs, ruleset="first", opponents=2)
    assert r["ruleset"] == "first" and r["games"] == 3 * 2 * 2
    for i, f in enumerate(facs):
        v = r["factions"][f]
        # the next two factions of the list, cyclically; each pairing both seats
        assert v["opponents"] == [facs[(i + 1) % 3], facs[(i + 2) % 3]]
        assert v["games"] == 4 and 0 <= v["wins"] + v["draws"] <= 4
        lo, hi = v["ci95"]
        assert lo <= v["win_pct"] <= hi
    assert sum(v["wins"] for v in r["factions"].values()) == r["wins"]
    text = format_vs_random(r)
    assert text.count("\n| ") == 3 + 1  # header and one row per faction


def test_vs_random_cli(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--vs-random", "--ruleset", "1E", "--games", "1", "--opponents", "1"]
    argv += ["--factions", "cloaks,benders", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "first" and set(out["factions"]) == {"cloaks", "benders"}
    assert main(["--vs-random", "--ruleset", "nowhere"]) == 2
