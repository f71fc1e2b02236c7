"""``mcts``: determinised Monte Carlo search at the root, greedy play-outs.

A decision with one legal action is answered at once, and so is an attack on the
enemy summoner that wins if its dice all hit (the strongest such). Otherwise:

1. **Candidates.** The greedy agent's choice (an own :class:`GreedyAgent`, asked at
   every decision so that its per-phase bookkeeping stays exact), ``EndPhase`` when
   legal, and the best few other actions by a cheap prior (the one-step
   :func:`evaluate` on the pattern-dice search copy, plus for moves how much closer
   the unit gets to enemy cards). At most ``candidates`` in all.
2. **Play-outs.** UCB1 over the candidates with ``playouts`` play-outs in total (each
   candidate gets one first). A play-out starts from a fresh determinisation of
   :meth:`PlayerView.search` (public facts only): the opponent's unseen cards (hand +
   deck) and the player's own deck are shuffled with the agent's own RNG, and dice
   are rolled from that RNG (real odds, not the search copy's fixed pattern); then
   the candidate is applied and both players follow the greedy policy until the end
   of the opponent's next turn (``horizon`` turns), or the game ends. The leaf is
   scored by its :func:`evaluate` gain over the root, squashed to [0, 1] (a win
   1, a loss 0, a draw 0.5).
   The ``j``-th play-out of every candidate uses the same world (common random
   numbers), so candidates are compared on the same deals and dice.
3. **Choice.** The candidate with the best mean; the greedy choice keeps the
   decision unless another beats it by ``margin`` (noise must not overturn it).

``playouts=0`` plays exactly as ``greedy``. Default budget: 12 play-outs over at most 4
candidates per searched decision (~140 searched decisions, ~1,700 play-outs, ~2 s
CPU per game).

Deterministic: the agent's RNG is seeded from ``seed`` only and nothing reads the
wall clock, so the same seed gives the same choices in any process. The real hidden
order (opponent's hand, decks, the game's RNG) is never read: every determinisation
starts from :meth:`PlayerView.search`, which depends only on what the player knows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from engine.agents.evaluation import evaluate
from engine.agents.greedy import GreedyAgent
from engine.core.actions import END_PHASE, Action, Attack, IllegalActionError, Move
from engine.core.board import DIST
from engine.core.hooks import DECK, HAND
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.view import PlayerView

# evaluate() points per unit of the squashing logistic (a common unit is ~4-8)
SCALE = 8.0
# UCB1 exploration constant on [0, 1] rewards
EXPLORE = 0.35


def squash(v: float) -> float:
    """``evaluate`` score -> [0, 1] (logistic; wins and losses saturate)."""
    x = v / SCALE
    if x > 30.0:
        return 1.0
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _lethal_shot(st: GameState, me: int, actions: list[Action]) -> Action | None:
    """An attack on the enemy summoner that wins if every die hits (public facts
    only): the strongest such shot, taken at once (nothing else can be worth more
    than ending the game now; a miss leaves the other attacks)."""
    if st.stack or st.phase != ATTACK:
        return None
    s = st.info.summoners[1 - me]
    left = st.life(s) - st.damage[s]
    best: Action | None = None
    best_k = 0
    for a in actions:
        if type(a) is Attack:
            assert isinstance(a, Attack)
            if a.target == s:
                k = st.strength(a.attacker)
                if k >= left and k > best_k:
                    best, best_k = a, k
    return best


def world(base: GameState, me: int, seed: int) -> GameState:
    """A determinisation of ``base`` (itself built from public facts only): the
    opponent's unseen cards and ``me``'s deck shuffled, real dice from the world's
    own stream (never the game's)."""
    rng = random.Random(seed)
    st = base.clone(record=False, rng=rng)
    opp = 1 - me
    k = len(st.hand[opp])
    unseen = sorted(st.hand[opp] + st.deck[opp])
    rng.shuffle(unseen)
    st.hand[opp], st.deck[opp] = unseen[:k], unseen[k:]
    zone = st.zone
    for c in st.hand[opp]:
        if zone[c] != HAND:
            zone[c] = HAND
    for c in st.deck[opp]:
        if zone[c] != DECK:
            zone[c] = DECK
    mine = sorted(st.deck[me])
    rng.shuffle(mine)
    st.deck[me] = mine
    st.search = False
    st.dice_seed = rng.getrandbits(63)
    st.invalidate()
    return st


def ucb1(
    n: int, total: int, playout: Callable[[int, int], float]
) -> tuple[list[float], list[int]]:
    """UCB1 over ``n`` candidates and ``total`` (>= n) play-outs: each candidate is
    played once, then the one with the best mean plus ``EXPLORE`` times its
    uncertainty; ``playout(k, j)`` scores candidate k's j-th play-out. Returns each
    candidate's mean score and number of play-outs."""
    visits = [0] * n
    sums = [0.0] * n
    for t in range(total):
        if t < n:
            k = t
        else:
            logt = math.log(t)
            k = max(
                range(n),
                key=lambda i: (
                    sums[i] / visits[i] + EXPLORE * math.sqrt(logt / visits[i])
                ),
            )
        r = playout(k, visits[k])
        visits[k] += 1
        sums[k] += r
    return [sums[i] / visits[i] for i in range(n)], visits


class MctsAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 12,
        candidates: int = 4,
        horizon: int = 1,
        margin: float = 0.02,
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.candidates = candidates
        self.horizon = horizon
        self.margin = margin
        self.greedy = GreedyAgent(seed)
        self.played = 0  # play-outs run so far (budget accounting)
        self.searched = 0  # decisions that were searched
        self._v0 = 0.0

    # -- entry point -------------------------------------------------------------------
    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        g = self.greedy.choose(view, actions)
        if self.playouts <= 0 or self.candidates <= 1:
            return g
        shot = _lethal_shot(view.public_state(), view.player, actions)
        if shot is not None:
            return shot
        base = view.search()
        me = view.player
        cands = self._candidates(base, me, actions, g)
        if len(cands) == 1:
            return g
        self.searched += 1
        return self._search(base, me, cands, g)

    # -- candidates --------------------------------------------------------------------
    def _candidates(
        self, base: GameState, me: int, actions: list[Action], g: Action
    ) -> list[Action]:
        out = [g]
        if END_PHASE in actions and g != END_PHASE:
            out.append(END_PHASE)
        room = self.candidates - len(out)
        if room <= 0:
            return out[: self.candidates]
        scored: list[tuple[float, int, Action]] = []
        enemy = [base.pos[c] for c in base.board if c >= 0 and base.ctrl[c] != me]
        for i, a in enumerate(actions):
            if a in out:
                continue
            st = base.clone(record=False)
            try:
                st.apply_action(a)
            except IllegalActionError:
                continue
            v = evaluate(st, me)
            if type(a) is Move and enemy:
                assert isinstance(a, Move)
                here = base.pos[a.unit]
                before = min(DIST[here][e] for e in enemy)
                after = min(DIST[a.to][e] for e in enemy)
                v += 0.3 * (before - after)
            scored.append((-v, i, a))
        scored.sort(key=lambda t: (t[0], t[1]))
        out += [a for _, _, a in scored[:room]]
        return out

    # -- search ------------------------------------------------------------------------
    def _search(
        self, base: GameState, me: int, cands: list[Action], g: Action
    ) -> Action:
        n = len(cands)
        total = max(self.playouts, n)
        seeds = [self.rng.getrandbits(62) for _ in range(total)]
        self._v0 = evaluate(base, me)
        means, visits = ucb1(
            n, total, lambda k, j: self._playout(base, me, cands[k], seeds[j])
        )
        self.played += total
        best = max(range(n), key=lambda i: (means[i], visits[i], -i))
        if cands[best] != g and means[best] <= means[0] + self.margin:
            return g
        return cands[best]

    def _playout(self, base: GameState, me: int, action: Action, seed: int) -> float:
        st = world(base, me, seed)
        try:
            st.apply_action(action)
        except IllegalActionError:
            return 0.0
        stop = base.turn + self.horizon + (1 if base.turn_player == me else 0)
        pol = (GreedyAgent(seed), GreedyAgent(seed + 1))
        views = (PlayerView(st, 0), PlayerView(st, 1))
        n = 0
        while not st.terminal and st.turn < stop and n < 400:
            p = st.current_player()
            acts = st.legal_actions()
            a = acts[0] if len(acts) == 1 else pol[p].choose(views[p], acts)
            st.apply_action(a)
            n += 1
        if st.terminal:
            if st.winner is None:
                return 0.5
            return 1.0 if st.winner == me else 0.0
        return squash(evaluate(st, me) - self._v0)


__all__ = ["MctsAgent", "squash", "world"]
