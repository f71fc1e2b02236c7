"""Guild Dwarves (first edition, research/first-edition.md 2.3): one scenario per card
on a real first-edition game (Oldin, seat 0, on d1 against Bolvi on e7), battlefield
cleared to the summoners; dice rigged (a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, HAND, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE

OLDIN = sq(0, 3)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    return bench_fresh("oldin", "bolvi", phase, events=True)


def as_seat(st: GameState, p: int) -> None:
    st.turn_player = p
    st.invalidate()


def again(st: GameState) -> None:
    """A new attack activation for everybody (same turn)."""
    st.attacked.clear()
    st.invalidate()


def second_copy(st: GameState, p: int, slug: str) -> int:
    """Another copy of ``slug`` into ``p``'s hand (``to_hand`` takes the first)."""
    c = next(
        c
        for c in range(len(st.info.cards))
        if st.info.cards[c].slug == slug
        and st.info.owner[c] == p
        and st.zone[c] not in (BOARD, HAND)
    )
    st.remove_from_zone(c)
    st.zone[c] = HAND
    st.hand[p].append(c)
    st.invalidate()
    return c


# -- units ---------------------------------------------------------------------------
@pytest.mark.covers("oldin.stone-melding", ruleset="first")
def test_stone_melding_only_four_plus_next_to_a_wall(dice: Dice) -> None:
    st = fresh()
    oldin = st.info.summoners[0]
    foe = put(st, 1, "assault-tower", sq(1, 3))  # 2 dice
    as_seat(st, 1)
    dice(3, 4)
    st.apply_action(Attack(foe, oldin))
    assert st.damage[oldin] == 2  # no wall next to him: both hits wound
    put(st, 0, "wall", sq(0, 2))
    again(st)
    dice(3, 4)
    st.apply_action(Attack(foe, oldin))
    assert st.damage[oldin] == 3  # the 3 is prevented


@pytest.mark.covers("bolvi.strength-of-the-stone", ruleset="first")
def test_strength_of_the_stone_wounds_walls_for_dice(dice: Dice) -> None:
    st = bench_fresh("bolvi", "oldin", ATTACK, events=True)
    bolvi = st.info.summoners[0]
    here = st.pos[bolvi]
    w1 = put(st, 0, "wall", sq(0, 0))
    w2 = put(st, 0, "wall", sq(0, 5))
    st.damage[w2] = 8  # the wound destroys it: it no longer counts
    foe = put(st, 1, "defender", here + 6)
    (act,) = uses(st, "bolvi.strength-of-the-stone")
    st.apply_action(act)
    assert st.damage[w1] == 1 and st.zone[w2] == MAGIC_PILE
    assert uses(st, "bolvi.strength-of-the-stone") == []  # once
    dice(1, 1, 3)
    st.apply_action(Attack(bolvi, foe))
    assert dice.sizes[-1] == 3  # 2 + 1 wall still standing
    assert st.damage[foe] == 1


def test_strength_of_the_stone_needs_a_wall_and_a_target() -> None:
    st = bench_fresh("bolvi", "oldin", ATTACK, events=True)
    bolvi = st.info.summoners[0]
    put(st, 1, "defender", st.pos[bolvi] + 6)
    assert uses(st, "bolvi.strength-of-the-stone") == []  # no wall


@pytest.mark.covers("baldar.shield-block", ruleset="first")
def test_shield_block_no_wounds_unless_every_die_hits(dice: Dice) -> None:
    st = fresh()
    baldar = put(st, 0, "baldar", sq(3, 3))
    foe = put(st, 1, "oath-sworn", sq(4, 3))  # 1 die, +1 against cost 4
    as_seat(st, 1)
    dice(6, 2)
    st.apply_action(Attack(foe, baldar))
    assert st.damage[baldar] == 0
    again(st)
    dice(3, 5)
    st.apply_action(Attack(foe, baldar))
    assert st.damage[baldar] == 2


@pytest.mark.covers("gror.hammer-quake", ruleset="first")
def test_hammer_quake_hits_every_card_within_two(dice: Dice) -> None:
    st = fresh()
    gror = put(st, 0, "gror", sq(3, 3))
    target = put(st, 1, "architect", sq(4, 3))
    near = put(st, 1, "assault-tower", sq(3, 5))  # 2 away
    own = put(st, 0, "engineer", sq(2, 3))  # friendly cards are hit too
    far = put(st, 1, "oath-sworn", sq(6, 3))  # 3 away
    tough = put(st, 1, "guardsman", sq(3, 2))
    dice(3, 6)
    st.apply_action(Attack(gror, target))
    assert st.zone[target] == MAGIC_PILE
    assert st.damage[near] == 2 and st.zone[own] == MAGIC_PILE  # mine, by me
    assert st.damage[far] == 0
    assert st.damage[tough] == 1  # Tough prevents the 3 for it alone
    assert st.damage[gror] == 0


def test_hammer_quake_needs_a_legal_target() -> None:
    st = fresh()
    gror = put(st, 0, "gror", sq(3, 3))
    put(st, 1, "architect", sq(5, 3))  # within 2, not adjacent
    assert not [
        a for a in st.legal_actions() if isinstance(a, Attack) and a.attacker == gror
    ]


@pytest.mark.covers("thorkur.magic-barrier", ruleset="first")
def test_magic_barrier_pays_one_magic_once_per_turn(dice: Dice) -> None:
    st = fresh()
    thorkur = put(st, 0, "thorkur", sq(3, 3))
    foe = put(st, 1, "oath-sworn", sq(4, 3))
    set_magic(st, 0, 2)
    as_seat(st, 1)
    dice(3, 4)
    st.apply_action(Attack(foe, thorkur))
    assert st.damage[thorkur] == 1 and st.magic[0] == 1
    again(st)
    dice(3, 4)
    st.apply_action(Attack(foe, thorkur))
    assert st.damage[thorkur] == 3 and st.magic[0] == 1  # once per turn


def test_magic_barrier_needs_magic(dice: Dice) -> None:
    st = fresh()
    thorkur = put(st, 0, "thorkur", sq(3, 3))
    foe = put(st, 1, "oath-sworn", sq(4, 3))
    as_seat(st, 1)
    dice(3, 4)
    st.apply_action(Attack(foe, thorkur))
    assert st.damage[thorkur] == 2


@pytest.mark.covers("grungor.charge", ruleset="first")
def test_charge_moves_four_and_then_forbids_attacking() -> None:
    st = fresh(MOVE)
    grungor = put(st, 0, "grungor", sq(2, 0))
    assert Move(grungor, sq(2, 4), -1) in st.legal_actions()
    assert Move(grungor, sq(2, 5), -1) not in st.legal_actions()
    st.apply_action(Move(grungor, sq(2, 4), -1))
    foe = put(st, 1, "architect", sq(3, 4))
    st.phase = ATTACK
    st.invalidate()
    assert Attack(grungor, foe) not in st.legal_actions()


def test_charge_short_move_still_attacks() -> None:
    st = fresh(MOVE)
    grungor = put(st, 0, "grungor", sq(2, 0))
    st.apply_action(Move(grungor, sq(2, 2), -1))
    foe = put(st, 1, "architect", sq(3, 2))
    st.phase = ATTACK
    st.invalidate()
    assert Attack(grungor, foe) in st.legal_actions()


@pytest.mark.covers("halvor.rage", ruleset="first")
def test_rage_wounds_himself_for_dice(dice: Dice) -> None:
    st = fresh()
    halvor = put(st, 0, "halvor", sq(3, 3))
    foe = put(st, 1, "guardsman", sq(4, 3))
    acts = uses(st, "halvor.rage")
    assert [a.option for a in acts] == [1, 2]
    st.apply_action(acts[1])
    assert st.damage[halvor] == 2 and uses(st, "halvor.rage") == []
    dice(1, 1, 1)
    st.apply_action(Attack(halvor, foe))
    assert dice.sizes[-1] == 3


def test_rage_that_kills_him_counts_as_his_attack() -> None:
    st = fresh()
    halvor = put(st, 0, "halvor", sq(3, 3))
    put(st, 1, "guardsman", sq(4, 3))
    st.damage[halvor] = 7
    st.apply_action(UseAbility(halvor, "halvor.rage", 1))
    assert st.zone[halvor] == MAGIC_PILE and halvor in st.attacked
    assert st.magic[0] == 1  # his own effect destroyed him (R27)


@pytest.mark.covers("tordok.rune-of-protection", ruleset="first")
def test_rune_of_protection_commons_next_to_tordok_five_plus(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "tordok", sq(3, 3))
    guard = put(st, 0, "defender", sq(3, 4))
    lone = put(st, 0, "defender", sq(3, 0))
    foe1 = put(st, 1, "oath-sworn", sq(4, 4))
    foe2 = put(st, 1, "oath-sworn", sq(4, 0))
    as_seat(st, 1)
    dice(4)
    st.apply_action(Attack(foe1, guard))
    assert st.damage[guard] == 0
    dice(4)
    st.apply_action(Attack(foe2, lone))
    assert st.damage[lone] == 1


@pytest.mark.covers(
    "dwaf.structural-analysis", "engineer.structural-analysis", ruleset="first"
)
def test_structural_analysis_two_more_dice_against_walls(dice: Dice) -> None:
    st = fresh()
    dwaf = put(st, 0, "dwaf", sq(3, 3))
    eng = put(st, 0, "engineer", sq(3, 1))
    wall = put(st, 1, "wall", sq(4, 3))
    unit = put(st, 1, "architect", sq(4, 1))
    dice(1, 1, 1, 1)
    st.apply_action(Attack(dwaf, wall))
    assert dice.sizes[-1] == 4
    dice(1)
    st.apply_action(Attack(eng, unit))
    assert dice.sizes[-1] == 1


@pytest.mark.covers("grundors-tower.built", "assault-tower.built", ruleset="first")
def test_built_cannot_move_and_summons_next_to_an_architect() -> None:
    st = fresh(SUMMON)
    arch = put(st, 0, "architect", sq(4, 2))
    tower = to_hand(st, 0, "assault-tower")
    big = to_hand(st, 0, "grundors-tower")
    set_magic(st, 0, 6)
    legal = st.legal_actions()
    assert Summon(tower, sq(5, 2)) in legal and Summon(big, sq(4, 1)) in legal
    st.apply_action(Summon(tower, sq(5, 2)))
    assert st.pos[tower] == sq(5, 2) and st.magic[0] == 4
    st.phase = MOVE
    st.invalidate()
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == tower
    ]
    assert [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == arch]


@pytest.mark.covers("ulfric.greater-stone-melding", ruleset="first")
def test_greater_stone_melding_protects_wall_and_neighbours(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "ulfric", sq(3, 3))
    wall = put(st, 0, "wall", sq(3, 2))
    friend = put(st, 0, "defender", sq(2, 2))  # next to the wall, not to Ulfric
    away = put(st, 0, "defender", sq(0, 0))
    spear = put(st, 1, "assault-tower", sq(7, 2))  # ranged, 2 dice
    foe = put(st, 1, "oath-sworn", sq(4, 2))
    foe2 = put(st, 1, "oath-sworn", sq(1, 0))
    as_seat(st, 1)
    dice(3)
    st.apply_action(Attack(foe, wall))
    assert st.damage[wall] == 0
    dice(3)
    st.apply_action(Attack(foe2, away))
    assert st.damage[away] == 1
    st.attacked.clear()
    st.place(foe, sq(1, 2), 1)
    st.invalidate()
    dice(3)
    st.apply_action(Attack(foe, friend))
    assert st.damage[friend] == 0
    assert spear >= 0


@pytest.mark.covers("defender.engage", ruleset="first")
def test_engage_stops_adjacent_enemies_moving() -> None:
    st = fresh(MOVE)
    put(st, 0, "defender", sq(3, 3))
    foe = put(st, 1, "oath-sworn", sq(4, 3))
    other = put(st, 1, "oath-sworn", sq(5, 0))
    as_seat(st, 1)
    movers = {a.unit for a in st.legal_actions() if isinstance(a, Move)}
    assert foe not in movers and other in movers


@pytest.mark.covers("spearman.thrust", ruleset="first")
def test_thrust_one_more_die_adjacent(dice: Dice) -> None:
    st = fresh()
    spear = put(st, 0, "spearman", sq(3, 3))
    near = put(st, 1, "architect", sq(4, 3))
    far = put(st, 1, "architect", sq(3, 5))
    dice(1, 1)
    st.apply_action(Attack(spear, near))
    assert dice.sizes[-1] == 2
    again(st)
    dice(1)
    st.apply_action(Attack(spear, far))
    assert dice.sizes[-1] == 1


@pytest.mark.covers("ballista.siege-engine", ruleset="first")
def test_siege_engine_reach_five_walls_and_not_after_moving(dice: Dice) -> None:
    st = fresh()
    bal = put(st, 0, "ballista", sq(1, 0))
    wall = put(st, 1, "wall", sq(6, 0))
    assert Attack(bal, wall) in st.legal_actions()
    dice(1, 1, 1)
    st.apply_action(Attack(bal, wall))
    assert dice.sizes[-1] == 3
    again(st)
    st.moved.append(bal)
    st.invalidate()
    assert Attack(bal, wall) not in st.legal_actions()


@pytest.mark.covers("guardsman.tough", ruleset="first")
def test_tough_only_four_plus_against_opponents(dice: Dice) -> None:
    st = fresh()
    guard = put(st, 0, "guardsman", sq(3, 3))
    foe = put(st, 1, "assault-tower", sq(4, 3))
    own = put(st, 0, "assault-tower", sq(3, 4))
    as_seat(st, 1)
    dice(3, 4)
    st.apply_action(Attack(foe, guard))
    assert st.damage[guard] == 1
    as_seat(st, 0)
    dice(3, 1)
    st.apply_action(Attack(own, guard))
    assert st.damage[guard] == 2  # not an opponent: every hit wounds


@pytest.mark.covers("architect.repair", ruleset="first")
def test_repair_instead_of_attacking() -> None:
    st = fresh()
    arch = put(st, 0, "architect", sq(3, 3))
    wall = put(st, 0, "wall", sq(3, 4))
    tower = put(st, 0, "assault-tower", sq(4, 3))
    plain = put(st, 0, "defender", sq(2, 3))
    st.damage[wall] = 2
    st.damage[tower] = 1
    st.damage[plain] = 1
    assert sorted(a.option for a in uses(st, "architect.repair")) == sorted(
        [wall, tower]
    )
    st.apply_action(UseAbility(arch, "architect.repair", wall))
    assert st.damage[wall] == 1 and arch in st.attacked
    assert uses(st, "architect.repair") == []


@pytest.mark.covers("oath-sworn.bravery", ruleset="first")
def test_bravery_against_cost_two_or_more(dice: Dice) -> None:
    st = fresh()
    oath = put(st, 0, "oath-sworn", sq(3, 3))
    cheap = put(st, 1, "architect", sq(4, 3))
    dear = put(st, 1, "assault-tower", sq(3, 4))
    dice(1)
    st.apply_action(Attack(oath, cheap))
    assert dice.sizes[-1] == 1
    again(st)
    dice(1, 1)
    st.apply_action(Attack(oath, dear))
    assert dice.sizes[-1] == 2


# -- events --------------------------------------------------------------------------
@pytest.mark.covers("heroic-feat.effect", ruleset="first")
def test_heroic_feat_two_dice_and_stacks(dice: Dice) -> None:
    st = fresh(EVENTS)
    spear = put(st, 0, "spearman", sq(3, 0))
    foe = put(st, 1, "architect", sq(3, 2))
    f1 = to_hand(st, 0, "heroic-feat")
    f2 = second_copy(st, 0, "heroic-feat")
    for f in (f1, f2):
        st.apply_action(PlayEvent(f))
        st.apply_action(ChooseTarget(spear))
    st.phase = ATTACK
    st.invalidate()
    dice(*[1] * 5)
    st.apply_action(Attack(spear, foe))
    assert dice.sizes[-1] == 5


@pytest.mark.covers("besiege-the-walls.effect", ruleset="first")
def test_besiege_the_walls_three_wounds_on_each_enemy_wall() -> None:
    st = fresh(EVENTS)
    w1 = put(st, 1, "wall", sq(5, 0))
    w2 = put(st, 1, "wall", sq(5, 5))
    mine = put(st, 0, "wall", sq(1, 1))
    st.damage[w2] = 7
    ev = to_hand(st, 0, "besiege-the-walls")
    st.apply_action(PlayEvent(ev))
    assert st.damage[w1] == 3 and st.zone[w2] == MAGIC_PILE and st.damage[mine] == 0
    assert st.magic[0] == 1


@pytest.mark.covers("expand.effect", ruleset="first")
def test_expand_summons_a_built_common_free_next_to_a_built_unit() -> None:
    st = bench_fresh("bolvi", "oldin", EVENTS, events=True)
    put(st, 0, "grundors-tower", sq(4, 4))
    tower = to_hand(st, 0, "assault-tower")
    to_hand(st, 0, "oath-sworn")
    ev = to_hand(st, 0, "expand")
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(tower),)
    st.apply_action(ChooseTarget(tower))
    assert ChooseSpace(sq(5, 4)) in pending(st).options
    st.apply_action(ChooseSpace(sq(5, 4)))
    assert st.pos[tower] == sq(5, 4) and st.magic[0] == 0


def test_expand_needs_a_built_common_in_hand() -> None:
    st = bench_fresh("bolvi", "oldin", EVENTS, events=True)
    ev = to_hand(st, 0, "expand")
    to_hand(st, 0, "grundors-tower")  # a champion
    assert PlayEvent(ev) not in st.legal_actions()


@pytest.mark.covers("strengthen-structures.effect", ruleset="first")
def test_strengthen_structures_five_plus_until_your_next_turn(dice: Dice) -> None:
    st = fresh(EVENTS)
    wall = put(st, 0, "wall", sq(3, 3))
    tower = put(st, 0, "assault-tower", sq(3, 1))
    ev = to_hand(st, 0, "strengthen-structures")
    st.apply_action(PlayEvent(ev))
    foe = put(st, 1, "oath-sworn", sq(4, 3))
    foe2 = put(st, 1, "oath-sworn", sq(4, 1))
    st.turn += 1
    st.phase = ATTACK
    as_seat(st, 1)
    dice(4)
    st.apply_action(Attack(foe, wall))
    dice(4, 5)
    st.apply_action(Attack(foe2, tower))  # +1 Bravery
    assert st.damage[wall] == 0 and st.damage[tower] == 1
    st.turn += 1  # the start of seat 0's next turn ends it
    again(st)
    st.attacked.clear()
    dice(4)
    st.apply_action(Attack(foe, wall))
    assert st.damage[wall] == 1


@pytest.mark.covers("accelerated-construction.effect", ruleset="first")
def test_accelerated_construction_finds_and_summons_built() -> None:
    st = bench_fresh("bolvi", "oldin", EVENTS, events=True)
    wall = put(st, 0, "wall", sq(2, 2))
    ev = to_hand(st, 0, "accelerated-construction")
    set_magic(st, 0, 2)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None
    found = [o.card for o in dec.options]
    slugs = {st.info.cards[c].slug for c in found}
    assert "assault-tower" in slugs and "oath-sworn" not in slugs and "wall" in slugs
    tower = next(c for c in found if st.info.cards[c].slug == "assault-tower")
    st.apply_action(ChooseTarget(tower))
    assert st.zone[tower] == HAND
    acts = uses(st, "accelerated-construction.effect")
    opt = tower * 64 + sq(2, 3)
    assert UseAbility(ev, "accelerated-construction.effect", opt) in acts
    st.apply_action(UseAbility(ev, "accelerated-construction.effect", opt))
    assert st.pos[tower] == sq(2, 3) and st.magic[0] == 0
    assert wall >= 0


@pytest.mark.covers("destabilize.effect", ruleset="first")
def test_destabilize_four_wounds_on_every_wall() -> None:
    st = fresh(EVENTS)
    mine = put(st, 0, "wall", sq(1, 1))
    theirs = put(st, 1, "wall", sq(6, 1))
    st.damage[mine] = 5
    ev = to_hand(st, 0, "destabilize")
    st.apply_action(PlayEvent(ev))
    assert st.zone[mine] == MAGIC_PILE and st.damage[theirs] == 4
    assert st.magic[0] == 1  # R27: the effect's controller gains it


def _upgrade(st: GameState, slug: str, host_slug: str, space: int) -> tuple[int, int]:
    host = put(st, 0, host_slug, space)
    ev = to_hand(st, 0, slug)
    st.phase = EVENTS
    st.invalidate()
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(host))
    assert st.zone[ev] == UNDER and st.pos[ev] == host
    st.phase = ATTACK
    st.invalidate()
    return host, ev


@pytest.mark.covers("mortar-upgrade.effect", ruleset="first")
def test_mortar_attacks_within_three_and_splashes(dice: Dice) -> None:
    st = fresh()
    target = put(st, 1, "architect", sq(5, 4))  # diagonal-ish: not in a line
    nb = put(st, 1, "oath-sworn", sq(5, 5))
    wall = put(st, 1, "wall", sq(6, 4))
    host, _ev = _upgrade(st, "mortar-upgrade", "assault-tower", sq(3, 3))
    assert Attack(host, target) in st.legal_actions()
    dice(5, 5)
    st.apply_action(Attack(host, target))
    assert st.zone[target] == MAGIC_PILE
    assert st.damage[nb] == 1 and st.damage[wall] == 1


def test_upgrade_needs_a_built_unit_without_one() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "mortar-upgrade")
    put(st, 0, "defender", sq(3, 3))
    assert PlayEvent(ev) not in st.legal_actions()
    host, _ = _upgrade(st, "turret-upgrade", "assault-tower", sq(2, 2))
    st.phase = EVENTS
    st.invalidate()
    assert PlayEvent(ev) not in st.legal_actions()  # R55: one upgrade per unit
    assert host >= 0


def test_upgrade_goes_with_its_unit(dice: Dice) -> None:
    st = fresh()
    host, ev = _upgrade(st, "mortar-upgrade", "assault-tower", sq(3, 3))
    st.damage[host] = 2
    foe = put(st, 1, "oath-sworn", sq(4, 3))
    as_seat(st, 1)
    dice(6, 6)
    st.apply_action(Attack(foe, host))
    # the unit, then its upgrade, on the destroyer's magic pile (R22, R37)
    assert st.magic_pile[1] == [host, ev] and st.magic[1] == 2


@pytest.mark.covers("turret-upgrade.effect", ruleset="first")
def test_turret_diagonal_and_paid_second_attack(dice: Dice) -> None:
    st = fresh()
    diag = put(st, 1, "oath-sworn", sq(5, 5))
    host, _ev = _upgrade(st, "turret-upgrade", "assault-tower", sq(3, 3))
    other = put(st, 1, "architect", sq(3, 5))
    set_magic(st, 0, 1)
    assert Attack(host, diag) in st.legal_actions()
    dice(1, 1)
    st.apply_action(Attack(host, diag))
    dec = pending(st)
    assert dec is not None and NO in dec.options and ChooseTarget(other) in dec.options
    dice(6, 6)
    st.apply_action(ChooseTarget(other))
    assert st.zone[other] == MAGIC_PILE and st.magic[0] == 1 - 1 + 1
    assert pending(st) is None  # once per turn


def test_turret_blocked_diagonal() -> None:
    st = fresh()
    near = put(st, 1, "oath-sworn", sq(4, 4))
    far = put(st, 1, "oath-sworn", sq(5, 5))
    host, _ev = _upgrade(st, "turret-upgrade", "assault-tower", sq(3, 3))
    legal = st.legal_actions()
    assert Attack(host, near) in legal and Attack(host, far) not in legal


@pytest.mark.covers("colossus-upgrade.effect", ruleset="first")
def test_colossus_moves_through_commons_and_then_only_melee(dice: Dice) -> None:
    st = fresh()
    host, _ev = _upgrade(st, "colossus-upgrade", "assault-tower", sq(2, 2))
    common = put(st, 1, "oath-sworn", sq(3, 2))
    champ = put(st, 1, "dwaf", sq(2, 3))
    st.phase = MOVE
    st.invalidate()
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == host]
    assert Move(host, sq(4, 2), sq(3, 2)) in moves
    assert not [m for m in moves if m.via == sq(2, 3)]  # not through a champion
    st.apply_action(Move(host, sq(4, 2), sq(3, 2)))
    assert st.damage[common] == 1
    far = put(st, 1, "architect", sq(6, 2))
    near = put(st, 1, "architect", sq(5, 2))
    st.phase = ATTACK
    st.invalidate()
    legal = st.legal_actions()
    assert Attack(host, near) in legal
    st.place(near, sq(4, 3), 1)
    st.invalidate()
    assert Attack(host, far) not in st.legal_actions()
    assert champ >= 0


def test_end_phase_is_always_legal() -> None:
    st = fresh()
    assert EndPhase() in st.legal_actions() and BOARD >= 0


# -- edge cases ----------------------------------------------------------------------
def test_two_defences_the_stricter_wins(dice: Dice) -> None:
    """Tough (4+) on a common next to Tordok (5+): only the 5 and 6 wound."""
    st = fresh()
    put(st, 0, "tordok", sq(3, 3))
    guard = put(st, 0, "guardsman", sq(3, 4))
    foe = put(st, 1, "grungor", sq(4, 4))
    as_seat(st, 1)
    dice(3, 4, 5, 6)
    st.apply_action(Attack(foe, guard))
    assert st.damage[guard] == 2


def test_strengthen_structures_beats_greater_stone_melding(dice: Dice) -> None:
    st = fresh(EVENTS)
    put(st, 0, "ulfric", sq(3, 3))
    wall = put(st, 0, "wall", sq(3, 2))
    ev = to_hand(st, 0, "strengthen-structures")
    st.apply_action(PlayEvent(ev))
    foe = put(st, 1, "grungor", sq(4, 2))
    st.turn += 1
    st.phase = ATTACK
    as_seat(st, 1)
    dice(3, 4, 5, 6)
    st.apply_action(Attack(foe, wall))
    assert st.damage[wall] == 2


def test_upgrade_follows_its_unit_to_a_new_controller() -> None:
    st = fresh()
    put(st, 1, "architect", sq(5, 4))
    host, ev = _upgrade(st, "mortar-upgrade", "assault-tower", sq(3, 3))
    st.set_controller(host, 1)
    assert st.ctrl[ev] == 1
    st.invalidate()
    assert not [
        a for a in st.legal_actions() if isinstance(a, Attack) and a.attacker == host
    ]
    foe = put(st, 0, "defender", sq(5, 2))  # within 3, not in a line
    as_seat(st, 1)
    assert Attack(host, foe) in st.legal_actions()


def test_hammer_quake_counts_every_wound_before_removing(dice: Dice) -> None:
    """R23: the target dies, the quake still hits the cards around as rolled."""
    st = fresh()
    gror = put(st, 0, "gror", sq(3, 3))
    target = put(st, 1, "spearman", sq(4, 3))
    behind = put(st, 1, "engineer", sq(5, 3))
    dice(3, 1)
    st.apply_action(Attack(gror, target))
    assert st.zone[target] == MAGIC_PILE and st.zone[behind] == MAGIC_PILE
    assert st.magic[0] == 2 and st.on_board(gror)


def test_siege_engine_moved_by_an_ability_cannot_attack() -> None:
    st = fresh()
    bal = put(st, 0, "ballista", sq(1, 1))
    wall = put(st, 1, "wall", sq(6, 0))
    st.relocate(bal, sq(1, 0), "move")  # e.g. pushed by Mage Push
    st.settle()
    st.invalidate()
    assert Attack(bal, wall) not in st.legal_actions()
