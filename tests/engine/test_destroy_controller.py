"""R8e "Control vs owner" at destruction: a destroyed card goes to its OWNER's discard
pile (R7), but triggers about its destruction ("a friendly unit is destroyed", "your
summoner", "enemy units") judge it by the controller it had when it was destroyed
(:meth:`engine.core.state.GameState.destroy`). The cards are taken with Breakers' Mind
Control in play; here ``set_controller`` stands for it."""

from __future__ import annotations

import pytest
from scenario import GRUNT, Dice, Scenario, build, card, faction_cards

from engine.core import dice
from engine.core.actions import Attack
from engine.core.hooks import ACTIVE, DISCARD, Ability, Trigger
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.types import CardDef
from engine.rulesets.second import SECOND

M = dice.MELEE
CD = dict[str, CardDef]
WEAK = card("weak", life=1, cost=0)


@pytest.mark.covers("holy-judgment.effect")
def test_R8e_holy_judgment_loses_boost_for_a_taken_unit_it_controls(
    vg: CD, rig: Dice
) -> None:
    """Holy Judgment: a unit I control (owned by the opponent) is "friendly" when it is
    destroyed, like its strength bonus that already follows the controller."""
    sc = Scenario()
    hj = sc.add(0, vg["holy-judgment"], zone="active")
    taken = sc.add(1, card("taken", life=1, cost=0), "c3")  # owner: player 1
    mine = sc.add(0, GRUNT, "c4")
    st = build(sc, phase=ATTACK)
    st.boost[hj] = 2
    st.set_controller(taken, 0)
    assert st.strength(taken) == st.info.cards[taken].strength + 1  # a friendly common
    rig(M, M)
    st.apply_action(Attack(mine, taken))  # I destroy my own (taken) unit
    st.settle()
    assert st.zone[taken] == DISCARD and taken in st.discard[1]  # its owner's pile
    assert st.ctrl[taken] == 1  # back with its owner once destroyed
    assert st.boost[hj] == 1


@pytest.mark.covers("holy-judgment.effect")
def test_R8e_holy_judgment_keeps_boost_for_an_own_unit_the_enemy_controls(
    vg: CD, rig: Dice
) -> None:
    """The reverse: my card, controlled by the opponent when destroyed, is an enemy."""
    sc = Scenario()
    hj = sc.add(0, vg["holy-judgment"], zone="active")
    lost = sc.add(0, card("lost", life=1, cost=0), "c3")  # owner: player 0
    st = build(sc, phase=ATTACK)
    st.boost[hj] = 2
    st.set_controller(lost, 1)
    st.destroy(lost, 0)
    st.settle()
    assert st.zone[lost] == DISCARD and lost in st.discard[0]
    assert st.boost[hj] == 2 and st.zone[hj] == ACTIVE


@pytest.mark.covers("shadow-knight.death-pact")
def test_R8e_death_pact_hurts_the_summoner_of_its_controller() -> None:
    """Death Pact ("your summoner"): the controller's summoner at destruction."""
    sh = faction_cards("shadow-elves")
    sc = Scenario()
    knight = sc.add(1, sh["shadow-knight"], "c4")  # owner: player 1
    st = build(sc, phase=ATTACK)
    st.set_controller(knight, 0)
    st.destroy(knight, 1)
    st.settle()
    assert knight in st.discard[1]
    assert st.damage[0] == 1 and st.damage[1] == 0


@pytest.mark.covers("hellfire-cultist.immolate")
def test_R8e_immolate_hits_the_enemies_of_its_controller(fk: CD) -> None:
    """Immolate ("each enemy unit that was adjacent"): enemies of the player who
    controlled the Cultist when it was destroyed, and the kills are that player's."""
    sc = Scenario(summoners=(fk["ret-talus"], fk["ret-talus"]))
    cultist = sc.add(0, fk["hellfire-cultist"], "c3")  # owner: player 0
    owners_unit = sc.add(0, WEAK, "c4")
    takers_unit = sc.add(1, WEAK, "b3")
    st = build(sc, phase=ATTACK, magic=(3, 3))
    st.set_controller(cultist, 1)
    st.destroy(cultist, 0)
    st.settle()
    assert cultist in st.discard[0]
    assert st.zone[owners_unit] == DISCARD and st.zone[takers_unit] != DISCARD
    assert st.magic == [3 + 1, 3 + 1]  # 0 destroyed an enemy Cultist, 1 a unit


class _Spy(Ability):
    """Records what an on_destroy trigger sees."""

    zones = (DISCARD,)
    seen: list[tuple[int, int, int]] = []

    def on_destroy(
        self, st: GameState, src: int, card: int, by_player: int | None
    ) -> Trigger | None:
        _Spy.seen.append((card, st.ctrl[card], st.info.owner[card]))
        return None


def test_R8e_on_destroy_sees_the_controller_then_the_owner_takes_it_back() -> None:
    """The core rule for every on_destroy / on_destroy_at hook."""
    reg = SECOND.load_abilities()
    if "test-spied.spy" not in reg:
        reg.register("test-spied.spy")(_Spy)
    spied = card("test-spied", life=1, cost=0, abilities=("test-spied.spy",))
    sc = Scenario()
    cid = sc.add(1, spied, "c3")
    st = build(sc, phase=ATTACK)
    st.set_controller(cid, 0)
    _Spy.seen.clear()
    st.destroy(cid, 1)
    assert _Spy.seen == [(cid, 0, 1)]
    assert st.ctrl[cid] == 1 and cid in st.discard[1]


# -- after-attack effects on a target the attack destroyed -----------------------------
@pytest.mark.covers("tundra-fighter.frenzy")
def test_R8e_frenzy_destroyed_target_was_an_enemy_by_control(rig: Dice) -> None:
    """Frenzy ("after it attacks an adjacent enemy card"): the Fighter's owner's own
    card, controlled by the opponent, was an enemy when the attack destroyed it."""
    to = faction_cards("tundra-orcs")
    sc = Scenario()
    tf = sc.add(0, to["tundra-fighter"], "c3")
    lost = sc.add(0, WEAK, "c4")  # owner: player 0, taken by player 1
    st = build(sc, phase=ATTACK)
    st.set_controller(lost, 1)
    rig(M, 0, 0)  # attack: 1 hit (destroyed); Frenzy die: blank
    st.apply_action(Attack(tf, lost))
    assert st.zone[lost] == DISCARD and lost in st.discard[0]
    assert rig.sizes == [2, 1]  # Frenzy rolled its die


@pytest.mark.covers("divine-retribution.effect")
def test_R8e_divine_retribution_destroyed_friend_by_control(rig: Dice) -> None:
    """Divine Retribution (after an enemy attacks a friendly unit within 3 of your
    summoner): a unit you control, owned by the attacker's player, destroyed by that
    attack was friendly."""
    pe = faction_cards("phoenix-elves")
    sc = Scenario()
    dr = sc.add(0, pe["divine-retribution"], zone="active")
    taken = sc.add(1, WEAK, "d3")  # owner: player 1, controlled by player 0
    enemy = sc.add(1, GRUNT, "d4")
    st = build(sc, phase=ATTACK, turn_player=1)
    st.set_controller(taken, 0)
    rig(M, M)
    st.apply_action(Attack(enemy, taken))
    st.settle()
    assert st.zone[taken] == DISCARD and st.zone[dr] == ACTIVE
    assert st.damage[enemy] == 1
