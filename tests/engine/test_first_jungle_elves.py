"""Jungle Elves (first edition; research/first-edition.md 2.7.5): one scenario per
card on a real first-edition game whose battlefield is cleared to the summoners
(:mod:`firstbench`). Seat 0 plays the Jungle Elves (its summoner on c2), seat 1
Sunderved's Mountain Vargath (Sunderved on c7). Dice are rigged (a face is its
number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, end_turn, pending

from engine.core.actions import (
    NO,
    Attack,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MOVE
from engine.core.state import GameState
from engine.core.zones import ACTIVE, DISCARD, HAND
from engine.rulesets.first.abilities.jungle_elves import SpiritForm, add_poison, poison


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK, summoner: str = "abua-shi") -> GameState:
    return bench_fresh(summoner, "sunderved", phase, events=True)


def attack(st: GameState, a: int, t: int) -> None:
    st.apply_action(Attack(a, t))


# ---------------------------------------------------------------- summoners
@pytest.mark.covers("abua-shi.chant-of-growth", ruleset="first")
def test_chant_of_growth_pays_one_for_plus_one_attack(dice: Dice) -> None:
    st = fresh()
    abua = st.info.summoners[0]
    lioness = put(st, 0, "lioness", sq(3, 3))
    brute = put(st, 1, "brute", sq(4, 3))
    assert uses(st, "abua-shi.chant-of-growth") == []  # no magic
    set_magic(st, 0, 2)
    act = UseAbility(abua, "abua-shi.chant-of-growth", lioness)
    assert act in uses(st, "abua-shi.chant-of-growth")
    st.apply_action(act)
    assert st.magic[0] == 1 and abua in st.attacked  # instead of attacking
    assert uses(st, "abua-shi.chant-of-growth") == []
    dice(1, 1, 1)
    attack(st, lioness, brute)
    assert dice.sizes == [3]  # 2 + 1


@pytest.mark.covers("nikuya-na.poison-cloud", ruleset="first")
def test_poison_cloud_pays_the_distance_for_a_poison_marker() -> None:
    st = fresh(MOVE, "nikuya-na")
    nik = st.info.summoners[0]
    near = put(st, 1, "torodin", sq(3, 3))  # 2 from c3 after the move
    far = put(st, 1, "brute", sq(5, 2))  # 3 away: more than the magic
    set_magic(st, 0, 2)
    st.apply_action(Move(nik, sq(2, 2), -1))
    dec = pending(st)
    assert dec is not None and dec.ability == "nikuya-na.poison-cloud"
    assert ChooseTarget(near) in dec.options and ChooseTarget(far) not in dec.options
    st.apply_action(ChooseTarget(near))
    assert st.magic[0] == 0 and st.damage[near] == 1 and poison(st, near) == 1


@pytest.mark.covers("nikuya-na.poison-cloud", ruleset="first")
def test_poison_lowers_attack_dice_and_forbids_attacking_after_two_spaces(
    dice: Dice,
) -> None:
    st = fresh(MOVE, "nikuya-na")
    rhino = put(st, 0, "rhinoceros", sq(3, 3))
    brute = put(st, 1, "brute", sq(5, 3))
    add_poison(st, rhino, 1, 0, -1)
    assert st.damage[rhino] == 1 and poison(st, rhino) == 1
    st.apply_action(Move(rhino, sq(4, 3), -1))  # 1 space: may still attack
    st.apply_action(EndPhase())
    assert st.phase == ATTACK
    dice(3, 4)
    attack(st, rhino, brute)
    assert st.damage[brute] == 1  # the 3 became a 2: a miss; the 4 a 3
    # a poisoned unit that moved 2 spaces cannot attack
    st2 = fresh(MOVE, "nikuya-na")
    h2 = put(st2, 0, "rhinoceros", sq(2, 3))
    b2 = put(st2, 1, "brute", sq(5, 3))
    add_poison(st2, h2, 1, 0, -1)
    st2.apply_action(Move(h2, sq(4, 3), -1))
    st2.apply_action(EndPhase())
    assert Attack(h2, b2) not in st2.legal_actions()


# ---------------------------------------------------------------- champions
@pytest.mark.covers("makeinda-ru.power-shot", ruleset="first")
def test_power_shot_only_when_she_was_not_moved(dice: Dice) -> None:
    st = fresh(MOVE)
    mak = put(st, 0, "makeinda-ru", sq(2, 0))
    brute = put(st, 1, "brute", sq(5, 0))
    st.apply_action(EndPhase())
    attack(st, mak, brute)
    assert dice.sizes == [4]
    st = fresh(MOVE)
    mak = put(st, 0, "makeinda-ru", sq(2, 0))
    brute = put(st, 1, "brute", sq(5, 1))
    st.apply_action(Move(mak, sq(2, 1), -1))
    st.apply_action(EndPhase())
    attack(st, mak, brute)
    assert dice.sizes == [4, 2]


@pytest.mark.covers("shikwa.swift-shot", ruleset="first")
def test_swift_shot_attacks_once_more_once_per_turn(dice: Dice) -> None:
    st = fresh()
    shikwa = put(st, 0, "shikwa", sq(2, 0))
    brute = put(st, 1, "brute", sq(4, 0))
    dice(3, 4)
    attack(st, shikwa, brute)
    dec = pending(st)
    assert dec is not None and dec.ability == "shikwa.swift-shot"
    assert NO in dec.options
    st.apply_action(ChooseTarget(brute))
    assert st.damage[brute] == 2 and dice.sizes == [1, 1]
    assert pending(st) is None  # once per turn
    assert st.attacked == [shikwa]


@pytest.mark.covers("miti-mumway.trample", "elephant.trample", ruleset="first")
def test_trample_passes_commons_and_wounds_them_once() -> None:
    for slug in ("miti-mumway", "elephant"):
        st = fresh(MOVE)
        tr = put(st, 0, slug, sq(2, 2))
        brute = put(st, 1, "brute", sq(3, 2))
        champ = put(st, 1, "torodin", sq(2, 3))
        move = Move(tr, sq(4, 2), sq(3, 2))
        assert move in st.legal_actions()
        assert not [
            a
            for a in st.legal_actions()
            if isinstance(a, Move) and a.unit == tr and a.via == st.pos[champ]
        ]  # champions are not passed
        st.apply_action(move)
        assert st.pos[tr] == sq(4, 2) and st.damage[brute] == 1


@pytest.mark.covers("kadara.far-shot", ruleset="first")
def test_kadara_far_shot_reaches_four() -> None:
    st = fresh()
    kad = put(st, 0, "kadara", sq(1, 0))
    far = put(st, 1, "brute", sq(5, 0))
    assert Attack(kad, far) in st.legal_actions()


@pytest.mark.covers("jujugara.spirit-form", ruleset="first")
def test_spirit_form_borrows_a_hyenas_opportunism_until_next_turn(dice: Dice) -> None:
    st = fresh(EVENTS, "nikuya-na")
    juju = put(st, 0, "jujugara", sq(3, 3))
    hyena = put(st, 0, "hyena", sq(2, 5))
    hunter = put(st, 0, "hunter-jungle-elves", sq(4, 0))
    brute = put(st, 1, "brute", sq(4, 3))
    st.damage[brute] = 0
    acts = uses(st, "jujugara.spirit-form")
    assert [a.option for a in acts] == [hyena]
    st.apply_action(acts[0])
    assert uses(st, "jujugara.spirit-form") == []  # once per event phase
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    assert st.phase == ATTACK
    dice(1)
    attack(st, hunter, brute)  # a miss, but Brute was attacked this turn
    dice(1, 1, 1, 1)
    attack(st, juju, brute)
    assert dice.sizes == [1, 4]  # 3 + Opportunist
    impl = st.info.registry["jujugara.spirit-form"]
    assert isinstance(impl, SpiritForm) and impl.lent(st, juju)
    st.turn += 2  # his controller's next turn: the form is gone
    assert impl.lent(st, juju) == []


@pytest.mark.covers("jujugara.spirit-form", ruleset="first")
def test_spirit_form_as_a_lioness_stops_his_normal_move() -> None:
    st = fresh(EVENTS, "nikuya-na")
    juju = put(st, 0, "jujugara", sq(3, 3))
    lioness = put(st, 0, "lioness", sq(2, 5))
    st.apply_action(UseAbility(juju, "jujugara.spirit-form", lioness))
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == juju]
    st.apply_action(EndPhase())  # Hunting Pride: both may move now
    seen = set()
    while (dec := pending(st)) is not None:
        if dec.ability == "core.order":
            st.apply_action(dec.options[0])
            continue
        seen.add(dec.source)
        st.apply_action(NO)
    assert seen == {juju, lioness}


@pytest.mark.covers("makgongo.poisoned-daggers", ruleset="first")
def test_poisoned_daggers_add_a_poison_marker_to_commons_and_champions(
    dice: Dice,
) -> None:
    st = fresh()
    mak = put(st, 0, "makgongo", sq(5, 2))
    tor = put(st, 1, "torodin", sq(5, 3))
    dice(3, 3)
    attack(st, mak, tor)
    assert st.damage[tor] == 3 and poison(st, tor) == 1
    # not on a summoner
    st = fresh()
    sund = st.info.summoners[1]
    assert st.pos[sund] == sq(6, 2)
    mak = put(st, 0, "makgongo", sq(6, 1))
    dice(3, 3)
    attack(st, mak, sund)
    assert st.damage[sund] == 2 and poison(st, sund) == 0


@pytest.mark.covers("miti-kyru.mount-up", ruleset="first")
def test_mount_up_moves_him_and_places_the_summoner_next_to_him(dice: Dice) -> None:
    st = fresh(ATTACK, "nikuya-na")
    nik = st.info.summoners[0]
    assert st.pos[nik] == sq(1, 2)
    kyru = put(st, 0, "miti-kyru", sq(2, 2))
    tor = put(st, 1, "torodin", sq(3, 2))
    set_magic(st, 0, 1)
    dice(1, 1, 1)
    attack(st, kyru, tor)
    dec = pending(st)
    assert dec is not None and dec.ability == "miti-kyru.mount-up"
    st.apply_action(ChooseSpace(sq(2, 4)))
    assert st.pos[kyru] == sq(2, 4) and st.magic[0] == 0
    dec = pending(st)
    assert dec is not None and NO not in dec.options
    st.apply_action(ChooseSpace(sq(1, 4)))
    assert st.pos[nik] == sq(1, 4)


@pytest.mark.covers("miti-kyru.mount-up", ruleset="first")
def test_mount_up_needs_the_summoner_adjacent_and_magic(dice: Dice) -> None:
    st = fresh(ATTACK, "nikuya-na")
    kyru = put(st, 0, "miti-kyru", sq(3, 2))  # 2 from Nikuya
    tor = put(st, 1, "torodin", sq(4, 2))
    set_magic(st, 0, 1)
    attack(st, kyru, tor)
    assert pending(st) is None


# ---------------------------------------------------------------- commons
@pytest.mark.covers("lioness.hunting-pride", ruleset="first")
def test_hunting_pride_moves_after_the_movement_phase() -> None:
    st = fresh(MOVE)
    lioness = put(st, 0, "lioness", sq(3, 3))
    assert not [
        a for a in st.legal_actions() if isinstance(a, Move) and a.unit == lioness
    ]
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "lioness.hunting-pride"
    assert ChooseSpace(sq(5, 3)) in dec.options
    st.apply_action(ChooseSpace(sq(5, 3)))
    assert st.pos[lioness] == sq(5, 3) and st.phase == ATTACK


@pytest.mark.covers("archer-jungle-elves.arching-shot", ruleset="first")
def test_arching_shot_passes_units_not_walls() -> None:
    st = fresh()
    archer = put(st, 0, "archer-jungle-elves", sq(2, 0))
    friend = put(st, 0, "lioness", sq(3, 0))
    enemy = put(st, 1, "brute", sq(5, 0))
    assert Attack(archer, enemy) in st.legal_actions()
    assert Attack(archer, friend) in st.legal_actions()
    st.discard_card(friend)
    put(st, 0, "wall", sq(3, 0))
    assert Attack(archer, enemy) not in st.legal_actions()


@pytest.mark.covers("lioneer.rider", ruleset="first")
def test_rider_moves_far_in_a_clear_line() -> None:
    st = fresh(MOVE)
    lioneer = put(st, 0, "lioneer", sq(2, 0))
    put(st, 1, "brute", sq(7, 0))
    opts = [a.option for a in uses(st, "lioneer.rider")]
    assert sq(6, 0) in opts and sq(7, 0) not in opts and sq(3, 0) not in opts
    st.apply_action(UseAbility(lioneer, "lioneer.rider", sq(6, 0)))
    assert st.pos[lioneer] == sq(6, 0) and lioneer in st.moved
    assert uses(st, "lioneer.rider") == []


@pytest.mark.covers("gorilla.pummel", ruleset="first")
def test_pummel_attacks_again_when_no_die_misses(dice: Dice) -> None:
    st = fresh()
    gor = put(st, 0, "gorilla", sq(5, 3))
    tor = put(st, 1, "torodin", sq(5, 4))
    dice(3, 4)
    attack(st, gor, tor)
    dec = pending(st)
    assert dec is not None and dec.ability == "gorilla.pummel"
    dice(5, 6)
    st.apply_action(ChooseTarget(tor))
    assert st.damage[tor] == 4 and pending(st) is None  # once per turn
    st = fresh()
    gor = put(st, 0, "gorilla", sq(5, 3))
    tor = put(st, 1, "torodin", sq(5, 4))
    dice(3, 2)
    attack(st, gor, tor)
    assert pending(st) is None


@pytest.mark.covers("jungle-guard.elite-training", ruleset="first")
def test_elite_training_attacks_diagonally_and_adds_one_adjacent(dice: Dice) -> None:
    st = fresh()
    guard = put(st, 0, "jungle-guard", sq(3, 2))
    far = put(st, 1, "brute", sq(5, 4))
    assert [a.option for a in uses(st, "jungle-guard.elite-training")] == [far]
    blocker = put(st, 1, "rusher", sq(4, 3))
    assert [a.option for a in uses(st, "jungle-guard.elite-training")] == [blocker]
    st.discard_card(blocker)
    st.invalidate()
    dice(3)
    st.apply_action(UseAbility(guard, "jungle-guard.elite-training", far))
    assert st.damage[far] == 1 and guard in st.attacked and dice.sizes == [1]
    assert uses(st, "jungle-guard.elite-training") == []
    st2 = fresh()
    g2 = put(st2, 0, "jungle-guard", sq(3, 2))
    adj = put(st2, 1, "brute", sq(4, 2))
    dice(1, 1)
    attack(st2, g2, adj)
    assert dice.sizes[-1] == 2


@pytest.mark.covers("hunter-jungle-elves.poisoned-darts", ruleset="first")
def test_poisoned_darts_wound_with_poison_markers(dice: Dice) -> None:
    st = fresh(ATTACK, "nikuya-na")
    hunter = put(st, 0, "hunter-jungle-elves", sq(3, 3))
    tor = put(st, 1, "torodin", sq(5, 3))
    dice(4)
    attack(st, hunter, tor)
    assert st.damage[tor] == 1 and poison(st, tor) == 1
    # the poison lowers Torodin's dice (his attack in his own turn)
    st.turn_player = 1
    st.attacked = []
    victim = put(st, 0, "makeinda-ru", sq(5, 4))
    st.invalidate()
    dice(3, 4)
    attack(st, tor, victim)
    assert st.damage[victim] == 1  # 2 and 3: one hit


@pytest.mark.covers("hyena.opportunist", ruleset="first")
def test_opportunist_plus_one_against_a_unit_already_attacked(dice: Dice) -> None:
    st = fresh()
    hyena = put(st, 0, "hyena", sq(4, 3))
    archer = put(st, 0, "archer-jungle-elves", sq(2, 4))
    tor = put(st, 1, "torodin", sq(4, 4))
    dice(1)
    attack(st, archer, tor)
    dice(1, 1)
    attack(st, hyena, tor)
    assert dice.sizes == [1, 2]


@pytest.mark.covers("rhinoceros.tough", ruleset="first")
def test_tough_only_four_plus_wound_it(dice: Dice) -> None:
    st = bench_fresh("sunderved", "nikuya-na", ATTACK)
    tor = put(st, 0, "torodin", sq(4, 3))
    rhino = put(st, 1, "rhinoceros", sq(5, 3))
    dice(3, 4)
    attack(st, tor, rhino)
    assert st.damage[rhino] == 1


# ---------------------------------------------------------------- Abua's events
@pytest.mark.covers("chant-of-negation.effect", ruleset="first")
def test_chant_of_negation_blanks_the_opponents_units_until_your_turn() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-negation")
    rusher = put(st, 1, "rusher", sq(6, 4))
    st.apply_action(PlayEvent(chant))
    assert st.zone[chant] == ACTIVE
    end_turn(st)
    assert st.turn_player == 1
    assert rusher in st.blanked()
    assert st.move_distance(rusher) == 2  # Rush is off
    end_turn(st)
    assert st.zone[chant] == DISCARD and rusher not in st.blanked()


@pytest.mark.covers("chant-of-deception.effect", ruleset="first")
def test_chant_of_deception_swaps_two_of_your_jungle_elves() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-deception")
    a = put(st, 0, "lioness", sq(3, 3))
    b = put(st, 0, "archer-jungle-elves", sq(2, 5))
    st.apply_action(PlayEvent(chant))
    st.apply_action(ChooseTarget(a))
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) not in dec.options
    st.apply_action(ChooseTarget(b))
    assert st.pos[a] == sq(2, 5) and st.pos[b] == sq(3, 3)
    assert st.board[sq(2, 5)] == a


@pytest.mark.covers("chant-of-life.effect", ruleset="first")
def test_chant_of_life_removes_two_wounds_but_never_poison() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-life")
    mak = put(st, 0, "makeinda-ru", sq(2, 2))
    st.damage[mak] = 2
    add_poison(st, mak, 1, 1, -1)
    assert PlayEvent(chant) not in st.legal_actions()  # no magic
    set_magic(st, 0, 1)
    st.apply_action(PlayEvent(chant))
    st.apply_action(ChooseTarget(mak))
    assert st.magic[0] == 0 and st.damage[mak] == 1 and poison(st, mak) == 1


@pytest.mark.covers("chant-of-haste.effect", ruleset="first")
def test_chant_of_haste_moves_three_cheap_commons_or_one_champion() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-haste")
    ls = [put(st, 0, "lioness", sq(3, c)) for c in (0,)]
    ls.append(put(st, 0, "archer-jungle-elves", sq(3, 2)))
    ls.append(put(st, 0, "hyena", sq(3, 4)))
    lioneer = put(st, 0, "lioneer", sq(3, 5))  # cost 3: not a choice
    st.apply_action(PlayEvent(chant))
    dec = pending(st)
    assert dec is not None
    assert ChooseTarget(lioneer) not in dec.options
    assert ChooseTarget(st.info.summoners[0]) in dec.options
    for unit in ls:
        st.apply_action(ChooseTarget(unit))
        st.apply_action(ChooseSpace(st.pos[unit] + 12))
    assert [st.pos[u] for u in ls] == [sq(5, 0), sq(5, 2), sq(5, 4)]
    assert pending(st) is None and st.moved == []


@pytest.mark.covers("chant-of-salvation.effect", ruleset="first")
def test_chant_of_salvation_takes_any_card_of_the_draw_pile() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-salvation")
    n = len(st.deck[0])
    st.apply_action(PlayEvent(chant))
    dec = pending(st)
    assert dec is not None and len(dec.options) == n
    pick = st.deck[0][0]
    st.apply_action(ChooseTarget(pick))
    assert st.zone[pick] == HAND and len(st.deck[0]) == n - 1


# ---------------------------------------------------------------- Nikuya's events
@pytest.mark.covers("spirit-of-the-lizard.effect", ruleset="first")
def test_spirit_of_the_lizard_heals_instead_of_moving() -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-lizard")
    nik = st.info.summoners[0]
    rhino = put(st, 0, "rhinoceros", sq(2, 3))
    st.damage[rhino] = 2
    set_magic(st, 0, 3)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseTarget(nik) not in dec.options  # costs 4
    st.apply_action(ChooseTarget(rhino))
    assert st.magic[0] == 2
    st.apply_action(EndPhase())
    assert st.phase == MOVE
    acts = uses(st, "spirit-of-the-lizard.effect")
    assert [a.option for a in acts] == [rhino]
    st.apply_action(acts[0])
    assert st.damage[rhino] == 0 and rhino in st.moved
    assert uses(st, "spirit-of-the-lizard.effect") == []


@pytest.mark.covers("spirit-of-the-turtle.effect", ruleset="first")
def test_spirit_of_the_turtle_only_five_plus_until_your_next_turn(dice: Dice) -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-turtle")
    hunter = put(st, 0, "lioneer", sq(2, 3))
    far = put(st, 0, "hyena", sq(4, 5))  # more than 2 from Nikuya
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and ChooseTarget(far) not in dec.options
    st.apply_action(ChooseTarget(hunter))
    assert st.zone[ev] == ACTIVE
    end_turn(st)
    tor = put(st, 1, "torodin", sq(3, 3))
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    dice(4, 5)
    attack(st, tor, hunter)
    assert st.damage[hunter] == 1


@pytest.mark.covers("spirit-of-the-serpent.effect", ruleset="first")
def test_spirit_of_the_serpent_plus_two_unless_it_moved_far(dice: Dice) -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-serpent")
    hyena = put(st, 0, "hyena", sq(2, 3))
    brute = put(st, 1, "brute", sq(4, 3))
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(hyena))
    st.apply_action(EndPhase())
    st.apply_action(Move(hyena, sq(3, 3), -1))
    st.apply_action(EndPhase())
    dice(1, 1, 1)
    attack(st, hyena, brute)
    assert dice.sizes == [3]


@pytest.mark.covers("spirit-of-the-cheetah.effect", ruleset="first")
def test_spirit_of_the_cheetah_three_extra_spaces() -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-cheetah")
    hyena = put(st, 0, "hyena", sq(2, 3))
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(hyena))
    assert st.move_distance(hyena) == 5
    st.apply_action(EndPhase())
    assert Move(hyena, sq(7, 3), -1) in st.legal_actions()


@pytest.mark.covers("spirit-of-the-jungle.effect", ruleset="first")
def test_spirit_of_the_jungle_takes_back_a_nikuya_event() -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-jungle")
    assert PlayEvent(ev) not in st.legal_actions()  # nothing to take
    lizard = to_hand(st, 0, "spirit-of-the-lizard")
    st.discard_card(lizard)
    chant = to_hand(st, 0, "chant-of-life")
    st.discard_card(chant)  # Abua's event: not a choice
    st.invalidate()
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and dec.options == (ChooseTarget(lizard),)
    st.apply_action(ChooseTarget(lizard))
    assert st.zone[lizard] == HAND and st.zone[ev] == DISCARD


# ---------------------------------------------------------------- edge cases
@pytest.mark.covers("rhinoceros.tough", "spirit-of-the-turtle.effect", ruleset="first")
def test_tough_and_turtles_toughness_on_one_rhinoceros(dice: Dice) -> None:
    st = fresh(EVENTS, "nikuya-na")
    ev = to_hand(st, 0, "spirit-of-the-turtle")
    rhino = put(st, 0, "rhinoceros", sq(2, 3))
    st.apply_action(PlayEvent(ev))
    st.apply_action(ChooseTarget(rhino))
    end_turn(st)
    tor = put(st, 1, "torodin", sq(3, 3))
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    dice(4, 5)
    attack(st, tor, rhino)
    assert st.damage[rhino] == 1  # Tough lets the 4 through, the Turtle does not


@pytest.mark.covers("rhinoceros.tough", ruleset="first")
def test_tough_does_not_stop_a_precise_attack(dice: Dice) -> None:
    st = bench_fresh("prince-elien", "nikuya-na", ATTACK)
    guard = put(st, 0, "guardian", sq(4, 3))
    rhino = put(st, 1, "rhinoceros", sq(5, 3))
    dice(1)
    attack(st, guard, rhino)
    assert st.damage[rhino] == 1  # no roll (R25): one wound per die


@pytest.mark.covers("shikwa.swift-shot", ruleset="first")
def test_swift_shot_not_offered_without_a_target(dice: Dice) -> None:
    st = fresh()
    shikwa = put(st, 0, "shikwa", sq(2, 0))
    rusher = put(st, 1, "rusher", sq(4, 0))  # 2 life
    dice(3)
    attack(st, shikwa, rusher)  # 1 die: 1 wound, it survives
    assert pending(st) is not None
    st.apply_action(NO)
    st2 = fresh()
    s2 = put(st2, 0, "shikwa", sq(2, 0))
    warrior = put(st2, 1, "warrior-mountain-vargath", sq(4, 0))
    st2.damage[warrior] = 1
    dice(3)
    attack(st2, s2, warrior)  # destroyed: nothing left in range
    assert not st2.on_board(warrior) and pending(st2) is None


@pytest.mark.covers("hunter-jungle-elves.poisoned-darts", ruleset="first")
def test_poison_markers_leave_with_the_destroyed_card() -> None:
    st = fresh(ATTACK, "nikuya-na")
    tor = put(st, 1, "torodin", sq(5, 3))
    add_poison(st, tor, 2, 0, -1)
    assert poison(st, tor) == 2
    st.deal_damage(tor, 5, 0)
    assert not st.on_board(tor)
    assert "first.poison." + str(tor) not in st.notes


@pytest.mark.covers("lioness.hunting-pride", ruleset="first")
def test_hunting_pride_two_lionesses_the_player_orders_them() -> None:
    st = fresh(MOVE)
    a = put(st, 0, "lioness", sq(3, 3))
    b = put(st, 0, "lioness", sq(3, 1))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order" and len(dec.options) == 2
    st.apply_action(dec.options[0])
    first = pending(st)
    assert first is not None and first.ability == "lioness.hunting-pride"
    st.apply_action(ChooseSpace(st.pos[first.source] + 6))
    second = pending(st)
    assert second is not None and {first.source, second.source} == {a, b}
    st.apply_action(NO)
    assert st.phase == ATTACK


@pytest.mark.covers("chant-of-life.effect", ruleset="first")
def test_chant_of_life_not_playable_on_poison_alone() -> None:
    st = fresh(EVENTS)
    chant = to_hand(st, 0, "chant-of-life")
    mak = put(st, 0, "makeinda-ru", sq(2, 2))
    add_poison(st, mak, 2, 1, -1)
    set_magic(st, 0, 3)
    assert PlayEvent(chant) not in st.legal_actions()


@pytest.mark.covers("jujugara.spirit-form", ruleset="first")
def test_spirit_form_kept_when_the_chosen_card_is_destroyed(dice: Dice) -> None:
    st = fresh(EVENTS, "nikuya-na")
    juju = put(st, 0, "jujugara", sq(3, 3))
    rhino = put(st, 0, "rhinoceros", sq(2, 5))
    st.apply_action(UseAbility(juju, "jujugara.spirit-form", rhino))
    st.deal_damage(rhino, 3, 1)
    assert not st.on_board(rhino)
    end_turn(st)  # the opponent's turn: Jujugara is still Tough
    tor = put(st, 1, "torodin", sq(4, 3))
    while st.phase != ATTACK:
        st.apply_action(EndPhase())
    dice(3, 4)
    attack(st, tor, juju)
    assert st.damage[juju] == 1
