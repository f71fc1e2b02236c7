"""REST API of deck analyses: card values and swap suggestions.

``POST /api/decks/{id}/card-values/`` and ``POST /api/decks/{id}/suggestions/``
start a job on the Celery workers (202 with its URL); ``GET`` on the same paths
lists your jobs of that kind for the deck, newest first; ``GET
/api/analysis-jobs/{id}/`` polls one (status, progress, report);
``POST .../cancel/`` stops it; ``POST .../apply/`` turns a suggestion into a new
deck. Only your own decks (and the faction decks) can be analysed, and only you
see your analyses: anything else answers 404. Submissions share the simulations'
throttle (``simulation_submit``).
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from analysis import conf, selectors, services
from analysis.models import AnalysisJob, Kind
from engine.optimize.suggest import MAX_CLIMB
from simulate.apis import (
    MAX_SEED,
    AgentField,
    ProgressSerializer,
    SubmitApi,
    TooManyActiveJobsError,
    deck_rejected_response,
)
from simulate.services import decks as deck_services
from sw_site.fields import StrictInputSerializer
from work.models import JobStatus
from work.services import TooManyActiveJobs

FIELD_HELP = (
    "Opponent decks (faction slugs or deck ids you may read); omitted: every "
    "faction deck of the deck's edition."
)
CLIMB_HELP = (
    f"Accepted swaps in a row, 1 to {MAX_CLIMB} (default 1: the single best "
    "swap). Each accepted swap becomes the new deck and the search starts again "
    "from it; the budget is shared between the searches."
)
CLIMB_CARD_VALUES = (
    "Only a swap-suggestion search climbs; card values measure the deck as it is "
    "(omit climb or send 1, not {climb})."
)
BUDGET_HELP = (
    f"Games to play at most (default {conf.DEFAULTS['DEFAULT_GAMES']:,}; at most "
    f"{conf.DEFAULTS['MAX_GAMES']:,}, less with searching agents: "
    + ", ".join(f"{a} {n:,}" for a, n in conf.DEFAULTS["MAX_GAMES_BY_AGENT"].items())
    + "). The job's `budget` says what it means in computer time."
)


def job_url(request: Request, job: AnalysisJob) -> str:
    return request.build_absolute_uri(
        reverse("analysis-api:analysis-detail", args=[job.pk])
    )


def job_body(request: Request, job: AnalysisJob) -> dict[str, Any]:
    return {
        "id": job.pk,
        "url": job_url(request, job),
        "kind": job.kind,
        "status": job.status,
        "progress": selectors.analysis_progress(job),
        "deck": job.deck_id,
        "deck_name": job.deck_frozen.get("name", ""),
        "deck_frozen": job.deck_frozen,
        "deck_updated_at": job.deck_updated_at,
        "field": [d["name"] for d in job.field],
        "agent": job.agent,
        "seed": job.seed,
        "max_games": job.max_games,
        "budget": selectors.budget_text(agent=job.agent, games=job.max_games),
        "collection_only": job.collection_only,
        "climb": job.climb,
        "ruleset": job.ruleset,
        "rounds": job.rounds,
        "engine_version": job.engine_version,
        "engine_build": job.engine_build,
        "error": job.error,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "verdict": selectors.analysis_verdict(job),
        "report": job.report,
    }


class AnalysisOutputSerializer(serializers.Serializer):
    class Meta:
        ref_name = "AnalysisJob"

    id = serializers.IntegerField()
    url = serializers.CharField()
    kind = serializers.ChoiceField(Kind.choices)
    status = serializers.ChoiceField(JobStatus.choices)
    progress = ProgressSerializer()
    deck = serializers.IntegerField(allow_null=True)
    deck_name = serializers.CharField()
    deck_frozen = serializers.DictField(help_text="The deck version analysed.")
    deck_updated_at = serializers.DateTimeField(allow_null=True)
    field = serializers.ListField(child=serializers.CharField())
    agent = serializers.CharField()
    seed = serializers.IntegerField()
    max_games = serializers.IntegerField()
    budget = serializers.CharField(help_text="The budget as estimated computer time.")
    collection_only = serializers.BooleanField()
    climb = serializers.IntegerField(
        help_text="Swap suggestions: accepted swaps in a row asked for (card "
        "values: always 1)."
    )
    ruleset = serializers.CharField()
    rounds = serializers.IntegerField()
    engine_version = serializers.CharField()
    engine_build = serializers.CharField()
    error = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    verdict = serializers.CharField(help_text="One sentence for players.")
    report = serializers.DictField(
        allow_null=True,
        help_text="The engine's report so far (final once done): card values "
        "(cards: card, name, copies, vam, ci, verdict, games) or suggestions "
        "(status, suggestions: out, in, gain, ci, per_opponent, worst_matchup; "
        "deck_after). Gains and values are fractions: 0.041 = +4.1 points.",
    )


class SubmittedSerializer(serializers.Serializer):
    class Meta:
        ref_name = "AnalysisSubmitted"

    id = serializers.IntegerField()
    status = serializers.CharField()
    url = serializers.CharField()


class _InputSerializer(StrictInputSerializer):
    field = serializers.ListField(
        child=serializers.JSONField(), required=False, help_text=FIELD_HELP
    )
    agent = AgentField()
    max_games = serializers.IntegerField(
        min_value=1, required=False, help_text=BUDGET_HELP
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Random if unset."
    )


class OneClimbField(serializers.IntegerField):
    """Card values take ``climb`` so that one body serves both analyses, but only
    as 1: anything else is refused with why, never dropped."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=1, max_value=1, default=1, **kwargs)

    def to_internal_value(self, data: Any) -> int:
        if not (data == "1" or (type(data) is int and data == 1)):
            raise serializers.ValidationError(
                CLIMB_CARD_VALUES.format(climb=str(data)[:20])
            )
        return 1


class CardValuesInput(_InputSerializer):
    class Meta:
        ref_name = "CardValuesInput"

    climb = OneClimbField(help_text="Only 1: card values measure the deck as it is.")


class SuggestionsInput(_InputSerializer):
    class Meta:
        ref_name = "SuggestionsInput"

    collection_only = serializers.BooleanField(
        default=False, help_text="Only swap in cards your collection holds."
    )
    climb = serializers.IntegerField(
        min_value=1, max_value=MAX_CLIMB, default=1, help_text=CLIMB_HELP
    )


class _DeckAnalysisApi(SubmitApi):
    kind: str = ""
    input_class: type[serializers.Serializer] = CardValuesInput

    def get(self, request: Request, deck_id: int) -> Response:
        services.access_analysed_deck(request.user, deck_id)
        jobs = selectors.analysis_list(
            user=request.user, deck_id=deck_id, kind=self.kind
        )
        return Response([job_body(request, j) for j in jobs[:20]])

    def post(self, request: Request, deck_id: int) -> Response:
        data = self.input_class(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            job = services.analysis_submit(
                owner=request.user,
                deck_id=deck_id,
                kind=self.kind,
                **data.validated_data,
            )
        except deck_services.DeckRejected as exc:
            return deck_rejected_response(exc)
        except TooManyActiveJobs as exc:
            raise TooManyActiveJobsError(str(exc)) from exc
        body = {"id": job.pk, "status": job.status, "url": job_url(request, job)}
        return Response(body, status=status.HTTP_202_ACCEPTED)


_ERRORS = {
    400: OpenApiResponse(
        description="Bad input: unknown agent, a budget out of range or too small "
        "for one round, an empty field or a deck in it you may not read, an illegal "
        f"deck or one with nothing to swap, a climb out of 1..{MAX_CLIMB} (or other "
        "than 1 for card values)."
    ),
    404: OpenApiResponse(description="No such deck of yours (or faction deck)."),
    429: OpenApiResponse(description="Throttled, or too many active analyses."),
}


class CardValuesApi(_DeckAnalysisApi):
    kind = Kind.CARD_VALUES
    input_class = CardValuesInput

    @extend_schema(
        operation_id="deck_card_values_list",
        description="Your card value analyses of this deck, newest first (20).",
        responses=AnalysisOutputSerializer(many=True),
    )
    def get(self, request: Request, deck_id: int) -> Response:
        return super().get(request, deck_id)

    @extend_schema(
        operation_id="deck_card_values_create",
        description="Measure each card's value above magic: the deck against the "
        "field, with each card in turn replaced by a blank, on the same seeds. "
        "Answers 202 at once; poll the job's URL.",
        request=CardValuesInput,
        responses={202: SubmittedSerializer, **_ERRORS},
    )
    def post(self, request: Request, deck_id: int) -> Response:
        return super().post(request, deck_id)


class SuggestionsApi(_DeckAnalysisApi):
    kind = Kind.SUGGESTIONS
    input_class = SuggestionsInput

    @extend_schema(
        operation_id="deck_suggestions_list",
        description="Your swap-suggestion searches for this deck, newest first (20).",
        responses=AnalysisOutputSerializer(many=True),
    )
    def get(self, request: Request, deck_id: int) -> Response:
        return super().get(request, deck_id)

    @extend_schema(
        operation_id="deck_suggestions_create",
        description="Search for 1-for-1 swaps that make the deck score better "
        "against the field, each confirmed on fresh games. Answers 202 at once; "
        "poll the job's URL.",
        request=SuggestionsInput,
        responses={202: SubmittedSerializer, **_ERRORS},
    )
    def post(self, request: Request, deck_id: int) -> Response:
        return super().post(request, deck_id)


class AnalysisListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="analysis_jobs_list",
        description="Your analyses, newest first (100).",
        responses=AnalysisOutputSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        jobs = selectors.analysis_list(user=request.user)[:100]
        return Response([job_body(request, j) for j in jobs])


class AnalysisDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="analysis_jobs_retrieve",
        description="Status, progress {done, total} in games, the verdict in words "
        "and the report so far. Others' analyses answer 404.",
        responses=AnalysisOutputSerializer,
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = selectors.access_analysis(request.user, job_id)
        return Response(job_body(request, job))


class AnalysisCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="analysis_jobs_cancel",
        request=None,
        description="Stop a queued or running analysis (no-op once finished); the "
        "rounds already played stay in the report.",
        responses=AnalysisOutputSerializer,
    )
    def post(self, request: Request, job_id: int) -> Response:
        job = selectors.access_analysis(request.user, job_id)
        return Response(job_body(request, services.analysis_cancel(job=job)))


class ApplyInput(StrictInputSerializer):
    class Meta:
        ref_name = "AnalysisApplyInput"

    suggestions = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        min_length=1,
        help_text="Indices into the report's suggestions (default: all of them).",
    )


class AppliedSerializer(serializers.Serializer):
    class Meta:
        ref_name = "AnalysisApplied"

    deck = serializers.IntegerField()
    name = serializers.CharField()
    url = serializers.CharField()


class AnalysisApplyApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="analysis_jobs_apply",
        request=ApplyInput,
        description="Save the deck version the search analysed, with the chosen "
        "swaps, as a NEW deck of yours (checked against the construction rules; "
        "nothing is saved when it breaks them: 400).",
        responses={
            201: AppliedSerializer,
            400: OpenApiResponse(description="No such suggestion, or illegal."),
            403: OpenApiResponse(description="Not a swap-suggestion analysis."),
        },
    )
    def post(self, request: Request, job_id: int) -> Response:
        data = ApplyInput(data=request.data)
        data.is_valid(raise_exception=True)
        job = selectors.access_analysis(request.user, job_id)
        deck = services.analysis_apply(
            job=job, owner=request.user, picks=data.validated_data.get("suggestions")
        )
        url = request.build_absolute_uri(
            reverse("decks_api:deck-detail", args=[deck.pk])
        )
        return Response(
            {"deck": deck.pk, "name": deck.name, "url": url},
            status=status.HTTP_201_CREATED,
        )
