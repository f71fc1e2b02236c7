"""Deep Dwarves (first edition, research/first-edition.md 2.7.3): one scenario per card
on a real first-edition game (Tundle, seat 0, on b2 against Oldin on c8), battlefield
cleared to the summoners; dice rigged (a face is its number, a hit on 3+)."""

from __future__ import annotations

import pytest
from firstbench import fresh as bench_fresh
from firstbench import put, set_magic, to_hand, uses
from scenario import Dice, pending

from engine.core.actions import (
    NO,
    YES,
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
from engine.core.phases import ATTACK, EVENTS, MAGIC, MOVE, SUMMON
from engine.core.state import GameState
from engine.core.zones import BOARD, DECK, HAND
from engine.core.zones import MAGIC as MAGIC_PILE

TUNDLE = sq(1, 1)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def fresh(phase: int = ATTACK) -> GameState:
    return bench_fresh("tundle", "oldin", phase, events=True)


def as_seat(st: GameState, p: int) -> None:
    st.turn_player = p
    st.invalidate()


def some_discard(st: GameState, p: int = 0) -> None:
    """A card in ``p``'s discard pile (a spent event)."""
    c = to_hand(st, p, "wall")
    st.discard_card(c)
    st.hand[p] = [x for x in st.hand[p] if x != c]
    st.invalidate()


def no_discard(st: GameState, p: int = 0) -> None:
    """Empty ``p``'s discard pile (its cards back to the draw pile)."""
    for c in list(st.discard[p]):
        st.remove_from_zone(c)
        st.zone[c] = DECK
        st.deck[p].append(c)
    st.invalidate()


# -- units ---------------------------------------------------------------------------
@pytest.mark.covers("tundle.meditate", ruleset="first")
def test_meditate_one_magic_then_one_attacker() -> None:
    st = fresh(MOVE)
    some_discard(st)
    a = put(st, 0, "miner", sq(4, 0))
    b = put(st, 0, "miner", sq(4, 4))
    f1 = put(st, 1, "defender", sq(5, 0))
    f2 = put(st, 1, "defender", sq(5, 4))
    st.apply_action(EndPhase())  # into the attack phase
    dec = pending(st)
    assert dec is not None and dec.ability == "tundle.meditate"
    top = st.discard[0][-1]
    st.apply_action(YES)
    # the top card of the discard pile, face down onto the magic pile
    assert st.magic_pile[0] == [top] and st.magic[0] == 1
    assert st.zone[top] == MAGIC_PILE and top not in st.discard[0]
    assert Attack(a, f1) in st.legal_actions() and Attack(b, f2) in st.legal_actions()
    st.apply_action(Attack(a, f1))
    assert Attack(b, f2) not in st.legal_actions()


def test_meditate_declined_keeps_three_attackers() -> None:
    st = fresh(MOVE)
    some_discard(st)
    a = put(st, 0, "miner", sq(4, 0))
    b = put(st, 0, "miner", sq(4, 4))
    f1 = put(st, 1, "defender", sq(5, 0))
    f2 = put(st, 1, "defender", sq(5, 4))
    st.apply_action(EndPhase())
    st.apply_action(NO)
    st.apply_action(Attack(a, f1))
    assert Attack(b, f2) in st.legal_actions() and st.magic[0] == 0


def test_meditate_needs_a_discard() -> None:
    st = fresh(MOVE)
    no_discard(st)
    st.apply_action(EndPhase())
    assert pending(st) is None and st.phase == ATTACK


@pytest.mark.covers("deep-troll.rock-eater", ruleset="first")
def test_rock_eater_plus_one_against_walls_and_heals(dice: Dice) -> None:
    st = fresh()
    troll = put(st, 0, "deep-troll", sq(4, 3))
    wall = put(st, 1, "wall", sq(5, 3))
    st.damage[troll] = 3
    dice(3, 1, 1)
    st.apply_action(Attack(troll, wall))
    assert dice.sizes[-1] == 3 and st.damage[wall] == 1 and st.damage[troll] == 2


def test_rock_eater_no_heal_on_a_miss_or_a_unit(dice: Dice) -> None:
    st = fresh()
    troll = put(st, 0, "deep-troll", sq(4, 3))
    unit = put(st, 1, "guardsman", sq(5, 3))
    st.damage[troll] = 3
    dice(6, 1)
    st.apply_action(Attack(troll, unit))
    assert dice.sizes[-1] == 2 and st.damage[troll] == 3


@pytest.mark.covers("gren.shard-of-the-father-gem", ruleset="first")
def test_shard_of_the_father_gem_takes_the_magic(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "gren", sq(3, 3))
    near = put(st, 0, "crossbowman", sq(3, 5))
    far = put(st, 0, "miner", sq(0, 5))
    foe = put(st, 1, "guardsman", sq(4, 5))
    foe2 = put(st, 1, "ballista", sq(1, 5))
    st.damage[far] = 1
    as_seat(st, 1)
    dice(6)
    st.apply_action(Attack(foe, near))
    assert st.magic_pile[0] == [near] and st.magic == [1, 0]  # onto mine
    dice(6)
    st.apply_action(Attack(foe2, far))
    assert st.magic_pile[1] == [far] and st.magic == [1, 1]  # too far: theirs


@pytest.mark.covers("kynder.mage-push", ruleset="first")
def test_mage_push_moves_a_unit_within_two_once_per_turn() -> None:
    st = fresh(SUMMON)
    kynder = put(st, 0, "kynder", sq(3, 3))
    foe = put(st, 1, "guardsman", sq(4, 4))
    put(st, 1, "defender", sq(5, 0))
    set_magic(st, 0, 2)
    acts = uses(st, "kynder.mage-push")
    assert UseAbility(kynder, "kynder.mage-push", foe) in acts
    assert not [a for a in acts if a.option == kynder]
    st.apply_action(UseAbility(kynder, "kynder.mage-push", foe))
    assert st.magic[0] == 1
    st.apply_action(ChooseSpace(sq(6, 4)))
    assert st.pos[foe] == sq(6, 4)
    assert uses(st, "kynder.mage-push") == []


def test_mage_push_cannot_move_an_engaged_unit() -> None:
    st = fresh(SUMMON)
    put(st, 0, "kynder", sq(3, 3))
    foe = put(st, 1, "guardsman", sq(4, 3))
    put(st, 1, "defender", sq(4, 2))  # engages nothing of theirs; ours is next
    mine = put(st, 0, "miner", sq(3, 2))  # next to their Defender: engaged
    set_magic(st, 0, 1)
    opts = [a.option for a in uses(st, "kynder.mage-push")]
    assert foe in opts and mine not in opts


@pytest.mark.covers("lun.gem-of-calling", ruleset="first")
def test_gem_of_calling_pulls_a_common_next_to_lun() -> None:
    st = fresh(MOVE)
    lun = put(st, 0, "lun", sq(3, 3))
    foe = put(st, 1, "defender", sq(6, 4))  # 4 away
    far = put(st, 1, "defender", sq(7, 5))
    set_magic(st, 0, 1)
    st.apply_action(Move(lun, sq(3, 4), -1))
    dec = pending(st)
    assert dec is not None and ChooseTarget(foe) in dec.options
    assert ChooseTarget(far) not in dec.options
    st.apply_action(ChooseTarget(foe))
    st.apply_action(ChooseSpace(sq(4, 4)))
    assert st.pos[foe] == sq(4, 4) and st.magic[0] == 0 and st.ctrl[foe] == 1


def test_gem_of_calling_needs_magic() -> None:
    st = fresh(MOVE)
    lun = put(st, 0, "lun", sq(3, 3))
    put(st, 1, "defender", sq(5, 3))
    st.apply_action(Move(lun, sq(3, 4), -1))
    assert pending(st) is None


@pytest.mark.covers("piclo.channel-magic", ruleset="first")
def test_channel_magic_one_more_magic_on_a_kill(dice: Dice) -> None:
    st = fresh()
    some_discard(st)
    top = st.discard[0][-1]
    piclo = put(st, 0, "piclo", sq(4, 3))
    foe = put(st, 1, "spearman", sq(5, 3))
    dice(6, 1, 1)
    st.apply_action(Attack(piclo, foe))
    # the victim (R22), then the top card of my discard pile
    assert st.magic_pile[0] == [foe, top] and st.magic[0] == 2


def test_channel_magic_not_when_the_card_goes_elsewhere(dice: Dice) -> None:
    st = fresh()
    some_discard(st)
    piclo = put(st, 0, "piclo", sq(4, 3))
    foe = put(st, 1, "spearman", sq(5, 3))
    dice(1, 1, 1)  # no kill: nothing
    st.apply_action(Attack(piclo, foe))
    assert st.magic_pile[0] == [] and pending(st) is None


@pytest.mark.covers("sprog.restructure", ruleset="first")
def test_restructure_moves_a_wall_at_end_of_turn() -> None:
    st = fresh(MAGIC)
    put(st, 0, "sprog", sq(3, 3))
    wall = put(st, 0, "wall", sq(3, 4))
    set_magic(st, 0, 1)
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "sprog.restructure"
    st.apply_action(ChooseTarget(wall))
    spaces = {o.space for o in pending(st).options}
    assert sq(3, 1) in spaces and sq(4, 3) not in spaces  # never onto their side
    st.apply_action(ChooseSpace(sq(2, 2)))
    assert st.pos[wall] == sq(2, 2) and st.magic[0] == 0


@pytest.mark.covers("battle-mage.magic-blast", ruleset="first")
def test_magic_blast_turns_it_ranged(dice: Dice) -> None:
    st = fresh()
    mage = put(st, 0, "battle-mage", sq(3, 3))
    foe = put(st, 1, "defender", sq(6, 3))
    set_magic(st, 0, 1)
    assert Attack(mage, foe) not in st.legal_actions()
    (act,) = uses(st, "battle-mage.magic-blast")
    st.apply_action(act)
    assert st.magic[0] == 0 and Attack(mage, foe) in st.legal_actions()
    dice(6, 6)
    st.apply_action(Attack(mage, foe))
    assert st.zone[foe] == MAGIC_PILE


@pytest.mark.covers("crossbowman.rally", ruleset="first")
def test_rally_after_an_event(dice: Dice) -> None:
    st = fresh(EVENTS)
    xbow = put(st, 0, "crossbowman", sq(3, 3))
    foe = put(st, 1, "defender", sq(4, 3))
    wall = to_hand(st, 0, "wall")
    st.phase = ATTACK
    st.invalidate()
    dice(1)
    st.apply_action(Attack(xbow, foe))
    assert dice.sizes[-1] == 1
    st.attacked.clear()
    st.phase = EVENTS
    st.invalidate()
    build = [a for a in st.legal_actions() if getattr(a, "card", None) == wall]
    st.apply_action(build[0])  # a wall counts (FAQ)
    st.phase = ATTACK
    st.invalidate()
    dice(1, 1)
    st.apply_action(Attack(xbow, foe))
    assert dice.sizes[-1] == 2


@pytest.mark.covers("gem-mage.gem-magic", ruleset="first")
def test_gem_magic_boost_and_place(dice: Dice) -> None:
    st = fresh(MOVE)
    no_discard(st)  # no Meditate
    mage = put(st, 0, "gem-mage", sq(4, 0))
    put(st, 0, "wall", sq(1, 4))
    foe = put(st, 1, "guardsman", sq(5, 0))
    set_magic(st, 0, 2)
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "gem-mage.gem-magic"
    st.apply_action(YES)
    assert st.magic[0] == 1
    dice(1, 1, 1)
    st.apply_action(Attack(mage, foe))
    assert dice.sizes[-1] == 3
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and ChooseSpace(sq(2, 4)) in dec.options
    st.apply_action(ChooseSpace(sq(2, 4)))
    assert st.pos[mage] == sq(2, 4) and st.magic[0] == 0


@pytest.mark.covers("miner.tunnel", ruleset="first")
def test_tunnel_places_a_miner_next_to_another() -> None:
    st = fresh(EVENTS)
    m1 = put(st, 0, "miner", sq(2, 0))
    m2 = put(st, 0, "miner", sq(5, 5))
    put(st, 1, "defender", sq(3, 0))  # engages m1: placement still works (FAQ)
    set_magic(st, 0, 1)
    st.apply_action(EndPhase())
    dec = pending(st)
    assert dec is not None and dec.ability == "miner.tunnel"
    st.apply_action(YES)
    assert st.magic[0] == 0
    assert not [a for a in st.legal_actions() if isinstance(a, Move) and a.unit == m1]
    acts = [a for a in uses(st, "miner.tunnel") if a.card == m1]
    assert UseAbility(m1, "miner.tunnel", sq(4, 5)) in acts
    st.apply_action(UseAbility(m1, "miner.tunnel", sq(4, 5)))
    assert st.pos[m1] == sq(4, 5) and m1 in st.moved
    assert not [a for a in uses(st, "miner.tunnel") if a.card == m1]
    assert m2 >= 0


def test_tunnel_needs_two_miners() -> None:
    st = fresh(EVENTS)
    put(st, 0, "miner", sq(2, 0))
    set_magic(st, 0, 1)
    st.apply_action(EndPhase())
    assert pending(st) is None


@pytest.mark.covers("scholar.insight", ruleset="first")
def test_insight_plus_one_next_to_a_scholar(dice: Dice) -> None:
    st = fresh()
    put(st, 0, "scholar", sq(4, 2))
    put(st, 0, "scholar", sq(0, 5))
    a = put(st, 0, "crossbowman", sq(3, 3))
    foe = put(st, 1, "defender", sq(4, 3))  # next to the first Scholar
    other = put(st, 1, "defender", sq(3, 5))
    set_magic(st, 0, 2)
    acts = uses(st, "scholar.insight")
    assert len(acts) == 1
    st.apply_action(acts[0])
    assert st.magic[0] == 1 and uses(st, "scholar.insight") == []
    dice(1, 1)
    st.apply_action(Attack(a, foe))
    assert dice.sizes[-1] == 2
    st.attacked.clear()
    st.invalidate()
    dice(1)
    st.apply_action(Attack(a, other))
    assert dice.sizes[-1] == 1


# -- events --------------------------------------------------------------------------
@pytest.mark.covers("magic-stasis.effect", ruleset="first")
def test_magic_stasis_stops_paid_summons_until_your_next_turn() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "magic-stasis")
    st.apply_action(PlayEvent(ev))
    put(st, 1, "wall", sq(6, 3))
    paid = to_hand(st, 1, "defender")
    st.turn += 1
    st.phase = SUMMON
    as_seat(st, 1)
    set_magic(st, 1, 3)
    assert not [a for a in st.legal_actions() if isinstance(a, Summon)]
    st.turn += 1
    st.invalidate()
    assert Summon(paid, sq(5, 3)) in st.legal_actions()


def test_magic_stasis_stops_paid_abilities() -> None:
    st = bench_fresh("oldin", "tundle", SUMMON, events=True, extra=("magic-stasis",))
    kynder = put(st, 1, "kynder", sq(4, 3))
    put(st, 1, "miner", sq(4, 4))
    set_magic(st, 1, 2)
    ev = to_hand(st, 0, "magic-stasis")
    st.phase = EVENTS
    st.invalidate()
    st.apply_action(PlayEvent(ev))
    st.turn += 1
    as_seat(st, 1)
    assert uses(st, "kynder.mage-push") == [] and kynder >= 0


@pytest.mark.covers("wake-the-father-gem.effect", ruleset="first")
def test_wake_the_father_gem_abilities_cost_one_less() -> None:
    st = fresh(EVENTS)
    kynder = put(st, 0, "kynder", sq(3, 3))
    foe = put(st, 1, "defender", sq(4, 3))
    ev = to_hand(st, 0, "wake-the-father-gem")
    assert uses(st, "kynder.mage-push") == []  # no magic
    st.apply_action(PlayEvent(ev))
    st.apply_action(UseAbility(kynder, "kynder.mage-push", foe))
    st.apply_action(ChooseSpace(sq(5, 3)))
    assert st.pos[foe] == sq(5, 3) and st.magic[0] == 0


@pytest.mark.covers("magic-torrent.effect", ruleset="first")
def test_magic_torrent_one_magic_per_wound_on_different_units() -> None:
    st = fresh(EVENTS)
    a = put(st, 1, "defender", sq(3, 1))  # 2 from Tundle
    b = put(st, 1, "gror", sq(1, 5))  # 4 away
    far = put(st, 1, "defender", sq(6, 1))  # 5 away
    oldin = st.info.summoners[1]
    st.place(oldin, sq(2, 1), 1)  # a summoner is never a target
    ev = to_hand(st, 0, "magic-torrent")
    set_magic(st, 0, 3)
    st.apply_action(PlayEvent(ev))
    dec = pending(st)
    assert dec is not None and NO not in dec.options
    assert {o.card for o in dec.options} == {a, b}
    st.apply_action(ChooseTarget(a))
    dec = pending(st)
    assert dec is not None and ChooseTarget(a) not in dec.options and NO in dec.options
    st.apply_action(ChooseTarget(b))
    assert st.damage[a] == 1 and st.damage[b] == 1 and st.magic[0] == 1
    assert pending(st) is None and st.damage[far] == 0


def test_magic_torrent_needs_magic_and_a_target() -> None:
    st = fresh(EVENTS)
    ev = to_hand(st, 0, "magic-torrent")
    put(st, 1, "defender", sq(3, 1))
    assert PlayEvent(ev) not in st.legal_actions()
    set_magic(st, 0, 1)
    assert PlayEvent(ev) in st.legal_actions()
    assert BOARD >= 0 and HAND >= 0


# -- edge cases ----------------------------------------------------------------------
def test_meditate_and_gem_magic_at_the_same_moment_both_resolve() -> None:
    st = fresh(MOVE)
    some_discard(st)
    mage = put(st, 0, "gem-mage", sq(4, 0))
    set_magic(st, 0, 0)
    st.apply_action(EndPhase())
    dec = pending(st)
    # no magic: only Meditate asks; Gem Magic cannot be paid
    assert dec is not None and dec.ability == "tundle.meditate"
    st.apply_action(YES)
    assert pending(st) is None and st.magic[0] == 1
    st2 = fresh(MOVE)
    some_discard(st2)
    put(st2, 0, "gem-mage", sq(4, 0))
    set_magic(st2, 0, 1)
    st2.apply_action(EndPhase())
    dec = pending(st2)
    assert dec is not None and dec.ability == "core.order"
    st2.apply_action(dec.options[0])
    while pending(st2) is not None:
        st2.apply_action(YES)
    assert st2.magic[0] == 1  # +1 Meditate, -1 Gem Magic
    assert mage >= 0


def test_gren_destroyed_first_keeps_nothing(dice: Dice) -> None:
    st = fresh()
    gren = put(st, 0, "gren", sq(3, 3))
    near = put(st, 0, "miner", sq(3, 4))
    st.discard_card(gren)
    foe = put(st, 1, "guardsman", sq(4, 4))
    as_seat(st, 1)
    dice(6)
    st.damage[near] = 1
    st.apply_action(Attack(foe, near))
    assert st.zone[near] == MAGIC_PILE and st.magic == [0, 1]


def test_mage_push_may_push_an_own_unit_and_not_a_built_one() -> None:
    st = bench_fresh("tundle", "bolvi", SUMMON, events=True)
    kynder = put(st, 0, "kynder", sq(3, 3))
    own = put(st, 0, "miner", sq(3, 2))
    tower = put(st, 1, "assault-tower", sq(4, 3))
    set_magic(st, 0, 1)
    opts = [a.option for a in uses(st, "kynder.mage-push")]
    assert own in opts and tower not in opts and kynder not in opts


def test_event_rule_counts_events_played_this_turn() -> None:
    """Core (first/events.py): every event or wall played this turn is counted."""
    from engine.rulesets.first.events import EVENTS_PLAYED

    st = fresh(EVENTS)
    wall = to_hand(st, 0, "wall")
    ev = to_hand(st, 0, "wake-the-father-gem")
    assert EVENTS_PLAYED not in st.flags
    st.apply_action(PlayEvent(ev))
    build = [a for a in st.legal_actions() if getattr(a, "card", None) == wall]
    st.apply_action(build[0])
    assert st.flags[EVENTS_PLAYED] == 2


# ------------------------------------------------------------ Illusionary Warrior
def _illusion_board(st: GameState) -> tuple[int, int, int]:
    """A Gem Mage of mine on d4, an enemy Spearman and my Miner destroyed into my
    magic pile (the Spearman by me, R22; the Miner built), and an event on top."""
    gem = put(st, 0, "gem-mage", sq(3, 3))
    spear = put(st, 1, "spearman", sq(5, 5))
    st.destroy(spear, 0)
    miner = to_hand(st, 0, "miner")
    st.to_magic_pile(miner, 0)
    stasis = to_hand(st, 0, "magic-stasis")
    st.to_magic_pile(stasis, 0)
    st.invalidate()
    return gem, spear, miner


@pytest.mark.covers("illusionary-warrior.effect", ruleset="first")
def test_illusionary_warrior_places_a_common_from_your_magic_pile() -> None:
    st = fresh(EVENTS)
    gem, spear, miner = _illusion_board(st)
    card = to_hand(st, 0, "illusionary-warrior")
    assert st.magic == [3, 0]
    st.apply_action(PlayEvent(card))
    dec = pending(st)
    # the commons of my pile, bottom to top (never the event card)
    assert dec is not None and dec.options == (ChooseTarget(spear), ChooseTarget(miner))
    st.apply_action(ChooseTarget(spear))
    dec = pending(st)
    here = {sq(2, 3), sq(4, 3), sq(3, 2), sq(3, 4)}  # next to the Gem Mage
    assert dec is not None and {a.space for a in dec.options} == here  # type: ignore[attr-defined]
    st.apply_action(ChooseSpace(sq(4, 3)))
    # the enemy's Spearman fights for me now; the pile lost it (magic - 1)
    assert st.board[sq(4, 3)] == spear and st.ctrl[spear] == 0
    assert len(st.magic_pile[0]) == 2 and st.magic[0] == 2
    assert st.magic_pile[0][0] == miner and spear not in st.magic_pile[0]
    assert st.info.owner[spear] == 1
    # destroyed later by its owner: to its owner's magic pile (R22)
    st.destroy(spear, 1)
    assert st.magic_pile[1] == [spear]


def test_illusionary_warrior_needs_a_common_and_a_champion_or_gem_mage() -> None:
    st = fresh(EVENTS)
    card = to_hand(st, 0, "illusionary-warrior")
    gem = put(st, 0, "gem-mage", sq(3, 3))
    assert PlayEvent(card) not in st.legal_actions()  # no common in the pile
    miner = to_hand(st, 0, "miner")
    st.to_magic_pile(miner, 0)
    st.invalidate()
    assert PlayEvent(card) in st.legal_actions()
    st.discard_card(gem)
    st.invalidate()
    assert PlayEvent(card) not in st.legal_actions()  # nobody to stand next to
    # a common of mine other than a Gem Mage does not count; a Deep Dwarf
    # champion of mine does
    put(st, 0, "scholar", sq(4, 4))
    st.invalidate()
    assert PlayEvent(card) not in st.legal_actions()
    put(st, 0, "kynder", sq(2, 2))
    st.invalidate()
    assert PlayEvent(card) in st.legal_actions()
