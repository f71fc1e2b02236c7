"""How an agent plays, measured from the action logs of its games (``python -m
engine.agents --behaviour``).

The games are played as simulations play them; each game's action log is then
replayed from its seed (:meth:`GameState.apply_action`, the state's own RNG gives
the same dice) and every state on the way is looked at. Nothing here touches an
agent while it chooses, so measuring never changes a game.

Definitions (``p`` = the observed seat; "turn" = one player's turn, the game's turn
counter, so the turn cap of 60 is 30 turns each):

- **Events drawn / played**: event cards (standard and epic) that entered ``p``'s
  hand during the game (the opening hand included), each card once; events ``p``
  played (``PlayEvent``). Share = played / drawn, overall and per faction deck.
- **Attacks on own cards**: ``Attack`` actions whose target ``p`` controls. Such an
  attack *gained something* when, between the attack and ``p``'s next decision
  outside the attack's own effects (or the end of the game), at least one of these
  happened: ``p``'s magic rose; ``p``'s hand grew; an enemy card on the battlefield
  took damage or left it (or changed sides); the attack phase's cost of inaction
  was met (the turn's "attacked an enemy" mark went from off to on); ``p`` won the
  game. Otherwise it *gained nothing*. Attacks on own gates are counted apart.
- **Both decks out**: games in which both draw decks were empty at some point, and
  the game turn at which that first happened.
- **Turns with no action**: ``p``'s turns in which ``p`` made no summon, move,
  build, attack, event or ability (discarding for magic, answering choices and
  ending phases do not count).
- **Lethal attacks left unmade**: ``p``'s turns in which, at a decision of ``p``'s
  attack phase, an attack on the enemy summoner was legal with an attacker whose
  strength (dice) was at least the summoner's remaining life, and ``p`` attacked the
  enemy summoner with nothing that turn. (Dice may miss: such an attack is likely,
  not certain, to win.)
- **Magic at turn start**: ``p``'s magic at ``p``'s first decision of each turn.
- **Cards held more than 5 turns**: a card's hold is the number of ``p``'s turns that
  began while it was in ``p``'s hand (a card in the opening hand played on turn 1 was
  held 1 turn); cards still in hand at the end count with their hold so far.
- **Card types used**: per faction deck, ``p``'s summons by unit class (common,
  champion), builds (structure; a first-edition wall: wall), events played in ``p``'s
  own phases (standard_event, epic_event; first edition: event) and abilities used
  there (``UseAbility``: ability). First edition also: answers given in a response
  window (:mod:`engine.rulesets.first.responses`, either player's turn): a response
  event played from hand (response_event) or a response power of a card in play
  (response_ability). ``unused`` lists the types the deck holds that ``p`` never
  played: a card's type by :func:`card_type`; ability when a card of the deck has a
  power used by action (an ``actions`` hook); response_ability when a unit of it
  answers a window from play.
- **Per faction deck** (``by_faction``), for the observed seat(s) playing that deck;
  a "game" is one observed seat in one game (a game in which both observed seats play
  the same deck counts twice), "per game" divides by those games and "per turn" by
  ``p``'s turns in them (the turns counted for turns with no action). A card is
  *free* when its printed cost (``CardDef.cost``) is 0; a card of unknown cost is not
  free, and cost-changing abilities (first edition: Hirud) are not applied.

  - ``games``, ``turns``: those games, and ``p``'s turns in them.
  - ``summons_per_game``: ``Summon`` actions of ``p`` (``p`` the player deciding);
    ``free_summons_per_game``: those of a free card.
  - ``discards_per_game``: ``DiscardForMagic`` actions of ``p``;
    ``unit_discards_per_game``: those discarding a unit card (``CardDef.is_unit``);
    ``free_unit_discards_per_game``: those discarding a free unit card.
  - ``events_played_per_game``: events ``p`` played (as counted for events played:
    in ``p``'s own phases and, first edition, in response windows).
  - ``summoner_attacks_per_turn``: ``Attack`` actions of ``p`` (an attacker ``p``
    controls) whose target is the enemy summoner (``GameInfo.summoners[1 - p]``),
    per turn of ``p``.
  - ``magic_unspent_at_end``: the mean of ``p``'s magic in the game's last state
    (after the log's last action: the game's end).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.actions import (
    Action,
    Attack,
    Build,
    DiscardForMagic,
    Move,
    PlayEvent,
    Summon,
    UseAbility,
)
from engine.core.hooks import HAND, Ability, Decision
from engine.core.phases import ATTACK
from engine.core.state import GameState
from engine.core.types import CardClass, CardDef
from engine.rulesets.first.responses import WINDOW, Response

ACTING = (Summon, Move, Build, Attack, PlayEvent, UseAbility)
HOLD_LIMIT = 5
CARD_TYPES = (
    "common",
    "champion",
    "structure",
    "wall",
    "standard_event",
    "epic_event",
    "event",
    "response_event",
    "ability",
    "response_ability",
)


def card_type(card: CardDef, impls: Sequence[Ability] = ()) -> str:
    """The play category of a card (see the module docstring); ``impls``, the card's
    ability implementations, tell a first-edition response event from an event."""
    if card.is_event:
        if any(isinstance(a, Response) and HAND in a.zones for a in impls):
            return "response_event"
        if card.has_class(CardClass.EVENT):
            return "event"
        return "epic_event" if card.has_class(CardClass.EPIC) else "standard_event"
    if card.is_summoner:
        return "summoner"
    if card.has_class(CardClass.CHAMPION):
        return "champion"
    if card.has_class(CardClass.COMMON):
        return "common"
    if card.has_class(CardClass.WALL):
        return "wall"
    if card.is_structure or card.is_gate:
        return "structure"
    return str(card.card_type)


def deck_card_types(card: CardDef, impls: Sequence[Ability]) -> set[str]:
    """The card types a card brings to its deck's accounting: its own
    (:func:`card_type`), ability when it has a power used by action, and
    response_ability when a unit of it answers a response window from play (an
    event's power from play is not its owner's: a Possessed Wall is removed by the
    covered wall's controller)."""
    kinds = {card_type(card, impls)}
    for a in impls:
        if isinstance(a, Response):
            if HAND not in a.zones and not card.is_event:
                kinds.add("response_ability")
        elif "actions" in a.overrides():
            kinds.add("ability")
    return kinds


@dataclass
class FactionStats:
    """What the observed seat(s) did with one faction deck, summed over the games in
    which they played it (the module docstring's per faction deck figures)."""

    games: int = 0
    turns: int = 0
    summons: int = 0
    free_summons: int = 0
    discards: int = 0
    unit_discards: int = 0
    free_unit_discards: int = 0
    events_played: int = 0
    summoner_attacks: int = 0
    magic_at_end: int = 0  # summed over the games

    def add(self, o: FactionStats) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(o, f.name))

    def to_json(self) -> dict[str, Any]:
        g, t = self.games, self.turns

        def per(n: int, d: int, digits: int = 2) -> float:
            return round(n / d, digits) if d else 0.0

        return {
            "games": g,
            "turns": t,
            "summons_per_game": per(self.summons, g),
            "free_summons_per_game": per(self.free_summons, g),
            "discards_per_game": per(self.discards, g),
            "unit_discards_per_game": per(self.unit_discards, g),
            "free_unit_discards_per_game": per(self.free_unit_discards, g),
            "events_played_per_game": per(self.events_played, g),
            "summoner_attacks_per_turn": per(self.summoner_attacks, t, 3),
            "magic_unspent_at_end": per(self.magic_at_end, g),
        }


@dataclass
class SeatStats:
    """What one seat did, summed over games (see the module docstring)."""

    games: int = 0
    events_drawn: int = 0
    events_played: int = 0
    events_by_faction: dict[str, list[int]] = field(default_factory=dict)
    own_attacks: int = 0
    own_attacks_gained: int = 0
    own_attacks_on_gates: int = 0
    turns: int = 0
    idle_turns: int = 0
    lethal_turns: int = 0
    lethal_unmade: int = 0
    magic_sum: int = 0
    magic_max: int = 0
    cards_drawn: int = 0
    held_over: int = 0
    longest_hold: tuple[int, str, int] = (0, "", 0)  # turns, slug, cost
    types: dict[str, dict[str, int]] = field(default_factory=dict)
    deck_types: dict[str, set[str]] = field(default_factory=dict)
    factions: dict[str, FactionStats] = field(default_factory=dict)

    def add(self, o: SeatStats) -> None:
        for name in (
            "games",
            "events_drawn",
            "events_played",
            "own_attacks",
            "own_attacks_gained",
            "own_attacks_on_gates",
            "turns",
            "idle_turns",
            "lethal_turns",
            "lethal_unmade",
            "magic_sum",
            "cards_drawn",
            "held_over",
        ):
            setattr(self, name, getattr(self, name) + getattr(o, name))
        self.magic_max = max(self.magic_max, o.magic_max)
        self.longest_hold = max(self.longest_hold, o.longest_hold)
        for f, (d, p) in o.events_by_faction.items():
            acc = self.events_by_faction.setdefault(f, [0, 0])
            acc[0] += d
            acc[1] += p
        for f, per in o.types.items():
            t = self.types.setdefault(f, {})
            for k, v in per.items():
                t[k] = t.get(k, 0) + v
        for f, kinds in o.deck_types.items():
            self.deck_types.setdefault(f, set()).update(kinds)
        for f, fs in o.factions.items():
            self.factions.setdefault(f, FactionStats()).add(fs)


@dataclass
class GameBehaviour:
    """One game's observations: per seat :class:`SeatStats`, and the game turn at
    which both draw decks were first empty (None: never)."""

    seats: tuple[SeatStats, SeatStats]
    decks_out_turn: int | None
    turns: int
    factions: tuple[str, str]


class _Open:
    """An own-card attack waiting for its effects to finish."""

    __slots__ = ("seat", "magic", "hand", "enemy_damage", "enemy_cards", "marked")

    def __init__(self, st: GameState, seat: int) -> None:
        self.seat = seat
        self.magic = st.magic[seat]
        self.hand = len(st.hand[seat])
        self.enemy_damage, self.enemy_cards = _enemy_side(st, seat)
        self.marked = st.targeted_enemy

    def gained(self, st: GameState) -> bool:
        p = self.seat
        if st.terminal and st.winner == p:
            return True
        if st.magic[p] > self.magic or len(st.hand[p]) > self.hand:
            return True
        dmg, cards = _enemy_side(st, p)
        if dmg > self.enemy_damage or self.enemy_cards - cards:
            return True
        return not self.marked and st.targeted_enemy and st.turn_player == p


def _enemy_side(st: GameState, seat: int) -> tuple[int, frozenset[int]]:
    cards = frozenset(c for c in st.cards_of(1 - seat))
    return sum(st.damage[c] for c in cards), cards


def _pending(st: GameState) -> bool:
    return bool(st.stack) and isinstance(st.stack[-1], Decision)


def observe_game(
    st: GameState,
    log: Sequence[Action],
    factions: tuple[str, str],
    seats: Iterable[int] = (0, 1),
) -> GameBehaviour:
    """Replay ``log`` from the initial state ``st`` (mutated) and measure ``seats``.

    ``factions``: the faction deck names of seat 0 and seat 1 (the keys of the per
    faction figures)."""
    watch = set(seats)
    out = (SeatStats(games=1), SeatStats(games=1))
    info = st.info
    cards = info.cards
    for p in watch:
        kinds: set[str] = set()
        for c in range(len(cards)):
            if info.owner[c] == p:
                kinds |= deck_card_types(cards[c], info.abilities[c])
        out[p].deck_types[factions[p]] = kinds & set(CARD_TYPES)
        out[p].types[factions[p]] = {}
        out[p].events_by_faction[factions[p]] = [0, 0]
        out[p].factions[factions[p]] = FactionStats(games=1)
    seen: list[set[int]] = [set(), set()]  # card ids that have been in each hand
    since: list[dict[int, int]] = [{}, {}]  # card in hand -> own turns begun before
    own_turns = [0, 0]
    turn_key = (-1, -1)
    acted = lethal = hit_summoner = False
    decks_out: int | None = None
    pending: _Open | None = None

    def close_turn() -> None:
        tp = turn_key[1]
        if tp in watch and turn_key[0] >= 0:
            s = out[tp]
            s.idle_turns += not acted
            s.lethal_turns += lethal
            s.lethal_unmade += lethal and not hit_summoner

    def left_hand(p: int, c: int) -> None:
        held = own_turns[p] - since[p].pop(c)
        if p in watch and held > HOLD_LIMIT:
            s = out[p]
            s.held_over += 1
            card = cards[c]
            s.longest_hold = max(s.longest_hold, (held, card.slug, card.cost or 0))

    def look(st: GameState) -> None:
        nonlocal decks_out
        for p in (0, 1):
            hand = st.hand[p]
            for c in hand:
                if c not in since[p]:
                    since[p][c] = own_turns[p]
                    if c not in seen[p]:
                        seen[p].add(c)
                        if p in watch:
                            out[p].cards_drawn += 1
                            if cards[c].is_event:
                                out[p].events_drawn += 1
                                out[p].events_by_faction[factions[p]][0] += 1
            if len(since[p]) != len(hand):
                for c in [c for c in since[p] if c not in hand]:
                    left_hand(p, c)
        if decks_out is None and not st.deck[0] and not st.deck[1]:
            decks_out = st.turn

    for action in log:
        look(st)
        if pending is not None and not _pending(st):
            s = out[pending.seat]
            s.own_attacks_gained += pending.gained(st)
            pending = None
        p = st.current_player()
        key = (st.turn, st.turn_player)
        if key != turn_key:
            close_turn()
            turn_key = key
            acted = lethal = hit_summoner = False
            tp = st.turn_player
            own_turns[tp] += 1
            if tp in watch:
                out[tp].turns += 1
                out[tp].magic_sum += st.magic[tp]
                out[tp].magic_max = max(out[tp].magic_max, st.magic[tp])
        mine = p == st.turn_player and not _pending(st)
        if mine and p in watch and st.phase == ATTACK and not lethal:
            lethal = _lethal_available(st, p)
        if mine and isinstance(action, ACTING):
            acted = True
            _count_play(st, action, p, out[p], factions[p], watch)
        elif _answering(st) and isinstance(action, (PlayEvent, UseAbility)):
            _count_answer(st, action, p, out[p], factions[p], watch)
        if p in watch and isinstance(action, (Summon, DiscardForMagic)):
            _count_card(cards[action.card], action, out[p].factions[factions[p]])
        if isinstance(action, Attack) and st.ctrl[action.attacker] == p:
            target = action.target
            if st.ctrl[target] == p and p in watch:
                out[p].own_attacks += 1
                out[p].own_attacks_on_gates += st.is_gate(target)
                pending = _Open(st, p)
            if target == info.summoners[1 - p]:
                hit_summoner = True
                if p in watch:
                    out[p].factions[factions[p]].summoner_attacks += 1
        st.apply_action(action)
    look(st)
    if pending is not None:
        out[pending.seat].own_attacks_gained += pending.gained(st)
    close_turn()
    for p in (0, 1):
        for c in list(since[p]):
            left_hand(p, c)
    for p in watch:
        fs = out[p].factions[factions[p]]
        fs.turns = out[p].turns
        fs.events_played = out[p].events_played
        fs.magic_at_end = st.magic[p]
    turns = st.turn if st.termination != "turn_cap" else st.turn - 1
    return GameBehaviour(out, decks_out, turns, factions)


def _count_card(card: CardDef, a: Summon | DiscardForMagic, fs: FactionStats) -> None:
    """A summon or a discard for magic of ``card`` (the per faction deck figures)."""
    free = card.cost == 0
    if isinstance(a, Summon):
        fs.summons += 1
        fs.free_summons += free
    else:
        fs.discards += 1
        if card.is_unit:
            fs.unit_discards += 1
            fs.free_unit_discards += free


def _lethal_available(st: GameState, p: int) -> bool:
    foe = st.info.summoners[1 - p]
    left = st.life(foe) - st.damage[foe]
    return any(
        isinstance(a, Attack) and a.target == foe and st.strength(a.attacker) >= left
        for a in st.legal_actions()
    )


def _count_play(
    st: GameState, a: Action, p: int, s: SeatStats, faction: str, watch: set[int]
) -> None:
    if p not in watch or isinstance(a, (Move, Attack, DiscardForMagic)):
        return
    if isinstance(a, UseAbility):
        kind = "ability"
    else:
        assert isinstance(a, (Summon, Build, PlayEvent))
        card = a.card
        kind = card_type(st.info.cards[card], st.info.abilities[card])
        if isinstance(a, Build) and kind != "wall":
            kind = "structure"
        if isinstance(a, PlayEvent):
            s.events_played += 1
            s.events_by_faction[faction][1] += 1
    t = s.types[faction]
    t[kind] = t.get(kind, 0) + 1


def _answering(st: GameState) -> bool:
    """Is the pending decision a first-edition response window?"""
    top = st.stack[-1] if st.stack else None
    return isinstance(top, Decision) and top.ability == WINDOW


def _count_answer(
    st: GameState, a: Action, p: int, s: SeatStats, faction: str, watch: set[int]
) -> None:
    if p not in watch:
        return
    if isinstance(a, PlayEvent):
        kind = "response_event"
        s.events_played += 1
        s.events_by_faction[faction][1] += 1
    else:
        kind = "response_ability"
    t = s.types[faction]
    t[kind] = t.get(kind, 0) + 1


@dataclass
class Report:
    """Behaviour of one agent over many games (:func:`measure`)."""

    agent: str
    opponent: str
    seed: int
    deals: int
    ruleset: str | None = None
    seat: SeatStats = field(default_factory=SeatStats)
    games: int = 0
    decks_out_turns: list[int] = field(default_factory=list)

    def add(self, g: GameBehaviour, seats: Iterable[int]) -> None:
        self.games += 1
        for p in seats:
            self.seat.add(g.seats[p])
        if g.decks_out_turn is not None:
            self.decks_out_turns.append(g.decks_out_turn)

    def to_json(self) -> dict[str, Any]:
        s = self.seat

        def pct(n: float, d: float) -> float:
            return round(100.0 * n / d, 1) if d else 0.0

        out_turns = sorted(self.decks_out_turns)
        by_faction: dict[str, Any] = {}
        for f in sorted(s.types):
            used = s.types[f]
            d, p = s.events_by_faction.get(f, [0, 0])
            by_faction[f] = {
                "events_drawn": d,
                "events_played": p,
                "events_played_pct": pct(p, d),
                "card_types_used": dict(sorted(used.items())),
                "unused": sorted(k for k in s.deck_types.get(f, ()) if not used.get(k)),
                **s.factions.get(f, FactionStats()).to_json(),
            }
        longest = s.longest_hold
        return {
            "agent": self.agent,
            "opponent": self.opponent,
            "seed": self.seed,
            "deals": self.deals,
            "ruleset": self.ruleset,
            "games": self.games,
            "seat_games": s.games,
            "events": {
                "drawn": s.events_drawn,
                "played": s.events_played,
                "played_pct": pct(s.events_played, s.events_drawn),
            },
            "own_attacks": {
                "total": s.own_attacks,
                "gained_something": s.own_attacks_gained,
                "gained_nothing": s.own_attacks - s.own_attacks_gained,
                "on_gates": s.own_attacks_on_gates,
                "per_game": round(s.own_attacks / s.games, 2) if s.games else 0.0,
            },
            "decks_out": {
                "games": len(out_turns),
                "pct": pct(len(out_turns), self.games),
                "median_turn": out_turns[len(out_turns) // 2] if out_turns else None,
                "first_turn": out_turns[0] if out_turns else None,
            },
            "idle_turns": {
                "turns": s.turns,
                "idle": s.idle_turns,
                "pct": pct(s.idle_turns, s.turns),
            },
            "lethal": {
                "turns_available": s.lethal_turns,
                "unmade": s.lethal_unmade,
            },
            "magic_at_turn_start": {
                "mean": round(s.magic_sum / s.turns, 2) if s.turns else 0.0,
                "max": s.magic_max,
            },
            "held_over_5_turns": {
                "cards": s.held_over,
                "pct_of_drawn": pct(s.held_over, s.cards_drawn),
                "per_game": round(s.held_over / s.games, 2) if s.games else 0.0,
                "longest": (
                    {"card": longest[1], "cost": longest[2], "turns": longest[0]}
                    if longest[0]
                    else None
                ),
            },
            "by_faction": by_faction,
        }


def measure(
    agent: str,
    *,
    opponent: str | None = None,
    deals: int = 64,
    seed: int = 13,
    factions: Sequence[str] | None = None,
    ruleset: str = "",
) -> Report:
    """Play ``deals`` deals (:func:`engine.agents.ladder.deal_factions`: faction
    decks and a seed ``derive_seed(seed, i)``) and observe ``agent``. Against
    itself (the default) each deal is one game and both seats are observed; against
    another ``opponent`` each deal is played twice, ``agent`` in each seat once.
    ``ruleset`` names the edition ("" = the default): its faction decks (default:
    every playable faction of it; a first-edition faction without an official deck
    plays its sample deck), played by its rules."""
    from engine.agents import make_agent
    from engine.agents.ladder import deal_factions
    from engine.core.play import derive_seed, play_game
    from engine.core.types import Rules
    from engine.deckbuilding.resolve import faction_deck, playable_factions
    from engine.play import setup_game

    opponent = opponent or agent
    rs = ruleset or None
    rules = Rules(ruleset=ruleset) if ruleset else None
    facs = list(factions or playable_factions(ruleset=rs))
    decks = {f: faction_deck(f, ruleset=rs) for f in facs}
    report = Report(agent, opponent, seed, deals, ruleset=rs)
    layouts: list[tuple[tuple[str, str], tuple[int, ...]]] = [((agent, agent), (0, 1))]
    if opponent != agent:
        layouts = [((agent, opponent), (0,)), ((opponent, agent), (1,))]
    for i in range(deals):
        fa, fb = deal_factions(i, facs)
        gs = derive_seed(seed, i)
        for names, seats in layouts:
            st = setup_game(decks[fa], decks[fb], seed=gs, rules=rules)
            players = [
                make_agent(names[0], derive_seed(gs, 1)),
                make_agent(names[1], derive_seed(gs, 2)),
            ]
            play_game(st, players, record=True)
            start = setup_game(decks[fa], decks[fb], seed=gs, rules=rules)
            report.add(observe_game(start, st.log or [], (fa, fb), seats), seats)
    return report
