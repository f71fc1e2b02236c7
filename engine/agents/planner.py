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

**Play-outs** (the rest of the turn, the reply) are played by greedy's heuristics
without its look-ahead, one player per seat
(:meth:`~engine.agents.greedy.GreedyAgent.choose_quick`: greedy's own summon, move,
build and magic choices, attacks by the base policy's expected gain, no event or
ability; a choice inside an effect judged on the play-out's own copy). Greedy's
one-step look-ahead was about 55% of the planner's time; without it the planner is
1.8 times faster (pure build) and as strong: 85.8% against greedy over the ladder's
400-game sample, +1.1 points [-3.4, +5.7] paired against ``planner-classic``, the
planner of 2026-11-27 that played its play-outs with greedy itself
(docs/measurements/planner.md). Such a player keeps no state, so a play-out from a
position some play-out of the turn already passed through ends where that one did:
the planner remembers every position on the way (the same games, less work).
Measured against play-outs by the base policy below, greedy play-outs had gained
+8.6 points [2.2, 15.0] (changelog): most of the gain is the opponent's reply
played well.

The **base policy** (:mod:`engine.agents.planner_base`, no look-ahead) picks the
planner's candidates (its own choice and the strongest alternatives) and answers
choices quickly (``PLAYOUTS = "base"``: it plays the play-outs too).

Budgets are counted in candidates and play-out steps, never in time: the same seed
gives the same game on any machine. Information-fair: it only ever looks at
:meth:`PlayerView.search` copies.
"""

from __future__ import annotations

import random

from engine.agents.greedy import GreedyAgent
from engine.agents.planner_base import BasePolicy
from engine.agents.planner_eval import REACH, PlannerEval
from engine.agents.weights import Weights, load_weights
from engine.core.actions import (
    END_PHASE,
    Action,
    Build,
    DiscardForMagic,
    EndPhase,
    IllegalActionError,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.board import bits_of
from engine.core.phases import ATTACK, BUILD, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.view import PlayerView


class PlannerAgent(BasePolicy):
    name = "planner"

    # Budgets (counted in candidates and steps, never in time).
    ALTERNATIVES = 3  # alternative summons / moves / builds per decision
    ATTACKS = 4  # attacks on enemy cards compared per decision
    ESCAPES = 2  # moves of a threatened summoner to safer spaces
    STEPS = 80  # actions of one play-out at most (safety net)
    REPLY_TOP = 3  # best candidates judged again after the opponent's reply
    # phases whose decisions are judged after the reply: in the magic phase the
    # candidates differ only in the card discarded, which the opponent's play-out
    # never reads, so its reply is the same game for each (it changed the choice in
    # 2.8% of magic-phase decisions, for 18.6% of the reply's work)
    REPLY_PHASES: frozenset[int] = frozenset((SUMMON, MOVE, BUILD, ATTACK, EVENTS))
    # who plays the play-outs (the rest of the turn, the opponent's reply), one
    # player per seat: "quick" greedy's heuristics without its look-ahead (attacks
    # by the base policy's expected gain), "greedy" the greedy agent itself, "base"
    # the base policy
    PLAYOUTS = "quick"
    # remember where play-outs from each position end (only for a stateless
    # play-out policy: greedy's own keeps a memory of the phase)
    REMEMBER_LINES = True
    # positions of a play-out remembered (its start and the next ones): the later
    # decisions that follow a play-out's line meet its first positions (about 98%
    # of the meetings in six benchmark games were within 8 steps of its start)
    LINE_KEYS = 9

    def __init__(self, seed: int, weights: Weights | None = None) -> None:
        super().__init__(PlannerEval(weights or load_weights()))
        self.rng = random.Random(seed)
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
        # where a play-out from a position ends, for every position a play-out of
        # the turn being planned passed through (see _play_out)
        self._lines: dict[tuple[object, ...], tuple[float, GameState]] = {}
        self._lines_turn = -1
        self.remember_lines = self.REMEMBER_LINES
        self.reply_phases = self.REPLY_PHASES
        # budgets as instance settings, so variants can be measured on one build
        self.reply_top = self.REPLY_TOP
        self.alternatives = self.ALTERNATIVES
        self.attacks = self.ATTACKS

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
        top = (
            self.reply_top
            if root.turn_player == me and root.phase in self.reply_phases
            else 0
        )
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
        # greedy's play-outs keep state of their own: the dice counters (which a
        # search copy never reads) stay in its key, as they always were
        key = end.position_key(self.PLAYOUTS == "greedy")
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
        """The play-outs' choice for seat ``p`` on the search copy ``st`` (see
        ``PLAYOUTS``; greedy sees the copy as that seat would)."""
        if len(actions) == 1:
            return actions[0]
        how = self.PLAYOUTS
        if how == "quick":
            return self.players[p].choose_quick(PlayerView(st, p), actions, self._base)
        if how == "greedy":
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
        # A stateless play-out policy plays on alike from equal positions, so a
        # position some play-out of this turn already passed through ends where
        # that one ended: remember every position on the way (the key leaves out
        # the dice counters, which a search copy's fixed dice never read). Only the
        # start is looked up: a candidate often starts where an earlier play-out
        # passed (1,094 of 5,220 starts in six benchmark games), a play-out under
        # way almost never meets one (29 of 24,700 later positions).
        lines = self._lines if self.remember_lines else None
        path: list[tuple[object, ...]] = []
        if lines is not None and last != self._lines_turn:
            lines.clear()
            self._lines_turn = last
        while not st.terminal and steps > 0:
            p = st.current_player()
            if my_turn:
                if st.turn > last:
                    break
            elif not st.stack or p != me:
                break
            if lines is not None and len(path) < self.LINE_KEYS:
                key = (my_turn, *st.position_key(False))
                if not path:  # the start
                    got = lines.get(key)
                    if got is not None:
                        self.nodes += self.STEPS - steps + 1
                        return got
                path.append(key)
            acts = st.legal_actions()
            st.apply_action(self._policy(st, p, acts))
            steps -= 1
        self.nodes += self.STEPS - steps + 1
        v = self.ev.evaluate(st, me)
        if lines is not None:
            for k in path:
                lines[k] = (v, st)
        return v, st

    # -- candidates --------------------------------------------------------------------
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
            extra = self._attack_alternatives(st, me, actions, self.attacks)
        elif phase == BUILD or phase == EVENTS:
            # walls are built in the first edition's events phase
            extra = [a for a in actions if type(a) is Build]
            extra = extra[: self.alternatives]
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
        return [a for _, a in ranked[: self.alternatives]]

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
        out = [a for _, a in ranked[: self.alternatives]]
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
            if REACH[2][info.is_ranged[c]][s2] >> space & 1:  # in_reach
                total += st.strength(c) * self.ev.hit_chance(st, c)
        return total

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


class ClassicPlannerAgent(PlannerAgent):
    """The planner as it stood on 2026-11-27 (play-outs by the greedy agent with
    its look-ahead): kept to measure every change to the planner against, paired
    on the same deals (``python -m engine.ladder --paired``)."""

    name = "planner-classic"
    PLAYOUTS = "greedy"
    REMEMBER_LINES = False
