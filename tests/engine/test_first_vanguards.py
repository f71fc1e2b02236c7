"""First-edition Vanguards (research/first-edition.md 2.5): one scenario per card on
the first-edition bench (:mod:`firstbench`), dice rigged with ``scenario.Dice`` (a
face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    Attack,
    Build,
    ChooseOption,
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
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.responses import WINDOW


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def sera(phase: int = ATTACK) -> GameState:
    """Sera Eldwyn (seat 0, on a4... sq(0, 3)) against Ret-Talus (sq(7, 3))."""
    return bench_fresh("sera-eldwyn", "ret-talus", phase, events=True)


def samuel(phase: int = ATTACK) -> GameState:
    """Samuel Farthen (seat 0) against Mad Sirian (seat 1)."""
    return bench_fresh("samuel-farthen", "mad-sirian", phase, events=True)


# ------------------------------------------------------------------ Sera's deck
@pytest.mark.covers("sera-eldwyn.greater-healing", ruleset="first")
def test_greater_healing_pays_one_magic_for_two_wounds() -> None:
    st = sera()
    me = st.info.summoners[0]
    knight = put(st, 0, "jacob-eldwyn", sq(1, 3))
    st.damage[knight] = 3
    st.damage[me] = 2
    assert uses(st, "sera-eldwyn.greater-healing") == []  # no magic
    set_magic(st, 0, 1)
    acts = uses(st, "sera-eldwyn.greater-healing")
    assert [a.option for a in acts] == [knight]  # never a summoner (herself)
    st.apply_action(acts[0])
    assert st.damage[knight] == 1 and st.magic[0] == 0 and me in st.attacked


@pytest.mark.covers("priest.healing", ruleset="first")
def test_priest_heals_commons_free_and_champions_for_a_magic() -> None:
    st = sera()
    priest = put(st, 0, "priest", sq(3, 3))
    common = put(st, 1, "reaper", sq(4, 3))  # enemy units may be healed too
    champ = put(st, 0, "jacob-eldwyn", sq(3, 4))
    st.damage[common] = 2
    st.damage[champ] = 2
    assert [a.option for a in uses(st, "priest.healing")] == [common]
    set_magic(st, 0, 1)
    acts = uses(st, "priest.healing")
    assert {a.option for a in acts} == {common, champ}
    st.apply_action(UseAbility(priest, "priest.healing", champ))
    assert st.damage[champ] == 1 and st.magic[0] == 0
    assert uses(st, "priest.healing") == []  # instead of its attack


@pytest.mark.covers("holy-judgment.effect", ruleset="first")
def test_holy_judgment_gives_priests_two_attack_per_card_this_turn() -> None:
    st = sera(EVENTS)
    priest = put(st, 0, "priest", sq(3, 3))
    archer = put(st, 0, "stalwart-archer", sq(0, 0))
    for _ in range(2):
        card = to_hand(st, 0, "holy-judgment")
        st.apply_action(PlayEvent(card))
        st.discard[0].remove(card)  # (the bench holds one copy: reuse it)
        st.zone[card] = -1
    assert st.strength(priest) == 5 and st.strength(archer) == 1
    st.flags.clear()  # a new turn
    assert st.strength(priest) == 1


@pytest.mark.covers("holy-judgment.effect", ruleset="first")
def test_holy_judgment_needs_a_priest() -> None:
    st = sera(EVENTS)
    card = to_hand(st, 0, "holy-judgment")
    assert PlayEvent(card) not in st.legal_actions()


@pytest.mark.covers("stalwart-archer.hail-of-arrows", ruleset="first")
def test_hail_of_arrows_counts_adjacent_friendly_archers() -> None:
    st = sera()
    a = put(st, 0, "stalwart-archer", sq(2, 2))
    put(st, 0, "stalwart-archer", sq(2, 3))
    put(st, 0, "stalwart-archer", sq(3, 2))
    far = put(st, 0, "stalwart-archer", sq(5, 5))
    assert st.strength(a) == 3 and st.strength(far) == 1


@pytest.mark.covers("guardian-knight.protector", ruleset="first")
def test_protector_forces_adjacent_enemies_to_attack_a_guardian_knight() -> None:
    st = sera()
    knight = put(st, 0, "guardian-knight", sq(3, 3))
    priest = put(st, 0, "priest", sq(4, 4))
    enemy = put(st, 1, "zombie-warrior", sq(4, 3))
    st.turn_player = 1
    st.invalidate()
    attacks = [a for a in st.legal_actions() if isinstance(a, Attack)]
    assert Attack(enemy, knight) in attacks and Attack(enemy, priest) not in attacks
    st.discard_card(knight)
    st.invalidate()
    assert Attack(enemy, priest) in st.legal_actions()


@pytest.mark.covers("jacob-eldwyn.heavens-rain", ruleset="first")
def test_heavens_rain_wounds_enemies_within_two_on_three_plus(dice: Dice) -> None:
    st = sera()
    jacob = put(st, 0, "jacob-eldwyn", sq(3, 3))
    e1 = put(st, 1, "reaper", sq(5, 3))
    e2 = put(st, 1, "zombie-warrior", sq(3, 4))
    far = put(st, 1, "zombie-warrior", sq(6, 3))
    friend = put(st, 0, "priest", sq(3, 2))
    dice(2)
    st.apply_action(UseAbility(jacob, "jacob-eldwyn.heavens-rain", 0))
    assert st.damage[e1] == 0 and jacob in st.attacked
    st.attacked.clear()
    st.invalidate()
    dice(3)
    st.apply_action(UseAbility(jacob, "jacob-eldwyn.heavens-rain", 0))
    assert st.damage[e1] == 1 and st.damage[e2] == 1
    assert st.damage[far] == 0 and st.damage[friend] == 0


@pytest.mark.covers("kalon-lightbringer.transformation", ruleset="first")
def test_kalon_gets_two_attack_at_four_wounds() -> None:
    st = sera()
    kalon = put(st, 0, "kalon-lightbringer", sq(3, 3))
    st.damage[kalon] = 3
    assert st.strength(kalon) == 2
    st.damage[kalon] = 4
    assert st.strength(kalon) == 4


@pytest.mark.covers("raechel-loveguard.arrow-of-light", ruleset="first")
def test_arrow_of_light_makes_the_victims_controller_discard(dice: Dice) -> None:
    st = sera()
    rae = put(st, 0, "raechel-loveguard", sq(3, 3))
    victim = put(st, 1, "skeletal-archer", sq(5, 3))
    kept = to_hand(st, 1, "reaper")
    lost = to_hand(st, 1, "zombie-warrior")
    dice(6, 1)  # the hit, then Magic Locked's die (fails)
    st.apply_action(Attack(rae, victim))
    dec = pending(st)
    while dec is not None and dec.ability != "raechel-loveguard.arrow-of-light":
        st.apply_action(dec.options[0])
        dec = pending(st)
    assert dec is not None and dec.player == 1
    assert set(dec.options) == {ChooseTarget(kept), ChooseTarget(lost)}
    st.apply_action(ChooseTarget(lost))
    assert st.hand[1] == [kept] and st.zone[lost] == DISCARD


@pytest.mark.covers("leah-goodwin.blade-of-light", ruleset="first")
def test_blade_of_light_one_attack_per_two_magic_at_most_four() -> None:
    st = sera()
    leah = put(st, 0, "leah-goodwin", sq(3, 3))
    assert st.strength(leah) == 0
    set_magic(st, 0, 5)
    assert st.strength(leah) == 2
    set_magic(st, 0, 20)
    assert st.strength(leah) == 4


@pytest.mark.covers("archangel.greater-flight", ruleset="first")
def test_archangel_flies_three_spaces_over_cards() -> None:
    st = sera(MOVE)
    angel = put(st, 0, "archangel", sq(2, 2))
    put(st, 1, "reaper", sq(3, 2))
    put(st, 1, "reaper", sq(4, 2))
    moves = [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == angel]
    assert any(m.to == sq(5, 2) for m in moves)


@pytest.mark.covers("angel.flight", "warrior-angel.flight", ruleset="first")
def test_flight_passes_through_cards() -> None:
    for st, slug in ((sera(MOVE), "angel"), (samuel(MOVE), "warrior-angel")):
        unit = put(st, 0, slug, sq(2, 2))
        put(st, 1, "wall", sq(3, 2))
        moves = [
            a for a in st.legal_actions() if isinstance(a, Move) and a.unit == unit
        ]
        assert any(m.to == sq(4, 2) for m in moves)
        assert not any(m.to == sq(5, 2) for m in moves)  # still 2 spaces


@pytest.mark.covers("coleen-brighton.shield-of-light", ruleset="first")
def test_coleen_shield_of_light_only_fours_wound_nearby_commons(dice: Dice) -> None:
    st = sera()
    put(st, 0, "coleen-brighton", sq(3, 1))
    knight = put(st, 0, "guardian-knight", sq(3, 3))
    enemy = put(st, 1, "zombie-warrior", sq(4, 3))
    st.turn_player = 1
    st.invalidate()
    dice(3)
    st.apply_action(Attack(enemy, knight))
    assert st.damage[knight] == 0  # a hit, but no wound
    st.attacked.clear()
    st.invalidate()
    dice(4)
    st.apply_action(Attack(enemy, knight))
    assert st.damage[knight] == 1


@pytest.mark.covers("cavalry-knight.rider", ruleset="first")
def test_rider_moves_up_to_seven_clear_straight_spaces() -> None:
    st = sera(MOVE)
    cav = put(st, 0, "cavalry-knight", sq(1, 0))
    put(st, 1, "reaper", sq(6, 0))
    opts = sorted(a.option for a in uses(st, "cavalry-knight.rider"))
    assert opts == sorted([sq(4, 0), sq(5, 0), sq(1, 3), sq(1, 4), sq(1, 5)])
    st.apply_action(UseAbility(cav, "cavalry-knight.rider", sq(5, 0)))
    assert st.pos[cav] == sq(5, 0) and cav in st.moved
    assert uses(st, "cavalry-knight.rider") == []
    assert not any(isinstance(a, Move) and a.unit == cav for a in st.legal_actions())


@pytest.mark.covers("divine-strength.effect", ruleset="first")
def test_divine_strength_heals_one_wound_from_each_of_your_commons() -> None:
    st = sera(EVENTS)
    a = put(st, 0, "guardian-knight", sq(1, 1))
    b = put(st, 0, "priest", sq(1, 2))
    champ = put(st, 0, "kalon-lightbringer", sq(1, 3))
    enemy = put(st, 1, "reaper", sq(5, 3))
    card = to_hand(st, 0, "divine-strength")
    assert PlayEvent(card) not in st.legal_actions()  # nobody to heal
    for c in (a, champ, enemy):
        st.damage[c] = 1
    st.damage[b] = 0
    st.invalidate()
    st.apply_action(PlayEvent(card))
    assert st.damage[a] == 0 and st.damage[champ] == 1 and st.damage[enemy] == 1


@pytest.mark.covers("intercession.effect", ruleset="first")
def test_intercession_moves_wounds_onto_the_summoner_never_lethally() -> None:
    st = sera(EVENTS)
    me = st.info.summoners[0]
    kalon = put(st, 0, "kalon-lightbringer", sq(1, 3))
    st.damage[kalon] = 6
    st.damage[me] = 2  # life 6: 3 more at most
    card = to_hand(st, 0, "intercession")
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(kalon))
    dec = pending(st)
    assert dec is not None
    assert dec.options == (ChooseOption(1), ChooseOption(2), ChooseOption(3))
    st.apply_action(ChooseOption(3))
    assert st.damage[kalon] == 3 and st.damage[me] == 5 and not st.terminal


# ------------------------------------------------------------------ Samuel's deck
@pytest.mark.covers("samuel-farthen.shield-of-light", ruleset="first")
def test_shield_of_light_within_two_of_samuel(dice: Dice) -> None:
    st = samuel()
    assert st.pos[st.info.summoners[0]] == sq(1, 4)
    near = put(st, 0, "honor-guard", sq(3, 4))  # 2 spaces from Samuel
    enemy = put(st, 1, "ghoul", sq(4, 4))
    far = put(st, 0, "honor-guard", sq(5, 0))
    enemy2 = put(st, 1, "ghoul", sq(6, 0))
    st.turn_player = 1
    st.invalidate()
    dice(3, 3)
    st.apply_action(Attack(enemy, near))
    assert st.damage[near] == 0
    dice(3, 3)
    st.apply_action(Attack(enemy2, far))
    assert st.damage[far] == 2


@pytest.mark.covers("transformation.effect", ruleset="first")
def test_transformation_lasts_until_your_next_turn(dice: Dice) -> None:
    st = samuel(EVENTS)
    sam = st.info.summoners[0]
    unit = put(st, 0, "woeful-brother", sq(4, 0))
    enemy = put(st, 1, "vampire", sq(5, 0))
    card = to_hand(st, 0, "transformation")
    st.apply_action(PlayEvent(card))
    assert st.zone[card] == ACTIVE and st.strength(sam) == 4
    st.turn_player, st.phase = 1, ATTACK
    st.invalidate()
    dice(3, 3)
    st.apply_action(Attack(enemy, unit))
    assert st.damage[unit] == 0
    from engine.core.mechanics.turn import begin_turn

    begin_turn(st, 0)
    assert st.zone[card] == DISCARD and st.strength(sam) == 2


@pytest.mark.covers("strong-spirits.effect", ruleset="first")
def test_strong_spirits_takes_the_opponents_woeful_brothers_as_magic() -> None:
    st = bench_fresh("samuel-farthen", "samuel-farthen", EVENTS, events=True)
    # two of MY brothers the opponent destroyed (their magic pile, R22) and paid
    # with (their discard pile, R14), and one of their own discarded
    mine = [put(st, 0, "woeful-brother", sq(3, c)) for c in (1, 2)]
    for c in mine:
        st.destroy(c, 1)
    st.gain_magic(1, -2)
    assert st.discard[1][-2:] == [mine[1], mine[0]]  # (pile top first)
    theirs = next(
        c
        for c in range(len(st.info.cards))
        if st.info.cards[c].slug == "woeful-brother"
        and st.info.owner[c] == 1
        and st.zone[c] != DISCARD
    )
    st.discard_card(theirs)
    bros = [c for c in st.discard[1] if st.info.cards[c].slug == "woeful-brother"]
    assert set(mine) | {theirs} <= set(bros)
    card = to_hand(st, 0, "strong-spirits")
    st.invalidate()
    st.apply_action(PlayEvent(card))
    # every brother of their discard pile, whoever owns it, onto my pile
    assert st.magic_pile[0] == bros and st.magic[0] == len(bros)
    assert not any(st.info.cards[c].slug == "woeful-brother" for c in st.discard[1])
    again = to_hand(st, 0, "strong-spirits")
    assert PlayEvent(again) not in st.legal_actions()  # none left to take


@pytest.mark.covers("master-bullock.mystic-arts", ruleset="first")
def test_mystic_arts_lets_woeful_brothers_shoot(dice: Dice) -> None:
    st = samuel()
    put(st, 0, "master-bullock", sq(2, 0))
    bro = put(st, 0, "woeful-brother", sq(3, 0))
    target = put(st, 1, "ghoul", sq(6, 0))
    far_bro = put(st, 0, "woeful-brother", sq(2, 5))
    put(st, 1, "ghoul", sq(5, 5))
    acts = uses(st, "master-bullock.mystic-arts")
    assert [divmod(a.option, 4096) for a in acts] == [(bro, target)]
    assert far_bro not in {divmod(a.option, 4096)[0] for a in acts}
    dice(3, 3)
    st.apply_action(acts[0])
    assert st.damage[target] == 2 and bro in st.attacked


@pytest.mark.covers("sybil-swancott.sybils-spirit", ruleset="first")
def test_sybils_spirit_rolls_off_wounds_and_healing(dice: Dice) -> None:
    st = samuel()
    sybil = put(st, 0, "sybil-swancott", sq(3, 3))
    enemy = put(st, 1, "ghoul", sq(4, 3))
    st.turn_player = 1
    st.invalidate()
    dice(3, 3, 4, 1)  # two hits; Sybil rolls 4 (ignored) and 1 (stays)
    st.apply_action(Attack(enemy, sybil))
    assert st.damage[sybil] == 1
    # healing her: each wound rolled, a 3 or less stays
    st2 = sera()
    syb = put(st2, 0, "sybil-swancott", sq(1, 3))
    st2.damage[syb] = 2
    set_magic(st2, 0, 1)
    dice(4, 2)
    st2.apply_action(
        UseAbility(st2.info.summoners[0], "sera-eldwyn.greater-healing", syb)
    )
    assert st2.damage[syb] == 1


@pytest.mark.covers("valentina-stoutheart.valiant-defender", ruleset="first")
def test_valiant_defender_holds_adjacent_enemy_commons() -> None:
    st = samuel(MOVE)
    val = put(st, 0, "valentina-stoutheart", sq(3, 3))
    other = put(st, 0, "honor-guard", sq(4, 4))
    ghoul = put(st, 1, "ghoul", sq(4, 3))
    champ = put(st, 1, "gul-dass", sq(3, 4))
    st.turn_player = 1
    st.invalidate()
    movers = {a.unit for a in st.legal_actions() if isinstance(a, Move)}
    assert ghoul not in movers and champ in movers
    st.phase = ATTACK
    st.invalidate()
    attacks = {a for a in st.legal_actions() if isinstance(a, Attack)}
    assert Attack(ghoul, val) in attacks and Attack(ghoul, other) not in attacks
    assert Attack(champ, other) in attacks  # champions are free


@pytest.mark.covers("honor-guard.escort", ruleset="first")
def test_escort_places_the_honor_guard_next_to_the_moved_champion() -> None:
    st = samuel(MOVE)
    champ = put(st, 0, "valentina-stoutheart", sq(2, 2))
    guard = put(st, 0, "honor-guard", sq(2, 3))
    st.apply_action(Move(champ, sq(4, 2)))
    dec = pending(st)
    assert dec is not None and dec.ability == "honor-guard.escort"
    assert NO in dec.options and ChooseSpace(sq(5, 2)) in dec.options
    st.apply_action(ChooseSpace(sq(5, 2)))
    assert st.pos[guard] == sq(5, 2) and guard not in st.moved
    # a common moving away does not call it
    common = put(st, 0, "woeful-brother", sq(4, 3))
    st.apply_action(Move(common, sq(4, 5)))
    assert pending(st) is None


def test_a_taken_transformation_stays_with_the_player_who_played_it() -> None:
    # a card taken from Samuel's hand (e.g. by a Bender) and played by the
    # opponent: active for them, discarded to its owner's pile as their turn begins
    st = samuel(EVENTS)
    card = to_hand(st, 0, "transformation")
    st.remove_from_zone(card)
    st.hand[1].append(card)
    st.ctrl[card] = 1
    st.turn_player = 1
    st.invalidate()
    st.apply_action(PlayEvent(card))
    assert st.zone[card] == ACTIVE and st.ctrl[card] == 1
    assert st.active[1] == [card]
    foe = st.info.summoners[1]
    assert st.strength(foe) == st.info.cards[foe].strength + 2
    for seat in (0, 1):  # to the opponent's next turn
        while st.turn_player != seat:
            st.apply_action(EndPhase())
    assert st.zone[card] == DISCARD and card in st.discard[0]


@pytest.mark.covers("transformation.effect", ruleset="first")
def test_a_transformation_taken_from_the_opponent_lasts_for_its_new_player() -> None:
    """Fuzz seed 70196 (Samuel Farthen against Tacullu): Tacullu's Mimic took a
    Transformation; played, it was kept ACTIVE on the taker's side but controlled by
    its owner, and the taker's next turn crashed discarding it."""
    from engine.core.mechanics.turn import begin_turn

    st = bench_fresh("tacullu", "samuel-farthen", EVENTS, events=True)
    me = st.info.summoners[0]
    card = to_hand(st, 1, "transformation")  # owned by seat 1
    st.hand[1].remove(card)
    st.ctrl[card] = 0  # as Mimic hands it over
    st.hand[0].append(card)
    st.invalidate()
    before = st.strength(me)
    st.apply_action(PlayEvent(card))
    assert st.zone[card] == ACTIVE and card in st.active[0] and st.ctrl[card] == 0
    assert st.strength(me) == before + 2
    begin_turn(st, 0)
    assert st.zone[card] == DISCARD and card in st.discard[1]


@pytest.mark.covers("woeful-brother.swift-maneuver", ruleset="first")
def test_swift_maneuver_swaps_after_a_woundless_attack(dice: Dice) -> None:
    st = samuel()
    bro = put(st, 0, "woeful-brother", sq(3, 3))
    friend = put(st, 0, "honor-guard", sq(2, 3))
    enemy = put(st, 1, "ghoul", sq(4, 3))
    st.turn_player = 1
    st.invalidate()
    dice(1, 2)
    st.apply_action(Attack(enemy, bro))
    dec = pending(st)
    assert dec is not None and dec.player == 0
    assert set(dec.options) == {NO, ChooseTarget(friend), ChooseTarget(enemy)}
    st.apply_action(ChooseTarget(friend))
    assert st.pos[bro] == sq(2, 3) and st.pos[friend] == sq(3, 3)
    # a wounding attack does not let it swap
    other = put(st, 1, "warlock", sq(2, 5))
    dice(6, 1)
    st.apply_action(Attack(other, bro))
    assert pending(st) is None and st.damage[bro] == 1


def test_vanguards_cards_play_through_end_phase() -> None:
    st = sera(MOVE)
    put(st, 0, "cavalry-knight", sq(1, 0))
    st.apply_action(EndPhase())
    assert st.phase == ATTACK


# ------------------------------------------------------------------ edge cases
@pytest.mark.covers("samuel-farthen.shield-of-light", ruleset="first")
def test_shield_of_light_ignores_your_own_attacks_and_champions(dice: Dice) -> None:
    st = samuel()
    near = put(st, 0, "honor-guard", sq(3, 4))
    own = put(st, 0, "woeful-brother", sq(4, 4))
    champ = put(st, 0, "sybil-swancott", sq(2, 3))
    dice(3, 3)
    st.apply_action(Attack(own, near))  # your own attack: not shielded
    assert st.damage[near] == 2
    st.turn_player = 1
    st.attacked.clear()
    enemy = put(st, 1, "ghoul", sq(2, 2))
    st.invalidate()
    dice(3, 3, 1, 5)  # 2 wounds (a champion is not shielded); Sybil rolls 1 and 5
    st.apply_action(Attack(enemy, champ))
    assert st.damage[champ] == 1  # the 1 stays, the 5 is ignored


@pytest.mark.covers(
    "guardian-knight.protector",
    "valentina-stoutheart.valiant-defender",
    ruleset="first",
)
def test_protector_and_valiant_defender_together_leave_the_knight() -> None:
    st = samuel()
    val = put(st, 0, "valentina-stoutheart", sq(3, 3))
    knight = put(st, 0, "guardian-knight", sq(4, 4))
    enemy = put(st, 1, "ghoul", sq(4, 3))  # next to both
    st.turn_player = 1
    st.invalidate()
    targets = {
        a.target
        for a in st.legal_actions()
        if isinstance(a, Attack) and a.attacker == enemy
    }
    assert targets == {knight}  # the knight satisfies both; Valentina only one
    assert val not in targets


@pytest.mark.covers("raechel-loveguard.arrow-of-light", ruleset="first")
def test_arrow_of_light_with_an_empty_hand_asks_nothing(dice: Dice) -> None:
    st = sera()
    rae = put(st, 0, "raechel-loveguard", sq(3, 3))
    victim = put(st, 1, "zombie-warrior", sq(4, 3))
    st.damage[victim] = 1
    dice(6)
    st.apply_action(Attack(rae, victim))
    assert st.zone[victim] == MAGIC_PILE and pending(st) is None


@pytest.mark.covers("transformation.effect", ruleset="first")
def test_two_transformations_do_not_stack() -> None:
    st = samuel(EVENTS)
    sam = st.info.summoners[0]
    first = to_hand(st, 0, "transformation")
    st.apply_action(PlayEvent(first))
    second = to_hand(st, 0, "transformation")
    st.apply_action(PlayEvent(second))
    assert st.zone[second] == ACTIVE and st.strength(sam) == 4


@pytest.mark.covers("woeful-brother.swift-maneuver", ruleset="first")
def test_swift_maneuver_needs_an_adjacent_unit_and_an_enemy_attacker(
    dice: Dice,
) -> None:
    st = samuel()
    bro = put(st, 0, "woeful-brother", sq(3, 3))
    lock = put(st, 1, "warlock", sq(3, 5))  # ranged, not adjacent
    st.turn_player = 1
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(lock, bro))
    assert pending(st) is None  # nobody next to it to swap with
    st.turn_player = 0
    friend = put(st, 0, "woeful-brother", sq(3, 2))
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(friend, bro))
    assert pending(st) is None  # a friendly attack


@pytest.mark.covers("sybil-swancott.sybils-spirit", ruleset="first")
def test_sybil_rolls_against_heavens_rain(dice: Dice) -> None:
    st = bench_fresh("sera-eldwyn", "samuel-farthen", ATTACK)
    jacob = put(st, 0, "jacob-eldwyn", sq(3, 3))
    sybil = put(st, 1, "sybil-swancott", sq(4, 3))
    dice(3, 5)  # the rain falls; Sybil's 5 ignores the wound
    st.apply_action(UseAbility(jacob, "jacob-eldwyn.heavens-rain", 0))
    assert st.damage[sybil] == 0


# ------------------------------------------------------ responses (opponent's turn)
def second_copy(st: GameState, player: int, slug: str) -> int:
    """Put a second copy of ``slug`` (``to_hand`` finds the first) in hand."""
    c = next(
        c
        for c in range(len(st.info.cards))
        if st.info.cards[c].slug == slug
        and st.info.owner[c] == player
        and st.zone[c] != HAND
    )
    st.remove_from_zone(c)
    st.zone[c] = HAND
    st.hand[player].append(c)
    st.invalidate()
    return c


def against(b: str, phase: int = ATTACK) -> GameState:
    """Samuel Farthen (seat 0, on sq(1, 4)) against ``b`` (seat 1), seat 1 to act."""
    st = bench_fresh("samuel-farthen", b, phase, events=True)
    st.turn_player = 1
    st.invalidate()
    return st


@pytest.mark.covers("divine-protection.effect", ruleset="first")
def test_divine_protection_pays_a_magic_and_the_attack_wounds_nothing(
    dice: Dice,
) -> None:
    st = against("mad-sirian")
    angel = put(st, 0, "warrior-angel", sq(4, 1))  # far from Samuel's Shield
    warlock = put(st, 1, "warlock", sq(5, 1))
    dp = to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 2)
    set_magic(st, 1, 0)
    dice(6, 6)
    st.apply_action(Attack(warlock, angel))
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, PlayEvent(dp))
    st.apply_action(PlayEvent(dp))
    assert st.damage[angel] == 0 and st.on_board(angel)
    assert st.magic == [1, 0] and st.zone[dp] == DISCARD
    assert pending(st) is None and st.stack == []
    # only that attack: the next one wounds as usual
    st.attacked.clear()
    st.invalidate()
    dice(6, 1)
    st.apply_action(Attack(warlock, angel))
    assert st.damage[angel] == 1


def test_divine_protection_declined_lets_the_wounds_land(dice: Dice) -> None:
    st = against("mad-sirian")
    angel = put(st, 0, "warrior-angel", sq(4, 1))
    warlock = put(st, 1, "warlock", sq(5, 1))
    dp = to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(6, 1)
    st.apply_action(Attack(warlock, angel))
    st.apply_action(NO)
    assert st.damage[angel] == 1 and st.magic == [1, 0] and st.zone[dp] == HAND


def test_divine_protection_not_asked_without_magic_misses_or_a_common(
    dice: Dice,
) -> None:
    st = against("mad-sirian")
    angel = put(st, 0, "honor-guard", sq(4, 1))  # 3 life
    champ = put(st, 0, "jacob-eldwyn", sq(4, 3))
    enemy = put(st, 1, "zombie-warrior", sq(5, 0))
    warlock = put(st, 1, "warlock", sq(5, 1))
    ghoul = put(st, 1, "ghoul", sq(5, 3))
    dp = to_hand(st, 0, "divine-protection")
    assert PlayEvent(dp) not in st.legal_actions()  # never in an event phase
    dice(6, 6)
    st.apply_action(Attack(warlock, angel))  # no magic to pay: nothing asked
    assert pending(st) is None and st.damage[angel] == 2
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(6, 6)
    st.apply_action(Attack(ghoul, champ))  # a champion: nothing asked
    assert pending(st) is None and st.damage[champ] == 2
    st.attacked.clear()
    st.damage[angel] = 0
    st.invalidate()
    dice(1, 2)
    st.apply_action(Attack(warlock, angel))  # a miss: nothing asked
    assert pending(st) is None and st.damage[angel] == 0
    st.attacked.clear()
    st.invalidate()
    dice(6, 6)
    st.apply_action(Attack(warlock, enemy))  # not a unit of the holder
    assert pending(st) is None and st.zone[enemy] == MAGIC_PILE
    assert st.zone[dp] == HAND and st.magic[0] == 1


def test_divine_protection_not_asked_when_the_shield_stops_every_wound(
    dice: Dice,
) -> None:
    st = against("mad-sirian")
    angel = put(st, 0, "warrior-angel", sq(2, 4))  # next to Samuel: 4+ only
    warlock = put(st, 1, "warlock", sq(3, 4))
    to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(3, 3)  # hits, but Shield of Light lets no wound through
    st.apply_action(Attack(warlock, angel))
    assert pending(st) is None and st.damage[angel] == 0 and st.magic[0] == 1


def test_a_protected_woeful_brother_may_swift_maneuver(dice: Dice) -> None:
    st = against("mad-sirian")
    brother = put(st, 0, "woeful-brother", sq(4, 1))
    friend = put(st, 0, "honor-guard", sq(4, 2))
    warlock = put(st, 1, "warlock", sq(5, 1))
    dp = to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(6, 6)
    st.apply_action(Attack(warlock, brother))
    st.apply_action(PlayEvent(dp))
    dec = pending(st)  # FAQ 2.16.6.1: no wounds received, Swift Maneuver
    assert dec is not None and dec.ability == "woeful-brother.swift-maneuver"
    st.apply_action(ChooseTarget(friend))
    assert st.pos[brother] == sq(4, 2) and st.pos[friend] == sq(4, 1)
    assert st.damage[brother] == 0


@pytest.mark.covers("abolish.effect", ruleset="first")
def test_abolish_cancels_an_event_played_in_the_event_phase() -> None:
    st = against("mad-sirian", EVENTS)
    sirian = st.info.summoners[1]
    ab = to_hand(st, 0, "abolish")
    stone = to_hand(st, 1, "searching-the-stone")
    assert PlayEvent(ab) not in st.legal_actions()
    hand = len(st.hand[1])
    st.apply_action(PlayEvent(stone))
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, PlayEvent(ab))
    st.apply_action(PlayEvent(ab))
    # no wound on Mad Sirian, no card drawn; both cards discarded
    assert st.damage[sirian] == 0 and len(st.hand[1]) == hand - 1
    assert st.zone[stone] == DISCARD and st.zone[ab] == DISCARD
    assert pending(st) is None and st.stack == []


def test_abolish_declined_lets_the_event_resolve() -> None:
    st = against("mad-sirian", EVENTS)
    sirian = st.info.summoners[1]
    ab = to_hand(st, 0, "abolish")
    stone = to_hand(st, 1, "searching-the-stone")
    st.apply_action(PlayEvent(stone))
    st.apply_action(NO)
    assert st.damage[sirian] == 1 and len(st.hand[1]) == 5
    assert st.zone[ab] == HAND


def test_abolish_not_asked_for_walls_own_events_or_other_phases(dice: Dice) -> None:
    st = against("mad-sirian", EVENTS)
    to_hand(st, 0, "abolish")
    wall = to_hand(st, 1, "wall")
    build = next(
        a for a in st.legal_actions() if isinstance(a, Build) and a.card == wall
    )
    st.apply_action(build)  # a wall: nothing asked
    assert pending(st) is None and st.on_board(wall)
    # the holder's own event: nothing asked either
    st = bench_fresh("samuel-farthen", "mad-sirian", EVENTS, events=True)
    to_hand(st, 0, "abolish")
    copy = second_copy(st, 0, "abolish")
    trans = to_hand(st, 0, "transformation")
    st.apply_action(PlayEvent(trans))
    assert pending(st) is None and st.zone[trans] == ACTIVE
    assert st.zone[copy] == HAND


def test_abolish_ignores_answers_played_out_of_phase(dice: Dice) -> None:
    # Samuel's turn: his attack is answered by a Shield of the Hopeful; the Filth's
    # answer is not an event of their event phase, so no Abolish is asked
    st = bench_fresh("samuel-farthen", "the-demagogue", ATTACK, events=True)
    angel = put(st, 0, "warrior-angel", sq(4, 1))
    zealot = put(st, 1, "zealot", sq(5, 1))
    to_hand(st, 0, "abolish")
    shield = to_hand(st, 1, "shield-of-the-hopeful")
    dice(6)
    st.apply_action(Attack(angel, zealot))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, PlayEvent(shield))
    st.apply_action(PlayEvent(shield))
    assert pending(st) is None and st.on_board(zealot) and st.damage[zealot] == 0


def test_a_spellsucker_nullifies_an_abolish_and_the_event_resolves() -> None:
    st = against("the-demagogue", EVENTS)
    sucker = put(st, 1, "spellsucker-mutant", sq(6, 4))
    put(st, 1, "zealot", sq(5, 1))
    mutant = to_hand(st, 1, "bestial-mutant")
    ab1 = to_hand(st, 0, "abolish")
    ab2 = second_copy(st, 0, "abolish")
    chan = to_hand(st, 1, "channel-corruption")
    st.apply_action(PlayEvent(chan))
    dec = pending(st)
    assert dec is not None and dec.player == 0
    assert dec.options == (NO, PlayEvent(ab1), PlayEvent(ab2))
    st.apply_action(PlayEvent(ab1))
    dec = pending(st)  # the Abolish is an event the opponent plays: Nullify
    assert dec is not None and dec.ability == WINDOW and dec.player == 1
    assert dec.options == (NO, UseAbility(sucker, "spellsucker-mutant.nullify"))
    st.apply_action(dec.options[1])
    assert st.zone[sucker] == MAGIC_PILE and st.zone[ab1] == DISCARD
    dec = pending(st)  # no second Abolish (FAQ 2.6.8.1): Channel Corruption resolves
    assert dec is not None and dec.ability == "channel-corruption.effect"
    assert st.zone[ab2] == HAND
    assert mutant in st.hand[1]


def test_a_spellsucker_nullifies_divine_protection_which_then_costs_nothing(
    dice: Dice,
) -> None:
    st = against("the-demagogue")
    angel = put(st, 0, "warrior-angel", sq(4, 1))
    zealot = put(st, 1, "zealot", sq(5, 1))
    sucker = put(st, 1, "spellsucker-mutant", sq(6, 4))
    dp = to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(6)
    st.apply_action(Attack(zealot, angel))
    st.apply_action(PlayEvent(dp))
    dec = pending(st)
    assert dec is not None and dec.player == 1
    assert dec.options == (NO, UseAbility(sucker, "spellsucker-mutant.nullify"))
    st.apply_action(dec.options[1])
    assert st.damage[angel] == 1 and st.magic[0] == 1 and st.zone[dp] == DISCARD
    assert pending(st) is None and st.stack == []


def test_a_spellsucker_declining_lets_divine_protection_work(dice: Dice) -> None:
    st = against("the-demagogue")
    angel = put(st, 0, "warrior-angel", sq(4, 1))
    zealot = put(st, 1, "zealot", sq(5, 1))
    put(st, 1, "spellsucker-mutant", sq(6, 4))
    dp = to_hand(st, 0, "divine-protection")
    set_magic(st, 0, 1)
    set_magic(st, 1, 0)
    dice(6)
    st.apply_action(Attack(zealot, angel))
    st.apply_action(PlayEvent(dp))
    st.apply_action(NO)
    assert st.damage[angel] == 0 and st.magic[0] == 0
    assert pending(st) is None and st.stack == []


def _random_game(seed: int, foe: str) -> list[object]:
    from firstbench import RULES, wide_deck

    from engine.agents import make_agent
    from engine.core.play import derive_seed
    from engine.core.view import PlayerView
    from engine.play import setup_game

    st = setup_game(
        wide_deck("samuel-farthen", events=True),
        wide_deck(foe, events=True),
        seed=seed,
        rules=RULES,
    )
    agents = [make_agent("random", derive_seed(seed, p)) for p in (1, 2)]
    answered = 0
    while not st.is_terminal():
        p = st.current_player()
        a = agents[p].choose(PlayerView(st, p), st.legal_actions())
        top = pending(st)
        if top is not None and top.ability == WINDOW and a != NO:
            answered += 1
        st.apply_action(a)
    assert st.log is not None
    return [answered, *st.log]


def test_games_with_abolish_and_divine_protection_replay_from_the_seed() -> None:
    runs = {s: _random_game(s, "the-demagogue") for s in (1, 2, 3, 4)}
    for s in (1, 2):
        assert runs[s] == _random_game(s, "the-demagogue")
    assert any(r[0] for r in runs.values())  # some answers were played
