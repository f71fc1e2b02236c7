"""Swap candidates: every legal 1-for-1 in-place swap of a deck with a card pool.

A swap takes one copy of a draw-deck card out (the last copy: the one
:func:`~engine.optimize.paired.replace_in_place` replaces in its slot) and puts a pool
card of the same slot class in (common for common, champion for champion, standard
event for standard event: :func:`~engine.optimize.paired.slot_class`). It is legal
when the deck after the swap passes its ruleset's construction rules (the validator of
:mod:`engine.deckbuilding.construction` decides: copy limits, build symbols, ...) and,
when a collection is given, needs no more copies of the new card than are owned.
Analysis-only cards (planted clones) are validated through :class:`CatalogPlus`, a
view of the catalog with them added; the package catalog never holds them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import GameDeck
from engine.core.types import CardDef
from engine.optimize.paired import slot_class


@dataclass(frozen=True, slots=True)
class Swap:
    """One copy of ``out_slug`` (the last in the draw deck) replaced in its slot by
    ``in_slug``; both of slot class ``slot``."""

    out_slug: str
    in_slug: str
    slot: str

    def as_json(self) -> list[str]:
        return [self.out_slug, self.in_slug, self.slot]


def deck_counts(deck: GameDeck) -> Counter[str]:
    """Copies per slug of the deck's construction list: summoner, starting gate,
    starting units and draw deck (separate piles are not part of the list)."""
    cards = [deck.summoner, *(u for u, _ in deck.starting_units), *deck.draw_cards]
    if deck.starting_gate is not None:
        cards.append(deck.starting_gate)
    return Counter(c.slug for c in cards)


class CatalogPlus:
    """A catalog with extra analysis-only cards (planted clones), for the
    construction validator only; the package catalog itself is never changed."""

    def __init__(self, catalog: Any, extra: Sequence[CardDef]) -> None:
        self.cards: dict[str, CardDef] = {**catalog.cards, **{c.slug: c for c in extra}}
        self.factions = catalog.factions
        self.summoners = getattr(catalog, "summoners", {})
        self.ruleset: str = getattr(catalog, "ruleset", "")


def _catalog(ruleset: str, catalog: Any | None) -> Any:
    if catalog is not None:
        return catalog
    from engine.deckbuilding.resolve import default_catalog

    return default_catalog(ruleset or None)


def _ruleset_name(ruleset: str) -> str:
    from engine.rulesets import DEFAULT_RULESET, get_ruleset

    return get_ruleset(ruleset).name if ruleset else DEFAULT_RULESET


def candidate_swaps(
    deck: GameDeck,
    pool: Sequence[CardDef],
    *,
    collection: Mapping[str, int] | None = None,
    ruleset: str = "",
    catalog: Any | None = None,
) -> list[Swap]:
    """Every legal 1-for-1 in-place swap of ``deck`` with a card of ``pool`` (module
    docstring), out cards in draw-deck order, in cards in pool order. ``catalog``
    (default: the package catalog of ``ruleset``) must know every card involved."""
    from engine.deckbuilding.construction import validate_deck

    cat = _catalog(ruleset, catalog)
    rs = _ruleset_name(ruleset)
    counts = deck_counts(deck)
    ins: dict[str, CardDef] = {}
    for c in pool:
        ins.setdefault(c.slug, c)
    outs: dict[str, CardDef] = {}
    for c in deck.draw_cards:
        if slot_class(c) is not None:
            outs.setdefault(c.slug, c)
    swaps: list[Swap] = []
    for out in outs.values():
        slot = slot_class(out)
        assert slot is not None
        for card in ins.values():
            if card.slug == out.slug or slot_class(card) != slot:
                continue
            after = counts.copy()
            after[out.slug] -= 1
            after[card.slug] += 1
            if collection is not None and after[card.slug] > collection.get(
                card.slug, 0
            ):
                continue
            rep = validate_deck(
                {s: n for s, n in after.items() if n > 0},
                catalog=cat,
                ruleset=rs,
                summoner=deck.summoner.slug,
            )
            if rep.valid:
                swaps.append(Swap(out.slug, card.slug, slot))
    return swaps


def estimate_cpu_seconds(games: int, agent: str) -> float | None:
    """Expected CPU seconds of ``games`` games with ``agent`` at the ladder's stored
    speed (games per CPU second, measured with the compiled engine: pure Python is
    several times slower); None when the ladder has no figure for the agent."""
    from engine.agents.ladder import ratings

    rate = ratings().get(agent, {}).get("games_per_s")
    if not rate:
        return None
    return games / float(rate)


def catalog_pool(ruleset: str = "") -> list[CardDef]:
    """Every card of the package catalog of ``ruleset``: the pool a deck may take
    cards from (the construction rules then keep only the legal ones)."""
    from engine.deckbuilding.resolve import default_catalog

    return list(default_catalog(ruleset or None).cards.values())
