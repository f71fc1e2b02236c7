"""Resumable paired-game runs (engine/optimize/runs.py): a run stored as JSON after
any round and rebuilt from the same decks ends with the same report as one that
never stopped, and a run refuses blocks it did not plan or a state of another deck."""

from __future__ import annotations

import json

import pytest

from engine.deckbuilding.resolve import faction_deck
from engine.optimize.card_values import ONE_AT_A_TIME, CardValueRun, card_values
from engine.optimize.paired import run_blocks
from engine.optimize.runs import blocks_from_json, blocks_to_json, drive


def _run(**kw):  # type: ignore[no-untyped-def]
    deck = faction_deck("vanguards")
    field = [faction_deck("tundra-orcs"), faction_deck("breakers")]
    return CardValueRun(
        deck, field, agent="random", seed=5, max_games=900, round_blocks=4, **kw
    )


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_a_resumed_card_value_run_gives_the_same_report() -> None:
    whole = drive(_run())
    run = _run()
    stops = 0
    while tasks := run.next_round():
        run.absorb(tasks, run_blocks(run.decks(), tasks))
        # the job stores the state and a new process picks it up
        stored = json.loads(json.dumps(run.state()))
        run = CardValueRun.restore(run.deck, run.field, stored)
        stops += 1
    assert stops >= 2
    assert run.report() == whole
    assert whole["games"] == run.played <= 900


def test_a_round_may_be_played_in_pieces() -> None:
    run = _run()
    tasks = run.next_round()
    assert tasks == run.next_round()  # planning does not change the run
    half = len(tasks) // 2
    blocks = run_blocks(run.decks(), tasks[:half]) + run_blocks(
        run.decks(), tasks[half:]
    )
    run.absorb(tasks, blocks)
    other = _run()
    other.absorb(tasks, run_blocks(other.decks(), tasks))
    assert run.state() == other.state()


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_card_values_is_a_driven_run() -> None:
    deck = faction_deck("vanguards")
    field = [faction_deck("tundra-orcs"), faction_deck("breakers")]
    rep = card_values(
        deck,
        field,
        design=ONE_AT_A_TIME,
        agent="random",
        seed=5,
        max_games=900,
        round_blocks=4,
    )
    assert rep == drive(_run())


def test_a_run_refuses_blocks_it_did_not_plan() -> None:
    run = _run()
    tasks = run.next_round()
    with pytest.raises(ValueError, match="not the round"):
        run.absorb(tasks[1:], run_blocks(run.decks(), tasks[1:]))


def test_a_state_of_another_deck_is_refused() -> None:
    run = _run()
    tasks = run.next_round()
    run.absorb(tasks, run_blocks(run.decks(), tasks))
    state = run.state()
    with pytest.raises(ValueError, match="another deck"):
        CardValueRun.restore(
            faction_deck("phoenix-elves"), run.field, json.loads(json.dumps(state))
        )
    with pytest.raises(ValueError, match="not a one-at-a-time card value run"):
        CardValueRun.restore(run.deck, run.field, {**state, "kind": "other"})


def test_blocks_survive_json() -> None:
    run = _run()
    tasks = run.next_round()[:3]
    blocks = run_blocks(run.decks(), tasks)
    assert blocks_from_json(json.loads(json.dumps(blocks_to_json(blocks)))) == blocks
