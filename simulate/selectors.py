"""Reads: access checks, job lists, progress and the aggregated result of a job.

The aggregate is always computed from the stored ``ChunkResult`` rows (one per chunk
index, so never counted twice); the per-game ``outcomes`` lists are only read where
a page needs them (replays, exports), never for progress polling.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.shortcuts import get_object_or_404

from simulate import adapters
from simulate.models import (
    ACTIVE_STATUSES,
    SHARED_VISIBILITIES,
    ChunkResult,
    JobStatus,
    MatrixJob,
    SimulationJob,
    Visibility,
)
from work.selectors import duration_text

#: Points of the running win-rate curve returned at most (downsampled by chunk).
MAX_CURVE_POINTS = 120

_AGG_FIELDS = (
    "first_game",
    "games",
    "wins_a",
    "wins_b",
    "draws",
    "first_player_wins",
    "a_first_games",
    "a_first_wins",
    "partial_games",
    "turns_sum",
    "turn_hist",
    "terminations",
    "card_stats",
    "card_games",
    "missing_abilities",
    "setup_defaults",
)


def simulation_list(*, user: Any) -> QuerySet[SimulationJob]:
    return SimulationJob.objects.filter(owner=user, matrix__isnull=True)


def matrix_list(*, user: Any) -> QuerySet[MatrixJob]:
    return MatrixJob.objects.filter(owner=user)


def public_simulation_list() -> QuerySet[SimulationJob]:
    """Finished public single matchups (not matrix cells), newest first."""
    return SimulationJob.objects.filter(
        visibility=Visibility.PUBLIC, matrix__isnull=True
    ).select_related("owner")


def public_matrix_list() -> QuerySet[MatrixJob]:
    return MatrixJob.objects.filter(visibility=Visibility.PUBLIC).select_related(
        "owner"
    )


def _is_user(user: Any) -> bool:
    return user is not None and bool(user.is_authenticated)


def access_simulation(
    user: Any, job_id: int, *, lock: bool = False, write: bool = False
) -> SimulationJob:
    """The job by its numeric id, for its OWNER only, or 404: ids are counters
    anyone could guess, so a shared job is read by its token instead
    (:func:`access_simulation_shared`); others' jobs, shared or not, are
    indistinguishable from absent here. ``write`` (cancel, share): the same rule,
    said where it matters."""
    from django.http import Http404

    if not _is_user(user):
        raise Http404("No such simulation.")
    qs = SimulationJob.objects.filter(owner=user)
    if lock:
        qs = qs.select_for_update()
    return get_object_or_404(qs, pk=job_id)


def access_simulation_shared(user: Any, token: str) -> SimulationJob:
    """The job behind a share token: readable by anyone while it is shared (its own
    visibility unlisted or public, or a cell of a shared matrix), and always by its
    owner; 404 otherwise (a private job's token says nothing)."""
    rule = Q(visibility__in=SHARED_VISIBILITIES) | Q(
        matrix__visibility__in=SHARED_VISIBILITIES
    )
    if _is_user(user):
        rule |= Q(owner=user)
    return get_object_or_404(
        SimulationJob.objects.filter(rule).select_related("owner", "matrix"),
        share_token=str(token),
    )


def access_matrix(user: Any, matrix_id: int, *, write: bool = False) -> MatrixJob:
    """The matrix by its numeric id, for its owner only, else 404 (shared
    matrices are read by token: :func:`access_matrix_shared`)."""
    from django.http import Http404

    if not _is_user(user):
        raise Http404("No such matrix.")
    return get_object_or_404(MatrixJob.objects.filter(owner=user), pk=matrix_id)


def access_matrix_shared(user: Any, token: str) -> MatrixJob:
    """The matrix behind a share token while it is shared (or for its owner)."""
    rule = Q(visibility__in=SHARED_VISIBILITIES)
    if _is_user(user):
        rule |= Q(owner=user)
    return get_object_or_404(
        MatrixJob.objects.filter(rule).select_related("owner"), share_token=str(token)
    )


def simulation_share_url(job: SimulationJob) -> str:
    """The path anyone opens a shared job at (``/s/<token>/``)."""
    from django.urls import reverse

    return reverse("simulate:simulation-shared", args=[job.share_token])


def matrix_share_url(matrix: MatrixJob) -> str:
    """The path anyone opens a shared matrix at (``/m/<token>/``)."""
    from django.urls import reverse

    return reverse("simulate:matrix-shared", args=[matrix.share_token])


def games_per_second() -> dict[str, float]:
    """Observed games per second per worker process and registered agent (the last
    chunks played with the same agent on both sides), else the agent's nominal
    figure (:func:`simulate.agents.games_per_second`: a setting or the engine
    ladder's measurement): the basis of the run-time estimates."""
    from simulate import agents

    rates = {a: agents.games_per_second(a) for a in agents.registered()}
    for agent in list(rates):
        recent = ChunkResult.objects.filter(
            job__agent_a=agent, job__agent_b=agent, elapsed_ms__gt=0
        ).order_by("-pk")[:20]
        totals = recent.aggregate(games=Sum("games"), ms=Sum("elapsed_ms"))
        if totals["games"] and totals["ms"]:
            rates[agent] = round(1000 * totals["games"] / totals["ms"], 2)
    return rates


def simulate_links(deck_key: str, ruleset: str | None = None) -> dict[str, str]:
    """The "Simulate" buttons of a deck page: one opponent (the form, prefilled), or
    the faction decks of the deck's edition as one matrix row (a gauntlet: at most
    MAX_MATRIX_DECKS of them, catalog order; ``opponents`` says how many).
    ``deck_key``: a deck id or a faction slug, as the deck pages name decks;
    ``ruleset``: the deck's edition (a faction slug of another edition than the
    default becomes the form's ``<edition>:<slug>`` key)."""
    from urllib.parse import urlencode

    from django.urls import reverse

    from engine.deckbuilding.resolve import default_catalog, playable_factions
    from engine.rulesets import DEFAULT_RULESET
    from simulate.services.decks import deck_key as faction_key

    edition = ruleset or DEFAULT_RULESET
    if not deck_key.isdigit():
        deck_key = faction_key(deck_key, edition)
    from simulate import conf

    opponents = [
        faction_key(f, edition)
        for f in playable_factions(default_catalog(edition))
        if faction_key(f, edition) != deck_key
    ][: conf.get("MAX_MATRIX_DECKS")]  # a gauntlet's limit (16 first-edition decks)
    gauntlet = [("gauntlet", "1"), ("gauntlet_deck", deck_key), ("decks", deck_key)]
    gauntlet += [("decks", f) for f in opponents]
    one = [("deck_a", deck_key)]
    if edition != DEFAULT_RULESET:
        one.append(("ruleset", edition))
        gauntlet.append(("ruleset", edition))
    return {
        "one": f"{reverse('simulate:simulation-new')}?{urlencode(one)}",
        "gauntlet": f"{reverse('simulate:matrix-new')}?{urlencode(gauntlet)}",
        "opponents": str(len(opponents)),
    }


def simulation_progress(
    *, job: SimulationJob, done: int | None = None
) -> dict[str, Any]:
    """Games done and to play, with the rate, ETA and what the job waits for while
    it runs (:func:`work.selectors.job_progress`)."""
    from simulate.kinds import SIMULATION
    from work.selectors import job_progress

    if done is None:
        done = ChunkResult.objects.filter(job=job).aggregate(n=Sum("games"))["n"] or 0

    def nominal() -> float | None:  # one query per agent: only when unmeasured
        if job.agent_a != job.agent_b:
            return None
        return games_per_second().get(job.agent_a)

    return job_progress(
        SIMULATION, job, done=done, total=job.total_games, nominal_rate=nominal
    )


def win_rate_and_interval(wins: int, games: int) -> tuple[float | None, list[float]]:
    """Win rate of A and its Wilson 95% interval, as the engine CLI reports them."""
    from engine.tools.stats import wilson

    if games == 0:
        return None, [0.0, 1.0]
    low, high = wilson(wins, games)
    return wins / games, [low, high]


def simulation_result(*, job: SimulationJob) -> dict[str, Any]:
    """The aggregated result of the chunks stored so far (final once the job is done).

    Keys mirror ``python -m engine.simulate --json`` (games, wins_a, wins_b, draws,
    win_rate_a, ci95, avg_turns, seed, first_player_win_rate, partial) plus
    ``half_width``, ``turn_histogram``, ``terminations``, ``cards``, ``curve`` and
    ``low_confidence_cards``.
    """
    rows = list(
        ChunkResult.objects.filter(job=job).order_by("first_game").values(*_AGG_FIELDS)
    )
    result = aggregate_rows(rows, seed=job.seed, per_index=job.results_per_index)
    result["low_confidence_cards"] = simulation_low_confidence(job=job)
    return result


def simulation_low_confidence(*, job: SimulationJob) -> dict[str, list[str]]:
    """Per side, the frozen deck's cards played from low-confidence catalog data
    (as ``python -m engine.simulate`` reports them)."""
    from engine.deckbuilding.resolve import low_confidence_cards

    return {
        side: low_confidence_cards(adapters.game_deck(frozen))
        for side, frozen in (("a", job.deck_a), ("b", job.deck_b))
    }


def simulation_low_confidence_names(*, job: SimulationJob) -> dict[str, list[str]]:
    """:func:`simulation_low_confidence` with card names (the job page)."""
    from engine.deckbuilding.resolve import default_catalog

    cards = default_catalog().cards
    return {
        side: [cards[slug].name for slug in slugs]
        for side, slugs in simulation_low_confidence(job=job).items()
    }


def aggregate_rows(
    rows: list[dict[str, Any]], *, seed: int, per_index: int = 1
) -> dict[str, Any]:
    """Sum chunk rows (in chunk order). ``per_index``: games per game index (2 with
    ``swap``), to tell whether the chunks so far are a contiguous prefix."""
    games = wins_a = wins_b = draws = first_wins = partial = turns = 0
    a_first_games = a_first_wins = 0
    hist: Counter[int] = Counter()
    terminations: Counter[str] = Counter()
    cards: dict[str, dict[str, list[int]]] = {"a": {}, "b": {}}
    played: dict[str, dict[str, dict[str, list[int]]]] = {"a": {}, "b": {}}
    missing: list[str] = []
    setup_defaults = [False, False]
    curve: list[dict[str, Any]] = []
    # The running curve follows the contiguous prefix of games (chunk order), so each
    # point is the result of games 0..n-1: what a shorter job would have reported.
    prefix_open = True
    step = max(1, -(-len(rows) // MAX_CURVE_POINTS))
    for i, row in enumerate(rows):
        games += row["games"]
        wins_a += row["wins_a"]
        wins_b += row["wins_b"]
        draws += row["draws"]
        first_wins += row["first_player_wins"]
        a_first_games += row["a_first_games"]
        a_first_wins += row["a_first_wins"]
        partial += row["partial_games"]
        turns += row["turns_sum"]
        hist.update({int(k): v for k, v in row["turn_hist"].items()})
        terminations.update(row["terminations"])
        adapters.add_card_counts(cards, row["card_stats"])
        for side, by_card in (row.get("card_games") or {}).items():
            adapters.add_card_counts(played.setdefault(side, {}), by_card)
        missing += [m for m in row["missing_abilities"] if m not in missing]
        for side, used in enumerate(row["setup_defaults"]):
            setup_defaults[side] = setup_defaults[side] or used
        prefix_open = prefix_open and per_index * row["first_game"] == (
            games - row["games"]
        )
        if prefix_open and (i % step == step - 1 or i == len(rows) - 1):
            rate, ci = win_rate_and_interval(wins_a, games)
            curve.append({"games": games, "win_rate_a": rate, "ci95": ci})

    rate, ci = win_rate_and_interval(wins_a, games)
    decisive = wins_a + wins_b
    return {
        "games": games,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "win_rate_a": rate,
        "ci95": ci,
        "half_width": (ci[1] - ci[0]) / 2 if games else None,
        "avg_turns": turns / games if games else None,
        "seed": seed,
        "first_player_wins": first_wins,
        "first_player_win_rate": first_wins / decisive if decisive else None,
        "first_player_split": {
            "a": _split(a_first_wins, a_first_games),
            "b": _split(wins_a - a_first_wins, games - a_first_games),
        },
        "partial": partial > 0,
        "partial_games": partial,
        "missing_abilities": missing,
        "setup_defaults_used": {"a": setup_defaults[0], "b": setup_defaults[1]},
        "turn_histogram": [[t, hist[t]] for t in sorted(hist)],
        "terminations": dict(sorted(terminations.items())),
        "cards": cards,
        "card_names": _card_names(cards),
        "card_association": card_association(played),
        "curve": curve,
    }


def length_band_labels() -> list[dict[str, Any]]:
    """The game-length bands of the per-card table, labelled for players."""
    out = []
    for key, low, high in adapters.LENGTH_BANDS:
        if low == 0:
            label = f"Short games (under {high + 1} turns)"  # type: ignore[operator]
        elif high is None:
            label = f"Long games ({low}+ turns)"
        else:
            label = f"Medium games ({low}–{high} turns)"
        out.append({"key": key, "label": label})
    return out


def card_association(
    played: dict[str, dict[str, dict[str, list[int]]]],
) -> dict[str, Any]:
    """The per-card association table: per side, each card's games played and its
    side's win rate in them, overall and per game-length band, beside the side's
    win rate in all games of that band (the baseline). Association, not effect: a
    card played in a position that was already winning looks good without causing
    the win, and long games let more cards be played. Events included."""
    from engine.deckbuilding.resolve import default_catalog

    catalog = default_catalog().cards
    bands = [key for key, _, _ in adapters.LENGTH_BANDS]
    out: dict[str, Any] = {
        "bands": [
            {"key": key, "low": low, "high": high}
            for key, low, high in adapters.LENGTH_BANDS
        ],
        "sides": {},
    }
    for side, by_card in played.items():
        base = by_card.get("", {})
        rows: list[dict[str, Any]] = []
        for slug, per_band in by_card.items():
            if not slug:
                continue
            games = sum(v[0] for v in per_band.values())
            wins = sum(v[1] for v in per_band.values())
            card = catalog.get(slug)
            rows.append(
                {
                    "card": slug,
                    "name": card.name if card else slug,
                    "event": bool(card and card.is_event),
                    "games": games,
                    "win_rate": wins / games if games else None,
                    "bands": {
                        band: _band_cell(per_band.get(band), base.get(band))
                        for band in bands
                    },
                }
            )
        rows.sort(key=lambda r: (-r["games"], r["name"]))
        out["sides"][side] = {
            "baseline": {band: _band_cell(base.get(band), None) for band in bands},
            "cards": rows,
        }
    return out


def _band_cell(cell: list[int] | None, baseline: list[int] | None) -> dict[str, Any]:
    games, wins = cell or (0, 0)
    base_games = baseline[0] if baseline else None
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else None,
        "share": games / base_games if base_games else None,
    }


def _split(wins_a: int, games: int) -> dict[str, Any]:
    """A's record in the games one side moved first."""
    rate, ci = win_rate_and_interval(wins_a, games)
    return {"games": games, "wins_a": wins_a, "win_rate_a": rate, "ci95": ci}


def _card_names(cards: dict[str, dict[str, list[int]]]) -> dict[str, str]:
    from engine.deckbuilding.resolve import default_catalog

    catalog = default_catalog().cards
    slugs = sorted({slug for side in cards.values() for slug in side})
    return {slug: catalog[slug].name if slug in catalog else slug for slug in slugs}


def simulation_outcomes(*, job: SimulationJob) -> list[list[Any]]:
    """Per-game rows ``[winner, termination, turns, first_player, partial]`` in game
    order (only for completed chunks; used by tests, exports and the replay page)."""
    out: list[list[Any]] = []
    for outcomes in (
        ChunkResult.objects.filter(job=job)
        .order_by("first_game")
        .values_list("outcomes", flat=True)
    ):
        out.extend(outcomes)
    return out


def matrix_cells(*, matrix: MatrixJob) -> list[dict[str, Any]]:
    """One entry per pair job: row, col, status, progress and the headline numbers."""
    jobs = list(matrix.jobs.order_by("matrix_row", "matrix_col"))
    done = dict(
        ChunkResult.objects.filter(job__matrix=matrix)
        .values("job")
        .annotate(n=Sum("games"))
        .values_list("job", "n")
    )
    cells = []
    for job in jobs:
        result = job.result or simulation_result(job=job)
        cells.append(
            {
                "id": job.pk,
                "share_url": simulation_share_url(job),
                "row": job.matrix_row,
                "col": job.matrix_col,
                "status": job.status,
                "error": job.error,
                "progress": simulation_progress(job=job, done=done.get(job.pk, 0)),
                "games": result["games"],
                "wins_a": result["wins_a"],
                "wins_b": result["wins_b"],
                "draws": result["draws"],
                "win_rate_a": result["win_rate_a"],
                "ci95": result["ci95"],
            }
        )
    return cells


def matrix_progress(cells: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole matrix's games done and to play; while it runs, the slices
    playing it, the longest ETA of a running cell and, when nothing plays it, what
    it waits for."""
    active = [c for c in cells if c["status"] in ACTIVE_STATUSES]
    out: dict[str, Any] = {
        "done": sum(c["progress"]["done"] for c in cells),
        "total": sum(c["progress"]["total"] for c in cells),
        "failed": sum(1 for c in cells if c["status"] == JobStatus.FAILED),
    }
    if active:
        out["running"] = sum(c["progress"].get("running") or 0 for c in active)
        etas = [c["progress"].get("eta_seconds") for c in active]
        known = [e for e in etas if e is not None]
        # cells waiting for a worker run after the running ones: add them up
        out["eta_seconds"] = sum(known) if known else None
        out["eta_text"] = duration_text(out["eta_seconds"]) if known else None
        waiting = [c["progress"].get("waiting") for c in active]
        out["waiting"] = (
            None if out["running"] else next((w for w in waiting if w), None)
        )
    return out


def matrix_rows(*, matrix: MatrixJob, owner_view: bool = True) -> list[dict[str, Any]]:
    """The heatmap: one row per deck, one cell per opponent, each the row deck's win
    rate and Wilson interval (the diagonal is empty; (j, i) mirrors job (i, j)), with
    ``clear``: "above"/"below" when the interval excludes 50%, else None; and the
    row's ``average``: its games against every opponent pooled, with its interval.
    A gauntlet has only the first deck's row. Each cell's ``url`` opens its job:
    by id for the owner (``owner_view``), else by its share token."""
    from django.urls import reverse

    n = len(matrix.decks)
    grid: list[list[dict[str, Any] | None]] = [[None] * n for _ in range(n)]
    for cell in matrix_cells(matrix=matrix):
        i, j = cell["row"], cell["col"]
        games = cell["games"]
        cell["url"] = (
            reverse("simulate:simulation-detail", args=[cell["id"]])
            if owner_view
            else cell["share_url"]
        )
        grid[i][j] = {**cell, "wins": cell["wins_a"]}
        rate, ci = win_rate_and_interval(cell["wins_b"], games)
        grid[j][i] = {**cell, "wins": cell["wins_b"], "win_rate_a": rate, "ci95": ci}
    rows = []
    for i, deck in enumerate(matrix.decks):
        cells = grid[i]
        played = [c for c in cells if c is not None]
        for c in played:
            c["clear"] = clear_side(c["ci95"]) if c["games"] else None
        wins = sum(c["wins"] for c in played)
        games = sum(c["games"] for c in played)
        rate, ci = win_rate_and_interval(wins, games)
        average = {"wins": wins, "games": games, "win_rate": rate, "ci95": ci}
        average["clear"] = clear_side(ci) if games else None
        rows.append({"deck": deck, "cells": cells, "average": average})
    if matrix.gauntlet:
        rows = rows[:1]
    return rows


def clear_side(ci: list[float]) -> str | None:
    """ "above" or "below" when a 95% interval lies wholly on one side of 50%."""
    if ci[0] > 0.5:
        return "above"
    if ci[1] < 0.5:
        return "below"
    return None


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def simulation_verdict(
    *, result: dict[str, Any], name_a: str, name_b: str
) -> dict[str, Any]:
    """One sentence a player can read: who is favoured, by how much, and how sure
    (the Wilson 95% interval of A's win rate against 50%); ``edge`` is "a", "b" or
    None (no clear edge yet)."""
    games = result.get("games") or 0
    if not games:
        return {"edge": None, "text": "No games played yet."}
    rate, (low, high) = result["win_rate_a"], result["ci95"]
    draws = result.get("draws") or 0
    played = f"{games:,} games" + (f", {draws:,} drawn" if draws else "")
    span = f"95% interval {_pct(low)}–{_pct(high)}; {played}"
    side = clear_side([low, high])
    if side == "above":
        text = (
            f"{name_a} is favoured: it wins {_pct(rate)} of games against "
            f"{name_b} ({span})."
        )
        return {"edge": "a", "text": text}
    if side == "below":
        text = (
            f"{name_b} is favoured: {name_a} wins only {_pct(rate)} of games ({span})."
        )
        return {"edge": "b", "text": text}
    text = (
        f"No clear edge: {name_a} wins {_pct(rate)} of games against {name_b}, "
        f"and its 95% interval, {_pct(low)}–{_pct(high)}, includes 50% ({played})."
    )
    return {"edge": None, "text": text}


def simulation_summary(
    *, job: SimulationJob, deck_a: str | None = None, deck_b: str | None = None
) -> dict[str, Any]:
    """The job's result in the shape of ``python -m engine.simulate --json`` (same keys
    and values for the same decks, seed, agents and games), plus ``id``/``status``.
    ``deck_a``/``deck_b``: the deck arguments as given (default: the deck names)."""
    result = simulation_result(job=job)
    games = result["games"]
    return {
        "id": job.pk,
        "status": job.status,
        "deck_a": deck_a or job.deck_a["name"],
        "deck_b": deck_b or job.deck_b["name"],
        "agent_a": job.agent_a,
        "agent_b": job.agent_b,
        "ruleset": job.ruleset,
        "engine_build": job.engine_build,
        "games": games,
        "wins_a": result["wins_a"],
        "wins_b": result["wins_b"],
        "draws": result["draws"],
        "win_rate_a": result["win_rate_a"] or 0.0,
        "ci95": result["ci95"],
        "avg_turns": result["avg_turns"] or 0.0,
        "seed": job.seed,
        "swap": job.swap,
        "first_player_win_rate": result["first_player_win_rate"] or 0.0,
        "terminations": result["terminations"],
        "partial": result["partial"],
        "missing_abilities": result["missing_abilities"],
        "low_confidence_cards": result["low_confidence_cards"],
        "setup_defaults_used": result["setup_defaults_used"],
        "card_stats": {
            side: {
                slug: dict(zip(adapters.CARD_COUNTERS, values, strict=True))
                for slug, values in cards.items()
            }
            for side, cards in result["cards"].items()
        },
    }


def edition_label(ruleset: str | None) -> str:
    """``first`` -> "First edition" (the decks app's own labels)."""
    from decks.models import Ruleset

    try:
        return str(Ruleset(ruleset or "second").label)
    except ValueError:
        return str(ruleset)


def matrix_ruleset(matrix: MatrixJob) -> str:
    """The edition a matrix was played in (its frozen decks record it; none: the
    default edition)."""
    from engine.rulesets import DEFAULT_RULESET

    decks = matrix.decks or [{}]
    return str(decks[0].get("ruleset") or DEFAULT_RULESET)


def frozen_deck_rows(frozen: dict[str, Any], *, ruleset: str) -> dict[str, Any]:
    """A frozen deck as a page shows it inline: its name and ``[(count, card
    name)]`` in the frozen order, so a shared page never links a deck its reader
    may not open."""
    from engine.deckbuilding.resolve import default_catalog

    try:
        cards = default_catalog(ruleset).cards
    except ValueError:
        cards = {}
    rows = []
    for entry in frozen.get("entries", []):
        card = cards.get(entry["card"])
        rows.append((int(entry["count"]), card.name if card else entry["card"]))
    return {"name": frozen.get("name", ""), "entries": rows}
