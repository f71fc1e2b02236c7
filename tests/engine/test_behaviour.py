"""The behaviour report (engine.tools.behaviour): each figure counts what its
definition says, on hand-built games replayed from their logs."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from firstbench import fresh, put, set_magic, to_hand
from scenario import (
    GATE,
    GRUNT,
    SHOT,
    SUMMONER,
    WEAK,
    Dice,
    Scenario,
    at,
    build,
    card,
    end_turn,
    pending,
)

from engine.cli.agents import main
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    Build,
    ChooseTarget,
    DiscardForMagic,
    Move,
    PlayEvent,
    Summon,
)
from engine.core.board import sq
from engine.core.phases import ATTACK, EVENTS, SUMMON
from engine.core.state import GameState
from engine.core.types import CardDef
from engine.rulesets.first.responses import WINDOW
from engine.tools.behaviour import (
    FactionStats,
    GameBehaviour,
    Report,
    _Open,
    card_type,
    deck_card_types,
    measure,
    observe_game,
)

FACS = ("left", "right")


def observe(
    make: Callable[[], GameState],
    play: Callable[[GameState], None],
    factions: tuple[str, str] = FACS,
) -> GameBehaviour:
    """Build the state, play it with ``play`` (recording the log), then observe the
    log from a fresh copy of the same state."""
    st = make()
    st.log = []
    play(st)
    log: list[Action] = list(st.log)
    return observe_game(make(), log, factions)


def test_events_drawn_and_played(br: dict[str, CardDef]) -> None:
    sc = Scenario()
    ev = sc.add(0, br["mind-control"], zone="hand")
    sc.add(0, br["mind-control"], zone="hand")  # drawn, never played
    a = sc.add(1, GRUNT, "d3")

    def play(st: GameState) -> None:
        st.apply_action(PlayEvent(ev))
        st.apply_action(ChooseTarget(a))

    g = observe(lambda: sc.build(phase=SUMMON), play)
    s = g.seats[0]
    assert (s.events_drawn, s.events_played) == (2, 1)
    assert s.events_by_faction == {"left": [2, 1]}
    assert g.seats[1].events_drawn == 0
    kind = card_type(br["mind-control"])
    assert kind == "epic_event" and s.types["left"] == {kind: 1}


def test_attacks_on_own_cards_that_gain_nothing(rig: Dice) -> None:
    sc = Scenario()
    grunt = sc.add(0, GRUNT, "c3")
    weak = sc.add(0, WEAK, "c4")
    gate = sc.add(0, GATE, "d2")
    sc.add(1, GRUNT, "a8")  # far away: nothing to gain

    def play(st: GameState) -> None:
        legal = st.legal_actions()
        assert Attack(grunt, weak) in legal and Attack(0, gate) in legal
        st.apply_action(Attack(grunt, weak))
        st.apply_action(Attack(0, gate))
        st.apply_action(END_PHASE)  # the cost of inaction is paid

    rig(1, 1, 1, 1)  # every die hits: the weak unit is destroyed
    g = observe(lambda: build(sc, phase=ATTACK), play)
    s = g.seats[0]
    assert (s.own_attacks, s.own_attacks_gained, s.own_attacks_on_gates) == (2, 0, 1)


def test_an_own_attack_gains_when_the_enemy_loses_or_the_player_gains() -> None:
    sc = Scenario()
    sc.add(0, GRUNT, "c3")
    foe = sc.add(1, GRUNT, "c6")
    st = sc.build(phase=ATTACK)
    before = _Open(st, 0)
    assert not before.gained(st)
    st.damage[foe] += 1  # an enemy card took damage
    assert before.gained(st)
    st = sc.build(phase=ATTACK)
    before = _Open(st, 0)
    st.magic[0] += 1  # the attacker gained magic
    assert before.gained(st)
    st = sc.build(phase=ATTACK)
    before = _Open(st, 0)
    st.targeted_enemy = True  # the cost of inaction is met
    assert before.gained(st)
    st = sc.build(phase=ATTACK)
    before = _Open(st, 0)
    st.discard_card(foe)  # an enemy card left the battlefield
    assert before.gained(st)


def lethal_scenario() -> tuple[Scenario, int]:
    sc = Scenario()
    grunt = sc.add(0, GRUNT, "c7")  # next to the enemy summoner at c8
    return sc, grunt


def hurt(st: GameState) -> GameState:
    st.damage[1] = SUMMONER.life - 2  # type: ignore[operator]  # 2 life left
    return st


def test_lethal_attack_left_unmade_is_counted() -> None:
    sc, _ = lethal_scenario()
    g = observe(lambda: hurt(sc.build(phase=ATTACK)), end_turn)
    assert (g.seats[0].lethal_turns, g.seats[0].lethal_unmade) == (1, 1)


def test_lethal_attack_taken_is_not_counted(rig: Dice) -> None:
    sc, grunt = lethal_scenario()

    def play(st: GameState) -> None:
        st.apply_action(Attack(grunt, 1))
        end_turn(st)

    rig()  # blanks: the attack misses, but it was made
    g = observe(lambda: hurt(build(sc, phase=ATTACK)), play)
    assert (g.seats[0].lethal_turns, g.seats[0].lethal_unmade) == (1, 0)


def test_turns_with_no_action_and_magic_at_turn_start() -> None:
    sc = Scenario()
    sc.add(0, GRUNT, "c3")
    mover = sc.add(1, GRUNT, "c6")

    def play(st: GameState) -> None:
        end_turn(st)  # player 0 does nothing
        st.apply_action(END_PHASE)  # player 1: summon phase
        st.apply_action(Move(mover, at("c5")))
        end_turn(st)

    g = observe(lambda: sc.build(phase=SUMMON, magic=(3, 4)), play)
    a, b = g.seats
    # (the log ends as player 0's second turn begins: no decision of it was made)
    assert (a.turns, a.idle_turns, a.magic_sum) == (1, 1, 3)
    assert (b.turns, b.idle_turns, b.magic_sum) == (1, 0, 4)


@pytest.mark.parametrize(("rounds", "over"), [(5, 0), (6, 1)])
def test_cards_held_more_than_five_turns(rounds: int, over: int) -> None:
    sc = Scenario()
    sc.add(0, GRUNT, zone="hand")  # never summoned (no gate)

    def play(st: GameState) -> None:
        for _ in range(2 * rounds - 1):
            end_turn(st)

    g = observe(lambda: sc.build(phase=SUMMON), play)
    assert g.seats[0].turns == rounds
    assert g.seats[0].held_over == over
    if over:
        assert g.seats[0].longest_hold == (rounds, "grunt", 1)


def test_both_decks_out_turn() -> None:
    sc = Scenario()  # no draw decks at all: out from the first turn
    g = observe(lambda: sc.build(phase=SUMMON), end_turn)
    assert g.decks_out_turn == 1
    sc.add(1, GRUNT, zone="deck")
    g = observe(lambda: sc.build(phase=SUMMON), end_turn)
    assert g.decks_out_turn is None


def test_card_types_used_and_unused() -> None:
    sc = Scenario()
    sc.add(0, GATE, "c2")
    grunt = sc.add(0, GRUNT, zone="hand")
    sc.add(0, GATE, zone="hand")

    def play(st: GameState) -> None:
        st.apply_action(Summon(grunt, at("c3")))

    g = observe(lambda: sc.build(phase=SUMMON), play)
    s = g.seats[0]
    assert s.types == {"left": {"common": 1}}
    assert s.deck_types == {"left": {"common", "structure"}}


def test_measure_is_deterministic_and_observes_the_games_played() -> None:
    from engine.core.play import derive_seed
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import play_one, setup_game

    facs = ["polar-dwarves", "cave-goblins"]
    one = measure("random", deals=3, seed=5, factions=facs).to_json()
    assert one == measure("random", deals=3, seed=5, factions=facs).to_json()
    assert one["games"] == 3 and one["seat_games"] == 6
    assert set(one["by_faction"]) == set(facs)
    vs = measure("random", opponent="greedy", deals=1, seed=5, factions=facs)
    assert (vs.games, vs.seat.games) == (2, 2)  # both seats once, one observed
    # replaying a simulation's log reaches the game's own end
    deck = faction_deck(facs[0])
    r = play_one(deck, deck, seed=derive_seed(5, 0), record=True)
    g = observe_game(setup_game(deck, deck, seed=derive_seed(5, 0)), r.log or [], FACS)
    assert g.turns == r.turns
    assert g.seats[0].turns + g.seats[1].turns in (r.turns, r.turns + 1)


FAC2 = ("breakers", "vanguards")


def test_behaviour_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--behaviour", "--agent", "random", "--games", "2"]
    assert main([*args, "--factions", "breakers,vanguards", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["agent"] for r in out["agents"]] == ["random"]
    (rep,) = out["agents"]
    for f in FAC2:
        fac = rep["by_faction"][f]
        assert fac["games"] == 2 and fac["turns"] > 0  # 2 deals, both seats observed
        assert fac["events_played_per_game"] == fac["events_played"] / 2
        assert fac["summons_per_game"] >= fac["free_summons_per_game"]
        assert fac["discards_per_game"] >= fac["unit_discards_per_game"]
    assert main([*args, "--factions", "breakers,vanguards"]) == 0
    text = capsys.readouterr().out
    assert "events played / drawn" in text and "lethal attacks left unmade" in text
    assert "summoner attacks/turn" in text and "free summons/g" in text
    assert all(f in text.split("summoner attacks/turn")[1] for f in FAC2)
    assert main(["--behaviour", "--agent", "nobody"]) == 2


# -- per faction deck: summons, discards, summoner attacks, magic at the end ----------
def test_faction_play_counts_on_a_hand_made_log(rig: Dice) -> None:
    """Seat 0 summons a 0-cost and a 1-cost unit, attacks the enemy summoner and an
    enemy unit (both miss), then discards a 0-cost unit, a 1-cost unit, a unit of
    unknown cost (not free) and an event for magic; seat 1 passes its turn."""
    sc = Scenario()
    sc.add(0, GATE, "c2")
    free = sc.add(0, WEAK, zone="hand")
    paid = sc.add(0, GRUNT, zone="hand")
    free_discard = sc.add(0, WEAK, zone="hand")
    unit_discard = sc.add(0, GRUNT, zone="hand")
    event_discard = sc.add(0, SHOT, zone="hand")
    unknown = sc.add(0, card("unknown", cost=None), zone="hand")
    at_summoner = sc.add(0, GRUNT, "c7")  # next to the enemy summoner at c8
    at_unit = sc.add(0, GRUNT, "e4")
    foe = sc.add(1, GRUNT, "e5")

    def play(st: GameState) -> None:
        st.apply_action(Summon(free, at("c3")))
        st.apply_action(Summon(paid, at("b2")))
        while st.phase != ATTACK:
            st.apply_action(END_PHASE)
        st.apply_action(Attack(at_summoner, 1))
        st.apply_action(Attack(at_unit, foe))
        st.apply_action(END_PHASE)
        for c in (free_discard, unit_discard, event_discard, unknown):
            st.apply_action(DiscardForMagic(c))
        end_turn(st)
        end_turn(st)  # seat 1 does nothing

    rig()  # blanks: every attack misses, played and observed
    make = lambda: build(sc, phase=SUMMON, magic=(3, 4))  # noqa: E731
    g = observe(make, play)
    a, b = g.seats
    assert a.factions == {
        "left": FactionStats(
            games=1,
            turns=1,
            summons=2,
            free_summons=1,
            discards=4,
            unit_discards=3,
            free_unit_discards=1,
            events_played=0,
            summoner_attacks=1,
            magic_at_end=3 - 1 + 4,
        )
    }
    assert b.factions == {"right": FactionStats(games=1, turns=1, magic_at_end=4)}
    rep = Report("a", "a", 0, 1)
    rep.add(g, (0, 1))
    left = rep.to_json()["by_faction"]["left"]
    assert left["games"] == 1 and left["turns"] == 1
    assert (left["summons_per_game"], left["free_summons_per_game"]) == (2.0, 1.0)
    assert (left["discards_per_game"], left["unit_discards_per_game"]) == (4.0, 3.0)
    assert left["free_unit_discards_per_game"] == 1.0
    assert left["summoner_attacks_per_turn"] == 1.0
    assert left["magic_unspent_at_end"] == 6.0
    # both seats with the same faction deck: two games of it, the sums averaged
    same = Report("a", "a", 0, 1)
    same.add(observe(make, play, ("same", "same")), (0, 1))
    fac = same.to_json()["by_faction"]["same"]
    assert (fac["games"], fac["turns"]) == (2, 2)
    assert fac["summons_per_game"] == 1.0 and fac["free_unit_discards_per_game"] == 0.5
    assert fac["summoner_attacks_per_turn"] == 0.5
    assert fac["magic_unspent_at_end"] == 5.0


def test_faction_play_counts_match_a_real_game_log() -> None:
    """A greedy game's log, counted again by a plain replay: who decided each action,
    the attacker's controller and the enemy summoner; magic from the played game."""
    from engine.agents import make_agent
    from engine.core.play import play_game
    from engine.deckbuilding.resolve import faction_deck
    from engine.play import setup_game

    facs = ("polar-dwarves", "cave-goblins")
    decks = [faction_deck(f) for f in facs]
    played = setup_game(*decks, seed=3)
    play_game(played, [make_agent("greedy", 1), make_agent("greedy", 2)], record=True)
    log = list(played.log or [])
    assert played.terminal
    g = observe_game(setup_game(*decks, seed=3), log, facs)

    st = setup_game(*decks, seed=3)
    cards = st.info.cards
    want = [FactionStats(games=1), FactionStats(games=1)]
    for a in log:
        p = st.current_player()
        w = want[p]
        if isinstance(a, Summon):
            w.summons += 1
            w.free_summons += cards[a.card].cost == 0
        elif isinstance(a, DiscardForMagic):
            w.discards += 1
            w.unit_discards += cards[a.card].is_unit
            w.free_unit_discards += cards[a.card].is_unit and cards[a.card].cost == 0
        elif isinstance(a, PlayEvent):
            w.events_played += 1
        elif isinstance(a, Attack) and st.ctrl[a.attacker] == p:
            w.summoner_attacks += a.target == st.info.summoners[1 - p]
        st.apply_action(a)
    for p in (0, 1):
        want[p].turns = g.seats[p].turns
        want[p].magic_at_end = played.magic[p]
        assert g.seats[p].factions == {facs[p]: want[p]}
    total = FactionStats()
    for w in want:
        total.add(w)
    assert total.summons and total.discards and total.summoner_attacks
    assert total.free_summons and total.unit_discards  # cave goblins: 0-cost units
    # summed over games by the report, per game and per turn
    rep = Report("greedy", "greedy", 3, 1)
    rep.add(g, (0, 1))
    fac = rep.to_json()["by_faction"][facs[1]]
    assert fac["games"] == 1 and fac["turns"] == want[1].turns
    assert fac["summons_per_game"] == want[1].summons
    assert fac["summoner_attacks_per_turn"] == round(
        want[1].summoner_attacks / want[1].turns, 3
    )


# -- the first edition's card types ---------------------------------------------------
def test_first_edition_card_types_walls_events_and_answers(rig: Dice) -> None:
    """Selundar (seat 0) summons a common next to its wall, places a wall and plays an
    event in its event phase, then attacks a Zealot; The Demagogue (seat 1) answers
    with Shield of the Hopeful in the window of Selundar's turn: a response_event of
    seat 1, not an event phase play of seat 0."""

    def make() -> GameState:
        st = fresh("selundar", "the-demagogue", SUMMON, events=True)
        set_magic(st, 0, 5)
        set_magic(st, 1, 0)
        put(st, 0, "wall", sq(1, 2))
        put(st, 0, "swordsman", sq(3, 2))
        put(st, 1, "zealot", sq(4, 2))
        for slug in ("swordsman", "wall", "summon-the-night"):
            to_hand(st, 0, slug)
        to_hand(st, 1, "shield-of-the-hopeful")
        return st

    def play(st: GameState) -> None:
        hand = st.hand[0]
        common, wall, night = hand
        st.apply_action(Summon(common, sq(1, 3)))
        st.apply_action(END_PHASE)
        assert st.phase == EVENTS
        st.apply_action(Build(wall, sq(0, 0)))
        st.apply_action(PlayEvent(night))
        while pending(st) is not None:  # the event's own choices, if any
            st.apply_action(st.legal_actions()[0])
        st.apply_action(END_PHASE)
        st.apply_action(END_PHASE)  # move phase
        st.apply_action(Attack(st.board[sq(3, 2)], st.board[sq(4, 2)]))
        dec = pending(st)
        assert dec is not None and dec.ability == WINDOW and dec.player == 1
        st.apply_action(dec.options[1])  # Shield of the Hopeful

    rig(6, 6, 6, 6)  # the attack's dice, once played and once observed
    g = observe(make, play, ("selundar", "the-demagogue"))
    a, b = g.seats
    assert a.types == {"selundar": {"common": 1, "wall": 1, "event": 1}}
    assert b.types == {"the-demagogue": {"response_event": 1}}
    assert (a.events_played, b.events_played) == (1, 1)
    assert {"wall", "event", "response_event", "common", "champion"} <= a.deck_types[
        "selundar"
    ]  # Shadows is Selundar's response event
    assert "standard_event" not in a.deck_types["selundar"]
    assert "response_event" in b.deck_types["the-demagogue"]


def test_first_edition_deck_card_types() -> None:
    """A card's types in its deck's accounting: Shadows is a response event, the
    Spellsucker Mutant answers from play, a Possessed Wall is an event (its removal
    from under a wall is the covered wall's controller's, not its owner's), a Zealot's
    Bloodlust is no action but Kynder's Mage Push is."""
    filth = fresh("the-demagogue", "tundle", events=True)
    shadow = fresh("selundar", "tundle", events=True)

    def kinds(slug: str, st: GameState = filth) -> set[str]:
        info = st.info
        c = next(c for c, d in enumerate(info.cards) if d.slug == slug)
        return deck_card_types(info.cards[c], info.abilities[c])

    assert kinds("shadows", shadow) == {"response_event"}
    assert "response_ability" in kinds("spellsucker-mutant")
    assert kinds("possessed-wall") == {"event"}
    assert kinds("wall") == {"wall"}
    assert kinds("kynder") == {"champion", "ability"}
    assert kinds("zealot") == {"common"}


def test_behaviour_cli_first_edition(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--behaviour", "--ruleset", "first", "--agent", "random", "--games", "2"]
    assert main([*args, "--factions", "swamp-orcs,the-filth", "--json"]) == 0
    (rep,) = json.loads(capsys.readouterr().out)["agents"]
    assert rep["ruleset"] == "first" and set(rep["by_faction"]) == {
        "swamp-orcs",
        "the-filth",
    }
    for fac in rep["by_faction"].values():
        assert "wall" in fac["card_types_used"] or "wall" in fac["unused"]
        assert "standard_event" not in fac["unused"]
    assert main([*args, "--ruleset", "nope"]) == 2
