"""Every Savanna Elves ability (card data: cards/data/savanna-elves.yaml) on hand-built
scenarios, each with an edge case where its timing words matter. Cards come from the
real catalog.

Dice: ``st.search = True`` rolls the fixed pattern sword+bow, sword, special+bow,
sword+bow, sword+special, sword+bow."""

from __future__ import annotations

import pytest
from scenario import (
    GATE,
    GRUNT,
    SUMMONER,
    WALL,
    WEAK,
    Scenario,
    at,
    end_turn,
    moves_of,
    pending,
)

from engine.core.actions import (
    END_PHASE,
    NO,
    YES,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.hooks import ACTIVE, DISCARD
from engine.core.phases import ATTACK, MOVE, SUMMON
from engine.core.types import CardDef

SE = dict[str, CardDef]


# -- Abua Shi: Spirit Bond -------------------------------------------------------------
@pytest.mark.covers("abua-shi.spirit-bond")
def test_abua_shi_spirit_bond_gives_boost_and_hands_over_hers(se: SE) -> None:
    sc = Scenario(summoners=(se["abua-shi"], SUMMONER))
    friend = sc.add(0, se["lioness"], "d4")
    sc.add(0, se["lioness"], "f6")
    sc.add(1, GRUNT, "c3")
    st = sc.build(phase=MOVE)
    abua = st.info.summoners[0]
    st.boost[abua] = 2
    st.apply_action(Move(abua, at("d2")))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(friend))  # no far/foe
    st.apply_action(ChooseTarget(friend))
    assert st.boost[friend] == 3 and st.boost[abua] == 0


@pytest.mark.covers("abua-shi.spirit-bond")
def test_abua_shi_spirit_bond_may_decline_not_when_forced(se: SE) -> None:
    sc = Scenario(summoners=(se["abua-shi"], SUMMONER))
    friend = sc.add(0, se["lioness"], "d4")
    st = sc.build(phase=MOVE)
    abua = st.info.summoners[0]
    st.apply_action(Move(abua, at("d2")))
    st.apply_action(NO)
    assert st.boost[friend] == 0
    st.force(abua, at("d3"))  # a force is no move: no Spirit Bond
    st.settle()
    assert pending(st) is None


# -- Prepare and Swift Shot (Makeinda Ru, Border Archer) -------------------------------
@pytest.mark.covers("makeinda-ru.prepare", "border-archer.prepare")
@pytest.mark.parametrize("slug", ["makeinda-ru", "border-archer"])
def test_prepare_gains_boost_instead_of_moving(se: SE, slug: str) -> None:
    sc = Scenario()
    u = sc.add(0, se[slug], "c3")
    others = [sc.add(0, GRUNT, s) for s in ("a3", "f3", "f5")]
    st = sc.build(phase=MOVE)
    use = UseAbility(u, f"{slug}.prepare")
    assert use in st.legal_actions()
    st.apply_action(use)
    assert st.boost[u] == 1 and st.moved == [u]  # counts toward the 3 movers
    assert u not in {a.unit for a in st.legal_actions() if isinstance(a, Move)}
    assert use not in st.legal_actions()
    st.apply_action(Move(others[0], at("a4")))
    st.apply_action(Move(others[1], at("f4")))
    assert not any(isinstance(a, Move) for a in st.legal_actions())


@pytest.mark.covers("makeinda-ru.swift-shot", "border-archer.swift-shot")
@pytest.mark.parametrize("slug", ["makeinda-ru", "border-archer"])
def test_swift_shot_spends_boost_for_one_extra_attack_once_per_turn(
    se: SE, slug: str
) -> None:
    sc = Scenario()
    u = sc.add(0, se[slug], "c3")
    foe = sc.add(1, WALL, "c5")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.boost[u] = 2
    st.apply_action(Attack(u, foe))
    first = st.damage[foe]
    dec = pending(st)
    assert dec is not None and dec.options == (YES, NO)
    st.apply_action(YES)
    assert st.boost[u] == 1
    st.apply_action(ChooseTarget(foe))
    assert st.damage[foe] == 2 * first and st.attacked == [u]
    assert pending(st) is None  # once per turn: no second offer


@pytest.mark.covers("makeinda-ru.swift-shot", "border-archer.swift-shot")
@pytest.mark.parametrize("slug", ["makeinda-ru", "border-archer"])
def test_swift_shot_needs_boost(se: SE, slug: str) -> None:
    sc = Scenario()
    u = sc.add(0, se[slug], "c3")
    foe = sc.add(1, WALL, "c5")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(u, foe))
    assert pending(st) is None


# -- Miti Kyru: Inspire and Withdraw ---------------------------------------------------
@pytest.mark.covers("miti-kyru.inspire")
def test_miti_kyru_inspire_boosts_adjacent_friends_after_moving(se: SE) -> None:
    sc = Scenario()
    mk = sc.add(0, se["miti-kyru"], "c3")
    f1 = sc.add(0, GRUNT, "c6")
    f2 = sc.add(0, GRUNT, "b5")
    foe = sc.add(1, GRUNT, "d5")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(mk, at("c5")))
    assert (st.boost[f1], st.boost[f2], st.boost[foe], st.boost[mk]) == (1, 1, 0, 0)
    st.force(mk, at("c4"))  # forced: not a move
    st.settle()
    assert st.boost[f2] == 1


@pytest.mark.covers("miti-kyru.withdraw")
def test_miti_kyru_withdraw_pays_boost_or_magic_to_force_away(se: SE) -> None:
    sc = Scenario()
    mk = sc.add(0, se["miti-kyru"], "c3")
    foe = sc.add(1, WALL, "c4")
    st = sc.build(phase=ATTACK, magic=(1, 0))
    st.search = True
    st.boost[mk] = 1
    st.apply_action(Attack(mk, foe))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseOption(0), ChooseOption(1))
    st.apply_action(ChooseOption(1))  # pay 1 magic
    assert st.magic[0] == 0 and st.boost[mk] == 1
    spaces = {o.space for o in pending(st).options}  # type: ignore[union-attr]
    assert spaces == {at("c2"), at("c1"), at("b3"), at("a3"), at("d3"), at("e3")}
    st.apply_action(ChooseSpace(at("a3")))
    assert st.pos[mk] == at("a3") and st.moved == []


@pytest.mark.covers("miti-kyru.withdraw")
def test_miti_kyru_withdraw_needs_something_to_pay(se: SE) -> None:
    sc = Scenario()
    mk = sc.add(0, se["miti-kyru"], "c3")
    foe = sc.add(1, WALL, "c4")
    st = sc.build(phase=ATTACK, magic=(0, 0))
    st.search = True
    st.apply_action(Attack(mk, foe))
    assert pending(st) is None


# -- Miti Mumway: Imbued Strength and Trample ------------------------------------------
@pytest.mark.covers("miti-mumway.imbued-strength")
def test_miti_mumway_imbued_strength_up_to_5(se: SE) -> None:
    sc = Scenario()
    mm = sc.add(0, se["miti-mumway"], "c3")
    st = sc.build(phase=ATTACK)
    assert st.strength(mm) == 1
    st.boost[mm] = 3
    assert st.strength(mm) == 4
    st.boost[mm] = 9
    assert st.strength(mm) == 6


@pytest.mark.covers("miti-mumway.trample", "rhinoceros.trample")
@pytest.mark.parametrize("slug", ["miti-mumway", "rhinoceros"])
def test_trample_through_commons_only_damage_after_the_move(se: SE, slug: str) -> None:
    sc = Scenario()
    u = sc.add(0, se[slug], "c3")
    weak = sc.add(1, WEAK, "c4")
    champ = sc.add(1, WALL, "d3")
    st = sc.build(phase=MOVE, magic=(0, 0))
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == u]
    assert Move(u, at("c5"), at("c4")) in moves
    assert all(m.via != at("d3") for m in moves)  # not through a champion
    assert at("c4") not in moves_of(st, u)  # never ends on the common
    st.apply_action(Move(u, at("c5"), at("c4")))
    assert st.zone[weak] == DISCARD and st.magic[0] == 1 and st.damage[champ] == 0


# -- Lioness: Momentum and Imbued Life -------------------------------------------------
@pytest.mark.covers("lioness.momentum")
def test_lioness_momentum_first_attack_on_an_enemy_unit_each_turn(se: SE) -> None:
    sc = Scenario()
    lio = sc.add(0, se["lioness"], "c3")
    gate = sc.add(1, GATE, "b3")
    friend = sc.add(0, WALL, "d3")
    foe = sc.add(1, WALL, "c4")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.apply_action(Attack(lio, gate))  # a structure
    st.attacked.clear()
    st.apply_action(Attack(lio, friend))  # friendly
    assert st.boost[lio] == 0
    st.attacked.clear()
    st.apply_action(Attack(lio, foe))
    assert st.boost[lio] == 1
    st.attacked.clear()
    st.apply_action(Attack(lio, foe))  # only the first time each turn
    assert st.boost[lio] == 1


@pytest.mark.covers("lioness.imbued-life")
def test_lioness_imbued_life_up_to_5(se: SE) -> None:
    sc = Scenario()
    lio = sc.add(0, se["lioness"], "c3")
    st = sc.build(phase=ATTACK)
    assert st.life(lio) == 2
    st.boost[lio] = 2
    assert st.life(lio) == 4
    st.boost[lio] = 7
    assert st.life(lio) == 7


# -- Rhinoceros: Imbued Speed ----------------------------------------------------------
@pytest.mark.covers("rhinoceros.imbued-speed", "rhinoceros.trample")
def test_rhinoceros_imbued_speed_and_long_trample(se: SE) -> None:
    sc = Scenario()
    rhino = sc.add(0, se["rhinoceros"], "c1")
    c1 = sc.add(1, WEAK, "c2")
    c2 = sc.add(1, GRUNT, "c3")
    st = sc.build(phase=MOVE, magic=(0, 0))
    assert st.move_distance(rhino) == 2
    st.boost[rhino] = 2
    st.invalidate()
    assert st.move_distance(rhino) == 4
    assert at("c5") in moves_of(st, rhino)
    m = Move(rhino, at("c5"), at("c2"))  # through both commons (first one named)
    assert m in st.legal_actions()
    st.apply_action(m)
    assert st.zone[c1] == DISCARD and st.damage[c2] == 1


# -- Spirit Mage: Charged and Commune with Spirits -------------------------------------
@pytest.mark.covers("spirit-mage.charged")
def test_spirit_mage_charged_when_summoned(se: SE) -> None:
    sc = Scenario()
    sc.add(0, GATE, "d2")
    sm = sc.add(0, se["spirit-mage"], zone="hand")
    placed = sc.add(0, se["spirit-mage"], zone="hand")
    st = sc.build(phase=SUMMON)
    st.apply_action(Summon(sm, at("d3")))
    assert st.boost[sm] == 1
    st.place(placed, at("a5"), 0)  # put there by another effect: not summoned
    st.settle()
    assert st.boost[placed] == 0


@pytest.mark.covers("spirit-mage.commune-with-spirits")
def test_spirit_mage_commune_choices_after_moving(se: SE) -> None:
    sc = Scenario(summoner_at=("f1", "c8"))
    sm = sc.add(0, se["spirit-mage"], "c3")
    friend = sc.add(0, WALL, "e3")
    st = sc.build(phase=MOVE)
    st.apply_action(Move(sm, at("c4")))  # no boost yet: it gains one
    assert st.boost[sm] == 1 and pending(st) is None
    st.moved.clear()
    st.apply_action(Move(sm, at("c3")))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseOption(0), ChooseTarget(friend))
    st.apply_action(ChooseTarget(friend))
    assert st.boost[sm] == 0 and st.boost[friend] == 1


# -- Chant of Power --------------------------------------------------------------------
@pytest.mark.covers("chant-of-power.effect")
def test_chant_of_power_imbued_strength_until_your_turn_ends(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-power"], zone="hand")
    lio = sc.add(0, se["lioness"], "d4")  # 3 from the summoner at d1
    far = sc.add(0, se["lioness"], "d5")
    mm = sc.add(0, se["miti-mumway"], "c1")
    st = sc.build(phase=ATTACK)
    st.boost[lio] = 2
    st.boost[mm] = 2
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and far not in [o.card for o in dec.options]  # type: ignore[attr-defined]
    st.apply_action(ChooseTarget(lio))
    assert st.strength(lio) == 3 + 2 and st.zone[ev] == DISCARD
    end_turn(st)
    assert st.strength(lio) == 3


@pytest.mark.covers("chant-of-power.effect", "miti-mumway.imbued-strength")
def test_chant_of_power_does_not_double_imbued_strength(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-power"], zone="hand")
    mm = sc.add(0, se["miti-mumway"], "c1")
    st = sc.build(phase=ATTACK)
    st.boost[mm] = 2
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(mm))
    assert st.strength(mm) == 1 + 2


# -- Chant of Growth -------------------------------------------------------------------
@pytest.mark.covers("chant-of-growth.effect")
def test_chant_of_growth_boosts_unit_and_adjacent_friends(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-growth"], zone="hand")
    a = sc.add(0, GRUNT, "c4")
    b = sc.add(0, GRUNT, "c5")
    c = sc.add(0, GRUNT, "c6")  # not adjacent to a
    foe = sc.add(1, GRUNT, "b4")
    st = sc.build(phase=MOVE)
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(a))
    assert (st.boost[a], st.boost[b], st.boost[c], st.boost[foe]) == (1, 1, 0, 0)


# -- Chant of Weaving ------------------------------------------------------------------
@pytest.mark.covers("chant-of-weaving.effect")
def test_chant_of_weaving_summons_next_to_the_unit_and_boosts_it(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-weaving"], zone="hand")
    host = sc.add(0, WALL, "c5")
    sc.add(0, GATE, "b2")
    u1 = sc.add(0, GRUNT, zone="hand")
    u2 = sc.add(0, GRUNT, zone="hand")
    u3 = sc.add(0, GRUNT, zone="hand")
    st = sc.build(phase=SUMMON, magic=(9, 0))
    assert Summon(u1, at("c6")) not in st.legal_actions()
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(host))
    assert st.zone[ev] == ACTIVE
    assert Summon(u1, at("c6")) in st.legal_actions()
    st.apply_action(Summon(u1, at("c6")))
    assert st.boost[host] == 1
    st.apply_action(Summon(u2, at("b3")))  # next to the gate only: no boost
    assert st.boost[host] == 1
    st.apply_action(Summon(u3, at("b5")))
    assert st.boost[host] == 2


# -- Chant of Entangling ---------------------------------------------------------------
@pytest.mark.covers(
    "chant-of-entangling.effect",
    "lioness.imbued-life",
    "rhinoceros.imbued-speed",
    "rhinoceros.trample",
)
def test_chant_of_entangling_shares_printed_abilities(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-entangling"], zone="hand")
    lio = sc.add(0, se["lioness"], "c2")
    rhino = sc.add(0, se["rhinoceros"], "e2")
    weak = sc.add(1, WEAK, "c3")
    st = sc.build(phase=SUMMON, magic=(0, 0))
    st.boost[lio] = 1
    st.boost[rhino] = 2
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(lio))
    st.apply_action(ChooseTarget(rhino))
    assert st.zone[ev] == ACTIVE
    assert st.life(rhino) == 5 + 2  # Imbued Life from the Lioness
    assert st.move_distance(lio) == 2 + 1  # Imbued Speed from the Rhinoceros
    st.apply_action(END_PHASE)
    assert Move(lio, at("c4"), at("c3")) in st.legal_actions()  # Trample too
    st.apply_action(Move(lio, at("c4"), at("c3")))
    assert st.zone[weak] == DISCARD
    # lasts through the opponent's turn, ends when the event goes
    end_turn(st)
    assert st.turn_player == 1 and st.life(rhino) == 7
    end_turn(st)
    assert st.zone[ev] == DISCARD and st.life(rhino) == 5


@pytest.mark.covers("chant-of-entangling.effect", "lioness.imbued-life")
def test_chant_of_entangling_ends_when_one_is_destroyed(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-entangling"], zone="hand")
    lio = sc.add(0, se["lioness"], "c2")
    rhino = sc.add(0, se["rhinoceros"], "e2")
    st = sc.build(phase=SUMMON)
    st.boost[lio] = 1
    st.boost[rhino] = 2
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(lio))
    st.apply_action(ChooseTarget(rhino))
    st.damage[rhino] = 6  # alive only through the borrowed Imbued Life
    st.destroy(lio, 1)
    st.settle()
    assert st.zone[ev] == DISCARD
    assert st.zone[rhino] == DISCARD  # its life fell back to 5


@pytest.mark.covers("chant-of-entangling.effect")
def test_chant_of_entangling_needs_two_commons_within_3(se: SE) -> None:
    sc = Scenario()
    ev = sc.add(0, se["chant-of-entangling"], zone="hand")
    sc.add(0, se["lioness"], "c2")
    sc.add(0, se["rhinoceros"], "e5")  # 5 away
    sc.add(0, se["makeinda-ru"], "d2")  # a champion
    st = sc.build(phase=SUMMON)
    assert PlayEvent(ev) not in st.legal_actions()


@pytest.mark.covers("border-archer.swift-shot")
def test_swift_shot_declined_offer_comes_back_after_a_later_attack(se: SE) -> None:
    """Reading: "once per turn" counts uses, not offers."""
    sc = Scenario()
    u = sc.add(0, se["border-archer"], "c3")
    foe = sc.add(1, WALL, "c5")
    st = sc.build(phase=ATTACK)
    st.search = True
    st.boost[u] = 2
    st.apply_action(Attack(u, foe))
    st.apply_action(NO)
    assert st.boost[u] == 2
    st.attacked.clear()  # as if granted another attack
    st.apply_action(Attack(u, foe))
    st.apply_action(YES)
    st.apply_action(ChooseTarget(foe))
    st.attacked.clear()
    st.apply_action(Attack(u, foe))
    assert pending(st) is None and st.boost[u] == 1


@pytest.mark.covers(
    "border-archer.swift-shot", "chant-of-entangling.effect", "lioness.imbued-life"
)
def test_swift_shot_spending_boost_can_kill_a_lioness_it_was_lent_to(se: SE) -> None:
    """Entangled with a Border Archer, a Lioness has Swift Shot; spending the boost
    lowers her Imbued Life at once."""
    sc = Scenario()
    ev = sc.add(0, se["chant-of-entangling"], zone="active")
    lio = sc.add(0, se["lioness"], "c2")
    arch = sc.add(0, se["border-archer"], "e2")
    foe = sc.add(1, GATE, "c3")  # a structure: no Momentum
    st = sc.build(phase=ATTACK)
    st.notes[f"chant-of-entangling.effect:{ev}:a"] = lio
    st.notes[f"chant-of-entangling.effect:{ev}:b"] = arch
    st.search = True
    st.boost[lio] = 1
    st.damage[lio] = 2  # life 2 + 1
    st.apply_action(Attack(lio, foe))
    dec = pending(st)
    assert dec is not None and dec.ability == "border-archer.swift-shot"
    st.apply_action(YES)
    assert st.zone[lio] == DISCARD and pending(st) is None
