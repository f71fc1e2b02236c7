"""The engine's speed shortcuts agree with the slow, obvious computation.

Random games over Master Set pairings; at every decision the caches and hints used
for speed (hook cache, ``action_phases``, memoised move searches) are checked
against a fresh computation. No timing here: benchmarks live in engine.bench."""

from __future__ import annotations

import itertools

import pytest

from engine.agents import PlayerView, make_agent
from engine.board import ADJ
from engine.decks import faction_deck
from engine.phases import MOVE
from engine.play import derive_seed
from engine.rules import move as M
from engine.rules.setup import setup_game
from engine.state import GameState

FACTIONS = (
    "polar-dwarves",
    "cave-goblins",
    "fallen-kingdom",
    "breakers",
    "savanna-elves",
    "vanguards",
)


def reference_paths(st: GameState, unit: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """The move search as first written (DFS asking ``passes_through`` lazily)."""
    start = st.pos[unit]
    dist = st.move_distance(unit)
    board = st.board
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    if dist <= 0:
        return out
    through = bool(st.info.hooks.get("passes_through")) or "lets_pass" in st.info.hooks
    seen: set[tuple[int, int, int]] = set()

    def dfs(s: int, path: tuple[int, ...], crossed: int) -> None:
        state = (s, crossed, len(path))
        if state in seen:
            return
        seen.add(state)
        for n in ADJ[s]:
            if board[n] < 0 or n == start:
                np = path + (n,)
                if (n, crossed) not in out:
                    out[(n, crossed)] = np
                if len(np) < dist:
                    dfs(n, np, crossed)
            elif through and len(path) + 1 < dist:
                if st.passes_through(unit, board[n]):
                    dfs(n, path + (n,), n if crossed < 0 else crossed)

    dfs(start, (), -1)
    return out


def check_state(st: GameState) -> None:
    zone = st.zone
    # every cached hook list equals the list computed from the zones now
    for hook, hooks in st.info.hooks.items():
        got = zone.hc.get(hook)
        if got is not None:
            assert got == [(s, a) for s, a, z in hooks if zone[s] in z], hook
        aura = zone.hc.get("aura:" + hook)
        if aura is not None:
            assert aura == any(zone[s] in z and not a.self_only for s, a, z in hooks)
    # an ability that names its action phases offers nothing in the others
    if not st.stack and "actions" in st.info.hooks:
        for s, a in st._hooked("actions"):
            if a.action_phases is not None and st.phase not in a.action_phases:
                assert a.actions(st, s) == [], a.id
    # memoised move searches equal a fresh search
    if not st.stack and st.phase == MOVE:
        for unit in st.units_of(st.turn_player):
            _key, paths, keys = M._path_table(st, unit)
            ref = reference_paths(st, unit)
            assert paths == ref
            assert list(paths) == list(ref)  # same search order
            assert keys == tuple(sorted(ref))


@pytest.mark.parametrize("pair", list(itertools.combinations(FACTIONS, 2)))
def test_fast_paths_match_slow_paths(pair: tuple[str, str]) -> None:
    a, b = (faction_deck(f) for f in pair)
    for i in range(2):
        seed = derive_seed(31, i)
        st = setup_game(a, b, seed=seed)
        agents = [
            make_agent("random", derive_seed(seed, 1)),
            make_agent("random", derive_seed(seed, 2)),
        ]
        views = (PlayerView(st, 0), PlayerView(st, 1))
        n = 0
        while not st.terminal and n < 3000:
            check_state(st)
            p = st.current_player()
            st.apply_action(agents[p].choose(views[p], st.legal_actions()))
            n += 1
