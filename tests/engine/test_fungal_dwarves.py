"""Every Fungal Dwarves card (card data: cards/data/fungal-dwarves.yaml), with edge
cases: targets destroyed mid-effect, control changes (R8e), the phase words. Dice
are rigged."""

from __future__ import annotations

import pytest
from scenario import (
    GATE,
    GRUNT,
    Dice,
    Scenario,
    at,
    build,
    card,
    end_phases,
    end_turn,
    pending,
    uses,
)

from engine.core import dice
from engine.core.actions import (
    END_PHASE,
    NO,
    Attack,
    ChooseOption,
    ChooseTarget,
    Summon,
    UseAbility,
)
from engine.core.hooks import BOARD, DISCARD
from engine.core.phases import ATTACK, DRAW, MAGIC, MOVE, SUMMON
from engine.core.types import CardDef

M = dice.MELEE
CD = dict[str, CardDef]


@pytest.mark.covers("fungal-beast.infect")
def test_fungal_beast_infect_brings_back_a_carrier(fd: CD, rig: Dice) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    victim = sc.add(1, card("weak", life=2), "c4")
    carrier = sc.add(0, fd["spore-carrier"], zone="discard")
    sc.add(0, card("mushroom"), zone="discard")
    st = build(sc, phase=ATTACK)
    rig(M, M, M)
    st.apply_action(Attack(beast, victim))
    assert st.zone[victim] == DISCARD
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(carrier))
    st.apply_action(ChooseTarget(carrier))
    assert st.zone[carrier] == BOARD and st.pos[carrier] == at("c4")
    assert st.ctrl[carrier] == 0


@pytest.mark.covers("fungal-beast.infect")
def test_fungal_beast_infect_only_when_it_destroys_a_unit(fd: CD, rig: Dice) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    tank = sc.add(1, card("tank", life=9), "c4")
    gate = sc.add(1, GATE, "b3")
    sc.add(0, fd["spore-carrier"], zone="discard")
    st = build(sc, phase=ATTACK)
    rig(M, M, M)
    st.apply_action(Attack(beast, tank))  # not destroyed
    assert pending(st) is None
    st.attacked.clear()
    st.damage[gate] = 4
    rig(M)
    st.apply_action(Attack(beast, gate))  # a structure, not a unit
    assert st.zone[gate] == DISCARD and pending(st) is None


@pytest.mark.covers("fungal-beast.parasitic")
def test_fungal_beast_parasitic_at_end_of_attack_phase(fd: CD) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    sc.add(1, card("tank", life=9), "c4")
    st = build(sc, phase=ATTACK)
    st.targeted_enemy = True
    st.boost[beast] = 1
    st.apply_action(END_PHASE)
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseOption(1))
    st.apply_action(ChooseOption(0))
    assert st.boost[beast] == 0 and st.damage[beast] == 0 and st.phase == MAGIC


@pytest.mark.covers("fungal-beast.parasitic")
def test_fungal_beast_parasitic_without_boost_takes_damage(fd: CD) -> None:
    sc = Scenario()
    beast = sc.add(0, fd["fungal-beast"], "c3")
    st = build(sc, phase=ATTACK)
    st.targeted_enemy = True
    st.apply_action(END_PHASE)
    assert pending(st) is None and st.damage[beast] == 1


WEAK = card("weak", life=1, cost=0)


def kuldak(fd: CD, at_: tuple[str | None, str | None] = ("d1", "c8")) -> Scenario:
    return Scenario(summoners=(fd["kuldak"], fd["kuldak"]), summoner_at=at_)


# -- Kuldak: Blood Bloom ---------------------------------------------------------------
@pytest.mark.covers("kuldak.blood-bloom")
def test_kuldak_blood_bloom_boosts_other_friends_within_2(fd: CD, rig: Dice) -> None:
    sc = kuldak(fd)
    victim = sc.add(0, WEAK, "d2")  # 1 from Kuldak (d1)
    near = sc.add(0, GRUNT, "d3")  # 2 away
    side = sc.add(0, GRUNT, "c1")  # 1 away
    far = sc.add(0, GRUNT, "d4")  # 3 away
    enemy_near = sc.add(1, GRUNT, "e1")
    killer = sc.add(1, GRUNT, "e2")
    st = build(sc, phase=ATTACK, turn_player=1)
    rig(M, M)
    st.apply_action(Attack(killer, victim))
    assert st.zone[victim] == DISCARD
    assert (st.boost[near], st.boost[side], st.boost[far]) == (1, 1, 0)
    assert st.boost[0] == 0 and st.boost[enemy_near] == 0  # not Kuldak, no enemy
    assert st.boost[victim] == 0


@pytest.mark.covers("kuldak.blood-bloom")
def test_kuldak_blood_bloom_not_for_far_enemy_or_structure(fd: CD) -> None:
    sc = kuldak(fd)
    far = sc.add(0, WEAK, "a2")  # 4 away
    enemy = sc.add(1, WEAK, "d2")
    gate = sc.add(0, GATE, "c1")
    friend = sc.add(0, GRUNT, "e1")
    st = build(sc, phase=ATTACK)
    st.destroy(far, 1)
    st.destroy(enemy, 0)
    st.destroy(gate, 1)
    st.settle()
    assert st.boost[friend] == 0


@pytest.mark.covers("kuldak.blood-bloom")
def test_kuldak_blood_bloom_judges_friendly_by_controller_R8e(fd: CD) -> None:
    """A unit Kuldak's player controls (owned by the opponent) is friendly when it is
    destroyed; his own unit the opponent controls is not."""
    sc = kuldak(fd)
    taken = sc.add(1, WEAK, "d2")
    lost = sc.add(0, WEAK, "c1")
    friend = sc.add(0, GRUNT, "e1")
    st = build(sc, phase=ATTACK)
    st.set_controller(taken, 0)
    st.set_controller(lost, 1)
    st.destroy(taken, 0)
    assert st.boost[friend] == 1 and taken in st.discard[1]
    st.destroy(lost, 0)
    assert st.boost[friend] == 1


# -- Withering Mage: Wither ------------------------------------------------------------
@pytest.mark.covers("withering-mage.wither")
def test_withering_mage_wither_boost_then_damage_once_per_turn(fd: CD) -> None:
    sc = kuldak(fd, ("a1", "c8"))
    mage = sc.add(0, fd["withering-mage"], "c3")
    friend = sc.add(0, GRUNT, "c5")  # 2 away
    sc.add(0, GRUNT, "c6")  # 3 away
    sc.add(1, GRUNT, "d3")  # an enemy
    st = build(sc, phase=MOVE)
    assert [a.option for a in uses(st, "withering-mage.wither")] == [friend]
    st.apply_action(UseAbility(mage, "withering-mage.wither", friend))
    assert st.boost[friend] == 1 and st.damage[friend] == 1
    assert st.moved == []  # not a move
    assert uses(st, "withering-mage.wither") == []  # once per turn
    end_turn(st)
    end_turn(st)
    st.apply_action(END_PHASE)  # summon -> move
    assert len(uses(st, "withering-mage.wither")) == 1


@pytest.mark.covers("withering-mage.wither")
def test_withering_mage_wither_may_destroy_its_target(fd: CD) -> None:
    sc = kuldak(fd, ("a1", "c8"))
    mage = sc.add(0, fd["withering-mage"], "c3")
    weak = sc.add(0, WEAK, "c4")
    st = build(sc, phase=SUMMON, magic=(2, 2))
    assert uses(st, "withering-mage.wither") == []  # Move phase only
    st.apply_action(END_PHASE)
    st.apply_action(UseAbility(mage, "withering-mage.wither", weak))
    assert st.zone[weak] == DISCARD and st.boost[weak] == 0
    assert st.magic == [2, 2]  # its own unit: no magic


# -- Spore Carrier: Burst and Fungal Mutation ------------------------------------------
@pytest.mark.covers("spore-carrier.burst", "spore-carrier.fungal-mutation")
def test_spore_carrier_bursts_into_a_fungal_beast(fd: CD) -> None:
    sc = kuldak(fd)
    ripe = sc.add(0, fd["spore-carrier"], "b3")
    green = sc.add(0, fd["spore-carrier"], "e3")
    beast = sc.add(0, fd["fungal-beast"], zone="discard")
    st = build(sc, phase=MAGIC, magic=(0, 0))
    st.boost[ripe] = 3
    st.boost[green] = 2
    st.apply_action(END_PHASE)
    st.settle()
    assert st.zone[ripe] == DISCARD and st.magic == [0, 0]
    assert st.pos[beast] == at("b3") and st.ctrl[beast] == 0
    assert st.boost[beast] == 0 and st.zone[green] == BOARD


@pytest.mark.covers("spore-carrier.burst")
def test_spore_carrier_burst_only_at_the_end_of_your_magic_phase(fd: CD) -> None:
    sc = kuldak(fd)
    ripe = sc.add(1, fd["spore-carrier"], "b6")
    st = build(sc, phase=MAGIC)
    st.boost[ripe] = 5
    st.apply_action(END_PHASE)  # player 0's Magic phase
    assert st.zone[ripe] == BOARD
    assert st.phase == DRAW


@pytest.mark.covers("spore-carrier.fungal-mutation")
def test_fungal_mutation_needs_3_boost_a_beast_and_an_empty_space(
    fd: CD, rig: Dice
) -> None:
    sc = kuldak(fd)
    carrier = sc.add(0, fd["spore-carrier"], "c3")
    beast = sc.add(0, fd["fungal-beast"], zone="discard")
    killer = sc.add(1, fd["fungal-beast"], "c4")
    st = build(sc, phase=ATTACK, turn_player=1)
    st.boost[carrier] = 2  # too few
    rig(M, M, M)
    st.apply_action(Attack(killer, carrier))
    st.settle()
    assert st.zone[carrier] == DISCARD and st.zone[beast] == DISCARD
    # with 3 boost, but no Fungal Beast in the pile: nothing
    sc2 = kuldak(fd)
    c2 = sc2.add(0, fd["spore-carrier"], "c3")
    st2 = build(sc2, phase=ATTACK)
    st2.boost[c2] = 3
    st2.destroy(c2, 1)
    st2.settle()
    assert st2.board[at("c3")] < 0


@pytest.mark.covers("spore-carrier.fungal-mutation")
def test_fungal_mutation_beast_of_the_controller_when_destroyed_R8e(fd: CD) -> None:
    """A Carrier taken by the opponent: "your discard pile" is the taker's."""
    sc = kuldak(fd)
    carrier = sc.add(0, fd["spore-carrier"], "c3")
    mine = sc.add(0, fd["fungal-beast"], zone="discard")
    theirs = sc.add(1, fd["fungal-beast"], zone="discard")
    st = build(sc, phase=ATTACK)
    st.set_controller(carrier, 1)
    st.boost[carrier] = 4
    st.destroy(carrier, 0)
    st.settle()
    assert carrier in st.discard[0] and st.zone[mine] == DISCARD
    assert st.pos[theirs] == at("c3") and st.ctrl[theirs] == 1


# -- Monstrosity: Final Form -----------------------------------------------------------
@pytest.mark.covers("monstrosity.final-form")
def test_monstrosity_final_form_replaces_a_beast_with_5_boost(fd: CD) -> None:
    sc = kuldak(fd)
    monster = sc.add(0, fd["monstrosity"], zone="hand")
    sc.add(0, GATE, "a2")
    ripe = sc.add(0, fd["fungal-beast"], "d3")  # 2 from Kuldak
    green = sc.add(0, fd["fungal-beast"], "e3")
    friend = sc.add(0, GRUNT, "c1")
    st = build(sc, phase=SUMMON, magic=(3, 0))
    st.boost[ripe] = 5
    st.boost[green] = 4
    acts = st.legal_actions()
    assert not any(isinstance(a, Summon) and a.card == monster for a in acts)
    assert uses(st, "monstrosity.final-form") == [
        UseAbility(monster, "monstrosity.final-form", ripe)
    ]
    st.apply_action(UseAbility(monster, "monstrosity.final-form", ripe))
    st.settle()
    assert st.zone[ripe] == DISCARD and st.pos[monster] == at("d3")
    assert st.ctrl[monster] == 0 and st.magic == [0, 0]  # paid 3, own Beast: no magic
    assert st.boost[friend] == 1 and st.boost[monster] == 0  # Blood Bloom came first


@pytest.mark.covers("monstrosity.final-form")
def test_monstrosity_final_form_needs_the_magic_and_a_ripe_beast(fd: CD) -> None:
    sc = kuldak(fd)
    sc.add(0, fd["monstrosity"], zone="hand")
    ripe = sc.add(0, fd["fungal-beast"], "d3")
    enemy_ripe = sc.add(1, fd["fungal-beast"], "d6")
    st = build(sc, phase=SUMMON, magic=(2, 0))
    st.boost[ripe] = 6
    st.boost[enemy_ripe] = 6
    assert uses(st, "monstrosity.final-form") == []  # 2 magic < 3
    st.magic[0] = 3
    st.invalidate()
    assert [a.option for a in uses(st, "monstrosity.final-form")] == [ripe]
    st.apply_action(END_PHASE)
    assert uses(st, "monstrosity.final-form") == []  # Summon phase only


# -- Maldar: Decay ---------------------------------------------------------------------
@pytest.mark.covers("maldar.decay")
def test_maldar_decay_damage_then_2_boost_on_an_adjacent_friend(fd: CD) -> None:
    sc = kuldak(fd)
    maldar = sc.add(0, fd["maldar"], "c3")
    friend = sc.add(0, GRUNT, "c4")
    sc.add(0, GRUNT, "c5")  # not adjacent
    sc.add(1, GRUNT, "b3")  # adjacent enemy
    st = build(sc, phase=MOVE)
    st.apply_action(END_PHASE)
    assert st.damage[maldar] == 1
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(friend))
    st.apply_action(ChooseTarget(friend))
    assert st.boost[friend] == 2 and pending(st) is None


@pytest.mark.covers("maldar.decay")
def test_maldar_decay_destroying_him_gives_no_boost(fd: CD) -> None:
    sc = kuldak(fd)
    maldar = sc.add(0, fd["maldar"], "c3")
    sc.add(0, GRUNT, "c4")
    st = build(sc, phase=MOVE, magic=(0, 0))
    st.damage[maldar] = 7  # life 8
    st.apply_action(END_PHASE)
    assert st.zone[maldar] == DISCARD and pending(st) is None
    assert st.magic == [0, 0]
    sc2 = kuldak(fd)
    m2 = sc2.add(1, fd["maldar"], "c5")
    st2 = build(sc2, phase=MOVE)
    st2.apply_action(END_PHASE)  # the opponent's Move phase: not his
    assert st2.damage[m2] == 0


# -- Thoon: Blood Rage and Power Up ----------------------------------------------------
@pytest.mark.covers("thoon.blood-rage", "thoon.power-up")
def test_thoon_blood_rage_boost_per_unit_destroyed_in_your_turn(fd: CD) -> None:
    sc = kuldak(fd)
    thoon = sc.add(0, fd["thoon"], "a1")
    mine = sc.add(0, WEAK, "c3")
    theirs = sc.add(1, WEAK, "c6")
    gate = sc.add(1, GATE, "f6")
    st = build(sc, phase=ATTACK)
    st.destroy(mine, 1)
    st.destroy(theirs, 0)
    st.destroy(gate, 0)  # a structure: no boost
    st.settle()
    assert st.boost[thoon] == 2 and st.strength(thoon) == 2 + 2
    st.boost[thoon] = 8
    assert st.strength(thoon) == 2 + 5  # Power Up: at most +5
    st.boost[thoon] = 3
    st.targeted_enemy = True
    end_phases(st, 3)  # attack, magic, draw: the turn ends
    assert st.turn_player == 1 and st.boost[thoon] == 1


@pytest.mark.covers("thoon.blood-rage")
def test_thoon_blood_rage_not_in_the_opponents_turn(fd: CD) -> None:
    sc = kuldak(fd)
    thoon = sc.add(0, fd["thoon"], "a1")
    victim = sc.add(0, WEAK, "c3")
    st = build(sc, phase=ATTACK, turn_player=1)
    st.destroy(victim, 1)
    st.settle()
    assert st.boost[thoon] == 0
