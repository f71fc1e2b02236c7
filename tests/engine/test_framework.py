"""The ability framework (engine.core.hooks) with test-only abilities:
trigger ordering (R8e), "may" choices, replacement effects, extra actions, control
changes, cards under cards, stat auras, coverage and the partial flag."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from scenario import GRUNT, Scenario, at, card

from engine.core.actions import (
    END_PHASE,
    NO,
    Action,
    Attack,
    ChooseTrigger,
    Move,
    UseAbility,
    YesNo,
)
from engine.core.hooks import (
    UNDER,
    Ability,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK, MOVE
from engine.core.state import GameState
from engine.rulesets.second import SECOND

REGISTRY = SECOND.load_abilities()
register = REGISTRY.register
is_fully_implemented = REGISTRY.is_fully_implemented
missing_reasons = REGISTRY.missing_reasons


def _reg(ability_id: str, cls: type[Ability]) -> None:
    if ability_id not in REGISTRY:
        register(ability_id)(cls)


class _Chime(Ability):
    """After this unit moves, +1 magic (mandatory) — used to collide triggers."""

    def after_move(self, st: GameState, src: int, c: int, kind: str, path: Any) -> Any:
        return self.trigger(st, src) if c == src else None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.gain_magic(trig.player, 1)
        st.flags.setdefault("order", 0)
        st.flags[f"chime:{trig.ability}"] = len(st.flags)


class _ChimeA(_Chime):
    pass


class _ChimeB(_Chime):
    pass


class _Stubborn(Ability):
    """Instead of being destroyed the first time, remove all damage."""

    def instead_of_destroy(self, st: GameState, src: int, c: int) -> bool:
        if c == src and not st.flags.get(f"stubborn:{src}"):
            st.flags[f"stubborn:{src}"] = 1
            st.damage[src] = 0
            return True
        return False


class _Rally(Ability):
    """Move phase, instead of moving: 1 boost on itself (counts as a move)."""

    def actions(self, st: GameState, src: int) -> list[Action]:
        if st.phase == MOVE and src not in st.moved and len(st.moved) < 3:
            return [UseAbility(src, self.id)]
        return []

    def use(self, st: GameState, src: int, action: Action) -> None:
        st.moved.append(src)
        st.boost[src] += 1


class _Banner(Ability):
    """Other friendly units get +1 strength (an aura)."""

    def mod_strength(self, st: GameState, src: int, cid: int, value: int) -> int:
        if cid != src and st.ctrl[cid] == st.ctrl[src] and st.info.is_unit[cid]:
            return value + 1
        return value


class _Charm(Ability):
    """After attacking an enemy unit, may take control of it."""

    def after_attack(
        self, st: GameState, src: int, attacker: int, target: int, hits: int
    ) -> Any:
        if attacker == src and st.on_board(target) and st.ctrl[target] != st.ctrl[src]:
            return self.trigger(st, src, target)
        return None

    def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
        st.ask(self.decision(st, trig.source, [YesNo(True), NO], trig.data[0]))

    def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
        if isinstance(action, YesNo) and action.yes:
            st.set_controller(dec.data[0], dec.player)


_reg("test-chime-a.chime", _ChimeA)
_reg("test-chime-b.chime", _ChimeB)
_reg("test-stubborn.stubborn", _Stubborn)
_reg("test-rally.rally", _Rally)
_reg("test-banner.banner", _Banner)
_reg("test-charm.charm", _Charm)

DOUBLE = card("test-double", abilities=("test-chime-a.chime", "test-chime-b.chime"))
STUBBORN = card("test-stubborn", life=2, abilities=("test-stubborn.stubborn",))
RALLY = card("test-rally", abilities=("test-rally.rally",))
BANNER = card("test-banner", abilities=("test-banner.banner",))
CHARM = card("test-charm", strength=0, abilities=("test-charm.charm",))


def top(st: GameState) -> Decision | None:
    t = st.stack[-1] if st.stack else None
    return t if isinstance(t, Decision) else None


def test_R8e_simultaneous_triggers_turn_player_orders_them() -> None:
    sc = Scenario()
    u = sc.add(0, DOUBLE, "c3")
    st = sc.build(phase=MOVE, magic=(0, 0))
    st.apply_action(Move(u, at("c4")))
    dec = top(st)
    assert dec is not None and dec.ability == "core.order" and dec.player == 0
    assert st.legal_actions() == [ChooseTrigger(0), ChooseTrigger(1)]
    st.apply_action(ChooseTrigger(1))  # B first, then A resolves by itself
    assert top(st) is None and st.magic[0] == 2
    assert st.flags["chime:test-chime-b.chime"] < st.flags["chime:test-chime-a.chime"]


def test_R8c_no_event_or_phase_action_while_a_choice_is_pending() -> None:
    sc = Scenario()
    u = sc.add(0, DOUBLE, "c3")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(u, at("c4")))
    assert END_PHASE not in st.legal_actions()
    from engine.core.actions import IllegalActionError

    with pytest.raises(IllegalActionError):
        st.apply_action(END_PHASE)


def test_R8e_instead_of_destroying_means_no_magic() -> None:
    sc = Scenario()
    m = sc.add(0, card("hitter", strength=3), "c3")
    t = sc.add(1, STUBBORN, "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True  # 2 hits = life 2
    st.apply_action(Attack(m, t))
    assert st.on_board(t) and st.damage[t] == 0 and st.magic[0] == 3


def test_R5_instead_of_moving_counts_against_the_three_units() -> None:
    sc = Scenario()
    r = sc.add(0, RALLY, "a1")
    others = [sc.add(0, GRUNT, s) for s in ("c4", "e4", "f6")]
    st = sc.build(phase=MOVE)
    st.apply_action(UseAbility(r, "test-rally.rally"))
    assert st.boost[r] == 1 and r in st.moved
    for u in others[:2]:
        st.apply_action(
            next(a for a in st.legal_actions() if isinstance(a, Move) and a.unit == u)
        )
    assert not [a for a in st.legal_actions() if isinstance(a, Move)]


def test_aura_modifier_applies_to_other_friendly_units_only() -> None:
    sc = Scenario()
    b = sc.add(0, BANNER, "a1")
    f = sc.add(0, GRUNT, "c4")
    e = sc.add(1, GRUNT, "c6")
    st = sc.build(phase=ATTACK)
    assert (st.strength(b), st.strength(f), st.strength(e)) == (2, 3, 2)


def test_R8e_control_change_takes_cards_under_and_returns_to_owner() -> None:
    sc = Scenario()
    c = sc.add(0, CHARM, "c3")
    t = sc.add(1, GRUNT, "c4")
    below = sc.add(1, GRUNT, zone="hand")
    st = sc.build(phase=ATTACK)
    st.put_under(below, t)
    st.apply_action(Attack(c, t))
    assert top(st) is not None
    st.apply_action(YesNo(True))
    assert st.ctrl[t] == 0 and st.ctrl[below] == 0 and st.zone[below] == UNDER
    assert st.info.owner[t] == 1
    st.destroy(t, 1)
    assert t in st.discard[1] and below in st.discard[1] and st.ctrl[t] == 1


def test_coverage_flags_missing_and_unknown_texts() -> None:
    unknown = dataclasses.replace(card("test-unknown"), strength=None)
    plain = card("test-plain")
    missing = card("test-missing", abilities=("test-missing.nothing",))
    assert is_fully_implemented(plain) and is_fully_implemented(DOUBLE)
    assert missing_reasons(missing) == [("test-missing.nothing", "no implementation")]
    assert not is_fully_implemented(missing)
    assert missing_reasons(unknown) == [("test-unknown", "text unknown")]
    # Text known, a number missing: the card cannot be played; the report says why.
    no_type = dataclasses.replace(missing, attack_type=None, life=None)
    assert missing_reasons(no_type) == [
        ("test-missing.nothing", "stats unknown (life, attack type)")
    ]


def test_coverage_cli_lists_factions() -> None:
    from engine.tools.coverage import coverage

    cov = coverage()
    pd = cov["factions"]["polar-dwarves"]
    assert pd["cards"] == 12 and pd["implemented"] == 12 and pd["missing"] == []
    for fac in cov["factions"].values():
        assert fac["implemented"] + len(fac["missing"]) == fac["cards"]
        assert all(
            a["reason"] in ("text unknown", "no implementation")
            or a["reason"].startswith("stats unknown (")
            for m in fac["missing"]
            for a in m["abilities"]
        )
    assert any(f["missing"] for f in cov["factions"].values())  # names-only decks


def test_every_card_with_complete_data_is_implemented_and_tested() -> None:
    """Issue target: 100% of the cards whose texts and numbers are known."""
    from engine.tools.coverage import coverage

    cov = coverage()
    gaps = {
        slug: [
            m["name"]
            for m in f["missing"]
            if all(a["reason"] == "no implementation" for a in m["abilities"])
        ]
        for slug, f in cov["factions"].items()
    }
    assert {k: v for k, v in gaps.items() if v} == {}
    untested = {k: f["untested"] for k, f in cov["factions"].items() if f["untested"]}
    assert untested == {}
    assert cov["implemented"] == cov["complete_data"] == cov["tested"]


def test_coverage_markdown_table_has_a_row_per_faction() -> None:
    from engine.tools.coverage import coverage, markdown_table

    cov = coverage()
    rows = markdown_table(cov).splitlines()
    assert len(rows) == 2 + len(cov["factions"]) + 1
    pd = next(r for r in rows if r.startswith("| polar-dwarves |"))
    assert pd == "| polar-dwarves | 12 | 12 | 12 | 0 | 12 | yes |"


def test_position_key_is_equal_for_equal_positions_and_tells_changes_apart() -> None:
    """``GameState.position_key`` (search transposition tables): a clone has the
    same key whatever its RNG or log; any change that decides later play (a card
    moved, a token, magic, the phase, a pending choice) gives another key."""
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import setup_game

    st = setup_game(faction_deck("breakers"), faction_deck("vanguards"), seed=3)
    key = st.position_key()
    assert hash(key) == hash(st.clone(record=False).position_key())
    assert st.clone(record=False).position_key() == key
    seen = {key}
    p = st.current_player()
    changes = [
        lambda s: s.magic.__setitem__(p, s.magic[p] + 1),
        lambda s: s.damage.__setitem__(s.info.summoners[p], 1),
        lambda s: s.boost.__setitem__(s.info.summoners[p], 1),
        lambda s: s.hand[p].reverse(),
        lambda s: s.deck[p].reverse(),
        lambda s: s.apply_action(s.legal_actions()[0]),
    ]
    for change in changes:
        other = st.clone(record=False)
        change(other)
        k = other.position_key()
        assert k not in seen
        seen.add(k)
