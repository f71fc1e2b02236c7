"""Pages: start a simulation, watch it (progress polled from the JSON API), matrix
heatmap, and replays regenerated from (decks, seed, agents, game index).

Pages are thin: the new-simulation form goes through the same service as the API
(``simulate.services.jobs.simulation_submit``) and the same submission throttle.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from simulate import adapters, conf, replays, selectors
from simulate.models import Agent
from simulate.services import decks as deck_services
from simulate.services import jobs, matrices


def deck_choices(user: Any) -> list[tuple[str, list[tuple[str, str]]]]:
    """Grouped <select> choices: the user's decks, public decks, faction decks."""
    from decks.selectors import deck_list_for
    from engine.decks import default_catalog, playable_factions

    own: list[tuple[str, str]] = []
    public: list[tuple[str, str]] = []
    for deck in deck_list_for(user).filter(is_faction_deck=False):
        target = own if deck.owner_id == user.pk else public
        target.append((str(deck.pk), deck.name))
    catalog = default_catalog()
    factions = [(s, catalog.factions[s].name) for s in playable_factions(catalog)]
    groups = [("Faction decks", factions), ("My decks", own), ("Public decks", public)]
    return [(label, items) for label, items in groups if items]


class SimulationForm(forms.Form):
    deck_a = forms.ChoiceField(label="Deck A")
    deck_b = forms.ChoiceField(label="Deck B")
    games = forms.IntegerField(
        min_value=1, max_value=conf.DEFAULTS["MAX_GAMES"], initial=200
    )
    agent_a = forms.ChoiceField(
        label="Agent for deck A", choices=adapters.agent_choices, initial=Agent.GREEDY
    )
    agent_b = forms.ChoiceField(
        label="Agent for deck B", choices=adapters.agent_choices, initial=Agent.GREEDY
    )
    swap = forms.BooleanField(
        required=False, initial=True, label="Alternate seats (each game twice)"
    )
    seed = forms.IntegerField(
        required=False, min_value=0, help_text="Leave empty for a random seed."
    )
    target_half_width = forms.FloatField(
        required=False,
        min_value=0.001,
        max_value=0.5,
        label="Stop at precision (± half-width)",
        help_text="Optional, e.g. 0.03: stop once the 95% interval is this narrow.",
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = deck_choices(user)
        for name in ("deck_a", "deck_b"):
            cast(forms.ChoiceField, self.fields[name]).choices = choices
        first = [value for _, items in choices for value, _ in items][:2]
        if len(first) == 2:  # two different decks to start from
            self.fields["deck_a"].initial, self.fields["deck_b"].initial = first


class MatrixForm(forms.Form):
    decks = forms.MultipleChoiceField(
        help_text=f"2 to {conf.DEFAULTS['MAX_MATRIX_DECKS']} decks; every pair plays.",
        widget=forms.SelectMultiple(attrs={"size": 10}),
    )
    games_per_pair = forms.IntegerField(min_value=2, initial=100)
    agent = forms.ChoiceField(
        choices=adapters.agent_choices, initial=Agent.GREEDY, label="Agent (both sides)"
    )
    seed = forms.IntegerField(
        required=False, min_value=0, help_text="Leave empty for a random seed."
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(forms.MultipleChoiceField, self.fields["decks"])
        field.choices = deck_choices(user)


def _submit_form(request: HttpRequest, form: forms.Form, submit: Any) -> Any | None:
    """Run a submission service for a valid form, the errors going onto the form.
    The API's throttle applies to the pages too."""
    if _throttled(request):
        form.add_error(None, "Too many submissions; try again later.")
        return None
    try:
        submitted = submit(owner=request.user, **form.cleaned_data)
        _count_submission(request)
        return submitted
    except deck_services.DeckRejected as exc:
        for error in exc.errors:
            form.add_error(exc.field, error["message"])
    except jobs.TooManyActiveJobs as exc:
        form.add_error(None, str(exc))
    except jobs.BrokerUnavailable:
        form.add_error(
            None,
            "The task queue is unavailable right now; nothing was queued. "
            "Try again in a minute.",
        )
    except ValidationError as exc:
        form.add_error(None, exc)
    return None


def _throttled(request: HttpRequest) -> bool:
    """The API's submission throttle, shared by the form (checked, not counted)."""
    from simulate.apis import SimulationSubmitThrottle

    return not SimulationSubmitThrottle().peek(request)


def _count_submission(request: HttpRequest) -> None:
    """An accepted submission spends one of the quota (an invalid one spends none)."""
    from simulate.apis import SimulationSubmitThrottle

    SimulationSubmitThrottle().record(request)


@login_required
def simulation_list_view(request: HttpRequest) -> HttpResponse:
    jobs_qs = selectors.simulation_list(user=request.user)[:100]
    matrix_qs = selectors.matrix_list(user=request.user)[:50]
    return render(
        request,
        "simulate/simulation_list.html",
        {"jobs": jobs_qs, "matrices": matrix_qs},
    )


@login_required
def simulation_new_view(request: HttpRequest) -> HttpResponse:
    form = SimulationForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        job = _submit_form(request, form, jobs.simulation_submit)
        if job is not None:
            return redirect("simulate:simulation-detail", job_id=job.pk)
    return render(request, "simulate/simulation_new.html", {"form": form})


@login_required
def simulation_detail_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_simulation(request.user, job_id)
    api_url = reverse("simulate-api:simulation-detail", args=[job.pk])
    cancel_url = reverse("simulate-api:simulation-cancel", args=[job.pk])
    low_confidence = selectors.simulation_low_confidence_names(job=job)
    return render(
        request,
        "simulate/simulation_detail.html",
        {
            "job": job,
            "api_url": api_url,
            "cancel_url": cancel_url,
            "low_confidence": low_confidence,
        },
    )


@login_required
def matrix_new_view(request: HttpRequest) -> HttpResponse:
    form = MatrixForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        matrix = _submit_form(request, form, matrices.matrix_submit)
        if matrix is not None:
            return redirect("simulate:matrix-detail", matrix_id=matrix.pk)
    return render(request, "simulate/matrix_new.html", {"form": form})


@login_required
def matrix_detail_view(request: HttpRequest, matrix_id: int) -> HttpResponse:
    matrix = selectors.access_matrix(request.user, matrix_id)
    return render(
        request,
        "simulate/matrix_detail.html",
        {
            "matrix": matrix,
            "rows": selectors.matrix_rows(matrix=matrix),
            "api_url": reverse("simulate-api:matrix-detail", args=[matrix.pk]),
        },
    )


@login_required
@require_POST
def matrix_cancel_view(request: HttpRequest, matrix_id: int) -> HttpResponse:
    matrix = selectors.access_matrix(request.user, matrix_id)
    matrices.matrix_cancel(matrix=matrix)
    return redirect("simulate:matrix-detail", matrix_id=matrix.pk)


@login_required
def simulation_replay_view(
    request: HttpRequest, job_id: int, game_index: int
) -> HttpResponse:
    job = selectors.access_simulation(request.user, job_id)
    if game_index >= job.total_games:
        raise Http404("No such game in this simulation.")
    replay = replays.replay_game(job=job, game=game_index)
    return render(
        request,
        "simulate/replay.html",
        {
            "job": job,
            "game": game_index,
            "replay": replay,
            "previous": game_index - 1 if game_index > 0 else None,
            "next": game_index + 1 if game_index + 1 < job.total_games else None,
        },
    )
