"""Test helpers: hand-made CardDefs and a scenario builder placing cards on an empty
board (no database), plus what the faction ability tests share: the faction's cards
from the catalog (:func:`faction_cards`, fixtures in ``conftest.py``), rigged dice
(:class:`Dice`, fixture ``rig``), :func:`pending`, :func:`end_turn` ..."""

from __future__ import annotations

from functools import cache

import pytest

from engine.core import board as B
from engine.core import dice
from engine.core.actions import END_PHASE, Action, Move, UseAbility
from engine.core.game import GameDeck, make_info
from engine.core.hooks import ACTIVE, DECK, DISCARD, HAND, Decision
from engine.core.phases import SUMMON
from engine.core.state import GameState
from engine.core.types import (
    AbilityDef,
    AttackType,
    CardClass,
    CardDef,
    CardType,
    Confidence,
    Phase,
    Position,
    Rules,
)
from engine.rulesets import get_ruleset


def card(
    slug: str,
    *,
    card_type: CardType = CardType.UNIT,
    classes: tuple[CardClass, ...] = (CardClass.COMMON,),
    cost: int | None = 1,
    strength: int | None = 2,
    life: int | None = 3,
    attack: AttackType | None = AttackType.MELEE,
    phase: Phase | None = None,
    active: bool = False,
    abilities: tuple[str, ...] = (),
    name: str | None = None,
) -> CardDef:
    return CardDef(
        slug=slug,
        name=name or slug.replace("-", " ").title(),
        faction="test",
        card_type=card_type,
        classes=classes,
        cost=cost,
        strength=strength,
        life=life,
        attack_type=attack,
        symbols=(),
        symbols_known=True,
        phase=phase,
        active=active,
        abilities=tuple(AbilityDef(a, a.split(".")[-1], "text") for a in abilities),
        confidence=Confidence.HIGH,
    )


SUMMONER = card(
    "test-summoner",
    classes=(CardClass.SUMMONER,),
    cost=None,
    strength=2,
    life=12,
    attack=AttackType.RANGED,
)
GATE = card(
    "gate",
    card_type=CardType.STRUCTURE,
    classes=(CardClass.STRUCTURE, CardClass.GATE),
    cost=0,
    strength=None,
    life=5,
    attack=None,
)
STARTING_GATE = card(
    "starting-gate",
    card_type=CardType.STRUCTURE,
    classes=(CardClass.STRUCTURE, CardClass.GATE),
    cost=0,
    strength=None,
    life=10,
    attack=None,
)
GRUNT = card("grunt", cost=1, strength=2, life=3, attack=AttackType.MELEE)
ARCHER = card("archer", cost=2, strength=2, life=3, attack=AttackType.RANGED)
CHAMP = card(
    "champ",
    classes=(CardClass.CHAMPION,),
    cost=5,
    strength=3,
    life=6,
)
WEAK = card("weak", cost=0, strength=1, life=1)  # dies to any hit
WALL = card("wall", classes=(CardClass.CHAMPION,), cost=5, strength=2, life=30)
SHOT = card(
    "test-shot",
    card_type=CardType.EVENT,
    classes=(CardClass.STANDARD,),
    cost=0,
    strength=None,
    life=None,
    attack=None,
    phase=Phase.ATTACK,
)


def vanilla_deck(name: str = "vanilla") -> GameDeck:
    """A legal-shaped vanilla deck: 3 gates, 8 champs/commons... 30 draw cards."""
    draw = [GATE] * 3 + [CHAMP] * 3 + [GRUNT] * 12 + [ARCHER] * 8 + [SHOT] * 4
    return GameDeck(
        name=name,
        summoner=SUMMONER,
        summoner_at=Position(0, 3),
        starting_gate=STARTING_GATE,
        gate_at=Position(1, 3),
        starting_units=((GRUNT, Position(2, 2)), (ARCHER, Position(2, 3))),
        draw_cards=tuple(draw),
        setup_default=False,
    )


def at(name: str) -> int:
    """Space from a name in player 0's view: ``"d1"`` = column d, row 1."""
    return B.sq(int(name[1:]) - 1, "abcdef".index(name[0]))


class Scenario:
    """Build a state by hand: ``sc.add(player, card, "c3")`` puts a card on the board
    (or ``zone="hand"|"deck"|"discard"|"active"``); summoners are added for both
    players (at d1 and c8 unless moved with ``summoner_at``)."""

    def __init__(
        self,
        summoners: tuple[CardDef, CardDef] = (SUMMONER, SUMMONER),
        summoner_at: tuple[str | None, str | None] = ("d1", "c8"),
    ) -> None:
        self.items: list[tuple[int, CardDef, str, str | None]] = []
        self.summoners = summoners
        self.summoner_at = summoner_at

    def add(
        self, player: int, c: CardDef, where: str | None = None, *, zone: str = "board"
    ) -> int:
        """Add a card; returns its card id (summoners are 0 and 1, then add order)."""
        self.items.append((player, c, zone, where))
        return 1 + len(self.items)

    def build(
        self,
        *,
        phase: int = SUMMON,
        turn_player: int = 0,
        magic: tuple[int, int] = (5, 5),
        seed: int = 1,
        rules: Rules | None = None,
    ) -> GameState:
        cards = [self.summoners[0], self.summoners[1]] + [
            c for _, c, _, _ in self.items
        ]
        owner = [0, 1] + [p for p, _, _, _ in self.items]
        rules = rules or Rules()
        info = make_info(
            cards,
            owner,
            (0, 1),
            rules=rules,
            ruleset=get_ruleset(rules.ruleset),
            seed=seed,
        )
        st = GameState.empty(info, seed)
        zones = {"deck": DECK, "hand": HAND, "discard": DISCARD, "active": ACTIVE}
        for p in (0, 1):
            s_at = self.summoner_at[p]
            if s_at is not None:
                st.place(p, at(s_at), p)
            else:
                st.zone[p] = DISCARD
                st.discard[p].append(p)
        for i, (p, _c, zone, where) in enumerate(self.items):
            cid = 2 + i
            if zone == "board":
                assert where is not None
                st.place(cid, at(where), p)
            else:
                z = zones[zone]
                st.zone[cid] = z
                {DECK: st.deck, HAND: st.hand, DISCARD: st.discard, ACTIVE: st.active}[
                    z
                ][p].append(cid)
        st.turn = 1
        st.turn_player = turn_player
        st.first_player = turn_player
        st.phase = phase
        st.magic = list(magic)
        return st


# -- what the faction ability tests share ----------------------------------------------
CD = dict[str, CardDef]


@cache
def faction_cards(slug: str) -> CD:
    """The catalog cards of faction ``slug`` by card slug (read once)."""
    from engine.deckbuilding.catalog import load_catalog

    return {c.slug: c for c in load_catalog().cards_of(slug)}


class Dice:
    """Rigged dice: ``st.search = True`` rolls through ``dice.pattern_roll``, which
    asks ``dice.RIG``; this hands out the queued faces (blank when empty) and
    records each roll's size."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queue: list[int] = []
        self.sizes: list[int] = []
        monkeypatch.setattr(dice.RIG, "fn", self._roll)

    def _roll(self, n: int, faces: tuple[int, ...]) -> tuple[int, ...]:
        self.sizes.append(n)
        return tuple(self.queue.pop(0) if self.queue else 0 for _ in range(n))

    def __call__(self, *faces: int) -> None:
        self.queue += faces


def build(sc: Scenario, **kw: object) -> GameState:
    """``sc.build(**kw)`` with ``st.search = True`` (pattern or rigged dice)."""
    st = sc.build(**kw)  # type: ignore[arg-type]
    st.search = True
    return st


def pending(st: GameState) -> Decision | None:
    """The decision waiting on top of the stack, if any."""
    top = st.stack[-1] if st.stack else None
    return top if isinstance(top, Decision) else None


def end_turn(st: GameState) -> None:
    """End phases until the other player's turn starts (no decision may wait)."""
    p = st.turn_player
    while st.turn_player == p and not st.terminal:
        dec = pending(st)
        assert dec is None, dec
        st.apply_action(END_PHASE)


def end_phases(st: GameState, n: int) -> None:
    """End the current phase ``n`` times."""
    for _ in range(n):
        st.apply_action(END_PHASE)


def moves_of(st: GameState, unit: int) -> set[int]:
    """Destinations of ``unit``'s legal moves."""
    return {a.to for a in st.legal_actions() if isinstance(a, Move) and a.unit == unit}


def uses(st: GameState, ability: str) -> list[Action]:
    """Legal ``UseAbility`` actions of ``ability``."""
    return [
        a
        for a in st.legal_actions()
        if isinstance(a, UseAbility) and a.ability == ability
    ]
