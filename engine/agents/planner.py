"""``planner``: plans its whole turn, and values the position at the end of it.

At each of its decisions the planner takes a determinised copy of the game
(:meth:`PlayerView.search`: public facts only, the unseen cards redealt in a fixed
order, dice on the fixed "average" pattern) and compares a few candidate actions:
the action its own base policy would take, ending the phase, the strongest
alternatives of the phase (summons of different cards, moves of different units,
attacks on different enemy cards, builds, discards of each kind of card) and, when
a phase starts or is about to end, every playable event and ability. Each
candidate is applied and the rest of the turn is played out through every later
phase (summon, move, build, attack, magic; the draw), so a candidate is judged by
where the whole turn ends: an event that strengthens the attacks to come is
credited with them, the cost of inaction is paid, a discard is weighed against the
card it spends. The end-of-turn position is scored by
:class:`~engine.agents.planner_eval.PlannerEval` (long-game terms; weights as data,
:mod:`engine.agents.weights`); the best few candidates are scored again after the
opponent's reply, their whole next turn played out (and the choices the start of
the planner's next turn asks, so an event that pays out as it leaves counts). The
choices an effect opens
for the planner are answered the same way: each option (up to a budget) is played
out to the end of the turn.

**Play-outs** (the rest of the turn, the reply) are played by the greedy agent's
policy, one greedy player per seat, each seeing the search copy as its seat would
(:class:`~engine.agents.greedy.GreedyAgent`: one decision ahead, it discards for
magic and weighs events). Measured against play-outs by the base policy below,
on the same 128 deals against greedy: +8.6 points [2.2, 15.0] for 2.3 times the
work (README, "Planner experiments"); most of the gain is the opponent's reply
played well.

The **base policy** is cheap (no look-ahead): summon the most valuable unit it can
pay for, at the space closest to the fight; move units towards enemy cards (ranged
units into a firing line, the summoner kept back until it is alone or the game
drags on); attack the enemy card with the best expected gain (chance to destroy x
value, the enemy summoner first); build gates; never attack its own cards; play no
event (events are the planner's candidates). It picks the planner's candidates
(its own choice and the strongest alternatives) and answers choices quickly
(``GREEDY_PLAYOUTS`` off, it plays the play-outs too).

Budgets are counted in candidates and play-out steps, never in time: the same seed
gives the same game on any machine. Information-fair: it only ever looks at
:meth:`PlayerView.search` copies.
"""

from __future__ import annotations

import math
import random

from engine.agents.greedy import GreedyAgent
from engine.agents.planner_eval import PlannerEval, in_reach
from engine.agents.weights import Weights, load_weights
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    DiscardForMagic,
    EndPhase,
    IllegalActionError,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.board import ADJ, DIST, RAYS, bits_of, own_row
from engine.core.hooks import Decision
from engine.core.phases import ATTACK, BUILD, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.view import PlayerView

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


class _Near:
    """Enemy cards' spaces and weights, with the weighted distance from each space
    to the nearest of them memoised (one battlefield shape)."""

    __slots__ = ("spots", "far")

    def __init__(self, spots: list[tuple[int, float]]) -> None:
        self.spots = spots
        self.far: dict[int, float] = {}


class PlannerAgent:
    name = "planner"

    # Budgets (counted in candidates and steps, never in time).
    ALTERNATIVES = 3  # alternative summons / moves / builds per decision
    ATTACKS = 4  # attacks on enemy cards compared per decision
    ESCAPES = 2  # moves of a threatened summoner to safer spaces
    OPTIONS = 6  # options of a pending choice played out
    STEPS = 80  # actions of one play-out at most (safety net)
    QUICK_OPTIONS = True  # play-outs answer choices by their immediate result
    REPLY_TOP = 3  # best candidates judged again after the opponent's reply
    # play-outs (the rest of the turn, the opponent's reply) by the greedy agent's
    # policy, one per seat; False: by the cheap base policy
    GREEDY_PLAYOUTS = True
    BOLD = BOLD_TURN  # from this turn on the base policy's summoner advances

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        self.rng = random.Random(seed)
        self.ev = PlannerEval(weights or load_weights())
        # the play-outs' players, one per seat (their seeds from this agent's RNG)
        self.players = (
            GreedyAgent(self.rng.getrandbits(32)),
            GreedyAgent(self.rng.getrandbits(32)),
        )
        self._phase_key: tuple[int, int] = (-1, -1)
        # values after the reply by end-of-turn position, for the turn being
        # planned (candidates and later decisions often end the turn alike)
        self._replies: dict[tuple[object, ...], float] = {}
        self._replies_turn = -1
        self.nodes = 0  # actions applied in play-outs (budget accounting, tests)

    # -- the decision ------------------------------------------------------------------
    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        return self.ranked(view, actions)[0][1]

    def ranked(
        self, view: PlayerView, actions: list[Action]
    ) -> list[tuple[float, Action]]:
        """The candidates it weighed with their values, its choice first, then the
        others best first (on its turn only the few judged after the reply)."""
        if len(actions) == 1:
            return [(0.0, actions[0])]
        me = view.player
        st = view.public_state()
        if view.pending() is not None:
            cands = self._option_candidates(st, me, actions)
        else:
            key = (st.turn, st.phase)
            first = key != self._phase_key
            self._phase_key = key
            cands = self._candidates(st, me, actions, first)
        if len(cands) == 1:
            return [(0.0, cands[0])]
        root = view.search()
        scored: list[tuple[float, int, GameState | None]] = []
        for i, a in enumerate(cands):
            v, end = self._play_out(root, a, me)
            scored.append((v, i, end))
        top = self.REPLY_TOP if root.turn_player == me else 0
        if top > 1:
            # the best few are judged again after the opponent's reply
            scored.sort(key=lambda x: (-x[0], x[1]))
            again = []
            for v, i, end in scored[:top]:
                if end is not None and not end.terminal:
                    v = self._after_reply(end, me)
                again.append((v, i, end))
            scored = again
        best_v, best_i = -1e18, 0
        for v, i, _ in sorted(scored, key=lambda x: x[1]):
            if v > best_v + 1e-9:
                best_v, best_i = v, i
        out = [(best_v, cands[best_i])]
        for v, i, _ in sorted(scored, key=lambda x: (-x[0], x[1])):
            if i != best_i:
                out.append((v, cands[i]))
        return out

    def _after_reply(self, end: GameState, me: int) -> float:
        """:meth:`_reply`'s value, remembered by end-of-turn position for the turn
        being planned: candidates, and the decisions after them, often end the turn
        alike (moves in another order, the choice a play-out already made). A
        position is played out once, so the same choices cost less (about a sixth
        of the planner's time in self-play, with the same games)."""
        if end.turn != self._replies_turn:
            self._replies.clear()
            self._replies_turn = end.turn
        key = end.position_key()
        got = self._replies.get(key)
        if got is None:
            got = self._replies[key] = self._reply(end, me)
        return got

    def _reply(self, end: GameState, me: int) -> float:
        """Value for ``me`` after the opponent's next turn, played by the play-outs'
        policy from ``end`` (the end of ``me``'s turn), and after the choices that
        the start of ``me``'s next turn asks for (an ACTIVE event that pays out as
        it leaves, such as Sacrificial Pyre's heal, is valued by what it did)."""
        st = end.clone(record=False)
        steps = self.STEPS
        last = st.turn
        while not st.terminal and steps > 0 and (st.turn <= last or st.stack):
            acts = st.legal_actions()
            st.apply_action(self._policy(st, st.current_player(), acts))
            steps -= 1
        self.nodes += self.STEPS - steps
        return self.ev.evaluate(st, me)

    def _policy(self, st: GameState, p: int, actions: list[Action]) -> Action:
        """The play-outs' choice for seat ``p`` on the search copy ``st``: the
        greedy agent's (it sees the copy as that seat would), or the base
        policy's (``GREEDY_PLAYOUTS`` off)."""
        if len(actions) == 1:
            return actions[0]
        if self.GREEDY_PLAYOUTS:
            return self.players[p].choose(PlayerView(st, p), actions)
        return self._base(st, p, actions)

    def _play_out(
        self, root: GameState, a: Action, me: int
    ) -> tuple[float, GameState | None]:
        """Value for ``me`` once ``a`` is applied and ``me``'s turn is played out by
        the base policy (or, outside ``me``'s turn, once the choice is settled)."""
        st = root.clone(record=False)
        try:
            st.apply_action(a)
        except IllegalActionError:
            # legal in the real game, not in this determinisation (hidden cards)
            return self.ev.evaluate(root, me) - 0.5, None
        my_turn = root.turn_player == me
        steps = self.STEPS
        last = root.turn
        while not st.terminal and steps > 0:
            p = st.current_player()
            if my_turn:
                if st.turn > last:
                    break
            elif not st.stack or p != me:
                break
            acts = st.legal_actions()
            st.apply_action(self._policy(st, p, acts))
            steps -= 1
        self.nodes += self.STEPS - steps + 1
        return self.ev.evaluate(st, me), st

    # -- candidates --------------------------------------------------------------------
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

    def _candidates(
        self, st: GameState, me: int, actions: list[Action], first: bool
    ) -> list[Action]:
        base = self._base(st, me, actions)
        cands: list[Action] = [base]
        has_end = any(type(a) is EndPhase for a in actions)
        if has_end and type(base) is not EndPhase:
            cands.append(END_PHASE)
        phase = st.phase
        extra: list[Action] = []
        if phase == SUMMON:
            extra = self._summon_alternatives(st, me, actions)
        elif phase == MOVE:
            extra = self._move_alternatives(st, me, actions)
        elif phase == ATTACK:
            extra = self._attack_alternatives(st, me, actions, self.ATTACKS)
        elif phase == BUILD or phase == EVENTS:
            # walls are built in the first edition's events phase
            extra = [a for a in actions if type(a) is Build]
            extra = extra[: self.ALTERNATIVES]
        elif phase == MAGIC:
            extra = self._discard_alternatives(st, actions)
        if first or type(base) is EndPhase:
            seen: set[str] = set()
            for a in actions:
                t = type(a)
                if t is PlayEvent:
                    assert isinstance(a, PlayEvent)
                    slug = st.info.cards[a.card].slug
                    if slug not in seen:
                        seen.add(slug)
                        extra.append(a)
                elif t is UseAbility:
                    extra.append(a)
        for a in extra:
            if a not in cands:
                cands.append(a)
        return cands

    def _summon_alternatives(
        self, st: GameState, me: int, actions: list[Action]
    ) -> list[Action]:
        best: dict[str, tuple[float, Action]] = {}
        near = self._near(st, me)
        for a in actions:
            if type(a) is Summon:
                assert isinstance(a, Summon)
                slug = st.info.cards[a.card].slug
                v = self._summon_score(st, a, me, near)
                got = best.get(slug)
                if got is None or v > got[0]:
                    best[slug] = (v, a)
        ranked = sorted(best.values(), key=lambda x: -x[0])
        return [a for _, a in ranked[: self.ALTERNATIVES]]

    def _move_alternatives(
        self, st: GameState, me: int, actions: list[Action]
    ) -> list[Action]:
        near = self._near(st, me)
        best: dict[int, tuple[float, Action]] = {}
        here: dict[int, float] = {}
        for a in actions:
            if type(a) is Move:
                assert isinstance(a, Move)
                u = a.unit
                h = here.get(u)
                if h is None:
                    h = here[u] = self._spot(st, u, st.pos[u], me, near, True)
                v = self._spot(st, u, a.to, me, near, True) - h
                got = best.get(u)
                if got is None or v > got[0]:
                    best[u] = (v, a)
        ranked = sorted(best.values(), key=lambda x: -x[0])
        out = [a for _, a in ranked[: self.ALTERNATIVES]]
        # the summoner's escapes, when it stands in reach of enemy units
        summ = st.info.summoners[me]
        if st.pos[summ] >= 0 and (here_d := self._danger(st, st.pos[summ], me)) > 0:
            esc = []
            for a in actions:
                if type(a) is Move:
                    assert isinstance(a, Move)
                    if a.unit == summ:
                        d = self._danger(st, a.to, me)
                        if d < here_d:
                            esc.append((d, a.to, a))
            esc.sort(key=lambda x: (x[0], x[1]))
            out += [a for _, _, a in esc[: self.ESCAPES]]
        return out

    def _danger(self, st: GameState, space: int, me: int) -> float:
        """Expected hits enemy units could land on ``space`` next turn (each moves
        up to 2 spaces; lines and blockers ignored beyond the distance test)."""
        board = st.board
        ctrl = st.ctrl
        info = st.info
        total = 0.0
        for s2 in bits_of(st.occ):
            c = board[s2]
            if ctrl[c] == me or not info.is_unit[c]:
                continue
            if in_reach(s2, space, 2, info.is_ranged[c]):
                total += st.strength(c) * self.ev.hit_chance(st, c)
        return total

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

    def _discard_alternatives(
        self, st: GameState, actions: list[Action]
    ) -> list[Action]:
        seen: set[str] = set()
        out: list[Action] = []
        for a in actions:
            if type(a) is DiscardForMagic:
                assert isinstance(a, DiscardForMagic)
                slug = st.info.cards[a.card].slug
                if slug not in seen:
                    seen.add(slug)
                    out.append(a)
        return out

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
    def _near(self, st: GameState, me: int) -> _Near:
        """Enemy cards' spaces with a weight (the summoner counts 3 times closer)."""
        s = st.info.summoners
        out: list[tuple[int, float]] = []
        board = st.board
        ctrl = st.ctrl
        for space in bits_of(st.occ):
            cid = board[space]
            if ctrl[cid] != me:
                out.append((space, 3.0 if cid == s[0] or cid == s[1] else 1.0))
        return _Near(out)

    def _spot(
        self,
        st: GameState,
        unit: int,
        space: int,
        me: int,
        near: _Near,
        summoner_free: bool,
    ) -> float:
        """How good ``space`` is for ``unit`` (the unit itself ignored)."""
        if not near.spots:
            return 0.0
        board = st.board
        ctrl = st.ctrl
        s0, s1 = st.info.summoners
        summoner = unit == s0 or unit == s1
        if summoner and not (summoner_free or st.turn >= self.BOLD):
            threat = 0
            for s in ADJ[space]:
                c = board[s]
                if c >= 0 and ctrl[c] != me:
                    threat += 1
            return -2.0 * threat - 0.3 * abs(own_row(me, space) - 1) - 50.0
        best = 0.0
        if st.info.is_ranged[unit]:
            for ray in RAYS[space]:
                for s in ray[:3]:
                    c = board[s]
                    if c >= 0 and c != unit:
                        if ctrl[c] != me:
                            v = 18.0 if c == s0 or c == s1 else 6.0
                            if v > best:
                                best = v
                        break
            # ranged units keep one space from enemy melee
            for s in ADJ[space]:
                c = board[s]
                if c >= 0 and c != unit and ctrl[c] != me:
                    best -= 2.0
        else:
            for s in ADJ[space]:
                c = board[s]
                if c >= 0 and c != unit and ctrl[c] != me:
                    v = 18.0 if c == s0 or c == s1 else 6.0
                    if v > best:
                        best = v
        far = near.far.get(space)
        if far is None:
            d = DIST[space]
            far = near.far[space] = min([d[sp] / w for sp, w in near.spots])
        return best - far

    def _summon_score(self, st: GameState, a: Summon, me: int, near: _Near) -> float:
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
