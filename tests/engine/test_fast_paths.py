"""The engine's speed shortcuts agree with the slow, obvious computation.

Random games over Master Set pairings; at every decision the caches and hints used
for speed (hook cache, ``action_phases``, memoised move searches) are checked
against a fresh computation. No timing here: benchmarks live in engine.bench."""

from __future__ import annotations

import itertools

import pytest

from engine.agents import make_agent
from engine.core.actions import Attack, Move
from engine.core.board import ADJ, RAYS
from engine.core.effects import Borrowing
from engine.core.mechanics import attack as A
from engine.core.mechanics import movement as M
from engine.core.phases import ATTACK, MOVE
from engine.core.state import GameState
from engine.core.view import PlayerView
from engine.deckbuilding.resolve import faction_deck
from engine.play import derive_seed, setup_game

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


def reference_moves(st: GameState) -> list[Move]:
    """R5 moves as first written: units by space order, the reference search's
    (to, via) keys ascending."""
    if len(st.moved) >= st.info.ruleset.max_movers:
        return []
    out: list[Move] = []
    for unit in st.units_of(st.turn_player):
        if unit in st.moved or not st.can_move(unit):
            continue
        out += [Move(unit, to, via) for to, via in sorted(reference_paths(st, unit))]
    return out


def reference_attacks(st: GameState) -> list[Attack]:
    """R7 attacks as first written: units by space order, targets in direction
    order, nearest first, asking ``transparent_to`` of every blocker."""
    attacked = st.attacked
    extra = "extra_attack" in st.info.hooks
    limit = st.info.ruleset.max_attackers
    full = len(attacked) >= limit
    if full and extra:
        full = len(attacked) - st.flags.get(A.EXTRA_KEY, 0) >= limit
    elif full:
        return []
    out: list[Attack] = []
    for unit in st.units_of(st.turn_player):
        if unit in attacked or (full and not A.is_extra_attack(st, unit)):
            continue
        pos = st.pos[unit]
        ts: list[int] = []
        if not st.info.is_ranged[unit]:
            ts = [st.board[s] for s in ADJ[pos] if st.board[s] >= 0]
        else:
            reach = st.attack_range(unit)
            for ray in RAYS[pos]:
                for s in ray[:reach]:
                    c = st.board[s]
                    if c >= 0:
                        ts.append(c)
                        if not st.transparent_to(c, unit):
                            break
        out += [Attack(unit, t) for t in ts if not st.attack_forbidden(unit, t)]
    return out


def reference_stats(st: GameState, cid: int) -> tuple[int, int]:
    """(strength, life) as first written: the printed values through every working
    modifier, self-only ones of other cards included."""
    strength = st.info.cards[cid].strength or 0
    for s, a in st.hooked("mod_strength"):
        strength = a.mod_strength(st, s, cid, strength)
    life = st.info.cards[cid].life or 1
    for s, a in st.hooked("mod_life"):
        life = a.mod_life(st, s, cid, life)
    return max(strength, 0), life


def check_state(st: GameState) -> None:
    zone = st.zone
    # strength and life (per-card tables, self-only modifiers of other cards
    # skipped) equal the full fold over every modifier
    for c in st.cards_of(0) + st.cards_of(1):
        assert (st.strength(c), st.life(c)) == reference_stats(st, c), c
    # every cached hook list equals the list computed from the zones now
    for hook, hooks in st.info.hooks.items():
        got = zone.hc.get(hook)
        if got is not None:
            assert got == [(s, a) for s, a, z in hooks if zone[s] in z], hook
        aura = zone.hc.get("aura:" + hook)
        if aura is not None:
            assert aura == any(zone[s] in z and not a.self_only for s, a, z in hooks)
    # a hook a Borrowing ability is not registered for in this game (nothing the
    # game's cards could lend implements it) would forward nothing now either
    for cid, found in enumerate(st.info.abilities):
        for ab in found:
            if isinstance(ab, Borrowing):
                kept = {
                    x
                    for x, lst in st.info.hooks.items()
                    for c, _a, _z in lst
                    if c == cid and _a is ab
                }
                # (hooks it never forwards are answered by its card's own rules)
                for h in set(ab.overrides()) - kept - set(ab.not_forwarded):
                    for x in ab.CONSULTS.get(h, (h,)):
                        assert ab._pairs(st, cid, x) == [], (ab.id, h)
    # an ability that names its action phases offers nothing in the others
    if not st.stack and "actions" in st.info.hooks:
        for s, a in st.hooked("actions"):
            if a.action_phases is not None and st.phase not in a.action_phases:
                assert a.actions(st, s) == [], a.id
    if not st.stack and st.phase == ATTACK:
        assert A.legal_attacks(st) == reference_attacks(st)
    # the bit-mask ranged targets equal the ray walk (when no card lets attacks by)
    if not st.stack and st.phase == ATTACK and A._see_through(st) is None:
        for unit in st.units_of(st.turn_player):
            reach = st.attack_range(unit)
            if st.info.is_ranged[unit] and reach >= 0:
                pos = st.pos[unit]
                want = A._ranged_targets(st, unit, pos, None)
                assert A._first_targets(st, unit, pos, reach) == want
    # memoised move searches equal a fresh search
    if not st.stack and st.phase == MOVE:
        assert M.legal_moves(st) == reference_moves(st)
        for unit in st.units_of(st.turn_player):
            _key, paths, keys = M._path_table(st, unit)
            ref = reference_paths(st, unit)
            assert paths == ref
            assert list(paths) == list(ref)  # same search order
            assert keys == tuple(sorted(ref))
            key = M._path_key(st, unit)
            if key is not None:  # the path-free sweep the legal list uses
                assert M._search_keys(key[2], key[0], key[1], key[3]) == sorted(ref)


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
            action = agents[p].choose(views[p], st.legal_actions())
            if n % 3 == 0:
                # a clone shares the hook cache until its zones change: whatever
                # it does, both caches stay true to their own zones
                other = st.clone(record=False)
                legal = other.legal_actions()
                other.apply_action(legal[(n // 3) % len(legal)])
                check_state(other)
                check_state(st)
            st.apply_action(action)
            n += 1


def test_search_keys_match_the_path_search() -> None:
    """``_search_keys`` (bit-mask sweep) lists exactly the keys of ``_search``
    (DFS), ascending, on random boards, distances and passable cards."""
    import random

    rng = random.Random(7)
    for _ in range(3000):
        start = rng.randrange(48)
        occ = 0
        for s in range(48):
            if s != start and rng.random() < rng.choice((0.2, 0.4, 0.6)):
                occ |= 1 << s
        pmask = 0
        for s in range(48):
            if occ >> s & 1 and rng.random() < 0.4:
                pmask |= 1 << s
        occ |= 1 << start
        dist = rng.choice((1, 2, 3, 3, 4, 5, 7))
        paths = M._search(occ, start, dist, pmask)
        assert M._search_keys(occ, start, dist, pmask) == sorted(paths)
        if not pmask:
            assert M._bits(M.walk_reach(occ, start, dist)) == tuple(
                sorted(n for n, _via in paths)
            )
        for (to, via), path in paths.items():
            assert M._find_path(occ, start, dist, pmask, to, via) == path
        assert M._find_path(occ, start, dist, pmask, 48, -1) is None
