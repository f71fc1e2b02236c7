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
    """(ability id, reason) for every ability of ``card`` the engine cannot play:
    reason is ``"text unknown"`` or ``"no implementation"``. A card whose stats and
    texts are unknown is reported once under its slug as ``"text unknown"``."""
    load_all()
    out: list[tuple[str, str]] = []
    if not card.stats_known and not card.abilities:
        out.append((card.slug, "text unknown"))  # card data incomplete
    for ab in card.abilities:
        if ab.text is None and ab.id not in REGISTRY:
            out.append((ab.id, "text unknown"))
        elif ab.id not in REGISTRY:
            out.append((ab.id, "no implementation"))
    return out


def is_fully_implemented(card: CardDef) -> bool:
    """True when every ability (or event effect) of ``card`` has an implementation."""
    return not missing_reasons(card)
