"""Analysis job lifecycle: submit, fail, cancel, and apply a suggestion as a new
deck.

The games are played by the job framework (:mod:`work`; the kind is
``analysis.kinds.AnalysisKind``, always batch work): each round of the job's engine
run (:mod:`analysis.runs`) is cut into slices by time; the blocks a slice played are
stored only while it holds its lane; a round is absorbed in block order when every
block is in, the state and partial report saved, and the next round planned.

- Every block is played by the same engine (``engine_version``); status changes
  are conditional updates, so a late slice never resurrects a cancelled job.
- Tickets are handed to Celery only after the transaction that planned the lanes
  commits.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import Http404

from analysis import conf
from analysis.kinds import ANALYSIS
from analysis.models import AnalysisJob, Kind
from analysis.runs import KINDS, job_run
from simulate import adapters
from work import services as work
from work.models import ACTIVE_STATUSES
from work.services import TooManyActiveJobs, new_seed

MAX_FIELD = 16


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
    from simulate.services.decks import DeckRejected, deck_freeze, parse_deck_id

    try:
        return deck_freeze(user=owner, spec=ref, field="field", ruleset=ruleset)
    except DeckRejected as exc:
        if any(e.get("code") in ("deck.not_found", "deck.unknown") for e in exc.errors):
            raise  # the message names the reference already, and nothing more
        from decks.models import Deck

        name = str(ref)[:40]
        try:
            deck_id = parse_deck_id(ref)
        except ValidationError:
            deck_id = None
        if deck_id is not None:
            name = (
                Deck.objects.filter(pk=deck_id).values_list("name", flat=True).first()
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
    dispatch: bool = True,
) -> AnalysisJob:
    """Check the request, freeze the deck (the version analysed) and the field,
    build the engine run once (a deck with nothing to swap, or a budget too small
    for one round, is refused here), store the job, plan its first round and, once
    the transaction commits, send its tickets (``dispatch=False``: run it with
    ``analysis_run_inline``). Raises BrokerUnavailable (on commit) when the broker
    is down: the job is then failed with that reason.

    ``climb`` (suggestions only): accepted swaps in a row, 1 to ``MAX_CLIMB``.
    A card value job refuses any other climb than 1 rather than ignoring it: the
    caller asked for something this analysis cannot do.

    Raises Http404 (deck not found or not the owner's), ValidationError (bad
    input; a ``DeckRejected`` for an illegal deck or field entry),
    TooManyActiveJobs."""
    from analysis import selectors
    from decks.selectors import collection_owned_cards

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
    frozen = selectors.frozen_analysed_deck(deck, owner)
    collection = None
    if kind == Kind.SUGGESTIONS and collection_only:
        collection = collection_owned_cards(user=owner, ruleset=deck.ruleset)
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
        engine_version=adapters.engine_version(),
    )
    job.full_clean()
    try:
        run = job_run(job)
    except ValueError as exc:  # nothing to swap, a budget below one round...
        where = "max_games" if "budget" in str(exc) else "deck"
        raise _invalid(where, str(exc)) from exc
    _check_decides(job, run)
    tasks = run.next_round()
    if not tasks:
        need = _least_round_games(job)
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
            f"round of this analysis: it needs at least {need:,} games; ask for "
            f"more{fewer}.",
        )
    job.state = run.state()
    job.report = run.report()
    job.save()
    work.submit(ANALYSIS, job, send=dispatch)
    return job


def _check_decides(job: AnalysisJob, run: Any) -> None:
    """Refuse a card value budget that cannot decide any card, saying the smallest
    that can (``analysis.selectors.least_deciding_games``)."""
    from analysis import selectors

    if job.kind != Kind.CARD_VALUES:
        return
    plan = selectors.card_values_plan(
        cards=len(run.slugs),
        field_size=len(run.field),
        round_blocks=run.step,
        design=run.state()["design"],
    )
    least = selectors.least_deciding_games(plan)
    if job.max_games < least:
        raise _invalid(
            "max_games",
            f"A budget of {job.max_games:,} games cannot decide any card of this "
            f"deck: the smallest budget that can is {least:,} games (rounds of "
            f"{plan['step']} seed blocks, each two games of the deck and of about "
            f"{plan['variants']} variants blanking its "
            f"{plan['cards']} cards in turn, against {len(run.field)} opponent "
            f"deck{'s' if len(run.field) != 1 else ''}).",
        )


def _least_round_games(job: AnalysisJob) -> int:
    """The games of the first round of ``job``'s analysis at the largest budget:
    the least any budget must pay for."""
    probe = AnalysisJob(
        **{
            f.attname: getattr(job, f.attname)
            for f in AnalysisJob._meta.concrete_fields
        }
    )
    probe.max_games = conf.max_games(job.agent)
    try:
        return 2 * len(job_run(probe).next_round())
    except ValueError:
        return 0


def analysis_fail(*, job_id: int, error: str) -> bool:
    """Mark an active job failed; False when it was no longer active."""
    return work.fail(ANALYSIS, job_id, error)


def analysis_cancel(*, job: AnalysisJob) -> AnalysisJob:
    """Cancel an active job (no-op otherwise): waiting slices are dropped, a running
    one stops at its next heartbeat. The report of the rounds already absorbed
    stays."""
    work.cancel(ANALYSIS, job.pk)
    job.refresh_from_db()
    return job


def analysis_run_inline(*, job_id: int) -> AnalysisJob:
    """Run a job to its end in this process, slice after slice: the same lanes,
    blocks and rounds as the workers."""
    return work.run_inline(ANALYSIS, job_id)


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
