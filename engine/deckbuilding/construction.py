"""Deck construction rules (R9; R10 seam): the one place they live.

``validate_deck`` checks a list of (card slug, count) against a ruleset profile and
returns a :class:`ValidationReport` with EVERY violation at once (never only the first).
The Django validator, the REST API and the CLI all call it.

Invariants and decisions
------------------------
* Pure and deterministic: no I/O, no Django; the catalog arrives as a parameter
  (anything with ``.cards`` and ``.factions`` mappings, see :class:`CatalogLike`).
  Violations come in a fixed order (input problems, summoner, per-card problems in deck
  order, gates, starting units, epic events, slot counts): equal input, equal report.
* User input never raises: absurd counts, unknown slugs, too many entries all become
  violations. Only wrong Python types raise ``TypeError``.
* Roles are inferred, never taken from the input: summoner-class units are summoners,
  the generic (faction-less) gates fill the gate slots by life (10 / 5), the summoner's
  starting units take their listed copies first and the rest of those copies count as
  commons/champions (5 Frost Mage with Svara = 1 starting unit + 4 commons), the
  summoner's epic events are epic events, other events go by class.
* The summoner is ``summoner=`` when given, else the one summoner card in the list.
  When given and absent from the list it is counted as present (a deck stored as
  "summoner + cards"). When the list holds several summoners and none was given, the
  summoner-dependent checks (starting units, epic events, symbols) are skipped and
  ``summoner.count`` says why.
* Symbols: a card must share a build symbol with the summoner CARD (its printed
  symbols, Martial included; the faction's pair when the card's are unknown). The
  summoner's own starting units and epic events are exempt (epic events carry only the
  faction emblem); gates carry no symbols and are exempt.
* ``card.not_allowed`` covers: another summoner's epic event; a second summoner when
  the summoner was given; a gate other than the generic 10/5-life gates (faction gates
  that are not events); a card whose class or build symbols are unknown (the rules
  cannot be checked, so the deck is not accepted); more copies of the summoner's epic
  event than listed; counts outside 1..1000; more than 500 entries. Unknown numbers
  (cost, life, strength) do not affect construction: such cards are listed in
  ``summary.stats_unknown``.
* The summoner's starting units / epic events unknown in the catalog ->
  ``starting_units.missing`` / ``epic_events.missing`` (the deck cannot be checked).
* Each ruleset gives its numbers as a profile (``Ruleset.deck_profile``, collected in
  :data:`PROFILES`). A ruleset name no registered ruleset answers to gets the single
  error ``ruleset.unsupported`` ("ruleset 'x': not supported yet; supported: ...").
  ``ruleset.unsupported`` is the one code added to DESIGN.md's list.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from engine.core.types import (
    CardClass,
    CardDef,
    CardType,
    DeckEntry,
    DeckRole,
    FactionDef,
    RulesetProfile,
)
from engine.deckbuilding.report import (
    DeckSummary,
    ValidationReport,
    Violation,
    read_only,
)
from engine.rulesets import DEFAULT_RULESET, RULESETS

__all__ = [
    "CatalogLike",
    "MAX_COUNT",
    "MAX_ENTRIES",
    "PROFILES",
    "ROLE_ORDER",
    "RulesetProfile",
    "ValidationReport",
    "Violation",
    "assign_roles",
    "suggest_card",
    "validate_deck",
]

MAX_COUNT = 1000  # copies of one entry above this are absurd input
MAX_ENTRIES = 500  # entries above this are absurd input (the rest is not looked at)
MAX_SLUG_LEN = 200  # longer "slugs" get no did-you-mean (difflib cost)

ROLE_ORDER: tuple[DeckRole, ...] = (
    DeckRole.SUMMONER,
    DeckRole.STARTING_GATE,
    DeckRole.GATE,
    DeckRole.STARTING_UNIT,
    DeckRole.EPIC_EVENT,
    DeckRole.STANDARD_EVENT,
    DeckRole.CHAMPION,
    DeckRole.COMMON,
)


class CatalogLike(Protocol):
    """What the construction rules need from a catalog (``engine.catalog.Catalog``)."""

    @property
    def cards(self) -> Mapping[str, CardDef]: ...

    @property
    def factions(self) -> Mapping[str, FactionDef]: ...


def profiles() -> Mapping[str, RulesetProfile]:
    """The deck profile of every registered ruleset that has one, by name."""
    return MappingProxyType(
        {n: r.deck_profile for n, r in RULESETS.items() if r.deck_profile is not None}
    )


PROFILES: Mapping[str, RulesetProfile] = profiles()


# --------------------------------------------------------------------------- helpers


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").casefold().split())


def suggest_card(query: str, catalog: CatalogLike) -> CardDef | None:
    """The closest card by name or slug (difflib), or None when nothing is close."""
    if len(query) > MAX_SLUG_LEN:
        return None
    keys: dict[str, str] = {}
    for slug, card in sorted(catalog.cards.items()):
        keys.setdefault(_norm(card.name), slug)
        keys.setdefault(slug, slug)
    hits = difflib.get_close_matches(_norm(query), list(keys), n=1, cutoff=0.6)
    return catalog.cards[keys[hits[0]]] if hits else None


def _unknown(slug: str, catalog: CatalogLike, count: int | None) -> Violation:
    shown = slug if len(slug) <= 60 else slug[:57] + "..."
    best = suggest_card(slug, catalog)
    if best is None:
        return Violation(
            "card.unknown", f"{shown!r}: no such card", card=slug, count=count
        )
    return Violation(
        "card.unknown",
        f"{shown!r}: no such card; did you mean {best.name} ({best.slug})?",
        card=slug,
        count=count,
        suggestion=best.slug,
    )


def _check_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return value


def _entries(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
) -> list[tuple[str, int]]:
    """Plain (slug, count) pairs; raises TypeError on wrong Python types only."""
    if isinstance(cards, str | bytes):
        raise TypeError("cards must be a mapping or a sequence of (slug, count)")
    pairs: list[tuple[object, object]] = []
    if isinstance(cards, Mapping):
        pairs = list(cards.items())
    elif isinstance(cards, Iterable):
        for item in cards:
            if isinstance(item, DeckEntry):
                pairs.append((item.card, item.count))
            elif isinstance(item, tuple | list) and len(item) == 2:
                pairs.append((item[0], item[1]))
            else:
                raise TypeError(
                    f"deck entries must be (slug, count) pairs, not {item!r:.80}"
                )
    else:
        raise TypeError("cards must be a mapping or a sequence of (slug, count)")
    out: list[tuple[str, int]] = []
    for slug, count in pairs:
        if not isinstance(slug, str):
            raise TypeError(f"card slugs must be str, not {type(slug).__name__}")
        out.append((slug, _check_int(count, f"count of {slug[:60]!r}")))
    return out


def _faction_of_summoner(card: CardDef, catalog: CatalogLike) -> FactionDef | None:
    for faction in catalog.factions.values():
        if faction.summoner == card.slug:
            return faction
    if card.faction is not None:
        faction_def = catalog.factions.get(card.faction)
        if faction_def is not None and faction_def.summoner in (None, card.slug):
            return faction_def
    return None


def _is_generic_gate(card: CardDef) -> bool:
    return (
        card.is_gate
        and card.faction is None
        and card.card_type not in (CardType.UNIT, CardType.EVENT)
    )


def _is_ten_life_gate(card: CardDef) -> bool:
    return card.life == 10 or (card.life is None and card.slug == "starting-gate")


def _is_five_life_gate(card: CardDef) -> bool:
    return card.life == 5 or (card.life is None and card.slug == "gate")


def _copies(n: int) -> str:
    return "1 copy" if n == 1 else f"{n} copies"


# -------------------------------------------------------------------------- analysis


@dataclass
class _Analysis:
    profile: RulesetProfile
    errors: list[Violation] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # known cards, merged
    summoner: CardDef | None = None
    faction: FactionDef | None = None
    summoner_implicit: bool = False
    presumed: bool = False  # no single summoner: checked against a likely one
    entries: list[DeckEntry] = field(default_factory=list)


def _analyse(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
    *,
    catalog: CatalogLike,
    profile: RulesetProfile,
    summoner: str | None,
) -> _Analysis:
    raw = _entries(cards)
    if summoner is not None and not isinstance(summoner, str):
        raise TypeError("summoner must be a card slug (str) or None")
    an = _Analysis(profile=profile)
    errors = an.errors
    known = catalog.cards

    # 1. Input sanity, merging, unknown cards.
    if len(raw) > MAX_ENTRIES:
        errors.append(
            Violation(
                "card.not_allowed",
                f"{len(raw)} entries, at most {MAX_ENTRIES}; the rest was not checked",
                count=len(raw),
                limit=MAX_ENTRIES,
            )
        )
        raw = raw[:MAX_ENTRIES]
    unknown: dict[str, int] = {}
    for slug, count in raw:
        if count < 1 or count > MAX_COUNT:
            name = known[slug].name if slug in known else repr(slug[:60])
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{name}: count {count}; a count must be 1 to {MAX_COUNT}",
                    card=slug,
                    count=count,
                    limit=MAX_COUNT,
                )
            )
            continue
        if slug in known:
            an.counts[slug] = an.counts.get(slug, 0) + count
        else:
            unknown[slug] = unknown.get(slug, 0) + count
    errors.extend(_unknown(slug, catalog, n) for slug, n in unknown.items())

    # 2. The summoner: the given one, else the one in the list. Without exactly one,
    # the rest is checked against a presumed summoner so that one mistake gives one
    # violation (not a cascade of starting-unit and epic-event errors).
    listed = [s for s in an.counts if known[s].is_summoner]
    if summoner is not None:
        given = known.get(summoner)
        if given is None:
            errors.append(_unknown(summoner, catalog, None))
        elif not given.is_summoner:
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{given.name} is not a summoner",
                    card=summoner,
                )
            )
        else:
            an.summoner = given
            an.summoner_implicit = summoner not in an.counts
    if an.summoner is None and len(listed) == 1:
        an.summoner = known[listed[0]]
    if an.summoner is not None:
        n = 1 if an.summoner_implicit else an.counts[an.summoner.slug]
        if n != profile.summoners:
            errors.append(
                Violation(
                    "summoner.count",
                    f"{an.summoner.name}: {_copies(n)}, exactly "
                    f"{profile.summoners} summoner",
                    card=an.summoner.slug,
                    count=n,
                    limit=profile.summoners,
                )
            )
    else:
        total = sum(an.counts[s] for s in listed)
        presumed = _presume(an.counts, listed, catalog)
        if not listed:
            msg = f"no summoner, exactly {profile.summoners}"
        else:
            names = ", ".join(known[s].name for s in listed)
            msg = f"{len(listed)} summoners ({names}), exactly {profile.summoners}"
        if presumed is not None:
            msg += f"; the rest was checked as a {presumed.name} deck"
            an.summoner = presumed
            an.presumed = True
        else:
            msg += "; starting units, epic events and symbols were not checked"
        errors.append(
            Violation("summoner.count", msg, count=total, limit=profile.summoners)
        )
    if an.summoner is not None:
        an.faction = _faction_of_summoner(an.summoner, catalog)
    return an


def _presume(
    counts: Mapping[str, int], listed: list[str], catalog: CatalogLike
) -> CardDef | None:
    """The summoner a deck without exactly one most likely belongs to: the listed (or,
    with none listed, any) summoner whose starting units and epic events the list
    holds most of; ties go to the first listed, and with none listed to nobody."""
    known = catalog.cards
    candidates = listed or [
        f.summoner
        for f in catalog.factions.values()
        if f.summoner is not None and f.summoner in known
    ]
    scored: list[tuple[int, str]] = []
    for slug in candidates:
        faction = _faction_of_summoner(known[slug], catalog)
        own = (
            [s for s, _ in faction.starting_units] + [s for s, _ in faction.epic_events]
            if faction is not None
            else []
        )
        scored.append((sum(1 for s in own if s in counts), slug))
    if not scored:
        return None
    best = max(score for score, _ in scored)
    top = [slug for score, slug in scored if score == best]
    if listed:
        return known[top[0]]
    return known[top[0]] if best > 0 and len(top) == 1 else None


def _place(an: _Analysis, catalog: CatalogLike) -> None:
    """Assign roles to every copy and add the per-card violations."""
    known = catalog.cards
    profile = an.profile
    errors = an.errors
    faction = an.faction
    sname = an.summoner.name if an.summoner is not None else "the summoner"
    starting: dict[str, int] = dict(faction.starting_units) if faction else {}
    epics: dict[str, int | None] = dict(faction.epic_events) if faction else {}

    # Summoner symbols (for the symbol rule); None = cannot check.
    sym: frozenset[str] | None = None
    if an.summoner is not None:
        if an.summoner.symbols_known and an.summoner.symbols:
            sym = frozenset(an.summoner.symbols)
        elif faction is not None and faction.build_symbols:
            sym = frozenset(faction.build_symbols)
        else:
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{sname}: build symbols unknown in the catalog, so the symbol "
                    "rule cannot be checked",
                    card=an.summoner.slug,
                )
            )

    entries: list[DeckEntry] = []
    if an.summoner_implicit and an.summoner is not None:
        entries.append(DeckEntry(an.summoner.slug, 1, DeckRole.SUMMONER))

    def not_allowed(card: CardDef, n: int, why: str) -> None:
        errors.append(
            Violation(
                "card.not_allowed", f"{card.name}: {why}", card=card.slug, count=n
            )
        )
        entries.append(DeckEntry(card.slug, n, None))

    for slug, n in an.counts.items():
        card = known[slug]
        rest = n
        if card.is_summoner:
            # Only possible with an explicit summoner= (an inferred one is unique).
            if an.summoner is not None and slug != an.summoner.slug and not an.presumed:
                not_allowed(card, n, f"a second summoner; this deck's is {sname}")
            else:
                entries.append(DeckEntry(slug, n, DeckRole.SUMMONER))
            continue
        if card.is_unit:
            if slug in starting:
                k = min(n, starting[slug])
                entries.append(DeckEntry(slug, k, DeckRole.STARTING_UNIT))
                rest -= k
            if rest == 0:
                continue
            if card.has_class(CardClass.CHAMPION):
                role = DeckRole.CHAMPION
            elif card.has_class(CardClass.COMMON):
                role = DeckRole.COMMON
            else:
                not_allowed(card, rest, "unit class unknown, cannot be checked")
                continue
        elif card.is_event:
            if slug in epics:
                entries.append(DeckEntry(slug, n, DeckRole.EPIC_EVENT))
                continue
            if card.has_class(CardClass.EPIC):
                not_allowed(card, n, f"an epic event that is not {sname}'s")
                continue
            if card.has_class(CardClass.STANDARD):
                role = DeckRole.STANDARD_EVENT
            else:
                not_allowed(card, n, "event class unknown, cannot be checked")
                continue
        elif _is_generic_gate(card):
            if _is_ten_life_gate(card):
                entries.append(DeckEntry(slug, n, DeckRole.STARTING_GATE))
            elif _is_five_life_gate(card):
                entries.append(DeckEntry(slug, n, DeckRole.GATE))
            else:
                not_allowed(card, n, "a gate with unknown life, cannot be checked")
            continue
        elif card.is_gate:
            not_allowed(
                card, n, "the gate slots take only the generic 10-life and 5-life gates"
            )
            continue
        elif card.has_class(CardClass.STANDARD):
            role = DeckRole.STANDARD_EVENT
        else:
            not_allowed(card, n, "not a card a deck slot can hold")
            continue

        # Symbol rule (R9) for champions, commons and standard events.
        if sym is not None and slug not in starting and slug not in epics:
            if not card.symbols_known:
                not_allowed(card, rest, "build symbols unknown, cannot be checked")
                continue
            if not sym.intersection(card.symbols):
                mine = ", ".join(card.symbols) or "no symbol"
                errors.append(
                    Violation(
                        "symbol.mismatch",
                        f"{card.name} ({mine}) shares no build symbol with {sname} "
                        f"({', '.join(sorted(sym))})",
                        card=slug,
                    )
                )
        entries.append(DeckEntry(slug, rest, role))

    # Per-card copy limits, in deck order.
    limits = {
        DeckRole.STANDARD_EVENT: (
            "standard_events.copies",
            profile.standard_event_copies,
            "",
        ),
        DeckRole.CHAMPION: ("champions.copies", profile.champion_copies, ""),
        DeckRole.COMMON: (
            "commons.copies",
            profile.common_copies,
            "; starting units are not counted",
        ),
    }
    for e in entries:
        if e.role in limits:
            code, limit, note = limits[e.role]
            if e.count > limit:
                card = known[e.card]
                extra = ""
                if e.card in starting and e.count < an.counts[e.card]:
                    extra = f" ({an.counts[e.card]} in all)"
                errors.append(
                    Violation(
                        code,
                        f"{card.name}: {_copies(e.count)}{extra}, at most {limit}"
                        f"{note}",
                        card=e.card,
                        count=e.count,
                        limit=limit,
                    )
                )
    an.entries = entries


def _slot_checks(an: _Analysis, catalog: CatalogLike) -> None:
    known = catalog.cards
    profile = an.profile
    errors: list[Violation] = []
    by_role: dict[DeckRole, int] = {}
    per_card_role: dict[tuple[str, DeckRole], int] = {}
    for e in an.entries:
        if e.role is not None:
            by_role[e.role] = by_role.get(e.role, 0) + e.count
            key = (e.card, e.role)
            per_card_role[key] = per_card_role.get(key, 0) + e.count

    def need(code: str, role: DeckRole, limit: int, what: str) -> None:
        have = by_role.get(role, 0)
        if have != limit:
            errors.append(
                Violation(
                    code, f"{have} {what}, exactly {limit}", count=have, limit=limit
                )
            )

    need(
        "gate.ten_life.count",
        DeckRole.STARTING_GATE,
        profile.ten_life_gates,
        "10-life gates",
    )
    need("gate.five_life.count", DeckRole.GATE, profile.five_life_gates, "5-life gates")

    faction = an.faction
    sname = an.summoner.name if an.summoner is not None else ""
    if an.summoner is not None:
        if faction is None or not faction.starting_units:
            errors.append(
                Violation(
                    "starting_units.missing",
                    f"{sname}: the catalog does not list the starting units, so the "
                    "deck cannot be checked",
                    card=an.summoner.slug,
                )
            )
        else:
            for slug, copies in faction.starting_units:
                have = per_card_role.get((slug, DeckRole.STARTING_UNIT), 0)
                if have < copies:
                    name = known[slug].name if slug in known else slug
                    errors.append(
                        Violation(
                            "starting_units.missing",
                            f"{name}: {have} of the {copies} {sname} starts with",
                            card=slug,
                            count=have,
                            limit=copies,
                        )
                    )
        if faction is None or not faction.epic_events:
            errors.append(
                Violation(
                    "epic_events.missing",
                    f"{sname}: the catalog does not list the epic events, so the "
                    "deck cannot be checked",
                    card=an.summoner.slug,
                )
            )
        else:
            _epic_checks(an, faction, known, errors)

    need(
        "standard_events.count",
        DeckRole.STANDARD_EVENT,
        profile.standard_events,
        "standard events",
    )
    need("champions.count", DeckRole.CHAMPION, profile.champions, "champions")
    common_note = "commons (starting units are not counted)"
    need("commons.count", DeckRole.COMMON, profile.commons, common_note)
    an.errors.extend(errors)


def _epic_checks(
    an: _Analysis,
    faction: FactionDef,
    known: Mapping[str, CardDef],
    errors: list[Violation],
) -> None:
    sname = an.summoner.name if an.summoner is not None else ""
    unknown_copies = any(c is None for _, c in faction.epic_events)
    total = 0
    for slug, copies in faction.epic_events:
        have = an.counts.get(slug, 0)
        total += have
        name = known[slug].name if slug in known else slug
        want = copies if copies is not None else 1
        if have < want:
            errors.append(
                Violation(
                    "epic_events.missing",
                    f"{name}: {have} of the {want} {sname}'s deck needs",
                    card=slug,
                    count=have,
                    limit=want,
                )
            )
        elif copies is not None and have > copies:
            errors.append(
                Violation(
                    "card.not_allowed",
                    f"{name}: {_copies(have)}, exactly {copies} ({sname}'s epic event)",
                    card=slug,
                    count=have,
                    limit=copies,
                )
            )
    if unknown_copies and total > an.profile.epic_event_copies:
        errors.append(
            Violation(
                "card.not_allowed",
                f"{total} epic event copies, at most {an.profile.epic_event_copies}",
                count=total,
                limit=an.profile.epic_event_copies,
            )
        )


def _summary(an: _Analysis, catalog: CatalogLike) -> DeckSummary:
    known = catalog.cards
    roles: dict[str, int] = {r.value: 0 for r in ROLE_ORDER}
    class_counts: dict[str, int] = {}
    symbols: dict[str, int] = {}
    cost_by_class: dict[str, int] = {}
    curve: dict[int, int] = {}
    total = total_cost = unknown_cost = 0
    stats_unknown: list[str] = []
    for e in an.entries:
        card = known[e.card]
        total += e.count
        if e.role is not None:
            roles[e.role.value] += e.count
        for cls in card.classes:
            class_counts[cls.value] = class_counts.get(cls.value, 0) + e.count
        for s in card.symbols:
            symbols[s] = symbols.get(s, 0) + e.count
        if not card.stats_known and e.card not in stats_unknown:
            stats_unknown.append(e.card)
        if card.is_summoner or _is_generic_gate(card):
            continue
        if card.cost is None:
            unknown_cost += e.count
            continue
        total_cost += card.cost * e.count
        curve[card.cost] = curve.get(card.cost, 0) + e.count
        for cls in card.classes:
            cost_by_class[cls.value] = cost_by_class.get(cls.value, 0) + (
                card.cost * e.count
            )
    return DeckSummary(
        ruleset=an.profile.name,
        summoner=None if an.summoner is None or an.presumed else an.summoner.slug,
        total_cards=total,
        roles=read_only(roles),
        class_counts=read_only(class_counts),
        symbols=read_only(dict(sorted(symbols.items()))),
        total_cost=total_cost,
        cost_by_class=read_only(cost_by_class),
        cost_curve=read_only(dict(sorted(curve.items()))),
        unknown_cost=unknown_cost,
        stats_unknown=tuple(stats_unknown),
        entries=tuple(an.entries),
    )


def _sort_entries(entries: list[DeckEntry]) -> list[DeckEntry]:
    rank = {r: i for i, r in enumerate(ROLE_ORDER)}
    return sorted(
        entries, key=lambda e: len(ROLE_ORDER) if e.role is None else rank[e.role]
    )


# ------------------------------------------------------------------------ public API


def assign_roles(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
    *,
    catalog: CatalogLike,
    summoner: str | None = None,
) -> tuple[DeckEntry, ...]:
    """The deck's known cards with inferred roles, in R9 slot order (stable within a
    slot); cards no slot can hold get ``role=None`` and come last. Unknown slugs and
    absurd counts are left out."""
    profile = PROFILES[DEFAULT_RULESET]
    an = _analyse(cards, catalog=catalog, profile=profile, summoner=summoner)
    _place(an, catalog)
    return tuple(_sort_entries(an.entries))


def validate_deck(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
    *,
    catalog: CatalogLike,
    ruleset: str = DEFAULT_RULESET,
    summoner: str | None = None,
    owned: Mapping[str, int] | None = None,
) -> ValidationReport:
    """Check a deck against R9 (see the module docstring); every violation at once.

    ``cards``: ``{slug: count}``, ``[(slug, count), ...]`` (duplicates sum) or
    ``DeckEntry`` items (roles ignored). ``owned``: copies owned per slug; a deck
    needing more gives ``collection.short`` warnings. Raises TypeError on wrong Python
    types only.
    """
    if not isinstance(ruleset, str):
        raise TypeError("ruleset must be a str")
    if owned is not None and not isinstance(owned, Mapping):
        raise TypeError("owned must be a mapping of slug -> copies")
    profile = PROFILES.get(ruleset)
    if profile is None:
        _entries(cards)  # still reject wrong Python types
        msg = (
            f"ruleset {ruleset[:40]!r}: not supported yet; "
            f"supported: {', '.join(PROFILES)}"
        )
        return ValidationReport(
            valid=False,
            errors=(Violation("ruleset.unsupported", msg),),
            warnings=(),
            summary=DeckSummary(ruleset=ruleset[:40]),
        )
    if RULESETS[ruleset].catalog_schema == "walls":
        return _walls_report(cards, catalog, profile, ruleset, summoner)
    an = _analyse(cards, catalog=catalog, profile=profile, summoner=summoner)
    _place(an, catalog)
    _slot_checks(an, catalog)
    an.entries = _sort_entries(an.entries)

    warnings: list[Violation] = []
    if owned is not None:
        needed = dict(an.counts)
        if an.summoner_implicit and an.summoner is not None:
            needed[an.summoner.slug] = 1
        for slug, n in needed.items():
            have = _check_int(owned.get(slug, 0), f"owned copies of {slug[:60]!r}")
            if n > have:
                warnings.append(
                    Violation(
                        "collection.short",
                        f"{catalog.cards[slug].name}: the deck needs {n}, "
                        f"you own {have}",
                        card=slug,
                        count=n,
                        limit=have,
                    )
                )
    return ValidationReport(
        valid=not an.errors,
        errors=tuple(an.errors),
        warnings=tuple(warnings),
        summary=_summary(an, catalog),
    )


def _walls_report(
    cards: Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry],
    catalog: CatalogLike,
    profile: RulesetProfile,
    ruleset: str,
    summoner: str | None,
) -> ValidationReport:
    """An edition with walls and reference cards (:mod:`.construction_walls`); its
    cards are checked against its own catalog (a catalog of another edition given by
    a caller that does not know the edition is replaced by the package's)."""
    from engine.deckbuilding.catalog import load_catalog
    from engine.deckbuilding.construction_walls import validate_walls_deck

    if getattr(catalog, "ruleset", "") != ruleset:
        catalog = load_catalog(ruleset=ruleset)
    return validate_walls_deck(
        cards, catalog=catalog, profile=profile, ruleset=ruleset, summoner=summoner
    )


# ------------------------------------------------------------------------------ CLI


def format_report(report: ValidationReport, *, catalog: CatalogLike) -> str:
    """Human-readable report (the CLI's output)."""
    s = report.summary
    lines = [f"{'VALID' if report.valid else 'INVALID'} ({s.ruleset} edition rules)"]
    if s.summoner is not None and s.summoner in catalog.cards:
        lines.append(f"Summoner: {catalog.cards[s.summoner].name}")
    lines.append(f"Cards: {s.total_cards}")
    roles = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s.roles.items())
    lines.append(f"Slots: {roles}")
    if s.symbols:
        lines.append("Symbols: " + ", ".join(f"{k} x{v}" for k, v in s.symbols.items()))
    curve = ", ".join(f"{k}: {v}" for k, v in s.cost_curve.items()) or "empty"
    lines.append(f"Total cost: {s.total_cost}; curve (cost: copies) {curve}")
    for title, items in (("Errors", report.errors), ("Warnings", report.warnings)):
        if items:
            lines.append(f"{title}:")
            lines.extend(f"  [{v.code}] {v.message}" for v in items)
    return "\n".join(lines)
