"""Reads of analyses: access, lists, progress, and the report in plain words.

Only the owner ever sees an analysis (others' jobs answer 404, as if absent).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from analysis import conf
from analysis.models import AnalysisJob, AnalysisPiece, Kind
from work.selectors import duration_text  # noqa: F401 - the pages use it here


def access_analysis(user: Any, job_id: int, *, lock: bool = False) -> AnalysisJob:
    """The user's own job, or Http404."""
    if user is None or not user.is_authenticated:
        raise Http404("No such analysis.")
    qs = AnalysisJob.objects.filter(owner=user)
    if lock:
        qs = qs.select_for_update()
    job = qs.filter(pk=job_id).first()
    if job is None:
        raise Http404("No such analysis.")
    return job


def analysis_list(
    *, user: Any, deck_id: int | None = None, kind: str | None = None
) -> QuerySet[AnalysisJob]:
    """The user's jobs, newest first, optionally of one deck and kind."""
    qs = AnalysisJob.objects.filter(owner=user).order_by("-created_at", "-pk")
    if deck_id is not None:
        qs = qs.filter(deck_id=deck_id)
    if kind is not None:
        qs = qs.filter(kind=kind)
    return qs


def analysis_latest(*, user: Any, deck_id: int, kind: str) -> AnalysisJob | None:
    if user is None or not user.is_authenticated:
        return None
    return analysis_list(user=user, deck_id=deck_id, kind=kind).first()


def field_choices(
    *, user: Any, ruleset: str
) -> list[tuple[str, list[tuple[str, str]]]]:
    """Opponents the analysis form offers, grouped: every faction deck of the
    edition (by faction slug), then the user's OWN saved decks of that edition (by
    id). Others' decks are never listed, public or not: the page is about your own
    deck lab (the API still takes any deck id you may read)."""
    from decks.models import Deck
    from engine.deckbuilding.resolve import default_catalog
    from simulate.services.decks import playable_faction_slugs

    catalog = default_catalog(ruleset)
    factions = [(s, catalog.factions[s].name) for s in playable_faction_slugs(catalog)]
    own = [
        (str(pk), name)
        for pk, name in Deck.objects.filter(
            owner=user, is_faction_deck=False, ruleset=ruleset
        )
        .order_by("name", "pk")
        .values_list("pk", "name")
    ]
    groups = [("Faction decks", factions), ("My decks", own)]
    return [(label, items) for label, items in groups if items]


def climb_text(job: AnalysisJob) -> str:
    """How many swaps in a row a suggestion search asked for, in words."""
    if job.climb <= 1:
        return "one swap: the single best swap for the deck as it is"
    return (
        f"up to {job.climb} swaps in a row: each accepted swap became the new deck "
        "and the search started again from it"
    )


def field_text(job: AnalysisJob) -> str:
    """The opponents in words: their names, and whether they were every faction
    deck of the edition (the default when none is chosen)."""
    from engine.deckbuilding.resolve import default_catalog
    from simulate.services.decks import playable_faction_slugs

    names = ", ".join(d["name"] for d in job.field)
    slugs = [d["source"].get("slug") for d in job.field]
    if slugs == playable_faction_slugs(default_catalog(job.ruleset)):
        return f"every faction deck of the edition ({len(slugs)}): {names}"
    count = f"{len(job.field)} deck{'s' if len(job.field) != 1 else ''}"
    return f"{count}: {names}"


def analysis_progress(job: AnalysisJob) -> dict[str, Any]:
    """Games played so far (absorbed rounds plus the current round's stored
    pieces) and the budget, with the rate, ETA and what the job waits for while it
    runs (:func:`work.selectors.job_progress`)."""
    from analysis.kinds import ANALYSIS
    from simulate.agents import games_per_second
    from work.selectors import job_progress

    done = job.games_done
    if job.is_active:
        for blocks in AnalysisPiece.objects.filter(
            job=job, round=job.rounds
        ).values_list("blocks", flat=True):
            done += 2 * len(blocks)
    return job_progress(
        ANALYSIS,
        job,
        done=min(done, job.max_games),
        total=job.max_games,
        nominal_rate=lambda: games_per_second(job.agent),
    )


def cpu_seconds(*, agent: str, games: int) -> float:
    """Estimated computer time for ``games`` games of ``agent`` on one worker
    process (the ladder's measured games per second)."""
    from simulate.agents import games_per_second

    return games / max(games_per_second(agent), 1e-6)


def budget_text(*, agent: str, games: int) -> str:
    """The budget as players read it: games and estimated computer time."""
    secs = cpu_seconds(agent=agent, games=games)
    return (
        f"{games:,} games: {duration_text(secs)} of computer time for one worker "
        "(two workers take about half as long)"
    )


def points(x: float) -> str:
    """A fraction as signed points: 0.041 -> "+4.1"."""
    return f"{100 * x:+.1f}"


VERDICT_WORDS = {
    "helps": "helps",
    "hurts": "hurts",
    "cannot tell at this budget": "cannot tell at this budget",
}


def card_value_rows(job: AnalysisJob) -> list[dict[str, Any]]:
    """The card value table, best card first: value above magic in points with its
    interval, and the verdict in words."""
    rows = (job.report or {}).get("cards") or []
    out = []
    for r in sorted(rows, key=lambda r: -r["vam"]):
        lo, hi = r["ci"]
        verdict = VERDICT_WORDS.get(r["verdict"], r["verdict"])
        final = r.get("final_half_width")
        if job.is_active and r["verdict"] == "cannot tell at this budget" and final:
            # while it runs: can the rest of the budget still tell this card?
            verdict = (
                "not yet: the rest of the budget can tell it if its value holds"
                if abs(r["vam"]) > final
                else "not yet, and likely not at this budget"
            )
        out.append(
            {
                "card": r["card"],
                "name": r["name"],
                "copies": r["copies"],
                "value": points(r["vam"]),
                "low": points(lo),
                "high": points(hi),
                "verdict": verdict,
                "games": r["games"],
            }
        )
    return out


def opponent_names(job: AnalysisJob) -> dict[str, str]:
    """The engine's name of each field deck (a faction deck plays under its slug)
    -> the name players read."""
    return {d["source"].get("slug") or d["name"]: d["name"] for d in job.field}


def suggestion_rows(job: AnalysisJob) -> list[dict[str, Any]]:
    """The confirmed swaps with their gains in points and per-opponent rows."""
    names = opponent_names(job)
    out = []
    for i, s in enumerate((job.report or {}).get("suggestions") or []):
        lo, hi = s["ci"]
        worst = s.get("worst_matchup") or {}
        out.append(
            {
                "index": i,
                "out": s["out_name"],
                "in": s["in_name"],
                "gain": points(s["gain"]),
                "low": points(lo),
                "high": points(hi),
                "games": s["games"],
                "worst": names.get(worst.get("opponent", ""), worst.get("opponent")),
                "worst_gain": points(worst["gain"]) if worst else None,
                "per_opponent": [
                    {
                        "opponent": names.get(p["opponent"], p["opponent"]),
                        "gain": points(p["gain"]),
                        "low": points(p["ci"][0]),
                        "high": points(p["ci"][1]),
                        "blocks": p["blocks"],
                    }
                    for p in s.get("per_opponent") or []
                ],
            }
        )
    return out


def analysis_verdict(job: AnalysisJob) -> str:
    """One sentence for players."""
    report = job.report or {}
    name = job.deck_frozen.get("name", "This deck")
    if job.status == "failed":
        return f"The analysis failed: {job.error or 'no reason given'}."
    if job.status == "cancelled" and not report.get("games"):
        return "Cancelled before any game was played."
    if job.kind == Kind.CARD_VALUES:
        rows = report.get("cards") or []
        if not job.games_done:
            return "Measuring: no round finished yet."
        helps = [r["name"] for r in rows if r["verdict"] == "helps"]
        hurts = [r["name"] for r in rows if r["verdict"] == "hurts"]
        bits = []
        if helps:
            bits.append(
                f"{', '.join(helps)} clearly help{'s' if len(helps) == 1 else ''}"
            )
        if hurts:
            bits.append(
                f"{', '.join(hurts)} clearly hurt{'s' if len(hurts) == 1 else ''}"
            )
        if not bits:
            return (
                f"No card of {name} clearly helps or hurts yet: the differences are "
                "smaller than this budget can tell apart."
            )
        return f"In {name}, " + "; ".join(bits) + " (compared with a blank card)."
    status = report.get("status")
    suggestions = report.get("suggestions") or []
    if suggestions:
        s = suggestions[0]
        more = f" ({len(suggestions)} swaps in all)" if len(suggestions) > 1 else ""
        return (
            f"Swap {s['out_name']} for {s['in_name']}: {name} scores about "
            f"{abs(100 * s['gain']):.1f} points {'more' if s['gain'] >= 0 else 'less'}"
            f" against the field{more}, confirmed on fresh games."
        )
    lead = leader_text(report.get("leader"))
    if status == "no-gain":
        return f"No swap made {name} clearly better: it looks hard to improve."
    if status == "budget-spent":
        return "The budget ran out before any swap was confirmed. " + (
            lead or "A bigger budget may find one."
        )
    return "Searching: no swap confirmed yet." + (f" {lead}" if lead else "")


def leader_text(lead: dict[str, Any] | None) -> str:
    """The swap in the lead in words: by how much, and what would decide it."""
    if not lead:
        return ""
    lo, hi = lead["ci"]
    where = (
        "in the search (an optimistic figure: it was chosen for being best)"
        if lead["stage"] == "search"
        else "on fresh games"
    )
    text = (
        f"In the lead: {lead['out_name']} out, {lead['in_name']} in, "
        f"{points(lead['gain'])} points (very likely between {points(lo)} and "
        f"{points(hi)}) {where}."
    )
    more = lead.get("more_games")
    if more:
        text += f" About {more:,} more games would decide it."
    return text


def max_games_for(agent: str) -> int:
    return conf.max_games(agent)


# ----------------------------------------------------------- what a budget can decide

#: The variance of one block's score difference assumed before any game is played:
#: a fair coin's (the engine's own prior, ``card_values.pooled_variance``). Paired
#: games usually vary less, so the thresholds below err toward more games.
PRIOR_VARIANCE = 0.25
#: The false-discovery rate of the card value verdicts (``CardValueRun``'s default).
VERDICT_FDR = 0.10
#: The value of a strong card, in games won out of 1: the budget hint says what a
#: card worth this much needs.
STRONG_CARD = 0.10


#: How much a seed block tells about each card, against one block of the
#: one-at-a-time design (each card blanked once against the deck): the screening
#: design's three mirror pairs toggle every card three times a block, the group
#: design blanks each card once among others. Set a little below what the planner
#: showed (docs/measurements/card-values.md), so that the form errs toward more
#: games.
BLOCK_PRECISION = {"screening": 1.5, "groups": 0.75, "one-at-a-time": 1.0}


def card_values_plan(
    *,
    cards: int,
    field_size: int,
    round_blocks: int | None = None,
    design: str | None = None,
) -> dict[str, Any]:
    """How a card value run of a deck with ``cards`` swappable cards against
    ``field_size`` opponents spends games: a round plays ``step`` seed blocks (two
    games each) of the deck and its variants (``runs_per_block`` in all: one per
    card one at a time, about a third as many in the screening design, where each
    variant blanks 2 to 4 cards). ``precision`` says how much a block tells about
    each card against a one-at-a-time block (:data:`BLOCK_PRECISION`); ``z`` is the
    score a card's difference must reach, in standard errors of one-at-a-time
    blocks, to be called first (Benjamini-Hochberg's rank one: p at most fdr /
    cards)."""
    from statistics import NormalDist

    from engine.optimize.card_values import round_runs

    field_size = max(1, field_size)
    step = round_blocks or field_size * -(-16 // field_size)
    z = NormalDist().inv_cdf(1 - VERDICT_FDR / (2 * max(1, cards)))
    design = design or conf.get("CARD_VALUES_DESIGN")
    runs = round_runs(design, cards, step)
    return {
        "cards": cards,
        "step": step,
        "precision": BLOCK_PRECISION.get(design, 1.0),
        # the form's script redraws the plan for another field size from these
        "runs_per_block": runs / step,
        "round_games": 2 * runs,
        # halves round up, as the form's script (Math.round) does
        "variants": int(runs / step - 1 + 0.5),
        "z": z,
        "sd": PRIOR_VARIANCE**0.5,
    }


def decidable_value(plan: dict[str, Any], games: int) -> float | None:
    """The smallest card value (games won out of 1) that ``games`` can call "helps"
    or "hurts" under ``plan``, with every card racing to the end; None when the
    budget does not pay for one round (it can decide nothing)."""
    rounds = games // plan["round_games"]
    if rounds < 1:
        return None
    blocks = rounds * plan["step"] * plan["precision"]
    return float(plan["z"] * plan["sd"] / blocks**0.5)


def games_to_decide(plan: dict[str, Any], value: float) -> int:
    """The smallest budget (whole rounds) that can call a card worth ``value``."""
    blocks = (plan["z"] * plan["sd"] / value) ** 2 / plan["precision"]
    rounds = max(1, -(-int(blocks) // plan["step"]))
    while rounds * plan["step"] < blocks:
        rounds += 1
    return int(rounds * plan["round_games"])


def least_deciding_games(plan: dict[str, Any]) -> int:
    """The smallest budget that can decide anything: whole rounds enough to call a
    card even of the largest value there is (every game turned, 1)."""
    return games_to_decide(plan, 1.0)


def card_values_budget_text(plan: dict[str, Any], games: int) -> str:
    """What the form says of a card value budget: the smallest budget that can
    decide anything for this deck, and what ``games`` can tell apart."""
    least = least_deciding_games(plan)
    strong = games_to_decide(plan, STRONG_CARD)
    strong_points = round(100 * STRONG_CARD)
    head = (
        f"The smallest budget that can decide anything for this deck: {least:,} "
        f"games (rounds of {plan['step']} seed blocks, each two games of the deck "
        f"and of about {plan['variants']} variants of it that blank "
        f"its {plan['cards']} cards in turn)."
    )
    if games < least:
        noun = "game" if games == 1 else "games"
        return f"{head} {games:,} {noun} cannot decide any card."
    value = decidable_value(plan, games) or 1.0
    told = (
        f"{head} With {games:,} {'game' if games == 1 else 'games'} a card is told "
        f"apart only if it is worth about {100 * value:.0f} points (games won out of "
        "100) or more"
    )
    if games >= strong:
        return f"{told}."
    return (
        f"{told}; a strong card, worth {strong_points} points, needs about "
        f"{strong:,} games."
    )


def frozen_analysed_deck(deck: Any, user: Any) -> dict[str, Any]:
    """The deck as an analysis plays it: frozen by its faction's slug when it is a
    faction deck (the engine's own list), by its id otherwise."""
    from simulate.services.decks import deck_freeze

    spec = deck.faction.slug if deck.is_faction_deck and deck.faction else deck.pk
    return deck_freeze(user=user, spec=spec, field="deck", ruleset=deck.ruleset)


def card_values_plan_for(
    *, deck: Any, user: Any, field_size: int | None = None
) -> dict[str, Any]:
    """``card_values_plan`` of a saved deck; the field defaults to what a request
    naming none gets (every playable faction deck of the deck's edition)."""
    from engine.optimize.card_values import swappable
    from simulate import adapters

    frozen = frozen_analysed_deck(deck, user)
    cards = len(swappable(adapters.game_deck(frozen)))
    if field_size is None:
        field_size = default_field_size(deck.ruleset)
    return card_values_plan(
        cards=cards, field_size=field_size, round_blocks=conf.get("ROUND_BLOCKS")
    )


def suggestions_budget_text(*, deck: Any, user: Any) -> str:
    """What the suggestion form says of budgets: the smallest that can search and
    confirm once against the default field, from the deck's own possible swaps."""
    from analysis.runs import summoner_pool
    from engine.optimize.suggest import candidate_swaps, min_step_games
    from simulate import adapters

    frozen = frozen_analysed_deck(deck, user)
    pool = summoner_pool(frozen["summoner"], deck.ruleset)
    swaps = candidate_swaps(adapters.game_deck(frozen), pool, ruleset=deck.ruleset)
    if not swaps:
        return "This deck has no legal swap to try."
    nf = default_field_size(deck.ruleset)
    least = min_step_games(len(swaps), nf)
    return (
        f"The smallest budget for this deck: {least:,} games (its {len(swaps)} "
        f"possible swaps tried against {nf} opponent decks, then the best one "
        "checked on fresh games). A swap worth 5 points or more is usually "
        "confirmed within a few thousand games; a smaller budget may end with a "
        "swap in the lead but not yet confirmed."
    )


def default_field_size(ruleset: str) -> int:
    """How many opponents a request naming none plays: ``ANALYSIS_FIELD``, else
    every playable faction deck of the edition."""
    from engine.deckbuilding.resolve import default_catalog
    from simulate.services.decks import playable_faction_slugs

    return len(conf.get("FIELD") or playable_faction_slugs(default_catalog(ruleset)))


def job_decide_text(job: AnalysisJob) -> str:
    """For a card value job: how much a card had to be worth to be told apart at
    its budget (the form's arithmetic over the job's own cards, field and rounds);
    "" for other jobs."""
    if job.kind != Kind.CARD_VALUES:
        return ""
    state = job.state or {}
    params = state.get("params") or {}
    cards = len(state.get("variants") or state.get("cards") or []) or len(
        (job.report or {}).get("cards") or []
    )
    if not cards:
        return ""
    plan = card_values_plan(
        cards=cards,
        field_size=len(job.field),
        round_blocks=params.get("step"),
        design=state.get("design", "one-at-a-time"),
    )
    value = decidable_value(plan, job.max_games)
    if value is None:
        return ""
    return (
        f"At a budget of {job.max_games:,} games a card is told apart only if it is "
        f"worth about {100 * min(value, 1.0):.0f} points (games won out of 100) or "
        'more; smaller values read "cannot tell at this budget".'
    )
