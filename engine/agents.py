"""Agents: ``choose(view, actions) -> action``.

The :class:`PlayerView` shows what the player may know: the battlefield, tokens, magic,
their own hand, counts of the opponent's hand and both decks and discard piles. It
hides the opponent's hand and both deck orders; :meth:`PlayerView.search` returns a
determinised copy of the game for look-ahead (opponent's hand redealt from their
unseen cards, decks reshuffled, dice replaced by a fixed "average" pattern), so an
agent never peeks at hidden cards or at the real dice.

- ``random``: uniform over the legal actions, with its own seeded RNG.
- ``greedy``: one decision ahead. Choices inside effects, attacks, events and builds
  are tried on a determinised copy and scored with :func:`evaluate` (summoner damage,
  material on board, gates, magic, cards); summons and moves, which are many, are
  scored by position (closer to enemy cards, attack lines for ranged units, summoner
  kept safe). Stops a phase when no action improves the score.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.abilities.registry import DECK, HAND, Decision
from engine.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    DiscardForMagic,
    IllegalActionError,
    Move,
    PlayEvent,
    Summon,
)
from engine.board import ADJ, DIST, RAYS, own_row
from engine.phases import ATTACK, BUILD, MAGIC, MOVE, SUMMON
from engine.state import GameState
from engine.types import AttackType, CardClass


class PlayerView:
    """What ``player`` may see of ``state`` (read-only by convention)."""

    __slots__ = ("_st", "player", "_rng")

    def __init__(self, state: GameState, player: int) -> None:
        self._st = state
        self.player = player
        self._rng: random.Random | None = None

    @property
    def board(self) -> list[int]:
        return self._st.board

    @property
    def pos(self) -> list[int]:
        return self._st.pos

    @property
    def ctrl(self) -> list[int]:
        return self._st.ctrl

    @property
    def damage(self) -> list[int]:
        return self._st.damage

    @property
    def boost(self) -> list[int]:
        return self._st.boost

    @property
    def magic(self) -> list[int]:
        return self._st.magic

    @property
    def turn(self) -> int:
        return self._st.turn

    @property
    def phase(self) -> int:
        return self._st.phase

    @property
    def seed(self) -> int:
        return self._st.info.seed

    @property
    def hand(self) -> list[int]:
        return list(self._st.hand[self.player])

    def hand_count(self, player: int) -> int:
        return len(self._st.hand[player])

    def deck_count(self, player: int) -> int:
        return len(self._st.deck[player])

    def discard_count(self, player: int) -> int:
        return len(self._st.discard[player])

    def pending(self) -> Decision | None:
        st = self._st
        if st.stack and isinstance(st.stack[-1], Decision):
            top = st.stack[-1]
            assert isinstance(top, Decision)
            return top
        return None

    def public_state(self) -> GameState:
        """The state for public queries (card defs, strength, life...). Agents must
        not read hands, decks or ``rng`` from it; use :meth:`search` to look ahead."""
        return self._st

    def search(self) -> GameState:
        """A determinised copy for look-ahead (see module docstring).

        The opponent's unseen cards (hand + deck) are sorted by card id and redealt,
        and both decks are put in card-id order: the copy depends only on what the
        player may know, never on the real hidden order. Its dice follow a fixed
        pattern; its RNG (for shuffles inside effects) is the view's own."""
        st = self._st.clone(record=False)
        me = self.player
        opp = 1 - me
        k = len(st.hand[opp])
        unseen = sorted(st.hand[opp] + st.deck[opp])
        hand, deck = unseen[:k], unseen[k:]
        zone = st.zone
        for c in hand:
            if zone[c] != HAND:
                zone[c] = HAND
        for c in deck:
            if zone[c] != DECK:
                zone[c] = DECK
        st.hand[opp] = hand
        st.deck[opp] = deck
        st.deck[me] = sorted(st.deck[me])
        if self._rng is None:
            self._rng = random.Random(st.info.seed * 1_000_003 + 7 * me + 1)
        st.rng = self._rng
        st.search = True
        return st


class Agent(Protocol):
    name: str

    def choose(self, view: PlayerView, actions: list[Action]) -> Action: ...


class RandomAgent:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        return actions[int(self.rng.random() * len(actions))]


# -- evaluation ------------------------------------------------------------------------
WIN = 10_000.0


def card_values(st: GameState) -> tuple[float, ...]:
    """Static value of every card of the game (cached on the GameInfo)."""
    got = st.info.extra.get("card_value")
    if got is None:
        got = st.info.extra["card_value"] = tuple(
            card_value(st, c) for c in range(len(st.info.cards))
        )
    vals: tuple[float, ...] = got
    return vals


def card_value(st: GameState, cid: int) -> float:
    c = st.info.cards[cid]
    if c.is_summoner:
        return 0.0  # counted through summoner life
    if st.info.is_unit[cid]:
        return 1.0 + (c.cost or 0) * 0.8 + (c.strength or 0) * 0.8 + (c.life or 0) * 0.3
    if st.is_gate(cid):
        return 4.0
    return 1.5


def evaluate(st: GameState, me: int) -> float:
    """Score of ``st`` for ``me`` (higher is better)."""
    if st.terminal:
        if st.winner is None:
            return 0.0
        return WIN if st.winner == me else -WIN
    score = 0.0
    ctrl = st.ctrl
    damage = st.damage
    values = card_values(st)
    summoners = st.info.summoners
    for cid in st.board:
        if cid < 0:
            continue
        sign = 1.0 if ctrl[cid] == me else -1.0
        life = st.life(cid)
        left = life - damage[cid]
        if cid in summoners:
            score += sign * (12.0 * left / life + 3.0 * left)
            continue
        score += sign * values[cid] * (0.55 + 0.45 * left / life)
    opp = 1 - me
    score += 0.5 * (st.magic[me] - st.magic[opp])
    score += 0.25 * (len(st.hand[me]) - len(st.hand[opp]))
    return score


class _NearMap:
    """Lazy per-space minimum of weighted distances to enemy cards."""

    __slots__ = ("enemies", "memo")

    def __init__(self, enemies: list[tuple[tuple[int, ...], float]]) -> None:
        self.enemies = enemies
        self.memo: dict[int, float] = {}

    def __bool__(self) -> bool:
        return bool(self.enemies)

    def at(self, space: int) -> float:
        v = self.memo.get(space)
        if v is None:
            v = self.memo[space] = min(d[space] / w for d, w in self.enemies)
        return v


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # look-ahead on a determinised copy
    def _best_by_eval(
        self, view: PlayerView, actions: list[Action], baseline: Action | None
    ) -> Action:
        root = view.search()
        me = view.player
        best = actions[0]
        best_v = -1e18
        base_v = None
        for a in actions:
            st = root.clone(record=False)
            try:
                st.apply_action(a)
            except IllegalActionError:
                # legal in the real game but not in this determinisation (it
                # depended on hidden cards): judge it on the current position
                st = root
            v = evaluate(st, me)
            if a is baseline:
                base_v = v
            if v > best_v + 1e-9:
                best, best_v = a, v
        if baseline is not None and base_v is not None and best_v <= base_v + 1e-9:
            return baseline
        return best

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        st = view.public_state()
        if view.pending() is not None:
            return self._best_by_eval(view, actions, None)
        phase = st.phase
        events = [a for a in actions if isinstance(a, PlayEvent)]
        if events:
            a = self._best_by_eval(view, [END_PHASE, *events], END_PHASE)
            if a is not END_PHASE:
                return a
        if phase == SUMMON:
            return self._summon(view, st, actions)
        if phase == MOVE:
            return self._move(view, st, actions)
        if phase == BUILD:
            builds = [a for a in actions if isinstance(a, Build)]
            if builds:
                return self._build(view, st, builds)
            return END_PHASE
        if phase == ATTACK:
            attacks = [a for a in actions if isinstance(a, Attack)]
            if not attacks:
                return END_PHASE
            enemy = [a for a in attacks if st.ctrl[a.target] != view.player]
            cand = enemy or attacks
            return self._best_by_eval(view, [END_PHASE, *cand], END_PHASE)
        if phase == MAGIC:
            return self._magic(view, st, actions)
        return END_PHASE

    # -- positional heuristics ---------------------------------------------------------
    def _enemy_spaces(self, st: GameState, me: int) -> _NearMap:
        """Weighted distance to the nearest enemy card per space (the summoner
        counts 3 times closer), computed lazily."""
        enemies = []
        for cid in st.board:
            if cid >= 0 and st.ctrl[cid] != me:
                w = 3.0 if cid in st.info.summoners else 1.0
                enemies.append((DIST[st.pos[cid]], w))
        return _NearMap(enemies)

    def _spot(
        self,
        st: GameState,
        unit: int,
        space: int,
        me: int,
        enemies: _NearMap,
    ) -> float:
        """How good ``space`` is for ``unit`` (ignores the unit itself)."""
        if not enemies:
            return 0.0
        card = st.info.cards[unit]
        board = st.board
        if card.is_summoner:
            threat = sum(
                1 for s in ADJ[space] if board[s] >= 0 and st.ctrl[board[s]] != me
            )
            return -2.0 * threat - 0.3 * abs(own_row(me, space) - 1)
        ranged = card.attack_type is AttackType.RANGED
        best = 0.0
        if ranged:
            for ray in RAYS[space]:
                for s in ray[:3]:
                    c = board[s]
                    if c >= 0 and c != unit:
                        if st.ctrl[c] != me:
                            best = max(
                                best, 6.0 * (3.0 if c in st.info.summoners else 1)
                            )
                        break
        else:
            for s in ADJ[space]:
                c = board[s]
                if c >= 0 and c != unit and st.ctrl[c] != me:
                    best = max(best, 6.0 * (3.0 if c in st.info.summoners else 1))
        return best - enemies.at(space)

    def _summon(self, view: PlayerView, st: GameState, actions: list[Action]) -> Action:
        me = view.player
        best: Action = END_PHASE
        best_v = 0.0
        enemies = self._enemy_spaces(st, me)
        for a in actions:
            if isinstance(a, Summon):
                c = st.info.cards[a.card]
                v = (
                    5.0
                    + (c.cost or 0)
                    + (c.strength or 0)
                    + 0.2 * self._spot(st, a.card, a.space, me, enemies)
                )
                if CardClass.CHAMPION in c.classes:
                    v += 3.0
                if v > best_v:
                    best, best_v = a, v
        return best

    def _move(self, view: PlayerView, st: GameState, actions: list[Action]) -> Action:
        me = view.player
        best: Action = END_PHASE
        best_v = 0.5
        cache: dict[int, float] = {}
        enemies = self._enemy_spaces(st, me)
        for a in actions:
            if isinstance(a, Move):
                if a.unit not in cache:
                    cache[a.unit] = self._spot(st, a.unit, st.pos[a.unit], me, enemies)
                v = self._spot(st, a.unit, a.to, me, enemies) - cache[a.unit]
                if a.via >= 0 and st.ctrl[st.board[a.via]] != me:
                    v += 1.0
                if v > best_v:
                    best, best_v = a, v
        return best

    def _build(self, view: PlayerView, st: GameState, builds: list[Build]) -> Action:
        me = view.player
        best: Action = END_PHASE
        best_v = 0.0
        for a in builds:
            v = 3.0 + own_row(me, a.space) - 0.3 * abs(a.space % 6 - 2.5)
            if v > best_v:
                best, best_v = a, v
        return best

    def _magic(self, view: PlayerView, st: GameState, actions: list[Action]) -> Action:
        me = view.player
        hand = st.hand[me]
        if len(hand) <= 2 or st.magic[me] >= st.info.rules.max_magic:
            return END_PHASE

        def keep(cid: int) -> float:
            c = st.info.cards[cid]
            if c.is_event and not any(
                isinstance(a, PlayEvent) and a.card == cid for a in actions
            ):
                return (c.cost or 0) * 0.5
            return 2.0 + (c.cost or 0) + (3.0 if st.is_gate(cid) else 0.0)

        worst = min(hand, key=keep)
        return DiscardForMagic(worst)


AGENTS: dict[str, type[RandomAgent] | type[GreedyAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        cls = AGENTS[name]
    except KeyError:
        raise ValueError(
            f"unknown agent {name!r}; choose from {sorted(AGENTS)}"
        ) from None
    agent: Agent = cls(seed)
    return agent


__all__ = [
    "Agent",
    "PlayerView",
    "RandomAgent",
    "GreedyAgent",
    "make_agent",
    "evaluate",
]
