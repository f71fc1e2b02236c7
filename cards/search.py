"""The card search syntax, shared by the ``/cards/`` page and ``GET /api/cards/``
(the ``q`` parameter). Terms are separated by spaces; every term must match:

==================  ==========================================================
``word``            the word in the card's name or ability names and texts
``t:push``          the word in the name or texts (``text:`` too)
``f:polar``         faction slug or name starting with it (``faction:``)
``c<=2`` ``c:3``    cost: ``=`` ``:`` ``<`` ``<=`` ``>`` ``>=`` (``cost``)
``s>=3`` ``l>5``    strength, life, with the same comparisons
``a:ranged``        attack type: melee or ranged (``attack:``)
``is:common``       class: summoner, champion, common, event, structure,
                    gate, epic (``class:``)
``is:owned``        in your collection (logged in)
==================  ==========================================================

Example: ``f:polar-dwarves c<=2 t:push``. A term that does not parse is an error
(400 in the API, a form error on the page), never silently ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import Q

NUMBER_FIELDS = {
    "c": "cost",
    "cost": "cost",
    "s": "strength",
    "str": "strength",
    "strength": "strength",
    "l": "life",
    "life": "life",
}
LOOKUPS = {"=": "", ":": "", "<": "__lt", "<=": "__lte", ">": "__gt", ">=": "__gte"}
CLASS_WORDS = {
    "summoner": "summoner",
    "champion": "champion",
    "common": "common",
    "event": "event",
    "structure": "structure",
    "gate": "gate",
    "epic": "epic",
    "standard": "standard",
}
TERM = re.compile(r"^(?P<key>[a-z]+)(?P<op><=|>=|=|:|<|>)(?P<value>.+)$")

SYNTAX_HELP = (
    "Words search names and texts; also f:FACTION, c<=2 (cost; s strength, l life "
    "with = < <= > >=), t:WORD (text), a:melee|ranged, is:common|champion|event|"
    "structure|summoner|owned. Example: f:polar-dwarves c<=2 t:push"
)


@dataclass
class CardQuery:
    """A parsed search: a database condition, plus whether ``is:owned`` was asked."""

    q: Q = field(default_factory=Q)
    owned: bool = False
    words: list[str] = field(default_factory=list)


def parse(text: str) -> CardQuery:
    """Parse a search string; raises ``ValidationError`` listing every bad term."""
    out = CardQuery()
    problems: list[str] = []
    for raw in text.split():
        term = raw.lower()
        match = TERM.match(term)
        if match is None:
            out.words.append(term)
            out.q &= Q(search_text__contains=term)
            continue
        key, op, value = match["key"], match["op"], match["value"]
        if key in NUMBER_FIELDS:
            if not value.isdigit():
                problems.append(f"{raw[:30]}: {NUMBER_FIELDS[key]} needs a number.")
                continue
            lookup = f"{NUMBER_FIELDS[key]}{LOOKUPS[op]}"
            out.q &= Q(**{lookup: int(value)})
        elif op not in (":", "="):
            problems.append(f"{raw[:30]}: only numbers (c, s, l) take < or >.")
        elif key in ("t", "text"):
            out.q &= Q(search_text__contains=value)
        elif key in ("f", "faction"):
            name = value.replace("-", " ")
            out.q &= Q(faction__slug__startswith=value) | Q(
                faction__name__istartswith=name
            )
        elif key in ("a", "attack"):
            if value not in ("melee", "ranged"):
                problems.append(f"{raw[:30]}: attack is melee or ranged.")
                continue
            out.q &= Q(attack_type=value)
        elif key in ("is", "class"):
            if value == "owned":
                out.owned = True
            elif value in CLASS_WORDS:
                cls = CLASS_WORDS[value]
                if cls == "event":
                    out.q &= Q(card_type="event")
                elif cls == "structure":
                    out.q &= Q(card_type="structure")
                else:
                    out.q &= Q(classes__icontains=f'"{cls}"')
            else:
                known = ", ".join([*CLASS_WORDS, "owned"])
                problems.append(f"{raw[:30]}: unknown; is: takes {known}.")
        else:
            problems.append(
                f"{raw[:30]}: unknown search key {key!r} (use f, c, s, l, t, a, is)."
            )
    if problems:
        raise ValidationError(problems, code="search.invalid")
    return out
