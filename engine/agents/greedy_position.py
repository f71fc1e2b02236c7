"""The greedy agent's positional heuristics: where a unit stands well.

:class:`Positional` scores a space for a unit by the enemy cards it could attack from
there (an enemy summoner counts three times more; ranged units along their lines of
fire) minus the weighted distance to the nearest enemy card (:class:`NearMap`, one
per battlefield shape, memoised per space). The summoner is kept safe and back until
it is alone or the game drags on (``BOLD_TURN``), then it advances like any unit.
:class:`~engine.agents.greedy.GreedyAgent` scores summons, moves and the units an
ability relocates with it.
"""

from __future__ import annotations

from engine.agents.evaluation import BOLD_TURN
from engine.core.board import ADJ, DIST, RAYS, bits_of, own_row
from engine.core.state import GameState


class NearMap:
    """Lazy per-space minimum of weighted distances to enemy cards. ``melee``: per
    space, the greedy agent's spot value (:meth:`Positional._spot`) of a melee unit
    of its own that is not the summoner; it depends on the enemy cards' spaces only,
    so it lasts as long as the map does (filled by ``GreedyAgent._move``)."""

    __slots__ = ("enemies", "memo", "melee")

    def __init__(self, enemies: list[tuple[tuple[int, ...], float]]) -> None:
        self.enemies = enemies
        self.memo: dict[int, float] = {}
        self.melee: dict[int, float] = {}

    def __bool__(self) -> bool:
        return bool(self.enemies)

    def at(self, space: int) -> float:
        v = self.memo.get(space)
        if v is None:
            v = self.memo[space] = min([d[space] / w for d, w in self.enemies])
        return v


def strike_value(st: GameState, unit: int, space: int, me: int) -> float:
    """The best target ``unit`` would have from ``space``: 18 for an enemy summoner,
    6 for another enemy card, 0 for none (ranged: the first card along each line
    within 3 spaces; melee: the adjacent cards; the unit itself ignored)."""
    board = st.board
    ctrl = st.ctrl
    s0, s1 = st.info.summoners
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
    else:
        for s in ADJ[space]:
            c = board[s]
            if c >= 0 and c != unit and ctrl[c] != me:
                v = 18.0 if c == s0 or c == s1 else 6.0
                if v > best:
                    best = v
    return best


def adjacent_enemies(st: GameState, space: int, me: int, unit: int = -1) -> int:
    """Cards next to ``space`` that ``me`` does not control (``unit`` ignored)."""
    board = st.board
    ctrl = st.ctrl
    n = 0
    for s in ADJ[space]:
        c = board[s]
        if c >= 0 and c != unit and ctrl[c] != me:
            n += 1
    return n


def shelter(st: GameState, space: int, me: int) -> float:
    """How safe ``space`` is for a summoner kept back: fewer enemy cards next to it,
    near its own second row."""
    return -2.0 * adjacent_enemies(st, space, me) - 0.3 * abs(own_row(me, space) - 1)


class Positional:
    """Positional scores for one seat's agent (its enemy-distance map is kept while
    the enemy cards stay put)."""

    BOLD_TURN = BOLD_TURN

    def __init__(self) -> None:
        self._bold = False
        self._near_key: tuple[int, ...] | None = None
        self._near = NearMap([])

    def _enemy_spaces(self, st: GameState, me: int) -> NearMap:
        """Weighted distance to the nearest enemy card per space (the summoner
        counts 3 times closer), computed lazily."""
        spots: list[int] = [me]  # then enemy spaces, a summoner's negated
        summoners = st.info.summoners
        mobile = False
        board = st.board
        ctrl = st.ctrl
        for space in bits_of(st.occ):
            cid = board[space]
            if ctrl[cid] != me:
                spots.append(-space - 1 if cid in summoners else space)
            elif not mobile and cid not in summoners and st.can_move(cid):
                mobile = True
        # the summoner joins the fight when it is alone or the game drags on
        self._bold = not mobile or st.turn >= self.BOLD_TURN
        # the same enemy spaces give the same map: keep its memo (e.g. over the
        # moves of one move phase)
        key = tuple(spots)
        if key != self._near_key:
            self._near_key = key
            self._near = NearMap(
                [(DIST[-s - 1], 3.0) if s < 0 else (DIST[s], 1.0) for s in spots[1:]]
            )
        return self._near

    def _spot(
        self,
        st: GameState,
        unit: int,
        space: int,
        me: int,
        enemies: NearMap,
    ) -> float:
        """How good ``space`` is for ``unit`` (ignores the unit itself)."""
        if not enemies:
            return 0.0
        s0, s1 = st.info.summoners
        summoner = unit == s0 or unit == s1
        if summoner and not self._bold:
            return shelter(st, space, me)
        best = strike_value(st, unit, space, me)
        if summoner:
            best -= 1.5 * adjacent_enemies(st, space, me)
        return best - enemies.at(space)


__all__ = ["NearMap", "Positional", "adjacent_enemies", "shelter", "strike_value"]
