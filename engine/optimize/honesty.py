"""Honesty checks of the card value report and the swap suggestions (issue 19 item 4).

Each check plants something whose answer is known, or re-measures a reported figure
independently, and says how often the tools get it right:

- **Planted ground truth.** One copy of a common of the deck is replaced in place by
  a *weakened* clone (:func:`weakened`); a *strengthened* clone (:func:`strengthened`)
  joins the pool. The card value report should rank the weakened clone last, and the
  swap search should swap it out for the strengthened clone.
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
from engine.optimize.card_values import card_values
from engine.optimize.paired import BlockTask, replace_in_place, run_blocks, slot_class
from engine.optimize.runs import drive, rules_for
from engine.optimize.suggest import suggest
from engine.tools.stats import wilson

#: shares of one run's budget per check
SHARES = {
    "card_values": 0.33,
    "suggest": 0.33,
    "aa": 0.13,
    "held_out": 0.07,
    "agent": 0.07,
}


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


def planted(
    deck: GameDeck,
    field: Sequence[GameDeck],
    *,
    agent: str,
    seed: int,
    cv_games: int,
    suggest_games: int,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """Plant a weakened clone of the deck's strongest common (last copy, in place)
    and a strengthened clone in the pool; run the card value report and the swap
    search on the planted deck."""
    from engine.deckbuilding.resolve import default_catalog

    card = strongest_common(deck)
    weak, strong = weakened(card), strengthened(card)
    planted_deck = _named(replace_in_place(deck, card.slug, weak), deck.name)
    cv = card_values(
        planted_deck,
        field,
        agent=agent,
        seed=seed,
        max_games=cv_games,
        jobs=jobs,
        rules=rules_for(ruleset),
    )
    ranked = sorted(cv["cards"], key=lambda r: r["vam"])
    rep = suggest(
        planted_deck,
        field,
        pool=[*catalog_pool(ruleset), strong],
        catalog=CatalogPlus(default_catalog(ruleset or None), [weak, strong]),
        agent=agent,
        seed=seed,
        max_games=suggest_games,
        ruleset=ruleset,
        jobs=jobs,
    )
    pick = (rep["suggestions"] or rep["rejected"] or [None])[0]
    return {
        "common": card.slug,
        "weakened": weak.slug,
        "strengthened": strong.slug,
        "card_values_games": cv["games"],
        "ranking": [(r["card"], r["vam"]) for r in ranked],
        "weakened_ranked_last": bool(ranked) and ranked[0]["card"] == weak.slug,
        "weakened_below_original": _below(ranked, weak.slug, card.slug),
        "suggestion": rep,
        "pick": pick,
        "confirmed": bool(rep["suggestions"]),
        "swapped_out": pick is not None and pick["out"] == weak.slug,
        "swapped_in": pick is not None and pick["in"] == strong.slug,
        "planted_deck": planted_deck,
        "strong_card": strong,
    }


def _aa_blocks(nf: int) -> int:
    """Blocks of the paired A/A check: at least 8, whole passes over the field."""
    return nf * -(-8 // nf)


def min_budget(deck: GameDeck, field: Sequence[GameDeck], ruleset: str = "") -> int:
    """The smallest per-run budget whose shares (:data:`SHARES`) let every check
    play at least one round."""
    from engine.deckbuilding.resolve import default_catalog
    from engine.optimize.card_values import swappable
    from engine.optimize.suggest import candidate_swaps, min_step_games

    card = strongest_common(deck)
    weak, strong = weakened(card), strengthened(card)
    planted_deck = replace_in_place(deck, card.slug, weak)
    nf = len(field)
    cv_step = nf * -(-16 // nf)
    cv = 2 * cv_step * (1 + len(swappable(planted_deck)))
    n = len(
        candidate_swaps(
            planted_deck,
            [*catalog_pool(ruleset), strong],
            ruleset=ruleset,
            catalog=CatalogPlus(default_catalog(ruleset or None), [weak, strong]),
        )
    )
    aa = 4 * _aa_blocks(nf) + 4 * max(sq.MIN_BLOCKS, sq.look_blocks(nf))
    need = max(
        cv / SHARES["card_values"],
        min_step_games(n, nf) / SHARES["suggest"],
        aa / SHARES["aa"],
    )
    return int(need) + 1


def _below(ranked: Sequence[dict[str, Any]], low: str, high: str) -> bool:
    """True when ``low`` comes before ``high`` in the ascending ranking."""
    order = [r["card"] for r in ranked]
    return low in order and high in order and order.index(low) < order.index(high)


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
    seed: int,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """One run of every check (module docstring) within about ``budget`` games,
    split by :data:`SHARES` (the coverage re-run takes what is left)."""
    part = {k: int(budget * v) for k, v in SHARES.items()}
    p = planted(
        deck,
        field,
        agent=agent,
        seed=seed,
        cv_games=part["card_values"],
        suggest_games=part["suggest"],
        ruleset=ruleset,
        jobs=jobs,
    )
    rep = p.pop("suggestion")
    base: GameDeck = p.pop("planted_deck")
    strong: CardDef = p.pop("strong_card")
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
    out: dict[str, Any] = {
        "seed": seed,
        "games": p["card_values_games"]
        + rep["games"]
        + 4 * aa_blocks
        + aa_ind["games"],
        "planted": p,
        "aa_paired": aa,
        "aa_independent": {
            k: aa_ind[k] for k in ("status", "gain", "ci", "games", "blocks")
        },
        "suggestion": {
            k: rep[k] for k in ("status", "games", "suggestions", "rejected", "search")
        },
    }
    pick = p["pick"]
    if pick is None:
        return out
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
    left = max(4 * len(field), budget - rep["games"] - 4 * aa_blocks - aa_ind["games"])
    left -= held["games"] + other["games"] + p["card_values_games"]
    rerun = compare(
        base,
        variant,
        field,
        agent=agent,
        seed=sq.stream_seed(seed, "rerun", 0),
        games=max(4 * len(field), left),
        **kw,
    )
    lo, hi = pick["ci"]
    out["games"] += held["games"] + other["games"] + rerun["games"]
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
    return out


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

    return {
        "runs": n,
        "games": sum(int(r.get("games", 0)) for r in runs),
        "weakened_ranked_last": rate(count("planted", "weakened_ranked_last"), n),
        "weakened_below_original": rate(count("planted", "weakened_below_original"), n),
        "weakened_swapped_out": rate(count("planted", "swapped_out"), n),
        "strengthened_swapped_in": rate(count("planted", "swapped_in"), n),
        "planted_confirmed": rate(count("planted", "confirmed"), n),
        "aa_paired_identical": all(
            r["aa_paired"]["blocks_differing"] == 0 for r in runs
        ),
        "aa_false_confirmations": rate(
            sum(r["aa_independent"]["status"] == sq.CONFIRMED for r in runs), n
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
    agent: str = "greedy",
    second_agent: str = "random",
    budget: int = 3_000,
    runs: int = 1,
    seed: int = 1,
    ruleset: str = "",
    jobs: int = 1,
) -> dict[str, Any]:
    """``runs`` honesty runs (seeds ``seed``, ``seed + 1``, ...) and their summary."""
    if not field or not held_out:
        raise ValueError("the checks need a field and held-out opponents")
    if runs < 1 or budget < 1:
        raise ValueError("--runs and --budget must be > 0")
    need = min_budget(deck, field, ruleset)
    if budget < need:
        raise ValueError(
            f"a budget of {budget} games per run is too small: {need} needed"
        )
    got = [
        honesty_run(
            deck,
            field,
            held_out,
            agent=agent,
            second_agent=second_agent,
            budget=budget,
            seed=seed + k,
            ruleset=ruleset,
            jobs=jobs,
        )
        for k in range(runs)
    ]
    return {
        "deck": deck.name,
        "field": [d.name for d in field],
        "held_out": [d.name for d in held_out],
        "agent": agent,
        "second_agent": second_agent,
        "budget_per_run": budget,
        "seed": seed,
        "summary": summarize(got),
        "runs": got,
    }


def _rate(r: dict[str, Any]) -> str:
    if not r["of"]:
        return "n/a"
    lo, hi = r["ci"]
    return f"{r['hits']}/{r['of']} [{100 * lo:.0f}%, {100 * hi:.0f}%]"


def format_report(rep: dict[str, Any]) -> str:
    s = rep["summary"]
    share_h, share_a = s["held_out_share"], s["second_agent_share"]
    return "\n".join(
        [
            f"Honesty checks: {rep['deck']} against {', '.join(rep['field'])}; "
            f"held out {', '.join(rep['held_out'])}; agent {rep['agent']} "
            f"(second {rep['second_agent']}); {s['runs']} runs of about "
            f"{rep['budget_per_run']} games, {s['games']} played (seed {rep['seed']})",
            "weakened clone ranked last by card values: "
            + _rate(s["weakened_ranked_last"]),
            "weakened clone ranked below the card it clones: "
            + _rate(s["weakened_below_original"]),
            f"weakened clone swapped out: {_rate(s['weakened_swapped_out'])}",
            f"strengthened clone swapped in: {_rate(s['strengthened_swapped_in'])}",
            f"planted swap confirmed: {_rate(s['planted_confirmed'])}",
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
    )
