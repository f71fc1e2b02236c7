"""Deck construction for editions with walls and summoner reference cards (the first:
research/first-edition.md R46-R53), every violation at once, with stable codes.

The numbers come from the ruleset's :class:`~engine.core.types.RulesetProfile`
(``walls``, ``events``, ``champions``, ``commons``, copy limits, ``max_allies`` cards
of ``ally_faction``). Codes (the shared ones keep their meaning):

* ``summoner.count``: not exactly one summoner (a summoner given as ``summoner=`` and
  absent from the list counts as present);
* ``card.unknown`` (with a did-you-mean), ``card.not_allowed``: a card no deck may
  hold (conjurations, Minor Ice Walls and Vine Walls live in separate piles; an event
  of another summoner's reference card; a second summoner), or an absurd count;
* ``events.missing``: fewer copies of a reference-card event than it lists (R47);
  ``events.copies``: more copies than it lists; ``events.not_listed``: an event the
  summoner's reference card does not list;
* ``walls.count``: not exactly 3 walls (R48);
* ``starting_units.missing``: fewer copies of a setup unit than the setup places (R48);
* ``champions.count`` / ``commons.count``: not 3 champions / 18 commons in total
  (R49; Mutations fill either kind of slot, R52); ``champions.copies`` (more than 1 of
  a champion) / ``commons.copies`` (more than 10 of a common or Mutation, R51);
* ``faction.mismatch``: a unit of another faction than the summoner's, Mercenaries
  aside (R50); ``mercenaries.count``: more than 6 Mercenary cards (a Mercenary
  summoner's deck is all Mercenaries and has no such limit).

Pure, deterministic (violations in a fixed order: input, summoner, per card in deck
order, events, walls, setup units, slot counts), never raises on user input.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.core.types import (
    CardClass,
    CardDef,
    DeckEntry,
    DeckRole,
    RulesetProfile,
)
from engine.deckbuilding.report import DeckSummary, ValidationReport, Violation

MAX_COUNT = 1000
MAX_ENTRIES = 500
_NO_DECK = {CardClass.CONJURATION}


def _pairs(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
) -> list[tuple[str, int]]:
    if isinstance(cards, Mapping):
        items: list[Any] = list(cards.items())
    else:
        items = [(e.card, e.count) if isinstance(e, DeckEntry) else e for e in cards]
    out: list[tuple[str, int]] = []
    for item in items:
        if not isinstance(item, tuple) or len(item) != 2:
            raise TypeError("cards must be (slug, count) pairs")
        slug, n = item
        if not isinstance(slug, str) or isinstance(n, bool) or not isinstance(n, int):
            raise TypeError("a card is a (str, int) pair")
        out.append((slug, n))
    return out


def validate_walls_deck(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
    *,
    catalog: Any,
    profile: RulesetProfile,
    ruleset: str,
    summoner: str | None = None,
) -> ValidationReport:
    """The report for ``cards`` (see the module docstring)."""
    errors: list[Violation] = []
    pairs = _pairs(cards)
    if len(pairs) > MAX_ENTRIES:
        errors.append(
            Violation(
                "card.not_allowed",
                f"{len(pairs)} entries: at most {MAX_ENTRIES} are looked at",
                count=len(pairs),
                limit=MAX_ENTRIES,
            )
        )
        pairs = pairs[:MAX_ENTRIES]
    known: dict[str, int] = {}
    all_cards: Mapping[str, CardDef] = catalog.cards
    for slug, n in pairs:
        if not 1 <= n <= MAX_COUNT:
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{slug[:60]!r}: {n} copies is not a count (1..{MAX_COUNT})",
                    card=slug[:200],
                    count=n,
                )
            )
            continue
        if slug not in all_cards:
            near = difflib.get_close_matches(slug[:200], list(all_cards), n=1)
            errors.append(
                Violation(
                    "card.unknown",
                    f"unknown card {slug[:60]!r}"
                    + (f" (did you mean {near[0]!r}?)" if near else ""),
                    card=slug[:200],
                    suggestion=near[0] if near else None,
                )
            )
            continue
        known[slug] = known.get(slug, 0) + n

    # -- the summoner
    summoners = [s for s in known if all_cards[s].is_summoner]
    summ: CardDef | None = None
    implicit = False
    if (
        summoner is not None
        and summoner in all_cards
        and all_cards[summoner].is_summoner
    ):
        summ = all_cards[summoner]
        implicit = summoner not in known
        extra = [s for s in summoners if s != summoner]
        for s in extra:
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{all_cards[s].name}: a second summoner ({summ.name} leads)",
                    card=s,
                )
            )
        if known.get(summoner, 0) > 1:
            errors.append(
                Violation(
                    "summoner.count",
                    f"{summ.name}: {known[summoner]} copies; a deck has 1 summoner",
                    card=summoner,
                    count=known[summoner],
                    limit=1,
                )
            )
    elif len(summoners) == 1 and known[summoners[0]] == 1:
        summ = all_cards[summoners[0]]
    else:
        n = sum(known[s] for s in summoners)
        errors.append(
            Violation(
                "summoner.count",
                f"a deck has exactly 1 summoner; this one has {n}",
                count=n,
                limit=1,
            )
        )
    sdef = catalog.summoners.get(summ.slug) if summ is not None else None
    faction = summ.faction if summ is not None else None
    ally = profile.ally_faction
    listed: dict[str, int] = dict(sdef.events) if sdef is not None else {}
    others_events: set[str] = {
        e
        for s, d in catalog.summoners.items()
        if s != (summ.slug if summ else "")
        for e, _n in d.events
    }

    # -- per card, in deck order
    champions = commons = mutations = walls = allies = 0
    roles: dict[str, int] = {}
    entries: list[DeckEntry] = []
    for slug, n in known.items():
        card = all_cards[slug]
        role: DeckRole | None = None
        if card.is_summoner:
            role = DeckRole.SUMMONER if summ is not None and slug == summ.slug else None
        elif CardClass.EVENT in card.classes:
            role = DeckRole.EVENT
            if summ is None:
                pass
            elif slug in listed:
                if n > listed[slug]:
                    errors.append(
                        Violation(
                            "events.copies",
                            f"{card.name}: {n} copies; {summ.name}'s reference card "
                            f"lists {listed[slug]}",
                            card=slug,
                            count=n,
                            limit=listed[slug],
                        )
                    )
            else:
                code = (
                    "card.not_allowed" if slug in others_events else "events.not_listed"
                )
                errors.append(
                    Violation(
                        code,
                        f"{card.name}: not an event of {summ.name}'s reference card",
                        card=slug,
                        count=n,
                    )
                )
        elif CardClass.WALL in card.classes:
            if _separate_pile(card):
                errors.append(
                    Violation(
                        "card.not_allowed",
                        f"{card.name}: kept in a separate pile, never in the deck",
                        card=slug,
                    )
                )
            else:
                role = DeckRole.WALL
                walls += n
        elif card.is_unit:
            if set(card.classes) & _NO_DECK:
                errors.append(
                    Violation(
                        "card.not_allowed",
                        f"{card.name}: a conjuration, kept in a separate pile",
                        card=slug,
                    )
                )
                continue
            is_champ = CardClass.CHAMPION in card.classes
            limit = profile.champion_copies if is_champ else profile.common_copies
            if n > limit:
                errors.append(
                    Violation(
                        "champions.copies" if is_champ else "commons.copies",
                        f"{card.name}: {n} copies; at most {limit}",
                        card=slug,
                        count=n,
                        limit=limit,
                    )
                )
            if is_champ:
                champions += n
                role = DeckRole.CHAMPION
            elif CardClass.MUTATION in card.classes:
                mutations += n
                role = DeckRole.COMMON
            else:
                commons += n
                role = DeckRole.COMMON
            if faction is not None and card.faction != faction:
                if ally and card.faction == ally:
                    allies += n
                else:
                    errors.append(
                        Violation(
                            "faction.mismatch",
                            f"{card.name}: a {card.faction or 'neutral'} unit in a "
                            f"{faction} deck",
                            card=slug,
                            count=n,
                        )
                    )
        if role is not None:
            roles[role.value] = roles.get(role.value, 0) + n
        entries.append(DeckEntry(slug, n, role))
    if summ is not None and implicit:
        roles[DeckRole.SUMMONER.value] = roles.get(DeckRole.SUMMONER.value, 0) + 1

    # -- the reference card's events (R47)
    if summ is not None and sdef is not None:
        for slug, need in sdef.events:
            have = known.get(slug, 0)
            if have < need:
                errors.append(
                    Violation(
                        "events.missing",
                        f"{all_cards[slug].name}: {have} of the {need} copies "
                        f"{summ.name}'s reference card lists",
                        card=slug,
                        count=have,
                        limit=need,
                    )
                )
    elif summ is not None:
        errors.append(
            Violation(
                "events.missing",
                f"{summ.name}: the catalog does not know its reference card",
                card=summ.slug,
            )
        )
    # -- walls (R48)
    if walls != profile.walls:
        errors.append(
            Violation(
                "walls.count",
                f"{walls} walls; a deck has {profile.walls}",
                count=walls,
                limit=profile.walls,
            )
        )
    # -- setup units (R48)
    if sdef is not None:
        need_units: dict[str, int] = {}
        for slug, _pos in sdef.setup.units:
            need_units[slug] = need_units.get(slug, 0) + 1
        for slug, need in need_units.items():
            have = known.get(slug, 0)
            if have < need:
                errors.append(
                    Violation(
                        "starting_units.missing",
                        f"{all_cards[slug].name}: {have} of the {need} the starting "
                        f"setup places",
                        card=slug,
                        count=have,
                        limit=need,
                    )
                )
    # -- slots (R49, R52: Mutations fill either kind)
    need_ch, need_co = profile.champions, profile.commons
    free = mutations
    if champions > need_ch or champions + free < need_ch:
        errors.append(
            Violation(
                "champions.count",
                f"{champions} champions; a deck has {need_ch}",
                count=champions,
                limit=need_ch,
            )
        )
    free -= max(0, need_ch - champions)
    if commons > need_co or commons + max(free, 0) != need_co:
        errors.append(
            Violation(
                "commons.count",
                f"{commons + max(free, 0)} commons; a deck has {need_co}",
                count=commons + max(free, 0),
                limit=need_co,
            )
        )
    # -- Mercenaries (R50)
    if faction is not None and faction != ally and allies > profile.max_allies:
        errors.append(
            Violation(
                "mercenaries.count",
                f"{allies} Mercenary cards; at most {profile.max_allies}",
                count=allies,
                limit=profile.max_allies,
            )
        )

    total = sum(known.values()) + (1 if implicit else 0)
    costs = {s: all_cards[s].cost for s in known if all_cards[s].is_unit}
    curve: dict[int, int] = {}
    total_cost = 0
    for s, c in costs.items():
        if c is not None:
            curve[c] = curve.get(c, 0) + known[s]
            total_cost += c * known[s]
    classes: dict[str, int] = {}
    for s, n in known.items():
        for cls in all_cards[s].classes:
            classes[cls.value] = classes.get(cls.value, 0) + n
    summary = DeckSummary(
        ruleset=ruleset,
        summoner=summ.slug if summ is not None else None,
        total_cards=total,
        roles=dict(roles),
        class_counts=classes,
        symbols={},
        total_cost=total_cost,
        cost_by_class={},
        cost_curve=dict(sorted(curve.items())),
        unknown_cost=0,
        stats_unknown=(),
        entries=tuple(entries),
    )
    return ValidationReport(
        valid=not errors, errors=tuple(errors), warnings=(), summary=summary
    )


def _separate_pile(card: CardDef) -> bool:
    """Walls that live in a separate pile (Minor Ice Wall, Vine Wall): walls that are
    not an event and are not the generic deck wall (by their notes' word)."""
    return (
        CardClass.EVENT not in card.classes
        and "separate pile" in (card.notes or "").lower()
    )
