"""Card ability implementations and the framework they use.

:mod:`engine.abilities.registry` holds the hook API (read its docstring first);
``engine/abilities/<faction_slug_with_underscores>.py`` registers one faction's
implementations. :func:`load_all` imports every faction module (idempotent).
"""

from __future__ import annotations

import importlib
import pkgutil

from engine.abilities.registry import REGISTRY, Ability, Decision, Trigger, register
from engine.types import CardDef

__all__ = [
    "REGISTRY",
    "Ability",
    "Decision",
    "Trigger",
    "register",
    "load_all",
    "is_fully_implemented",
    "missing_reasons",
]

_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if mod != "registry" and not mod.startswith("_"):
            importlib.import_module(f"{__name__}.{mod}")
    _loaded = True


def missing_reasons(card: CardDef) -> list[tuple[str, str]]:
    """(ability id, reason) for every ability of ``card`` the engine cannot play.

    Reasons: ``"text unknown"`` (the catalog lacks the ability's text),
    ``"stats unknown (attack type, ...)"`` (the text is known but the card cannot be
    played because numbers it needs are missing, so implementing it waits for them),
    or ``"no implementation"`` (complete data, engine work outstanding). A card with
    no known abilities and unknown stats is reported once under its slug as
    ``"text unknown"`` (its texts are unknown too)."""
    load_all()
    out: list[tuple[str, str]] = []
    gaps = card.unknown_stats
    if gaps and not card.abilities:
        out.append((card.slug, "text unknown"))  # card data incomplete
    for ab in card.abilities:
        if ab.id in REGISTRY:
            continue
        if ab.text is None:
            out.append((ab.id, "text unknown"))
        elif gaps:
            out.append((ab.id, f"stats unknown ({', '.join(gaps)})"))
        else:
            out.append((ab.id, "no implementation"))
    return out


def is_fully_implemented(card: CardDef) -> bool:
    """True when every ability (or event effect) of ``card`` has an implementation."""
    return not missing_reasons(card)
