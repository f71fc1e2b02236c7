"""Pages: start a simulation, watch it (progress polled from the JSON API), matrix
heatmap, and replays regenerated from (decks, seed, agents, game index).

Pages are thin: the new-simulation form goes through the same service as the API
(``simulate.services.jobs.simulation_submit``) and the same submission throttle.
"""

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

from simulate import agents, conf, replays, selectors
from simulate.models import Visibility
from simulate.services import decks as deck_services
from simulate.services import jobs, matrices
from sw_site.pages import friendly_errors


def deck_choices(
    user: Any, include: list[str] | None = None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """Grouped <select> choices: the user's decks, public decks, faction decks, and
    the ``include`` deck ids the user may read though they are listed nowhere (an
    unlisted deck opened by its link)."""
    from django.core.exceptions import ValidationError
    from django.http import Http404

    from decks.selectors import access_deck, deck_list_for
    from engine.deckbuilding.resolve import default_catalog, playable_factions
    from sw_site.parsers import parse_id

    own: list[tuple[str, str]] = []
    public: list[tuple[str, str]] = []
    for deck in deck_list_for(user).filter(is_faction_deck=False):
        target = own if deck.owner_id == user.pk else public
        target.append((str(deck.pk), deck.name))
    listed = {value for value, _ in own + public}
    for key in include or []:
        try:  # a bounded id, or nothing: "²" or 5,000 digits are no deck
            deck_id = parse_id(key, what="deck id")
        except ValidationError:
            continue
        if deck_id is None or key in listed:
            continue
        try:
            deck = access_deck(user, deck_id)
        except Http404:
            continue
        if not deck.is_faction_deck:
            public.append((key, deck.name))
    catalog = default_catalog()
    factions = [(s, catalog.factions[s].name) for s in playable_factions(catalog)]
    groups = [("Faction decks", factions), ("My decks", own), ("Public decks", public)]
    return [(label, items) for label, items in groups if items]


def agent_choices() -> list[tuple[str, str]]:
    """Who may play a deck, in words a player reads (:mod:`simulate.agents`): first
    "automatic" (empty: the service picks the default for the job's size)."""
    return [("", agents.automatic_label()), *agents.agent_choices()]


VISIBILITY_HELP = (
    "Private: only you. Unlisted: anyone with the link, no login. "
    "Public: also listed on the Simulations page."
)


class SimulationForm(forms.Form):
    deck_a = forms.ChoiceField(label="Your deck (A)")
    deck_b = forms.ChoiceField(label="Opponent (B)")
    games = forms.IntegerField(
        min_value=1,
        max_value=conf.DEFAULTS["MAX_GAMES"],
        initial=100,
        label="Games",
        help_text="Seeds to play (each twice when the seats alternate). More games "
        "give a narrower interval: 100 games pin the win rate to about ±10 points, "
        "1,000 to about ±3.",
    )
    agent_a = forms.ChoiceField(
        label="Who plays deck A", choices=agent_choices, initial="", required=False
    )
    agent_b = forms.ChoiceField(
        label="Who plays deck B", choices=agent_choices, initial="", required=False
    )
    swap = forms.BooleanField(
        required=False,
        initial=True,
        label="Seats alternate: each game is played twice, each deck going first "
        "once (doubles the games played)",
    )
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        help_text="Leave empty for a random seed; the same seed replays the same "
        "games.",
    )
    target_half_width = forms.FloatField(
        required=False,
        min_value=0.001,
        max_value=0.5,
        label="Stop early once sure to within ± (optional)",
        help_text="E.g. 0.03: stop as soon as the win rate is known to ±3 points "
        "(95% interval); the games above are then the most played.",
    )
    visibility = forms.ChoiceField(
        choices=Visibility.choices,
        initial=Visibility.PRIVATE,
        required=False,
        label="Who can see the results",
        help_text=VISIBILITY_HELP,
    )

    def clean_visibility(self) -> str:
        return self.cleaned_data.get("visibility") or Visibility.PRIVATE

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["agent_a"].help_text = agents.choice_help()
        keys = [str(self.initial.get("deck_a", ""))]
        if self.data:
            keys += [str(self.data.get("deck_a", "")), str(self.data.get("deck_b", ""))]
        choices = deck_choices(user, include=keys)
        for name in ("deck_a", "deck_b"):
            cast(forms.ChoiceField, self.fields[name]).choices = choices
        first = [value for _, items in choices for value, _ in items][:2]
        if len(first) == 2:  # two different decks to start from
            self.fields["deck_a"].initial, self.fields["deck_b"].initial = first
        if self.initial.get("deck_a") and not self.initial.get("deck_b"):
            # Prefilled from a deck page: the first other faction deck as opponent.
            other = [v for v, _ in choices[0][1] if v != self.initial["deck_a"]]
            if other:
                self.initial["deck_b"] = other[0]


class MatrixForm(forms.Form):
    decks = forms.MultipleChoiceField(
        help_text=f"2 to {conf.DEFAULTS['MAX_MATRIX_DECKS']} decks; every pair plays "
        "(a gauntlet: your first deck and up to "
        f"{conf.DEFAULTS['MAX_MATRIX_DECKS']} opponents).",
        widget=forms.SelectMultiple(attrs={"size": 10}),
    )
    gauntlet = forms.BooleanField(
        required=False,
        label="Gauntlet: only one deck against each of the others (one row)",
    )
    gauntlet_deck = forms.ChoiceField(
        required=False,
        label="The gauntlet's deck (its row)",
        help_text="With a gauntlet: the deck that plays every other deck picked above.",
    )
    games_per_pair = forms.IntegerField(
        min_value=2,
        initial=100,
        label="Games per pair",
        help_text="Each seed is played from both seats, so this is rounded up to "
        "an even number.",
    )
    agent = forms.ChoiceField(
        choices=agent_choices,
        initial="",
        required=False,
        label="Who plays (both sides)",
    )
    seed = forms.IntegerField(
        required=False, min_value=0, help_text="Leave empty for a random seed."
    )
    visibility = forms.ChoiceField(
        choices=Visibility.choices,
        initial=Visibility.PRIVATE,
        required=False,
        label="Who can see the results",
        help_text=VISIBILITY_HELP,
    )

    def clean_visibility(self) -> str:
        return self.cleaned_data.get("visibility") or Visibility.PRIVATE

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["agent"].help_text = agents.choice_help()
        keys = [str(k) for k in self.initial.get("decks", [])]
        if self.data:
            keys += [str(k) for k in self.data.getlist("decks")]  # type: ignore[attr-defined]
        field = cast(forms.MultipleChoiceField, self.fields["decks"])
        field.choices = deck_choices(user, include=keys)
        row = cast(forms.ChoiceField, self.fields["gauntlet_deck"])
        row.choices = [("", "—"), *field.choices]
        if (
            self.initial.get("gauntlet")
            and keys
            and not self.initial.get("gauntlet_deck")
        ):
            self.initial["gauntlet_deck"] = keys[0]  # the deck the button came from

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        row = data.pop("gauntlet_deck", "")
        if data.get("gauntlet"):
            if not row:
                self.add_error(
                    "gauntlet_deck", "Choose the deck that runs the gauntlet."
                )
            else:
                # The row deck first: a <select multiple> sends options in page order.
                data["decks"] = [row] + [d for d in data.get("decks", []) if d != row]
        return data


def _submit_form(request: HttpRequest, form: forms.Form, submit: Any) -> Any | None:
    """Run a submission service for a valid form, the errors going onto the form.
    The API's throttle applies to the pages too."""
    if submission_throttled(request):
        form.add_error(None, "Too many submissions; try again later.")
        return None
    try:
        submitted = submit(owner=request.user, **form.cleaned_data)
        count_submission(request)
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


def submission_throttled(request: HttpRequest) -> bool:
    """The API's submission throttle, shared by the form (checked, not counted)."""
    from simulate.apis import SimulationSubmitThrottle

    return not SimulationSubmitThrottle().peek(request)


def count_submission(request: HttpRequest) -> None:
    """An accepted submission spends one of the quota (an invalid one spends none)."""
    from simulate.apis import SimulationSubmitThrottle

    SimulationSubmitThrottle().record(request)


class ShareForm(forms.Form):
    visibility = forms.ChoiceField(choices=Visibility.choices)


def simulation_list_view(request: HttpRequest) -> HttpResponse:
    """My simulations and matrices (logged in), and everyone's public ones."""
    mine_jobs = mine_matrices = None
    if request.user.is_authenticated:
        mine_jobs = selectors.simulation_list(user=request.user)[:100]
        mine_matrices = selectors.matrix_list(user=request.user)[:50]
    return render(
        request,
        "simulate/simulation_list.html",
        {
            "jobs": mine_jobs,
            "matrices": mine_matrices,
            "public_jobs": selectors.public_simulation_list()[:50],
            "public_matrices": selectors.public_matrix_list()[:20],
        },
    )


def _prefill(request: HttpRequest, names: tuple[str, ...]) -> dict[str, Any]:
    """Initial values from the query string (the "Simulate" buttons)."""
    initial: dict[str, Any] = {}
    for name in names:
        values = request.GET.getlist(name)
        if values:
            initial[name] = values if name == "decks" else values[0]
    if "gauntlet" in initial:
        initial["gauntlet"] = initial["gauntlet"] in ("1", "true", "on")
    return initial


def _form_rates() -> dict[str, float]:
    """Games per second per agent for the forms' run-time estimate; "" (the
    automatic choice) counts at the default agent's rate."""
    rates = selectors.games_per_second()
    rates[""] = rates.get(agents.default_agent(), 1.0)
    return rates


@login_required
def simulation_new_view(request: HttpRequest) -> HttpResponse:
    form = SimulationForm(
        request.POST or None,
        user=request.user,
        initial=_prefill(request, ("deck_a", "deck_b", "games")),
    )
    if request.method == "POST" and form.is_valid():
        job = _submit_form(request, form, jobs.simulation_submit)
        if job is not None:
            return redirect("simulate:simulation-detail", job_id=job.pk)
    return render(
        request,
        "simulate/simulation_new.html",
        {
            "form": form,
            "rates": _form_rates(),
            "agents": agents.agent_list(),
        },
        status=400 if request.method == "POST" else 200,
    )


@friendly_errors
def simulation_detail_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_simulation(request.user, job_id)
    api_url = reverse("simulate-api:simulation-detail", args=[job.pk])
    cancel_url = reverse("simulate-api:simulation-cancel", args=[job.pk])
    low_confidence = selectors.simulation_low_confidence_names(job=job)
    is_owner = request.user.is_authenticated and job.owner_id == request.user.pk
    rates = selectors.games_per_second()
    return render(
        request,
        "simulate/simulation_detail.html",
        {
            "job": job,
            "api_url": api_url,
            "cancel_url": cancel_url,
            "low_confidence": low_confidence,
            "is_owner": is_owner,
            "share_form": ShareForm(initial={"visibility": job.visibility}),
            "share_url": request.build_absolute_uri(),
            "verdict": selectors.simulation_verdict(
                result=job.result or selectors.simulation_result(job=job),
                name_a=job.deck_a["name"],
                name_b=job.deck_b["name"],
            ),
            "bands": selectors.length_band_labels(),
            "rate": min(rates.get(job.agent_a, 1.0), rates.get(job.agent_b, 1.0)),
            "players": [
                agents.agent_info(name)
                for name in dict.fromkeys((job.agent_a, job.agent_b))
            ],
            "label_a": agents.agent_label(job.agent_a),
            "label_b": agents.agent_label(job.agent_b),
        },
    )


@friendly_errors
@login_required
@require_POST
def simulation_share_view(request: HttpRequest, job_id: int) -> HttpResponse:
    job = selectors.access_simulation(request.user, job_id, write=True)
    form = ShareForm(request.POST)
    if form.is_valid():
        if job.matrix_id:
            messages.error(request, "This game is part of a matrix: share the matrix.")
        else:
            jobs.simulation_share(job=job, visibility=form.cleaned_data["visibility"])
            messages.success(request, _shared_message(job.visibility))
    else:
        messages.error(request, "Choose private, unlisted or public.")
    return redirect("simulate:simulation-detail", job_id=job.pk)


def _shared_message(visibility: str) -> str:
    return {
        Visibility.PRIVATE: "Only you can see these results now.",
        Visibility.UNLISTED: "Anyone with the link can see these results now.",
        Visibility.PUBLIC: "These results are public now, and listed.",
    }[Visibility(visibility)]


@login_required
def matrix_new_view(request: HttpRequest) -> HttpResponse:
    form = MatrixForm(
        request.POST or None,
        user=request.user,
        initial=_prefill(
            request, ("decks", "gauntlet", "gauntlet_deck", "games_per_pair")
        ),
    )
    if request.method == "POST" and form.is_valid():
        matrix = _submit_form(request, form, matrices.matrix_submit)
        if matrix is not None:
            return redirect("simulate:matrix-detail", matrix_id=matrix.pk)
    return render(
        request,
        "simulate/matrix_new.html",
        {
            "form": form,
            "rates": _form_rates(),
            "agents": agents.agent_list(),
        },
        status=400 if request.method == "POST" else 200,
    )


@friendly_errors
def matrix_detail_view(request: HttpRequest, matrix_id: int) -> HttpResponse:
    matrix = selectors.access_matrix(request.user, matrix_id)
    is_owner = request.user.is_authenticated and matrix.owner_id == request.user.pk
    rows = selectors.matrix_rows(matrix=matrix)
    cells = selectors.matrix_cells(matrix=matrix)
    failed = [
        {
            **c,
            "name_a": matrix.decks[c["row"]]["name"],
            "name_b": matrix.decks[c["col"]]["name"],
        }
        for c in cells
        if c["status"] == "failed"
    ]
    columns = matrix.decks
    if matrix.gauntlet:  # one row: the first deck against each opponent
        columns = matrix.decks[1:]
        rows = [{**rows[0], "cells": rows[0]["cells"][1:]}]
    return render(
        request,
        "simulate/matrix_detail.html",
        {
            "matrix": matrix,
            "failed_cells": failed,
            "progress": selectors.matrix_progress(cells),
            "rows": rows,
            "columns": columns,
            "api_url": reverse("simulate-api:matrix-detail", args=[matrix.pk]),
            "players": [agents.agent_info(matrix.agent)],
            "label": agents.agent_label(matrix.agent),
            "is_owner": is_owner,
            "share_form": ShareForm(initial={"visibility": matrix.visibility}),
            "share_url": request.build_absolute_uri(),
        },
    )


@friendly_errors
@login_required
@require_POST
def matrix_share_view(request: HttpRequest, matrix_id: int) -> HttpResponse:
    matrix = selectors.access_matrix(request.user, matrix_id, write=True)
    form = ShareForm(request.POST)
    if form.is_valid():
        matrices.matrix_share(matrix=matrix, visibility=form.cleaned_data["visibility"])
        messages.success(request, _shared_message(matrix.visibility))
    else:
        messages.error(request, "Choose private, unlisted or public.")
    return redirect("simulate:matrix-detail", matrix_id=matrix.pk)


@friendly_errors
@login_required
@require_POST
def matrix_cell_rerun_view(
    request: HttpRequest, matrix_id: int, cell_id: int
) -> HttpResponse:
    from django.core.exceptions import ValidationError

    matrix = selectors.access_matrix(request.user, matrix_id, write=True)
    try:
        matrices.matrix_cell_rerun(matrix=matrix, cell_id=cell_id)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    except jobs.BrokerUnavailable:
        messages.error(request, "The task queue is unavailable; try again shortly.")
    else:
        messages.success(request, "The cell runs again.")
    return redirect("simulate:matrix-detail", matrix_id=matrix.pk)


@login_required
@require_POST
def matrix_cancel_view(request: HttpRequest, matrix_id: int) -> HttpResponse:
    matrix = selectors.access_matrix(request.user, matrix_id, write=True)
    matrices.matrix_cancel(matrix=matrix)
    return redirect("simulate:matrix-detail", matrix_id=matrix.pk)


@friendly_errors
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
