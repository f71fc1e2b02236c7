"""Adjudication (engine/agents/adjudication.py and the judge hook of
engine/core/play.py): a judge stops a game at a turn boundary with the winner it
calls, a judge that plays out leaves the game exactly as it was and records its
call, the share of played-out games is fixed by the seed, false calls are counted,
and the calibration chooses on half of the games and reports on the other half."""

from __future__ import annotations

import json

import pytest

from engine.agents.adjudication import Adjudication, call_stats
from engine.core.play import derive_seed, play_game, swapped_result
from engine.deckbuilding.resolve import faction_deck
from engine.play import play_many, play_one, setup_game
from engine.tools.adjudication import (
    Trace,
    calibrate,
    first_call,
    replay_settings,
    trace_game,
)


class _Caller:
    """Calls seat ``seat`` at the ``after``-th turn boundary it sees."""

    def __init__(self, seat: int, after: int, plays_out: bool = False) -> None:
        self.seat, self.after, self.plays_out = seat, after, plays_out
        self.seen: list[int] = []

    def observe(self, state):  # type: ignore[no-untyped-def]
        self.seen.append(state.turn)
        return self.seat if len(self.seen) >= self.after else None


def _game(judge=None):  # type: ignore[no-untyped-def]
    from engine.agents import make_agent

    seed = derive_seed(4, 0)
    st = setup_game(faction_deck("vanguards"), faction_deck("cave-goblins"), seed=seed)
    agents = [make_agent("random", derive_seed(seed, 1)), make_agent("random", 9)]
    return play_game(st, agents, record=True, judge=judge)


def test_a_judge_stops_the_game_at_a_turn_boundary_with_its_call() -> None:
    judge = _Caller(seat=1, after=3)
    r = _game(judge)
    assert r.termination == "adjudicated" and r.winner == "b"
    assert (r.called, r.called_turn) == ("b", judge.seen[-1])
    assert judge.seen == sorted(set(judge.seen)) and len(judge.seen) == 3
    assert r.turns == judge.seen[-1] and r.to_json()["called"] == "b"


def test_a_judge_that_plays_out_leaves_the_game_as_it_was() -> None:
    plain = _game()
    judged = _game(_Caller(seat=0, after=2, plays_out=True))
    assert judged.log == plain.log  # the same game, action by action
    assert (judged.winner, judged.turns, judged.termination) == (
        plain.winner,
        plain.turns,
        plain.termination,
    )
    assert judged.called == "a" and plain.called is None
    assert "called" not in plain.to_json()
    assert swapped_result(judged).called == "b"


def test_the_played_out_share_is_fixed_by_the_seed() -> None:
    adj = Adjudication(check_share=0.25)
    picks = [adj.plays_out(derive_seed(1, i)) for i in range(4000)]
    assert picks == [adj.plays_out(derive_seed(1, i)) for i in range(4000)]
    assert 0.22 < sum(picks) / len(picks) < 0.28
    assert not any(Adjudication(check_share=0.0).plays_out(s) for s in range(50))
    with pytest.raises(ValueError):
        Adjudication(threshold=0.4)
    with pytest.raises(ValueError):
        Adjudication(turns=0)


def test_false_calls_are_counted_on_played_out_games() -> None:
    base = _game()
    right = _game(_Caller(seat=0 if base.winner == "a" else 1, after=2, plays_out=True))
    wrong = _game(_Caller(seat=1 if base.winner == "a" else 0, after=2, plays_out=True))
    stopped = _game(_Caller(seat=0, after=1))
    s = call_stats([right, wrong, stopped, base])
    assert s["games"] == 4 and s["adjudicated"] == 1
    assert s["checked_calls"] == 2 and s["false_calls"] == 1
    assert s["false_call_rate"] == 0.5 and s["mean_turns_saved"] > 0


def test_the_streak_rule_and_the_offline_replay_agree() -> None:
    t = Trace(
        chances=[0.5, 0.97, 0.5, 0.98, 0.99, 0.02],
        at=[2, 3, 4, 5, 6, 7],
        winner=0,
        turns=9,
    )
    assert first_call(t, Adjudication(threshold=0.96, turns=2)) == (0, 6)
    assert first_call(t, Adjudication(threshold=0.96, turns=1)) == (0, 3)
    assert first_call(t, Adjudication(threshold=0.995, turns=1)) is None
    low = Trace(chances=[0.03, 0.01, 0.01], at=[2, 3, 4], winner=0, turns=6)
    got = replay_settings([t, low], Adjudication(threshold=0.96, turns=2))
    assert got["calls"] == 2 and got["false_calls"] == 1  # low's call was wrong
    assert got["turns_saved_share"] == pytest.approx((3 + 3) / 15)


def test_calibration_chooses_on_half_and_reports_on_the_other() -> None:
    sure = Trace(chances=[0.6, 0.99, 0.99, 0.99], at=[2, 3, 4, 5], winner=0, turns=12)
    fooled = Trace(chances=[0.6, 0.9, 0.9, 0.4], at=[2, 3, 4, 5], winner=1, turns=8)
    traces = [sure] * 80 + [fooled] * 4
    rep = calibrate(traces, max_rate=0.01)
    best = rep["chosen"]
    # thresholds up to 0.9 also call the fooled games: only higher ones qualify
    assert best["threshold"] > 0.9 and best["false_calls"] == 0
    assert rep["held_out"]["games"] == len(traces[1::2])


def test_a_judged_run_matches_the_plain_run_on_games_it_plays_out() -> None:
    a, b = faction_deck("vanguards"), faction_deck("tundra-orcs")
    every = Adjudication(threshold=0.9, turns=1, check_share=1.0)
    plain = play_many(a, b, seed=3, games=4, agent_a="greedy", agent_b="greedy")
    judged = play_many(
        a, b, seed=3, games=4, agent_a="greedy", agent_b="greedy", adjudicate=every
    )
    assert [(r.winner, r.turns) for r in judged] == [(r.winner, r.turns) for r in plain]
    one = play_one(a, b, seed=derive_seed(3, 0), agent_a="greedy", agent_b="greedy")
    assert (one.winner, one.turns) == (plain[0].winner, plain[0].turns)


def test_a_trace_records_every_turn_boundary() -> None:
    t = trace_game(
        faction_deck("vanguards"), faction_deck("breakers"), seed=5, agent="random"
    )
    assert len(t.chances) == len(t.at) >= 2 and t.at == sorted(t.at)
    assert all(0.0 <= p <= 1.0 for p in t.chances)


def test_the_calibration_command(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.adjudication import main

    assert main(["--games", "6", "--agent", "random", "--seed", "2", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["agent"] == "random" and len(rep["grid"]) == 36
    assert all(g["games"] == 3 for g in rep["grid"])
