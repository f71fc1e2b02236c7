"""Sand Goblins abilities of the cards whose data is complete (cards/data/sand-goblins
.yaml): Wrench Rat (Rig Explosives). Cards come from the real catalog; dice are
rigged. No faction deck list exists: scenarios only."""

from __future__ import annotations

import pytest
from scenario import (
    CD,
    GATE,
    GRUNT,
    WALL,
    WEAK,
    Dice,
    Scenario,
    at,
    build,
    faction_cards,
    pending,
    uses,
)

from engine.agents import make_agent
from engine.core import dice
from engine.core.actions import (
    END_PHASE,
    Action,
    Attack,
    ChooseTrigger,
    Move,
    UseAbility,
)
from engine.core.effects import return_to_hand
from engine.core.hooks import (
    BOARD,
    DISCARD,
    HAND,
    UNDER,
    Ability,
    Decision,
    Trigger,
)
from engine.core.phases import ATTACK, BUILD, DRAW, MAGIC, MOVE, SUMMON
from engine.core.replay import state_digest
from engine.core.state import GameState
from engine.core.view import PlayerView
from engine.rulesets.second import SECOND

R = dice.RANGED
M = dice.MELEE
RIG = "wrench-rat.rig-explosives"


@pytest.fixture(scope="module")
def sg() -> CD:
    return faction_cards("sand-goblins")


def rig_under(st: GameState, rat: int, host: int) -> None:
    st.apply_action(UseAbility(rat, RIG, host))


# -- placing it ------------------------------------------------------------------------
@pytest.mark.covers("wrench-rat.rig-explosives")
def test_wrench_rat_catalog_stats(sg: CD) -> None:
    rat = sg["wrench-rat"]
    assert (rat.cost, rat.strength, rat.life) == (0, 2, 2)
    assert rat.is_unit and not rat.is_structure


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rig_under_an_adjacent_enemy_card(sg: CD) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    enemy = sc.add(1, GRUNT, "c4")
    friend = sc.add(0, GRUNT, "d3")
    sc.add(1, GRUNT, "a3")  # not adjacent
    st = build(sc, phase=MOVE, magic=(2, 2))
    st.damage[rat] = 1
    assert set(uses(st, RIG)) == {
        UseAbility(rat, RIG, enemy),
        UseAbility(rat, RIG, friend),
    }
    rig_under(st, rat, enemy)
    assert st.zone[rat] == UNDER and st.pos[rat] == enemy
    assert st.under[enemy] == (rat,)
    assert st.board[at("c3")] < 0
    assert st.ctrl[rat] == 1  # under an enemy card: the host's controller
    assert st.damage[rat] == 0  # its tokens are removed
    assert st.magic == [2, 2]  # it left play, it was not destroyed
    assert rat not in st.moved  # a place, not a move
    assert st.discard == [[], []]
    assert uses(st, RIG) == []  # once under, nothing more to offer
    assert pending(st) is None


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rig_under_a_friendly_structure(sg: CD) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    gate = sc.add(0, GATE, "b3")
    st = build(sc, phase=SUMMON)
    assert uses(st, RIG) == [UseAbility(rat, RIG, gate)]
    rig_under(st, rat, gate)
    assert st.zone[rat] == UNDER and st.pos[rat] == gate and st.ctrl[rat] == 0


@pytest.mark.covers("wrench-rat.rig-explosives")
@pytest.mark.parametrize("phase", [SUMMON, MOVE, BUILD, ATTACK, MAGIC, DRAW])
def test_rig_offered_in_every_phase_of_your_turn(sg: CD, phase: int) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    enemy = sc.add(1, GRUNT, "c4")
    st = build(sc, phase=phase)
    assert uses(st, RIG) == [UseAbility(rat, RIG, enemy)]


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rig_after_the_rat_moved_and_attacked(sg: CD, rig: Dice) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c2")
    wall = sc.add(1, WALL, "c5")
    st = build(sc, phase=MOVE)
    assert uses(st, RIG) == []  # nothing next to it
    st.apply_action(Move(rat, at("c4")))
    assert uses(st, RIG) == [UseAbility(rat, RIG, wall)]
    st.apply_action(END_PHASE)  # build
    st.apply_action(END_PHASE)  # attack
    rig(R, R)
    st.apply_action(Attack(rat, wall))
    assert st.damage[wall] == 2
    assert uses(st, RIG) == [UseAbility(rat, RIG, wall)]
    rig_under(st, rat, wall)
    assert st.pos[rat] == wall


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rig_not_offered_with_nothing_adjacent_nor_on_the_enemy_turn(sg: CD) -> None:
    sc = Scenario()
    alone = sc.add(0, sg["wrench-rat"], "a5")
    sc.add(1, GRUNT, "b6")  # diagonal: not next to it
    theirs = sc.add(1, sg["wrench-rat"], "c4")
    mine = sc.add(0, GRUNT, "c3")
    st = build(sc, phase=MOVE)
    assert uses(st, RIG) == []  # the enemy Rat is never offered in my turn
    assert st.zone[alone] == BOARD
    st2 = build(sc, phase=MOVE, turn_player=1)  # its own turn: under my grunt
    assert uses(st2, RIG) == [UseAbility(theirs, RIG, mine)]


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rig_not_offered_while_an_effect_resolves(sg: CD) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    r1 = sc.add(0, sg["wrench-rat"], "b4")
    r2 = sc.add(0, sg["wrench-rat"], "d4")
    host = sc.add(1, GRUNT, "c4")
    st = build(sc, phase=MOVE)
    rig_under(st, r1, host)
    rig_under(st, r2, host)
    st.deal_damage(host, 3, 0)  # two blasts: the turn player orders them
    st.invalidate()
    assert pending(st) is not None
    assert uses(st, RIG) == []  # only the pending choice is legal
    st.apply_action(ChooseTrigger(0))
    assert st.zone[rat] == DISCARD  # 1 + 1 damage: destroyed
    assert st.magic == [6, 5]  # the host; own Rat destroyed: nothing


# -- the explosion ---------------------------------------------------------------------
def _rigged_enemy(sg: CD) -> tuple[GameState, dict[str, int]]:
    """A Rat of player 0 rigged under an enemy grunt on c4 (2 damage on it), with a
    card on each side: enemy grunt c5, friendly grunt b4, enemy gate d4, friendly
    archer c2 able to shoot it through c3 (empty once the Rat left it)."""
    sc = Scenario()
    ids = {
        "rat": sc.add(0, sg["wrench-rat"], "c3"),
        "host": sc.add(1, GRUNT, "c4"),
        "enemy": sc.add(1, GRUNT, "c5"),
        "friend": sc.add(0, GRUNT, "b4"),
        "gate": sc.add(1, GATE, "d4"),
        "archer": sc.add(0, sg["wrench-rat"], "c2"),  # ranged, 2 dice
    }
    st = build(sc, phase=ATTACK, magic=(0, 0))
    st.damage[ids["host"]] = 2
    rig_under(st, ids["rat"], ids["host"])
    return st, ids


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_destroyed_host_deals_1_damage_to_every_card_next_to_it(
    sg: CD, rig: Dice
) -> None:
    st, c = _rigged_enemy(sg)
    rig(R, 0)
    st.apply_action(Attack(c["archer"], c["host"]))
    assert st.zone[c["host"]] == DISCARD
    assert st.zone[c["rat"]] == DISCARD and c["rat"] in st.discard[0]  # its owner's
    assert st.under == {}
    assert st.damage[c["enemy"]] == 1
    assert st.damage[c["friend"]] == 1  # friendly cards too
    assert st.damage[c["gate"]] == 1  # structures too
    assert st.damage[c["archer"]] == 0  # c2 is not next to c4
    assert st.magic == [1, 0]  # the host only: nothing for the Rat
    assert pending(st) is None and st.stack == []


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_host_surviving_does_nothing(sg: CD, rig: Dice) -> None:
    st, c = _rigged_enemy(sg)
    st.damage[c["host"]] = 0
    rig(R, 0)
    st.apply_action(Attack(c["archer"], c["host"]))
    assert st.zone[c["host"]] == BOARD and st.damage[c["host"]] == 1
    assert st.zone[c["rat"]] == UNDER and st.pos[c["rat"]] == c["host"]
    assert [st.damage[c[k]] for k in ("enemy", "friend", "gate")] == [0, 0, 0]
    assert not any(k.startswith(RIG) for k in st.flags)


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_host_moved_explodes_where_it_is_destroyed(sg: CD, rig: Dice) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    host = sc.add(0, GRUNT, "c4")
    old = sc.add(1, GRUNT, "c5")  # next to c4, not to e4
    new = sc.add(1, GRUNT, "e5")  # next to e4
    st = build(sc, phase=SUMMON, magic=(0, 0))
    rig_under(st, rat, host)
    st.apply_action(END_PHASE)  # to the move phase
    st.apply_action(Move(host, at("e4")))
    assert st.pos[host] == at("e4") and st.under[host] == (rat,)  # it travels along
    st.deal_damage(host, 3, 1)  # (an enemy effect)
    st.settle()
    assert st.damage[new] == 1 and st.damage[old] == 0
    assert st.magic == [0, 1]  # the enemy destroyed my host; the blast killed nothing


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_chain_destruction_awards_magic_to_the_rigger(sg: CD, rig: Dice) -> None:
    """Weak cards next to the host die; an enemy one had another Rat under it, which
    explodes in turn. Player 0 gains 1 per enemy card destroyed by the blasts, none
    for its own; the enemy gains the magic of the host it destroyed (my card)."""
    sc = Scenario()
    rat1 = sc.add(0, sg["wrench-rat"], "c3")
    host = sc.add(0, GRUNT, "c4")
    weak_enemy = sc.add(1, WEAK, "c5")
    weak_friend = sc.add(0, WEAK, "b4")
    rat2 = sc.add(0, sg["wrench-rat"], "c6")
    far_enemy = sc.add(1, WEAK, "c7")  # next to c6 (empty once rat2 is rigged)
    second = sc.add(1, WEAK, "b5")  # next to c5 only
    attacker = sc.add(1, GRUNT, "d4")  # enemy next to the host
    st = build(sc, phase=SUMMON, magic=(0, 0))
    rig_under(st, rat1, host)
    rig_under(st, rat2, weak_enemy)  # c6 -> under c5
    assert st.under == {host: (rat1,), weak_enemy: (rat2,)}
    # the opponent's turn: its grunt destroys my host
    st.turn_player = 1
    st.phase = ATTACK
    st.damage[host] = 2
    st.invalidate()
    rig(M, 0)
    st.apply_action(Attack(attacker, host))
    assert st.zone[host] == DISCARD and st.magic[1] == 1
    # blast 1 (c4): c5 weak enemy (destroyed: +1 for me), b4 weak friend (destroyed,
    # no magic), d4 the attacker (1 damage), c3 empty
    assert st.zone[weak_enemy] == DISCARD and st.zone[weak_friend] == DISCARD
    assert st.damage[attacker] == 1
    # blast 2 (c5): b5 (destroyed, +1), c6 empty, d5 empty, c4 empty now
    assert st.zone[second] == DISCARD
    assert st.zone[far_enemy] == BOARD and st.damage[far_enemy] == 0
    assert st.zone[rat1] == DISCARD and st.zone[rat2] == DISCARD
    assert st.magic == [2, 1]  # weak_enemy + second for me; my host for the enemy
    assert pending(st) is None and st.stack == []


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_two_rats_under_one_host_both_explode_in_chosen_order(
    sg: CD, rig: Dice
) -> None:
    sc = Scenario()
    rat1 = sc.add(0, sg["wrench-rat"], "c3")
    rat2 = sc.add(0, sg["wrench-rat"], "b4")
    host = sc.add(1, GRUNT, "c4")
    victim = sc.add(1, GRUNT, "c5")  # life 3: 2 damage
    st = build(sc, phase=MOVE, magic=(0, 0))
    rig_under(st, rat1, host)
    rig_under(st, rat2, host)
    assert st.under[host] == (rat1, rat2)
    st.deal_damage(host, 3, 0)
    st.invalidate()
    dec = pending(st)
    assert dec is not None and dec.player == 0  # simultaneous: the turn player orders
    st.apply_action(ChooseTrigger(0))
    assert st.damage[victim] == 2 and st.zone[victim] == BOARD
    assert st.magic == [1, 0]


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_rat_under_a_card_returned_to_hand_is_discarded_without_blast(
    sg: CD, rig: Dice
) -> None:
    """Unrelenting (Cave Goblins) replaces the destruction: the host goes to hand,
    the Rat is discarded with no blast. Destroying the host later (back on the
    battlefield, without the Rat) does nothing either."""
    cg = faction_cards("cave-goblins")
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")  # before Unrelenting: its hook runs first
    host = sc.add(1, GRUNT, "c4")
    near = sc.add(1, GRUNT, "c5")
    unrelenting = sc.add(1, cg["unrelenting"], zone="active")
    archer = sc.add(0, sg["wrench-rat"], "c2")
    st = build(sc, phase=ATTACK, magic=(0, 0))
    rig_under(st, rat, host)
    st.damage[host] = 2
    rig(R, 0)
    st.apply_action(Attack(archer, host))
    assert st.zone[host] == HAND and st.zone[rat] == DISCARD
    assert st.damage[near] == 0 and st.magic == [0, 0]
    st.discard_card(unrelenting)
    assert st.zone[unrelenting] == DISCARD
    st.place(host, at("c4"), 1)
    st.deal_damage(host, 3, 0)
    st.settle()
    assert st.zone[host] == DISCARD and st.damage[near] == 0
    assert st.magic == [1, 0]  # the host itself only


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_host_leaving_play_otherwise_discards_the_rat(sg: CD) -> None:
    sc = Scenario()
    rat = sc.add(0, sg["wrench-rat"], "c3")
    host = sc.add(0, GRUNT, "c4")
    near = sc.add(1, GRUNT, "c5")
    st = build(sc, phase=MOVE, magic=(0, 0))
    rig_under(st, rat, host)
    return_to_hand(st, host)
    assert st.zone[rat] == DISCARD and st.zone[host] == HAND
    st.place(host, at("c4"), 0)
    st.deal_damage(host, 3, 1)
    st.settle()
    assert st.damage[near] == 0 and st.magic == [0, 1]


# -- determinism -----------------------------------------------------------------------
def _scripted(sg: CD, seed: int) -> GameState:
    sc = Scenario()
    sc.add(0, sg["wrench-rat"], "c3")
    sc.add(1, GRUNT, "c4")
    sc.add(1, GRUNT, "c5")
    sc.add(0, GRUNT, "b4")
    sc.add(0, sg["wrench-rat"], "c2")
    sc.add(1, sg["wrench-rat"], "e5")
    sc.add(1, GRUNT, "e4")
    st = sc.build(phase=SUMMON, seed=seed)  # real dice from the state's RNG
    st.damage[3] = 2  # the grunt on c4: one hit from destruction
    return st


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_action_log_replays_to_the_same_state(
    sg: CD, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random play from a scenario (real dice) in which the rigged grunt is
    destroyed and blasts; the log replayed on the same scenario and seed gives the
    same state, blasts included."""
    registry = SECOND.load_abilities()
    ab = registry[RIG]
    blasts: list[int] = []

    class Spy(Ability):
        """Counts the blasts; the real ability does the work (its uses, triggers
        and choices are dispatched through the registry by ability id)."""

        def resolve_trigger(self, st: GameState, trig: Trigger) -> None:
            blasts.append(trig.source)
            ab.resolve_trigger(st, trig)

        def resolve(self, st: GameState, dec: Decision, action: Action) -> None:
            ab.resolve(st, dec, action)

        def use(self, st: GameState, src: int, action: Action) -> None:
            ab.use(st, src, action)

    monkeypatch.setitem(registry.impls, RIG, Spy())

    def play(seed: int) -> GameState:
        st = _scripted(sg, seed)
        st.apply_action(UseAbility(2, RIG, 3))  # Rat c3 under the enemy grunt c4
        a = make_agent("random", 5)
        b = make_agent("random", 6)
        for _ in range(400):
            if st.terminal:
                break
            p = st.current_player()
            st.apply_action(
                (a if p == 0 else b).choose(PlayerView(st, p), st.legal_actions())
            )
        return st

    # the first seed from 15 on whose random game blasts (the dice decide)
    for seed in range(15, 60):
        blasts.clear()
        st = play(seed)
        if blasts:
            break
    assert st.log is not None and UseAbility(2, RIG, 3) in st.log
    assert blasts  # a rigged card was destroyed next to other cards: a blast
    n = len(blasts)
    again = _scripted(sg, seed)
    for act in st.log:
        again.apply_action(act)
    assert state_digest(again) == state_digest(st)
    assert again.rolls == st.rolls
    assert blasts[n:] == blasts[:n]


@pytest.mark.covers("wrench-rat.rig-explosives")
def test_agents_use_the_ability_and_stay_deterministic(sg: CD) -> None:
    def play(seed: int) -> GameState:
        st = _scripted(sg, seed)
        ags = [make_agent("greedy", seed), make_agent("random", seed + 1)]
        for _ in range(300):
            if st.terminal:
                break
            p = st.current_player()
            st.apply_action(ags[p].choose(PlayerView(st, p), st.legal_actions()))
        return st

    one, two = play(3), play(3)
    assert one.log == two.log and state_digest(one) == state_digest(two)
    logs = [play(s).log or [] for s in range(4)]
    assert any(
        isinstance(x, UseAbility) and x.ability == RIG for lg in logs for x in lg
    )
