"""Core rules R2-R8 on hand-built scenarios (vanilla cards, no catalog)."""

from __future__ import annotations

import pytest
from scenario import (
    ARCHER,
    CHAMP,
    GATE,
    GRUNT,
    SHOT,
    SUMMONER,
    Scenario,
    at,
    card,
    vanilla_deck,
)

from engine.core.actions import (
    END_PHASE,
    Attack,
    Build,
    DiscardForMagic,
    IllegalActionError,
    Move,
    PlayEvent,
    Summon,
)
from engine.core.hooks import ACTIVE, DISCARD, HAND, UNDER
from engine.core.phases import ATTACK, BUILD, DRAW, MAGIC, MOVE, SUMMON
from engine.core.types import CardClass, CardType, Phase, Rules
from engine.play import setup_game


def kinds(st, cls):  # type: ignore[no-untyped-def]
    return [a for a in st.legal_actions() if isinstance(a, cls)]


# -- R2 setup --------------------------------------------------------------------------
def test_R2_setup_places_cards_draws_five_and_sets_magic() -> None:
    st = setup_game(vanilla_deck("a"), vanilla_deck("b"), seed=3)
    s0, s1 = st.info.summoners
    assert st.pos[s0] == at("d1") and st.pos[s1] == at("c8")  # 180 degrees turned
    assert st.board[at("d2")] >= 0 and st.info.cards[st.board[at("d2")]].is_gate
    assert [len(h) for h in st.hand] == [5, 5]
    assert [len(d) for d in st.deck] == [25, 25]
    first = st.first_player
    assert st.magic[first] == 2 and st.magic[1 - first] == 3
    assert st.turn == 1 and st.turn_player == first and st.phase == SUMMON


def test_R2_first_player_comes_from_the_seed() -> None:
    firsts = {
        setup_game(vanilla_deck(), vanilla_deck(), seed=s).first_player
        for s in range(20)
    }
    assert firsts == {0, 1}
    a = setup_game(vanilla_deck(), vanilla_deck(), seed=11)
    b = setup_game(vanilla_deck(), vanilla_deck(), seed=11)
    assert a.first_player == b.first_player and a.hand == b.hand


# -- R3 turn ---------------------------------------------------------------------------
def test_R3_phases_in_order_then_other_player() -> None:
    st = Scenario().build(phase=SUMMON)
    seen = []
    for _ in range(6):
        seen.append(st.phase)
        st.apply_action(END_PHASE)
    assert seen == [SUMMON, MOVE, BUILD, ATTACK, MAGIC, DRAW]
    assert st.turn_player == 1 and st.turn == 2 and st.phase == SUMMON


def test_R3_start_of_turn_discards_own_active_events() -> None:
    sc = Scenario()
    ev = sc.add(
        0,
        card(
            "banner",
            card_type=CardType.EVENT,
            classes=(CardClass.STANDARD,),
            phase=Phase.SUMMON,
            active=True,
            strength=None,
            life=None,
            attack=None,
        ),
        zone="active",
    )
    st = sc.build(phase=DRAW, turn_player=1)
    st.apply_action(END_PHASE)  # player 1's turn ends; player 0 starts
    assert st.turn_player == 0
    assert st.zone[ev] == DISCARD and ev in st.discard[0]


# -- R4 summon -------------------------------------------------------------------------
def test_R4_summon_adjacent_to_gate() -> None:
    sc = Scenario()
    sc.add(0, GATE, "c3")
    blocker = sc.add(0, GRUNT, "c4")
    g = sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=SUMMON, magic=(3, 3))
    spaces = sorted(a.space for a in kinds(st, Summon) if a.card == g)
    assert spaces == sorted([at("d3"), at("c2"), at("b3")])  # c4 is taken
    st.apply_action(Summon(g, at("b3")))
    assert st.board[at("b3")] == g and st.magic[0] == 2 and g not in st.hand[0]
    assert blocker >= 0


def test_R4_no_summon_without_gate_space_or_magic() -> None:
    sc = Scenario()
    sc.add(0, GATE, "a1")
    for sq in ("a2", "b1"):
        sc.add(0, GRUNT, sq)
    sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=SUMMON)
    assert kinds(st, Summon) == []  # no empty space next to the gate
    sc2 = Scenario()
    sc2.add(0, GATE, "c3")
    sc2.add(0, CHAMP, zone="hand")  # cost 5
    st2 = sc2.build(phase=SUMMON, magic=(4, 4))
    assert kinds(st2, Summon) == []
    with pytest.raises(IllegalActionError):
        st2.apply_action(Summon(st2.hand[0][0], at("c4")))


def test_R4_enemy_gate_does_not_count() -> None:
    sc = Scenario()
    sc.add(1, GATE, "c3")
    sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=SUMMON)
    assert kinds(st, Summon) == []


# -- R5 move ---------------------------------------------------------------------------
def test_R5_move_one_or_two_orthogonal_steps() -> None:
    sc = Scenario()
    u = sc.add(0, GRUNT, "c4")
    st = sc.build(phase=MOVE)
    dests = {a.to for a in kinds(st, Move) if a.unit == u}
    from engine.core.board import DIST

    expected = {s for s in range(48) if 1 <= DIST[at("c4")][s] <= 2} | {at("c4")}
    assert dests == expected  # out-and-back ends on the start space


def test_R5_moving_around_a_card() -> None:
    sc = Scenario()
    u = sc.add(0, GRUNT, "c3")
    sc.add(1, GRUNT, "c4")
    st = sc.build(phase=MOVE)
    dests = {a.to for a in kinds(st, Move) if a.unit == u}
    assert at("d4") in dests and at("b4") in dests  # around the card
    assert at("c5") not in dests  # would pass through it
    assert at("c4") not in dests


def test_R5_no_passing_through_cards() -> None:
    sc = Scenario()
    u = sc.add(0, GRUNT, "a1")
    sc.add(0, GRUNT, "a2")
    sc.add(0, GRUNT, "b1")
    st = sc.build(phase=MOVE)
    assert [a for a in kinds(st, Move) if a.unit == u] == []


def test_R5_up_to_three_different_units() -> None:
    sc = Scenario()
    units = [sc.add(0, GRUNT, s) for s in ("a4", "c4", "e4", "f6")]
    st = sc.build(phase=MOVE)
    for u in units[:3]:
        st.apply_action(next(a for a in kinds(st, Move) if a.unit == u))
    assert kinds(st, Move) == []
    assert st.moved == units[:3]


def test_R5_a_unit_moves_once() -> None:
    sc = Scenario()
    u = sc.add(0, GRUNT, "c4")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(u, at("c5")))
    assert [a for a in kinds(st, Move) if a.unit == u] == []


def test_R5_structures_do_not_move() -> None:
    sc = Scenario()
    g = sc.add(0, GATE, "c3")
    st = sc.build(phase=MOVE)
    assert all(a.unit != g for a in kinds(st, Move))


# -- R6 build --------------------------------------------------------------------------
def test_R6_build_in_back_three_rows_or_next_to_summoner() -> None:
    sc = Scenario(summoner_at=("d5", "c8"))
    g = sc.add(0, GATE, zone="hand")
    st = sc.build(phase=BUILD)
    spaces = {a.space for a in kinds(st, Build) if a.card == g}
    back = {s for s in range(18)}
    next_to = {at("d6"), at("c5"), at("e5"), at("d4")}
    assert spaces == back | next_to
    st.apply_action(Build(g, at("d6")))
    assert st.board[at("d6")] == g


def test_R6_second_player_back_rows_are_rows_6_to_8() -> None:
    sc = Scenario()
    g = sc.add(1, GATE, zone="hand")
    st = sc.build(phase=BUILD, turn_player=1)
    spaces = {a.space for a in kinds(st, Build) if a.card == g}
    assert spaces == {s for s in range(30, 48) if s != at("c8")}


# -- R7 attack -------------------------------------------------------------------------
def test_R7_ranged_attack_at_distance_2_with_2_dice() -> None:
    sc = Scenario()
    a = sc.add(0, ARCHER, "c3")  # strength 2, ranged
    t = sc.add(1, CHAMP, "c5")  # 2 spaces away, c4 empty
    st = sc.build(phase=ATTACK, seed=4)
    assert Attack(a, t) in st.legal_actions()
    st.apply_action(Attack(a, t))
    (roll,) = st.rolls
    from engine.core.dice import RANGED

    assert len(roll) == 2
    assert st.damage[t] == sum(1 for f in roll if f & RANGED)


def test_R7_ranged_needs_empty_line_and_reach_3() -> None:
    sc = Scenario()
    a = sc.add(0, ARCHER, "c2")
    near = sc.add(1, GRUNT, "c4")
    behind = sc.add(1, GRUNT, "c5")
    far = sc.add(1, GRUNT, "f2")  # 3 spaces right: reachable
    too_far = sc.add(1, GRUNT, "a6")
    diag = sc.add(1, GRUNT, "d3")
    st = sc.build(phase=ATTACK)
    targets = {x.target for x in kinds(st, Attack) if x.attacker == a}
    assert near in targets and far in targets
    assert behind not in targets and too_far not in targets and diag not in targets


def test_R7_melee_adjacent_only_never_itself() -> None:
    sc = Scenario()
    m = sc.add(0, GRUNT, "c3")
    adj = sc.add(1, GRUNT, "c4")
    sc.add(1, GRUNT, "d4")  # diagonal
    sc.add(1, GRUNT, "c5")
    st = sc.build(phase=ATTACK)
    assert {x.target for x in kinds(st, Attack) if x.attacker == m} == {adj}


def test_R7_only_the_attackers_symbol_scores() -> None:
    # search mode rolls the fixed pattern: sword+bow, sword, special+bow, ...
    sc = Scenario()
    r = sc.add(0, ARCHER, "c3")
    m = sc.add(0, GRUNT, "a1")
    t1 = sc.add(1, CHAMP, "c5")
    t2 = sc.add(1, CHAMP, "a2")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(r, t1))  # faces: sword+bow, sword -> 1 bow
    st.apply_action(Attack(m, t2))  # sword+bow, sword -> 2 swords
    assert st.damage[t1] == 1 and st.damage[t2] == 2


def test_R7_up_to_three_attackers_each_once() -> None:
    sc = Scenario()
    units = [sc.add(0, GRUNT, s) for s in ("a4", "b4", "c4", "d4")]
    for s in ("a5", "b5", "c5", "d5"):
        sc.add(1, CHAMP, s)
    st = sc.build(phase=ATTACK)
    for u in units[:3]:
        st.apply_action(next(a for a in kinds(st, Attack) if a.attacker == u))
        assert all(a.attacker != u for a in kinds(st, Attack))
    assert kinds(st, Attack) == []


def test_R7_destroyed_card_to_owner_discard_with_cards_under_and_magic() -> None:
    sc = Scenario()
    m = sc.add(0, CHAMP, "c3")  # strength 3
    weak = card("weak", life=1, cost=0)
    t = sc.add(1, weak, "c4")
    tucked = sc.add(1, GRUNT, zone="hand")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.put_under(tucked, t)
    st.damage[t] = 0
    st.search = True  # 3 dice of the pattern: 2 swords -> destroyed
    st.apply_action(Attack(m, t))
    assert st.zone[t] == DISCARD and t in st.discard[1]
    assert st.zone[tucked] == DISCARD and tucked in st.discard[1]
    assert st.board[at("c4")] == -1 and st.damage[t] == 0
    assert st.magic[0] == 4  # +1 for the enemy card, none for the card under it
    assert st.targeted_enemy


def test_R7_destroying_your_own_card_gives_no_magic() -> None:
    sc = Scenario()
    m = sc.add(0, CHAMP, "c3")
    t = sc.add(0, card("weak", life=1, cost=0), "c4")
    st = sc.build(phase=ATTACK, magic=(3, 3))
    st.search = True
    st.apply_action(Attack(m, t))
    assert st.zone[t] == DISCARD and st.magic[0] == 3
    assert not st.targeted_enemy


def test_R7_magic_never_exceeds_15() -> None:
    sc = Scenario()
    m = sc.add(0, CHAMP, "c3")
    t = sc.add(1, card("weak", life=1, cost=0), "c4")
    st = sc.build(phase=ATTACK, magic=(15, 3))
    st.search = True
    st.apply_action(Attack(m, t))
    assert st.magic[0] == 15


def test_R7_cost_of_inaction() -> None:
    st = Scenario().build(phase=ATTACK)
    s0 = st.info.summoners[0]
    st.apply_action(END_PHASE)
    assert st.damage[s0] == 1


def test_R7_targeting_an_enemy_avoids_cost_of_inaction_even_on_a_miss() -> None:
    sc = Scenario()
    a = sc.add(0, card("blank", strength=0), "c3")
    t = sc.add(1, GRUNT, "c4")
    st = sc.build(phase=ATTACK)
    st.apply_action(Attack(a, t))
    assert st.damage[t] == 0
    st.apply_action(END_PHASE)
    assert st.damage[st.info.summoners[0]] == 0


def test_R7_attacking_only_a_friendly_card_still_costs() -> None:
    sc = Scenario()
    a = sc.add(0, card("blank", strength=0), "c3")
    f = sc.add(0, GRUNT, "c4")
    st = sc.build(phase=ATTACK)
    st.apply_action(Attack(a, f))
    st.apply_action(END_PHASE)
    assert st.damage[st.info.summoners[0]] == 1


# -- R8 magic, draw, events, winning ---------------------------------------------------
def test_R8a_discarding_two_cards_for_2_magic() -> None:
    sc = Scenario()
    c1 = sc.add(0, GRUNT, zone="hand")
    c2 = sc.add(0, ARCHER, zone="hand")
    st = sc.build(phase=MAGIC, magic=(4, 3))
    st.apply_action(DiscardForMagic(c1))
    st.apply_action(DiscardForMagic(c2))
    assert st.magic[0] == 6 and st.hand[0] == [] and st.discard[0] == [c1, c2]


def test_R8b_draw_up_from_2_to_5() -> None:
    sc = Scenario()
    for _ in range(2):
        sc.add(0, GRUNT, zone="hand")
    for _ in range(6):
        sc.add(0, GRUNT, zone="deck")
    st = sc.build(phase=MAGIC)
    st.apply_action(END_PHASE)
    assert st.phase == DRAW and len(st.hand[0]) == 5 and len(st.deck[0]) == 3


def test_R8b_empty_draw_deck_is_not_refilled() -> None:
    sc = Scenario()
    sc.add(0, GRUNT, zone="hand")
    sc.add(0, GRUNT, zone="deck")
    for _ in range(4):
        sc.add(0, GRUNT, zone="discard")
    st = sc.build(phase=MAGIC)
    st.apply_action(END_PHASE)
    assert len(st.hand[0]) == 2 and st.deck[0] == [] and len(st.discard[0]) == 4
    st.apply_action(END_PHASE)  # next turn: nothing breaks with an empty deck
    assert st.turn_player == 1


def test_R8b_no_maximum_hand_size() -> None:
    sc = Scenario()
    for _ in range(7):
        sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=MAGIC)
    st.apply_action(END_PHASE)
    assert len(st.hand[0]) == 7


def test_R8c_event_only_in_its_phase_and_paid() -> None:
    from engine.core.hooks import Ability
    from engine.rulesets.second import SECOND

    registry = SECOND.load_abilities()
    if "test-shot.effect" not in registry:

        @registry.register("test-shot.effect")
        class _Shot(Ability):
            def play(self, st, card):  # type: ignore[no-untyped-def]
                st.gain_magic(st.turn_player, 1)

    sc = Scenario()
    shot = card(
        "test-shot",
        card_type=CardType.EVENT,
        classes=(CardClass.STANDARD,),
        cost=1,
        strength=None,
        life=None,
        attack=None,
        phase=Phase.ATTACK,
        abilities=("test-shot.effect",),
    )
    e = sc.add(0, shot, zone="hand")
    st = sc.build(phase=MOVE, magic=(1, 1))
    assert PlayEvent(e) not in st.legal_actions()
    st.apply_action(END_PHASE)
    st.apply_action(END_PHASE)
    assert st.phase == ATTACK and PlayEvent(e) in st.legal_actions()
    st.apply_action(PlayEvent(e))
    assert st.zone[e] == DISCARD and st.magic[0] == 1  # paid 1, effect gave 1
    assert SHOT.slug == "test-shot"


def test_R8c_event_without_implementation_is_never_playable() -> None:
    sc = Scenario()
    ev = card(
        "mystery",
        card_type=CardType.EVENT,
        classes=(CardClass.STANDARD,),
        cost=0,
        strength=None,
        life=None,
        attack=None,
        phase=Phase.SUMMON,
        abilities=("mystery.effect",),
    )
    e = sc.add(0, ev, zone="hand")
    st = sc.build(phase=SUMMON)
    assert PlayEvent(e) not in st.legal_actions()
    assert st.info.partial and "mystery.effect" in st.info.missing
    assert st.zone[e] == HAND and ACTIVE != UNDER


def test_R8d_summoner_destroyed_ends_the_game() -> None:
    sc = Scenario(summoner_at=("d1", "d3"))
    m = sc.add(0, CHAMP, "d2")
    st = sc.build(phase=ATTACK)
    s1 = st.info.summoners[1]
    st.damage[s1] = 11
    st.search = True
    st.apply_action(Attack(m, s1))
    assert st.is_terminal() and st.outcome() == (0, "summoner_destroyed")
    assert st.legal_actions() == [] and st.current_player() == -1
    with pytest.raises(IllegalActionError):
        st.apply_action(END_PHASE)


def test_R8d_turn_cap_is_a_draw() -> None:
    st = Scenario().build(phase=DRAW, rules=Rules(turn_cap=1))
    st.apply_action(END_PHASE)
    assert st.is_terminal() and st.outcome() == (None, "turn_cap")


def test_illegal_action_raises_specific_error() -> None:
    st = Scenario().build(phase=SUMMON)
    with pytest.raises(IllegalActionError):
        st.apply_action(Move(0, 5))
    assert SUMMONER.is_summoner
