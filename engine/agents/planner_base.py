"""The planner's **base policy** and the heuristics its candidates come from.

The base policy is cheap (no look-ahead): summon the most valuable unit it can pay
for, at the space closest to the fight; move units towards enemy cards (ranged units
into a firing line, the summoner kept back until it is alone or the game drags on);
attack the enemy card with the best expected gain (chance to destroy x value, the
enemy summoner first); build gates; never attack its own cards; play no event
(events are the planner's candidates). A choice inside an effect is answered by the
option whose immediate result the planner's evaluation scores best
(``QUICK_OPTIONS``), among a spread of at most ``OPTIONS`` of them.

:class:`BasePolicy` holds it; :class:`~engine.agents.planner.PlannerAgent` builds its
search on it (its own choice is one of the planner's candidates, and its scores rank
the alternatives the planner compares).
"""

from __future__ import annotations

import math

from engine.agents.greedy_position import (
    NearMap,
    adjacent_enemies,
    shelter,
    strike_value,
)
from engine.agents.planner_eval import PlannerEval
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    EndPhase,
    IllegalActionError,
    Move,
    Summon,
)
from engine.core.board import DIST, bits_of, own_row
from engine.core.hooks import Decision
from engine.core.phases import ATTACK, BUILD, EVENTS, MOVE, SUMMON
from engine.core.state import GameState

# from this turn on the summoner advances like any unit (avoids turn-cap draws)
BOLD_TURN = 30


def _tail(k: int, p: float, need: int) -> float:
    """P(at least ``need`` successes in ``k`` trials of chance ``p``)."""
    if need <= 0:
        return 1.0
    if need > k:
        return 0.0
    return sum(math.comb(k, i) * p**i * (1 - p) ** (k - i) for i in range(need, k + 1))


_TAIL: dict[tuple[int, float, int], float] = {}


def kill_chance(k: int, p: float, need: int) -> float:
    key = (k, p, need)
    v = _TAIL.get(key)
    if v is None:
        v = _TAIL[key] = _tail(k, p, need)
    return v


class BasePolicy:
    """The base policy of a seat, scored with ``ev`` (module docstring)."""

    OPTIONS = 6  # options of a pending choice compared
    QUICK_OPTIONS = True  # choices answered by their immediate result
    BOLD = BOLD_TURN  # from this turn on the base policy's summoner advances

    def __init__(self, ev: PlannerEval) -> None:
        self.ev = ev
        self.nodes = 0  # actions applied in look-ahead (budget accounting, tests)

    # -- candidate heuristics --------------------------------------------------------
    def _option_candidates(
        self, st: GameState, me: int, actions: list[Action]
    ) -> list[Action]:
        """Options of a pending choice: all when few, else a spread of them (the
        first ones and every k-th, deterministic). A choice among attacks (Enrage
        the Horde's extra attacks) offers the other options and the attacks on
        enemy cards with the best expected gain, never an attack on one's own card
        (it destroys one's own material for nothing, as the base policy knows)."""
        n = self.OPTIONS
        if any(type(a) is Attack for a in actions):
            rest = [a for a in actions if type(a) is not Attack]
            hits = self._attack_alternatives(st, me, actions, max(n - len(rest), 1))
            if rest or hits:
                return rest[:n] + hits
        if len(actions) <= n:
            return list(actions)
        step = len(actions) / n
        return [actions[int(i * step)] for i in range(n)]

    def _attack_alternatives(
        self, st: GameState, me: int, actions: list[Action], k: int
    ) -> list[Action]:
        """The ``k`` attacks on cards ``me`` does not control with the best expected
        gain (ties in the order given)."""
        scored = []
        for a in actions:
            if type(a) is Attack:
                assert isinstance(a, Attack)
                if st.ctrl[a.target] != me:
                    scored.append((self._attack_score(st, a, me), a))
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored[:k]]

    # -- the base policy (no look-ahead) -----------------------------------------------
    def _base(self, st: GameState, p: int, actions: list[Action]) -> Action:
        if st.stack:
            top = st.stack[-1]
            if isinstance(top, Decision):
                return self._pick_option(st, p, actions)
        phase = st.phase
        if phase == SUMMON:
            near = self._near(st, p)
            best: Action = END_PHASE
            best_v = 0.0
            for a in actions:
                if type(a) is Summon:
                    assert isinstance(a, Summon)
                    v = self._summon_score(st, a, p, near)
                    if v > best_v:
                        best, best_v = a, v
            return best
        if phase == MOVE:
            return self._base_move(st, p, actions)
        if phase == ATTACK:
            best = END_PHASE
            best_v = 0.0
            for a in actions:
                if type(a) is Attack:
                    assert isinstance(a, Attack)
                    if st.ctrl[a.target] != p:
                        v = self._attack_score(st, a, p)
                        if v > best_v:
                            best, best_v = a, v
            return best
        if phase == BUILD or phase == EVENTS:
            best = END_PHASE
            best_v = 0.0
            for a in actions:
                if type(a) is Build:
                    assert isinstance(a, Build)
                    v = 3.0 + own_row(p, a.space) - 0.3 * abs(a.space % 6 - 2.5)
                    if v > best_v:
                        best, best_v = a, v
            return best
        for a in actions:
            if type(a) is EndPhase:
                return a
        return actions[0]

    def _pick_option(self, st: GameState, p: int, actions: list[Action]) -> Action:
        """A choice inside an effect: the option whose immediate result scores best
        for the chooser (at most OPTIONS of them, spread over the list)."""
        if len(actions) == 1 or not self.QUICK_OPTIONS:
            return actions[0]
        best = actions[0]
        best_v = -1e18
        for a in self._option_candidates(st, p, actions):
            c = st.clone(record=False)
            try:
                c.apply_action(a)
            except IllegalActionError:
                continue
            self.nodes += 1
            v = self.ev.evaluate(c, p)
            if v > best_v + 1e-9:
                best, best_v = a, v
        return best

    def _base_move(self, st: GameState, me: int, actions: list[Action]) -> Action:
        near = self._near(st, me)
        best: Action = END_PHASE
        best_v = 0.5
        here: dict[int, float] = {}
        # a melee unit's (not the summoner's) spot value depends on the space only
        melee: dict[int, float] = {}
        s0, s1 = st.info.summoners
        is_ranged = st.info.is_ranged
        spot = self._spot
        for a in actions:
            if type(a) is not Move:
                continue
            assert isinstance(a, Move)
            u = a.unit
            h = here.get(u)
            if h is None:
                h = here[u] = spot(st, u, st.pos[u], me, near, False)
            if is_ranged[u] or u == s0 or u == s1:
                there = spot(st, u, a.to, me, near, False)
            else:
                m = melee.get(a.to)
                if m is None:
                    m = melee[a.to] = spot(st, u, a.to, me, near, False)
                there = m
            v = there - h
            if v > best_v:
                best, best_v = a, v
        return best

    # -- heuristics --------------------------------------------------------------------
    def _near(self, st: GameState, me: int) -> NearMap:
        """Enemy cards' spaces with a weight (the summoner counts 3 times closer)."""
        s = st.info.summoners
        out: list[tuple[tuple[int, ...], float]] = []
        board = st.board
        ctrl = st.ctrl
        for space in bits_of(st.occ):
            cid = board[space]
            if ctrl[cid] != me:
                out.append((DIST[space], 3.0 if cid == s[0] or cid == s[1] else 1.0))
        return NearMap(out)

    def _spot(
        self,
        st: GameState,
        unit: int,
        space: int,
        me: int,
        near: NearMap,
        summoner_free: bool,
    ) -> float:
        """How good ``space`` is for ``unit`` (the unit itself ignored)."""
        if not near:
            return 0.0
        s0, s1 = st.info.summoners
        if (unit == s0 or unit == s1) and not (summoner_free or st.turn >= self.BOLD):
            return shelter(st, space, me) - 50.0
        best = strike_value(st, unit, space, me)
        if st.info.is_ranged[unit]:
            # ranged units keep one space from enemy melee
            best -= 2.0 * adjacent_enemies(st, space, me, unit)
        return best - near.at(space)

    def _summon_score(self, st: GameState, a: Summon, me: int, near: NearMap) -> float:
        return (
            5.0
            + self.ev.unit_value(st, a.card)
            + 0.2 * self._spot(st, a.card, a.space, me, near, False)
        )

    def _attack_score(self, st: GameState, a: Attack, me: int) -> float:
        u, t = a.attacker, a.target
        k = st.strength(u)
        if k <= 0:
            return 0.0
        p = self.ev.hit_chance(st, u)
        life = st.life(t)
        left = life - st.damage[t]
        if left < 1:
            left = 1
        kill = kill_chance(k, p, left)
        hits = k * p
        if hits > left:
            hits = float(left)
        s = st.info.summoners
        if t == s[0] or t == s[1]:
            return 1000.0 * kill + 4.0 + 3.0 * hits
        val = self.ev.unit_value(st, t) + 1.0
        return 1.0 + kill * val + 0.3 * val * hits / (life if life > 0 else 1)


__all__ = ["BOLD_TURN", "BasePolicy", "kill_chance"]
