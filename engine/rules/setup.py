"""R2 Setup (second edition).

Each player places summoner, starting gate (10 life) and the 2 starting units as printed
on the back of the summoner card (``FactionDef.setup``, owner's coordinates); where the
catalog has no layout the engine uses :data:`DEFAULT_SETUP` (the template in the
project's research notes on setup: summoner (0,3), gate (1,3), units (2,2) and (2,3);
unverified) and reports it (``GameInfo.setup_defaults``, the result's
``setup_defaults_used``). The rest is shuffled as the draw deck; each draws 5.
A random first player (from the game's seed) starts with 2 magic, the other with 3.

Card ids are dealt in a fixed order: seat 0's summoner, starting gate, starting units,
then its draw deck in deck-list order; then seat 1 the same way. The seeded RNG is used
in this order: shuffle seat 0's deck, shuffle seat 1's deck, pick the first player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from engine import abilities as _abilities
from engine import dice
from engine.abilities.registry import BOARD, DECK, REGISTRY, Ability
from engine.board import space_of
from engine.phases import PHASE_INDEX
from engine.rules.turn import begin_turn
from engine.state import GameInfo, GameState, zone_signatures
from engine.types import (
    AttackType,
    CardClass,
    CardDef,
    Confidence,
    DeckList,
    DeckRole,
    Position,
    Rules,
    SetupDef,
)

DEFAULT_SETUP = SetupDef(
    summoner=Position(0, 3),
    gate=Position(1, 3),
    units=(),
    confidence=Confidence.UNKNOWN,
    source="engine default layout (common template; unverified)",
)
DEFAULT_UNIT_POSITIONS: tuple[Position, ...] = (Position(2, 2), Position(2, 3))


class UnsupportedRulesetError(NotImplementedError):
    pass


@dataclass(frozen=True, slots=True)
class GameDeck:
    """A deck ready to be set up: which card goes where before the shuffle."""

    name: str
    summoner: CardDef
    summoner_at: Position
    starting_gate: CardDef | None
    gate_at: Position
    starting_units: tuple[tuple[CardDef, Position], ...]
    draw_cards: tuple[CardDef, ...]
    setup_default: bool


def game_deck(
    deck: DeckList,
    cards: Mapping[str, CardDef],
    setup: SetupDef | None = None,
    name: str | None = None,
) -> GameDeck:
    """Split a deck list into setup cards and draw deck (R2)."""
    pool: list[tuple[str, DeckRole | None]] = []
    for e in deck.entries:
        if e.card not in cards:
            raise KeyError(f"unknown card {e.card!r} in deck {deck.name!r}")
        pool += [(e.card, e.role)] * e.count

    def take(pred: object) -> str | None:
        for i, (slug, role) in enumerate(pool):
            if pred(slug, role):  # type: ignore[operator]
                del pool[i]
                return slug
        return None

    summ = take(lambda s, r: s == deck.summoner)
    if summ is None:
        raise ValueError(f"deck {deck.name!r} has no summoner {deck.summoner!r}")
    gate = take(lambda s, r: r is DeckRole.STARTING_GATE) or take(
        lambda s, r: cards[s].is_gate and cards[s].life == 10 and not cards[s].is_unit
    )
    layout = setup or DEFAULT_SETUP
    units: list[tuple[CardDef, Position]] = []
    if setup is not None and setup.units:
        for slug, pos in setup.units:
            got = take(
                lambda s, r, slug=slug: s == slug and r is DeckRole.STARTING_UNIT
            )
            got = got or take(lambda s, r, slug=slug: s == slug)
            if got is not None:
                units.append((cards[got], pos))
    else:
        for pos in DEFAULT_UNIT_POSITIONS:
            got = take(lambda s, r: r is DeckRole.STARTING_UNIT)
            if got is not None:
                units.append((cards[got], pos))
    return GameDeck(
        name=name or deck.name,
        summoner=cards[summ],
        summoner_at=layout.summoner,
        starting_gate=cards[gate] if gate else None,
        gate_at=layout.gate,
        starting_units=tuple(units),
        draw_cards=tuple(cards[s] for s, _ in pool),
        setup_default=setup is None,
    )


_CARD_ABILITIES: dict[CardDef, tuple[tuple[Ability, ...], tuple[str, ...]]] = {}


def card_abilities(card: CardDef) -> tuple[tuple[Ability, ...], tuple[str, ...]]:
    """(implementations found, ids missing) for one card (cached per CardDef)."""
    got = _CARD_ABILITIES.get(card)
    if got is None:
        found = tuple(
            impl for ab in card.abilities if (impl := REGISTRY.get(ab.id)) is not None
        )
        missing = tuple(m for m, _ in _abilities.missing_reasons(card))
        got = _CARD_ABILITIES[card] = (found, missing)
    return got


def build_info(decks: tuple[GameDeck, GameDeck], rules: Rules, seed: int) -> GameInfo:
    cards: list[CardDef] = []
    owner: list[int] = []
    summoners: list[int] = []
    for p, d in enumerate(decks):
        summoners.append(len(cards))
        seq = [d.summoner]
        if d.starting_gate is not None:
            seq.append(d.starting_gate)
        seq += [c for c, _ in d.starting_units]
        seq += list(d.draw_cards)
        cards += seq
        owner += [p] * len(seq)
    return make_info(
        cards,
        owner,
        (summoners[0], summoners[1]),
        rules=rules,
        seed=seed,
        deck_names=(decks[0].name, decks[1].name),
        setup_defaults=(decks[0].setup_default, decks[1].setup_default),
    )


def make_info(
    cards: list[CardDef],
    owner: list[int],
    summoners: tuple[int, int],
    *,
    rules: Rules,
    seed: int,
    deck_names: tuple[str, str] = ("a", "b"),
    setup_defaults: tuple[bool, bool] = (False, False),
) -> GameInfo:
    """Static game facts for cards ``cards`` (card id = index) owned by ``owner``."""
    if rules.ruleset not in dice.FACES:
        raise UnsupportedRulesetError(f"unknown ruleset {rules.ruleset!r}")
    if rules.ruleset != "second":
        raise UnsupportedRulesetError(
            "the first edition ruleset (R10) is not supported yet; use --ruleset second"
        )
    _abilities.load_all()
    impls: list[tuple[Ability, ...]] = []
    missing: list[str] = []
    hooks: dict[str, list[tuple[int, Ability, tuple[int, ...]]]] = {}
    for c in cards:
        found, miss = card_abilities(c)
        impls.append(found)
        for m in miss:
            if m not in missing:
                missing.append(m)
    game = tuple(zip(cards, impls, strict=True))
    for cid, found in enumerate(impls):
        for a in found:
            for h in a.game_hooks(game):
                hooks.setdefault(h, []).append((cid, a, a.zones_for(h)))
    hook_table = {k: tuple(sorted(v, key=_order)) for k, v in hooks.items()}
    zone_sig, zone_drops = zone_signatures(len(cards), hook_table)
    return GameInfo(
        rules=rules,
        cards=tuple(cards),
        owner=tuple(owner),
        summoners=summoners,
        faces=dice.FACES[rules.ruleset],
        abilities=tuple(impls),
        hooks=hook_table,
        deck_names=deck_names,
        seed=seed,
        partial=bool(missing),
        missing=tuple(missing),
        setup_defaults=setup_defaults,
        is_unit=tuple(c.is_unit for c in cards),
        is_structure=tuple(c.is_structure for c in cards),
        is_common=tuple(CardClass.COMMON in c.classes for c in cards),
        gate_static=tuple(c.is_gate for c in cards),
        event_phase=tuple(_event_phase(c) for c in cards),
        is_ranged=tuple(c.attack_type is AttackType.RANGED for c in cards),
        aura_hooks=frozenset(
            h for h, lst in hooks.items() for _c, a, _z in lst if not a.self_only
        ),
        self_hooks={
            h: frozenset(c for c, a, _z in lst if a.self_only)
            for h, lst in hooks.items()
        },
        zone_sig=zone_sig,
        zone_drops=zone_drops,
    )


def _order(entry: tuple[int, Ability, tuple[int, ...]]) -> int:
    return entry[1].order


def _event_phase(card: CardDef) -> int:
    if not card.is_event or card.is_structure or card.phase is None:
        return -1
    if card.cost is None or f"{card.slug}.effect" not in REGISTRY:
        return -1
    return PHASE_INDEX[card.phase]


_INFO_CACHE: dict[tuple[int, int, Rules], tuple[GameDeck, GameDeck, GameInfo]] = {}


def cached_info(
    deck_a: GameDeck, deck_b: GameDeck, rules: Rules, seed: int
) -> GameInfo:
    """build_info, memoised per (deck objects, rules): only the seed differs between
    the games of a run. The cache keeps the decks alive, so their ids stay unique."""
    key = (id(deck_a), id(deck_b), rules)
    hit = _INFO_CACHE.get(key)
    if hit is None or hit[0] is not deck_a or hit[1] is not deck_b:
        if len(_INFO_CACHE) > 64:
            _INFO_CACHE.clear()
        hit = (deck_a, deck_b, build_info((deck_a, deck_b), rules, 0))
        _INFO_CACHE[key] = hit
    return dataclasses.replace(hit[2], seed=seed)


def setup_game(
    deck_a: GameDeck, deck_b: GameDeck, *, seed: int, rules: Rules | None = None
) -> GameState:
    rules = rules or Rules()
    info = cached_info(deck_a, deck_b, rules, seed)
    st = GameState.empty(info, seed)
    cid = 0
    for p, d in enumerate((deck_a, deck_b)):
        st.place(cid, space_of(p, d.summoner_at), p)
        cid += 1
        if d.starting_gate is not None:
            st.place(cid, space_of(p, d.gate_at), p)
            cid += 1
        for _card, pos in d.starting_units:
            st.place(cid, space_of(p, pos), p)
            cid += 1
        n = len(d.draw_cards)
        st.deck[p] = list(range(cid, cid + n))
        for c in st.deck[p]:
            st.zone[c] = DECK
        cid += n
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
    first = st.rng.randrange(2)
    st.first_player = first
    st.magic[first] = 2
    st.magic[1 - first] = 3
    for p in (0, 1):
        st.draw(p, rules.hand_size)
    assert all(st.zone[s] == BOARD for s in info.summoners)
    begin_turn(st, first)
    return st
