"""Calibration of adjudication (:mod:`engine.agents.adjudication`) on played-out
games: every game is played to its end while a recording judge writes down seat
0's chance at each turn boundary (a :class:`Trace`); any setting's calls, false
calls and turns saved are then read off the traces without playing again
(:func:`replay_settings`), and :func:`calibrate` chooses a setting on half of the
games and reports it on the other half. The command is
``python -m engine.adjudication``.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from engine.agents.adjudication import Adjudication, Judge, Streak
from engine.core.state import GameState
from engine.core.types import Rules
from engine.tools.stats import wilson


@dataclass
class Trace:
    """One game played out under a recording judge: seat 0's chance at each turn
    boundary (``chances``, at turns ``at``) and how the game ended."""

    chances: list[float]
    at: list[int]
    winner: int | None
    turns: int


class _Recorder(Judge):
    """A judge that never calls: it writes down every chance it sees."""

    def __init__(self) -> None:
        super().__init__(Adjudication(check_share=1.0), plays_out=True)
        self.chances: list[float] = []
        self.at: list[int] = []

    def observe(self, state: GameState) -> int | None:
        self.chances.append(self.chance(state))
        self.at.append(state.turn)
        return None


def trace_game(
    deck_a: Any, deck_b: Any, *, seed: int, agent: str, rules: Rules | None = None
) -> Trace:
    """Play one game to its end, recording the judge's view of every turn."""
    from engine.agents import make_agent
    from engine.core.play import derive_seed, play_game
    from engine.play import setup_game

    st = setup_game(deck_a, deck_b, seed=seed, rules=rules)
    agents = [
        make_agent(agent, derive_seed(seed, 1)),
        make_agent(agent, derive_seed(seed, 2)),
    ]
    rec = _Recorder()
    r = play_game(st, agents, record=False, judge=rec)
    winner = None if r.winner is None else (0 if r.winner == "a" else 1)
    return Trace(rec.chances, rec.at, winner, r.turns)


def first_call(trace: Trace, settings: Adjudication) -> tuple[int, int] | None:
    """(seat, turn) of the call the judge of ``settings`` would have made in the
    traced game, or None: the judge's own rule (:class:`Streak`)."""
    streak = Streak(settings)
    for p, turn in zip(trace.chances, trace.at, strict=True):
        seat = streak.see(p)
        if seat is not None:
            return seat, turn
    return None


def replay_settings(traces: Sequence[Trace], settings: Adjudication) -> dict[str, Any]:
    """What ``settings`` would have done over ``traces`` (every game played out):
    calls, false calls with their rate and its Wilson 95% interval, and the share
    of all turns the calls would have saved."""
    calls = false = saved = 0
    total = sum(t.turns for t in traces)
    for t in traces:
        got = first_call(t, settings)
        if got is None:
            continue
        seat, turn = got
        calls += 1
        false += t.winner != seat
        saved += max(0, t.turns - turn)
    lo, hi = wilson(false, calls)
    return {
        **settings.as_json(),
        "games": len(traces),
        "calls": calls,
        "false_calls": false,
        "false_call_rate": false / calls if calls else None,
        "false_call_ci": [lo, hi],
        "turns_saved_share": saved / total if total else 0.0,
    }


#: the settings the calibration tries
GRID_THRESHOLDS = (0.8, 0.85, 0.9, 0.92, 0.94, 0.96, 0.98, 0.99, 0.995)
GRID_TURNS = (1, 2, 3, 4)


def calibrate(traces: Sequence[Trace], *, max_rate: float = 0.01) -> dict[str, Any]:
    """Choose settings on the even-numbered traces (the most turns saved among
    those whose false-call rate is at most ``max_rate`` with at least 30 calls) and
    report them on the odd-numbered ones, which the choice never saw."""
    fit, check = traces[0::2], traces[1::2]
    grid = [
        replay_settings(fit, Adjudication(threshold=t, turns=n, check_share=0.0))
        for t in GRID_THRESHOLDS
        for n in GRID_TURNS
    ]
    ok = [
        g
        for g in grid
        if g["calls"] >= 30 and (g["false_call_rate"] or 0.0) <= max_rate
    ]
    best = max(ok, key=lambda g: g["turns_saved_share"]) if ok else None
    held = (
        replay_settings(
            check,
            Adjudication(threshold=best["threshold"], turns=best["turns"]),
        )
        if best
        else None
    )
    return {"max_rate": max_rate, "grid": grid, "chosen": best, "held_out": held}


_JOB: dict[str, Any] = {}


def _deal(i: int) -> Trace:
    from engine.agents.ladder import deal_factions
    from engine.core.play import derive_seed
    from engine.deckbuilding.resolve import faction_deck

    a, b = deal_factions(i, _JOB["factions"])
    rules: Rules | None = _JOB["rules"]
    ruleset = rules.ruleset if rules is not None else None
    return trace_game(
        faction_deck(a, ruleset=ruleset),
        faction_deck(b, ruleset=ruleset),
        seed=derive_seed(_JOB["seed"], i),
        agent=_JOB["agent"],
        rules=rules,
    )


def traces(
    games: int,
    *,
    seed: int,
    agent: str,
    ruleset: str | None = None,
    jobs: int = 1,
) -> list[Trace]:
    """``games`` traced games of ``agent`` against itself: deal ``i`` pits the
    faction decks of :func:`engine.agents.ladder.deal_factions` against each other
    on seed ``derive_seed(seed, i)``; in this process or ``jobs`` forked ones (the
    same traces either way)."""
    from engine.deckbuilding.resolve import default_catalog

    cat = default_catalog(ruleset)
    _JOB.update(
        factions=[f.slug for f in cat.factions.values() if f.deck is not None],
        rules=Rules(ruleset=ruleset) if ruleset else None,
        seed=seed,
        agent=agent,
    )
    if jobs <= 1:
        return [_deal(i) for i in range(games)]
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, mp_context=ctx) as ex:
        return list(ex.map(_deal, range(games), chunksize=4))
