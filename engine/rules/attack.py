"""R7 Attack: up to 3 different units you control attack once each. Melee: an adjacent
card. Ranged: a card up to 3 spaces away in a straight orthogonal line with every space
between empty (a card may let friendly attacks through: ``transparent_to``). Never
itself; friendly targets allowed. Roll dice = strength; one damage per die showing the
attacker's own symbol; destroyed cards go to their owner's discard; +1 magic per enemy
card destroyed. Cost of inaction lives in :mod:`engine.rules.turn`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import dice
from engine.abilities.registry import Ability, AttackResult, Trigger, register
from engine.actions import Action, Attack
from engine.board import ADJ, RAYS

if TYPE_CHECKING:
    from engine.state import GameState

MAX_ATTACKERS = 3


def is_ranged(st: GameState, unit: int) -> bool:
    return st.info.is_ranged[unit]


def targets(st: GameState, unit: int) -> list[int]:
    """Cards ``unit`` may attack, in DIRECTIONS order, nearest first."""
    board = st.board
    pos = st.pos[unit]
    if not st.info.is_ranged[unit]:
        return [board[s] for s in ADJ[pos] if board[s] >= 0]
    reach = st.attack_range(unit)
    out: list[int] = []
    hooks = st.info.hooks
    through = "transparent_to" in hooks or "attacks_through" in hooks
    for ray in RAYS[pos]:
        for s in ray[:reach]:
            c = board[s]
            if c >= 0:
                out.append(c)
                if not through or not st.transparent_to(c, unit):
                    break
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
    for s, a in st._hooked("extra_attack"):
        if a.extra_attack(st, s, unit):
            return True
    return False


def legal_attacks(st: GameState) -> list[Action]:
    extra = "extra_attack" in st.info.hooks
    full = len(st.attacked) >= MAX_ATTACKERS
    if full and extra:
        full = len(st.attacked) - st.flags.get(EXTRA_KEY, 0) >= MAX_ATTACKERS
    elif full:
        return []
    out: list[Action] = []
    attacked = st.attacked
    check = "prevents_attack" in st.info.hooks
    for unit in st.units_of(st.turn_player):
        if unit in attacked:
            continue
        if full and not is_extra_attack(st, unit):
            continue
        for t in targets(st, unit):
            if check and st.attack_forbidden(unit, t):
                continue
            out.append(_attack(unit, t))
    return out


def roll_attack(st: GameState, attacker: int) -> tuple[tuple[int, ...], int]:
    faces = st.roll(st.strength(attacker))
    symbol = dice.RANGED if is_ranged(st, attacker) else dice.MELEE
    hits = dice.count(faces, symbol)
    if "mod_hits" in st.info.hooks:
        for s, a in st._hooked("mod_hits"):
            hits = a.mod_hits(st, s, attacker, faces, hits)
    return faces, hits


def hits_of(st: GameState, attacker: int, faces: tuple[int, ...]) -> int:
    """Hits of an attack roll: dice with the attacker's symbol, then ``mod_hits``."""
    symbol = dice.RANGED if is_ranged(st, attacker) else dice.MELEE
    hits = dice.count(faces, symbol)
    if "mod_hits" in st.info.hooks:
        for s, a in st._hooked("mod_hits"):
            hits = a.mod_hits(st, s, attacker, faces, hits)
    return hits


def do_attack(st: GameState, a: Attack) -> None:
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
    for s, ab in st._hooked("mod_attack_strength"):
        n = ab.mod_attack_strength(st, s, a.attacker, a.target, n)
    faces = st.roll(n if n > 0 else 0)
    if "after_roll" in hooks:
        # rerolls (after_roll triggers) resolve before the damage step below
        st.stack.append(
            Trigger("core.attack_damage", -1, p, ("roll", a.attacker, faces, a.target))
        )
        st.emit("after_roll", a.attacker, faces)
        return
    finish_attack(st, a.attacker, a.target, faces)


def finish_attack(
    st: GameState, attacker: int, target: int, faces: tuple[int, ...]
) -> None:
    """Damage step of an attack whose dice are rolled, then the after-attack hooks."""
    p = st.turn_player
    hits = hits_of(st, attacker, faces)
    for s, ab in st._hooked("mod_damage"):
        hits = ab.mod_damage(st, s, attacker, target, faces, hits)
    hits = hits if hits > 0 else 0
    space = st.pos[target]
    st.deal_damage(target, hits, p, attacker)
    if st.terminal:
        return
    trigs = st.collect("after_attack", attacker, target, hits)
    if "after_attack_result" in st.info.hooks:
        res = AttackResult(attacker, target, space, faces, hits)
        trigs += st.collect("after_attack_result", res)
    st.push_triggers(trigs)


@register("core.attack_damage")
class AttackDamage(Ability):
    """The damage step of an attack, waiting under ``after_roll`` triggers."""

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        _tag, attacker, faces, target = trig.data
        finish_attack(st, attacker, target, faces)
