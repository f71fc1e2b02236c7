"""Rule problems in a player's words: what is wrong, with the numbers, and what to do.

The validator's stable ``code`` and terse ``message`` stay what the API returns; the
pages (and ``plain`` beside them in the validation API's answer) show these sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.deckbuilding.catalog import load_catalog

#: Slot codes counted against an exact target: (singular, plural).
SLOT_NOUNS: dict[str, tuple[str, str]] = {
    "summoner.count": ("summoner", "summoners"),
    "gate.ten_life.count": ("10-life gate", "10-life gates"),
    "gate.five_life.count": ("5-life gate", "5-life gates"),
    "standard_events.count": ("standard event", "standard events"),
    "champions.count": ("champion", "champions"),
    "commons.count": ("common", "commons"),
    "walls.count": ("wall", "walls"),
}


def _other_edition_card(slug: str) -> Any:
    """A card only another edition's catalog has (its name for the sentence)."""
    from engine.rulesets import ruleset_names

    for name in ruleset_names():
        card = load_catalog(ruleset=name).cards.get(slug)
        if card is not None:
            return card
    return None


def _noun(code: str, n: int) -> str:
    one, many = SLOT_NOUNS[code]
    return one if n == 1 else many


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def violation_plain(v: Mapping[str, Any]) -> str:
    """One sentence for a violation given as its JSON (code, message, card, count,
    limit)."""
    code = str(v.get("code", ""))
    count, limit = v.get("count"), v.get("limit")
    if code in SLOT_NOUNS and isinstance(count, int) and isinstance(limit, int):
        if count < limit:
            more = limit - count
            return (
                f"Add {more} more {_noun(code, more)}: the deck has {count} of the "
                f"{limit} it needs."
            )
        less = count - limit
        return (
            f"Remove {less} {_noun(code, less)}: the deck has {count}, and takes "
            f"exactly {limit}."
        )
    if code.endswith(".copies") and isinstance(count, int) and isinstance(limit, int):
        slug = str(v.get("card") or "")
        card = load_catalog().cards.get(slug) or _other_edition_card(slug)
        name = card.name if card else "a card"
        return (
            f"Too many copies of {name}: {count}, at most {limit} allowed. Remove "
            f"{count - limit}."
        )
    if code == "collection.short":
        return _sentence(f"Not enough in your collection: {v.get('message', '')}")
    return _sentence(str(v.get("message", "")))


def report_items(violations: Any) -> list[dict[str, Any]]:
    """Violations (engine objects or their JSON) as {code, plain, card}."""
    out = []
    for v in violations:
        data = v if isinstance(v, Mapping) else v.to_json()
        out.append({**data, "plain": violation_plain(data)})
    return out
