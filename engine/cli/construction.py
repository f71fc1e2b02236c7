"""``python -m engine.construction DECK [--json] [--ruleset NAME]``: the deck legality
report (the validator is :mod:`engine.deckbuilding.construction`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.deckbuilding.construction import (
    PROFILES,
    ValidationReport,
    Violation,
    format_report,
    validate_deck,
)
from engine.rulesets import DEFAULT_RULESET


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.construction DECK [--json] [--ruleset NAME]``.

    DECK is a faction slug (its faction deck) or a path to a deck text file. Exit code 0
    when valid, 1 when not, 2 on usage errors.
    """
    parser = argparse.ArgumentParser(
        prog="python -m engine.construction",
        description="Check a deck against the construction rules (R9).",
    )
    parser.add_argument("deck", help="faction slug or path to a deck text file")
    parser.add_argument("--json", action="store_true", help="print the JSON report")
    parser.add_argument(
        "--ruleset",
        default=DEFAULT_RULESET,
        help=f"edition (default {DEFAULT_RULESET}; known: {', '.join(PROFILES)})",
    )
    args = parser.parse_args(argv)

    try:
        from engine.deckbuilding.catalog import load_catalog
    except ImportError as exc:  # pragma: no cover - only before the catalog lands
        print(f"error: cannot load the catalog: {exc}", file=sys.stderr)
        return 2
    from engine.deckbuilding.decktext import parse_deck_text

    catalog = load_catalog(ruleset=args.ruleset if args.ruleset in PROFILES else None)
    deck: str = args.deck
    pre: list[Violation] = []
    cards: list[tuple[str, int]]
    faction = catalog.factions.get(deck)
    if deck in catalog.summoners:
        cards = []
    elif faction is not None:
        if faction.deck is None:
            print(f"error: faction {deck!r} has no deck list", file=sys.stderr)
            return 2
        cards = list(faction.deck.counts().items())
    elif Path(deck).is_file():
        try:
            text = Path(deck).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            print(f"error: cannot read {deck}: {exc}", file=sys.stderr)
            return 2
        parsed = parse_deck_text(text, catalog=catalog)
        cards = list(parsed.entries)
        pre = [p.to_violation() for p in parsed.problems]
    else:
        print(
            f"error: {deck!r} is neither a faction slug nor a deck text file",
            file=sys.stderr,
        )
        return 2
    summoner = None
    sd = catalog.summoners.get(deck)
    if sd is not None:  # a summoner's deck (editions with reference cards)
        cards, summoner = list(sd.deck.counts().items()), sd.slug
    report = validate_deck(
        cards, catalog=catalog, ruleset=args.ruleset, summoner=summoner
    )
    if pre:
        report = ValidationReport(
            valid=False,
            errors=tuple(pre) + report.errors,
            warnings=report.warnings,
            summary=report.summary,
        )
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(format_report(report, catalog=catalog))
    return 0 if report.valid else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
