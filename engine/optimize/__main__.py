"""``python -m engine.optimize``:

- ``card-values --deck DECK [--field DECK,...] [--agent planner] [--budget GAMES]
  [--design screening|groups|one-at-a-time] --seed S [--json]``: each card's value
  above magic with simultaneous intervals (:mod:`engine.optimize.card_values`).
  DECK is a faction slug or a deck file; the field defaults to every faction deck
  of the ruleset.
- ``suggest --deck DECK [--field DECK,...] [--agent planner] [--budget GAMES]
  [--climb N] [--collection FILE] --seed S [--json]``: the best legal 1-for-1 swap(s),
  confirmed on fresh seeds (:mod:`engine.optimize.suggest`).
- ``honesty [--deck DECK] [--field ...] [--agent planner] [--budget GAMES]
  [--suggest-budget GAMES] [--extra-budget GAMES [--held-out ...] [--second-agent
  greedy]] --runs N --seed S [--json]``: planted clones in the card values and the
  swap search; with an extra budget also A/A swaps, held-out opponents, a second
  agent and coverage (:mod:`engine.optimize.honesty`).
- ``variance``: how much paired games (same seed blocks, per-turn dice streams,
  in-place swaps) and the dice-luck control variate cut the variance of a swap's
  effect against independent seeds (:mod:`engine.optimize.variance`)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.game import GameDeck
from engine.optimize import card_values, variance
from engine.optimize import suggest as suggest_defaults
from engine.optimize.runs import cpu_seconds


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
    c.add_argument(
        "--budget", type=int, default=card_values.DEFAULT_BUDGET, help="games at most"
    )
    c.add_argument("--target", type=float, default=3.0, help="half-width, points")
    c.add_argument(
        "--design",
        choices=card_values.DESIGNS,
        default=card_values.SCREENING,
        help="screening (every game tells about every card) or one-at-a-time",
    )
    c.add_argument("--ruleset", default=None)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--jobs", type=int, default=1, help="worker processes")
    c.add_argument("--json", action="store_true")
    g = sub.add_parser("suggest", help="the best confirmed 1-for-1 swap(s)")
    g.add_argument("--deck", required=True, help="faction slug or deck file")
    g.add_argument("--field", help="comma-separated decks (default: every faction)")
    g.add_argument("--agent", default="planner")
    g.add_argument(
        "--budget",
        type=int,
        default=suggest_defaults.DEFAULT_BUDGET,
        help="games at most",
    )
    g.add_argument("--climb", type=int, default=1, help="swaps to accept (1-5)")
    g.add_argument(
        "--search",
        choices=suggest_defaults.SEARCHES,
        default=suggest_defaults.SCREEN,
        help="screening (every game plays several swaps) or halving",
    )
    g.add_argument("--collection", help="JSON file: {card slug: copies owned}")
    g.add_argument("--ruleset", default=None)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--jobs", type=int, default=1, help="worker processes")
    g.add_argument("--json", action="store_true")
    h = sub.add_parser("honesty", help="planted clones, A/A swaps, held-out checks")
    h.add_argument("--deck", default="vanguards")
    h.add_argument(
        "--field", help="comma-separated decks (default: three of the edition's)"
    )
    h.add_argument("--held-out", help="decks for the further checks (default: two)")
    h.add_argument("--agent", default="planner")
    h.add_argument("--second-agent", default="greedy")
    h.add_argument(
        "--budget",
        type=int,
        default=card_values.DEFAULT_BUDGET,
        help="card-value games per run",
    )
    h.add_argument(
        "--suggest-budget",
        type=int,
        default=suggest_defaults.DEFAULT_BUDGET,
        help="swap-search games per run",
    )
    h.add_argument(
        "--extra-budget",
        type=int,
        default=0,
        help="games per run for the A/A, held-out, second-agent and coverage "
        "checks (0: skip them)",
    )
    h.add_argument(
        "--design", choices=card_values.DESIGNS, default=card_values.SCREENING
    )
    h.add_argument("--runs", type=int, default=1)
    h.add_argument("--ruleset", default=None)
    h.add_argument("--seed", type=int, default=1)
    h.add_argument("--jobs", type=int, default=1, help="worker processes")
    h.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.command == "card-values":
        return _card_values(ap, args)
    if args.command == "suggest":
        return _suggest(ap, args)
    if args.command == "honesty":
        return _honesty(ap, args)
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
        start = cpu_seconds()
        rep = card_values.card_values(
            deck,
            field,
            design=args.design,
            agent=args.agent,
            seed=args.seed,
            max_games=args.budget,
            target=args.target / 100,
            jobs=args.jobs,
            rules=Rules(ruleset=args.ruleset) if args.ruleset else None,
        )
        rep["cpu_seconds"] = cpu_seconds() - start
    except (ValueError, FileNotFoundError) as exc:
        ap.error(str(exc))
    print(json.dumps(rep, indent=2) if args.json else card_values.format_report(rep))
    return 0


def _faction_slugs(ruleset: str | None) -> list[str]:
    """The faction decks of an edition, in catalog order."""
    from engine.deckbuilding.resolve import default_catalog

    cat = default_catalog(ruleset)
    return [f.slug for f in cat.factions.values() if f.deck is not None]


def _decks(
    ap: argparse.ArgumentParser, args: argparse.Namespace, text: str | None
) -> list[GameDeck]:
    """The decks a comma-separated list names (default: every faction deck)."""
    from engine.deckbuilding.resolve import resolve_deck

    if text is not None:
        names = [x.strip() for x in text.split(",") if x.strip()]
    else:
        names = _faction_slugs(args.ruleset)
    if not names:
        ap.error("the field needs at least one opponent deck")
    return [resolve_deck(n, ruleset=args.ruleset) for n in names]


def _check_agent(ap: argparse.ArgumentParser, *agents: str) -> None:
    from engine.agents import AGENTS

    for a in agents:
        if a not in AGENTS:
            ap.error(f"unknown agent {a!r} (one of {', '.join(sorted(AGENTS))})")


def _suggest(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from engine.deckbuilding.resolve import resolve_deck
    from engine.optimize import suggest

    _check_agent(ap, args.agent)
    if args.budget < 1:
        ap.error("--budget must be positive")
    try:
        collection = None
        if args.collection:
            with open(args.collection, encoding="utf-8") as f:
                collection = {str(k): int(v) for k, v in json.load(f).items()}
        deck = resolve_deck(args.deck, ruleset=args.ruleset)
        field = _decks(ap, args, args.field)
        rep = suggest.suggest(
            deck,
            field,
            pool=suggest.catalog_pool(args.ruleset or ""),
            collection=collection,
            agent=args.agent,
            seed=args.seed,
            max_games=args.budget,
            climb=args.climb,
            ruleset=args.ruleset or "",
            search=args.search,
            jobs=args.jobs,
        )
    except (ValueError, FileNotFoundError, KeyError) as exc:
        ap.error(str(exc))
    print(json.dumps(rep, indent=2) if args.json else suggest.format_report(rep))
    return 0


def _honesty(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from engine.deckbuilding.resolve import resolve_deck
    from engine.optimize import honesty

    _check_agent(ap, args.agent, args.second_agent)
    try:
        deck = resolve_deck(args.deck, ruleset=args.ruleset)
        # by default three faction decks of the edition face the deck and the
        # next two are held out (catalog order, the deck's own faction skipped)
        others = [s for s in _faction_slugs(args.ruleset) if s != args.deck]
        field = args.field or ",".join(others[:3])
        held = args.held_out or ",".join(others[3:5])
        rep = honesty.honesty(
            deck,
            _decks(ap, args, field),
            _decks(ap, args, held),
            agent=args.agent,
            second_agent=args.second_agent,
            budget=args.budget,
            suggest_budget=args.suggest_budget,
            extra_budget=args.extra_budget,
            design=args.design,
            runs=args.runs,
            seed=args.seed,
            ruleset=args.ruleset or "",
            jobs=args.jobs,
        )
    except (ValueError, FileNotFoundError, KeyError) as exc:
        ap.error(str(exc))
    print(json.dumps(rep, indent=2) if args.json else honesty.format_report(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
