"""Replays: regenerate one game of a job from (frozen decks, seed, agents, game number)
and cut it into per-turn board frames for the replay page. Nothing is stored.

Game number ``n`` is the n-th result of the job: without ``swap`` it is game index
``n``; with ``swap`` index ``n // 2``, seats exchanged when ``n`` is odd (the order of
``engine.play.play_many``). The game is played again through ``engine.play.play_one``
with its action log, then the log is applied to a fresh ``setup_game`` state: the
engine guarantees that the log replays to the same final state. Action lines come
from ``engine.replay.describe`` (the text of ``python -m engine.replay``).
"""

from __future__ import annotations

from typing import Any

from engine.core import board as B
from engine.core import dice
from engine.core.replay import describe
from engine.play import SEATS, derive_seed, play_one, setup_game
from simulate import adapters
from simulate.models import SimulationJob

#: Actions listed per frame at most (the page stays small for long turns).
MAX_ACTIONS_PER_FRAME = 200


def _snapshot(
    state: Any, seat_to_side: tuple[str, str], cards: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Units on the board as ``[space, card slug, side, damage]`` (spaces in player
    0's coordinates, see ``engine.core.board``), the per-side counters; ``cards``
    collects
    the names and life of the cards seen."""
    units: list[list[Any]] = []
    for space in range(B.SPACES):
        cid = state.board[space]
        if cid == B.EMPTY:
            continue
        card = state.info.cards[cid]
        cards.setdefault(
            card.slug,
            {
                "name": card.name,
                "life": card.life,
                "summoner": card.is_summoner,
                "structure": card.is_structure,
            },
        )
        units.append(
            [space, card.slug, seat_to_side[state.ctrl[cid]], state.damage[cid]]
        )
    return {
        "turn": state.turn,
        "player": seat_to_side[state.turn_player],
        "magic": {seat_to_side[p]: state.magic[p] for p in (0, 1)},
        "hand": {seat_to_side[p]: len(state.hand[p]) for p in (0, 1)},
        "deck": {seat_to_side[p]: len(state.deck[p]) for p in (0, 1)},
        "units": units,
        "actions": [],
    }


def replay_game(*, job: SimulationJob, game: int) -> dict[str, Any]:
    """Frames of game number ``game`` of ``job`` (see the module docstring)."""
    index, swapped = divmod(game, job.results_per_index)
    deck_a = adapters.game_deck(job.deck_a)
    deck_b = adapters.game_deck(job.deck_b)
    seats = (deck_b, deck_a) if swapped else (deck_a, deck_b)
    agents = (job.agent_b, job.agent_a) if swapped else (job.agent_a, job.agent_b)
    seat_to_side = ("b", "a") if swapped else ("a", "b")
    seed = derive_seed(job.seed, index)
    rules = adapters.rules(job.ruleset)
    result = play_one(
        seats[0],
        seats[1],
        seed=seed,
        agent_a=agents[0],
        agent_b=agents[1],
        rules=rules,
        record=True,
    )
    state = setup_game(seats[0], seats[1], seed=seed, rules=rules)
    cards: dict[str, dict[str, Any]] = {}
    frames = [_snapshot(state, seat_to_side, cards)]
    frames[0]["label"] = "Setup"
    for action in result.log or []:
        before = (state.turn, state.turn_player)
        text = (
            f"{seat_to_side[state.current_player()].upper()}: {describe(state, action)}"
        )
        rolled = len(state.rolls or [])
        state.apply_action(action)
        rolls = (state.rolls or [])[rolled:]
        if rolls:
            text += "  dice: " + ", ".join(
                " ".join(dice.face_text(f) for f in r) for r in rolls
            )
        current = frames[-1]
        if len(current["actions"]) < MAX_ACTIONS_PER_FRAME:
            current["actions"].append(text)
        if (state.turn, state.turn_player) != before or state.terminal:
            frame = _snapshot(state, seat_to_side, cards)
            frame["label"] = (
                "Final position" if state.terminal else f"Start of turn {state.turn}"
            )
            frames.append(frame)
    winner = result.winner
    if swapped and winner is not None:
        winner = {"a": "b", "b": "a"}[winner]
    first = SEATS[state.first_player]
    return {
        "index": index,
        "swapped": bool(swapped),
        "seed": seed,
        "winner": winner,
        "termination": result.termination,
        "turns": result.turns,
        "first_player": seat_to_side[SEATS.index(first)],
        "names": {"a": job.deck_a["name"], "b": job.deck_b["name"]},
        "rows": B.ROWS,
        "cols": B.COLS,
        "cards": cards,
        "frames": frames,
    }
