"""Pages: start a simulation, watch it (progress polled from the JSON API), matrix
heatmap, and replays regenerated from (decks, seed, agents, game index).

Pages are thin: the new-simulation form goes through the same service as the API
(``simulate.services.jobs.simulation_submit``) and the same submission throttle.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from engine.rulesets import DEFAULT_RULESET
from simulate import agents, conf, replays, selectors
from simulate.models import Visibility
from simulate.services import decks as deck_services
from simulate.services import jobs, matrices
from sw_site.pages import friendly_errors


class DeckChoices(NamedTuple):
    """The decks a form offers: grouped <select> choices, and each key's edition."""

    groups: list[tuple[str, list[tuple[str, str]]]]
    editions: dict[str, str]


def deck_choices(
    user: Any, include: list[str] | None = None, ruleset: str | None = None
) -> DeckChoices:
    """Grouped <select> choices, every label with its edition: the faction decks of
    each edition, the user's decks, public decks, and the ``include`` deck ids the
    user may read though they are listed nowhere (an unlisted deck opened by its
    link). ``ruleset``: only that edition's decks (the deck already picked fixes
    the edition of its opponents)."""
    from django.core.exceptions import ValidationError
    from django.http import Http404

    from decks.selectors import access_deck, deck_list_for
    from engine.deckbuilding.resolve import default_catalog, playable_factions
    from engine.rulesets import ruleset_names
    from sw_site.parsers import parse_id

    editions: dict[str, str] = {}

    def label(name: str, edition: str) -> str:
        return f"{name} ({selectors.edition_label(edition).lower()})"

    own: list[tuple[str, str]] = []
    public: list[tuple[str, str]] = []
    for deck in deck_list_for(user).filter(is_faction_deck=False):
        if ruleset and deck.ruleset != ruleset:
            continue
        target = own if deck.owner_id == user.pk else public
        target.append((str(deck.pk), label(deck.name, deck.ruleset)))
        editions[str(deck.pk)] = deck.ruleset
    for key in include or []:
        try:  # a bounded id, or nothing: "²" or 5,000 digits are no deck
            deck_id = parse_id(key, what="deck id")
        except ValidationError:
            continue
        if deck_id is None or key in editions:
            continue
        try:
            deck = access_deck(user, deck_id)
        except Http404:
            continue
        if not deck.is_faction_deck and (not ruleset or deck.ruleset == ruleset):
            public.append((key, label(deck.name, deck.ruleset)))
            editions[key] = deck.ruleset
    groups: list[tuple[str, list[tuple[str, str]]]] = []
    order = sorted(ruleset_names(), key=lambda r: r != DEFAULT_RULESET)
    for edition in order:
        if ruleset and edition != ruleset:
            continue
        catalog = default_catalog(edition)
        factions = []
        for slug in playable_factions(catalog):
            key = deck_services.deck_key(slug, edition)
            name = deck_services.faction_deck_name(catalog, slug)
            factions.append((key, label(name, edition)))
            editions[key] = edition
        heading = f"Faction decks, {selectors.edition_label(edition).lower()}"
        groups.append((heading, factions))
    groups += [("My decks", own), ("Public decks", public)]
    return DeckChoices([(g, items) for g, items in groups if items], editions)


class EditionSelect(forms.Select):
    """A deck <select> whose options carry ``data-edition`` (the form's script
    offers deck B only the decks of deck A's edition)."""

    editions: dict[str, str] = {}

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        edition = self.editions.get(str(option["value"]))
        if edition:
            option["attrs"]["data-edition"] = edition
        return option


class EditionSelectMultiple(EditionSelect, forms.SelectMultiple):
    pass


def _edition_of_keys(editions: dict[str, str], keys: list[str]) -> str | None:
    """The one edition of the first known key among ``keys`` (a prefilled deck)."""
    for key in keys:
        if key in editions:
            return editions[key]
    return None


def _one_edition(
    form: forms.Form, editions: dict[str, str], picked: list[tuple[str, str]]
) -> str | None:
    """The edition of the decks picked (``(label, key)`` pairs), or None after
    adding ONE form error naming the decks of each edition when they differ."""
    seen = {key: editions[key] for _, key in picked if key in editions}
    found = list(dict.fromkeys(seen.values()))
    if len(found) <= 1:
        return found[0] if found else DEFAULT_RULESET
    words = "; ".join(
        f"{label} is a {deck_services.edition_words(editions[key])} deck"
        for label, key in picked
        if key in editions
    )
    form.add_error(
        None,
        f"The decks are of different editions ({words}). A simulation plays two "
        "decks of one edition: pick decks of the same edition.",
    )
    return None


def agent_choices() -> list[tuple[str, str]]:
    """Who may play a deck, in words a player reads (:mod:`simulate.agents`): first
    "automatic" (empty: the service picks the default for the job's size)."""
    return [("", agents.automatic_label()), *agents.agent_choices()]


VISIBILITY_HELP = (
    "Private: only you. Unlisted: anyone with the link, no login. "
    "Public: also listed on the Simulations page."
)


class SimulationForm(forms.Form):
    editions: dict[str, str]
    labels: dict[str, str]
    deck_a = forms.ChoiceField(label="Your deck (A)", widget=EditionSelect)
    deck_b = forms.ChoiceField(
        label="Opponent (B)",
        widget=EditionSelect,
        help_text="Decks of deck A's edition: a first-edition deck plays "
        "first-edition opponents.",
    )
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
        every = deck_choices(user, include=keys)
        self.editions = every.editions
        self.labels = {v: text for _, items in every.groups for v, text in items}
        # A deck page's "Simulate" prefills deck A: offer its edition's decks only.
        edition = None if self.data else _edition_of_keys(every.editions, keys)
        edition = edition or _valid_edition(self.initial.get("ruleset"))
        choices = (
            deck_choices(user, include=keys, ruleset=edition) if edition else every
        )
        for name in ("deck_a", "deck_b"):
            field = cast(forms.ChoiceField, self.fields[name])
            field.choices = choices.groups
            widget = cast(EditionSelect, field.widget)
            widget.editions = every.editions
        first = [value for _, items in choices.groups for value, _ in items][:2]
        if len(first) == 2:  # two different decks to start from
            self.fields["deck_a"].initial, self.fields["deck_b"].initial = first
        if self.initial.get("deck_a") and not self.initial.get("deck_b"):
            # Prefilled from a deck page: the first other faction deck as opponent.
            other = [v for v, _ in choices.groups[0][1] if v != self.initial["deck_a"]]
            if other:
                self.initial["deck_b"] = other[0]

    def clean(self) -> dict[str, Any]:
        """Both decks of one edition (one error otherwise), which becomes the job's
        ruleset; the page's deck keys become the service's deck references."""
        data = super().clean() or {}
        if not (data.get("deck_a") and data.get("deck_b")):
            return data
        picked = [
            (f"Deck A ({self._label(data['deck_a'])})", data["deck_a"]),
            (f"deck B ({self._label(data['deck_b'])})", data["deck_b"]),
        ]
        edition = _one_edition(self, self.editions, picked)
        if edition is not None:
            data["ruleset"] = edition
            for name in ("deck_a", "deck_b"):
                data[name] = deck_services.split_deck_key(data[name])[1]
        return data

    def _label(self, key: str) -> str:
        return self.labels.get(key, key)


class MatrixForm(forms.Form):
    editions: dict[str, str]
    labels: dict[str, str]
    decks = forms.MultipleChoiceField(
        help_text=f"2 to {conf.DEFAULTS['MAX_MATRIX_DECKS']} decks; every pair plays "
        "(a gauntlet: your first deck and up to "
        f"{conf.DEFAULTS['MAX_MATRIX_DECKS']} opponents).",
        widget=EditionSelectMultiple(attrs={"size": 10}),
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
        every = deck_choices(user, include=keys)
        self.editions = every.editions
        self.labels = {v: text for _, items in every.groups for v, text in items}
        edition = None if self.data else _edition_of_keys(every.editions, keys)
        edition = edition or _valid_edition(self.initial.get("ruleset"))
        choices = (
            deck_choices(user, include=keys, ruleset=edition) if edition else every
        )
        field = cast(forms.MultipleChoiceField, self.fields["decks"])
        field.choices = choices.groups
        cast(EditionSelect, field.widget).editions = every.editions
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
        keys = [str(d) for d in data.get("decks", [])]
        if keys:
            edition = _one_edition(
                self, self.editions, [(self.labels.get(k, k), k) for k in keys]
            )
            if edition is not None:
                data["ruleset"] = edition
                data["decks"] = [deck_services.split_deck_key(k)[1] for k in keys]
        return data


def _valid_edition(value: Any) -> str | None:
    """An edition named in a query string (``?ruleset=first``), or None."""
    from engine.rulesets import ruleset_names

    return str(value) if value and str(value) in ruleset_names() else None


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
        initial=_prefill(request, ("deck_a", "deck_b", "games", "ruleset")),
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
    """A job by its id: its owner's page (anyone else: 404, see the token URL)."""
    job = selectors.access_simulation(request.user, job_id)
    return _simulation_page(request, job)


@friendly_errors
def simulation_shared_view(request: HttpRequest, token: str) -> HttpResponse:
    """A shared job by its unguessable token: anyone, logged in or not."""
    job = selectors.access_simulation_shared(request.user, token)
    return _simulation_page(request, job)


def _simulation_page(request: HttpRequest, job: Any) -> HttpResponse:
    is_owner = request.user.is_authenticated and job.owner_id == request.user.pk
    if is_owner:
        api_url = reverse("simulate-api:simulation-detail", args=[job.pk])
        replay_base = reverse("simulate:simulation-replay", args=[job.pk, 0])[:-2]
    else:
        api_url = reverse("simulate-api:simulation-shared", args=[job.share_token])
        replay_base = reverse(
            "simulate:simulation-shared-replay", args=[job.share_token, 0]
        )[:-2]
    # Only the owner cancels: nobody else is shown an id URL.
    cancel_url = (
        reverse("simulate-api:simulation-cancel", args=[job.pk]) if is_owner else ""
    )
    low_confidence = selectors.simulation_low_confidence_names(job=job)
    rates = selectors.games_per_second()
    matrix_url = None
    if job.matrix_id:
        matrix_url = (
            reverse("simulate:matrix-detail", args=[job.matrix_id])
            if is_owner
            else selectors.matrix_share_url(job.matrix)
        )
    return render(
        request,
        "simulate/simulation_detail.html",
        {
            "job": job,
            "api_url": api_url,
            "cancel_url": cancel_url,
            "replay_base": replay_base,
            "matrix_url": matrix_url,
            "low_confidence": low_confidence,
            "is_owner": is_owner,
            "share_form": ShareForm(initial={"visibility": job.visibility}),
            "share_url": request.build_absolute_uri(
                selectors.simulation_share_url(job)
            ),
            "deck_lists": [
                selectors.frozen_deck_rows(job.deck_a, ruleset=job.ruleset),
                selectors.frozen_deck_rows(job.deck_b, ruleset=job.ruleset),
            ],
            "edition": selectors.edition_label(job.ruleset),
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
            request,
            ("decks", "gauntlet", "gauntlet_deck", "games_per_pair", "ruleset"),
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
    """A matrix by its id: its owner's page (anyone else: 404)."""
    matrix = selectors.access_matrix(request.user, matrix_id)
    return _matrix_page(request, matrix)


@friendly_errors
def matrix_shared_view(request: HttpRequest, token: str) -> HttpResponse:
    """A shared matrix by its unguessable token: anyone, logged in or not."""
    matrix = selectors.access_matrix_shared(request.user, token)
    return _matrix_page(request, matrix)


def _matrix_page(request: HttpRequest, matrix: Any) -> HttpResponse:
    is_owner = request.user.is_authenticated and matrix.owner_id == request.user.pk
    rows = selectors.matrix_rows(matrix=matrix, owner_view=is_owner)
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
    api_url = (
        reverse("simulate-api:matrix-detail", args=[matrix.pk])
        if is_owner
        else reverse("simulate-api:matrix-shared", args=[matrix.share_token])
    )
    return render(
        request,
        "simulate/matrix_detail.html",
        {
            "matrix": matrix,
            "failed_cells": failed,
            "progress": selectors.matrix_progress(cells),
            "rows": rows,
            "columns": columns,
            "api_url": api_url,
            "players": [agents.agent_info(matrix.agent)],
            "label": agents.agent_label(matrix.agent),
            "is_owner": is_owner,
            "share_form": ShareForm(initial={"visibility": matrix.visibility}),
            "share_url": request.build_absolute_uri(selectors.matrix_share_url(matrix)),
            "edition": selectors.edition_label(selectors.matrix_ruleset(matrix)),
        },
    )


def ready_matrix_view(request: HttpRequest) -> HttpResponse:
    """The faction matrices measured for the project and shipped with it
    (``simulate/data/ready_matrices.json``): open to everyone, nothing to wait for."""
    from simulate import ready

    return render(
        request,
        "simulate/matrix_ready.html",
        {"matrices": ready.ready_matrix_tables()},
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
    return _replay_page(request, job, game_index, shared=False)


@friendly_errors
def simulation_shared_replay_view(
    request: HttpRequest, token: str, game_index: int
) -> HttpResponse:
    job = selectors.access_simulation_shared(request.user, token)
    return _replay_page(request, job, game_index, shared=True)


def _replay_page(
    request: HttpRequest, job: Any, game_index: int, *, shared: bool
) -> HttpResponse:
    if game_index >= job.total_games:
        raise Http404("No such game in this simulation.")
    replay = replays.replay_game(job=job, game=game_index)
    if shared:
        job_url = selectors.simulation_share_url(job)
        replay_base = reverse(
            "simulate:simulation-shared-replay", args=[job.share_token, 0]
        )[:-2]
    else:
        job_url = reverse("simulate:simulation-detail", args=[job.pk])
        replay_base = reverse("simulate:simulation-replay", args=[job.pk, 0])[:-2]
    return render(
        request,
        "simulate/replay.html",
        {
            "job": job,
            "job_url": job_url,
            "replay_base": replay_base,
            "game": game_index,
            "replay": replay,
            "previous": game_index - 1 if game_index > 0 else None,
            "next": game_index + 1 if game_index + 1 < job.total_games else None,
        },
    )
