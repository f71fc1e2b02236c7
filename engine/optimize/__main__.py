"""``python -m engine.optimize``:

- ``card-values --deck DECK [--field DECK,...] [--agent planner] [--budget GAMES]
  --seed S [--json]``: each card's value above magic with simultaneous intervals
  (:mod:`engine.optimize.card_values`). DECK is a faction slug or a deck file; the
  field defaults to every faction deck of the ruleset.
- ``variance``: how much paired games (same seed blocks, per-turn dice streams,
  in-place swaps) and the dice-luck control variate cut the variance of a swap's
  effect against independent seeds (:mod:`engine.optimize.variance`)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.optimize import card_values, variance


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.optimize")
    sub = ap.add_subparsers(dest="command", required=True)
    v = sub.add_parser("variance", help="variance cut of paired games on random swaps")
    v.add_argument("--swaps", type=int, default=20)
    v.add_argument("--blocks", type=int, default=200, help="seed blocks per deck")
    v.add_argument("--agent", default="greedy")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--jobs", type=int, default=1, help="worker processes")
    v.add_argument("--json", action="store_true")
    c = sub.add_parser("card-values", help="value above magic of each card")
    c.add_argument("--deck", required=True, help="faction slug or deck file")
    c.add_argument("--field", help="comma-separated decks (default: every faction)")
    c.add_argument("--agent", default="planner")
    c.add_argument("--budget", type=int, default=30_000, help="games at most")
    c.add_argument("--target", type=float, default=3.0, help="half-width, points")
    c.add_argument("--ruleset", default=None)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--jobs", type=int, default=1, help="worker processes")
    c.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.command == "card-values":
        return _card_values(ap, args)
    if args.swaps < 1 or args.blocks < 4:
        ap.error("--swaps must be >= 1 and --blocks >= 4")
    rep = variance.measure(
        swaps=args.swaps,
        blocks=args.blocks,
        agent=args.agent,
        seed=args.seed,
        jobs=args.jobs,
    )
    print(json.dumps(rep, indent=2) if args.json else variance.format_report(rep))
    return 0


def _card_values(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from engine.agents import AGENTS
    from engine.core.types import Rules
    from engine.deckbuilding.resolve import default_catalog, resolve_deck

    if args.agent not in AGENTS:
        ap.error(f"unknown agent {args.agent!r} (one of {', '.join(sorted(AGENTS))})")
    if args.budget < 1 or args.target <= 0:
        ap.error("--budget and --target must be positive")
    try:
        deck = resolve_deck(args.deck, ruleset=args.ruleset)
        if args.field:
            names = [x.strip() for x in args.field.split(",") if x.strip()]
        else:
            cat = default_catalog(args.ruleset)
            names = [f.slug for f in cat.factions.values() if f.deck is not None]
        field = [resolve_deck(n, ruleset=args.ruleset) for n in names]
        rep = card_values.card_values(
            deck,
            field,
            agent=args.agent,
            seed=args.seed,
            max_games=args.budget,
            target=args.target / 100,
            jobs=args.jobs,
            rules=Rules(ruleset=args.ruleset) if args.ruleset else None,
        )
    except (ValueError, FileNotFoundError) as exc:
        ap.error(str(exc))
    print(json.dumps(rep, indent=2) if args.json else card_values.format_report(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
