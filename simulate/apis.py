"""REST API of simulations and matrices. Submitting needs a login; a job or matrix is
readable by its owner at its numeric id, and by anyone at its unguessable share
token once the owner shares it (``visibility`` unlisted: by link, public: also
listed): ``/api/simulations/shared/<token>/``, ``/api/matrices/shared/<token>/``.
Ids of others' jobs answer 404, shared or not.

Limits (``simulate.conf``; documented in the schema descriptions below):
games per job <= MAX_GAMES (400), MAX_ACTIVE_JOBS queued/running jobs per user (429),
SUBMIT_RATE submissions per user (429, DRF ScopedRateThrottle scope
``simulation_submit``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Sum
from django.db.models.functions import Coalesce
from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from cards.models import Edition
from engine.rulesets import DEFAULT_RULESET, ruleset_names
from simulate import adapters, conf, selectors
from simulate.models import (
    SHARED_VISIBILITIES,
    JobStatus,
    MatrixJob,
    SimulationJob,
    Visibility,
)
from simulate.services import decks as deck_services
from simulate.services import jobs, matrices
from sw_site.fields import StrictInputSerializer
from sw_site.throttles import UserThrottle

MAX_SEED = 2**63 - 1

LIMITS_TEXT = (
    f"Limits: at most {conf.DEFAULTS['MAX_GAMES']:,} games per job (400 "
    f"`invalid`); at most {conf.DEFAULTS['MAX_ACTIVE_JOBS']} jobs queued or running "
    "per user, a matrix counting as one (429 `too_many_active_jobs`); at most "
    f"{conf.DEFAULTS['SUBMIT_RATE']} submissions per user across simulations and "
    "matrices (429 `throttled`). An illegal deck is rejected before anything is "
    'queued (400 `deck.invalid` with the validator\'s `errors` under "deck_a", '
    '"deck_b" or "decks").'
)

VISIBILITY_HELP = (
    "Who may read the results: private (only you, the default), unlisted (anyone "
    "with the link, no login) or public (also listed on the site)."
)

DECK_HELP = (
    "A deck id (your own, or a public/unlisted deck), a faction slug (its faction "
    'deck), or an inline list [{"card": slug, "count": n}, ...].'
)


#: What a deck reference is (DECK_HELP): null, an object or a list of anything else
#: is a 400.
DECK_REF_SCHEMA = {
    "oneOf": [
        {"type": "integer", "minimum": 1},
        {"type": "string", "minLength": 1},
        {
            "type": "array",
            "items": {"$ref": "#/components/schemas/DeckEntryInputRequest"},
        },
    ],
    "description": DECK_HELP,
}


@extend_schema_field(DECK_REF_SCHEMA)
class DeckRefField(serializers.JSONField):
    pass


AGENT_NAMES = [name for name, _ in adapters.agent_choices()]


def _agent_caps() -> str:
    caps = conf.DEFAULTS["MAX_GAMES_BY_AGENT"].items()
    return ", ".join(f"{agent} {n:,}" for agent, n in caps) or "none"


AGENT_HELP = (
    "An engine agent (who plays the cards). Omitted: the strongest agent, by the "
    "engine's strength ladder (python -m engine.ladder), that the job's game cap "
    "allows and that is fast enough for simulations."
)


@extend_schema_field(
    {"type": "string", "enum": AGENT_NAMES, "description": AGENT_HELP},
    component_name="Agent",
)
class AgentField(serializers.ChoiceField):
    """The agent of one side: one named schema component for every agent field.
    Optional: the service picks the default (``simulate.agents.default_agent``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(adapters.agent_choices(), required=False, **kwargs)


class TooManyActiveJobsError(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "too_many_active_jobs"
    default_detail = "Too many simulations queued or running."


class SimulationSubmitThrottle(UserThrottle):
    """Accepted submissions per user, in the shared cache; the rate is
    ``SIMULATE_SUBMIT_RATE`` unless REST_FRAMEWORK's DEFAULT_THROTTLE_RATES names the
    scope. Checked before a submission (``peek``) and counted only once it has been
    accepted (``record``): an invalid submission spends nothing."""

    scope = "simulation_submit"

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        return str(rates.get(self.scope) or conf.get("SUBMIT_RATE"))

    def allow_request(self, request: Any, view: Any) -> bool:
        return self.peek(request, view)


def deck_rejected_response(exc: deck_services.DeckRejected) -> Response:
    return Response(
        {
            "code": "deck.invalid",
            "message": str(exc),
            "errors": {exc.field: exc.errors},
        },
        status=status.HTTP_400_BAD_REQUEST,
    )


class SubmitApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_scope = "simulation_submit"

    def get_throttles(self) -> list[Any]:
        if self.request.method == "POST":
            return [SimulationSubmitThrottle()]
        return []

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Any:
        if request.method == "POST" and response.status_code == 202:
            SimulationSubmitThrottle().record(request, self)
        return super().finalize_response(request, response, *args, **kwargs)


def _job_url(request: Request, job: SimulationJob) -> str:
    return request.build_absolute_uri(
        reverse("simulate-api:simulation-detail", args=[job.pk])
    )


class DeckOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    summoner = serializers.CharField()
    summoner_name = serializers.CharField()
    source = serializers.DictField()  # type: ignore[assignment]
    entries = serializers.ListField(child=serializers.DictField())


class ProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Games played so far.")
    total = serializers.IntegerField(help_text="Games to play (at most).")
    running = serializers.IntegerField(
        required=False, help_text="While active: slices playing the job right now."
    )
    games_per_s = serializers.FloatField(
        required=False,
        allow_null=True,
        help_text="While active: games per second per worker, measured on the "
        "job's slices so far (else the agent's usual speed).",
    )
    eta_seconds = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="While active: seconds left at that rate.",
    )
    waiting = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="While nothing plays the job: what holds the workers, in words "
        '("queued behind 1 analysis").',
    )


class SimulationListCreateApi(SubmitApi):
    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "SimulationListCreateInput"

        deck_a = DeckRefField(help_text=DECK_HELP)
        deck_b = DeckRefField(help_text=DECK_HELP)
        games = serializers.IntegerField(
            min_value=1,
            help_text="Seeds to play (each twice with `swap`: at most "
            f"{conf.DEFAULTS['MAX_GAMES']:,} games in all; searching agents "
            f"less: {_agent_caps()}); the cap in "
            '"to precision" mode.',
        )
        seed = serializers.IntegerField(
            min_value=0,
            max_value=MAX_SEED,
            required=False,
            help_text="Random if unset.",
        )
        agent_a = AgentField()
        agent_b = AgentField()
        swap = serializers.BooleanField(
            default=False, help_text="Alternate which deck takes the first seat."
        )
        ruleset = serializers.ChoiceField(
            Edition.choices,
            default=DEFAULT_RULESET,
            help_text="Edition whose rules (and catalog) the games use: "
            + ", ".join(ruleset_names())
            + f" (default {DEFAULT_RULESET}).",
        )
        chunk_size = serializers.IntegerField(
            min_value=conf.DEFAULTS["CHUNK_SIZE_RANGE"][0],
            max_value=conf.DEFAULTS["CHUNK_SIZE_RANGE"][1],
            required=False,
            help_text="Expert override: at most this many game indices per slice. "
            "Slices are cut by time (WORK_SLICE_SECONDS); nothing needs this.",
        )
        target_half_width = serializers.FloatField(
            min_value=0.001,
            max_value=0.5,
            required=False,
            help_text="'To precision' mode: stop once the Wilson 95% half-width of "
            "A's win rate is at most this (or `games` are played).",
        )
        visibility = serializers.ChoiceField(
            Visibility.choices,
            default=Visibility.PRIVATE,
            help_text=VISIBILITY_HELP,
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SimulationListCreateOutput"

        id = serializers.IntegerField()
        status = serializers.CharField()
        url = serializers.CharField()

    class ListOutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "SimulationListCreateListOutput"

        id = serializers.IntegerField()
        status = serializers.CharField()
        url = serializers.SerializerMethodField()
        deck_a = serializers.CharField(source="deck_a.name")
        deck_b = serializers.CharField(source="deck_b.name")
        agent_a = serializers.CharField()
        agent_b = serializers.CharField()
        games = serializers.IntegerField()
        progress = serializers.SerializerMethodField()
        created_at = serializers.DateTimeField()
        finished_at = serializers.DateTimeField(allow_null=True)

        def get_url(self, job: SimulationJob) -> str:
            return _job_url(self.context["request"], job)

        def get_progress(self, job: Any) -> dict[str, int]:
            return {"done": job.done, "total": job.total_games}

    pagination_class = PageNumberPagination  # the schema's page parameter and body

    @extend_schema(
        operation_id="simulations_list",
        description="Your simulation jobs, newest first (paginated).",
        responses=ListOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        qs = (
            selectors.simulation_list(user=request.user)
            .annotate(done=Coalesce(Sum("chunks__games"), 0))
            .order_by("-created_at", "-pk")
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        data = self.ListOutputSerializer(
            page, many=True, context={"request": request}
        ).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        operation_id="simulations_create",
        description="Start a simulation of deck A against deck B; it runs on Celery "
        "workers and this answers at once with 202. " + LIMITS_TEXT,
        request=InputSerializer,
        responses={
            202: OutputSerializer,
            400: OpenApiResponse(
                description="Invalid input, too many games, or an "
                "illegal deck (validator errors)."
            ),
            429: OpenApiResponse(description="Throttled, or too many active jobs."),
        },
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        try:
            job = jobs.simulation_submit(owner=request.user, **v)
        except deck_services.DeckRejected as exc:
            return deck_rejected_response(exc)
        except jobs.TooManyActiveJobs as exc:
            raise TooManyActiveJobsError(str(exc)) from exc
        body = {"id": job.pk, "status": job.status, "url": _job_url(request, job)}
        return Response(body, status=status.HTTP_202_ACCEPTED)


def _share_url(request: Request, obj: SimulationJob | MatrixJob) -> str | None:
    """The page's token URL while the job or matrix is shared (a matrix cell: while
    its matrix is), else None."""
    shared_values = {str(v) for v in SHARED_VISIBILITIES}
    shared = str(obj.visibility) in shared_values
    if isinstance(obj, SimulationJob) and obj.matrix is not None:
        shared = shared or str(obj.matrix.visibility) in shared_values
    return request.build_absolute_uri(obj.shared_path) if shared else None


def simulation_body(request: Request, job: SimulationJob) -> dict[str, Any]:
    """The JSON of one job (shared by the detail and cancel endpoints)."""
    result = job.result if job.status == JobStatus.DONE and job.result else None
    if result is None:
        result = selectors.simulation_result(job=job)
    return {
        "id": job.pk,
        "url": _job_url(request, job),
        "status": job.status,
        "visibility": job.visibility,
        "share_url": _share_url(request, job),
        "progress": selectors.simulation_progress(job=job, done=result["games"]),
        "deck_a": job.deck_a,
        "deck_b": job.deck_b,
        "agent_a": job.agent_a,
        "agent_b": job.agent_b,
        "games": job.games,
        "seed": job.seed,
        "swap": job.swap,
        "ruleset": job.ruleset,
        "chunk_size": job.chunk_size,
        "target_half_width": job.target_half_width,
        "engine_version": job.engine_version,
        "engine_build": job.engine_build,
        "error": job.error,
        "matrix": job.matrix_id,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "verdict": selectors.simulation_verdict(
            result=result, name_a=job.deck_a["name"], name_b=job.deck_b["name"]
        ),
        "result": result,
    }


class SimulationDetailOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    status = serializers.ChoiceField(JobStatus.choices)
    visibility = serializers.ChoiceField(Visibility.choices)
    share_url = serializers.CharField(
        allow_null=True,
        help_text="While shared: the page anyone opens (an unguessable token URL, "
        "/s/<token>/); null while private. Numeric ids are for the owner only.",
    )
    progress = ProgressSerializer()
    deck_a = DeckOutputSerializer()
    deck_b = DeckOutputSerializer()
    agent_a = serializers.CharField()
    agent_b = serializers.CharField()
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    swap = serializers.BooleanField()
    ruleset = serializers.CharField()
    chunk_size = serializers.IntegerField(allow_null=True)
    target_half_width = serializers.FloatField(allow_null=True)
    engine_version = serializers.CharField()
    engine_build = serializers.CharField(
        help_text="compiled (mypyc) or pure: the engine build that played the games "
        "(both play identical games); mixed when workers of both builds did"
    )
    error = serializers.CharField()
    matrix = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    verdict = serializers.DictField(
        help_text='One sentence for players: {"edge": "a" | "b" | null, "text"}; '
        "an edge only when the 95% interval of A's win rate excludes 50%."
    )
    result = serializers.DictField(
        help_text="games, wins_a, wins_b, draws, win_rate_a, ci95 (Wilson 95%), "
        "half_width, avg_turns, seed, first_player_win_rate, partial, "
        "turn_histogram, terminations, cards, curve (running win rate)."
    )


class ShareInputSerializer(StrictInputSerializer):
    class Meta:
        ref_name = "ShareInput"

    visibility = serializers.ChoiceField(Visibility.choices, help_text=VISIBILITY_HELP)


class SimulationDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="simulations_retrieve",
        description="Your job: status, progress {done, total} and the result so "
        "far (final when status is done). Owner only: others' jobs answer 404 here, "
        "shared or not (a shared job is read by its token: "
        "/api/simulations/shared/{token}/).",
        responses=SimulationDetailOutputSerializer,
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = selectors.access_simulation(request.user, job_id)
        return Response(simulation_body(request, job))


class SimulationSharedApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="simulations_shared_retrieve",
        description="A shared job (unlisted or public, or a cell of a shared "
        "matrix) by its unguessable share token, without login; the same body as "
        "the owner's. 404 for an unknown token or a job that is private again.",
        responses=SimulationDetailOutputSerializer,
    )
    def get(self, request: Request, token: str) -> Response:
        job = selectors.access_simulation_shared(request.user, token)
        return Response(simulation_body(request, job))


class SimulationCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_cancel",
        request=None,
        description="Cancel a queued or running job (no-op once it has finished); "
        "games already stored stay in the partial result.",
        responses=SimulationDetailOutputSerializer,
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = selectors.access_simulation(request.user, job_id, write=True)
        job = jobs.simulation_cancel(job=job)
        return Response(simulation_body(request, job))


class SimulationRerunApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_rerun",
        request=None,
        description="Owner only: run a failed job (or a failed matrix cell) again "
        "from its first game, with the same decks, seed and agents. 400 unless it "
        "failed.",
        responses=SimulationDetailOutputSerializer,
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = selectors.access_simulation(request.user, job_id, write=True)
        if job.status != JobStatus.FAILED:
            why = f"Only a failed job can be run again (it is {job.status})."
            raise ValidationError({"status": [why]})
        try:
            job = jobs.simulation_rerun(job=job)
        except jobs.TooManyActiveJobs as exc:
            raise TooManyActiveJobsError(str(exc)) from exc
        return Response(simulation_body(request, job))


class SimulationShareApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_share",
        request=ShareInputSerializer,
        description="Owner only: set the job's visibility (private, unlisted or "
        "public). A matrix cell follows its matrix: share the matrix instead.",
        responses=SimulationDetailOutputSerializer,
    )
    def post(self, request: Request, job_id: int) -> Response:
        data = ShareInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        job = selectors.access_simulation(request.user, job_id, write=True)
        job = jobs.simulation_share(
            job=job, visibility=data.validated_data["visibility"]
        )
        return Response(simulation_body(request, job))


def _matrix_url(request: Request, matrix: MatrixJob) -> str:
    return request.build_absolute_uri(
        reverse("simulate-api:matrix-detail", args=[matrix.pk])
    )


class MatrixCreateApi(SubmitApi):
    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "MatrixCreateInput"

        decks = serializers.ListField(
            child=DeckRefField(help_text=DECK_HELP),
            min_length=2,
            max_length=conf.DEFAULTS["MAX_MATRIX_DECKS"] + 1,
            help_text=f"2 to {conf.DEFAULTS['MAX_MATRIX_DECKS']} decks (one more "
            "with `gauntlet`).",
        )
        gauntlet = serializers.BooleanField(
            default=False,
            help_text="One matrix row: the first deck against each other deck only.",
        )
        games_per_pair = serializers.IntegerField(min_value=1)
        ruleset = serializers.ChoiceField(
            Edition.choices,
            default=DEFAULT_RULESET,
            help_text="Edition whose rules (and catalog) the games use: "
            + ", ".join(ruleset_names())
            + f" (default {DEFAULT_RULESET}).",
        )
        seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
        agent = AgentField()
        visibility = serializers.ChoiceField(
            Visibility.choices,
            default=Visibility.PRIVATE,
            help_text=VISIBILITY_HELP,
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "MatrixCreateOutput"

        id = serializers.IntegerField()
        status = serializers.CharField()
        url = serializers.CharField()

    @extend_schema(
        operation_id="matrices_create",
        description="Round robin of 2 to "
        f"{conf.DEFAULTS['MAX_MATRIX_DECKS']} decks: one simulation per pair "
        "(each seed played from both seats, so games_per_pair is rounded up to even). "
        "The games of all pairs together count against the per-job games limit. "
        + LIMITS_TEXT,
        request=InputSerializer,
        responses={202: OutputSerializer},
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        try:
            matrix = matrices.matrix_submit(owner=request.user, **v)
        except deck_services.DeckRejected as exc:
            return deck_rejected_response(exc)
        except jobs.TooManyActiveJobs as exc:
            raise TooManyActiveJobsError(str(exc)) from exc
        body = {
            "id": matrix.pk,
            "status": matrix.status,
            "url": _matrix_url(request, matrix),
        }
        return Response(body, status=status.HTTP_202_ACCEPTED)


class MatrixDetailApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "MatrixDetailOutput"

        id = serializers.IntegerField()
        url = serializers.CharField()
        status = serializers.ChoiceField(JobStatus.choices)
        visibility = serializers.ChoiceField(Visibility.choices)
        share_url = serializers.CharField(
            allow_null=True,
            help_text="While shared: the page anyone opens (/m/<token>/); null "
            "while private.",
        )
        decks = serializers.ListField(child=serializers.DictField())
        games_per_pair = serializers.IntegerField()
        seed = serializers.IntegerField()
        agent = serializers.CharField()
        gauntlet = serializers.BooleanField()
        cells = serializers.ListField(
            child=serializers.DictField(),
            help_text="One per pair (row < col): id, status, error (why a failed "
            "cell failed), progress, games, wins_a, wins_b, draws, win_rate_a (row "
            "deck), ci95.",
        )

    @extend_schema(
        operation_id="matrices_retrieve",
        description="Your matrix and one cell per pair of decks. Owner only: "
        "others' matrices answer 404 here, shared or not (a shared matrix is read "
        "by its token: /api/matrices/shared/{token}/).",
        responses=OutputSerializer,
    )
    def get(self, request: Request, matrix_id: int) -> Response:
        matrix = selectors.access_matrix(request.user, matrix_id)
        return Response(matrix_body(request, matrix))


class MatrixSharedApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="matrices_shared_retrieve",
        description="A shared matrix (unlisted or public) by its unguessable share "
        "token, without login. 404 for an unknown token or a private matrix.",
        responses=MatrixDetailApi.OutputSerializer,
    )
    def get(self, request: Request, token: str) -> Response:
        matrix = selectors.access_matrix_shared(request.user, token)
        return Response(matrix_body(request, matrix))


def matrix_body(request: Request, matrix: MatrixJob) -> dict[str, Any]:
    return {
        "id": matrix.pk,
        "url": _matrix_url(request, matrix),
        "status": matrix.status,
        "visibility": matrix.visibility,
        "share_url": _share_url(request, matrix),
        "decks": matrix.decks,
        "games_per_pair": matrix.games_per_pair,
        "seed": matrix.seed,
        "agent": matrix.agent,
        "gauntlet": matrix.gauntlet,
        "cells": selectors.matrix_cells(matrix=matrix),
    }


class MatrixCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matrices_cancel",
        request=None,
        description="Cancel every queued or running pair job of a matrix (no-op once "
        "it has finished); finished cells keep their results. Others' matrices 404.",
        responses=MatrixDetailApi.OutputSerializer,
    )
    def post(self, request: Request, matrix_id: int) -> Response:
        matrix = selectors.access_matrix(request.user, matrix_id, write=True)
        matrix = matrices.matrix_cancel(matrix=matrix)
        return Response(matrix_body(request, matrix))


class MatrixCellRerunApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matrices_cell_rerun",
        request=None,
        description="Owner only: run a failed cell of the matrix again (the same "
        "decks, seed and agent); the other cells keep their results. 400 unless "
        "the cell failed; others' matrices and cells of other matrices 404.",
        responses=MatrixDetailApi.OutputSerializer,
    )
    def post(self, request: Request, matrix_id: int, cell_id: int) -> Response:
        matrix = selectors.access_matrix(request.user, matrix_id, write=True)
        matrices.matrix_cell_rerun(matrix=matrix, cell_id=cell_id)
        matrix.refresh_from_db()
        return Response(matrix_body(request, matrix))


class MatrixShareApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matrices_share",
        request=ShareInputSerializer,
        description="Owner only: set the matrix's visibility; its cells follow it.",
        responses=MatrixDetailApi.OutputSerializer,
    )
    def post(self, request: Request, matrix_id: int) -> Response:
        data = ShareInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        matrix = selectors.access_matrix(request.user, matrix_id, write=True)
        matrix = matrices.matrix_share(
            matrix=matrix, visibility=data.validated_data["visibility"]
        )
        return Response(matrix_body(request, matrix))
