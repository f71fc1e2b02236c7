"""GameInfo: the static facts of one game (cards, owners, the ruleset and its ability
registry, hook tables and fast-path tables), shared by every clone of its states."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.hookcache import _Drops
from engine.core.hooks import Ability
from engine.core.ruleset import ApplyFn, LegalFn, Ruleset
from engine.core.types import CardDef, Rules


@dataclass(slots=True)
class GameInfo:
    """Static facts of one game, shared by all clones."""

    rules: Rules
    ruleset: Ruleset
    # ability id -> implementation (the ruleset's registry, core triggers included)
    registry: dict[str, Ability]
    cards: tuple[CardDef, ...]
    owner: tuple[int, ...]
    summoners: tuple[int, int]
    faces: tuple[int, ...]
    abilities: tuple[tuple[Ability, ...], ...]
    hooks: dict[str, tuple[tuple[int, Ability, tuple[int, ...]], ...]]
    deck_names: tuple[str, str]
    seed: int
    partial: bool
    missing: tuple[str, ...]
    setup_defaults: tuple[bool, bool]
    is_unit: tuple[bool, ...] = ()
    is_structure: tuple[bool, ...] = ()
    is_common: tuple[bool, ...] = ()
    gate_static: tuple[bool, ...] = ()
    # phase index in which the card can be played as an event (-1: never: not an
    # event, a structure-event, unknown phase/cost, or no implementation)
    event_phase: tuple[int, ...] = ()
    is_ranged: tuple[bool, ...] = ()
    # modifier hooks with at least one ability that may change other cards
    aura_hooks: frozenset[str] = frozenset()
    # per modifier hook: cards whose own self-only abilities implement it
    self_hooks: dict[str, frozenset[int]] = field(default_factory=dict)
    # printed strength (0 when none) and life (1 when none) per card, and how each
    # may be changed (``GameState.strength`` / ``life``): 0 never (no modifier of
    # that hook in the game), 1 only by an aura, 2 by a self-only ability of its own
    base_strength: tuple[int, ...] = ()
    base_life: tuple[int, ...] = ()
    strength_mod: tuple[int, ...] = ()
    life_mod: tuple[int, ...] = ()
    # zone_sig[cid][zone] (zone -1 = "nowhere" is index 7): bit mask of the card's
    # hook entries working in that zone; a zone change that keeps the mask cannot
    # change any hook lookup (``ZoneList``). Empty: computed by ``GameState.empty``.
    zone_sig: tuple[tuple[int, ...], ...] = ()
    zone_drops: tuple[_Drops, ...] = ()
    # per phase id: generator of the phase's own actions (None: none); how the turn
    # player's phase actions are applied, by action type (from the ruleset)
    phase_actions: tuple[LegalFn | None, ...] = ()
    event_actions: LegalFn | None = None
    handlers: dict[type[Any], ApplyFn] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
