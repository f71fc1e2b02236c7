"""Pages of deck analyses: ask for card values or a better deck (with the budget as
estimated computer time), watch the job (progress polled from the JSON API), read
the verdict and the tables, apply a suggestion as a new deck. Thin: every write goes
through ``analysis.services``, with the simulations' submission throttle."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from analysis import conf, selectors, services
from analysis.models import Kind
from engine.optimize.suggest import MAX_CLIMB
from simulate import agents
from simulate.services import decks as deck_services
from simulate.views import agent_choices, count_submission, submission_throttled
from sw_site.pages import friendly_errors
from work.services import BrokerUnavailable, TooManyActiveJobs

TITLES: dict[str, str] = {
    Kind.CARD_VALUES: "What each card is worth",
    Kind.SUGGESTIONS: "Find a better deck",
}
EXPLAIN: dict[str, str] = {
    Kind.CARD_VALUES: "The computer plays your deck against the opponent decks "
    "(every faction deck unless you chose others), then plays the very same games "
    "again with a few of its cards swapped for blank cards that can only be thrown "
    "away for magic, a different few each time, so that every game tells about "
    "several cards. What each card is worth, in points of games won (out of 100), "
    "comes from all the games together.",
    Kind.SUGGESTIONS: "The computer tries swapping one card of your deck for another "
    "card your summoner may use, keeps the swaps that win more games against the "
    "opponent decks, and checks each on fresh games before suggesting it.",
}


FIELD_HELP = (
    "Leave every box empty to play against every faction deck of this edition. "
    "Tick some to play only against those: faction decks, or your own saved decks "
    "(at most {max} in all)."
)
CLIMB_HELP = (
    "1: find the single best swap. More: each accepted swap becomes the new deck "
    "and the search starts again from it, up to this many swaps. More swaps take "
    "longer: the budget is shared between the searches, so give a bigger budget."
)


class AnalysisForm(forms.Form):
    max_games = forms.IntegerField(
        min_value=1,
        label="Budget (games)",
        help_text="More games tell smaller differences apart, and take longer.",
    )
    agent = forms.ChoiceField(
        label="Who plays", choices=agent_choices, initial="", required=False
    )
    field = forms.MultipleChoiceField(
        label="Against which decks",
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    climb = forms.IntegerField(
        min_value=1,
        max_value=MAX_CLIMB,
        initial=1,
        required=False,
        label="Up to how many swaps in a row",
        help_text=CLIMB_HELP,
    )
    collection_only = forms.BooleanField(
        required=False, label="Only suggest cards from my collection"
    )

    def __init__(
        self, *args: Any, user: Any, deck: Any, kind: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["agent"].help_text = agents.choice_help()
        field = cast(forms.MultipleChoiceField, self.fields["field"])
        field.choices = [
            (
                group,
                [(v, f"{n} (this deck)" if v == str(deck.pk) else n) for v, n in items],
            )
            for group, items in selectors.field_choices(user=user, ruleset=deck.ruleset)
        ]
        field.help_text = FIELD_HELP.format(max=services.MAX_FIELD)
        if kind != Kind.SUGGESTIONS:
            del self.fields["climb"], self.fields["collection_only"]

    def submit_options(self) -> dict[str, Any]:
        """The service's keyword arguments: blanks left to its defaults (no box
        ticked: the whole faction field)."""
        return {k: v for k, v in self.cleaned_data.items() if v not in ("", None, [])}


def _kind(kind: str) -> str:
    if kind not in (Kind.CARD_VALUES, Kind.SUGGESTIONS):
        raise Http404("No such analysis.")
    return kind


@friendly_errors
@login_required
def analysis_new_view(request: HttpRequest, deck_id: int, kind: str) -> HttpResponse:
    kind = _kind(kind)
    deck = services.access_analysed_deck(request.user, deck_id)
    form = AnalysisForm(
        request.POST or None,
        initial={"max_games": conf.get("DEFAULT_GAMES")},
        user=request.user,
        deck=deck,
        kind=kind,
    )
    if request.method == "POST" and form.is_valid():
        job = _submit(request, form, deck_id=deck.pk, kind=kind)
        if job is not None:
            return redirect("analysis:detail", job_id=job.pk)
    default = services.analysis_agent()
    rates = {a["name"]: a["games_per_s"] for a in agents.agent_list()}
    rates[""] = rates.get(default, 1.0)
    plan = decide = None
    if kind == Kind.CARD_VALUES:
        # What a budget can decide for this deck (analysis.js redraws it live).
        ticked = len(request.POST.getlist("field")) or None
        plan = selectors.card_values_plan_for(
            deck=deck, user=request.user, field_size=ticked
        )
        decide = selectors.card_values_budget_text(
            plan, _posted_games(request) or conf.get("DEFAULT_GAMES")
        )
        plan["default_field"] = selectors.default_field_size(deck.ruleset)
        plan["round_blocks"] = conf.get("ROUND_BLOCKS")
    else:
        decide = selectors.suggestions_budget_text(deck=deck, user=request.user)
    return render(
        request,
        "analysis/analysis_new.html",
        {
            "deck": deck,
            "kind": kind,
            "title": TITLES[kind],
            "explain": EXPLAIN[kind],
            "form": form,
            "rates": rates,
            "default_budget": selectors.budget_text(
                agent=default, games=conf.get("DEFAULT_GAMES")
            ),
            "agents": agents.agent_list(),
            "plan": plan,
            "decide_text": decide,
        },
        status=400 if request.method == "POST" else 200,
    )


def _posted_games(request: HttpRequest) -> int | None:
    try:
        return max(0, int(request.POST.get("max_games", "")))
    except ValueError:
        return None


def _submit(request: HttpRequest, form: AnalysisForm, **kwargs: Any) -> Any:
    if submission_throttled(request):
        form.add_error(None, "Too many submissions; try again later.")
        return None
    try:
        job = services.analysis_submit(
            owner=request.user, **form.submit_options(), **kwargs
        )
    except deck_services.DeckRejected as exc:
        where = exc.field if exc.field in form.fields else None
        for error in exc.errors:
            form.add_error(where, error["message"])
        return None
    except (TooManyActiveJobs, BrokerUnavailable) as exc:
        form.add_error(None, str(exc) or "The task queue is unavailable right now.")
        return None
    except ValidationError as exc:
        for name, messages_ in exc.message_dict.items():
            for m in messages_:
                form.add_error(name if name in form.fields else None, m)
        return None
    count_submission(request)
    return job


@friendly_errors
@login_required
def analysis_detail_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_analysis(request.user, job_id)
    return render(
        request,
        "analysis/analysis_detail.html",
        {
            "job": job,
            "title": TITLES[job.kind],
            "explain": EXPLAIN[job.kind],
            "progress": selectors.analysis_progress(job),
            "verdict": selectors.analysis_verdict(job),
            "budget": selectors.budget_text(agent=job.agent, games=job.max_games),
            "decide_text": selectors.job_decide_text(job),
            "field_text": selectors.field_text(job),
            "climb_text": selectors.climb_text(job),
            "cards": selectors.card_value_rows(job),
            "suggestions": selectors.suggestion_rows(job),
            "api_url": reverse("analysis-api:analysis-detail", args=[job.pk]),
            "deck_changed": job.deck is not None
            and job.deck.updated_at != job.deck_updated_at,
            "players": [agents.agent_info(job.agent)],
            "label": agents.agent_label(job.agent),
        },
    )


@friendly_errors
@login_required
@require_POST
def analysis_cancel_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_analysis(request.user, job_id)
    services.analysis_cancel(job=job)
    return redirect("analysis:detail", job_id=job.pk)


@friendly_errors
@login_required
@require_POST
def analysis_apply_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_analysis(request.user, job_id)
    picks = [int(v) for v in request.POST.getlist("suggestion") if v.isdigit()]
    try:
        deck = services.analysis_apply(job=job, owner=request.user, picks=picks or None)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("analysis:detail", job_id=job.pk)
    messages.success(request, "Saved as a new deck: your original deck is unchanged.")
    return redirect("decks:detail", deck_id=deck.pk)


def deck_analysis_context(user: Any, deck: Any) -> dict[str, Any]:
    """What the deck page shows of analyses: the latest card values and the links
    (only for decks the user may analyse: their own and the faction decks)."""
    can = user.is_authenticated and (deck.is_faction_deck or deck.owner_id == user.pk)
    if not can:
        return {"analysis": None}
    job = selectors.analysis_latest(user=user, deck_id=deck.pk, kind=Kind.CARD_VALUES)
    best = selectors.analysis_latest(user=user, deck_id=deck.pk, kind=Kind.SUGGESTIONS)
    return {
        "analysis": {
            "card_values_url": reverse(
                "analysis:new", args=[deck.pk, Kind.CARD_VALUES]
            ),
            "suggestions_url": reverse(
                "analysis:new", args=[deck.pk, Kind.SUGGESTIONS]
            ),
            "job": job,
            "cards": selectors.card_value_rows(job) if job else [],
            "label": agents.agent_label(job.agent) if job else "",
            "latest_suggestions": best,
        }
    }
