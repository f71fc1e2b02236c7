"""Shadow Elves abilities of the cards whose data is complete (cards/data/shadow-elves
.yaml): Selundar, Taliya, Samara, Lucian, the commons and the standard events. Cards
come from the real catalog; dice are rigged. No faction deck list exists: scenarios
only."""

from __future__ import annotations

import pytest
from scenario import (
    CD,
    CHAMP,
    GATE,
    GRUNT,
    SUMMONER,
    Dice,
    Scenario,
    at,
    build,
    card,
    faction_cards,
    pending,
    uses,
)

from engine.core import dice
from engine.core.actions import (
    END_PHASE,
    NO,
    YES,
    Attack,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.hooks import ACTIVE, DISCARD, HAND
from engine.core.phases import ATTACK, MOVE, SUMMON
from engine.core.types import CardClass, CardType

M = dice.MELEE
SUMMON_ID = "shadow-knight.shadow-summon"


@pytest.fixture(scope="module")
def sh() -> CD:
    """Shadow Elves cards (``se`` in conftest is Savanna Elves)."""
    return faction_cards("shadow-elves")


# -- Shadow Knight: Shadow Summon ------------------------------------------------------
@pytest.mark.covers("shadow-knight.shadow-summon")
def test_shadow_knight_summoned_next_to_a_friendly_card_that_takes_1_damage(
    sh: CD,
) -> None:
    sc = Scenario()
    knight = sc.add(0, sh["shadow-knight"], zone="hand")
    gate = sc.add(0, GATE, "a2")
    grunt = sc.add(0, GRUNT, "e5")
    other = sc.add(0, sh["shadow-knight"], "c4")  # has Shadow Summon: no target
    sc.add(1, GRUNT, "b6")  # enemy: no target
    st = build(sc, phase=SUMMON, magic=(3, 3))
    acts = st.legal_actions()
    assert not any(isinstance(a, Summon) and a.card == knight for a in acts)
    opts = uses(st, SUMMON_ID)
    assert {a.option for a in opts} == {0, gate, grunt}
    assert other not in {a.option for a in opts}
    st.apply_action(UseAbility(knight, SUMMON_ID, grunt))
    dec = pending(st)
    assert dec is not None and dec.player == 0
    assert set(dec.options) == {ChooseSpace(at(s)) for s in ("e4", "e6", "d5", "f5")}
    st.apply_action(ChooseSpace(at("e6")))  # far from any gate
    assert st.pos[knight] == at("e6") and st.ctrl[knight] == 0
    assert st.magic[0] == 2 and st.damage[grunt] == 1
    assert pending(st) is None


@pytest.mark.covers("shadow-knight.shadow-summon")
def test_shadow_summon_needs_its_cost_and_the_summon_phase(sh: CD) -> None:
    sc = Scenario()
    sc.add(0, sh["shadow-knight"], zone="hand")
    sc.add(0, GATE, "a2")
    st = build(sc, phase=SUMMON, magic=(0, 3))
    assert uses(st, SUMMON_ID) == []
    st.magic[0] = 1
    st.invalidate()  # the legal actions are cached until the next action
    assert uses(st, SUMMON_ID) != []
    st.apply_action(END_PHASE)
    assert uses(st, SUMMON_ID) == []


@pytest.mark.covers("shadow-knight.shadow-summon")
def test_shadow_summon_damage_can_destroy_the_target_without_magic(sh: CD) -> None:
    sc = Scenario()
    knight = sc.add(0, sh["shadow-knight"], zone="hand")
    weak = sc.add(0, card("weak", life=1, cost=0), "c3")
    st = build(sc, phase=SUMMON, magic=(1, 3))
    st.apply_action(UseAbility(knight, SUMMON_ID, weak))
    st.apply_action(ChooseSpace(at("c4")))
    assert st.zone[weak] == DISCARD and st.pos[knight] == at("c4")
    assert st.magic[0] == 0  # own card destroyed: no magic


# -- Shadow Knight: Death Pact ---------------------------------------------------------
@pytest.mark.covers("shadow-knight.death-pact")
def test_death_pact_damages_its_own_summoner(sh: CD, rig: Dice) -> None:
    sc = Scenario()
    knight = sc.add(1, sh["shadow-knight"], "c4")
    grunt = sc.add(0, GRUNT, "c3")
    st = build(sc, phase=ATTACK, magic=(0, 0))
    st.damage[knight] = 4
    rig(M, M)
    st.apply_action(Attack(grunt, knight))
    assert st.zone[knight] == DISCARD
    assert st.damage[1] == 1 and st.damage[0] == 0  # the Knight's summoner
    assert st.magic[0] == 1  # the attacker still gains its magic


@pytest.mark.covers("shadow-knight.death-pact")
def test_death_pact_only_on_destruction(sh: CD) -> None:
    sc = Scenario()
    knight = sc.add(0, sh["shadow-knight"], "c4")
    st = build(sc, phase=ATTACK)
    st.discard_card(knight)  # removed without being destroyed
    st.settle()
    assert st.zone[knight] == DISCARD and st.damage[0] == 0
    other = Scenario()
    k2 = other.add(0, sh["shadow-knight"], "c4")
    st2 = build(other, phase=ATTACK)
    st2.destroy(k2, 1)
    st2.settle()
    assert st2.damage[0] == 1


# -- Shadow Pulse ----------------------------------------------------------------------
@pytest.mark.covers("shadow-pulse.effect")
def test_shadow_pulse_hits_chosen_units_next_to_damaged_gates(sh: CD) -> None:
    sc = Scenario()
    pulse = sc.add(0, sh["shadow-pulse"], zone="hand")
    enemy_gate = sc.add(1, GATE, "c6")
    foe = sc.add(1, card("weak", life=1, cost=0), "c5")
    mine = sc.add(0, GRUNT, "b6")
    sc.add(0, GRUNT, "e4")  # not next to a gate
    sc.add(0, GATE, "f2")  # undamaged gate
    sc.add(1, GRUNT, "f3")  # next to the undamaged gate only
    st = build(sc, phase=ATTACK, magic=(0, 0))
    st.damage[enemy_gate] = 1
    st.apply_action(PlayEvent(pulse))
    dec = pending(st)
    assert dec is not None and dec.ability == "shadow-pulse.effect"
    assert set(dec.options) == {NO, ChooseTarget(foe), ChooseTarget(mine)}
    st.apply_action(ChooseTarget(foe))
    dec = pending(st)
    assert dec is not None and set(dec.options) == {NO, ChooseTarget(mine)}
    st.apply_action(ChooseTarget(mine))  # nothing left: the damage happens
    assert pending(st) is None
    assert st.zone[foe] == DISCARD and st.damage[mine] == 1
    assert st.magic[0] == 1 and st.damage[enemy_gate] == 1


@pytest.mark.covers("shadow-pulse.effect")
def test_shadow_pulse_needs_a_damaged_gate_and_may_pick_nobody(sh: CD) -> None:
    sc = Scenario()
    pulse = sc.add(0, sh["shadow-pulse"], zone="hand")
    gate = sc.add(0, GATE, "c2")
    mine = sc.add(0, GRUNT, "c3")
    st = build(sc, phase=ATTACK)
    assert PlayEvent(pulse) not in st.legal_actions()
    st.damage[gate] = 2
    st.invalidate()  # the legal actions are cached until the next action
    assert PlayEvent(pulse) in st.legal_actions()
    st.apply_action(PlayEvent(pulse))
    st.apply_action(NO)
    assert st.damage[mine] == 0 and st.zone[pulse] == DISCARD


# -- Glinting Speed --------------------------------------------------------------------
@pytest.mark.covers("glinting-speed.effect")
def test_glinting_speed_summoner_jumps_to_a_destroyed_units_space(
    sh: CD, rig: Dice
) -> None:
    sc = Scenario()
    speed = sc.add(0, sh["glinting-speed"], zone="hand")
    grunt = sc.add(0, GRUNT, "d3")
    victim = sc.add(1, card("weak", life=1, cost=0), "d4")  # 3 from d1
    st = build(sc, phase=ATTACK, magic=(0, 0))
    st.apply_action(PlayEvent(speed))
    assert st.zone[speed] == ACTIVE
    rig(M, M)
    st.apply_action(Attack(grunt, victim))
    dec = pending(st)
    assert dec is not None and dec.ability == "glinting-speed.effect"
    assert dec.player == 0 and dec.options == (NO, YES)
    st.apply_action(YES)
    assert st.pos[0] == at("d4") and st.moved == []  # a place, not a move


@pytest.mark.covers("glinting-speed.effect")
def test_glinting_speed_not_too_far_and_not_in_the_opponents_turn(sh: CD) -> None:
    sc = Scenario()
    sc.add(0, sh["glinting-speed"], zone="active")
    far = sc.add(1, card("weak", life=1, cost=0), "d6")  # 5 from d1
    near = sc.add(1, card("weak", life=1, cost=0), "e2")
    st = build(sc, phase=ATTACK, turn_player=0)
    st.destroy(far, 0)
    st.settle()
    assert pending(st) is None
    st.turn_player = 1  # the opponent's turn: nothing
    st.destroy(near, 1)
    st.settle()
    assert pending(st) is None and st.pos[0] == at("d1")


# -- Onyx Tome -------------------------------------------------------------------------
@pytest.mark.covers("onyx-tome.effect")
def test_onyx_tome_takes_a_card_back_then_pings_twice(sh: CD) -> None:
    sc = Scenario()
    tome = sc.add(0, sh["onyx-tome"], zone="hand")
    pulse = sc.add(0, sh["shadow-pulse"], zone="discard")
    sc.add(0, sh["onyx-tome"], zone="discard")  # never offered
    epic = card("big-epic", card_type=CardType.EVENT, classes=(CardClass.EPIC,))
    sc.add(0, epic, zone="discard")  # never offered
    knight = sc.add(0, sh["shadow-knight"], "c3")
    sc.add(1, GRUNT, "c6")  # enemy: never a ping target
    st = build(sc, phase=SUMMON, magic=(1, 0))
    st.apply_action(PlayEvent(tome))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(pulse),)
    st.apply_action(ChooseTarget(pulse))
    assert st.zone[pulse] == HAND and pulse in st.hand[0]
    dec = pending(st)
    assert dec is not None and set(dec.options) == {
        ChooseTarget(0),
        ChooseTarget(knight),
    }
    st.apply_action(ChooseTarget(knight))
    st.apply_action(ChooseTarget(knight))
    assert st.damage[knight] == 2 and pending(st) is None
    assert st.magic[0] == 0 and st.zone[tome] == DISCARD


@pytest.mark.covers("onyx-tome.effect")
def test_onyx_tome_needs_a_card_to_take(sh: CD) -> None:
    sc = Scenario()
    tome = sc.add(0, sh["onyx-tome"], zone="hand")
    sc.add(0, sh["onyx-tome"], zone="discard")
    st = build(sc, phase=SUMMON, magic=(3, 0))
    assert PlayEvent(tome) not in st.legal_actions()


def summon_seeker(sh: CD, slug: str):  # type: ignore[no-untyped-def]
    sc = Scenario()
    unit = sc.add(0, sh[slug], zone="hand")
    sc.add(0, GATE, "c2")
    return sc, unit


# -- True Seeker -----------------------------------------------------------------------
@pytest.mark.covers("true-seeker.fierce-assault")
def test_true_seeker_fierce_assault_only_on_its_summoning_turn(sh: CD) -> None:
    sc, seeker = summon_seeker(sh, "true-seeker")
    other = sc.add(0, sh["true-seeker"], "e5")  # on the board before this turn
    st = build(sc, phase=SUMMON, magic=(3, 0))
    st.apply_action(Summon(seeker, at("c3")))
    assert st.strength(seeker) == 3 and st.strength(other) == 1
    st.flags.clear()  # a new turn
    assert st.strength(seeker) == 1


@pytest.mark.covers("true-seeker.feint")
def test_true_seeker_feint_pushes_itself_after_attacking(sh: CD, rig: Dice) -> None:
    sc = Scenario()
    seeker = sc.add(0, sh["true-seeker"], "c3")
    foe = sc.add(1, GRUNT, "c4")
    sc.add(0, GRUNT, "b3")  # blocks the left
    st = build(sc, phase=ATTACK)
    rig(M)
    st.apply_action(Attack(seeker, foe))
    dec = pending(st)
    assert dec is not None and dec.ability == "true-seeker.feint"
    want = {NO} | {ChooseSpace(at(s)) for s in ("c2", "c1", "d3", "e3")}
    assert set(dec.options) == want  # b3 blocks the left, the target the front
    st.apply_action(ChooseSpace(at("e3")))
    assert st.pos[seeker] == at("e3") and st.moved == []


# -- Sage Ranger -----------------------------------------------------------------------
@pytest.mark.covers("sage-ranger.sudden-assault", "sage-ranger.piercing-light")
def test_sage_ranger_pushes_after_summon_and_shoots_through_units(
    sh: CD, rig: Dice
) -> None:
    sc, ranger = summon_seeker(sh, "sage-ranger")
    wall = sc.add(0, GRUNT, "c5")
    foe = sc.add(1, GRUNT, "c6")
    st = build(sc, phase=SUMMON, magic=(3, 0))
    st.apply_action(Summon(ranger, at("c3")))
    dec = pending(st)
    assert dec is not None and dec.ability == "sage-ranger.sudden-assault"
    assert ChooseSpace(at("c4")) in dec.options and NO in dec.options
    st.apply_action(ChooseSpace(at("c4")))
    assert st.pos[ranger] == at("c4")
    st.phase = ATTACK
    st.invalidate()
    assert Attack(ranger, foe) in st.legal_actions()  # through the friendly unit
    st.flags.clear()  # a later turn: the unit blocks again
    st.invalidate()
    assert Attack(ranger, foe) not in st.legal_actions()
    assert Attack(ranger, wall) in st.legal_actions()  # own cards may be attacked


# -- Shadow Mage -----------------------------------------------------------------------
@pytest.mark.covers("shadow-mage.forbidden-knowledge")
def test_shadow_mage_forbidden_knowledge_after_moving(sh: CD) -> None:
    sc = Scenario()
    mage = sc.add(0, sh["shadow-mage"], "c3")
    gate = sc.add(0, GATE, "b4")
    sc.add(0, GRUNT, zone="deck")
    sc.add(0, GRUNT, zone="deck")
    st = build(sc, phase=MOVE)
    st.apply_action(Move(mage, at("c4")))
    dec = pending(st)
    assert dec is not None and dec.ability == "shadow-mage.forbidden-knowledge"
    assert set(dec.options) == {NO, ChooseTarget(mage), ChooseTarget(gate)}
    st.apply_action(ChooseTarget(gate))
    assert st.damage[gate] == 1 and len(st.hand[0]) == 1
    st.moved.clear()
    st.apply_action(Move(mage, at("c5")))
    st.apply_action(NO)  # skipping: no damage, no card
    assert st.damage[mage] == 0 and len(st.hand[0]) == 1


# -- Selundar: Blood Magic, Return to Shadow -------------------------------------------
BLOOD = "selundar.blood-magic"
RETURN = "selundar.return-to-shadow"


def selundar_scenario(sh: CD) -> Scenario:
    """Selundar (player 0) at d1, the test summoner (player 1) at c8."""
    return Scenario(summoners=(sh["selundar"], SUMMONER))


@pytest.mark.covers("selundar.blood-magic")
def test_blood_magic_boosts_when_a_friendly_card_nearby_takes_damage(sh: CD) -> None:
    sc = selundar_scenario(sh)
    near = sc.add(0, GRUNT, "d3")  # 2 spaces away
    gate = sc.add(0, GATE, "b1")  # a friendly card, not only units
    weak = sc.add(0, card("weak", life=1, cost=0), "e2")
    st = build(sc, phase=ATTACK)
    st.deal_damage(near, 2, 1)  # by the opponent's effect: still counts
    st.settle()
    assert st.boost[0] == 1  # once per damaging, not per point
    st.deal_damage(gate, 1, 0)
    st.settle()
    assert st.boost[0] == 2
    st.deal_damage(weak, 1, 0)  # destroyed by it: it still took damage
    st.settle()
    assert st.zone[weak] == DISCARD and st.boost[0] == 3


@pytest.mark.covers("selundar.blood-magic")
def test_blood_magic_not_for_itself_enemies_far_cards_or_the_opponents_turn(
    sh: CD,
) -> None:
    sc = selundar_scenario(sh)
    far = sc.add(0, GRUNT, "d5")  # 4 spaces away
    foe = sc.add(1, GRUNT, "d2")
    near = sc.add(0, GRUNT, "c1")
    st = build(sc, phase=ATTACK)
    for target in (0, far, foe):
        st.deal_damage(target, 1, 1)
        st.settle()
    assert st.boost[0] == 0
    st.turn_player = 1
    st.deal_damage(near, 1, 1)
    st.settle()
    assert st.boost[0] == 0


@pytest.mark.covers("selundar.return-to-shadow")
def test_return_to_shadow_spends_2_boost_to_take_a_unit_back(sh: CD) -> None:
    sc = selundar_scenario(sh)
    near = sc.add(0, GRUNT, "d4")  # 3 spaces away
    far = sc.add(0, GRUNT, "f4")  # 5 spaces away
    sc.add(1, GRUNT, "d2")  # enemy: not a target
    st = build(sc, phase=MOVE)
    assert uses(st, RETURN) == []  # no boost yet
    st.boost[0] = 2
    st.damage[near] = 1
    st.invalidate()  # the state was changed by hand
    assert uses(st, RETURN) == [UseAbility(0, RETURN, near)]
    assert far not in {a.option for a in uses(st, RETURN)}
    st.apply_action(UseAbility(0, RETURN, near))
    assert st.zone[near] == HAND and near in st.hand[0]
    assert st.damage[near] == 0 and st.boost[0] == 0
    assert uses(st, RETURN) == []
    st.boost[0] = 5
    st.turn_player = 1  # only in your own turn
    st.invalidate()
    assert not any(
        isinstance(a, UseAbility) and a.ability == RETURN for a in st.legal_actions()
    )


@pytest.mark.covers("selundar.return-to-shadow", "glinting-speed.effect")
def test_return_to_shadow_lets_glinting_speed_follow_the_unit(sh: CD) -> None:
    sc = selundar_scenario(sh)
    sc.add(0, sh["glinting-speed"], zone="active")
    unit = sc.add(0, GRUNT, "d3")
    st = build(sc, phase=ATTACK)
    st.boost[0] = 2
    st.apply_action(UseAbility(0, RETURN, unit))
    dec = pending(st)
    assert dec is not None and dec.ability == "glinting-speed.effect"
    st.apply_action(YES)
    assert st.pos[0] == at("d3") and st.zone[unit] == HAND


# -- Taliya: Tear the Veil -------------------------------------------------------------
VEIL = "taliya.tear-the-veil"


@pytest.mark.covers("taliya.tear-the-veil")
def test_tear_the_veil_places_a_common_next_to_a_damaged_enemy_gate(sh: CD) -> None:
    sc = Scenario()
    taliya = sc.add(0, sh["taliya"], "c4")
    grunt = sc.add(0, GRUNT, "a1")  # anywhere on the battlefield
    sc.add(0, CHAMP, "f1")  # a champion: not offered
    gate = sc.add(1, GATE, "c6")
    st = build(sc, phase=MOVE)
    st.damage[gate] = 1
    st.apply_action(Move(taliya, at("c5")))
    dec = pending(st)
    assert dec is not None and dec.ability == VEIL
    assert dec.options == (NO, ChooseTarget(grunt))
    st.apply_action(ChooseTarget(grunt))
    dec = pending(st)
    assert dec is not None
    assert set(dec.options) == {ChooseSpace(at(s)) for s in ("b6", "d6", "c7")}
    st.apply_action(ChooseSpace(at("d6")))
    assert st.pos[grunt] == at("d6") and st.moved == [taliya]  # a place, not a move


@pytest.mark.covers("taliya.tear-the-veil")
def test_tear_the_veil_needs_a_damaged_enemy_gate_and_works_once_per_turn(
    sh: CD,
) -> None:
    sc = Scenario()
    taliya = sc.add(0, sh["taliya"], "c4")
    sc.add(0, GRUNT, "a1")
    gate = sc.add(1, GATE, "c6")
    own = sc.add(0, GATE, "e5")
    st = build(sc, phase=MOVE)
    st.damage[own] = 1  # a friendly gate does not count
    st.apply_action(Move(taliya, at("d5")))
    assert pending(st) is None
    st.damage[gate] = 1
    st.moved.clear()  # a second move this turn (as an extra move would)
    st.invalidate()
    st.apply_action(Move(taliya, at("c5")))
    st.apply_action(NO)  # declined: not used up
    st.moved.clear()
    st.invalidate()
    st.apply_action(Move(taliya, at("b6")))  # next to the gate again
    dec = pending(st)
    assert dec is not None and dec.ability == VEIL
    st.apply_action(dec.options[1])
    st.apply_action(ChooseSpace(at("c7")))
    st.moved.clear()
    st.invalidate()
    st.apply_action(Move(taliya, at("c5")))
    assert pending(st) is None  # once per turn


@pytest.mark.covers("glinting-speed.effect")
def test_glinting_speed_follows_any_unit_returned_to_hand(sh: CD) -> None:
    """Leaving the battlefield for a hand counts, whatever returned it: here Cave
    Goblins' Unrelenting saves a friendly common from destruction."""
    goblins = faction_cards("cave-goblins")
    sc = Scenario()
    sc.add(0, sh["glinting-speed"], zone="active")
    sc.add(0, goblins["unrelenting"], zone="active")
    unit = sc.add(0, card("weak", life=1, cost=0), "c2")
    st = build(sc, phase=ATTACK)
    st.deal_damage(unit, 1, 1)
    st.settle()
    assert st.zone[unit] == HAND
    dec = pending(st)
    assert dec is not None and dec.ability == "glinting-speed.effect"
    st.apply_action(YES)
    assert st.pos[0] == at("c2")


# -- Samara: Inescapable Doom ----------------------------------------------------------
DOOM = "samara.inescapable-doom"


@pytest.mark.covers("samara.inescapable-doom")
def test_samara_hurts_the_enemy_summoner_after_her_kill(sh: CD, rig: Dice) -> None:
    sc = Scenario()
    samara = sc.add(0, sh["samara"], "c3")
    victim = sc.add(1, card("weak", life=1, cost=0), "c4")
    st = build(sc, phase=ATTACK)
    rig(M)
    st.apply_action(Attack(samara, victim))
    assert st.zone[victim] == DISCARD
    st.apply_action(END_PHASE)
    st.settle()
    assert st.damage[1] == 1 and st.damage[0] == 0


@pytest.mark.covers("samara.inescapable-doom")
def test_samara_hurts_your_summoner_when_someone_else_killed(sh: CD, rig: Dice) -> None:
    """Another friendly unit's kill does not count (the card: "this unit"); a failed
    attack neither. Cost of inaction is not due: an enemy was attacked."""
    sc = Scenario()
    samara = sc.add(0, sh["samara"], "c3")
    tank = sc.add(1, card("tank", life=9), "c4")
    other = sc.add(0, GRUNT, "e3")
    victim = sc.add(1, card("weak", life=1, cost=0), "e4")
    st = build(sc, phase=ATTACK)
    rig(M, M)
    st.apply_action(Attack(other, victim))
    rig(M, M, M, M)
    st.apply_action(Attack(samara, tank))
    assert st.zone[victim] == DISCARD and st.zone[tank] != DISCARD
    st.apply_action(END_PHASE)
    st.settle()
    assert st.damage[0] == 1 and st.damage[1] == 0


@pytest.mark.covers("samara.inescapable-doom")
def test_samara_own_unit_destroyed_is_no_enemy_kill(sh: CD, rig: Dice) -> None:
    """Destroying a friendly unit (hers by control, R8e) is not an enemy kill; an
    enemy-owned unit her player controls is friendly too."""
    sc = Scenario()
    samara = sc.add(0, sh["samara"], "c3")
    taken = sc.add(1, card("weak", life=1, cost=0), "c4")
    st = build(sc, phase=ATTACK)
    st.set_controller(taken, 0)
    st.targeted_enemy = True
    rig(M)
    st.apply_action(Attack(samara, taken))
    assert st.zone[taken] == DISCARD
    st.apply_action(END_PHASE)
    st.settle()
    assert st.damage[0] == 1 and st.damage[1] == 0


@pytest.mark.covers("samara.inescapable-doom")
def test_samara_gone_before_the_phase_ends_does_nothing(sh: CD) -> None:
    sc = Scenario()
    samara = sc.add(1, sh["samara"], "c5")  # the opponent's: not her turn
    mine = sc.add(0, sh["samara"], "c3")
    st = build(sc, phase=ATTACK)
    st.targeted_enemy = True
    st.destroy(mine, 1)
    st.apply_action(END_PHASE)
    st.settle()
    assert st.damage[0] == 0 and st.damage[1] == 0 and st.zone[samara] != DISCARD


# -- Lucian: Dark Prophecy and Judgment ------------------------------------------------
JUDGMENT = "lucian.judgment"


@pytest.mark.covers("lucian.dark-prophecy")
def test_lucian_dark_prophecy_counts_friendly_units_leaving(sh: CD) -> None:
    sc = selundar_scenario(sh)
    lucian = sc.add(0, sh["lucian"], "a3")
    dead = sc.add(0, card("weak", life=1, cost=0), "e3")
    back = sc.add(0, GRUNT, "d2")  # within 3 of Selundar: Return to Shadow
    enemy = sc.add(1, card("weak", life=1, cost=0), "e6")
    gate = sc.add(0, GATE, "b1")
    taken = sc.add(1, card("weak", life=1, cost=0), "f5")
    st = build(sc, phase=MOVE)
    st.destroy(dead, 1)
    assert st.boost[lucian] == 1
    st.destroy(enemy, 0)
    st.destroy(gate, 1)  # a structure
    assert st.boost[lucian] == 1
    st.set_controller(taken, 0)
    st.destroy(taken, 0)  # friendly by control when destroyed (R8e)
    assert st.boost[lucian] == 2
    st.boost[0] = 2
    st.invalidate()
    st.apply_action(UseAbility(0, RETURN, back))
    st.settle()
    assert st.zone[back] == HAND and st.boost[lucian] == 3


@pytest.mark.covers("lucian.judgment")
def test_lucian_judgment_spends_boost_as_damage_after_moving(sh: CD) -> None:
    sc = Scenario()
    lucian = sc.add(0, sh["lucian"], "c3")
    champ = sc.add(1, CHAMP, "d5")  # around c5, where Lucian moves: d5 c6 b5 c4
    enemy = sc.add(1, GRUNT, "c6")
    friend = sc.add(0, GRUNT, "b5")  # either side
    gate = sc.add(1, GATE, "d6")  # diagonal, and a structure anyway
    st = build(sc, phase=MOVE)
    st.boost[lucian] = 3
    st.apply_action(Move(lucian, at("c5")))
    dec = pending(st)
    assert dec is not None
    assert set(dec.options) == {
        NO,
        ChooseTarget(champ),
        ChooseTarget(enemy),
        ChooseTarget(friend),
    }
    st.apply_action(ChooseTarget(champ))
    dec = pending(st)
    assert dec is not None and len(dec.options) == 3  # spend 1, 2 or 3
    st.apply_action(dec.options[1])  # 2
    assert st.boost[lucian] == 1 and st.damage[champ] == 2
    assert st.damage[gate] == 0


@pytest.mark.covers("lucian.judgment")
def test_lucian_judgment_needs_boost_and_may_be_declined(sh: CD) -> None:
    sc = Scenario()
    lucian = sc.add(0, sh["lucian"], "c3")
    weak = sc.add(1, card("weak", life=1, cost=0), "b5")
    st = build(sc, phase=MOVE, magic=(0, 0))
    st.apply_action(Move(lucian, at("b4")))  # next to it, but no boost: nothing
    assert pending(st) is None
    st.moved.clear()
    st.boost[lucian] = 2
    st.apply_action(Move(lucian, at("c5")))
    st.apply_action(NO)
    assert st.boost[lucian] == 2 and st.damage[weak] == 0
    st.moved.clear()
    st.apply_action(Move(lucian, at("b4")))
    st.apply_action(ChooseTarget(weak))
    dec = pending(st)
    assert dec is not None and len(dec.options) == 2
    st.apply_action(dec.options[1])  # spend both
    assert st.zone[weak] == DISCARD and st.magic[0] == 1  # his kill: magic
    assert st.boost[lucian] == 0
