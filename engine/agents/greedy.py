"""``greedy``: one decision ahead, with a heuristic evaluation.

Works on :meth:`engine.core.view.PlayerView.search` copies (information-fair).

Attacks, events, abilities (``UseAbility``) and the choices inside effects are tried
on the determinised copy and scored with :func:`evaluate` (summoner life, material on
board, boost, attached cards, magic, cards in hand: public facts only). An action that
opens choices of its own player (an event such as Enrage the Horde, an ability such as
Raise the Dead) is scored by a greedy roll-out of those choices (ties rolled out each;
budget- and depth-limited); the opponent's choices are not explored. Summons, moves
and builds, which are many, are scored by position (closer to enemy cards, attack
lines for ranged units, the summoner kept safe until it is alone or the game drags
on); abilities that relocate units (Charge, Sly, Sneak) add that positional gain, and
a swap in the attack phase is credited with the attack it opens. ACTIVE events get a
cheap estimate of their lasting effect. Events and attack-phase abilities are weighed
when a phase starts and again before it ends, summon-phase abilities when it starts
(look-ahead through their choices is the costly part); attack gains are reused within
an attack phase while the battlefield keeps its shape. The magic phase keeps two cards
(with an empty deck: pays for the best unit left). Stops a phase when no action
improves the score. Deterministic: same seed, same game (its caches live in the agent,
one per game and seat).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.agents.evaluation import (
    ABILITY_MIN_GAIN,
    ACTIVE_EVENT_VALUE,
    POSITION_WEIGHT,
    evaluate,
)
from engine.agents.greedy_position import NearMap, Positional
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
from engine.core.board import bits_of, own_row
from engine.core.hooks import ACTIVE, Decision
from engine.core.mechanics.attack import targets as attack_targets
from engine.core.phases import ATTACK, BUILD, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.types import CardClass
from engine.core.view import PlayerView


class GreedyAgent(Positional):
    name = "greedy"

    # Tuning (class attributes so that variants can be measured against each
    # other; values chosen by greedy-vs-greedy ablations over the Master Set).
    # Look-ahead: options tried per decision while following the choices an
    # action opens (shared by its candidates), and nested choices followed.
    BUDGET = 12
    DEPTH = 4
    ACTIVE_VALUE = ACTIVE_EVENT_VALUE
    # an event is played when it beats not playing it by more than this (the
    # card could be discarded for magic instead; lower values waste magic)
    EVENT_MIN_GAIN = 1.0

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.rng = random.Random(seed)
        self._phase_key = (-1, -1)
        self._root: GameState | None = None
        self._root_v: float | None = None
        self._attack_sig: tuple[object, ...] = ()
        self._attacks: dict[tuple[int, ...], float] = {}

    # -- look-ahead on a determinised copy ---------------------------------------------
    def _settle(
        self,
        st: GameState,
        me: int,
        budget: list[int],
        depth: int,
        root: GameState,
        enemies: NearMap | None,
    ) -> float:
        """Value of ``st`` for ``me`` once the decisions it waits on are answered.

        ``me``'s choices are followed by a greedy roll-out: every option is scored
        as it stands and the best is followed; options that tie (e.g. the steps of
        a multi-step effect that change nothing yet) are each rolled out. At most
        ``depth`` nested choices and ``budget`` tried options; the opponent's
        choices are not explored (cost). Leaves are scored by :meth:`_leaf`."""
        while True:
            if st.terminal or depth <= 0 or budget[0] <= 0 or not st.stack:
                return self._leaf(st, me, root, enemies)
            top = st.stack[-1]
            if not isinstance(top, Decision) or top.player != me:
                return self._leaf(st, me, root, enemies)
            depth -= 1
            children: list[tuple[float, GameState]] = []
            for o in top.options:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
                c = st.clone(record=False)
                try:
                    c.apply_action(o)
                except IllegalActionError:
                    continue
                children.append((self._leaf(c, me, root, enemies), c))
            if not children:
                return self._leaf(st, me, root, enemies)
            top_v = max(v for v, _ in children)
            tied = [c for v, c in children if v >= top_v - 1e-9]
            if len(tied) == 1 or depth <= 0:
                st = tied[0]
                continue
            best = -1e18
            for c in tied:
                if c.terminal or not c.stack:
                    v = top_v  # nothing more to choose: scored already
                elif budget[0] <= 0:
                    break
                else:
                    v = self._settle(c, me, budget, depth, root, enemies)
                if v > best:
                    best = v
            return top_v if best < -1e17 else best

    def _leaf(
        self, st: GameState, me: int, root: GameState, enemies: NearMap | None
    ) -> float:
        v = evaluate(st, me)
        if enemies is not None and not st.terminal:
            v += self._relocated(root, st, me, enemies)
        return v

    def _outcome(
        self,
        root: GameState,
        a: Action,
        me: int,
        enemies: NearMap | None,
        budget: int,
    ) -> float:
        """Value after ``a`` and its follow-up choices, plus (when ``enemies`` is
        given) how much better placed the units it relocated are."""
        st = root.clone(record=False)
        try:
            st.apply_action(a)
        except IllegalActionError:
            # legal in the real game but not in this determinisation (it depended
            # on hidden cards): judge it on the current position
            return evaluate(root, me)
        t = type(a)
        if t is UseAbility and enemies is not None and st.phase == ATTACK:
            v = self._settle(st, me, [budget], self.DEPTH, root, None)
            if not st.stack and not st.terminal:
                # e.g. a swap: the attacks it opens for the units it moved
                gain = self._relocated(root, st, me, enemies)
                if gain:
                    v = max(v, self._follow_up_attack(root, st, me))
                v += 0.25 * gain
        elif t is Attack or t is EndPhase or t is Move or t is Summon:
            # plain actions: the choices they trigger are not explored (cost)
            v = self._leaf(st, me, root, enemies)
        else:
            v = self._settle(st, me, [budget], self.DEPTH, root, enemies)
        if isinstance(a, PlayEvent) and st.zone[a.card] == ACTIVE:
            # a lasting effect: its value comes later (cheap estimate)
            v += self.ACTIVE_VALUE + 0.5 * (st.info.cards[a.card].cost or 0)
        return v

    def _follow_up_attack(self, root: GameState, st: GameState, me: int) -> float:
        """Best value of one attack on an enemy card by a unit that changed space
        between ``root`` and ``st`` (-inf when there is none)."""
        best = -1e18
        rpos = root.pos
        ctrl = st.ctrl
        # cheap test first: a moved unit of mine, free to attack, next to (or in
        # line with) an enemy card
        ready = False
        board = st.board
        for space in bits_of(st.occ):
            cid = board[space]
            if (
                ctrl[cid] == me
                and rpos[cid] != st.pos[cid]
                and cid not in st.attacked
                and any(ctrl[t] != me for t in attack_targets(st, cid))
            ):
                ready = True
                break
        if not ready:
            return best
        for a in st.legal_actions():
            if type(a) is not Attack:
                continue
            assert isinstance(a, Attack)
            if st.ctrl[a.target] == me or rpos[a.attacker] == st.pos[a.attacker]:
                continue
            c = st.clone(record=False)
            try:
                c.apply_action(a)
            except IllegalActionError:
                continue
            v = evaluate(c, me)
            if v > best:
                best = v
        return best

    def _relocated(
        self, root: GameState, st: GameState, me: int, enemies: NearMap
    ) -> float:
        """Positional gain of ``me``'s units that changed space from root to st."""
        if st.board == root.board:
            return 0.0
        gain = 0.0
        rpos = root.pos
        board = st.board
        ctrl = st.ctrl
        for space in bits_of(st.occ):
            cid = board[space]
            if ctrl[cid] != me:
                continue
            old = rpos[cid]
            if old >= 0 and old != st.pos[cid] and root.board[old] == cid:
                gain += self._spot(st, cid, st.pos[cid], me, enemies) - self._spot(
                    root, cid, old, me, enemies
                )
        return POSITION_WEIGHT * gain

    def _best_by_eval(
        self,
        view: PlayerView,
        actions: list[Action],
        baseline: Action | None,
        enemies: NearMap | None = None,
        gain: bool = True,
    ) -> tuple[Action, float]:
        """The action with the best look-ahead value (``baseline`` on ties) and
        its gain over the current position (0.0 when ``gain`` is False: the
        current position is then valued only if the attack cache needs it)."""
        root = self._root
        if root is None:
            root = self._root = view.search()
        me = view.player
        best = actions[0]
        best_v = -1e18
        base_v = None
        budget = max(2, self.BUDGET // len(actions))
        now = self._root_v
        cache = self._attack_cache(root)
        if now is None and (gain or cache is not None):
            now = self._root_v = evaluate(root, me)
        damage = root.damage
        boost = root.boost
        for a in actions:
            key: tuple[int, ...] | None = None
            if cache is None:
                pass
            elif type(a) is Attack:
                assert isinstance(a, Attack)
                u, t = a.attacker, a.target
                key = (u, t, damage[u], damage[t], boost[u], boost[t])
            elif a is END_PHASE:
                s = root.info.summoners[me]
                key = (-1, int(root.targeted_enemy), damage[s], boost[s])
            if key is not None:
                assert cache is not None and now is not None
                d = cache.get(key)
                if d is None:
                    v = self._outcome(root, a, me, enemies, budget)
                    cache[key] = v - now
                else:
                    v = now + d
            else:
                v = self._outcome(root, a, me, enemies, budget)
            if a is baseline:
                base_v = v
            if v > best_v + 1e-9:
                best, best_v = a, v
        if baseline is not None and base_v is not None and best_v <= base_v + 1e-9:
            return baseline, 0.0
        return best, 0.0 if now is None else best_v - now

    def _attack_cache(self, root: GameState) -> dict[tuple[int, ...], float] | None:
        """Gains of attacks already scored in this attack phase, reused while the
        battlefield, the active areas and the hands keep their shape (an attack's
        gain then depends on its attacker and target only, whose tokens are part
        of the key): a phase of three attacks scores most of them once."""
        if root.stack or root.phase != ATTACK:
            return None
        sig = (
            root.turn,
            tuple(root.board),
            len(root.active[0]),
            len(root.active[1]),
            len(root.hand[0]),
            len(root.hand[1]),
        )
        if sig != self._attack_sig:
            self._attack_sig = sig
            self._attacks = {}
        return self._attacks

    def choose(self, view: PlayerView, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        self._root = None  # the determinised copy, made once per decision
        self._root_v = None
        if view.pending() is not None:
            st = view.public_state()
            enemies = self._enemy_spaces(st, view.player)
            return self._best_by_eval(view, actions, None, enemies, gain=False)[0]
        st = view.public_state()
        # events are weighed when a phase starts and again before ending it (not
        # at every step in between: look-ahead through their choices is costly)
        key = (st.turn, st.phase)
        first = key != self._phase_key
        self._phase_key = key
        events: list[Action] = [a for a in actions if type(a) is PlayEvent]
        if events and first:
            near = self._enemy_spaces(st, view.player)
            a = self._event(view, events, near)
            if a is not END_PHASE:
                return a
        a = self._phase_action(view, st, actions, first)
        if a is END_PHASE and events and not first:
            near = self._enemy_spaces(st, view.player)
            return self._event(view, events, near)
        return a

    def choose_quick(
        self,
        view: PlayerView,
        actions: list[Action],
        attack: Callable[[GameState, int, list[Action]], Action],
    ) -> Action:
        """Greedy's choice without its look-ahead, for play-outs: its own summon,
        move, build and magic heuristics (no event or ability weighed), the attack
        ``attack`` picks (a cheaper judge than trying each one); a choice inside an
        effect is judged as :meth:`choose` does, but on ``view``'s state itself,
        which must be a search copy (a play-out's): no second copy is made."""
        if len(actions) == 1:
            return actions[0]
        st = view.public_state()
        if view.pending() is not None:
            # judged on the play-out's own copy: it is determinised already
            self._root = st
            self._root_v = None
            enemies = self._enemy_spaces(st, view.player)
            return self._best_by_eval(view, actions, None, enemies, gain=False)[0]
        phase = st.phase
        if phase == SUMMON:
            return self._summon(view, st, actions, [])
        if phase == MOVE:
            return self._move(view, st, actions, [])
        if phase == ATTACK:
            return attack(st, view.player, actions)
        if phase == MAGIC:
            return self._magic(view, st, actions)
        if phase == BUILD or phase == EVENTS:
            builds = [a for a in actions if isinstance(a, Build)]
            if builds:
                return self._build(view, st, builds)
        return END_PHASE

    def _event(self, view: PlayerView, events: list[Action], near: NearMap) -> Action:
        """The best event if it beats not playing by more than EVENT_MIN_GAIN (the
        card could be discarded for magic instead), else END_PHASE."""
        a, gain = self._best_by_eval(view, [END_PHASE, *events], END_PHASE, near)
        return a if gain > self.EVENT_MIN_GAIN else END_PHASE

    def _phase_action(
        self, view: PlayerView, st: GameState, actions: list[Action], first: bool
    ) -> Action:
        phase = st.phase
        abilities: list[Action] = [a for a in actions if type(a) is UseAbility]
        if phase == SUMMON:
            # abilities (Raise the Dead...) are weighed when the phase starts
            return self._summon(view, st, actions, abilities if first else [])
        if phase == MOVE:
            return self._move(view, st, actions, abilities)
        if phase == BUILD or phase == EVENTS:
            # walls: the first edition builds them in its events phase
            builds = [a for a in actions if isinstance(a, Build)]
            if builds:
                return self._build(view, st, builds)
            if abilities:
                return self._best_by_eval(view, [END_PHASE, *abilities], END_PHASE)[0]
            return END_PHASE
        if phase == ATTACK:
            attacks = [a for a in actions if isinstance(a, Attack)]
            enemy = [a for a in attacks if st.ctrl[a.target] != view.player]
            cand: list[Action] = [END_PHASE, *(enemy or attacks)]
            if abilities and not first and len(cand) > 1:
                # as events: abilities weighed at the start and before the end
                a = self._best_by_eval(view, cand, END_PHASE)[0]
                if a is not END_PHASE:
                    return a
                cand = [END_PHASE]
            cand += abilities
            if len(cand) == 1:
                return END_PHASE
            enemies = self._enemy_spaces(st, view.player) if abilities else None
            return self._best_by_eval(view, cand, END_PHASE, enemies)[0]
        if phase == MAGIC:
            return self._magic(view, st, actions)
        if abilities:
            return self._best_by_eval(view, [END_PHASE, *abilities], END_PHASE)[0]
        return END_PHASE

    def _summon(
        self,
        view: PlayerView,
        st: GameState,
        actions: list[Action],
        abilities: list[Action],
    ) -> Action:
        me = view.player
        if abilities:
            a, gain = self._best_by_eval(view, [END_PHASE, *abilities], END_PHASE)
            if a is not END_PHASE and gain > ABILITY_MIN_GAIN:
                return a
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

    def _move(
        self,
        view: PlayerView,
        st: GameState,
        actions: list[Action],
        abilities: list[Action],
    ) -> Action:
        me = view.player
        best: Action = END_PHASE
        best_v = 0.5
        enemies = self._enemy_spaces(st, me)
        spot = self._spot
        # a melee common's or champion's spot value depends on the space only (and
        # on the enemy cards' spaces: the map keeps it while they stay put); other
        # units' values are kept per unit and destination (moves differ in ``via``)
        melee = enemies.melee
        here_of: dict[int, float] = {}
        seen: dict[int, dict[int, float]] = {}
        s0, s1 = st.info.summoners
        is_ranged = st.info.is_ranged
        ctrl = st.ctrl
        board = st.board
        unit = -1
        here = 0.0
        plain = False
        tos: dict[int, float] = {}
        for a in actions:
            if type(a) is not Move:
                continue
            assert isinstance(a, Move)
            if a.unit != unit:  # (a unit's moves come together)
                unit = a.unit
                h = here_of.get(unit)
                if h is None:
                    h = here_of[unit] = spot(st, unit, st.pos[unit], me, enemies)
                here = h
                plain = not (
                    is_ranged[unit] or unit == s0 or unit == s1 or ctrl[unit] != me
                )
                if not plain:
                    tos = seen.setdefault(unit, {})
            to = a.to
            if plain:
                m = melee.get(to)
                if m is None:
                    m = melee[to] = spot(st, unit, to, me, enemies)
                v = m - here
            else:
                got = tos.get(to)
                if got is None:
                    got = tos[to] = spot(st, unit, to, me, enemies) - here
                v = got
            if a.via >= 0 and ctrl[board[a.via]] != me:
                v += 1.0
            if v > best_v:
                best, best_v = a, v
        if abilities:
            a, gain = self._best_by_eval(
                view, [END_PHASE, *abilities], END_PHASE, enemies
            )
            if a is not END_PHASE and gain > max(best_v, ABILITY_MIN_GAIN):
                return a
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
        magic = st.magic[me]
        cap = st.info.ruleset.max_magic
        if not hand or (cap is not None and magic >= cap):
            return END_PHASE

        def keep(cid: int) -> float:
            c = st.info.cards[cid]
            if c.is_event and not any(
                isinstance(a, PlayEvent) and a.card == cid for a in actions
            ):
                return (c.cost or 0) * 0.5
            return 2.0 + (c.cost or 0) + (3.0 if st.is_gate(cid) else 0.0)

        if len(hand) > 2:
            return DiscardForMagic(min(hand, key=keep))
        if view.deck_count(me) > 0:
            return END_PHASE
        # no more draws: pay for the best unit left with the other cards
        units = [c for c in hand if st.info.is_unit[c]]
        if not units:
            return DiscardForMagic(min(hand, key=keep))
        target = max(units, key=keep)
        need = (st.info.cards[target].cost or 0) - magic
        rest = [c for c in hand if c != target]
        if need > 0 and rest and len(rest) >= need:
            return DiscardForMagic(min(rest, key=keep))
        return END_PHASE
