"""The rulesets (editions). Each subpackage defines a
:class:`~engine.core.ruleset.Ruleset`
subclass and registers one instance; this package imports each by name (explicitly, no
discovery), so importing :mod:`engine.rulesets` makes every edition available to
:func:`engine.core.ruleset.get_ruleset`."""

from __future__ import annotations

from engine.core.ruleset import RULESETS, Ruleset, default_ruleset, get_ruleset
from engine.rulesets import (
    first,  # noqa: F401  (registers the first edition)
    second,  # noqa: F401  (registers the second edition)
)

#: the name of the ruleset used when none is given
DEFAULT_RULESET: str = default_ruleset().name


def ruleset_names() -> list[str]:
    """The registered rulesets' names, the default first (CLI choices, REST)."""
    return sorted(RULESETS, key=lambda n: (n != DEFAULT_RULESET, n))


__all__ = [
    "DEFAULT_RULESET",
    "RULESETS",
    "Ruleset",
    "get_ruleset",
    "ruleset_names",
]
