"""Same seed, same game; replays reproduce the final state; slicing invariance."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.agents import make_agent
from engine.cli.replay import print_game
from engine.core.actions import Action
from engine.core.game import GameDeck
from engine.core.replay import replay_to_json, state_digest
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import faction_deck
from engine.play import derive_seed, play_game, play_many, replay, setup_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pd_cg() -> tuple[GameDeck, GameDeck]:
    return faction_deck("polar-dwarves"), faction_deck("cave-goblins")


def played(decks, seed, agents=("random", "random")):  # type: ignore[no-untyped-def]
    st = setup_game(decks[0], decks[1], seed=seed)
    ags = [
        make_agent(agents[0], derive_seed(seed, 1)),
        make_agent(agents[1], derive_seed(seed, 2)),
    ]
    play_game(st, ags)
    return st


def test_derive_seed_is_stable() -> None:
    assert derive_seed(7, 0) == derive_seed(7, 0)
    assert derive_seed(7, 0) != derive_seed(7, 1)
    assert derive_seed(7, 0) == 4918552601588443600  # sha256-based: fixed forever


@pytest.mark.parametrize("agents", [("random", "random"), ("greedy", "random")])
def test_same_seed_same_log(pd_cg, agents) -> None:  # type: ignore[no-untyped-def]
    a = played(pd_cg, 99, agents)
    b = played(pd_cg, 99, agents)
    assert a.log == b.log and a.rolls == b.rolls
    assert state_digest(a) == state_digest(b)
    c = played(pd_cg, 100, agents)
    assert c.log != a.log


def test_replay_reproduces_final_state(pd_cg, tmp_path) -> None:  # type: ignore[no-untyped-def]
    st = played(pd_cg, 5, ("greedy", "greedy"))
    data = replay_to_json(pd_cg, 5, st.log or [], agents=("greedy", "greedy"), final=st)
    text = json.dumps(data)
    again = replay(json.loads(text))
    assert state_digest(again) == state_digest(st)
    assert [Action.from_json(a) for a in data["log"]] == st.log
    path = tmp_path / "r.json"
    path.write_text(text)
    out = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "final state matches the recording" in out.stdout
    assert "dice:" in out.stdout and "== turn 1" in out.stdout
    bad = dict(data, result=dict(data["result"], digest="0" * 64))
    with pytest.raises(ValueError, match="diverged"):
        replay(bad)
    import io

    buf = io.StringIO()
    print_game(data, out=buf)
    assert "result: winner seat" in buf.getvalue()


def test_play_many_slicing_invariance(pd_cg) -> None:  # type: ignore[no-untyped-def]
    whole = play_many(*pd_cg, seed=3, games=6, swap=True, record=True)
    parts = (
        play_many(*pd_cg, seed=3, games=6, swap=True, game_indices=[0, 1], record=True)
        + play_many(
            *pd_cg, seed=3, games=6, swap=True, game_indices=range(2, 5), record=True
        )
        + play_many(*pd_cg, seed=3, games=6, swap=True, game_indices=[5], record=True)
    )
    assert [r.to_json() for r in whole] == [r.to_json() for r in parts]
    assert [r.swapped for r in whole[:2]] == [False, True]


def test_simulate_cli_identical_across_processes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cmd = [
        sys.executable,
        "-m",
        "engine.simulate",
        "--a",
        "polar-dwarves",
        "--b",
        "cave-goblins",
        "--games",
        "4",
        "--seed",
        "7",
        "--agent-a",
        "random",
        "--agent-b",
        "random",
        "--swap",
        "--json",
        "--save-replay",
        str(tmp_path),
    ]
    outs = [
        subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
        for _ in range(2)
    ]
    for o in outs:
        assert o.returncode == 0, o.stderr
    a, b = (json.loads(o.stdout) for o in outs)
    assert a == b
    for key in (
        "games",
        "wins_a",
        "wins_b",
        "draws",
        "win_rate_a",
        "ci95",
        "avg_turns",
        "seed",
        "first_player_win_rate",
        "partial",
        "setup_defaults_used",
    ):
        assert key in a
    assert a["games"] == 8 and a["wins_a"] + a["wins_b"] + a["draws"] == 8
    from engine.rulesets.second import SECOND

    is_fully_implemented = SECOND.load_abilities().is_fully_implemented

    decks = [faction_deck("polar-dwarves"), faction_deck("cave-goblins")]
    complete = all(
        is_fully_implemented(c)
        for d in decks
        for c in (d.summoner, *d.draw_cards, *(u for u, _ in d.starting_units))
    )
    assert a["partial"] is (not complete)  # never silently played as vanilla
    data = json.loads(Path(a["replay_file"]).read_text())
    st = replay(data)
    assert st.is_terminal()


def test_every_faction_pair_replays_identically() -> None:
    """Catches hidden nondeterminism (set order, global random) in any ability."""
    import itertools

    from engine.deckbuilding.resolve import playable_factions

    facs = playable_factions()
    decks = {f: faction_deck(f) for f in facs}
    for i, (a, b) in enumerate(itertools.product(facs, repeat=2)):
        pair = (decks[a], decks[b])
        agents = ("greedy", "random") if i % 2 else ("random", "random")
        one = played(pair, 1000 + i, agents)
        two = played(pair, 1000 + i, agents)
        assert one.log == two.log, (a, b)
        data = replay_to_json(pair, 1000 + i, one.log or [], final=one)
        assert state_digest(replay(data)) == state_digest(one), (a, b)


@pytest.mark.parametrize(
    "a,b",
    [
        ("polar-dwarves", "cave-goblins"),
        ("breakers", "savanna-elves"),
        ("vanguards", "fallen-kingdom"),
    ],
)
def test_simulate_same_result_under_different_hash_seeds(a: str, b: str) -> None:
    import os

    cmd = [
        sys.executable,
        "-m",
        "engine.simulate",
        "--a",
        a,
        "--b",
        b,
        "--games",
        "3",
        "--seed",
        "5",
        "--agent-a",
        "greedy",
        "--agent-b",
        "random",
        "--json",
    ]
    outs = []
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        o = subprocess.run(
            cmd, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
        )
        assert o.returncode == 0, o.stderr
        outs.append(json.loads(o.stdout))
    assert outs[0] == outs[1]


def test_replay_reads_as_a_player_would(tmp_path: Path) -> None:
    """``python -m engine.replay``: each action is printed with the player who takes
    it (the one who ends a turn's draw phase, not the next turn's player), dice as
    their symbols, choices with their question, and the result in words."""
    import io
    import re

    from engine.agents.greedy import GreedyAgent

    decks = faction_deck("breakers"), faction_deck("savanna-elves")
    st = setup_game(decks[0], decks[1], seed=3)
    play_game(st, [GreedyAgent(1), GreedyAgent(2)])
    assert st.log is not None
    data = replay_to_json(decks, 3, st.log, final=st)
    buf = io.StringIO()
    print_game(data, out=buf)
    lines = buf.getvalue().splitlines()
    seat = None
    previous = None
    for line in lines:
        header = re.match(r"== turn \d+: seat (\d)", line)
        if header:
            if seat is not None and previous is not None:
                assert previous.startswith(f"p{seat} end draw phase"), previous
            seat = int(header[1])
        elif re.match(r"p[01] ", line):
            previous = line
    dice_lines = [x for x in lines if "dice: [" in x]
    assert dice_lines and all(re.search(r"\[[⚔➶✦-]+\]", x) for x in dice_lines)
    assert any(re.match(r"p[01]   [^:]+: ", x) for x in lines)  # a question answered
    winner = data["result"]["winner"]
    assert f"(seat {winner}) wins: a summoner was destroyed" in buf.getvalue()


def test_play_game_collects_garbage_less_often_and_plays_the_same_game(
    pd_cg: tuple[GameDeck, GameDeck],
) -> None:
    """While a game is played the collector's first generation waits for
    ``GAME_GC_THRESHOLD`` new objects (search copies die by reference counting);
    the setting is restored after, and the game is the one a loop at Python's
    default threshold plays."""
    import gc

    from engine.core import play as core_play

    seen: list[int] = []

    class Watch:
        def __init__(self, name: str, seed: int) -> None:
            self.inner = make_agent(name, seed)
            self.name = self.inner.name

        def choose(self, view, actions):  # type: ignore[no-untyped-def]
            seen.append(gc.get_threshold()[0])
            return self.inner.choose(view, actions)

    before = gc.get_threshold()
    st = setup_game(pd_cg[0], pd_cg[1], seed=21)
    play_game(st, [Watch("planner", 1), Watch("greedy", 2)])
    assert gc.get_threshold() == before
    assert set(seen) == {core_play.GAME_GC_THRESHOLD} != {before[0]}

    loop = setup_game(pd_cg[0], pd_cg[1], seed=21)
    agents = [make_agent("planner", 1), make_agent("greedy", 2)]
    while not loop.terminal:  # what play_game does, at the default threshold
        p = loop.current_player()
        loop.apply_action(agents[p].choose(PlayerView(loop, p), loop.legal_actions()))
    assert loop.log == st.log
