"""Position evaluation shared by the search agents: :func:`evaluate` scores a state
for one seat from public facts only (summoner life, material on board, boost,
attached cards, magic, cards in hand). Its weights are module constants."""

from __future__ import annotations

from engine.core.board import bits_of
from engine.core.hooks import BOARD
from engine.core.state import GameState

# -- evaluation ------------------------------------------------------------------------
WIN = 10_000.0
# an ACTIVE event's lasting effect, on top of its cost refunded (cheap estimate)
ACTIVE_EVENT_VALUE = 1.0
# weight of the positional gain (``GreedyAgent._spot``) of units an ability moved
POSITION_WEIGHT = 1.0
# an ability is used when it improves the position by more than this
ABILITY_MIN_GAIN = 0.5
# a boost token on a card (strength or fuel for abilities)
BOOST_VALUE = 0.6
# a card attached under a battlefield card (e.g. a weapon: strength, abilities)
ATTACHED_VALUE = 2.0
# from this turn on the summoner advances like any unit (avoids turn-cap draws)
BOLD_TURN = 36


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


def _printed_life(st: GameState) -> tuple[int, ...]:
    got = st.info.extra.get("printed_life")
    if got is None:
        got = st.info.extra["printed_life"] = tuple(c.life or 1 for c in st.info.cards)
    lives: tuple[int, ...] = got
    return lives


def evaluate(st: GameState, me: int) -> float:
    """Score of ``st`` for ``me`` (higher is better). Uses only public facts: the
    battlefield, tokens, magic and hand sizes."""
    if st.terminal:
        if st.winner is None:
            return 0.0
        return WIN if st.winner == me else -WIN
    info = st.info
    got = info.extra.get("agent_eval")
    if got is None:
        got = info.extra["agent_eval"] = (card_values(st), _printed_life(st))
    values: tuple[float, ...] = got[0]
    printed: tuple[int, ...] = got[1]
    s0, s1 = info.summoners
    if "mod_life" in info.aura_hooks and st.aura_active("mod_life"):
        exact: frozenset[int] | None = None
    else:
        exact = info.self_hooks.get("mod_life", frozenset())
    ctrl = st.ctrl
    damage = st.damage
    boost = st.boost
    mine = 0.0
    theirs = 0.0
    # summoners (value 0 below): by life left
    zone = st.zone
    for s in (s0, s1):
        if zone[s] != BOARD:
            continue
        life = st.life(s) if exact is None or s in exact else printed[s]
        if life <= 0:
            life = 1
        left = life - damage[s]
        v = 12.0 * left / life + 3.0 * left
        if ctrl[s] == me:
            mine += v
        else:
            theirs += v
    board = st.board
    for space in bits_of(st.occ):  # the occupied spaces, ascending
        cid = board[space]
        d = damage[cid]
        if d:
            life = st.life(cid) if exact is None or cid in exact else printed[cid]
            if life <= 0:
                life = 1
            v = values[cid] * (0.55 + 0.45 * (life - d) / life)
        else:
            v = values[cid]
        if boost[cid]:
            v += BOOST_VALUE * boost[cid]
        if ctrl[cid] == me:
            mine += v
        else:
            theirs += v
    if st.under:
        for host, below in st.under.items():
            if zone[host] == BOARD:
                if ctrl[host] == me:
                    mine += ATTACHED_VALUE * len(below)
                else:
                    theirs += ATTACHED_VALUE * len(below)
    opp = 1 - me
    return (
        mine
        - theirs
        + 0.5 * (st.magic[me] - st.magic[opp])
        + 0.25 * (len(st.hand[me]) - len(st.hand[opp]))
    )
