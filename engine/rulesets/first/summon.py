"""R14 Summon: a common or champion from hand, its cost paid from the magic pile, on an
empty space orthogonally adjacent to a wall you control (on either half). Any number
while you can pay and have spaces; cost-0 units are free. What a card costs now may
differ from its printed cost (``mod_summon_cost`` abilities: Hirud), never below 0.

Card abilities change this through the core hooks the second edition's summon rule
also asks: ``summon_spaces`` (more spaces for some cards, e.g. *Built* units next to
an Architect) and ``prevents_summon`` (a card that cannot be summoned now, e.g. under
Magic Stasis, or one with its own way in such as Stonecloak)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Summon
from engine.core.mechanics.movement import ADJ_MASK, _bits
from engine.core.mechanics.summoning import summon_action, summon_costs
from engine.rulesets.first.piles import vines_under

if TYPE_CHECKING:
    from engine.core.state import GameState

#: st.notes key + wall card id: that wall is not a summoning point now (a Possessed
#: Wall covers it)
NOT_A_SUMMONING_POINT = "first.not-a-summoning-point."


def wall_spaces(st: GameState, player: int) -> tuple[int, ...]:
    """Empty spaces adjacent to walls ``player`` controls, ascending (Vine Walls
    under units included, R31; and to cards an ability makes summoning points,
    ``counts_as_gate``: the Stoneflesh Mutant)."""
    mask = 0
    ctrl = st.ctrl
    board = st.board
    static = st.info.gate_static
    occ = st.occ
    notes = st.notes
    for space in _bits(occ):
        cid = board[space]
        if ctrl[cid] == player and static[cid]:
            if notes and f"{NOT_A_SUMMONING_POINT}{cid}" in notes:
                continue
            mask |= ADJ_MASK[space]
    if notes:
        for c in vines_under(st, player):  # Vine Walls under units (R31)
            mask |= ADJ_MASK[st.pos[c]]
    if "counts_as_gate" in st.info.hooks:
        for s, a in st.hooked("counts_as_gate"):
            if ctrl[s] == player and a.counts_as_gate(st, s):
                mask |= ADJ_MASK[st.pos[s]]
    return _bits(mask & ~occ)


def summon_cost(st: GameState, card: int) -> int:
    """The magic summoning ``card`` costs now: its printed cost changed by the
    ``mod_summon_cost`` abilities in play, never below 0."""
    v = st.info.cards[card].cost or 0
    if "mod_summon_cost" in st.info.hooks:
        for s, a in st.hooked("mod_summon_cost"):
            v = a.mod_summon_cost(st, s, card, v)
    return v if v > 0 else 0


def summon_prevented(st: GameState, cid: int) -> bool:
    """True when an ability forbids summoning ``cid`` now (``prevents_summon``)."""
    for s, a in st.hooked("prevents_summon"):
        if a.prevents_summon(st, s, cid):
            return True
    return False


def summon_spaces(st: GameState, player: int, cid: int) -> tuple[int, ...]:
    """Where ``player`` may summon ``cid``: next to their walls, plus the empty
    spaces ``summon_spaces`` abilities of cards they control add, ascending."""
    spaces = wall_spaces(st, player)
    if "summon_spaces" not in st.info.hooks:
        return spaces
    board = st.board
    more = {
        x
        for s, a in st.hooked("summon_spaces")
        if st.ctrl[s] == player
        for x in a.summon_spaces(st, s, cid)
        if board[x] < 0
    }
    if not more:
        return spaces
    return tuple(sorted(more.union(spaces)))


def legal_summons(st: GameState) -> list[Action]:
    """Summon(card, space) by hand order, then space ascending."""
    p = st.turn_player
    costs = summon_costs(st)
    magic = st.magic[p]
    if "mod_summon_cost" in st.info.hooks and st.hooked("mod_summon_cost"):
        cards = [c for c in st.hand[p] if costs[c] >= 0 and summon_cost(st, c) <= magic]
    else:
        cards = [c for c in st.hand[p] if 0 <= costs[c] <= magic]
    if cards and "prevents_summon" in st.info.hooks:
        cards = [c for c in cards if not summon_prevented(st, c)]
    if not cards:
        return []
    if "summon_spaces" not in st.info.hooks:
        spaces = wall_spaces(st, p)
        return [summon_action(c, s) for c in cards for s in spaces]
    return [summon_action(c, s) for c in cards for s in summon_spaces(st, p, c)]


def do_summon(st: GameState, a: Summon) -> None:
    p = st.turn_player
    st.gain_magic(p, -summon_cost(st, a.card))  # R14: pile top -> discard
    st.place(a.card, a.space, p)
    if st.stats is not None:
        st.stats[3 * a.card] += 1
    if "after_summon" in st.info.hooks:
        st.emit("after_summon", a.card)
