"""The play loop: ``play_game(state, agents)`` with agent objects, ``GameResult``,
``derive_seed``. It imports no agent and no ruleset (:mod:`engine.play` builds games
and agents by name).

Determinism: a game is a function of (decks, seed, rules, agents). The state's RNG is
seeded with the game seed; each agent gets its own RNG seeded with
``derive_seed(seed, seat + 1)`` (never the global ``random``).
"""

from __future__ import annotations

import gc
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.state import GameState
from engine.core.view import Agent, PlayerView


def derive_seed(run_seed: int, game_index: int) -> int:
    """A 63-bit seed for one game, stable across processes and machines."""
    h = hashlib.sha256(f"sw-engine:{run_seed}:{game_index}".encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


class Judge(Protocol):
    """Adjudication of decided games (:mod:`engine.agents.adjudication`): shown the
    position at every turn boundary, it may call the winner's seat. A judge that
    ``plays_out`` only records its first call and lets the game go on (the share
    of games that measures its false calls)."""

    plays_out: bool

    def observe(self, state: GameState) -> int | None: ...


@dataclass(slots=True)
class GameResult:
    winner: str | None  # "a" | "b" | None (draw)
    # "summoner_destroyed" | "turn_cap" | "stalled" | "adjudicated"
    termination: str
    turns: int
    first_player: str  # "a" | "b"
    partial: bool
    missing_abilities: tuple[str, ...]
    setup_defaults_used: tuple[bool, bool]
    seed: int
    actions: int
    card_stats: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    log: list[Action] | None = None
    swapped: bool = False  # True: deck B sat in seat 0 (the log is that game's)
    # attack dice luck of deck A and deck B (GameState.luck): a control variate
    luck: tuple[float, float] = (0.0, 0.0)
    # the seat a judge called the winner ("a" | "b") and the turn it called it, in
    # adjudicated games and in those it watched to the end
    called: str | None = None
    called_turn: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": self.winner,
            "termination": self.termination,
            "turns": self.turns,
            "first_player": self.first_player,
            "partial": self.partial,
            "missing_abilities": list(self.missing_abilities),
            "setup_defaults_used": list(self.setup_defaults_used),
            "seed": self.seed,
            "actions": self.actions,
            "card_stats": self.card_stats,
            "swapped": self.swapped,
            "luck": [round(x, 4) for x in self.luck],
        }
        if self.called is not None:
            out["called"] = self.called
            out["called_turn"] = self.called_turn
        if self.log is not None:
            out["log"] = [a.to_json() for a in self.log]
        return out


SEATS = ("a", "b")


def card_stats(st: GameState) -> dict[str, dict[str, dict[str, int]]]:
    """Per seat, per card slug: summoned, destroyed, damage dealt."""
    out: dict[str, dict[str, dict[str, int]]] = {"a": {}, "b": {}}
    if st.stats is None:
        return out
    for cid, card in enumerate(st.info.cards):
        s = st.stats[3 * cid : 3 * cid + 3]
        if not any(s):
            continue
        d = out[SEATS[st.info.owner[cid]]].setdefault(
            card.slug, {"summoned": 0, "destroyed": 0, "damage": 0}
        )
        d["summoned"] += s[0]
        d["destroyed"] += s[1]
        d["damage"] += s[2]
    return out


MAX_ACTIONS = 20_000  # safety net: a game never needs this many decisions

# The cyclic garbage collector's first-generation threshold while a game is played
# (Python's default is 700 new container objects). A searching agent copies the
# state thousands of times a decision; those copies die by reference counting (six
# planner games leave about 2,000 objects of cyclic garbage), yet every 700
# allocations the collector walked the young ones: 13% of the planner's time
# (py-spy, compiled build). Games are the same at any threshold; the setting is
# restored when the game ends.
GAME_GC_THRESHOLD = 20_000


def play_game(
    state: GameState,
    agents: Sequence[Agent],
    record: bool = True,
    judge: Judge | None = None,
) -> GameResult:
    """Play to the end with one agent per seat (agents[0] plays seat 0 = "a"),
    with the garbage collector's first generation at ``GAME_GC_THRESHOLD``. With a
    ``judge``, the game stops when the judge calls a winner at a turn boundary
    (termination ``adjudicated``), unless the judge plays its games out."""
    if not record:
        state.log = None
    n = 0
    termination = None
    called = -1
    called_turn = 0
    turn = state.turn
    views = (PlayerView(state, 0), PlayerView(state, 1))
    threshold = gc.get_threshold()
    gc.set_threshold(GAME_GC_THRESHOLD, threshold[1], threshold[2])
    try:
        while not state.terminal:
            p = state.current_player()
            actions = state.legal_actions()
            action = agents[p].choose(views[p], actions)
            state.apply_action(action)
            n += 1
            if n >= MAX_ACTIONS:  # pragma: no cover - safety net
                termination = "stalled"
                break
            if judge is not None and state.turn != turn and not state.terminal:
                turn = state.turn
                if called < 0:
                    seat = judge.observe(state)
                    if seat is not None:
                        called, called_turn = seat, turn
                        if not judge.plays_out:
                            termination = "adjudicated"
                            break
    finally:
        gc.set_threshold(*threshold)
    if termination == "adjudicated":
        winner: int | None = called
    else:
        winner, term = state.outcome()
        termination = termination or term or "unknown"
    return GameResult(
        winner=None if winner is None else SEATS[winner],
        termination=termination,
        turns=state.turn if state.termination != "turn_cap" else state.turn - 1,
        first_player=SEATS[state.first_player],
        partial=state.info.partial,
        missing_abilities=state.info.missing,
        setup_defaults_used=state.info.setup_defaults,
        seed=state.info.seed,
        actions=n,
        card_stats=card_stats(state),
        log=state.log[:] if record and state.log is not None else None,
        luck=(state.luck[0], state.luck[1]),
        called=SEATS[called] if called >= 0 else None,
        called_turn=called_turn,
    )


def swapped_result(r: GameResult) -> GameResult:
    flip = {"a": "b", "b": "a"}
    r.winner = None if r.winner is None else flip[r.winner]
    r.first_player = flip[r.first_player]
    r.card_stats = {"a": r.card_stats.get("b", {}), "b": r.card_stats.get("a", {})}
    r.setup_defaults_used = (r.setup_defaults_used[1], r.setup_defaults_used[0])
    r.swapped = True
    r.luck = (r.luck[1], r.luck[0])
    if r.called is not None:
        r.called = flip[r.called]
    return r
