"""The first edition's response window (engine/rulesets/first/responses.py): who is
asked, when, and with which options; the cards themselves are tested with their
factions (Shadows, Shield of the Hopeful, the Spellsucker Mutant)."""

from __future__ import annotations

from typing import Any

import pytest
from firstbench import fresh, put, set_magic, to_hand
from scenario import Dice, pending

from engine.core.actions import NO, Attack, PlayEvent
from engine.core.board import sq
from engine.core.zones import HAND
from engine.core.zones import MAGIC as MAGIC_PILE
from engine.rulesets.first.responses import (
    DESTROYED,
    WINDOW,
    WOUNDS,
    Response,
    offers,
    open_window,
    responders,
)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Dice:
    return Dice(monkeypatch)


def test_the_active_player_answers_a_destruction_in_their_own_turn(
    dice: Dice,
) -> None:
    """Fanessa's Riposte destroys the attacking Swordsman: its controller (the
    turn player) holds Shadows and is asked; the opponent holds none and is not."""
    st = fresh("selundar", "prince-elien", events=True)
    bm = put(st, 0, "swordsman", sq(3, 2))
    fan = put(st, 1, "fanessa", sq(4, 2))
    shadows = to_hand(st, 0, "shadows")
    to_hand(st, 1, "burn")  # not a response
    dice(1)
    st.apply_action(Attack(bm, fan))
    assert st.zone[bm] == MAGIC_PILE and st.magic == [0, 1]
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW and dec.player == 0
    assert dec.options == (NO, PlayEvent(shadows))
    st.apply_action(PlayEvent(shadows))
    assert st.magic == [1, 0] and pending(st) is None


def test_nothing_is_asked_without_an_eligible_card(dice: Dice) -> None:
    st = fresh("selundar", "prince-elien", events=True)
    st.turn_player = 1
    sw = put(st, 0, "swordsman", sq(3, 2))
    enemy = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    dice(6, 6)
    st.apply_action(Attack(enemy, sw))  # no Shadows in hand
    assert st.zone[sw] == MAGIC_PILE and pending(st) is None


def test_several_copies_open_one_window_listing_each_in_hand_order(
    dice: Dice,
) -> None:
    st = fresh("selundar", "prince-elien", events=True)
    st.turn_player = 1
    sw = put(st, 0, "swordsman", sq(3, 2))
    enemy = put(st, 1, "warrior-phoenix-elves", sq(4, 2))
    copies = [
        c
        for c in range(len(st.info.cards))
        if st.info.cards[c].slug == "shadows" and st.info.owner[c] == 0
    ]
    assert len(copies) == 3
    for c in copies:
        st.remove_from_zone(c)
        st.zone[c] = HAND
        st.hand[0].insert(0, c)  # hand order: the last copy first
    dice(6, 6)
    st.apply_action(Attack(enemy, sw))
    dec = pending(st)
    assert dec is not None and dec.ability == WINDOW
    assert dec.options == (NO, *(PlayEvent(c) for c in reversed(copies)))
    st.apply_action(NO)
    assert pending(st) is None and all(st.zone[c] == HAND for c in copies)


def test_the_player_whose_turn_it_is_not_is_asked_first() -> None:
    """Both players may answer (a made-up response, eligible for anyone): the
    opponent of the turn player first, then the turn player, each once."""
    st = fresh("selundar", "the-demagogue", events=True)
    a = to_hand(st, 0, "shadows")
    b = to_hand(st, 1, "shield-of-the-hopeful")

    class Anyone(Response):
        moment = DESTROYED

        def eligible(self, st: Any, src: int, ctx: tuple[Any, ...]) -> bool:
            return True

    imp = Anyone()
    imp.id = "test.anyone"
    st.info.extra["first.responders"] = ((a, imp), (b, imp))
    assert open_window(st, DESTROYED, (0, None, 0))
    dec = pending(st)
    assert dec is not None and dec.player == 1 and dec.options == (NO, PlayEvent(b))
    st.apply_action(NO)
    dec = pending(st)
    assert dec is not None and dec.player == 0 and dec.options == (NO, PlayEvent(a))
    st.apply_action(NO)
    assert pending(st) is None


def test_a_response_is_offered_only_when_its_holder_can_pay() -> None:
    st = fresh("selundar", "the-demagogue", events=True)
    card = to_hand(st, 0, "shadows")

    class Costly(Response):
        moment = WOUNDS

        def eligible(self, st: Any, src: int, ctx: tuple[Any, ...]) -> bool:
            return True

        def cost(self, st: Any, src: int) -> int:
            return 1

    imp = Costly()
    imp.id = "test.costly"
    st.info.extra["first.responders"] = ((card, imp),)
    assert offers(st, 0, WOUNDS, (0, 0)) == []
    assert offers(st, 0, DESTROYED, (0, 0)) == []  # another moment
    set_magic(st, 0, 1)
    assert offers(st, 0, WOUNDS, (0, 0)) == [PlayEvent(card)]


def test_response_cards_listen_only_to_their_moments_opener() -> None:
    """Shadows (DESTROYED) adds an ``on_destroy`` hook, never ``after_roll``; Shield
    of the Hopeful (WOUNDS) the reverse: attacks keep their fast path."""
    st = fresh("selundar", "the-demagogue", events=True)
    names = {c: st.info.cards[c].slug for c, _a in responders(st)}
    assert set(names.values()) >= {"shadows", "shield-of-the-hopeful"}
    roll = {st.info.cards[c].slug for c, _a, _z in st.info.hooks.get("after_roll", ())}
    dest = {st.info.cards[c].slug for c, _a, _z in st.info.hooks.get("on_destroy", ())}
    assert "shadows" in dest and "shadows" not in roll
    assert "shield-of-the-hopeful" in roll and "shield-of-the-hopeful" not in dest


def _random_game(seed: int) -> list[object]:
    from firstbench import RULES, wide_deck

    from engine.agents import make_agent
    from engine.core.play import derive_seed
    from engine.core.view import PlayerView
    from engine.play import setup_game

    st = setup_game(
        wide_deck("the-demagogue", events=True),
        wide_deck("selundar", events=True),
        seed=seed,
        rules=RULES,
    )
    agents = [make_agent("random", derive_seed(seed, p)) for p in (1, 2)]
    asked = 0
    while not st.is_terminal():
        top = pending(st)
        if top is not None and top.ability == WINDOW:
            asked += 1
        p = st.current_player()
        st.apply_action(agents[p].choose(PlayerView(st, p), st.legal_actions()))
    assert st.log is not None
    return [asked, *st.log]


def test_games_with_response_windows_replay_from_the_seed() -> None:
    for seed in (3, 4):
        first = _random_game(seed)
        assert first == _random_game(seed)
    assert any(_random_game(s)[0] for s in (3, 4, 5, 6))  # windows were opened
