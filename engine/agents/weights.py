"""The planner's evaluation weights: data, not scattered constants.

The weights live in ``planner_weights.json`` beside this module (written by
``python -m engine.tune``); :func:`load_weights` reads them once. A :class:`Weights`
is a plain attribute bag (fast to read in the evaluation's inner loops) that knows
its names, so tuning can perturb it as a vector.

Every name is documented in :data:`DOCS`; a weight missing from the file takes its
default from :data:`DEFAULTS` (so adding a feature never breaks an older file).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

WEIGHTS_FILE = Path(__file__).with_name("planner_weights.json")

# name: (default, what it weighs). Units: one "point" is about one magic.
_SPEC: dict[str, tuple[float, str]] = {
    "summoner_life": (3.0, "each life point left on a summoner"),
    "summoner_frac": (12.0, "a summoner's life left as a fraction of its life"),
    "summoner_danger": (1.5, "per squared point a summoner's life is below 5"),
    "unit_base": (1.0, "any unit on the battlefield"),
    "unit_cost": (0.8, "per magic of a unit's cost"),
    "unit_strength": (0.8, "per strength point of a unit"),
    "unit_life": (0.3, "per life point of a unit"),
    "unit_ranged": (0.5, "a ranged unit"),
    "unit_ability": (0.6, "per ability printed on a unit"),
    "unit_champion": (1.5, "a champion"),
    "wounded_floor": (0.55, "share of a unit's value kept however wounded"),
    "gate": (4.0, "a gate (or other structure) on the battlefield"),
    "gate_room": (0.6, "per empty space next to own gates (summoning room, max 6)"),
    "boost": (0.6, "per boost token"),
    "attached": (2.0, "per card attached under a battlefield card"),
    "magic": (0.7, "per magic point up to magic_need"),
    "magic_extra": (0.3, "per magic point beyond magic_need"),
    "magic_need": (6.0, "magic points that are worth the full magic weight"),
    "magic_need_hand": (
        0.0,
        "above 0: a seat's magic need is this times the cost of the cards in its "
        "hand (at most magic_need), so magic it cannot spend counts as extra",
    ),
    "hand_unit": (0.3, "a unit card in hand (it can be summoned later)"),
    "hand_unit_share": (0.3, "share of its battlefield value a unit in hand is worth"),
    "hand_free_share": (
        0.0,
        "added share of its battlefield value for a unit in hand that costs nothing "
        "to summon",
    ),
    "hand_event": (0.5, "an event card in hand"),
    "hand_structure": (0.8, "a gate card in hand"),
    "hand_card": (0.45, "a card in the opponent's hand (unseen)"),
    "deck_card": (0.35, "a card left in a draw deck (future magic or play)"),
    "active_event": (1.5, "an ACTIVE event of the seat in play"),
    "threat_by": (1.2, "per expected hit own units can land on the enemy summoner"),
    "threat_on": (1.6, "per expected hit enemy units can land on own summoner"),
    "lethal_on": (6.0, "enemy reach covers own summoner's life left"),
    "hanging": (0.6, "per unit value the side to move can expect to destroy next"),
    "exposed": (0.8, "per enemy unit next to a summoner"),
    "advance": (0.15, "per row own non-summoner units stand forward of the back row"),
}

DEFAULTS: dict[str, float] = {k: v[0] for k, v in _SPEC.items()}
DOCS: dict[str, str] = {k: v[1] for k, v in _SPEC.items()}
NAMES: tuple[str, ...] = tuple(_SPEC)


class Weights:
    """Named evaluation weights (attributes); ``Weights({"magic": 0.8})``."""

    summoner_life: float
    summoner_frac: float
    summoner_danger: float
    unit_base: float
    unit_cost: float
    unit_strength: float
    unit_life: float
    unit_ranged: float
    unit_ability: float
    unit_champion: float
    wounded_floor: float
    gate: float
    gate_room: float
    boost: float
    attached: float
    magic: float
    magic_extra: float
    magic_need: float
    magic_need_hand: float
    hand_unit: float
    hand_unit_share: float
    hand_free_share: float
    hand_event: float
    hand_structure: float
    hand_card: float
    deck_card: float
    active_event: float
    threat_by: float
    threat_on: float
    lethal_on: float
    hanging: float
    exposed: float
    advance: float

    def __init__(self, values: Mapping[str, float] | None = None) -> None:
        values = dict(values or {})
        unknown = sorted(set(values) - set(NAMES))
        if unknown:
            raise ValueError(f"unknown weight(s): {', '.join(unknown)}")
        for k in NAMES:
            setattr(self, k, float(values.get(k, DEFAULTS[k])))

    def as_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in NAMES}

    def key(self) -> tuple[float, ...]:
        return tuple(getattr(self, k) for k in NAMES)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Weights) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Weights({self.as_dict()!r})"


def read_weights(path: Path | str) -> Weights:
    data = json.loads(Path(path).read_text())
    return Weights(data.get("weights", data))


def write_weights(path: Path | str, w: Weights, meta: Mapping[str, object]) -> None:
    """Write ``w`` with its provenance (``meta``: the tuning command, seed, figures)."""
    values = {k: round(v, 4) for k, v in w.as_dict().items()}
    doc = {"meta": dict(meta), "weights": values}
    Path(path).write_text(json.dumps(doc, indent=2, sort_keys=False) + "\n")


def weights_history(path: Path | str | None = None) -> list[str]:
    """The changes made by hand to the shipped weights, oldest first (their file's
    ``meta.changes``; ``path`` defaults to :data:`WEIGHTS_FILE`). A tuning run starts
    from those weights, so what it writes keeps their history."""
    p = WEIGHTS_FILE if path is None else Path(path)
    if not p.exists():
        return []
    meta = json.loads(p.read_text()).get("meta", {})
    changes = meta.get("changes", []) if isinstance(meta, dict) else []
    return [str(c) for c in changes] if isinstance(changes, list) else []


_LOADED: list[Weights] = []


def load_weights() -> Weights:
    """The shipped weights (``planner_weights.json``; defaults when it is absent)."""
    if not _LOADED:
        got = read_weights(WEIGHTS_FILE) if WEIGHTS_FILE.exists() else Weights()
        _LOADED.append(got)
    return _LOADED[0]
