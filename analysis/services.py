"""Analysis job lifecycle: submit, play a piece of a round, advance, fail, cancel,
resume, and apply a suggestion as a new deck.

Invariants (the shape of ``simulate.services.jobs``)
----------------------------------------------------
- A job's engine run (:mod:`analysis.runs`) is rebuilt from its frozen decks and
  stored ``state`` wherever a task runs; its next round is a function of them, so
  every worker sees the same tasks.
- Round ``r`` is split into pieces of at most ``conf.blocks_per_task(agent)`` blocks;
  ``piece_run`` upserts ``AnalysisPiece(job, r, piece)`` (idempotent: a retried or
  redelivered piece stores the same row once).
- ``analysis_advance`` (the chord body) is idempotent: under the job's row lock it
  re-sends missing pieces (at most ``MAX_RESENDS`` times in a row without
  progress), or absorbs the round in piece order, saves the state and the partial
  report, and plans the next round or finishes the job.
- Every piece is played by the same engine (``engine_version``); status changes are
  conditional updates, so a late piece never resurrects a cancelled job.
- Pieces are handed to Celery only after the planning transaction commits.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404
from django.utils import timezone

from analysis import conf
from analysis.models import AnalysisJob, AnalysisPiece, Kind
from analysis.runs import KINDS, job_run
from simulate import adapters
from simulate.models import ACTIVE_STATUSES, JobStatus
from simulate.services.chunks import GameError, engine_stamp
from simulate.services.jobs import TooManyActiveJobs, new_seed

#: (job id, round, piece indices) -> hand the pieces to Celery
Dispatch = Callable[[int, int, list[int]], None]

MAX_FIELD = 16


def _default_dispatch(job_id: int, round_: int, pieces: list[int]) -> None:
    from analysis.tasks import enqueue_pieces

    enqueue_pieces(job_id, round_, pieces)


def _invalid(field: str, message: str) -> ValidationError:
    return ValidationError({field: [message]})


def access_analysed_deck(owner: Any, deck_id: int) -> Any:
    """The deck ``owner`` may analyse: their own, or a faction deck; anything else
    is not found (others' decks, public or not, are not analysed for them)."""
    from decks.selectors import access_deck

    deck = access_deck(owner, deck_id)
    if not deck.is_faction_deck and deck.owner_id != owner.pk:
        raise Http404(f"No deck with id {deck_id!r}.")
    return deck


def _field(owner: Any, refs: list[Any] | None, ruleset: str) -> list[dict[str, Any]]:
    from engine.deckbuilding.resolve import default_catalog
    from simulate.services.decks import playable_faction_slugs

    if refs is None:
        refs = conf.get("FIELD") or playable_faction_slugs(default_catalog(ruleset))
    if not refs:
        raise _invalid("field", "The field needs at least one opponent deck.")
    if len(refs) > MAX_FIELD:
        raise _invalid("field", f"At most {MAX_FIELD} opponent decks.")
    return [_field_deck(owner, ref, ruleset) for ref in refs]


def _field_deck(owner: Any, ref: Any, ruleset: str) -> dict[str, Any]:
    """One opponent frozen; a rejection names the opponent (by its deck's name when
    the owner may read it), so a player who ticked several decks knows which."""
    from simulate.services.decks import DeckRejected, deck_freeze

    try:
        return deck_freeze(user=owner, spec=ref, field="field", ruleset=ruleset)
    except DeckRejected as exc:
        if any(e.get("code") in ("deck.not_found", "deck.unknown") for e in exc.errors):
            raise  # the message names the reference already, and nothing more
        from decks.models import Deck

        name = str(ref)[:40]
        if isinstance(ref, int) or (isinstance(ref, str) and ref.isdigit()):
            name = (
                Deck.objects.filter(pk=int(ref)).values_list("name", flat=True).first()
                or name
            )
        errors = [
            {**e, "message": f"Opponent {name}: {e['message']}"} for e in exc.errors
        ]
        raise DeckRejected("field", errors) from exc


def analysis_agent(max_games: int | None = None) -> str:
    """The agent when a request names none: ``ANALYSIS_AGENT``, else simulate's
    default for the budget (the strongest meeting the caps)."""
    from simulate.agents import default_agent

    return conf.get("AGENT") or default_agent(
        games=max_games or conf.get("DEFAULT_GAMES")
    )


def check_budget(*, agent: str, max_games: int) -> None:
    from simulate.agents import registered

    if agent not in registered():
        raise _invalid("agent", f"Unknown agent {agent[:40]!r}.")
    cap = conf.max_games(agent)
    if max_games < 1 or max_games > cap:
        raise _invalid(
            "max_games",
            f"The budget must be 1 to {cap:,} games with the {agent} agent "
            f"(asked for {max_games:,}).",
        )


def check_climb(*, kind: str, climb: Any) -> None:
    from engine.optimize.suggest import MAX_CLIMB

    if isinstance(climb, bool) or not isinstance(climb, int):
        raise _invalid("climb", "The number of swaps in a row must be a whole number.")
    if kind != Kind.SUGGESTIONS and climb != 1:
        raise _invalid(
            "climb",
            "Only a search for a better deck makes swaps in a row; card values "
            f"measure the deck as it is (leave climb at 1, not {climb}).",
        )
    if not 1 <= climb <= MAX_CLIMB:
        raise _invalid(
            "climb",
            f"Swaps in a row must be 1 to {MAX_CLIMB} (asked for {climb}).",
        )


@transaction.atomic
def analysis_submit(
    *,
    owner: Any,
    deck_id: int,
    kind: str,
    field: list[Any] | None = None,
    agent: str | None = None,
    max_games: int | None = None,
    seed: int | None = None,
    collection_only: bool = False,
    climb: int = 1,
    dispatch: Dispatch | None = _default_dispatch,
) -> AnalysisJob:
    """Check the request, freeze the deck (the version analysed) and the field,
    build the engine run once (a deck with nothing to swap, or a budget too small
    for one round, is refused here), store the job and, once the transaction
    commits, hand its first round to ``dispatch`` (None: run it with
    ``analysis_run_inline``).

    ``climb`` (suggestions only): accepted swaps in a row, 1 to ``MAX_CLIMB``.
    A card value job refuses any other climb than 1 rather than ignoring it: the
    caller asked for something this analysis cannot do.

    Raises Http404 (deck not found or not the owner's), ValidationError (bad
    input; a ``DeckRejected`` for an illegal deck or field entry),
    TooManyActiveJobs."""
    from decks.selectors import collection_owned_cards
    from simulate.services.decks import deck_freeze

    if kind not in KINDS:
        raise _invalid("kind", f"Unknown analysis {kind[:40]!r}.")
    check_climb(kind=kind, climb=climb)
    deck = access_analysed_deck(owner, deck_id)
    max_games = max_games or conf.get("DEFAULT_GAMES")
    agent = agent or analysis_agent(max_games)
    check_budget(agent=agent, max_games=max_games)
    limit = conf.get("MAX_ACTIVE_JOBS")
    active = AnalysisJob.objects.filter(owner=owner, status__in=ACTIVE_STATUSES)
    if active.count() >= limit:
        raise TooManyActiveJobs(
            f"You already have {limit} analyses queued or running; wait for one "
            "to finish or cancel one."
        )
    spec = deck.faction.slug if deck.is_faction_deck and deck.faction else deck.pk
    frozen = deck_freeze(user=owner, spec=spec, field="deck", ruleset=deck.ruleset)
    collection = None
    if kind == Kind.SUGGESTIONS and collection_only:
        collection = collection_owned_cards(user=owner)
        if collection is None:
            raise _invalid(
                "collection_only",
                "Record your collection first (Collection page), or allow every card.",
            )
    job = AnalysisJob(
        owner=owner,
        deck=deck,
        deck_frozen=frozen,
        deck_updated_at=deck.updated_at,
        kind=kind,
        field=_field(owner, field, deck.ruleset),
        agent=agent,
        seed=new_seed() if seed is None else seed,
        max_games=max_games,
        ruleset=deck.ruleset,
        collection_only=collection is not None,
        collection=collection,
        climb=climb,
        blocks_per_piece=conf.blocks_per_task(agent),
        engine_version=adapters.engine_version(),
    )
    job.full_clean()
    try:
        run = job_run(job)
    except ValueError as exc:  # nothing to swap, a budget below one round...
        where = "max_games" if "budget" in str(exc) else "deck"
        raise _invalid(where, str(exc)) from exc
    tasks = run.next_round()
    if not tasks:
        shared = (
            f", shared by {climb} searches in a row ({max_games // climb:,} games "
            "each),"
            if climb > 1
            else ""
        )
        fewer = " or fewer swaps in a row" if climb > 1 else ""
        raise _invalid(
            "max_games",
            f"A budget of {max_games:,} games{shared} is too small for even one "
            f"round of this analysis; ask for more{fewer}.",
        )
    job.state = run.state()
    job.report = run.report()
    job.pieces_planned = _piece_count(job, len(tasks))
    job.save()
    if dispatch is not None:
        job_id, pieces = job.pk, list(range(job.pieces_planned))
        transaction.on_commit(lambda: _dispatch_or_fail(dispatch, job_id, pieces))
    return job


def _dispatch_or_fail(dispatch: Dispatch, job_id: int, pieces: list[int]) -> None:
    from simulate.services.jobs import BrokerUnavailable
    from sw_site.celery import broker_errors

    try:
        dispatch(job_id, 0, pieces)
    except broker_errors() as exc:
        analysis_fail(job_id=job_id, error=f"the task queue was unavailable: {exc}")
        raise BrokerUnavailable(str(exc)) from exc


def _piece_count(job: AnalysisJob, tasks: int) -> int:
    return -(-tasks // job.blocks_per_piece)


def _piece_slice(job: AnalysisJob, piece: int) -> slice:
    size = job.blocks_per_piece
    return slice(piece * size, (piece + 1) * size)


def piece_run(*, job_id: int, round_: int, piece: int) -> bool:
    """Play one piece of a round and upsert its blocks. False when skipped (job no
    longer active, another round, or already stored). Raises GameError when the
    engine fails or the worker runs other engine code than the job's first piece."""
    from engine.optimize.paired import run_blocks
    from engine.optimize.runs import blocks_to_json

    job = AnalysisJob.objects.filter(pk=job_id).first()
    if job is None or not job.is_active or job.rounds != round_:
        return False
    if AnalysisPiece.objects.filter(job=job, round=round_, piece=piece).exists():
        return False
    engine_stamp(AnalysisJob, job_id)
    clock = time.monotonic()
    try:
        run = job_run(job)
        tasks = run.next_round()[_piece_slice(job, piece)]
        if not tasks:
            raise GameError(f"piece {piece} is outside round {round_}")
        blocks = run_blocks(run.decks(), tasks)
    except GameError:
        raise
    except SoftTimeLimitExceeded as exc:
        raise GameError(
            f"piece {piece} of round {round_} ran longer than the task time limit"
        ) from exc
    except Exception as exc:  # any engine failure is a game error, reported as such
        detail = "".join(traceback.format_exception_only(exc)).strip()
        raise GameError(f"game error in round {round_}: {detail}") from exc
    AnalysisPiece.objects.bulk_create(
        [
            AnalysisPiece(
                job_id=job_id,
                round=round_,
                piece=piece,
                blocks=blocks_to_json(blocks),
                elapsed_ms=int((time.monotonic() - clock) * 1000),
            )
        ],
        update_conflicts=True,
        unique_fields=["job", "round", "piece"],
        update_fields=["blocks", "elapsed_ms", "updated_at"],
    )
    AnalysisJob.objects.filter(pk=job_id, resends__gt=0).update(resends=0)
    return True


def analysis_advance(*, job_id: int, stale_before: Any = None) -> tuple[int, list[int]]:
    """The chord body. Returns (round, pieces to send next), pieces [] when the job
    finished or is no longer active. Idempotent. With
    ``stale_before`` (the watchdog) only a job untouched since then is acted on."""
    from engine.optimize.runs import blocks_from_json

    with transaction.atomic():
        job = AnalysisJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or not job.is_active:
            return 0, []
        if stale_before is not None and job.updated_at >= stale_before:
            return job.rounds, []
        stored = {
            p.piece: p.blocks
            for p in AnalysisPiece.objects.filter(job=job, round=job.rounds)
        }
        missing = [i for i in range(job.pieces_planned) if i not in stored]
        if missing:
            if job.resends >= conf.get("MAX_RESENDS"):
                _fail(
                    job,
                    f"pieces {missing[:10]} of round {job.rounds} never "
                    f"completed after {job.resends} re-sends (are workers running?)",
                )
                return job.rounds, []
            job.resends += 1
            job.save(update_fields=["resends", "updated_at"])
            return job.rounds, missing
        run = job_run(job)
        blocks = [
            b for i in range(job.pieces_planned) for b in blocks_from_json(stored[i])
        ]
        planned = run.next_round()
        if len(blocks) != len(planned):  # pieces of another plan: never absorb them
            _fail(
                job,
                f"round {job.rounds}: {len(blocks)} blocks stored for "
                f"{len(planned)} planned",
            )
            return job.rounds, []
        run.absorb(planned, blocks)
        AnalysisPiece.objects.filter(job=job, round=job.rounds).delete()
        job.state = run.state()
        job.report = run.report()
        job.rounds += 1
        job.games_done = run.played
        tasks = run.next_round()
        job.pieces_planned = _piece_count(job, len(tasks))
        if not tasks:
            job.status = JobStatus.DONE
            job.finished_at = timezone.now()
        job.save()
        return job.rounds, list(range(job.pieces_planned))


def _fail(job: AnalysisJob, error: str) -> bool:
    now = timezone.now()
    return bool(
        AnalysisJob.objects.filter(pk=job.pk, status__in=ACTIVE_STATUSES).update(
            status=JobStatus.FAILED, error=error[:4000], finished_at=now, updated_at=now
        )
    )


def analysis_fail(*, job_id: int, error: str) -> bool:
    """Mark an active job failed; False when it was no longer active."""
    job = AnalysisJob.objects.filter(pk=job_id).first()
    return job is not None and _fail(job, error)


def analysis_cancel(*, job: AnalysisJob) -> AnalysisJob:
    """Cancel an active job (no-op otherwise); pieces still queued skip themselves.
    The report of the rounds already absorbed stays."""
    now = timezone.now()
    AnalysisJob.objects.filter(pk=job.pk, status__in=ACTIVE_STATUSES).update(
        status=JobStatus.CANCELLED, finished_at=now, updated_at=now
    )
    job.refresh_from_db()
    return job


def analysis_resume_stale(
    *, older_than: Any, dispatch: Dispatch | None = None
) -> list[int]:
    """Re-advance active jobs with no write since ``older_than``: the pieces lost
    with a dead worker are sent again from the stored state (bounded by
    MAX_RESENDS). Run by every worker's watchdog. Returns the job ids acted on."""
    dispatch = dispatch or _default_dispatch
    resumed = []
    stale = AnalysisJob.objects.filter(
        status__in=ACTIVE_STATUSES, updated_at__lt=older_than
    ).exclude(pieces__updated_at__gte=older_than)
    for job_id in stale.values_list("pk", flat=True).distinct():
        round_, pieces = analysis_advance(job_id=job_id, stale_before=older_than)
        if pieces:
            dispatch(job_id, round_, pieces)
        resumed.append(job_id)
    return resumed


def analysis_watchdog_tick(*, queue: str | None = None) -> list[int]:
    """The analyses' share of a worker's watchdog round (``sw_site.celery``)."""
    from analysis.tasks import enqueue_pieces
    from simulate import conf as simulate_conf

    since = timezone.now() - timedelta(seconds=simulate_conf.get("STALE_AFTER"))

    def dispatch(job_id: int, round_: int, pieces: list[int]) -> None:
        enqueue_pieces(job_id, round_, pieces, queue=queue)

    return analysis_resume_stale(older_than=since, dispatch=dispatch)


def analysis_run_inline(*, job_id: int) -> AnalysisJob:
    """Run a job to its end in this process, round by round, piece by piece: the
    same pieces, seeds and advance as the workers."""
    job = AnalysisJob.objects.get(pk=job_id)
    round_, pending = job.rounds, list(range(job.pieces_planned))
    while pending:
        for piece in pending:
            try:
                piece_run(job_id=job_id, round_=round_, piece=piece)
            except GameError as exc:
                analysis_fail(job_id=job_id, error=str(exc))
                return AnalysisJob.objects.get(pk=job_id)
        round_, pending = analysis_advance(job_id=job_id)
    return AnalysisJob.objects.get(pk=job_id)


@transaction.atomic
def analysis_apply(
    *, job: AnalysisJob, owner: Any, picks: list[int] | None = None
) -> Any:
    """A NEW deck of ``owner``: the deck version the job analysed with the picked
    suggestions' swaps (default: every suggestion), through ``decks.services``.
    The new deck must pass the construction rules, else nothing is saved
    (ValidationError). The caller has checked the job is the owner's."""
    from decks.selectors import deck_validate
    from decks.services import deck_create

    if job.kind != Kind.SUGGESTIONS:
        raise PermissionDenied("Only a swap suggestion can be applied.")
    suggestions = (job.report or {}).get("suggestions") or []
    if not suggestions:
        raise _invalid("suggestions", "This analysis has no suggestion to apply.")
    picks = list(range(len(suggestions))) if picks is None else picks
    if not picks or any(not 0 <= i < len(suggestions) for i in picks):
        raise _invalid("suggestions", f"Pick suggestions 0 to {len(suggestions) - 1}.")
    counts: dict[str, int] = {}
    for e in job.deck_frozen["entries"]:
        counts[e["card"]] = counts.get(e["card"], 0) + int(e["count"])
    for i in dict.fromkeys(picks):
        out, new = suggestions[i]["out"], suggestions[i]["in"]
        if counts.get(out, 0) < 1:
            raise _invalid("suggestions", f"The deck holds no {out} to swap out.")
        counts[out] -= 1
        counts[new] = counts.get(new, 0) + 1
    entries = [(slug, n) for slug, n in counts.items() if n > 0]
    report = deck_validate(
        entries, ruleset=job.ruleset, summoner=job.deck_frozen["summoner"]
    )
    if not report.valid:
        raise _invalid("suggestions", "; ".join(v.message for v in report.errors))
    name = job.deck_frozen["name"]
    swaps = ", ".join(
        f"{suggestions[i]['out_name']} -> {suggestions[i]['in_name']}"
        for i in dict.fromkeys(picks)
    )
    return deck_create(
        owner=owner,
        name=f"{name} (improved)"[:100],
        entries=entries,
        summoner=job.deck_frozen["summoner"],
        ruleset=job.ruleset,
        notes=f"From analysis {job.pk} of {name}: {swaps}."[:5000],
    )
