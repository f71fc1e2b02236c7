"""Texel tuning (engine/agents/texel.py): the slopes reproduce the evaluation, the fit
lowers the loss, the same seed gives the same weights, and the CLI runs end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.agents import texel, tuning
from engine.agents.planner_eval import PlannerEval
from engine.agents.weights import (
    Weights,
    load_weights,
    read_weights,
    weights_history,
)
from engine.cli.tune import main

# weights that enter the evaluation linearly and multiply no other weight
LINEAR = {
    "summoner_life": 0.7,
    "summoner_danger": -0.4,
    "gate_room": 0.25,
    "magic": 0.3,
    "magic_extra": -0.2,
    "deck_card": 0.15,
    "hand_card": 0.5,
    "threat_by": 0.4,
    "threat_on": -0.6,
    "lethal_on": 1.5,
    "exposed": 0.3,
    "advance": 0.1,
    "hand_event": 0.2,
}


@pytest.fixture(scope="module")
def games() -> list[texel.Game]:
    # greedy games: fast, and their positions are as good for these checks
    pairs = (("greedy", "greedy"),)
    return texel.play_games(6, 3, load_weights(), pairings=pairs)


def test_positions_are_turn_starts_with_results(games: list[texel.Game]) -> None:
    assert all(g.states for g in games)
    for g in games:
        assert sum(g.result) == pytest.approx(1.0)
        turns = [st.turn for st in g.states]
        assert turns == sorted(set(turns)) and turns[0] > texel.SKIP_TURNS
        assert not any(st.terminal for st in g.states)


def test_features_reproduce_the_evaluation(games: list[texel.Game]) -> None:
    w0 = load_weights()
    d = texel.features(games, w0)
    w1 = Weights({**w0.as_dict(), **{k: getattr(w0, k) + v for k, v in LINEAR.items()}})
    ev = PlannerEval(w1)
    exact = [ev.evaluate(st, me) for g in games for st in g.states for me in (0, 1)]
    dw = [LINEAR.get(p, 0.0) for p in texel.PARAMS]
    approx = texel._values(d, dw)
    assert len(approx) == len(exact) == len(d.y)
    for a, b in zip(approx, exact, strict=True):
        assert a == pytest.approx(b, abs=1e-6)


def test_fit_lowers_the_training_loss(games: list[texel.Game]) -> None:
    w0 = load_weights()
    d = texel.features(games, w0)
    k = texel.fit_k(d.base, d.y)
    assert texel.log_loss(d.base, d.y, k) <= texel.log_loss(d.base, d.y, 2 * k)
    at = [getattr(w0, p) for p in texel.PARAMS]
    w = texel.fit_weights(d, k, at, at, pull=1e-3)
    fitted = texel._values(d, [a - b for a, b in zip(w, at, strict=True)])
    assert texel.log_loss(fitted, d.y, k) < texel.log_loss(d.base, d.y, k)
    for p, v in zip(texel.PARAMS, w, strict=True):
        assert v >= 0.0 and (p not in texel.SHARES or v <= 1.0)


def test_solve() -> None:
    x = texel._solve([[4.0, 1.0], [1.0, 3.0]], [1.0, 2.0])
    assert x == pytest.approx([1 / 11, 7 / 11])


def test_same_seed_same_weights() -> None:
    w0 = load_weights()
    pairs = (("greedy", "greedy"),)
    runs = [
        texel.texel(w0, texel.play_games(5, 7, w0, pairings=pairs), rounds=2)
        for _ in range(2)
    ]
    assert runs[0].weights == runs[1].weights
    assert runs[0].k == runs[1].k
    assert runs[0].held_samples > 0


def test_cli_end_to_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # planner games are the default; keep the budget tiny (fewer, cheaper pairings)
    monkeypatch.setattr(texel, "PAIRINGS", (("planner", "greedy"),))
    out = tmp_path / "w.json"
    shipped = Path(texel.__file__).parent / "planner_weights.json"
    before = shipped.read_text()
    argv = ["--method", "texel", "--games", "3", "--seed", "2", "--check", "0"]
    assert main([*argv, "--out", str(out), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["tuning_games"] == 3 and doc["samples"] > 0
    assert doc["command"].startswith("python -m engine.tune --method texel")
    assert read_weights(out).as_dict() == pytest.approx(doc["weights"], abs=1e-4)
    assert shipped.read_text() == before  # --out never touches the shipped file
    # the hand-made changes of the weights it started from go with the new ones
    history = json.loads(before)["meta"]["changes"]
    assert history and json.loads(out.read_text())["meta"]["changes"] == history


def test_write_keeps_the_shipped_weights_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # --write replaces the shipped file (here a copy): the history of hand-set
    # changes it recorded must survive the tuning run
    monkeypatch.setattr(texel, "PAIRINGS", (("greedy", "greedy"),))
    shipped = Path(texel.__file__).parent / "planner_weights.json"
    target = tmp_path / "planner_weights.json"
    target.write_text(shipped.read_text())
    monkeypatch.setattr(tuning, "WEIGHTS_FILE", target)
    argv = ["--method", "texel", "--games", "3", "--seed", "2", "--check", "0"]
    assert main([*argv, "--write", "--json"]) == 0
    capsys.readouterr()
    meta = json.loads(target.read_text())["meta"]
    assert meta["command"].startswith("python -m engine.tune --method texel --games 3")
    assert meta["changes"] == weights_history(shipped) != []
