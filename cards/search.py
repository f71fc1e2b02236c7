"""The card search syntax, shared by the ``/cards/`` page and ``GET /api/cards/``
(the ``q`` parameter). Terms are separated by spaces; every term must match:

==================  ==========================================================
``word``            the word in the card's name or ability names and texts; a
                    word that names a keyword also matches that field (see
                    below): ``ranged`` finds every ranged unit besides the
                    cards whose texts say "ranged"
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

Plain words that name a keyword search its field too, as a union with the text match
(``keyword_q``): ``melee`` / ``ranged`` the attack type; a class word (``common``,
``champion``, ``summoner``, ``event``, ``structure``, ``gate``, ``epic``,
``standard``, or its plural) the class; a faction's slug, its name or one word of it
(``polar``, ``dwarves``, ``polar-dwarves``) the faction. ``t:WORD`` still searches
the texts only.
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
#: Plurals a player may type for a class word ("commons", "champions").
CLASS_PLURALS = {f"{word}s": word for word in CLASS_WORDS}
ATTACK_WORDS = ("melee", "ranged")
#: Words in faction names that name no faction on their own ("The Filth").
NOT_FACTION_WORDS = frozenset({"the", "and", "of"})
TERM = re.compile(r"^(?P<key>[a-z]+)(?P<op><=|>=|=|:|<|>)(?P<value>.+)$")

SYNTAX_HELP = (
    "Words search names and texts, and a word naming an attack type (ranged), a "
    "class (common) or a faction (polar) searches that too; also f:FACTION, c<=2 "
    "(cost; s strength, l life "
    "with = < <= > >=), t:WORD (text), a:melee|ranged, is:common|champion|event|"
    "structure|summoner|owned. Example: f:polar-dwarves c<=2 t:push"
)


def class_q(cls: str) -> Q:
    """Cards of a class word (``is:``): events and structures by their card type (a
    gate is a structure), the other words by the class list."""
    if cls == "event":
        return Q(card_type="event")
    if cls == "structure":
        return Q(card_type="structure")
    # ``classes`` is a JSON list: the quoted word in its text form matches on SQLite
    # and PostgreSQL alike ('"gate"' never matches a longer word).
    return Q(classes__icontains=f'"{cls}"')


def faction_word_q(word: str) -> Q:
    """Cards of the factions a plain word names: the slug, the whole name, or one
    word of the name ("polar", "dwarves"); a short word or "the" names none."""
    name = word.replace("-", " ")
    if len(name) < 3 or name in NOT_FACTION_WORDS:
        return Q(faction__slug=word)
    return (
        Q(faction__slug=word)
        | Q(faction__name__iexact=name)
        | Q(faction__name__istartswith=f"{name} ")
        | Q(faction__name__iendswith=f" {name}")
        | Q(faction__name__icontains=f" {name} ")
    )


def keyword_q(word: str) -> Q:
    """What a plain word matches besides the texts: the attack type, class or
    faction it names. A word naming none of them matches no card here (the text
    match alone decides)."""
    q = faction_word_q(word)
    if word in ATTACK_WORDS:
        q |= Q(attack_type=word)
    cls = CLASS_WORDS.get(word) or CLASS_PLURALS.get(word)
    if cls is not None:
        q |= class_q(cls)
    return q


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
            out.q &= Q(search_text__contains=term) | keyword_q(term)
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
                out.q &= class_q(CLASS_WORDS[value])
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
