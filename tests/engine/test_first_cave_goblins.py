"""First-edition Cave Goblins (research/first-edition.md 2.4): one scenario per card on
the first-edition bench (Sneeks or Frick, seat 0, against Krusk's Sand Goblins),
dice rigged with ``scenario.Dice`` (a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, put, set_magic, to_hand, uses
from firstbench import fresh as bench_fresh
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    YES,
    Attack,
    ChooseOption,
    ChooseSpace,
    ChooseTarget,
    EndPhase,
    Move,
    PlayEvent,
    UseAbility,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK, summoner: str = "sneeks") -> GameState:
    """Cave Goblins (seat 0, Sneeks on sq(0, 3) or Frick on sq(1, 2)) against
    Krusk (sq(6, 1)), every card of both factions in the decks, events included."""
    return bench_fresh(summoner, "krusk", phase, events=True)


def opponents_turn(st: GameState, phase: int = ATTACK) -> None:
    """Jump to seat 1's next turn (the effects keyed by turn see a new turn)."""
    st.turn += 1
    st.turn_player, st.phase = 1, phase
    st.moved, st.attacked, st.flags = [], [], {}
    st.invalidate()


def answer(st: GameState, ability: str, action: object) -> None:
    dec = pending(st)
    assert dec is not None and dec.ability == ability, dec
    assert action in dec.options, (action, dec.options)
    st.apply_action(action)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- summoners
@pytest.mark.covers("sneeks.sly", ruleset="first")
def test_sly_swaps_sneeks_with_a_goblin_at_the_end_of_the_turn() -> None:
    st = fresh(MAGIC)
    sneeks = st.info.summoners[0]
    fighter = put(st, 0, "fighter-cave-goblins", sq(2, 2))
    enemy = put(st, 1, "slayer", sq(5, 5))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and ChooseTarget(enemy) not in dec.options
    answer(st, "sneeks.sly", ChooseTarget(fighter))
    assert st.pos[sneeks] == sq(2, 2) and st.pos[fighter] == sq(0, 3)


@pytest.mark.covers("frick.leader-of-the-horde", ruleset="first")
def test_leader_of_the_horde_attacks_again_with_a_cost_0_goblin(dice: Dice) -> None:
    st = fresh(ATTACK, "frick")
    runt = put(st, 0, "runt", sq(3, 3))
    oaf = put(st, 0, "oaf", sq(3, 4))  # cost 2: never offered
    enemy = put(st, 1, "biter", sq(4, 3))
    put(st, 1, "kreep", sq(4, 4))
    dice(1)
    st.apply_action(Attack(runt, enemy))
    assert st.damage[enemy] == 0
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "frick.leader-of-the-horde"
    assert not any(isinstance(a, Attack) and a.attacker == oaf for a in dec.options)
    dice(6)
    st.apply_action(Attack(runt, enemy))  # the Runt already attacked: still allowed
    assert st.damage[enemy] == 1 and st.phase == MAGIC


# ---------------------------------------------------------------------- champions
@pytest.mark.covers("blarf.magic-augmentation", ruleset="first")
def test_magic_augmentation_feeds_blarf_and_pays_his_destroyer() -> None:
    st = fresh(MOVE)
    blarf = put(st, 0, "blarf", sq(3, 3))
    pile = fill_magic(st, 0, 5)
    for _ in range(4):
        (act,) = uses(st, "blarf.magic-augmentation")
        st.apply_action(act)
    # the top 4 cards of the pile went under him, top first
    assert st.under[blarf] == tuple(reversed(pile[1:]))
    assert st.strength(blarf) == 4 and st.magic_pile[0] == pile[:1]
    assert uses(st, "blarf.magic-augmentation") == []  # at most +4
    st.destroy(blarf, 1)
    # Blarf, then the 4 cards under him, on the destroyer's pile (R22)
    assert st.magic_pile[1] == [blarf, *reversed(pile[1:])] and st.magic[1] == 5


@pytest.mark.covers("mook.taskmaster", ruleset="first")
def test_taskmaster_adds_one_to_each_die_of_nearby_goblins_not_mooks(
    dice: Dice,
) -> None:
    st = fresh()
    mook = put(st, 0, "mook", sq(3, 3))
    slinger = put(st, 0, "slinger", sq(3, 5))
    far = put(st, 1, "biter", sq(5, 5))
    near = put(st, 1, "kreep", sq(4, 3))
    dice(3)  # a Reckless 3 + 1 = 4: a hit
    st.apply_action(Attack(slinger, far))
    assert st.damage[far] == 1
    dice(2, 2)  # Mook's own dice are not raised
    st.apply_action(Attack(mook, near))
    assert st.damage[near] == 0


@pytest.mark.covers("the-eater.feed-the-eater", ruleset="first")
def test_feed_the_eater_destroys_an_adjacent_common_or_discards_itself() -> None:
    st = fresh()
    eater = put(st, 0, "the-eater", sq(3, 3))
    food = put(st, 1, "scavenger", sq(4, 3))
    put(st, 1, "biter", sq(3, 4))  # a champion: not food
    st.apply_action(EndPhase())
    answer(st, "the-eater.feed-the-eater", ChooseTarget(food))
    assert st.zone[food] == MAGIC_PILE and st.magic[0] == 1
    assert st.on_board(eater)


def test_feed_the_eater_discards_it_with_no_common_adjacent() -> None:
    st = fresh()
    eater = put(st, 0, "the-eater", sq(3, 3))
    put(st, 1, "biter", sq(4, 3))
    st.apply_action(EndPhase())
    assert st.zone[eater] == DISCARD and st.magic == [0, 0]


@pytest.mark.covers("krag.tireless", ruleset="first")
def test_tireless_moves_krag_three_spaces_after_the_movement_phase() -> None:
    st = fresh(MOVE)
    krag = put(st, 0, "krag", sq(1, 0))
    assert not any(isinstance(a, Move) and a.unit == krag for a in st.legal_actions())
    st.apply_action(EndPhase())
    answer(st, "krag.tireless", ChooseSpace(sq(1, 3)))
    assert st.pos[krag] == sq(1, 3) and st.moved == []


@pytest.mark.covers("reeker.relentless", ruleset="first")
def test_relentless_reeker_attacks_only_after_the_attack_phase(dice: Dice) -> None:
    st = fresh()
    reeker = put(st, 0, "reeker", sq(3, 3))
    enemy = put(st, 1, "biter", sq(4, 3))
    assert Attack(reeker, enemy) not in st.legal_actions()
    st.apply_action(EndPhase())
    dice(6, 6)
    answer(st, "reeker.relentless", Attack(reeker, enemy))
    assert st.damage[enemy] == 2 and st.attacked == []


@pytest.mark.covers("scagg.curse", ruleset="first")
def test_curse_wounds_an_adjacent_unit_at_the_start_of_the_turn() -> None:
    st = fresh(MAGIC)
    scagg = put(st, 0, "scagg", sq(3, 3))
    enemy = put(st, 1, "biter", sq(4, 3))
    opponents_turn(st, MAGIC)
    st.apply_action(EndPhase())  # seat 1's turn ends; seat 0's begins
    answer(st, "scagg.curse", ChooseTarget(enemy))
    assert st.damage[enemy] == 1 and st.on_board(scagg)


@pytest.mark.covers("dibs.infamous", ruleset="first")
def test_infamous_adds_a_die_against_champions_both_ways(dice: Dice) -> None:
    st = fresh()
    dibs = put(st, 0, "dibs", sq(3, 3))
    champ = put(st, 1, "biter", sq(4, 3))
    common = put(st, 1, "slayer", sq(3, 4))
    dice(1, 1, 1)
    st.apply_action(Attack(dibs, champ))
    dice(1, 1)
    st.attacked.clear()
    st.apply_action(Attack(dibs, common))
    assert dice.sizes == [3, 2]
    opponents_turn(st)
    dice(1, 1, 1, 1)
    st.apply_action(Attack(champ, dibs))
    assert dice.sizes[-1] == 4  # Biter 3 + 1


@pytest.mark.covers("smeege.magic-junkie", ruleset="first")
def test_magic_junkie_pays_one_magic_or_goes() -> None:
    st = fresh(MAGIC, "frick")
    smeege = put(st, 0, "smeege", sq(3, 3))
    set_magic(st, 0, 1)
    st.apply_action(EndPhase())
    answer(st, "smeege.magic-junkie", ChooseOption(0))
    assert st.magic[0] == 0 and st.on_board(smeege)
    opponents_turn(st, MAGIC)
    st.turn += 1
    st.turn_player = 0
    st.invalidate()
    st.apply_action(EndPhase())  # no magic: discarded without asking
    assert st.zone[smeege] == DISCARD


@pytest.mark.covers("the-feeder.scavenged-meal", ruleset="first")
def test_scavenged_meal_takes_destroyed_goblins_and_spends_them(dice: Dice) -> None:
    st = fresh(ATTACK, "frick")
    feeder = put(st, 0, "the-feeder", sq(3, 3))
    runt = put(st, 0, "runt", sq(3, 5))  # 2 spaces away
    enemy = put(st, 1, "biter", sq(4, 3))
    st.destroy(runt, 1)
    st.settle()
    assert st.zone[runt] == UNDER and st.under[feeder] == (runt,)
    assert st.magic[1] == 0  # it did not reach the destroyer's magic pile
    acts = [a for a in uses(st, "the-feeder.scavenged-meal")]
    assert UseAbility(feeder, "the-feeder.scavenged-meal", 1 << 8 | enemy) in acts
    dice(6, 6, 6)
    st.apply_action(UseAbility(feeder, "the-feeder.scavenged-meal", 1 << 8 | enemy))
    assert dice.sizes == [3] and st.damage[enemy] == 3
    assert st.zone[runt] == DISCARD and feeder in st.attacked


def test_cards_under_the_feeder_go_to_its_destroyer() -> None:
    st = fresh(ATTACK, "frick")
    feeder = put(st, 0, "the-feeder", sq(3, 3))
    oaf = put(st, 0, "oaf", sq(2, 3))
    st.destroy(oaf, 0)
    st.settle()
    assert st.zone[oaf] == UNDER and st.magic[0] == 0
    st.destroy(feeder, 1)
    # the Feeder, then the card under it, on the destroyer's pile (R22)
    assert st.magic_pile[1] == [feeder, oaf] and st.magic[1] == 2


# ------------------------------------------------------------------------ commons
@pytest.mark.covers("fighter-cave-goblins.relentless", ruleset="first")
def test_relentless_fighters_attack_after_the_phase_two_at_most(dice: Dice) -> None:
    st = fresh()
    fighters = [put(st, 0, "fighter-cave-goblins", sq(3, c)) for c in range(3)]
    enemies = [
        put(st, 1, s, sq(4, c)) for c, s in enumerate(("biter", "kreep", "silts"))
    ]
    assert not any(
        isinstance(a, Attack) and a.attacker in fighters for a in st.legal_actions()
    )
    st.apply_action(EndPhase())
    dice(6)
    answer(st, "fighter-cave-goblins.relentless", Attack(fighters[0], enemies[0]))
    dec = pending(st)
    assert dec is not None
    assert not any(
        isinstance(a, Attack) and a.attacker == fighters[0] for a in dec.options
    )
    dice(6)
    answer(st, "fighter-cave-goblins.relentless", Attack(fighters[2], enemies[2]))
    assert pending(st) is None and st.phase == MAGIC  # never a third
    assert [st.damage[e] for e in enemies] == [1, 0, 1]


@pytest.mark.covers("slinger.reckless", ruleset="first")
def test_slinger_hits_only_on_four(dice: Dice) -> None:
    st = fresh()
    slinger = put(st, 0, "slinger", sq(2, 3))
    enemy = put(st, 1, "biter", sq(4, 3))
    dice(3)
    st.apply_action(Attack(slinger, enemy))
    assert st.damage[enemy] == 0


@pytest.mark.covers("berserker-cave-goblins.assault", ruleset="first")
def test_assault_attacks_every_other_adjacent_enemy(dice: Dice) -> None:
    st = fresh()
    bers = put(st, 0, "berserker-cave-goblins", sq(3, 3))
    first = put(st, 1, "biter", sq(4, 3))
    right = put(st, 1, "kreep", sq(3, 4))
    left = put(st, 1, "silts", sq(3, 2))
    friend = put(st, 0, "fighter-cave-goblins", sq(2, 3))
    dice(6, 6)
    st.apply_action(Attack(bers, first))
    dice(6, 6, 6, 6)
    answer(st, "berserker-cave-goblins.assault", YES)
    assert [st.damage[c] for c in (first, right, left, friend)] == [2, 2, 2, 0]
    assert st.attacked == [bers] and pending(st) is None


def test_assault_may_stop_after_the_first_attack(dice: Dice) -> None:
    st = fresh()
    bers = put(st, 0, "berserker-cave-goblins", sq(3, 3))
    first = put(st, 1, "biter", sq(4, 3))
    right = put(st, 1, "kreep", sq(3, 4))
    dice(6, 6)
    st.apply_action(Attack(bers, first))
    answer(st, "berserker-cave-goblins.assault", NO)
    assert st.damage[right] == 0


@pytest.mark.covers("beast-rider.rider", ruleset="first")
def test_rider_moves_up_to_seven_straight_clear_spaces() -> None:
    st = fresh(MOVE)
    rider = put(st, 0, "beast-rider", sq(0, 0))
    opts = {a.option for a in uses(st, "beast-rider.rider")}
    assert sq(7, 0) in opts and sq(1, 0) not in opts  # 1-2 spaces: normal moves
    put(st, 1, "biter", sq(5, 0))
    opts = {a.option for a in uses(st, "beast-rider.rider")}
    assert sq(4, 0) in opts and sq(7, 0) not in opts  # the line must be clear
    st.apply_action(UseAbility(rider, "beast-rider.rider", sq(4, 0)))
    assert st.pos[rider] == sq(4, 0) and st.moved == [rider]


@pytest.mark.covers("climber.scale-wall", ruleset="first")
def test_scale_wall_next_to_a_wall_wounds_only_on_four(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "wall", sq(2, 2))
    climber = put(st, 0, "climber", sq(3, 2))
    enemy = put(st, 1, "slayer", sq(4, 2))
    opponents_turn(st)
    dice(3, 3)
    st.apply_action(Attack(enemy, climber))
    assert st.damage[climber] == 0
    st.attacked.clear()
    dice(4, 1)
    st.apply_action(Attack(enemy, climber))
    assert st.zone[climber] == MAGIC_PILE


def test_scale_wall_climbs_through_walls() -> None:
    st = fresh(MOVE)
    wall = put(st, 0, "wall", sq(2, 2))
    climber = put(st, 0, "climber", sq(1, 2))
    assert st.pos[wall] == sq(2, 2)
    assert Move(climber, sq(3, 2), sq(2, 2)) in st.legal_actions()


@pytest.mark.covers("clinger.cling", ruleset="first")
def test_cling_follows_a_friendly_unit_that_moves_away() -> None:
    st = fresh(MOVE, "frick")
    clinger = put(st, 0, "clinger", sq(1, 0))
    runt = put(st, 0, "runt", sq(2, 0))
    assert not any(
        isinstance(a, Move) and a.unit == clinger for a in st.legal_actions()
    )
    st.apply_action(Move(runt, sq(3, 1)))
    answer(st, "clinger.cling", ChooseSpace(sq(3, 2)))
    assert st.pos[clinger] == sq(3, 2)


@pytest.mark.covers("oaf.enrage", ruleset="first")
def test_enrage_gives_two_attack_at_two_wounds() -> None:
    st = fresh(ATTACK, "frick")
    oaf = put(st, 0, "oaf", sq(3, 3))
    st.damage[oaf] = 1
    assert st.strength(oaf) == 1
    st.damage[oaf] = 2
    assert st.strength(oaf) == 3


@pytest.mark.covers("runt.puny", ruleset="first")
def test_puny_runts_do_not_block_ranged_attacks() -> None:
    st = fresh(ATTACK, "frick")
    frick = st.info.summoners[0]  # ranged, on sq(1, 2)
    put(st, 0, "runt", sq(2, 2))
    enemy = put(st, 1, "biter", sq(3, 2))
    assert Attack(frick, enemy) in st.legal_actions()


# ------------------------------------------------------------------------- events
def play(st: GameState, slug: str) -> int:
    card = to_hand(st, 0, slug)
    st.apply_action(PlayEvent(card))
    return card


@pytest.mark.covers("goblin-rage.effect", ruleset="first")
def test_goblin_rage_gives_cost_0_goblins_swift_strike(dice: Dice) -> None:
    st = fresh(EVENTS)
    slinger = put(st, 0, "slinger", sq(2, 3))
    bers = put(st, 0, "berserker-cave-goblins", sq(3, 0))  # cost 2
    enemy = put(st, 1, "biter", sq(4, 3))
    other = put(st, 1, "kreep", sq(4, 0))
    play(st, "goblin-rage")
    st.phase = ATTACK
    st.invalidate()
    dice(4)
    st.apply_action(Attack(slinger, enemy))
    dice(4)
    answer(st, "goblin-rage.effect", Attack(slinger, enemy))
    assert st.damage[enemy] == 2 and pending(st) is None  # once per turn
    dice(1, 1)
    st.apply_action(Attack(bers, other))
    assert pending(st) is None or pending(st).ability != "goblin-rage.effect"


@pytest.mark.covers("goblin-horde-attack.effect", ruleset="first")
def test_goblin_horde_attack_adds_a_die_per_other_adjacent_goblin(dice: Dice) -> None:
    st = fresh(EVENTS)
    slinger = put(st, 0, "slinger", sq(4, 0))
    enemy = put(st, 1, "biter", sq(4, 3))
    put(st, 0, "fighter-cave-goblins", sq(5, 3))
    put(st, 0, "fighter-cave-goblins", sq(4, 4))
    put(st, 1, "kreep", sq(3, 3))  # an enemy next to the target: no die
    play(st, "goblin-horde-attack")
    st.phase = ATTACK
    st.invalidate()
    dice(1, 1, 1)
    st.apply_action(Attack(slinger, enemy))
    assert dice.sizes == [3]


@pytest.mark.covers("goblin-rush.effect", ruleset="first")
def test_goblin_rush_moves_cost_0_goblins_two_spaces() -> None:
    st = fresh(EVENTS)
    slinger = put(st, 0, "slinger", sq(1, 0))
    bers = put(st, 0, "berserker-cave-goblins", sq(1, 5))
    play(st, "goblin-rush")
    dec = pending(st)
    assert dec is not None and ChooseTarget(bers) not in dec.options
    answer(st, "goblin-rush.effect", ChooseTarget(slinger))
    answer(st, "goblin-rush.effect", ChooseSpace(sq(3, 0)))
    assert st.pos[slinger] == sq(3, 0) and st.moved == []
    assert pending(st) is None  # no other cost-0 goblin to move


@pytest.mark.covers("goblin-invincibility.effect", ruleset="first")
def test_goblin_invincibility_wounds_only_on_six_until_next_turn(dice: Dice) -> None:
    st = fresh(EVENTS)
    bers = put(st, 0, "berserker-cave-goblins", sq(3, 3))
    enemy = put(st, 1, "slayer", sq(4, 3))
    play(st, "goblin-invincibility")
    opponents_turn(st)
    dice(5, 5)
    st.apply_action(Attack(enemy, bers))
    assert st.damage[bers] == 0
    st.attacked.clear()
    dice(6, 5)
    st.apply_action(Attack(enemy, bers))
    assert st.damage[bers] == 1
    st.turn += 2  # seat 1's following turn: over
    st.attacked.clear()
    st.invalidate()
    dice(5, 1)
    st.apply_action(Attack(enemy, bers))
    assert st.zone[bers] == MAGIC_PILE


@pytest.mark.covers("throw-rocks.effect", ruleset="first")
def test_throw_rocks_sword_commons_throw_three_spaces(dice: Dice) -> None:
    st = fresh(EVENTS, "frick")
    runt = put(st, 0, "runt", sq(3, 0))
    enemy = put(st, 1, "biter", sq(5, 0))
    play(st, "throw-rocks")
    answer(st, "throw-rocks.effect", ChooseOption(0))
    st.phase = ATTACK
    st.invalidate()
    assert Attack(runt, enemy) in st.legal_actions()
    dice(6)
    st.apply_action(Attack(runt, enemy))
    assert st.damage[enemy] == 1 and st.attacked == [runt]


def test_throw_rocks_bow_commons_get_one_attack(dice: Dice) -> None:
    st = fresh(EVENTS, "frick")
    slinger = put(st, 0, "slinger", sq(3, 0))
    enemy = put(st, 1, "biter", sq(5, 0))
    play(st, "throw-rocks")
    answer(st, "throw-rocks.effect", ChooseOption(1))
    st.phase = ATTACK
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(slinger, enemy))
    assert dice.sizes == [2]


@pytest.mark.covers("hordes-of-rabble.effect", ruleset="first")
def test_hordes_of_rabble_moves_commons_and_allows_six_attackers(dice: Dice) -> None:
    st = fresh(EVENTS, "frick")
    oafs = [put(st, 0, "oaf", sq(3, c)) for c in range(6)]
    foes = [put(st, 1, "biter", sq(4, 0))]
    foes += [put(st, 1, s, sq(5, c)) for c, s in enumerate(("kreep", "silts"), 1)]
    play(st, "hordes-of-rabble")
    answer(st, "hordes-of-rabble.effect", ChooseTarget(oafs[1]))
    answer(st, "hordes-of-rabble.effect", ChooseSpace(sq(4, 1)))
    answer(st, "hordes-of-rabble.effect", ChooseTarget(oafs[2]))
    answer(st, "hordes-of-rabble.effect", ChooseSpace(sq(4, 2)))
    answer(st, "hordes-of-rabble.effect", NO)
    assert st.pos[oafs[1]] == sq(4, 1) and st.moved == []
    st.phase = ATTACK
    st.invalidate()
    put(st, 1, "wall", sq(4, 3))
    put(st, 1, "wall", sq(4, 4))
    put(st, 1, "wall", sq(4, 5))
    attackers = [oafs[0], oafs[1], oafs[2], oafs[3], oafs[4], oafs[5]]
    targets = [foes[0], foes[1], foes[2], st.board[sq(4, 3)], st.board[sq(4, 4)]]
    targets.append(st.board[sq(4, 5)])
    for u, t in zip(attackers, targets, strict=True):
        assert Attack(u, t) in st.legal_actions(), (u, t)
        dice(1)
        st.apply_action(Attack(u, t))
    assert len(st.attacked) == 6
    assert not any(isinstance(a, Attack) for a in st.legal_actions())


@pytest.mark.covers("join-the-horde.effect", ruleset="first")
def test_join_the_horde_summons_chosen_commons_for_free() -> None:
    st = fresh(EVENTS, "frick")
    wall = put(st, 0, "wall", sq(2, 4))
    on_board = put(st, 0, "oaf", sq(3, 0))
    oaf = to_hand(st, 0, "oaf")
    play(st, "join-the-horde")
    answer(st, "join-the-horde.effect", ChooseTarget(oaf))
    act = UseAbility(st.discard[0][-1], "join-the-horde.effect", oaf << 8 | sq(2, 5))
    assert act in st.legal_actions() and st.magic[0] == 0
    st.apply_action(act)
    assert st.pos[oaf] == sq(2, 5) and st.magic[0] == 0 and st.on_board(wall)
    from engine.rulesets.first.abilities.cave_goblins import zero_cost

    assert zero_cost(st, on_board) and zero_cost(st, oaf)
    assert st.zone[oaf] == BOARD


# ------------------------------------------------------------------- edge cases
def test_leader_and_relentless_fighters_share_the_moment_after_the_phase(
    dice: Dice,
) -> None:
    """Two effects at once: the turn player orders them; both resolve."""
    st = bench_fresh("frick", "krusk", ATTACK, events=True)
    fighter = put(st, 0, "fighter-cave-goblins", sq(3, 0))
    runt = put(st, 0, "runt", sq(3, 5))
    foe = put(st, 1, "biter", sq(4, 0))
    foe2 = put(st, 1, "kreep", sq(4, 5))
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order"
    abilities = {t.ability for t in dec.data}
    assert abilities == {"frick.leader-of-the-horde", "fighter-cave-goblins.relentless"}
    first = [t.ability for t in dec.data].index("frick.leader-of-the-horde")
    st.apply_action(dec.options[first])
    dice(6)
    answer(st, "frick.leader-of-the-horde", Attack(runt, foe2))
    dice(6)
    answer(st, "fighter-cave-goblins.relentless", Attack(fighter, foe))
    assert st.damage[foe] == 1 and st.damage[foe2] == 1 and st.phase == MAGIC


def test_sly_ignores_goblins_the_opponent_controls() -> None:
    st = fresh(MAGIC)
    taken = put(st, 0, "fighter-cave-goblins", sq(2, 2))
    st.set_controller(taken, 1)
    st.invalidate()
    st.apply_action(EndPhase())
    assert pending(st) is None  # no Cave Goblin of seat 0's to swap with
    assert st.turn_player == 1


def test_feed_the_eater_may_eat_a_friendly_common_for_magic() -> None:
    st = fresh()
    eater = put(st, 0, "the-eater", sq(3, 3))
    own = put(st, 0, "slinger", sq(2, 3))
    st.apply_action(EndPhase())
    answer(st, "the-eater.feed-the-eater", ChooseTarget(own))
    assert st.zone[own] == MAGIC_PILE and st.magic[0] == 1 and st.on_board(eater)


def test_feeder_ignores_goblins_destroyed_farther_than_two_spaces() -> None:
    st = fresh(ATTACK, "frick")
    feeder = put(st, 0, "the-feeder", sq(3, 3))
    runt = put(st, 0, "runt", sq(0, 5))  # 5 spaces away
    st.destroy(runt, 1)
    st.settle()
    assert st.zone[runt] == MAGIC_PILE and feeder not in st.under and st.magic[1] == 1


def test_throw_rocks_lets_relentless_fighters_throw_after_the_phase(
    dice: Dice,
) -> None:
    st = fresh(EVENTS, "frick")
    fighter = put(st, 0, "fighter-cave-goblins", sq(3, 0))
    enemy = put(st, 1, "biter", sq(5, 0))
    play(st, "throw-rocks")
    answer(st, "throw-rocks.effect", ChooseOption(0))
    st.phase = ATTACK
    st.invalidate()
    assert Attack(fighter, enemy) not in st.legal_actions()  # still Relentless
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "core.order"  # Frick's too
    st.apply_action(dec.options[0])
    dice(6)
    top = pending(st)
    assert top is not None and Attack(fighter, enemy) in top.options
    st.apply_action(Attack(fighter, enemy))
    assert st.damage[enemy] == 1
