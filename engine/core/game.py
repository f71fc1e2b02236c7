"""Building a game: decks ready to set up (:class:`GameDeck`), the static game facts
(:func:`make_info`: card ids, owners, the ruleset's ability implementations and the
hook tables) and :func:`start_game`, which hands the dealing to the ruleset.

Card ids are dealt in a fixed order: seat 0's summoner, starting gate, starting units,
then its draw deck in deck-list order, then its separate piles; then seat 1 the same
way.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.core.board import space_of
from engine.core.hookcache import zone_signatures
from engine.core.hooks import Ability, AbilityRegistry
from engine.core.info import GameInfo
from engine.core.phases import PHASE_INDEX
from engine.core.ruleset import Ruleset
from engine.core.state import GameState
from engine.core.types import AttackType, CardClass, CardDef, Position, Rules
from engine.core.zones import DECK


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
    #: cards kept beside the deck in separate piles, placed only by card effects
    #: (the first edition's conjurations and special walls); they are dealt
    #: nowhere (zone -1, "in its pile") and never drawn
    piles: tuple[CardDef, ...] = ()


_CARD_ABILITIES: dict[
    tuple[str, CardDef], tuple[tuple[Ability, ...], tuple[str, ...]]
] = {}


def card_abilities(
    card: CardDef, ruleset: Ruleset
) -> tuple[tuple[Ability, ...], tuple[str, ...]]:
    """(implementations found, ids missing) for one card in ``ruleset`` (cached)."""
    key = (ruleset.name, card)
    got = _CARD_ABILITIES.get(key)
    if got is None:
        reg = ruleset.load_abilities()
        found = tuple(
            impl for ab in card.abilities if (impl := reg.get(ab.id)) is not None
        )
        missing = tuple(m for m, _ in reg.missing_reasons(card))
        got = _CARD_ABILITIES[key] = (found, missing)
    return got


def dealt_cards(decks: tuple[GameDeck, GameDeck]) -> tuple[list[CardDef], list[int]]:
    """(definition, owner seat) of every card id of a game of ``decks``, in id order
    (the module docstring's order): what a game's action log refers to."""
    cards: list[CardDef] = []
    owner: list[int] = []
    for p, d in enumerate(decks):
        seq = [d.summoner]
        if d.starting_gate is not None:
            seq.append(d.starting_gate)
        seq += [c for c, _ in d.starting_units]
        seq += list(d.draw_cards)
        seq += list(d.piles)
        cards += seq
        owner += [p] * len(seq)
    return cards, owner


def place_setup(st: GameState, decks: tuple[GameDeck, GameDeck]) -> int:
    """The part of setting up that every edition shares, on an empty state: each
    seat's summoner, starting gate or wall and starting units on their printed
    spaces, the other cards as the draw deck (ids in :func:`dealt_cards` order), both
    decks shuffled with the game's RNG (seat 0's first); returns the first player,
    drawn from the same RNG. A ruleset's ``deal`` adds the rest (magic, hands)."""
    cid = 0
    for p, d in enumerate(decks):
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
        cid += n + len(d.piles)  # pile cards stay "nowhere" (zone -1): in their pile
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])
    first = st.rng.randrange(2)
    st.first_player = first
    return first


def build_info(
    decks: tuple[GameDeck, GameDeck], rules: Rules, seed: int, ruleset: Ruleset
) -> GameInfo:
    cards, owner = dealt_cards(decks)
    summoners = [owner.index(0), owner.index(1)]  # each seat's summoner comes first
    return make_info(
        cards,
        owner,
        (summoners[0], summoners[1]),
        rules=rules,
        ruleset=ruleset,
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
    ruleset: Ruleset,
    seed: int,
    deck_names: tuple[str, str] = ("a", "b"),
    setup_defaults: tuple[bool, bool] = (False, False),
) -> GameInfo:
    """Static game facts for cards ``cards`` (card id = index) owned by ``owner``."""
    registry = ruleset.load_abilities()
    impls: list[tuple[Ability, ...]] = []
    missing: list[str] = []
    hooks: dict[str, list[tuple[int, Ability, tuple[int, ...]]]] = {}
    for c in cards:
        found, miss = card_abilities(c, ruleset)
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
    phase_actions = ruleset.phase_actions()
    n_phases = max(PHASE_INDEX.values()) + 1
    aura_hooks = frozenset(
        h for h, lst in hooks.items() for _c, a, _z in lst if not a.self_only
    )
    self_hooks = {
        h: frozenset(c for c, a, _z in lst if a.self_only) for h, lst in hooks.items()
    }
    return GameInfo(
        rules=rules,
        ruleset=ruleset,
        registry=registry.impls,
        cards=tuple(cards),
        owner=tuple(owner),
        summoners=summoners,
        faces=ruleset.faces,
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
        event_phase=tuple(_event_phase(c, registry) for c in cards),
        is_ranged=tuple(c.attack_type is AttackType.RANGED for c in cards),
        aura_hooks=aura_hooks,
        self_hooks=self_hooks,
        base_strength=tuple(c.strength or 0 for c in cards),
        base_life=tuple(c.life or 1 for c in cards),
        strength_mod=_mod_kinds("mod_strength", len(cards), aura_hooks, self_hooks),
        life_mod=_mod_kinds("mod_life", len(cards), aura_hooks, self_hooks),
        zone_sig=zone_sig,
        zone_drops=zone_drops,
        phase_actions=tuple(phase_actions.get(i) for i in range(n_phases)),
        event_actions=ruleset.event_actions(),
        handlers=dict(ruleset.action_handlers()),
    )


def _mod_kinds(
    hook: str, n: int, aura_hooks: frozenset[str], self_hooks: dict[str, frozenset[int]]
) -> tuple[int, ...]:
    """Per card: 2 when a self-only ``hook`` ability of its own may change its value,
    else 1 when some aura of ``hook`` is in the game, else 0 (``GameInfo``)."""
    own = self_hooks.get(hook, frozenset())
    aura = 1 if hook in aura_hooks else 0
    return tuple(2 if cid in own else aura for cid in range(n))


def _order(entry: tuple[int, Ability, tuple[int, ...]]) -> int:
    return entry[1].order


def _event_phase(card: CardDef, registry: AbilityRegistry) -> int:
    if not card.is_event or card.is_structure or card.phase is None:
        return -1
    if card.cost is None or f"{card.slug}.effect" not in registry:
        return -1
    return PHASE_INDEX[card.phase]


_INFO_CACHE: dict[tuple[int, int, Rules, str], tuple[GameDeck, GameDeck, GameInfo]] = {}


def cached_info(
    deck_a: GameDeck, deck_b: GameDeck, rules: Rules, seed: int, ruleset: Ruleset
) -> GameInfo:
    """build_info, memoised per (deck objects, rules): only the seed differs between
    the games of a run. The cache keeps the decks alive, so their ids stay unique."""
    key = (id(deck_a), id(deck_b), rules, ruleset.name)
    hit = _INFO_CACHE.get(key)
    if hit is None or hit[0] is not deck_a or hit[1] is not deck_b:
        if len(_INFO_CACHE) > 64:
            _INFO_CACHE.clear()
        hit = (deck_a, deck_b, build_info((deck_a, deck_b), rules, 0, ruleset))
        _INFO_CACHE[key] = hit
    return dataclasses.replace(hit[2], seed=seed)


def start_game(
    deck_a: GameDeck,
    deck_b: GameDeck,
    *,
    seed: int,
    ruleset: Ruleset,
    rules: Rules | None = None,
) -> GameState:
    """A new game of ``ruleset``: seat 0 plays ``deck_a``; the ruleset deals it
    (:meth:`Ruleset.deal`) and starts the first turn."""
    rules = rules or Rules(ruleset=ruleset.name)
    info = cached_info(deck_a, deck_b, rules, seed, ruleset)
    st = GameState.empty(info, seed)
    ruleset.deal(st, (deck_a, deck_b))
    return st
