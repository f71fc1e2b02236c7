"""``mcts-planner``: determinised Monte Carlo search over the planner's play-outs.

The :class:`~engine.agents.mcts.MctsAgent` scheme with the planner's parts:

1. **Candidates.** The planner's own ranking (:meth:`PlannerAgent.ranked`: its
   choice first, then the other candidates it weighed, best first); at most
   ``candidates`` of them. A lethal attack on the enemy summoner is taken at once.
2. **Play-outs.** UCB1 over the candidates, ``playouts`` in total (each candidate
   gets one first; the ``j``-th play-out of every candidate uses the same world).
   A play-out starts from a fresh determinisation of :meth:`PlayerView.search`
   (:func:`~engine.agents.mcts.world`: unseen cards shuffled, real dice from the
   world's own stream), applies the candidate and lets both seats play on as in
   the planner's own play-outs (:meth:`PlannerAgent._policy`: its greedy
   players, one per seat, or its cheap base policy) until the end of the
   opponent's next turn. The leaf is scored by
   :class:`~engine.agents.planner_eval.PlannerEval`'s gain over the root,
   squashed to [0, 1] (a win 1, a loss 0, a draw 0.5).
3. **Choice.** The best mean; the planner's choice keeps the decision unless
   another beats it by ``margin``.

Budgets count play-outs and steps, never time; deterministic from ``seed``;
information-fair (only :meth:`PlayerView.search` copies are read).
"""

from __future__ import annotations

import random

from engine.agents.mcts import _lethal_shot, squash, ucb1, world
from engine.agents.planner import PlannerAgent
from engine.core.actions import Action, IllegalActionError
from engine.core.state import GameState
from engine.core.view import PlayerView


class MctsPlannerAgent:
    name = "mcts-planner"

    STEPS = 300  # actions of one play-out at most (safety net)

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 12,
        candidates: int = 3,
        margin: float = 0.02,
    ) -> None:
        self.rng = random.Random(seed)
        self.planner = PlannerAgent(seed)
        self.playouts = playouts
        self.candidates = candidates
        self.margin = margin
        self.played = 0  # play-outs run so far (budget accounting)
        self.searched = 0  # decisions that were searched
        self._v0 = 0.0

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        ranked = self.planner.ranked(view, actions)
        g = ranked[0][1]
        if self.playouts <= 0 or self.candidates <= 1 or len(ranked) == 1:
            return g
        shot = _lethal_shot(view.public_state(), view.player, actions)
        if shot is not None:
            return shot
        cands = [a for _, a in ranked[: self.candidates]]
        self.searched += 1
        return self._search(view.search(), view.player, cands)

    def _search(self, base: GameState, me: int, cands: list[Action]) -> Action:
        n = len(cands)
        total = max(self.playouts, n)
        seeds = [self.rng.getrandbits(62) for _ in range(total)]
        self._v0 = self.planner.ev.evaluate(base, me)
        means, visits = ucb1(
            n, total, lambda k, j: self._playout(base, me, cands[k], seeds[j])
        )
        self.played += total
        best = max(range(n), key=lambda i: (means[i], visits[i], -i))
        if best != 0 and means[best] <= means[0] + self.margin:
            return cands[0]
        return cands[best]

    def _playout(self, base: GameState, me: int, action: Action, seed: int) -> float:
        st = world(base, me, seed)
        try:
            st.apply_action(action)
        except IllegalActionError:
            return 0.0
        stop = base.turn + 1 + (1 if base.turn_player == me else 0)
        policy = self.planner
        n = 0
        while not st.terminal and st.turn < stop and n < self.STEPS:
            acts = st.legal_actions()
            st.apply_action(policy._policy(st, st.current_player(), acts))
            n += 1
        if st.terminal:
            if st.winner is None:
                return 0.5
            return 1.0 if st.winner == me else 0.0
        return squash(self.planner.ev.evaluate(st, me) - self._v0)


__all__ = ["MctsPlannerAgent"]
