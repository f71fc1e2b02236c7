"""Test helpers: hand-made CardDefs and a scenario builder placing cards on an empty
board (no catalog, no database)."""

from __future__ import annotations

from engine import board as B
from engine.abilities.registry import ACTIVE, DECK, DISCARD, HAND
from engine.phases import SUMMON
from engine.rules.setup import GameDeck, make_info
from engine.state import GameState
from engine.types import (
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
        info = make_info(cards, owner, (0, 1), rules=rules or Rules(), seed=seed)
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
