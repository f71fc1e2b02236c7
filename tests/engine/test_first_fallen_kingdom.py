"""First-edition Fallen Kingdom (research/first-edition.md 2.6): one scenario per card
on the first-edition bench (:mod:`firstbench`), dice rigged with ``scenario.Dice`` (a
face is its number, a hit on 3+). Ret-Talus (seat 0) starts on sq(0, 2), Mad Sirian
(seat 1) on sq(6, 2); the bench's discard piles hold the cleared setup units."""

from __future__ import annotations

import pytest
from firstbench import fill_magic, put, set_magic, to_hand, uses
from firstbench import fresh as bench_fresh
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
from engine.core.hooks import Ability
from engine.core.phases import ATTACK, EVENTS, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, DISCARD, HAND, UNDER
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.summon import summon_cost


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def ret(phase: int = ATTACK) -> GameState:
    return bench_fresh("ret-talus", "mad-sirian", phase, events=True)


def sirian(phase: int = ATTACK) -> GameState:
    return bench_fresh("mad-sirian", "ret-talus", phase, events=True)


def resolve_all(st: GameState) -> None:
    """Answer every pending decision with its first option."""
    while (dec := pending(st)) is not None:
        st.apply_action(dec.options[0])


def in_discard(st: GameState, player: int, slug: str) -> list[int]:
    return [c for c in st.discard[player] if st.info.cards[c].slug == slug]


# ------------------------------------------------------------------ Ret-Talus's deck
@pytest.mark.covers("ret-talus.raise-the-dead", ruleset="first")
def test_raise_the_dead_pays_two_and_places_a_common_next_to_him() -> None:
    st = ret()
    talus = st.info.summoners[0]
    assert uses(st, "ret-talus.raise-the-dead") == []  # no magic
    # 2 magic of non-unit cards: paid, they could be raised too (see the FAQ test)
    for c in [c for c in reversed(st.deck[0]) if not st.info.is_unit[c]][:2]:
        st.to_magic_pile(c, 0)
    st.invalidate()
    acts = uses(st, "ret-talus.raise-the-dead")
    slugs = sorted(st.info.cards[a.option].slug for a in acts)
    assert slugs == ["reaper", "skeletal-archer", "zombie-warrior"]  # distinct
    reaper = next(a for a in acts if st.info.cards[a.option].slug == "reaper")
    st.apply_action(reaper)
    st.apply_action(ChooseSpace(sq(1, 2)))
    assert st.pos[reaper.option] == sq(1, 2) and st.ctrl[reaper.option] == 0
    assert st.magic[0] == 0 and talus in st.attacked


def test_raise_the_dead_may_raise_a_card_the_payment_puts_in_the_discard() -> None:
    """FAQ: the cards just paid may be taken; paying puts the top 2 cards of the
    magic pile on the discard pile (R14)."""
    st = ret()
    for c in list(st.discard[0]):
        st.to_magic_pile(c, 1)  # (my discard pile emptied)
    ghoul = to_hand(st, 0, "ghoul")
    st.to_magic_pile(ghoul, 0)
    fill_magic(st, 0, 1)  # on top of the ghoul: the 2 cards paid
    st.invalidate()
    acts = uses(st, "ret-talus.raise-the-dead")
    assert [a.option for a in acts] == [ghoul]
    st.apply_action(acts[0])
    st.apply_action(ChooseSpace(sq(1, 2)))
    assert st.pos[ghoul] == sq(1, 2) and st.magic == [0, st.magic[1]]


@pytest.mark.covers("legions-of-the-dead.effect", ruleset="first")
def test_legions_of_the_dead_greater_raise_places_up_to_three() -> None:
    st = ret(EVENTS)
    talus = st.info.summoners[0]
    card = to_hand(st, 0, "legions-of-the-dead")
    st.apply_action(PlayEvent(card))
    st.apply_action(EndPhase())  # events -> move
    st.apply_action(EndPhase())  # move -> attack
    set_magic(st, 0, 3)
    st.apply_action(UseAbility(talus, "ret-talus.raise-the-dead", -1))
    assert st.magic[0] == 0
    for _ in range(3):
        dec = pending(st)
        assert dec is not None and NO in dec.options
        st.apply_action(dec.options[1])  # a unit
        st.apply_action(pending(st).options[0])  # a space
    assert pending(st) is None
    placed = [c for c in st.units_of(0) if c != talus]
    assert len(placed) == 3


@pytest.mark.covers("dragos.life-drain", ruleset="first")
def test_life_drain_heals_dragos_when_he_destroys_a_unit(dice: Dice) -> None:
    st = ret()
    dragos = put(st, 0, "dragos", sq(3, 3))
    st.damage[dragos] = 2
    victim = put(st, 1, "vampire", sq(4, 3))
    dice(3, 1)
    st.apply_action(Attack(dragos, victim))
    assert st.zone[victim] == MAGIC_PILE and st.damage[dragos] == 1


@pytest.mark.covers("elut-bal.summoned-by-blood", ruleset="first")
def test_summoned_by_blood_discards_units_to_lower_his_cost() -> None:
    st = ret(SUMMON)
    put(st, 0, "wall", sq(2, 2))
    a = put(st, 0, "reaper", sq(1, 0))
    b = put(st, 0, "zombie-warrior", sq(1, 5))
    elut = to_hand(st, 0, "elut-bal")
    set_magic(st, 0, 3)  # cost 7: two discards leave 3
    assert not any(isinstance(x, Summon) and x.card == elut for x in st.legal_actions())
    acts = uses(st, "elut-bal.summoned-by-blood")
    assert acts and all(x.card == elut for x in acts)
    st.apply_action(UseAbility(elut, "elut-bal.summoned-by-blood", sq(3, 2)))
    dec = pending(st)
    assert dec is not None and NO not in dec.options  # 7 > 3: must discard
    st.apply_action(ChooseTarget(a))
    dec = pending(st)
    assert dec is not None and NO not in dec.options  # 5 > 3
    st.apply_action(ChooseTarget(b))
    assert st.pos[elut] == sq(3, 2) and st.magic[0] == 0
    assert st.zone[a] == DISCARD and st.zone[b] == DISCARD


@pytest.mark.covers("skhull.fear", ruleset="first")
def test_fear_discards_an_enemy_common_that_moves_next_to_skhull(dice: Dice) -> None:
    st = ret(MOVE)
    put(st, 0, "skhull", sq(4, 3))
    ghoul = put(st, 1, "ghoul", sq(6, 4))
    champ = put(st, 1, "gul-dass", sq(6, 3))
    st.turn_player = 1
    st.invalidate()
    dice(4)
    st.apply_action(Move(ghoul, sq(4, 4)))
    assert st.pos[ghoul] == sq(4, 4)  # 4: it stays
    st.apply_action(Move(champ, sq(5, 2)))  # a champion does not roll
    dice(5)
    other = put(st, 1, "vampire", sq(3, 5))
    st.apply_action(Move(other, sq(3, 3)))
    assert st.zone[other] == DISCARD and st.magic == [0, 0]


@pytest.mark.covers("reaper.soul-harvest", ruleset="first")
def test_soul_harvest_keeps_the_victim_under_the_reaper(dice: Dice) -> None:
    st = ret()
    reaper = put(st, 0, "reaper", sq(3, 3))
    victim = put(st, 1, "vampire", sq(4, 3))
    dice(3)
    st.apply_action(Attack(reaper, victim))
    resolve_all(st)
    assert st.zone[victim] == UNDER and st.pos[victim] == reaper
    assert st.magic[0] == 0 and st.strength(reaper) == 2


@pytest.mark.covers("skeletal-archer.magic-locked", ruleset="first")
def test_magic_locked_keeps_the_archer_out_of_the_magic_pile(dice: Dice) -> None:
    st = sirian()
    ghoul = put(st, 0, "ghoul", sq(3, 3))
    archer = put(st, 1, "skeletal-archer", sq(4, 3))
    dice(3, 1, 3)  # hit; Magic Locked rolls 3: to its owner's discard
    st.apply_action(Attack(ghoul, archer))
    resolve_all(st)
    assert st.zone[archer] == DISCARD and st.magic[0] == 0
    archer2 = put(st, 1, "skeletal-archer", sq(3, 4))
    st.attacked.clear()
    st.invalidate()
    dice(3, 3, 2)
    st.apply_action(Attack(ghoul, archer2))
    resolve_all(st)
    assert st.magic[0] == 1  # 2: the destroyer keeps it


@pytest.mark.covers(
    "skeletal-archer.magic-locked", "reaper.soul-harvest", ruleset="first"
)
def test_reaper_takes_a_skeletal_archer_before_magic_locked_rolls(dice: Dice) -> None:
    st = bench_fresh("ret-talus", "ret-talus", ATTACK)
    reaper = put(st, 0, "reaper", sq(3, 3))
    archer = put(st, 1, "skeletal-archer", sq(4, 3))
    dice(3, 6)  # Magic Locked would keep it on a 6, but it is under the Reaper
    st.apply_action(Attack(reaper, archer))
    resolve_all(st)
    assert st.zone[archer] == UNDER and st.magic[0] == 0
    assert st.strength(reaper) == 2


@pytest.mark.covers("zombie-warrior.infect", ruleset="first")
def test_infect_places_a_zombie_on_the_victims_space(dice: Dice) -> None:
    st = ret()
    zombie = put(st, 0, "zombie-warrior", sq(3, 3))
    victim = put(st, 1, "vampire", sq(4, 3))
    spare = [put(st, 0, "zombie-warrior", sq(0, 5))]
    st.discard_card(spare[0])
    dice(3)
    st.apply_action(Attack(zombie, victim))
    dec = pending(st)
    assert dec is not None and dec.ability == "zombie-warrior.infect"
    st.apply_action(ChooseTarget(spare[0]))
    assert st.pos[spare[0]] == sq(4, 3) and st.ctrl[spare[0]] == 0


@pytest.mark.covers("cultist-fallen-kingdom.death-curse", ruleset="first")
def test_death_curse_wounds_the_enemy_that_destroyed_the_cultist(dice: Dice) -> None:
    st = sirian()
    ghoul = put(st, 0, "ghoul", sq(3, 3))
    cultist = put(st, 1, "cultist-fallen-kingdom", sq(4, 3))
    dice(3, 1, 3)  # a hit, a miss, then the curse's die
    st.apply_action(Attack(ghoul, cultist))
    resolve_all(st)
    assert st.zone[cultist] == MAGIC_PILE and st.damage[ghoul] == 1
    # a friendly attack does not curse
    cult2 = put(st, 0, "cultist-fallen-kingdom", sq(3, 4))
    other = put(st, 0, "vampire", sq(2, 4))
    dice(3, 6)
    st.apply_action(Attack(other, cult2))
    resolve_all(st)
    assert st.damage[other] == 0


@pytest.mark.covers("reaver.undying", ruleset="first")
def test_undying_returns_the_reaver_next_to_its_destroyer(dice: Dice) -> None:
    st = sirian()
    ghoul = put(st, 0, "ghoul", sq(3, 3))
    reaver = put(st, 1, "reaver", sq(4, 3))
    dice(3, 3, 5)  # two hits, then Undying's 5
    st.apply_action(Attack(ghoul, reaver))
    assert st.magic[0] == 1
    dec = pending(st)
    assert dec is not None and dec.player == 1
    st.apply_action(ChooseSpace(sq(2, 3)))
    assert st.pos[reaver] == sq(2, 3) and st.ctrl[reaver] == 1
    assert st.damage[reaver] == 1 and st.magic[0] == 0


@pytest.mark.covers("phantom.possess", ruleset="first")
def test_possess_takes_control_on_a_six(dice: Dice) -> None:
    st = ret(MOVE)
    phantom = put(st, 0, "phantom", sq(3, 3))
    enemy = put(st, 1, "ghoul", sq(5, 3))
    st.apply_action(Move(phantom, sq(4, 3)))
    dec = pending(st)
    assert dec is not None and dec.options == (NO, ChooseTarget(enemy))
    dice(5)
    st.apply_action(ChooseTarget(enemy))
    assert st.ctrl[enemy] == 1 and st.on_board(phantom)
    st.moved.clear()
    st.apply_action(Move(phantom, sq(5, 2)))
    dice(6)
    st.apply_action(ChooseTarget(enemy))
    assert st.ctrl[enemy] == 0 and st.zone[phantom] == DISCARD


@pytest.mark.covers("dark-sacrifice.effect", ruleset="first")
def test_dark_sacrifice_destroys_your_units_to_heal_champions() -> None:
    st = ret(EVENTS)
    talus = st.info.summoners[0]
    dragos = put(st, 0, "dragos", sq(3, 3))
    st.damage[dragos] = 3
    a = put(st, 0, "reaper", sq(3, 4))
    card = to_hand(st, 0, "dark-sacrifice")
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    assert dec is not None and ChooseTarget(talus) not in dec.options
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(dragos))  # heal Dragos
    assert st.zone[a] == MAGIC_PILE and st.damage[dragos] == 2 and st.magic[0] == 1
    st.apply_action(NO)
    assert pending(st) is None


@pytest.mark.covers("forced-summon.effect", ruleset="first")
def test_forced_summon_wounds_the_summoner_and_summons_a_champion_cheaply() -> None:
    st = ret(EVENTS)
    talus = st.info.summoners[0]
    put(st, 0, "wall", sq(2, 2))
    elut = to_hand(st, 0, "elut-bal")  # cost 7
    card = to_hand(st, 0, "forced-summon")
    assert PlayEvent(card) not in st.legal_actions()  # 2 magic short
    set_magic(st, 0, 2)
    st.apply_action(PlayEvent(card))
    assert st.damage[talus] == 2
    st.apply_action(ChooseTarget(elut))
    st.apply_action(ChooseSpace(sq(3, 2)))
    assert st.pos[elut] == sq(3, 2) and st.magic[0] == 0
    # never when the wounds would destroy Ret-Talus (life 5)
    st.damage[talus] = 3
    to_hand(st, 0, "dragos")
    again = to_hand(st, 0, "forced-summon")
    st.invalidate()
    assert PlayEvent(again) not in st.legal_actions()


# ------------------------------------------------------------------ Mad Sirian's deck
@pytest.mark.covers("mad-sirian.blood-drain", ruleset="first")
def test_blood_drain_heals_sirian_when_he_wounds_an_enemy(dice: Dice) -> None:
    st = sirian()
    mad = st.info.summoners[0]
    st.damage[mad] = 2
    enemy = put(st, 1, "reaper", sq(st.pos[mad] // 6 + 2, st.pos[mad] % 6))
    dice(1, 2)
    st.apply_action(Attack(mad, enemy))
    assert st.damage[mad] == 2  # no wound, no drain
    st.attacked.clear()
    st.invalidate()
    dice(3, 1)
    st.apply_action(Attack(mad, enemy))
    assert st.damage[enemy] == 1 and st.damage[mad] == 1


@pytest.mark.covers("anica.spirit-drain", ruleset="first")
def test_spirit_drain_takes_a_magic_from_the_opponent(dice: Dice) -> None:
    st = ret()
    anica = put(st, 0, "anica", sq(3, 3))
    victim = put(st, 1, "vampire", sq(4, 3))
    theirs = fill_magic(st, 1, 2)
    dice(3, 1)
    st.apply_action(Attack(anica, victim))
    resolve_all(st)
    # the victim (R22), then the top card of their pile, drained onto mine
    assert st.magic_pile == [[victim, theirs[1]], theirs[:1]]
    assert st.magic == [2, 1]


@pytest.mark.covers("corpse-wyrm.spawn", ruleset="first")
def test_spawn_summons_a_wounded_common_next_to_the_wyrm() -> None:
    st = sirian(SUMMON)
    wyrm = put(st, 0, "corpse-wyrm", sq(4, 4))
    ghoul = to_hand(st, 0, "ghoul")
    to_hand(st, 0, "gul-dass")  # a champion: not spawnable
    set_magic(st, 0, 2)
    acts = uses(st, "corpse-wyrm.spawn")
    assert {divmod(a.option, 64)[0] for a in acts} == {ghoul}
    st.apply_action(UseAbility(wyrm, "corpse-wyrm.spawn", ghoul * 64 + sq(5, 4)))
    assert st.pos[ghoul] == sq(5, 4) and st.damage[ghoul] == 1 and st.magic[0] == 0


@pytest.mark.covers("gul-dass.blood-for-blood", ruleset="first")
def test_blood_for_blood_wounds_your_summoner_on_three_wounds(dice: Dice) -> None:
    st = sirian()
    mad = st.info.summoners[0]
    gul = put(st, 0, "gul-dass", sq(3, 3))
    enemy = put(st, 1, "dragos", sq(4, 3))
    dice(3, 3, 1, 1)
    st.apply_action(Attack(gul, enemy))
    assert st.damage[mad] == 0
    st.attacked.clear()
    st.invalidate()
    dice(3, 3, 3, 1)
    st.apply_action(Attack(gul, enemy))
    assert st.damage[mad] == 1


@pytest.mark.covers("hirud.magic-leech", ruleset="first")
def test_magic_leech_raises_every_champion_cost_by_two() -> None:
    st = sirian(SUMMON)
    put(st, 0, "wall", sq(2, 2))
    gul = to_hand(st, 0, "gul-dass")  # cost 5
    ghoul = to_hand(st, 0, "ghoul")
    set_magic(st, 0, 5)
    assert Summon(gul, sq(3, 2)) in st.legal_actions()
    hirud = put(st, 1, "hirud", sq(7, 0))  # the opponent's Hirud counts too
    st.invalidate()
    assert summon_cost(st, gul) == 7 and summon_cost(st, ghoul) == 2
    assert Summon(gul, sq(3, 2)) not in st.legal_actions()
    set_magic(st, 0, 7)
    st.apply_action(Summon(gul, sq(3, 2)))
    assert st.magic[0] == 0
    st.discard_card(hirud)
    assert summon_cost(st, gul) == 5


def test_mod_summon_cost_hook_never_below_zero(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """The core hook on its own: a cost lowered below 0 is 0 (summon and pay)."""
    from engine.rulesets import get_ruleset

    class Cheaper(Ability):
        """A stand-in for Hirud's ability that lowers every summon cost by 10 (a
        registry entry, not a patched method: the compiled build cannot patch
        those)."""

        def mod_summon_cost(
            self, st: GameState, src: int, card: int, value: int
        ) -> int:
            return value - 10

    from engine.core import game

    registry = get_ruleset("first").load_abilities()
    monkeypatch.setitem(registry.impls, "hirud.magic-leech", Cheaper())
    # games built from now on look their cards' abilities up again (and again
    # after the test, when the registry is restored)
    game._CARD_ABILITIES.clear()
    request.addfinalizer(game._CARD_ABILITIES.clear)
    st = sirian(SUMMON)
    put(st, 0, "wall", sq(2, 2))
    gul = to_hand(st, 0, "gul-dass")
    put(st, 1, "hirud", sq(7, 0))
    st.invalidate()
    assert summon_cost(st, gul) == 0
    st.apply_action(Summon(gul, sq(3, 2)))
    assert st.magic[0] == 0 and st.pos[gul] == sq(3, 2)


@pytest.mark.covers("ghoul.ravenous-hunger", ruleset="first")
def test_ravenous_hunger_wounds_a_ghoul_that_destroyed_nothing(dice: Dice) -> None:
    st = sirian()
    fed = put(st, 0, "ghoul", sq(3, 3))
    hungry = put(st, 0, "ghoul", sq(2, 0))
    victim = put(st, 1, "skeletal-archer", sq(4, 3))
    dice(3, 1, 1)  # the archer dies (Magic Locked's die fails)
    st.apply_action(Attack(fed, victim))
    resolve_all(st)
    st.apply_action(EndPhase())  # end of the attack phase
    resolve_all(st)
    assert st.damage[fed] == 0 and st.damage[hungry] == 1


@pytest.mark.covers("forbidden-ritual.effect", ruleset="first")
def test_forbidden_ritual_gives_attack_and_hunger_this_turn() -> None:
    st = sirian(EVENTS)
    mad = st.info.summoners[0]
    lock = put(st, 0, "warlock", sq(3, 3))
    ghoul = put(st, 0, "ghoul", sq(3, 0))
    card = to_hand(st, 0, "forbidden-ritual")
    st.apply_action(PlayEvent(card))
    assert st.strength(lock) == 3 and st.strength(ghoul) == 3
    st.apply_action(EndPhase())  # events -> move
    st.apply_action(EndPhase())  # move -> attack
    st.apply_action(EndPhase())  # attack -> magic: the hunger bites once each
    resolve_all(st)
    # every unit you control hungers, your summoner too; a Ghoul only once
    assert st.damage[lock] == 1 and st.damage[ghoul] == 1 and st.damage[mad] == 1


@pytest.mark.covers("vampire.bat-flight", ruleset="first")
def test_bat_flight_moves_through_cards_and_after_attacking(dice: Dice) -> None:
    st = sirian(MOVE)
    vamp = put(st, 0, "vampire", sq(2, 3))
    put(st, 1, "reaper", sq(3, 3))
    moves = {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == vamp}
    assert sq(4, 3) in moves
    st.phase = ATTACK
    st.invalidate()
    enemy = put(st, 1, "reaper", sq(2, 4))
    dice(1, 1)
    st.apply_action(Attack(vamp, enemy))
    dec = pending(st)
    assert dec is not None and NO in dec.options
    st.apply_action(ChooseSpace(sq(4, 3)))
    assert st.pos[vamp] == sq(4, 3)


@pytest.mark.covers("warlock.stolen-life", ruleset="first")
def test_stolen_life_summons_the_warlock_for_a_wound() -> None:
    st = sirian(SUMMON)
    mad = st.info.summoners[0]
    put(st, 0, "wall", sq(2, 2))
    lock = to_hand(st, 0, "warlock")
    assert not any(isinstance(a, Summon) for a in st.legal_actions())  # no magic
    st.apply_action(UseAbility(lock, "warlock.stolen-life", sq(3, 2)))
    assert st.pos[lock] == sq(3, 2) and st.damage[mad] == 1 and st.magic[0] == 0
    st.damage[mad] = 5  # life 6: one more wound would destroy him
    other = to_hand(st, 0, "warlock")
    st.invalidate()
    assert uses(st, "warlock.stolen-life") == [] and other in st.hand[0]


@pytest.mark.covers("reanimate.effect", ruleset="first")
def test_reanimate_places_fk_commons_from_any_discard_pile() -> None:
    st = sirian(EVENTS)
    mad = st.info.summoners[0]
    put(st, 0, "wall", sq(2, 2))
    theirs = in_discard(st, 1, "reaper")[0]
    card = to_hand(st, 0, "reanimate")
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(theirs))
    st.apply_action(ChooseSpace(sq(3, 2)))
    assert st.pos[theirs] == sq(3, 2) and st.ctrl[theirs] == 0 and st.damage[mad] == 1
    dec = pending(st)
    assert dec is not None and NO in dec.options  # up to 2
    st.apply_action(NO)
    assert pending(st) is None


@pytest.mark.covers("searching-the-stone.effect", ruleset="first")
def test_searching_the_stone_draws_five_and_allows_summoning() -> None:
    st = sirian(EVENTS)
    mad = st.info.summoners[0]
    put(st, 0, "wall", sq(2, 2))
    set_magic(st, 0, 10)
    card = to_hand(st, 0, "searching-the-stone")
    st.apply_action(PlayEvent(card))
    assert len(st.hand[0]) == 5 and st.damage[mad] == 1
    summons = [a for a in st.legal_actions() if isinstance(a, Summon)]
    assert summons and st.phase == EVENTS
    st.apply_action(summons[0])
    assert st.zone[summons[0].card] == BOARD
    again = to_hand(st, 0, "searching-the-stone")
    st.invalidate()
    assert PlayEvent(again) not in st.legal_actions()  # one per turn


@pytest.mark.covers("return-of-the-fallen.effect", ruleset="first")
def test_return_of_the_fallen_takes_a_champion_from_a_discard_pile() -> None:
    st = sirian(EVENTS)
    dragos = put(st, 1, "dragos", sq(5, 5))
    st.discard_card(dragos)  # in the opponent's discard pile
    card = to_hand(st, 0, "return-of-the-fallen")
    assert PlayEvent(card) not in st.legal_actions()  # 2 magic needed
    set_magic(st, 0, 2)
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(dragos))
    assert st.zone[dragos] == HAND and dragos in st.hand[0] and st.magic[0] == 0


# ------------------------------------------------------------------ edge cases
@pytest.mark.covers("reaper.soul-harvest", "reaver.undying", ruleset="first")
def test_a_reaver_under_a_reaper_does_not_come_back(dice: Dice) -> None:
    st = bench_fresh("ret-talus", "ret-talus", ATTACK, events=True)
    reaper = put(st, 0, "reaper", sq(3, 3))
    reaver = put(st, 1, "reaver", sq(4, 3))
    st.damage[reaver] = 1
    dice(3, 6)  # the hit; Undying would roll 6
    st.apply_action(Attack(reaper, reaver))
    dec = pending(st)
    if dec is not None and dec.ability == "core.order":
        idx = next(
            i for i, t in enumerate(dec.data) if t.ability == "reaper.soul-harvest"
        )
        st.apply_action(dec.options[idx])
    resolve_all(st)
    assert st.zone[reaver] == UNDER and st.magic[0] == 0


@pytest.mark.covers("cultist-fallen-kingdom.death-curse", ruleset="first")
def test_death_curse_can_destroy_the_attacker_for_the_cultists_side(
    dice: Dice,
) -> None:
    st = sirian()
    vamp = put(st, 0, "vampire", sq(3, 3))  # life 1
    cultist = put(st, 1, "cultist-fallen-kingdom", sq(4, 3))
    dice(3, 1, 6)
    st.apply_action(Attack(vamp, cultist))
    resolve_all(st)
    assert st.zone[cultist] == MAGIC_PILE and st.zone[vamp] == MAGIC_PILE
    assert st.magic == [1, 1]  # each side gains its kill


@pytest.mark.covers("phantom.possess", ruleset="first")
def test_possessed_unit_stays_yours_next_turn(dice: Dice) -> None:
    st = ret(MOVE)
    phantom = put(st, 0, "phantom", sq(3, 3))
    enemy = put(st, 1, "ghoul", sq(4, 4))
    st.apply_action(Move(phantom, sq(3, 4)))
    dice(6)
    st.apply_action(ChooseTarget(enemy))
    assert st.ctrl[enemy] == 0
    from engine.core.mechanics.turn import begin_turn

    begin_turn(st, 1)
    resolve_all(st)
    begin_turn(st, 0)
    resolve_all(st)
    assert st.ctrl[enemy] == 0 and st.info.owner[enemy] == 1


@pytest.mark.covers("ghoul.ravenous-hunger", "forbidden-ritual.effect", ruleset="first")
def test_a_fed_ghoul_under_the_ritual_takes_no_wound(dice: Dice) -> None:
    st = sirian(EVENTS)
    ghoul = put(st, 0, "ghoul", sq(3, 3))
    victim = put(st, 1, "reaper", sq(4, 3))
    card = to_hand(st, 0, "forbidden-ritual")
    st.apply_action(PlayEvent(card))
    st.apply_action(EndPhase())
    st.apply_action(EndPhase())
    dice(3, 3, 3)  # 3 dice (2 + ritual): the reaper (life 3) dies
    st.apply_action(Attack(ghoul, victim))
    resolve_all(st)
    assert st.zone[victim] == MAGIC_PILE
    st.apply_action(EndPhase())
    resolve_all(st)
    assert st.damage[ghoul] == 0


@pytest.mark.covers("zombie-warrior.infect", ruleset="first")
def test_infect_only_on_enemy_units(dice: Dice) -> None:
    st = ret()
    zombie = put(st, 0, "zombie-warrior", sq(3, 3))
    own = put(st, 0, "skeletal-archer", sq(4, 3))
    spare = put(st, 0, "zombie-warrior", sq(0, 5))
    st.discard_card(spare)
    dice(3, 1)  # the archer dies (Magic Locked fails)
    st.apply_action(Attack(zombie, own))
    resolve_all(st)
    assert st.zone[spare] == DISCARD and st.board[sq(4, 3)] < 0


@pytest.mark.covers("dark-sacrifice.effect", ruleset="first")
def test_dark_sacrifice_without_a_wounded_champion_still_destroys() -> None:
    st = ret(EVENTS)
    a = put(st, 0, "reaper", sq(3, 4))
    b = put(st, 0, "zombie-warrior", sq(3, 5))
    card = to_hand(st, 0, "dark-sacrifice")
    st.apply_action(PlayEvent(card))
    st.apply_action(ChooseTarget(a))
    st.apply_action(ChooseTarget(b))
    assert st.zone[a] == MAGIC_PILE and st.zone[b] == MAGIC_PILE and st.magic[0] == 2
    assert pending(st) is None  # nothing left to sacrifice


@pytest.mark.covers(
    "searching-the-stone.effect", "warlock.stolen-life", ruleset="first"
)
def test_summoning_abilities_work_in_the_stones_event_phase() -> None:
    st = sirian(EVENTS)
    mad = st.info.summoners[0]
    put(st, 0, "wall", sq(2, 2))
    lock = to_hand(st, 0, "warlock")
    assert uses(st, "warlock.stolen-life") == []  # not in a plain event phase
    card = to_hand(st, 0, "searching-the-stone")
    st.apply_action(PlayEvent(card))
    assert lock in st.hand[0]
    st.apply_action(UseAbility(lock, "warlock.stolen-life", sq(3, 2)))
    assert st.pos[lock] == sq(3, 2) and st.damage[mad] == 2
