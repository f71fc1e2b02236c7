"""Turn a deck reference from a request into a frozen, validated deck list.

A deck reference is one of:

- a deck id (int, or a string of digits): the user's own deck, or a public/unlisted
  one, through ``decks.selectors.access_deck`` (others' private decks: not found);
  read by :func:`parse_deck_id` (1 .. 2**63-1; anything else written as a number,
  e.g. 5,000 digits, is ``deck.not_found``, never an ``int()`` error);
- a faction slug: that faction's deck from the catalog;
- an inline list ``[{"card": slug, "count": n}, ...]``.

Every deck goes through ``engine.construction.validate_deck`` (the one place the
construction rules live); an illegal deck raises :class:`DeckRejected` with the
validator's errors, before anything is stored or queued. A stored deck of another
edition than the job's is one ``deck.edition`` error (never the other edition's
"no such card" list).

The pages name decks by *keys* (:func:`deck_key`, :func:`split_deck_key`): a stored
deck by its id, a faction deck of the default edition by its faction's slug, and a
faction deck of another edition as ``<edition>:<slug>`` (``first:phoenix-elves``),
since the same slug names a faction in both editions.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404

from engine.deckbuilding.construction import validate_deck
from engine.rulesets import DEFAULT_RULESET
from simulate import adapters
from sw_site.parsers import parse_id


class DeckRejected(Exception):
    """A deck reference that cannot be simulated; ``errors`` are validator-style
    ``{"code", "message", "card"?}`` dicts."""

    def __init__(self, field: str, errors: list[dict[str, Any]]) -> None:
        self.field = field
        self.errors = errors
        super().__init__(f"{field}: {errors[0]['message'] if errors else 'invalid'}")


def _catalog(ruleset: str | None = None) -> Any:
    from engine.deckbuilding.catalog import load_catalog

    try:
        return load_catalog(ruleset=ruleset)
    except ValueError:  # an unknown ruleset: the validator reports it
        return load_catalog()


def _reject(field: str, code: str, message: str) -> DeckRejected:
    return DeckRejected(field, [{"code": code, "message": message, "card": None}])


def parse_deck_id(value: Any) -> int | None:
    """A deck id from input: an int or a string of ASCII digits, 1 .. 2**63-1; None
    when ``value`` is not written as a number (a faction slug, a card list). Raises
    ``django.core.exceptions.ValidationError`` (code ``invalid_id``, a message that
    never echoes thousands of digits) for a number no deck can have: 0, negative,
    past 2**63-1, non-ASCII digits, a bool. Call it before any ``int()`` of a deck
    reference (e.g. ``analysis.services._field_deck``)."""
    return parse_id(value, what="deck id")


def deck_freeze(
    *, user: Any, spec: Any, field: str = "deck", ruleset: str = "second"
) -> dict[str, Any]:
    """A frozen deck (see ``simulate.adapters``) from a deck reference.

    Raises DeckRejected for an unknown reference, a deck the user may not see (as if
    it did not exist) or a deck that breaks the construction rules.
    """
    catalog = _catalog(ruleset)
    if isinstance(spec, bool):
        raise _reject(field, "deck.invalid", "Expected a deck id, slug or card list.")
    try:
        deck_id = parse_deck_id(spec)
    except ValidationError as exc:
        # No deck has such an id: "not found" (callers, such as analysis's opponent
        # field, re-raise not-found rejections as they are, without reading the id).
        raise _reject(field, "deck.not_found", exc.messages[0]) from None
    if deck_id is not None:
        cards, summoner, name, source = _stored_deck(user, deck_id, field, ruleset)
    elif isinstance(spec, str):
        cards, summoner, name, source = _faction_deck(catalog, spec, field)
    elif isinstance(spec, list):
        cards, summoner, name, source = _inline_deck(spec, field)
    else:
        raise _reject(field, "deck.invalid", "Expected a deck id, slug or card list.")

    report = validate_deck(cards, catalog=catalog, ruleset=ruleset, summoner=summoner)
    if not report.valid:
        raise DeckRejected(field, [v.to_json() for v in report.errors])
    summoner_slug = report.summary.summoner or summoner or ""
    summoner_card = catalog.cards.get(summoner_slug)
    summoner_name = summoner_card.name if summoner_card else summoner_slug
    # Entries exactly as the engine CLI would build the deck: a faction deck's list in
    # catalog order; any other deck with roles from ``assign_roles`` (as a deck file).
    # Their order is the order of the deck before the shuffle, so it matters.
    if source["kind"] == "faction":
        entries = faction_deck_or_none(catalog, source["slug"]).entries
    else:
        entries = report.summary.entries
    frozen = adapters.frozen_deck(
        name=name or f"Custom {summoner_name} deck",
        summoner=summoner_slug,
        summoner_name=summoner_name,
        source=source,
        entries=entries,
    )
    if ruleset != DEFAULT_RULESET:
        frozen["ruleset"] = ruleset  # which catalog and setups its cards are from
    return frozen


def edition_words(ruleset: str) -> str:
    """``first`` -> "first-edition" (as in "a first-edition deck")."""
    return f"{ruleset}-edition"


def deck_key(spec: str, ruleset: str) -> str:
    """The key a page names a faction deck by (see the module docstring)."""
    return spec if ruleset == DEFAULT_RULESET else f"{ruleset}:{spec}"


def split_deck_key(key: str) -> tuple[str | None, str]:
    """``(edition or None, reference)`` of a page's deck key: ``first:cloaks`` ->
    ``("first", "cloaks")``; a faction slug -> the default edition; a deck id ->
    ``(None, id)`` (its edition is the stored deck's)."""
    from engine.rulesets import ruleset_names

    head, sep, tail = str(key).partition(":")
    if sep and head in ruleset_names():
        return head, tail
    if str(key).isdigit():
        return None, str(key)
    return DEFAULT_RULESET, str(key)


def _stored_deck(
    user: Any, deck_id: int, field: str, ruleset: str = DEFAULT_RULESET
) -> tuple[list[tuple[str, int]], str | None, str, dict[str, Any]]:
    from decks.selectors import access_deck, deck_entry_pairs

    try:
        deck = access_deck(user, deck_id)
    except Http404:
        raise _reject(field, "deck.not_found", f"No deck with id {deck_id}.") from None
    if deck.ruleset != ruleset:
        raise _reject(
            field,
            "deck.edition",
            f"{deck.name!r} is a {edition_words(deck.ruleset)} deck, and this "
            f"simulation plays the {ruleset} edition: both decks must be of the same "
            f"edition (pick a {edition_words(deck.ruleset)} opponent, or set the "
            f"ruleset to {deck.ruleset}).",
        )
    cards = deck_entry_pairs(deck)
    summoner = deck.summoner.slug if deck.summoner else None
    return cards, summoner, deck.name, {"kind": "deck", "id": deck.pk}


def faction_deck_or_none(catalog: Any, slug: str) -> Any:
    """The faction's deck list, or None when the faction is unknown or its deck list
    is not known (``Catalog.faction_deck`` raises KeyError for both). In an edition
    with reference cards a summoner slug names that summoner's deck."""
    sd = getattr(catalog, "summoners", {}).get(slug)
    if sd is not None:
        return sd.deck
    faction = catalog.factions.get(slug)
    return getattr(faction, "deck", None) if faction is not None else None


def playable_faction_slugs(catalog: Any) -> list[str]:
    """Factions whose deck list is known: the only slugs a deck reference may name."""
    return sorted(s for s in catalog.factions if faction_deck_or_none(catalog, s))


def _faction_deck(
    catalog: Any, slug: str, field: str
) -> tuple[list[tuple[str, int]], str | None, str, dict[str, Any]]:
    deck = faction_deck_or_none(catalog, slug)
    if deck is None:
        known = ", ".join(playable_faction_slugs(catalog))
        raise _reject(
            field,
            "deck.unknown",
            f"{slug[:60]!r} is neither a deck id nor a faction with a known deck "
            f"(factions: {known}).",
        )
    cards = [(e.card, e.count) for e in deck.entries]
    return (
        cards,
        deck.summoner,
        faction_deck_name(catalog, slug),
        {
            "kind": "faction",
            "slug": slug,
        },
    )


def faction_deck_name(catalog: Any, slug: str) -> str:
    """The name a faction deck is shown by: the catalog's, or where the catalog
    names it only by its summoner's slug (the first edition's reference decks),
    "<Faction> faction deck (<Summoner>)"."""
    deck = faction_deck_or_none(catalog, slug)
    if deck is None:
        return slug
    name = str(deck.name)
    if " " in name or name != name.lower():
        return name
    faction = catalog.factions.get(slug)
    summoner = catalog.cards.get(deck.summoner)
    if faction is None:  # a summoner slug: its faction from the card
        faction = catalog.factions.get(getattr(summoner, "faction", "") or "")
    what = f"{faction.name} faction deck" if faction is not None else "Faction deck"
    return f"{what} ({summoner.name})" if summoner is not None else what


def _inline_deck(
    spec: list[Any], field: str
) -> tuple[list[tuple[str, int]], str | None, str, dict[str, Any]]:
    cards: list[tuple[str, int]] = []
    for item in spec:
        card = item.get("card") if isinstance(item, dict) else None
        count = item.get("count") if isinstance(item, dict) else None
        if (
            not isinstance(card, str)
            or not isinstance(count, int)
            or isinstance(count, bool)
        ):
            raise _reject(
                field,
                "deck.invalid",
                'Each inline entry must be {"card": slug, "count": integer}.',
            )
        cards.append((card, count))
    return cards, None, "", {"kind": "inline"}
