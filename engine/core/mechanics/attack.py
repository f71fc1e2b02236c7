"""R7 Attack: up to 3 different units you control attack once each. Melee: an adjacent
card. Ranged: a card up to 3 spaces away in a straight orthogonal line with every space
between empty (a card may let friendly attacks through: ``transparent_to``). Never
itself; friendly targets allowed. Roll dice = strength; one damage per die showing the
attacker's own symbol; destroyed cards go to their owner's discard; +1 magic per enemy
card destroyed. Cost of inaction lives in :mod:`engine.core.mechanics.turn`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.actions import Action, Attack
from engine.core.board import ADJ, RAYS, bits_of
from engine.core.hooks import Ability, AttackResult, Trigger

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset
    from engine.core.state import GameState


def is_ranged(st: GameState, unit: int) -> bool:
    return st.info.is_ranged[unit]


def targets(st: GameState, unit: int) -> list[int]:
    """Cards ``unit`` may attack, in DIRECTIONS order, nearest first."""
    board = st.board
    pos = st.pos[unit]
    if not st.info.is_ranged[unit]:
        return [c for s in ADJ[pos] if (c := board[s]) >= 0]
    return _ranged_targets(st, unit, pos, _see_through(st))


_Hooked = list[tuple[int, Ability]]
_Through = tuple[_Hooked, _Hooked, _Hooked] | None


def _see_through(st: GameState) -> _Through:
    """The working hooks :meth:`GameState.transparent_to` would consult, or None
    when no ability may let an attack pass a card now (no ``transparent_to`` /
    ``attacks_through`` working): then the first card of a line blocks it."""
    hooks = st.info.hooks
    tr = st.hooked("transparent_to") if "transparent_to" in hooks else []
    at = st.hooked("attacks_through") if "attacks_through" in hooks else []
    if not tr and not at:
        return None
    bl = st.hooked("blocks_through") if "blocks_through" in hooks else []
    return bl, at, tr


def _passes(
    st: GameState, blocker: int, attacker: int, through: tuple[_Hooked, ...]
) -> bool:
    """:meth:`GameState.transparent_to` with its hook lists given."""
    bl, at, tr = through
    for s, a in bl:
        if a.blocks_through(st, s, blocker):
            return False
    for s, a in at:
        if s == attacker and a.attacks_through(st, s, blocker):
            return True
    for s, a in tr:
        if s == blocker and a.transparent_to(st, s, attacker):
            return True
    return False


def _ranged_targets(st: GameState, unit: int, pos: int, through: _Through) -> list[int]:
    reach = st.attack_range(unit)
    board = st.board
    out: list[int] = []
    for ray in RAYS[pos]:
        for s in ray[:reach]:
            c = board[s]
            if c >= 0:
                out.append(c)
                if through is None or not _passes(st, c, unit, through):
                    break
    return out


def _four(masks: tuple[int, ...]) -> tuple[int, int, int, int]:
    a, b, c, d = masks
    return a, b, c, d


# _RAY_MASKS[pos][reach]: per direction (DIRECTIONS order), the bit mask of the first
# ``reach`` spaces of that ray (reach 0..7; longer reaches use index 7)
_RAY_MASKS: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(
        _four(tuple(sum(1 << s for s in ray[:reach]) for ray in RAYS[pos]))
        for reach in range(8)
    )
    for pos in range(len(RAYS))
)


def _first_targets(st: GameState, unit: int, pos: int, reach: int) -> list[int]:
    """:func:`_ranged_targets` when no card lets attacks through: per direction,
    the nearest card within ``reach`` (up/right: lowest space, down/left: highest)."""
    occ = st.occ
    board = st.board
    up, right, down, left = _RAY_MASKS[pos][reach if reach < 8 else 7]
    out: list[int] = []
    m = up & occ
    if m:
        out.append(board[(m & -m).bit_length() - 1])
    m = right & occ
    if m:
        out.append(board[(m & -m).bit_length() - 1])
    m = down & occ
    if m:
        out.append(board[m.bit_length() - 1])
    m = left & occ
    if m:
        out.append(board[m.bit_length() - 1])
    return out


_ATTACKS: dict[int, Attack] = {}


def _attack(attacker: int, target: int) -> Attack:
    key = (attacker << 10) | target
    a = _ATTACKS.get(key)
    if a is None:
        a = _ATTACKS[key] = Attack(attacker, target)
    return a


EXTRA_KEY = "core.extra_attacks"  # st.flags: attacks this turn that were extra


def is_extra_attack(st: GameState, unit: int) -> bool:
    """True when an ability makes ``unit``'s attack an extra attack (R8e)."""
    for s, a in st.hooked("extra_attack"):
        if a.extra_attack(st, s, unit):
            return True
    return False


def legal_attacks(st: GameState) -> list[Action]:
    hooks = st.info.hooks
    extra = "extra_attack" in hooks
    attacked = st.attacked
    limit = st.info.ruleset.max_attackers
    full = len(attacked) >= limit
    if full and extra:
        full = len(attacked) - st.flags.get(EXTRA_KEY, 0) >= limit
    elif full:
        return []
    out: list[Action] = []
    forbid = st.hooked("prevents_attack") if "prevents_attack" in hooks else None
    board = st.board
    pos = st.pos
    info = st.info
    ranged = info.is_ranged
    through: _Through = None
    seen = False
    mod_aura = False
    mod_self: frozenset[int] | tuple[()] = ()
    cache = _ATTACKS
    me = st.turn_player
    ctrl = st.ctrl
    is_unit = info.is_unit
    # GameState.units_of, over the occupied spaces only
    units = [c for s in bits_of(st.occ) if ctrl[c := board[s]] == me and is_unit[c]]
    for unit in units:
        if unit in attacked:
            continue
        if full and not is_extra_attack(st, unit):
            continue
        p = pos[unit]
        if ranged[unit]:
            if not seen:
                through = _see_through(st)
                seen = True
                # GameState.attack_range's fast test, hoisted
                mod_aura = "mod_range" in info.aura_hooks and st.aura_active(
                    "mod_range"
                )
                mod_self = info.self_hooks.get("mod_range", ())
            if through is None or (
                # nothing lets this unit's attacks pass a card: the first card of a
                # line blocks it (what _passes would answer for every blocker)
                not through[2] and not any(s == unit for s, _a in through[1])
            ):
                reach = st.attack_range(unit) if mod_aura or unit in mod_self else 3
                if reach >= 0:
                    ts = _first_targets(st, unit, p, reach)
                else:  # (keeps the slicing of a negative reach as it was)
                    ts = _ranged_targets(st, unit, p, None)
            else:
                ts = _ranged_targets(st, unit, p, through)
        else:
            ts = [c for s in ADJ[p] if (c := board[s]) >= 0]
        key = unit << 10
        if forbid:
            for t in ts:
                for s, a in forbid:
                    if a.prevents_attack(st, s, unit, t):
                        break
                else:
                    out.append(cache.get(key | t) or _attack(unit, t))
        else:
            out += [cache.get(key | t) or _attack(unit, t) for t in ts]
    return out


def note_luck(st: GameState, attacker: int, faces: tuple[int, ...]) -> None:
    """Add an attack roll's luck to its controller's ``st.luck``: the dice that hit
    for the attacker's range (``Ruleset.die_hits``, before abilities) minus the hits
    those dice are expected to score. Its expectation is zero whatever the players
    choose (each term is fixed before its dice are rolled), so it is a valid control
    variate for comparing decks on the same seeds (:mod:`engine.tools.paired`)."""
    if st.search or not faces:
        return
    info = st.info
    ranged = info.is_ranged[attacker]
    table: tuple[tuple[float, frozenset[int]], ...] | None = info.extra.get(_LUCK_KEY)
    if table is None:
        table = info.extra[_LUCK_KEY] = _hit_table(info.ruleset, info.faces)
    rate, hit = table[1 if ranged else 0]
    got = len([f for f in faces if f in hit])
    st.luck[st.ctrl[attacker]] += got - rate * len(faces)


_LUCK_KEY = "core.luck_table"  # GameInfo.extra: _hit_table of the game's die


def _hit_table(
    rs: Ruleset, faces: tuple[int, ...]
) -> tuple[tuple[float, frozenset[int]], ...]:
    """For melee (index 0) and ranged (1) attackers: the share of ``faces`` that
    hit (``Ruleset.die_hits``) and the set of those faces."""
    out: list[tuple[float, frozenset[int]]] = []
    for ranged in (False, True):
        rate = sum(1 for f in faces if rs.die_hits(f, ranged)) / len(faces)
        out.append((rate, frozenset(f for f in faces if rs.die_hits(f, ranged))))
    return tuple(out)


def roll_attack(st: GameState, attacker: int) -> tuple[tuple[int, ...], int]:
    faces = st.roll(st.strength(attacker))
    note_luck(st, attacker, faces)
    hits = st.info.ruleset.hits(st, attacker, faces)
    if "mod_hits" in st.info.hooks:
        for s, a in st.hooked("mod_hits"):
            hits = a.mod_hits(st, s, attacker, faces, hits)
    return faces, hits


def hits_of(st: GameState, attacker: int, faces: tuple[int, ...]) -> int:
    """Hits of an attack roll: the ruleset's count (``Ruleset.hits``), then
    ``mod_hits``."""
    hits = st.info.ruleset.hits(st, attacker, faces)
    if "mod_hits" in st.info.hooks:
        for s, a in st.hooked("mod_hits"):
            hits = a.mod_hits(st, s, attacker, faces, hits)
    return hits


def do_attack(st: GameState, a: Attack, settle_next: bool = False) -> None:
    """Resolve an attack. ``settle_next``: the caller settles the stack right after
    (``apply_action``), so when no ``after_roll`` ability works now the damage step
    may run at once instead of waiting on the stack (same result)."""
    p = st.turn_player
    st.attacked.append(a.attacker)
    if "extra_attack" in st.info.hooks and is_extra_attack(st, a.attacker):
        st.flags[EXTRA_KEY] = st.flags.get(EXTRA_KEY, 0) + 1
    if st.ctrl[a.target] != p:
        st.targeted_enemy = True
    hooks = st.info.hooks
    if not (
        "mod_attack_strength" in hooks
        or "after_roll" in hooks
        or "mod_damage" in hooks
        or "after_attack_result" in hooks
    ):
        _faces, hits = roll_attack(st, a.attacker)
        st.deal_damage(a.target, hits, p, a.attacker)
        if not st.terminal:
            st.emit("after_attack", a.attacker, a.target, hits)
        return
    n = st.strength(a.attacker)
    for s, ab in st.hooked("mod_attack_strength"):
        n = ab.mod_attack_strength(st, s, a.attacker, a.target, n)
    faces = st.roll(n if n > 0 else 0)
    note_luck(st, a.attacker, faces)
    if "after_roll" in hooks and st.hooked("after_roll"):
        # rerolls (after_roll triggers) resolve before the damage step below
        step = Trigger(
            "core.attack_damage", -1, p, ("roll", a.attacker, faces, a.target)
        )
        stack = st.stack
        stack.append(step)
        trigs = st.collect("after_roll", a.attacker, faces)
        if (
            trigs
            or not settle_next
            or st.terminal
            or not stack
            or stack[-1] is not step
        ):
            st.push_triggers(trigs)
            return
        # nothing to resolve above the damage step: run it now (same result)
        stack.pop()
    elif "after_roll" in hooks and not settle_next:
        st.stack.append(
            Trigger("core.attack_damage", -1, p, ("roll", a.attacker, faces, a.target))
        )
        return
    finish_attack(st, a.attacker, a.target, faces)


def finish_attack(
    st: GameState, attacker: int, target: int, faces: tuple[int, ...]
) -> None:
    """Damage step of an attack whose dice are rolled, then the after-attack hooks."""
    p = st.turn_player
    hits = hits_of(st, attacker, faces)
    for s, ab in st.hooked("mod_damage"):
        hits = ab.mod_damage(st, s, attacker, target, faces, hits)
    hits = hits if hits > 0 else 0
    space = st.pos[target]
    st.deal_damage(target, hits, p, attacker)
    if st.terminal:
        return
    trigs = st.collect("after_attack", attacker, target, hits)
    if "after_attack_result" in st.info.hooks and st.hooked("after_attack_result"):
        res = AttackResult(attacker, target, space, faces, hits)
        trigs += st.collect("after_attack_result", res)
    st.push_triggers(trigs)


class AttackDamage(Ability):
    """The damage step of an attack, waiting under ``after_roll`` triggers."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        _tag, attacker, faces, target = trig.data
        finish_attack(st, attacker, target, faces)


CORE_TRIGGERS: dict[str, type[Ability]] = {
    "core.attack_damage": AttackDamage,
}
