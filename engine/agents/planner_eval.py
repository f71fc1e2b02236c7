"""The planner's evaluation: a position seen over the long game, for one seat.

:class:`PlannerEval` scores a state for seat ``me`` (higher is better) from what that
seat may know (battlefield, tokens, magic, its own hand, counts of the other hand and
of both decks). Its terms, each weighted by :class:`~engine.agents.weights.Weights`:

- **Summoners**: life left, as points and as a share of their life, plus a squared
  danger term below 5 life.
- **Units**, valued with their abilities (base + cost + strength + life + ranged +
  printed abilities + champion), scaled down by wounds to a floor; boost tokens and
  cards attached under them.
- **Gates** and summoning room (empty spaces next to one's gates).
- **Economy**: magic with diminishing value beyond what a turn needs; cards in hand
  (own by kind and cost, a unit that costs nothing to summon closer to its battlefield
  value; the other's by count); cards left in the draw deck (future
  magic or play: discarding is a trade, not free); ACTIVE events in play.
- **Threats**: expected hits each side's units can land on the other summoner next
  turn (a unit's move plus its reach; at most the ruleset's attacker limit count), a
  penalty when the enemy's reach covers one's summoner's life, and enemy units next
  to a summoner; units' advance towards the enemy side.

Values of cards that never change (a unit's printed worth) are cached per game.
"""

from __future__ import annotations

from engine.agents.weights import Weights
from engine.core.board import ADJ as _ADJ
from engine.core.board import COLS, DIST, bits_of
from engine.core.dice import MELEE, RANGED
from engine.core.hooks import BOARD
from engine.core.state import GameState
from engine.core.types import CardClass

WIN = 10_000.0


def in_reach(at: int, target: int, move: int, ranged: bool) -> bool:
    """Whether a unit on ``at`` that may move ``move`` spaces could attack
    ``target`` next turn: melee within ``move + 1`` spaces; ranged within
    ``move + 3`` and able to step into its row or column (blockers ignored)."""
    dist = DIST[at][target]
    if not ranged:
        return dist <= move + 1
    dr = abs(at // COLS - target // COLS)
    dc = abs(at % COLS - target % COLS)
    return (dr if dr < dc else dc) <= move and dist <= move + 3


# REACH[move][ranged][at]: bit mask of the spaces ``in_reach`` of ``at`` (move 0-3)
REACH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            sum(1 << t for t in range(len(DIST)) if in_reach(at, t, move, ranged))
            for at in range(len(DIST))
        )
        for ranged in (False, True)
    )
    for move in range(4)
)


class PlannerEval:
    """``PlannerEval(weights).evaluate(state, me)``."""

    def __init__(self, w: Weights) -> None:
        self.w = w
        self._info: object = None
        self._unit: tuple[float, ...] = ()
        self._hand: tuple[float, ...] = ()
        self._printed: tuple[int, ...] = ()
        self._cost: tuple[int, ...] = ()
        self._p_melee = 5 / 6
        self._p_ranged = 4 / 6

    def _prepare(self, st: GameState) -> None:
        info = st.info
        self._info = info
        w = self.w
        unit: list[float] = []
        hand: list[float] = []
        for cid, c in enumerate(info.cards):
            cost = c.cost or 0
            if c.is_summoner:
                unit.append(0.0)
                hand.append(0.0)
            elif info.is_unit[cid]:
                v = (
                    w.unit_base
                    + w.unit_cost * cost
                    + w.unit_strength * (c.strength or 0)
                    + w.unit_life * (c.life or 0)
                    + w.unit_ability * len(c.abilities)
                )
                if info.is_ranged[cid]:
                    v += w.unit_ranged
                if CardClass.CHAMPION in c.classes:
                    v += w.unit_champion
                unit.append(v)
                share = w.hand_unit_share + (w.hand_free_share if cost == 0 else 0.0)
                hand.append(w.hand_unit + share * v)
            elif c.is_structure:
                unit.append(w.gate)
                hand.append(w.hand_structure)
            else:
                unit.append(w.gate if c.is_structure else 1.5)
                hand.append(w.hand_event)
        self._unit = tuple(unit)
        self._hand = tuple(hand)
        self._printed = tuple(c.life or 1 for c in info.cards)
        self._cost = tuple(c.cost or 0 for c in info.cards)
        faces = info.faces
        n = len(faces) or 1
        self._p_melee = sum(1 for f in faces if f & MELEE) / n
        self._p_ranged = sum(1 for f in faces if f & RANGED) / n

    def unit_value(self, st: GameState, cid: int) -> float:
        if st.info is not self._info:
            self._prepare(st)
        return self._unit[cid]

    def hand_value(self, st: GameState, cid: int) -> float:
        if st.info is not self._info:
            self._prepare(st)
        return self._hand[cid]

    def hit_chance(self, st: GameState, cid: int) -> float:
        if st.info is not self._info:
            self._prepare(st)
        return self._p_ranged if st.info.is_ranged[cid] else self._p_melee

    def evaluate(self, st: GameState, me: int) -> float:
        if st.terminal:
            if st.winner is None:
                return 0.0
            return WIN if st.winner == me else -WIN
        info = st.info
        if info is not self._info:
            self._prepare(st)
        w = self.w
        unit_v = self._unit
        printed = self._printed
        summoners = info.summoners
        is_unit = info.is_unit
        is_ranged = info.is_ranged
        ctrl = st.ctrl
        damage = st.damage
        boost = st.boost
        board = st.board
        score = [0.0, 0.0]
        left = [0, 0]
        spos = [-1, -1]
        for p in (0, 1):
            s = summoners[p]
            if st.zone[s] != BOARD:
                continue
            life = st.life(s)
            if life <= 0:
                life = 1
            lf = life - damage[s]
            left[ctrl[s]] = lf
            spos[ctrl[s]] = st.pos[s]
            danger = 5 - lf
            score[ctrl[s]] += (
                w.summoner_life * lf
                + w.summoner_frac * lf / life
                - (w.summoner_danger * danger * danger if danger > 0 else 0.0)
            )
        floor = w.wounded_floor
        mover = st.turn_player
        # (reach mask, expected hits) of the side to move's units; the other
        # side's units with their value and life left
        strikers: list[tuple[int, float]] = []
        prey: list[tuple[int, float, int]] = []
        attackers: list[list[float]] = [[], []]
        gates: list[list[int]] = [[], []]
        exposed = [0, 0]
        advance = [0, 0]
        p_ranged = self._p_ranged
        p_melee = self._p_melee
        for space in bits_of(st.occ):
            cid = board[space]
            p = ctrl[cid]
            if cid == summoners[0] or cid == summoners[1]:
                v = 0.0
            else:
                v = unit_v[cid]
                d = damage[cid]
                if d:
                    life = printed[cid]
                    frac = (life - d) / life if life > 0 else 0.0
                    if frac < 0.0:
                        frac = 0.0
                    v *= floor + (1.0 - floor) * frac
                if boost[cid]:
                    v += w.boost * boost[cid]
            if not is_unit[cid]:
                if st.is_gate(cid):
                    gates[p].append(space)
                score[p] += v
                continue
            score[p] += v
            row = space // COLS
            if cid != summoners[p]:
                advance[p] += row if p == 0 else 7 - row
                if p != mover:
                    prey.append((space, v, printed[cid] - damage[cid]))
            # reach on the enemy summoner next turn
            t = spos[1 - p]
            if t < 0:
                continue
            dist = DIST[space][t]
            if dist == 1:
                exposed[1 - p] += 1
            ranged = is_ranged[cid]
            reach = REACH[2 if st.can_move(cid) else 0][ranged][space]
            hits = st.strength(cid) * (p_ranged if ranged else p_melee)
            if reach >> t & 1:
                attackers[p].append(hits)
            if p == mover:
                strikers.append((reach, hits))
        if prey and strikers and w.hanging:
            losses = []
            for space, v, lf in prey:
                exp = 0.0
                bit = 1 << space
                for reach, hits in strikers:
                    if reach & bit:
                        exp += hits
                if exp > 0.0:
                    share = 1.0 if exp >= lf else exp / (lf if lf > 0 else 1)
                    losses.append(v * share)
            if losses:
                losses.sort(reverse=True)
                loss = losses[0] + (0.5 * losses[1] if len(losses) > 1 else 0.0)
                score[1 - mover] -= w.hanging * loss
        if st.under:
            for host, below in st.under.items():
                if st.zone[host] == BOARD:
                    score[ctrl[host]] += w.attached * len(below)
        occ = st.occ
        need_hand = w.magic_need_hand
        cost = self._cost
        cap = info.ruleset.max_attackers
        for p in (0, 1):
            # magic is worth the full weight up to what the seat can spend: a fixed
            # need, or (magic_need_hand > 0) the cost of the cards in its hand
            need = w.magic_need
            if need_hand > 0:
                spend = need_hand * sum([cost[c] for c in st.hand[p]])
                if spend < need:
                    need = spend
            # summoning room next to own gates
            if gates[p]:
                room = 0
                seen = 0
                for g in gates[p]:
                    for s2 in _ADJ[g]:
                        bit = 1 << s2
                        if not occ & bit and not seen & bit:
                            seen |= bit
                            room += 1
                score[p] += w.gate_room * (room if room < 6 else 6)
            m = st.magic[p]
            score[p] += w.magic * (m if m < need else need)
            if m > need:
                score[p] += w.magic_extra * (m - need)
            score[p] += w.deck_card * len(st.deck[p])
            score[p] += w.active_event * len(st.active[p])
            score[p] += w.advance * advance[p]
            score[p] -= w.exposed * exposed[p]
            exp = sum(sorted(attackers[p], reverse=True)[:cap])
            their = left[1 - p]
            if their > 0:
                score[p] += (w.threat_by if p == me else w.threat_on) * (
                    exp if exp < their else their
                )
                if p != me and exp >= their:
                    score[me] -= w.lethal_on
        hand_v = self._hand
        score[me] += sum([hand_v[c] for c in st.hand[me]])
        score[1 - me] += w.hand_card * len(st.hand[1 - me])
        return score[me] - score[1 - me]
