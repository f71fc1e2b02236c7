"""Honesty checks of the card value report and the swap suggestions.

Each check plants something whose answer is known, or re-measures a reported figure
independently, and says how often the tools get it right:

- **Planted ground truth** (every run). One copy of the deck's strongest common is
  replaced in place by a *weakened* clone (:func:`weakened`) and one copy of another
  common by a *strengthened* clone (:func:`strengthened`), which also joins the pool.
  The card value report should put the weakened clone below the card it copies and
  the strengthened one above its card, each with the interval of the difference
  clear of 0, and call the strengthened one "helps"; the swap search should confirm
  bringing the strengthened clone in. The further checks below run when a run is
  given a budget for them.
- **A/A swaps.** A common against its exact clone under another slug
  (:func:`renamed`; the name must stay, since rules compare names). On paired blocks
  the two decks play *identical* games (the engine and the agents never look at a
  unit's slug; :func:`aa_paired` checks it block by block), so every difference is
  exactly 0 and the test can never confirm. To exercise the test's
  false-positive rate for real, :func:`aa_independent` runs the confirmation with the
  two arms on independent seed streams: a confirmation there is a false positive,
  expected in at most alpha = 5% of runs.
- **Held-out opponents and a second agent.** The suggestion's swap is compared again
  on decks the search never met, and with another agent: the share of the gain that
  survives.
- **Coverage.** Does the reported interval contain an independent re-run's estimate
  (a fixed number of blocks on a stream no other part used)?

The clones are analysis-only cards (like :data:`~engine.optimize.paired.BLANK`):
built here, validated through a :class:`~engine.optimize.candidates.CatalogPlus`
view, never added to the catalog; games holding them are not saved as replays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from engine.core.game import GameDeck
from engine.core.types import CardDef
from engine.optimize import sequential as sq
from engine.optimize.candidates import CatalogPlus, catalog_pool
from engine.optimize.card_values import DEFAULT_BUDGET, SCREENING, card_values
from engine.optimize.paired import BlockTask, replace_in_place, run_blocks, slot_class
from engine.optimize.runs import cpu_seconds, drive, rules_for
from engine.optimize.suggest import DEFAULT_BUDGET as DEFAULT_SUGGEST_BUDGET
from engine.optimize.suggest import suggest
from engine.tools.stats import wilson

#: shares of the further checks' budget (the coverage re-run takes the rest)
EXTRA_SHARES = {"aa": 0.38, "held_out": 0.21, "agent": 0.21}


def clone(card: CardDef, tag: str, **changes: Any) -> CardDef:
    """An analysis-only copy of ``card`` under the slug ``"<slug>-<tag>"`` with
    ``changes`` applied (CardDef fields). It keeps the card's *name*: rules read
    names (Arrow of Light discards units "with different names"), so a renamed
    card would not be the same card in play."""
    return dataclasses.replace(
        card,
        slug=f"{card.slug}-{tag}",
        notes=f"analysis only: {tag} clone of {card.slug}",
        **changes,
    )


def weakened(card: CardDef) -> CardDef:
    """``card`` at strength 0 and life 1, same cost: a unit that costs magic, cannot
    hurt and dies to any hit. Deliberately far weaker than -1 strength or life (the
    issue's final target), so that small budgets detect it."""
    return clone(card, "weakened", strength=0, life=1)


def strengthened(card: CardDef) -> CardDef:
    """``card`` with +2 strength and +2 life."""
    return clone(
        card,
        "strengthened",
        strength=(card.strength or 0) + 2,
        life=(card.life or 0) + 2,
    )


def renamed(card: CardDef) -> CardDef:
    """``card`` exactly, under another slug (the name stays: :func:`clone`)."""
    return clone(card, "clone")


def first_common(deck: GameDeck) -> CardDef:
    """The deck's first common in draw-deck order (ValueError when it has none).
    Clones are of units only: an event's effect is looked up by its slug."""
    for c in deck.draw_cards:
        if slot_class(c) == "common":
            return c
    raise ValueError(f"{deck.name!r} has no common to plant a clone of")


def strongest_common(deck: GameDeck) -> CardDef:
    """The deck's common with the highest strength + life (first on ties): the
    planted clones copy it, so that the real card is clearly worth more than the
    weakened one."""
    commons = [c for c in deck.draw_cards if slot_class(c) == "common"]
    if not commons:
        raise ValueError(f"{deck.name!r} has no common to plant a clone of")
    return max(
        commons, key=lambda c: ((c.strength or 0) + (c.life or 0), -commons.index(c))
    )


def _named(deck: GameDeck, name: str) -> GameDeck:
    return dataclasses.replace(deck, name=name)


def compare(
    base: GameDeck,
    variant: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str,
    seed: int,
    games: int,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """A fixed-size paired comparison (no sequential stopping): ``games`` // 4
    blocks, whole passes over the field, on the block stream of ``seed``."""
    nf = len(field)
    n = max(nf, games // 4 // nf * nf)
    rules = rules_for(ruleset)
    decks = [base, variant, *field]
    tasks: list[BlockTask] = [(0, 2 + i % nf, seed, i, agent, rules) for i in range(n)]
    tasks += [(1, 2 + i % nf, seed, i, agent, rules) for i in range(n)]
    blocks = run_blocks(decks, tasks, jobs)
    diffs = sq.paired_diffs(blocks[:n], blocks[n:])
    return sq.confirmation_figures(diffs, [d.name for d in field])


def aa_paired(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str,
    seed: int,
    blocks: int,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """A common against its exact renamed clone on shared blocks: how many blocks
    differ at all (0 means the games are identical)."""
    card = first_common(deck)
    variant = replace_in_place(deck, card.slug, renamed(card))
    nf = len(field)
    rules = rules_for(ruleset)
    tasks: list[BlockTask] = []
    for d in (0, 1):
        tasks += [(d, 2 + i % nf, seed, i, agent, rules) for i in range(blocks)]
    got = run_blocks([deck, variant, *field], tasks, jobs)
    base, var = got[:blocks], got[blocks:]
    differ = sum(
        (a.score, a.luck, a.turns) != (b.score, b.luck, b.turns)
        for a, b in zip(base, var, strict=True)
    )
    return {"card": card.slug, "blocks": blocks, "blocks_differing": differ}


def aa_independent(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str,
    seed: int,
    max_games: int,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """The confirmation test of a common against its renamed clone, the two arms on
    independent seed streams (:class:`~engine.optimize.sequential.ConfirmRun`)."""
    card = first_common(deck)
    variant = replace_in_place(deck, card.slug, renamed(card))
    run = sq.ConfirmRun(
        deck,
        variant,
        field,
        agent=agent,
        seed=sq.stream_seed(seed, "aa", 0),
        max_games=max_games,
        independent=True,
        ruleset=ruleset,
    )
    return drive(run, jobs=jobs)


def planted_commons(deck: GameDeck) -> tuple[CardDef, CardDef]:
    """The two commons the planted check clones: the deck's strongest common
    (strength + life, :func:`strongest_common`) for the weakened clone and the
    strongest *other* common for the strengthened one, each with at least two
    copies so that the real card stays in the deck beside its clone. A deck with a
    single such common gives it for both (two of its copies are replaced)."""
    counts: dict[str, int] = {}
    for c in deck.draw_cards:
        if slot_class(c) == "common":
            counts[c.slug] = counts.get(c.slug, 0) + 1
    commons = [c for c in deck.draw_cards if slot_class(c) == "common"]
    order: list[CardDef] = []
    for c in sorted(
        commons, key=lambda c: (-((c.strength or 0) + (c.life or 0)), commons.index(c))
    ):
        if c not in order and counts[c.slug] >= 2:
            order.append(c)
    if not order:
        raise ValueError(f"{deck.name!r} has no common with two copies to clone")
    if len(order) == 1:
        if counts[order[0].slug] < 3:
            raise ValueError(f"{deck.name!r} has too few commons to plant two clones")
        return order[0], order[0]
    return order[0], order[1]


@dataclasses.dataclass(frozen=True)
class Plant:
    """A deck with its two planted clones (:func:`plant`): ``deck`` keeps the
    original's name; ``weak_of`` and ``strong_of`` are the commons they copy."""

    deck: GameDeck
    weak_of: CardDef
    strong_of: CardDef
    weak: CardDef
    strong: CardDef

    def swaps(self, ruleset: str = "") -> dict[str, Any]:
        """The swap search's pool (the catalog and the strengthened clone) and the
        catalog view that validates decks holding the clones."""
        from engine.deckbuilding.resolve import default_catalog

        return {
            "pool": [*catalog_pool(ruleset), self.strong],
            "catalog": CatalogPlus(
                default_catalog(ruleset or None), [self.weak, self.strong]
            ),
        }


def plant(deck: GameDeck) -> Plant:
    """A weakened clone in place of one copy of the deck's strongest common and a
    strengthened clone in place of one copy of another common (both the last
    copy, in place; :func:`planted_commons`)."""
    weak_of, strong_of = planted_commons(deck)
    weak, strong = weakened(weak_of), strengthened(strong_of)
    planted_deck = replace_in_place(deck, weak_of.slug, weak)
    planted_deck = replace_in_place(planted_deck, strong_of.slug, strong)
    return Plant(_named(planted_deck, deck.name), weak_of, strong_of, weak, strong)


def _clone_row(
    rows: Sequence[dict[str, Any]], run: Any, clone_slug: str, original: str
) -> dict[str, Any]:
    """A planted clone's line of the card value report: verdict, value, rank (1 is
    the lowest value), and the contrast with the card it copies."""
    ranked = sorted(rows, key=lambda r: r["vam"])
    row = next(r for r in rows if r["card"] == clone_slug)
    orig = next(r for r in rows if r["card"] == original)
    contrast = run.contrast(clone_slug, original)
    return {
        "card": clone_slug,
        "original": original,
        "verdict": row["verdict"],
        "value": row["vam"],
        "ci": row["ci"],
        "rank": 1 + [r["card"] for r in ranked].index(clone_slug),
        "of": len(rows),
        "original_value": orig["vam"],
        "difference": contrast["difference"],
        "difference_ci": contrast["ci"],
        "contrast_decided": contrast["decided"],
    }


def planted(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str,
    seed: int,
    cv_games: int,
    suggest_games: int,
    ruleset: str = "",
    design: str = SCREENING,
    jobs: int = 1,
) -> dict[str, Any]:
    """Plant the two clones (:func:`plant`), the strengthened one also in the pool;
    run the card value report and the swap search on the planted deck."""
    p = plant(deck)
    weak, strong = p.weak, p.strong
    runs: list[Any] = []
    cv = card_values(
        p.deck,
        field,
        design=design,
        agent=agent,
        seed=seed,
        max_games=cv_games,
        jobs=jobs,
        rules=rules_for(ruleset),
        run_out=runs,
    )
    rows = cv["cards"]
    weak_row = _clone_row(rows, runs[0], weak.slug, p.weak_of.slug)
    weak_row["below_original"] = weak_row["difference"] < 0
    strong_row = _clone_row(rows, runs[0], strong.slug, p.strong_of.slug)
    strong_row["above_original"] = strong_row["difference"] > 0
    rep = suggest(
        p.deck,
        field,
        **p.swaps(ruleset),
        agent=agent,
        seed=seed,
        max_games=suggest_games,
        ruleset=ruleset,
        jobs=jobs,
    )
    pick = (rep["suggestions"] or rep["rejected"] or [None])[0]
    confirmed = bool(rep["suggestions"])
    ranked = sorted(rows, key=lambda r: r["vam"])
    return {
        "weakened": weak.slug,
        "strengthened": strong.slug,
        "card_values": {k: cv[k] for k in ("games", "rounds", "design", "cards")},
        "weakened_clone": weak_row,
        "strengthened_clone": strong_row,
        "ranking": [(r["card"], r["vam"]) for r in ranked],
        "weakened_ranked_last": bool(ranked) and ranked[0]["card"] == weak.slug,
        "weakened_below_original": weak_row["below_original"],
        "suggestion": rep,
        "pick": pick,
        "confirmed": confirmed,
        "swapped_out": pick is not None and pick["out"] == weak.slug,
        "swapped_in": pick is not None and pick["in"] == strong.slug,
        "swap_found_strong": confirmed
        and pick is not None
        and pick["in"] == strong.slug,
        "planted_deck": p.deck,
        "strong_card": strong,
    }


def _aa_blocks(nf: int) -> int:
    """Blocks of the paired A/A check: at least 8, whole passes over the field."""
    return nf * -(-8 // nf)


def min_budget(deck: GameDeck, field: Sequence[GameDeck], ruleset: str = "") -> int:
    """The smallest swap-search budget of a run: the search's first step over the
    planted deck's candidate swaps (:func:`~engine.optimize.halving.min_step_games`).
    """
    from engine.optimize.suggest import candidate_swaps, min_step_games

    p = plant(deck)
    n = len(candidate_swaps(p.deck, **p.swaps(ruleset), ruleset=ruleset))
    return min_step_games(n, len(field))


def min_extra_budget(field: Sequence[GameDeck]) -> int:
    """The smallest budget of the further checks: the paired A/A blocks and one
    look of the A/A confirmation, within the A/A's share (:data:`EXTRA_SHARES`)."""
    nf = len(field)
    aa = 4 * _aa_blocks(nf) + 4 * max(sq.MIN_BLOCKS, sq.look_blocks(nf))
    return int(aa / EXTRA_SHARES["aa"]) + 1


def _share(gain: float, ref: float) -> float | None:
    return gain / ref if ref > 0 else None


def honesty_run(
    deck: GameDeck,
    field: Sequence[GameDeck],
    held_out: Sequence[GameDeck],
    *,
    agent: str,
    second_agent: str,
    budget: int,
    suggest_budget: int,
    extra_budget: int = 0,
    seed: int,
    ruleset: str = "",
    design: str = SCREENING,
    jobs: int = 1,
) -> dict[str, Any]:
    """One run: the planted check (the card value report with ``budget`` games,
    the swap search with ``suggest_budget``) and, when ``extra_budget`` > 0, the
    further checks (A/A, held-out opponents, second agent, coverage) split by
    :data:`EXTRA_SHARES` (the coverage re-run takes what is left). ``cpu_seconds``
    counts every game of the run, on every worker process."""
    start = cpu_seconds()
    p = planted(
        deck,
        field,
        agent=agent,
        seed=seed,
        cv_games=budget,
        suggest_games=suggest_budget,
        ruleset=ruleset,
        design=design,
        jobs=jobs,
    )
    rep = p.pop("suggestion")
    base: GameDeck = p.pop("planted_deck")
    strong: CardDef = p.pop("strong_card")
    out: dict[str, Any] = {
        "seed": seed,
        "games": p["card_values"]["games"] + rep["games"],
        "weakened_clone": p["weakened_clone"],
        "strengthened_clone": p["strengthened_clone"],
        "swap_found_strong": p["swap_found_strong"],
        "planted": p,
        "suggestion": {
            k: rep[k] for k in ("status", "games", "suggestions", "rejected", "search")
        },
    }
    if extra_budget > 0:
        out["games"] += _extra_checks(
            out,
            base,
            strong,
            field,
            held_out,
            agent=agent,
            second_agent=second_agent,
            budget=extra_budget,
            seed=seed,
            ruleset=ruleset,
            jobs=jobs,
        )
    out["cpu_seconds"] = cpu_seconds() - start
    return out


def _extra_checks(
    out: dict[str, Any],
    base: GameDeck,
    strong: CardDef,
    field: Sequence[GameDeck],
    held_out: Sequence[GameDeck],
    *,
    agent: str,
    second_agent: str,
    budget: int,
    seed: int,
    ruleset: str,
    jobs: int,
) -> int:
    """The A/A, held-out, second-agent and coverage checks of one run, written
    into ``out``; returns the games they played."""
    part = {k: int(budget * v) for k, v in EXTRA_SHARES.items()}
    kw: dict[str, Any] = {"ruleset": ruleset, "jobs": jobs}
    aa_blocks = _aa_blocks(len(field))
    aa = aa_paired(base, field, agent=agent, seed=seed, blocks=aa_blocks, **kw)
    aa_ind = aa_independent(
        base,
        field,
        agent=agent,
        seed=seed,
        max_games=part["aa"] - 4 * aa_blocks,
        **kw,
    )
    out["aa_paired"] = aa
    out["aa_independent"] = {
        k: aa_ind[k] for k in ("status", "gain", "ci", "games", "blocks")
    }
    games = 4 * aa_blocks + aa_ind["games"]
    pick = out["planted"]["pick"]
    if pick is None:
        return games
    new = strong if pick["in"] == strong.slug else None
    if new is None:
        from engine.deckbuilding.resolve import default_catalog

        new = default_catalog(ruleset or None).cards[pick["in"]]
    variant = replace_in_place(base, pick["out"], new)
    ref = float(pick["gain"])
    held = compare(
        base,
        variant,
        held_out,
        agent=agent,
        seed=sq.stream_seed(seed, "held", 0),
        games=part["held_out"],
        **kw,
    )
    other = compare(
        base,
        variant,
        field,
        agent=second_agent,
        seed=sq.stream_seed(seed, "agent", 0),
        games=part["agent"],
        **kw,
    )
    left = max(4 * len(field), budget - games - held["games"] - other["games"])
    rerun = compare(
        base,
        variant,
        field,
        agent=agent,
        seed=sq.stream_seed(seed, "rerun", 0),
        games=left,
        **kw,
    )
    lo, hi = pick["ci"]
    out.update(
        {
            "held_out": {
                "gain": held["gain"],
                "ci": held["ci"],
                "games": held["games"],
                "share": _share(held["gain"], ref),
            },
            "second_agent": {
                "agent": second_agent,
                "gain": other["gain"],
                "ci": other["ci"],
                "games": other["games"],
                "share": _share(other["gain"], ref),
            },
            "coverage": {
                "reported": [lo, hi],
                "rerun_gain": rerun["gain"],
                "rerun_games": rerun["games"],
                "covered": lo <= rerun["gain"] <= hi,
            },
        }
    )
    return games + held["games"] + other["games"] + rerun["games"]


def summarize(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Counts over runs, with Wilson 95% intervals for the rates."""
    n = len(runs)

    def rate(hits: int, of: int) -> dict[str, Any]:
        lo, hi = wilson(hits, of)
        return {
            "hits": hits,
            "of": of,
            "rate": hits / of if of else None,
            "ci": [lo, hi],
        }

    def count(key: str, sub: str) -> int:
        return sum(bool(r[key][sub]) for r in runs if key in r)

    covered = [r for r in runs if "coverage" in r]
    extra = [r for r in runs if "aa_paired" in r]

    def share(key: str) -> float | None:
        """The follow-up's summed gains over the search's (the planted check's
        pick), on the runs that have both: a ratio of sums, so a run whose search
        gain was near zero (its own share anything from -10 to +10) weighs by its
        gain, not by that ratio."""
        pairs = [
            (r[key]["gain"], float(r["planted"]["pick"]["gain"]))
            for r in runs
            if key in r
        ]
        return _share(sum(g for g, _ in pairs), sum(f for _, f in pairs))

    def clone_hits(key: str, side: str) -> int:
        return sum(
            bool(r[key][side]) and bool(r[key]["contrast_decided"])
            for r in runs
            if key in r
        )

    return {
        "runs": n,
        "games": sum(int(r.get("games", 0)) for r in runs),
        "cpu_seconds": sum(float(r.get("cpu_seconds", 0.0)) for r in runs),
        "weakened_below_original_decided": rate(
            clone_hits("weakened_clone", "below_original"), n
        ),
        "strengthened_above_original_decided": rate(
            clone_hits("strengthened_clone", "above_original"), n
        ),
        "strengthened_called_helps": rate(
            sum(
                r["strengthened_clone"]["verdict"] == "helps"
                for r in runs
                if "strengthened_clone" in r
            ),
            n,
        ),
        "swap_found_strong": rate(
            sum(bool(r.get("swap_found_strong")) for r in runs), n
        ),
        "weakened_ranked_last": rate(count("planted", "weakened_ranked_last"), n),
        "weakened_below_original": rate(count("planted", "weakened_below_original"), n),
        "weakened_swapped_out": rate(count("planted", "swapped_out"), n),
        "strengthened_swapped_in": rate(count("planted", "swapped_in"), n),
        "planted_confirmed": rate(count("planted", "confirmed"), n),
        "aa_paired_identical": all(
            r["aa_paired"]["blocks_differing"] == 0 for r in extra
        )
        if extra
        else None,
        "aa_false_confirmations": rate(
            sum(r["aa_independent"]["status"] == sq.CONFIRMED for r in extra),
            len(extra),
        ),
        "held_out_share": share("held_out"),
        "second_agent_share": share("second_agent"),
        "coverage": rate(
            sum(bool(r["coverage"]["covered"]) for r in covered), len(covered)
        ),
    }


def honesty(
    deck: GameDeck,
    field: Sequence[GameDeck],
    held_out: Sequence[GameDeck],
    *,
    agent: str = "planner",
    second_agent: str = "greedy",
    budget: int = DEFAULT_BUDGET,
    suggest_budget: int = DEFAULT_SUGGEST_BUDGET,
    extra_budget: int = 0,
    runs: int = 1,
    seed: int = 1,
    ruleset: str = "",
    design: str = SCREENING,
    jobs: int = 1,
) -> dict[str, Any]:
    """``runs`` honesty runs (seeds ``seed``, ``seed + 1``, ...) and their summary.
    With one run its figures (``cpu_seconds``, ``weakened_clone``,
    ``strengthened_clone``, ``swap_found_strong``) are also at the top level."""
    if not field:
        raise ValueError("the checks need a field")
    if extra_budget and not held_out:
        raise ValueError("the further checks need held-out opponents")
    if runs < 1 or budget < 1 or extra_budget < 0:
        raise ValueError("--runs and --budget must be > 0, --extra-budget >= 0")
    need = min_budget(deck, field, ruleset)
    if suggest_budget < need:
        raise ValueError(
            f"a swap-search budget of {suggest_budget} games is too small: "
            f"{need} needed"
        )
    if extra_budget and extra_budget < min_extra_budget(field):
        raise ValueError(
            f"a budget of {extra_budget} games for the further checks is too small: "
            f"{min_extra_budget(field)} needed"
        )
    got = [
        honesty_run(
            deck,
            field,
            held_out,
            agent=agent,
            second_agent=second_agent,
            budget=budget,
            suggest_budget=suggest_budget,
            extra_budget=extra_budget,
            seed=seed + k,
            ruleset=ruleset,
            design=design,
            jobs=jobs,
        )
        for k in range(runs)
    ]
    out: dict[str, Any] = {
        "deck": deck.name,
        "field": [d.name for d in field],
        "held_out": [d.name for d in held_out],
        "agent": agent,
        "second_agent": second_agent,
        "design": design,
        "budget": budget,
        "suggest_budget": suggest_budget,
        "extra_budget": extra_budget,
        "seed": seed,
        "cpu_seconds": sum(r["cpu_seconds"] for r in got),
        "summary": summarize(got),
        "runs": got,
    }
    if runs == 1:
        for key in ("weakened_clone", "strengthened_clone", "swap_found_strong"):
            out[key] = got[0][key]
    return out


def _rate(r: dict[str, Any]) -> str:
    if not r["of"]:
        return "n/a"
    lo, hi = r["ci"]
    return f"{r['hits']}/{r['of']} [{100 * lo:.0f}%, {100 * hi:.0f}%]"


def format_report(rep: dict[str, Any]) -> str:
    s = rep["summary"]
    lines = [
        f"Honesty checks: {rep['deck']} against {', '.join(rep['field'])}; agent "
        f"{rep['agent']}; {s['runs']} runs of {rep['budget']} card-value and "
        f"{rep['suggest_budget']} swap-search games ({rep['design']} design); "
        f"{s['games']} games, {s['cpu_seconds']:.0f} CPU seconds (seed {rep['seed']})",
        "weakened clone below the card it copies, decided: "
        + _rate(s["weakened_below_original_decided"]),
        "strengthened clone above the card it copies, decided: "
        + _rate(s["strengthened_above_original_decided"]),
        f"strengthened clone called helps: {_rate(s['strengthened_called_helps'])}",
        "the swap search confirms the strengthened clone in: "
        + _rate(s["swap_found_strong"]),
        f"weakened clone ranked last: {_rate(s['weakened_ranked_last'])}",
        f"weakened clone swapped out: {_rate(s['weakened_swapped_out'])}",
    ]
    if s["aa_paired_identical"] is not None:
        share_h, share_a = s["held_out_share"], s["second_agent_share"]
        lines += [
            "A/A on paired blocks: games identical"
            if s["aa_paired_identical"]
            else "A/A on paired blocks: some games differ",
            f"A/A on independent arms, false confirmations: "
            f"{_rate(s['aa_false_confirmations'])}",
            "held-out opponents: share of the search's summed gain "
            + ("n/a" if share_h is None else f"{100 * share_h:.0f}%"),
            "second agent: share of the search's summed gain "
            + ("n/a" if share_a is None else f"{100 * share_a:.0f}%"),
            f"reported interval covers an independent re-run: {_rate(s['coverage'])}",
        ]
    return "\n".join(lines)
