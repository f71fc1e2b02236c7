"""The strength ladder (engine.agents.ladder, its command engine.cli.ladder) and its
Elo fit (engine.tools.elo)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.agents import AGENTS, ladder
from engine.cli import ladder as ladder_cli
from engine.tools.elo import expected_score, fit

EIGHT = [f"f{i}" for i in range(8)]


# -- deals --------------------------------------------------------------------------
def test_64_deals_cover_every_ordered_faction_pair_once() -> None:
    pairs = [ladder.deal_factions(i, EIGHT) for i in range(64)]
    assert len(set(pairs)) == 64
    for block in range(8):  # any 8 consecutive deals: each faction once per seat
        got = pairs[8 * block : 8 * block + 8]
        assert sorted(a for a, _ in got) == EIGHT
        assert sorted(b for _, b in got) == EIGHT


# -- Elo fit ------------------------------------------------------------------------
def test_fit_known_value_and_interval() -> None:
    r = fit({("a", "b"): (75.0, 100)}, anchor="b", prior_draws=0)
    assert r["a"].elo == pytest.approx(400 * math.log10(3), abs=0.01)
    assert r["b"].elo == 0 and (r["b"].low, r["b"].high) == (0, 0)
    # Wald: 1.96 / sqrt(n p (1 - p)) natural-log units, in Elo points
    half = 1.959964 / math.sqrt(100 * 0.75 * 0.25) * 400 / math.log(10)
    assert r["a"].high - r["a"].elo == pytest.approx(half, rel=1e-6)
    assert expected_score(r["a"].elo) == pytest.approx(0.75)
    assert (r["a"].games, r["a"].score, r["b"].score) == (100, 75.0, 25.0)


def test_fit_counts_draws_half_and_either_order() -> None:
    r = fit({("a", "b"): (50.0, 100)}, anchor="a")
    assert r["b"].elo == pytest.approx(0, abs=1e-6)
    one = fit({("a", "b"): (30.0, 40), ("b", "a"): (10.0, 40)}, anchor="b")
    two = fit({("a", "b"): (60.0, 80)}, anchor="b")
    assert one["a"].elo == pytest.approx(two["a"].elo)


def test_fit_prior_keeps_a_clean_sweep_finite_and_orders_a_chain() -> None:
    r = fit(
        {("g", "r"): (100.0, 100), ("m", "g"): (84.0, 100), ("m", "r"): (100.0, 100)},
        anchor="r",
    )
    assert 0 < r["g"].elo < r["m"].elo < 2000
    assert r["g"].low < r["g"].elo < r["g"].high


def test_fit_rejects_a_bad_anchor_or_disconnected_players() -> None:
    with pytest.raises(ValueError, match="anchor"):
        fit({("a", "b"): (1.0, 2)}, anchor="c")
    with pytest.raises(ValueError, match="no games link"):
        fit({("a", "b"): (1.0, 2), ("c", "d"): (1.0, 2)}, anchor="a")
    with pytest.raises(ValueError, match="points"):
        fit({("a", "b"): (3.0, 2)}, anchor="a")


# -- the ladder ---------------------------------------------------------------------
FACS = ["polar-dwarves", "cave-goblins"]


def test_run_ladder_is_deterministic_and_adds_up() -> None:
    one = ladder.run_ladder(["random", "greedy"], deals=2, seed=3, factions=FACS)
    two = ladder.run_ladder(["random", "greedy"], deals=2, seed=3, factions=FACS)
    one.pop("cpu_seconds"), two.pop("cpu_seconds")
    assert one == two
    assert one["anchor"] == "greedy" and one["games_per_pairing"] == 4
    assert one["agents"] == ["greedy", "random"]  # strongest first
    (p,) = one["pairings"]
    assert p["agents"] == ["greedy", "random"]  # from the stronger side
    assert sum(p["wins"]) + p["draws"] == p["games"] == 4
    for name in ("greedy", "random"):
        per = p["by_faction"][name]
        assert sum(v["games"] for v in per.values()) == 4
        assert set(per) <= set(FACS)
    assert one["elo"]["random"]["elo"] < 0 == one["elo"]["greedy"]["elo"]
    assert "Elo (greedy = 0" in ladder_cli.format_text(one)
    anchored = ladder.run_ladder(
        ["random", "greedy"], deals=2, seed=3, factions=FACS, anchor="random"
    )
    assert anchored["elo"]["greedy"]["elo"] == -one["elo"]["random"]["elo"]


def test_a_pairing_plays_each_deal_both_ways_round() -> None:
    p = ladder.play_pairing(
        "random", "random", deals=1, seed=9, factions=["breakers", "vanguards"]
    )
    # deal 0 is breakers v breakers: each agent played breakers twice
    assert p["games"] == 2
    assert {f for per in p["by_faction"].values() for f in per} == {"breakers"}


def test_ladder_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["--agents", "random,greedy", "--games", "1", "--factions", "breakers"]
    assert ladder_cli.main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 1 and set(out["elo"]) == {"random", "greedy"}
    path = tmp_path / "ladder.json"
    assert ladder_cli.main([*args, "--write", str(path), "--speed-games", "6"]) == 0
    data = json.loads(path.read_text())
    assert data["format"] == ladder.DATA_FORMAT and data["date"]
    assert set(data["games_per_s"]) == {"random", "greedy"}
    assert data["engine_version"] == ladder.engine_version()
    assert ladder_cli.main(["--agents", "random,nobody"]) == 2
    assert ladder_cli.main(["--agents", "random"]) == 2


# -- stored ratings and the default agent ---------------------------------------------
def stored(tmp_path: Path, elo: dict[str, float], speeds: dict[str, float]) -> Path:
    path = tmp_path / "ladder.json"
    path.write_text(
        json.dumps(
            {
                "format": ladder.DATA_FORMAT,
                "anchor": "random",
                "date": "2025-01-01",
                "elo": {
                    a: {"elo": e, "ci95": [e - 50, e + 50]} for a, e in elo.items()
                },
                "games_per_s": speeds,
            }
        )
    )
    ladder.forget()
    return path


def test_strongest_agent_weighs_elo_speed_and_eligibility(tmp_path: Path) -> None:
    path = stored(
        tmp_path,
        {"random": 0.0, "greedy": 800.0, "mcts": 1100.0, "not-registered": 5000.0},
        {"random": 900.0, "greedy": 20.0, "mcts": 0.4},
    )
    assert list(ladder.ratings(path)) == ["mcts", "greedy", "random"]
    assert ladder.strongest_agent(path=path) == "mcts"
    assert ladder.strongest_agent(min_games_per_s=2, path=path) == "greedy"
    assert ladder.strongest_agent(["random", "mcts"], path=path) == "mcts"
    assert ladder.strongest_agent(["random"], min_games_per_s=2, path=path) == "random"
    fast = {"mcts": 50.0}
    assert ladder.strongest_agent(min_games_per_s=2, speeds=fast, path=path) == "mcts"


def test_strongest_agent_without_ratings(tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    assert ladder.ratings(path) == {}
    assert ladder.strongest_agent(path=path) == ladder.UNRATED_DEFAULT
    assert ladder.strongest_agent(["random"], path=path) == "random"


def test_the_committed_ladder_rates_registered_agents() -> None:
    ladder.forget()
    rated = ladder.ratings()
    assert {"random", "greedy"} <= set(rated)
    anchor = rated["greedy"]["ladder"]["anchor"]
    assert rated[anchor]["elo"] == 0
    for r in rated.values():
        assert r["ci95"][0] <= r["elo"] <= r["ci95"][1]
        assert r["games_per_s"] and r["games_per_s"] > 0
    assert ladder.cli_default_agent() in AGENTS


# -- the bench figure of the planner -------------------------------------------------
def test_bench_measures_the_planner_once_it_is_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.agents import GreedyAgent
    from engine.tools.bench import bench, timed_agents

    if "planner" not in AGENTS:
        assert [a for a, _ in timed_agents(1, 2, 3)] == ["random", "greedy"]
        monkeypatch.setitem(AGENTS, "planner", GreedyAgent)  # a stand-in
    assert timed_agents(1, 2, 3)[-1] == ("planner", 3)
    out = bench(random_games=6, greedy_games=6, warmup=0, planner_games=6)
    assert out["planner_games"] == 6 and out["planner_games_per_s"] > 0


def test_engine_simulate_names_its_default_agents(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from engine.cli.simulate import main as simulate_main

    args = ["--a", "breakers", "--b", "vanguards", "--games", "1", "--json"]
    assert simulate_main(args) == 0
    out = json.loads(capsys.readouterr().out)
    default = ladder.cli_default_agent()
    assert (out["agent_a"], out["agent_b"]) == (default, default)
    assert simulate_main([*args[:-1], "--agent-b", "random"]) == 0
    assert f"played by {default} v random" in capsys.readouterr().out


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_merge_plays_only_the_missing_pairings(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.agents import RandomAgent

    if "planner" not in AGENTS:
        monkeypatch.setitem(AGENTS, "planner", RandomAgent)  # a fast stand-in
    path = tmp_path / "ladder.json"
    base = ["--games", "1", "--factions", "breakers", "--speed-games", "6"]
    assert (
        ladder_cli.main(["--agents", "random,greedy", *base, "--write", str(path)]) == 0
    )
    capsys.readouterr()
    merge = ["--agents", "planner,random", "--merge", "--write", str(path), "--json"]
    assert ladder_cli.main([*merge, "--speed-games", "6"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(out["agents"]) == ["greedy", "planner", "random"]
    assert [sorted(p) for p in out["reused"]] == [["greedy", "random"]]
    assert len(out["pairings"]) == 2  # planner v greedy was not asked for
    played = ladder.play_pairing(
        "planner", "random", deals=1, seed=ladder.DEFAULT_SEED, factions=["breakers"]
    )
    (mine,) = [p for p in out["pairings"] if "planner" in p["agents"]]
    assert sorted(mine["wins"]) == sorted(played["wins"])
    data = json.loads(path.read_text())
    assert set(data["games_per_s"]) == {"greedy", "planner", "random"}
    assert "--merge" in data["command"]
    # a stored ladder of other deals cannot be merged with
    assert ladder_cli.main(["--merge", "--write", str(path), "--games", "2"]) == 2
    assert ladder_cli.main(["--merge", "--write", str(tmp_path / "none.json")]) == 2


def test_paired_measures_two_agents_on_the_same_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--paired NEW,OLD``: both play the same deals against ``--against``; the
    difference is taken deal by deal (an agent against itself differs by 0 with a
    zero-width interval, whatever the luck of the deals)."""
    res = ladder.paired(
        "greedy",
        "greedy",
        "random",
        deals=3,
        seed=5,
        factions=["breakers", "vanguards"],
    )
    assert res["games_each"] == 6
    assert res["new"]["score_pct"] == res["old"]["score_pct"]
    assert res["difference_points"] == 0.0 and res["difference_ci95"] == [0.0, 0.0]
    split = ladder.paired(
        "greedy",
        "random",
        "random",
        deals=3,
        seed=5,
        workers=2,
        factions=["breakers", "vanguards"],
    )
    assert split["new"]["score_pct"] == 100.0
    assert split["difference_points"] == pytest.approx(
        100.0 - split["old"]["score_pct"], abs=0.1
    )
    assert (
        ladder_cli.main(
            [
                "--paired",
                "greedy,random",
                "--against",
                "random",
                "--games",
                "2",
                "--factions",
                "breakers,vanguards",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "paired difference: +" in out and "greedy: 100.0%" in out
    assert ladder_cli.main(["--paired", "greedy", "--games", "1"]) == 2


def test_blind_spot_pairs_a_plan_with_the_planner_on_one_factions_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--blind-spot``: the plan and the base agent play the same faction deck on the
    same deals (opponent ``i mod k``, both seats); the difference is taken deal by
    deal, so an agent against itself differs by exactly 0, and the split over
    workers does not change the games."""
    same = ladder.blind_spot(
        "greedy",
        faction="cave-goblins",
        opponents=["phoenix-elves", "vanguards"],
        deals=4,
        seed=3,
        base="greedy",
        opponent="random",
    )
    assert same["games_each"] == 8
    assert same["difference_points"] == 0.0 and same["difference_ci95"] == [0.0, 0.0]
    assert same["blind_spot"] is False
    assert set(same["plan"]["by_opponent"]) == {"phoenix-elves", "vanguards"}
    assert all(v["games"] == 4 for v in same["plan"]["by_opponent"].values())
    better = ladder.blind_spot(
        "greedy",
        faction="cave-goblins",
        opponents=["phoenix-elves", "vanguards"],
        deals=4,
        seed=3,
        base="random",
        opponent="random",
        workers=2,
    )
    assert better["plan"]["score_pct"] == same["plan"]["score_pct"]  # same games
    assert better["difference_points"] == pytest.approx(
        better["plan"]["score_pct"] - better["base"]["score_pct"], abs=0.1
    )
    assert better["difference_points"] > 0
    with pytest.raises(ValueError, match="unknown faction"):
        ladder.blind_spot(
            "greedy", faction="goblins", opponents=["vanguards"], deals=1, seed=1
        )
    assert ladder_cli.main(["--blind-spot", "greedy", "--games", "1"]) == 2
    assert (
        ladder_cli.main(
            [
                "--blind-spot",
                "plan:cave-goblins",
                "--opponents",
                "vanguards",
                "--games",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "cave-goblins played by plan:cave-goblins and by planner" in out
    assert "paired difference:" in out
