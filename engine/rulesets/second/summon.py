"""R4 Summon: a common or champion from hand, paid in magic, on an empty space
orthogonally adjacent to a gate (or a card that counts as a gate) you control."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Summon
from engine.core.mechanics.movement import ADJ_MASK, _bits
from engine.core.mechanics.summoning import summon_action, summon_costs
from engine.core.types import CardClass

if TYPE_CHECKING:
    from engine.core.state import GameState


def summonable(st: GameState, cid: int) -> bool:
    card = st.info.cards[cid]
    if not st.info.is_unit[cid] or card.cost is None:
        return False
    if not (CardClass.COMMON in card.classes or CardClass.CHAMPION in card.classes):
        return False
    return card.cost <= st.magic[st.turn_player]


def summon_prevented(st: GameState, cid: int) -> bool:
    """True when an ability forbids summoning ``cid`` by R4 (``prevents_summon``)."""
    for s, a in st.hooked("prevents_summon"):
        if a.prevents_summon(st, s, cid):
            return True
    return False


def gate_spaces(st: GameState, player: int) -> tuple[int, ...]:
    """Empty spaces adjacent to gates ``player`` controls, ascending."""
    mask = 0
    ctrl = st.ctrl
    board = st.board
    static = st.info.gate_static
    # GameState.is_gate, hoisted: cards that count as gates by an ability
    alike = st.hooked("counts_as_gate") if "counts_as_gate" in st.info.hooks else ()
    occ = st.occ
    for space in _bits(occ):  # the occupied spaces, ascending
        cid = board[space]
        if ctrl[cid] == player:
            if static[cid] or (
                alike and any(s == cid and a.counts_as_gate(st, s) for s, a in alike)
            ):
                mask |= ADJ_MASK[space]
    return _bits(mask & ~occ)


def legal_summons(st: GameState) -> list[Action]:
    p = st.turn_player
    costs = summon_costs(st)
    magic = st.magic[p]
    cards = [c for c in st.hand[p] if 0 <= costs[c] <= magic]
    if cards and "prevents_summon" in st.info.hooks:
        cards = [c for c in cards if not summon_prevented(st, c)]
    if not cards:
        return []
    spaces = gate_spaces(st, p)
    if "summon_spaces" not in st.info.hooks:
        return [summon_action(c, s) for c in cards for s in spaces]
    # abilities adding summoning spaces for some cards (``summon_spaces``)
    out: list[Action] = []
    board = st.board
    extra_hooks = [(s, a) for s, a in st.hooked("summon_spaces") if st.ctrl[s] == p]
    if not extra_hooks:
        return [summon_action(c, s) for c in cards for s in spaces]
    for c in cards:
        extra = {x for s, a in extra_hooks for x in a.summon_spaces(st, s, c)}
        more = {x for x in extra if board[x] < 0}
        out += [summon_action(c, s) for s in sorted(more.union(spaces))]
    return out


def do_summon(st: GameState, a: Summon) -> None:
    p = st.turn_player
    st.gain_magic(p, -(st.info.cards[a.card].cost or 0))
    st.place(a.card, a.space, p)
    if st.stats is not None:
        st.stats[3 * a.card] += 1
    if "after_summon" in st.info.hooks:
        st.emit("after_summon", a.card)
