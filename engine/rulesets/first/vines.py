"""Vine Walls under units (research/first-edition.md R31, R27).

A Vine Wall (Mugglug's separate pile, :mod:`.piles`) is a 2-life wall that a unit may
be summoned, moved or placed onto; leaving it costs a roll. How the engine holds it:

- a Vine Wall nobody stands on is an ordinary battlefield card (``board[space]``);
- a Vine Wall under a unit is in the core's "nowhere" zone (-1, like a card in its
  pile) with ``pos`` = its space (a pile card has ``pos`` -1), its controller and
  wound tokens kept, and ``notes[UNDER_KEY + space]`` = its card id. It belongs to the
  SPACE, not to the unit: it stays when the unit moves, is pushed, swapped or
  destroyed, and comes back onto the battlefield as soon as the space is empty again
  (the core calls :meth:`FirstEdition.space_vacated`, see
  :meth:`engine.core.ruleset.Ruleset.space_vacated`).

The rule, for the turn player's phase actions (wrapping the core's move and the
first edition's summon):

- moving: a unit may end its move on a Vine Wall (a free space otherwise: no
  passing through it, R16); a Vine Wall space counts as occupied for everything
  else (R31). Only the move phase's own moves: a move an ability offers (its
  ``actions``) or makes never ends on a Vine Wall;
- summoning: onto a Vine Wall next to a wall you control, as onto an empty space;
- leaving: a unit standing on a Vine Wall that starts a move (R16 move phase) rolls
  a die first: 1-3, it takes 1 wound (a destruction feeds the Vine Wall controller's
  magic pile, R27), stays, its move is spent and it cannot try again this turn;
  4+, it moves normally. No roll for the cards whose text says "no roll to leave
  vine walls" (:data:`FREE_LEAVERS`: Mugglug and the Vinemancers), nor for a Swamp
  Orc unit of a player whose Ambush (this turn) or Vine Guard (until their next
  turn) lends it a Vinemancer ability; nor for placements, pushes and moves made
  by abilities outside the move phase's three (they never roll).
- ``VINE_MOVED + unit`` (a turn flag): the unit moved onto or off a Vine Wall this
  turn (Vinemancer Ambush).

- attacking: wherever a unit may attack a unit standing on a Vine Wall (the
  attack phase's own attacks), it may attack that Vine Wall instead
  (``Attack(unit, vine)``, R31: the attacker declares which). Such an attack rolls
  as usual (``mod_attack_strength``, ``mod_hits``, ``mod_damage`` asked with the
  Vine Wall as target) and wounds only the Vine Wall; at 2 wounds it goes back to
  its pile, nobody gains magic (R31) and the unit stays. ``after_attack`` and
  ``after_attack_result`` fire with the Vine Wall as target (``res.space`` its
  space). Simplified: no ``after_roll`` (rerolls) for such an attack; attacks
  that abilities offer (``actions``) get the Vine Wall variant only where the
  ability asks for it (:func:`with_vine_targets`: Glarg's and the Conjurer's bow).

A Vine Wall under a unit is still a wall its controller has on the battlefield:
a summoning point (:func:`.summon.wall_spaces`), and the Swamp Orcs abilities that
look for Vine Walls or walls near a card see it (:func:`.piles.vines_under`,
:func:`vine_at`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Attack, Move, Summon
from engine.core.board import ADJ
from engine.core.hooks import BOARD, AttackResult
from engine.core.mechanics.attack import (
    EXTRA_KEY,
    do_attack,
    hits_of,
    is_extra_attack,
    legal_attacks,
    note_luck,
)
from engine.core.mechanics.movement import do_move, legal_moves
from engine.core.mechanics.summoning import summon_action, summon_costs
from engine.rulesets.first.piles import (
    IN_PILE,
    VINE_UNDER_KEY,
    pile_cards,
    return_to_pile,
)
from engine.rulesets.first.summon import (
    NOT_A_SUMMONING_POINT,
    do_summon,
    legal_summons,
    summon_cost,
    summon_prevented,
)

if TYPE_CHECKING:
    from engine.core.state import GameState

VINE = "vine-wall"
#: notes key + space: the Vine Wall under the unit on that space
UNDER_KEY = VINE_UNDER_KEY
_UNDER_KEYS = tuple(f"{UNDER_KEY}{s}" for s in range(48))
#: flags key + unit: it failed its roll to leave a Vine Wall this turn
STUCK = "first.vine-stuck."
#: flags key + unit: it moved onto or off a Vine Wall this turn
VINE_MOVED = "first.vine-moved."
#: the roll to leave succeeds from this face on
LEAVE_FROM = 4
#: cards whose own text says "no roll to leave vine walls"
FREE_LEAVERS = frozenset(
    {
        "mugglug",
        "glarg",
        "murk",
        "splack",
        "splub",
        "conjurer",
        "hunter-swamp-orcs",
        "shaman-swamp-orcs",
    }
)
SWAMP_ORCS = "swamp-orcs"
#: flags key + player: an Ambush they played this turn (its card id)
AMBUSH = "first.ambush."
#: notes key + player: the turn they last played Vine Guard (swamp_orcs.py)
VINE_GUARD = "first.vine-guard."


def is_vine(st: GameState, cid: int) -> bool:
    return st.info.cards[cid].slug == VINE


def vine_cards(st: GameState) -> tuple[int, ...]:
    """The game's Vine Wall card ids (cached on the game info; mostly none)."""
    extra = st.info.extra
    got: tuple[int, ...] | None = extra.get("first.vine_cards")
    if got is None:
        cards = st.info.cards
        got = extra["first.vine_cards"] = tuple(
            c for c in range(len(cards)) if cards[c].slug == VINE
        )
    return got


def lone_vines(st: GameState) -> list[int]:
    """Spaces holding a Vine Wall nobody stands on (nor a card under it), ascending."""
    vines = vine_cards(st)
    if not vines:
        return []
    zone = st.zone
    pos = st.pos
    under = st.under
    return sorted(
        pos[c] for c in vines if zone[c] == BOARD and (not under or c not in under)
    )


def vine_under(st: GameState, space: int) -> int:
    """The Vine Wall under the unit on ``space``, or -1."""
    notes = st.notes
    if not notes:
        return -1
    return notes.get(_UNDER_KEYS[space], -1)


def vine_at(st: GameState, space: int) -> int:
    """The Vine Wall on ``space``, under a unit or alone, or -1."""
    c = st.board[space]
    if c >= 0 and is_vine(st, c):
        return c
    return vine_under(st, space)


def on_vine(st: GameState, cid: int) -> bool:
    """``cid`` is a unit on the battlefield standing on a Vine Wall."""
    return st.on_board(cid) and vine_under(st, st.pos[cid]) >= 0


def free_vine(st: GameState, space: int) -> bool:
    """``space`` holds a Vine Wall with no unit on it (nor a card under it: a
    Possessed Wall on a Vine Wall makes it a wall of the Demagogue's, kept whole)."""
    c = st.board[space]
    return c >= 0 and is_vine(st, c) and c not in st.under


def lift_vine(st: GameState, space: int) -> None:
    """Take the lone Vine Wall off ``space`` so that a unit can be put there (it
    goes under the space's next occupant)."""
    c = st.board[space]
    ctrl = st.ctrl[c]
    st.remove_from_zone(c)  # (the state does not call space_vacated back for it:
    # the space is refilled at once by the caller)
    st.zone[c] = IN_PILE
    st.pos[c] = space
    st.ctrl[c] = ctrl
    st.notes[_UNDER_KEYS[space]] = c


def put_vine_under(st: GameState, player: int, space: int) -> int:
    """Put the next Vine Wall of ``player``'s pile under the unit on ``space``
    (controlled by ``player``); its id, or -1 (pile empty, a Vine Wall there)."""
    if vine_at(st, space) >= 0 or st.board[space] < 0:
        return -1
    left = pile_cards(st, player, VINE)
    if not left:
        return -1
    c = left[0]
    st.pos[c] = space
    st.ctrl[c] = player
    st.notes[_UNDER_KEYS[space]] = c
    return c


def space_vacated(st: GameState, space: int) -> None:
    """The unit on ``space`` left it: a Vine Wall under it comes back."""
    notes = st.notes
    if not notes:
        return
    key = _UNDER_KEYS[space]
    c = notes.get(key, -1)
    if c < 0 or st.board[space] >= 0:
        return
    del notes[key]
    ctrl = st.ctrl[c]
    st.pos[c] = -1
    st.place(c, space, ctrl)


def in_pile(st: GameState, cid: int) -> bool:
    """``cid`` is in its separate pile (not under a unit)."""
    return st.zone[cid] == IN_PILE and st.pos[cid] < 0


def free_leaver(st: GameState, unit: int) -> bool:
    """``unit`` leaves Vine Walls without a roll."""
    card = st.info.cards[unit]
    if card.slug in FREE_LEAVERS:
        return True
    if card.faction != SWAMP_ORCS:
        return False
    p = st.ctrl[unit]
    if st.flags.get(f"{AMBUSH}{p}", -1) >= 0:
        return True
    played = st.notes.get(f"{VINE_GUARD}{p}")
    return played is not None and st.turn <= played + 1


# -- moving --------------------------------------------------------------------------


def _vine_moves(st: GameState) -> list[Action]:
    """Moves ending on a lone Vine Wall: through empty spaces, the last step onto it."""
    board = st.board
    vines = lone_vines(st)
    if not vines:
        return []
    p = st.turn_player
    moved = st.moved
    flags = st.flags
    out: list[Action] = []
    for unit in st.units_of(p):
        if unit in moved or f"{STUCK}{unit}" in flags or not st.can_move(unit):
            continue
        dist = st.move_distance(unit)
        if dist <= 0:
            continue
        start = st.pos[unit]
        # spaces reachable in k steps over empty spaces (start included at 0)
        seen = {start: 0}
        frontier = [start]
        for k in range(1, dist):
            nxt = []
            for s in frontier:
                for n in ADJ[s]:
                    if board[n] < 0 and n not in seen:
                        seen[n] = k
                        nxt.append(n)
            frontier = nxt
        for v in vines:
            if any(n in seen for n in ADJ[v]):
                out.append(Move(unit, v))
    return out


def first_legal_moves(st: GameState) -> list[Action]:
    """The core's moves, without the units stuck on a Vine Wall, plus moves onto
    lone Vine Walls."""
    out = legal_moves(st)
    flags = st.flags
    if any(k.startswith(STUCK) for k in flags):
        out = [
            a for a in out if not (isinstance(a, Move) and f"{STUCK}{a.unit}" in flags)
        ]
    if len(st.moved) < st.info.ruleset.movers_limit(st):
        out += _vine_moves(st)
    return out


def _path_onto(st: GameState, start: int, to: int, dist: int) -> tuple[int, ...]:
    """Spaces stepped on from ``start`` to the Vine Wall on ``to`` (breadth-first,
    ADJ order, over empty spaces)."""
    board = st.board
    prev: dict[int, int] = {start: -1}
    frontier = [start]
    for _k in range(dist):
        nxt = []
        for s in frontier:
            if to in ADJ[s]:
                path = [to]
                while s != start:
                    path.append(s)
                    s = prev[s]
                return tuple(reversed(path))
            for n in ADJ[s]:
                if board[n] < 0 and n not in prev:
                    prev[n] = s
                    nxt.append(n)
        frontier = nxt
    raise AssertionError("no path onto the Vine Wall")  # pragma: no cover


def first_do_move(st: GameState, a: Move) -> None:
    """R16 with R31: the roll to leave a Vine Wall, moves onto Vine Walls."""
    unit = a.unit
    start = st.pos[unit]
    here = vine_under(st, start)
    if here >= 0 and not free_leaver(st, unit):
        face = st.roll(1)[0]
        if face < LEAVE_FROM:
            st.flags[f"{STUCK}{unit}"] = 1
            st.moved.append(unit)
            st.deal_damage(unit, 1, st.ctrl[here], here)
            return
    onto = free_vine(st, a.to)
    if here >= 0 or onto:
        st.flags[f"{VINE_MOVED}{unit}"] = 1
    if not onto:
        do_move(st, a)
        return
    path = _path_onto(st, start, a.to, st.move_distance(unit))
    lift_vine(st, a.to)
    st.moved.append(unit)
    st.relocate(unit, a.to, "move", path)


# -- summoning -----------------------------------------------------------------------


def _vine_summon_spaces(st: GameState, player: int) -> list[int]:
    """Lone Vine Walls next to a wall ``player`` controls (a summoning point)."""
    board = st.board
    ctrl = st.ctrl
    static = st.info.gate_static
    notes = st.notes
    out = []
    for s in lone_vines(st):
        for n in ADJ[s]:
            c = board[n]
            if (
                c >= 0
                and ctrl[c] == player
                and (static[c] or st.is_gate(c))
                and f"{NOT_A_SUMMONING_POINT}{c}" not in notes
            ):
                out.append(s)
                break
    return out


def first_legal_summons(st: GameState) -> list[Action]:
    out = legal_summons(st)
    p = st.turn_player
    spaces = _vine_summon_spaces(st, p)
    if not spaces:
        return out
    costs = summon_costs(st)
    magic = st.magic[p]
    cards = [
        c
        for c in st.hand[p]
        if costs[c] >= 0
        and summon_cost(st, c) <= magic
        and ("prevents_summon" not in st.info.hooks or not summon_prevented(st, c))
    ]
    return out + [summon_action(c, s) for c in cards for s in spaces]


def first_do_summon(st: GameState, a: Summon) -> None:
    if free_vine(st, a.space):
        lift_vine(st, a.space)
    do_summon(st, a)


# -- attacking the Vine Wall under a unit --------------------------------------------


def first_legal_attacks(st: GameState) -> list[Action]:
    """The core's attacks, each on a unit standing on a Vine Wall followed by the
    same attacker's attack on that Vine Wall."""
    return with_vine_targets(st, legal_attacks(st))


def with_vine_targets(st: GameState, out: list[Action]) -> list[Action]:
    """``out`` with, after each attack on a unit standing on a Vine Wall, the same
    attacker's attack on that Vine Wall (also for attacks abilities offer)."""
    if not st.notes or not any(k.startswith(UNDER_KEY) for k in st.notes):
        return out
    more: list[Action] = []
    for a in out:
        more.append(a)
        if isinstance(a, Attack) and st.info.is_unit[a.target]:
            v = vine_under(st, st.pos[a.target])
            if v >= 0 and not st.attack_forbidden(a.attacker, v):
                more.append(Attack(a.attacker, v))
    return more


def destroy_vine(st: GameState, vine: int, by_player: int, source: int) -> None:
    """Destroy a Vine Wall alone on its space or under a unit."""
    if st.on_board(vine):
        st.destroy(vine, by_player, source)
    elif st.zone[vine] == IN_PILE and st.pos[vine] >= 0:
        _destroy_vine_under(st, vine)


def _destroy_vine_under(st: GameState, vine: int) -> None:
    """A Vine Wall under a unit is destroyed: back to its pile, no magic (R31)."""
    space = st.pos[vine]
    del st.notes[_UNDER_KEYS[space]]
    st.pos[vine] = -1
    return_to_pile(st, vine)


def attack_vine_under(st: GameState, a: Attack) -> None:
    """Resolve an attack on the Vine Wall under a unit (see the module docstring)."""
    p = st.turn_player
    attacker, vine = a.attacker, a.target
    space = st.pos[vine]
    st.attacked.append(attacker)
    hooks = st.info.hooks
    if "extra_attack" in hooks and is_extra_attack(st, attacker):
        st.flags[EXTRA_KEY] = st.flags.get(EXTRA_KEY, 0) + 1
    if st.ctrl[vine] != p:
        st.targeted_enemy = True
    n = st.strength(attacker)
    for s, ab in st.hooked("mod_attack_strength"):
        n = ab.mod_attack_strength(st, s, attacker, vine, n)
    faces = st.roll(n if n > 0 else 0)
    note_luck(st, attacker, faces)
    hits = hits_of(st, attacker, faces)
    for s, ab in st.hooked("mod_damage"):
        hits = ab.mod_damage(st, s, attacker, vine, faces, hits)
    hits = hits if hits > 0 else 0
    if hits:
        st.damage[vine] += hits
        if st.damage[vine] >= st.life(vine):
            _destroy_vine_under(st, vine)
    trigs = st.collect("after_attack", attacker, vine, hits)
    if "after_attack_result" in hooks and st.hooked("after_attack_result"):
        res = AttackResult(attacker, vine, space, faces, hits)
        trigs += st.collect("after_attack_result", res)
    st.push_triggers(trigs)


def first_do_attack(st: GameState, a: Attack) -> None:
    t = a.target
    if st.zone[t] == IN_PILE and st.pos[t] >= 0:
        attack_vine_under(st, a)
    else:
        do_attack(st, a, True)
