"""Deck and collection REST API (``/api/decks/...``, ``/api/collection/``).

One ``APIView`` per operation (``<Entity><Action>Api``) with nested Input/Output
serializers; where two operations share a path (``GET``/``POST /api/decks/``) a small
class joins them for the router. Views parse input, call one selector or service and
serialise the result; errors are JSON ``{"code", "message"}`` (``sw_site.api``), and bad
deck input adds ``problems`` (every problem, each with its own code).

Every deck response carries ``validation`` (the construction report) and ``buildable``
(does the requesting user's collection cover it; null when that is unknown: anonymous,
or no collection recorded yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.contrib.auth.models import User
from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import exceptions, renderers, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.apis import DeckTextRenderer
from decks import selectors, services, wording
from decks.models import (
    MAX_DECK_ENTRIES,
    MAX_ENTRY_COUNT,
    MAX_NOTES_LENGTH,
    MAX_OWNED_QUANTITY,
    Ruleset,
    Visibility,
)
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.decktext import (
    MAX_CODE_CHARS,
    MAX_TEXT_CHARS,
    DeckCodeError,
    encode_deck_code,
    format_deck_text,
    parse_deck_text,
)
from sw_site.fields import StrictCharField, StrictInputSerializer
from sw_site.openapi import error_response, one_of_required
from sw_site.throttles import ValidateAnonThrottle, ValidateUserThrottle

# ------------------------------------------------------------------- shared pieces


class DeckEntryInputSerializer(serializers.Serializer):
    closed_schema = True  # DeckCardsField refuses other keys (sw_site/openapi.py)
    card = StrictCharField(
        max_length=80, help_text="Card slug, e.g. frost-mage.", allow_blank=False
    )
    count = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY_COUNT)


@extend_schema_field(DeckEntryInputSerializer(many=True))
class DeckCardsField(serializers.Field):
    """``[{"card": slug, "count": n}, ...]`` -> ``[(slug, n), ...]``.

    Checks the size before anything else (10,000 entries fail fast) and says which
    entry is wrong in plain words; card existence is the service's job.
    """

    default_error_messages = {
        "not_a_list": 'Expected a list of {{"card": slug, "count": n}} objects.',
        "too_many": "{n} entries; a deck holds at most {limit} different cards.",
    }

    def to_internal_value(self, data: Any) -> list[tuple[str, int]]:
        if not isinstance(data, list):
            self.fail("not_a_list")
        if len(data) > MAX_DECK_ENTRIES:
            self.fail("too_many", n=len(data), limit=MAX_DECK_ENTRIES)
        out: list[tuple[str, int]] = []
        for i, item in enumerate(data, start=1):
            if not isinstance(item, dict) or set(item) - {"card", "count"}:
                raise serializers.ValidationError(
                    f'Entry {i}: expected {{"card": slug, "count": n}}.'
                )
            card, count = item.get("card"), item.get("count")
            if not isinstance(card, str) or not card.strip() or len(card) > 80:
                raise serializers.ValidationError(
                    f"Entry {i}: 'card' must be a card slug."
                )
            if isinstance(count, bool) or not isinstance(count, int):
                raise serializers.ValidationError(
                    f"Entry {i} ({card[:40]}): 'count' must be a whole number."
                )
            if not 1 <= count <= MAX_ENTRY_COUNT:
                raise serializers.ValidationError(
                    f"Entry {i} ({card[:40]}): count {count}; a count must be 1 to "
                    f"{MAX_ENTRY_COUNT}."
                )
            out.append((card.strip(), count))
        return out

    def to_representation(self, value: Any) -> Any:
        return [{"card": slug, "count": count} for slug, count in value]


class DeckEntryOutputSerializer(serializers.Serializer):
    class Meta:
        ref_name = "DeckCardOutput"  # cards.apis has a DeckEntryOutput (with roles)

    card = serializers.SlugField(source="card.slug")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()


class ViolationOutputSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    card = serializers.CharField(allow_null=True, required=False)
    count = serializers.IntegerField(required=False)
    limit = serializers.IntegerField(required=False)
    suggestion = serializers.CharField(required=False)
    plain = serializers.CharField(
        required=False, help_text="The problem in a player's words, with the numbers."
    )


class ValidationOutputSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = ViolationOutputSerializer(many=True)  # type: ignore[assignment]
    warnings = ViolationOutputSerializer(many=True)
    summary = serializers.DictField()


class DeckInputErrorHandlerMixin:
    """Bad deck input -> 400 ``{"code", "message", "problems": [...]}``."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, services.DeckInputError):
            problems = exc.problems
            body = {
                "code": exc.problem_code,
                "message": problems[0]["message"]
                + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
                "problems": problems,
            }
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)  # type: ignore[misc]


def _deck_response(
    request: Request, deck_id: int, *, status_code: int = status.HTTP_200_OK
) -> Response:
    deck = selectors.deck_get(deck_id=deck_id)
    view = selectors.deck_views([deck], user=request.user)[0]
    data = DeckDetailApi.OutputSerializer(view).data
    return Response(data, status=status_code)


# -------------------------------------------------------------------------- validate


class DeckValidateApi(APIView):
    """``POST /api/decks/validate/``: check a deck against the construction rules
    without saving it. Works without login; logged in, ``collection.short`` warnings
    tell what the collection lacks. Throttled per address (anonymous) or per user.

    Every violation comes at once, each with a stable ``code``. ``ruleset`` picks the
    edition (its rules and its catalog): ``second`` (the default) or ``first``.

    Second edition: summoner.count, gate.ten_life.count, gate.five_life.count,
    starting_units.missing, epic_events.missing, standard_events.count,
    standard_events.copies, champions.count, champions.copies, commons.count,
    commons.copies, symbol.mismatch, card.unknown, card.not_allowed.

    First edition: summoner.count, events.missing (fewer copies of an event of the
    summoner's reference card than it lists), events.copies (more), events.not_listed
    (an event the reference card does not list), walls.count (not 3 walls),
    starting_units.missing (a unit of the starting setup), champions.count (3),
    champions.copies (1 each), commons.count (18; Mutations fill either slot),
    commons.copies (10 each), faction.mismatch (a unit of another faction),
    mercenaries.count (more than 6 Mercenaries), card.unknown, card.not_allowed
    (another summoner's event, a card kept in a separate pile, a second summoner).

    Both: ruleset.unsupported (a ruleset no edition answers to), collection.short
    (a warning)."""

    throttle_classes = [ValidateAnonThrottle, ValidateUserThrottle]

    @one_of_required("cards", "text")
    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "DeckValidateInput"

        ruleset = serializers.ChoiceField(Ruleset.choices, default=Ruleset.SECOND)
        cards = DeckCardsField(required=False)
        text = StrictCharField(
            required=False,
            allow_blank=True,
            trim_whitespace=False,
            max_length=MAX_TEXT_CHARS,
        )
        summoner = StrictCharField(required=False, max_length=80)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("cards" in attrs) == ("text" in attrs):
                raise serializers.ValidationError(
                    'Send either "cards" (a list of {"card", "count"}) or "text".'
                )
            return attrs

    class OutputSerializer(ValidationOutputSerializer):
        class Meta:
            ref_name = "DeckValidateOutput"

        buildable = serializers.BooleanField(allow_null=True)

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, auth=[])
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        problems: list[dict[str, Any]] = []
        if "text" in data:
            parsed = parse_deck_text(
                data["text"], catalog=load_catalog(ruleset=data["ruleset"])
            )
            cards = list(parsed.entries)
            problems = [p.to_violation().to_json() for p in parsed.problems]
        else:
            cards = data["cards"]
        report = selectors.deck_validate(
            cards,
            user=request.user,
            ruleset=data["ruleset"],
            summoner=data.get("summoner"),
        )
        body = report.to_json()
        if problems:
            body["errors"] = problems + body["errors"]
            body["valid"] = False
        body["buildable"] = selectors.deck_buildable(report, request.user)
        body["errors"] = wording.report_items(body["errors"])
        body["warnings"] = wording.report_items(body["warnings"])
        return Response(self.OutputSerializer(body).data)


# ---------------------------------------------------------------------- list/create


class DeckListApi(APIView):
    """``GET /api/decks/``: your decks and every public deck (faction decks included),
    newest first, 50 a page."""

    class FilterSerializer(serializers.Serializer):
        # Empty values (``?q=&faction=``, as the /decks/ page's form sends them)
        # mean "not given": allow_blank says so in the schema.
        ruleset = serializers.ChoiceField(
            Ruleset.choices,
            required=False,
            allow_blank=True,
            help_text="Only decks of this edition; the edition the faction, "
            "summoner and card slugs are looked up in (the second by default).",
        )
        q = serializers.CharField(required=False, allow_blank=True)
        # Read as django-filter's BooleanFilter reads them: true/1 or false/0; any
        # other value (null, yes, ...) sets no filter, so the schema takes a string.
        mine = serializers.CharField(
            required=False,
            allow_blank=True,
            help_text="true: only your decks; false: only others'. Any other "
            "value sets no filter.",
        )
        faction = serializers.SlugField(
            required=False,
            allow_blank=True,
            help_text="Faction slug in the edition asked for, e.g. polar-dwarves; "
            "an unknown one is a 400.",
        )
        summoner = serializers.SlugField(
            required=False,
            allow_blank=True,
            help_text="Summoner card slug in the edition asked for, e.g. svara; an "
            "unknown one is a 400.",
        )
        faction_decks = serializers.CharField(
            required=False,
            allow_blank=True,
            help_text="true: only the catalog's faction decks; false: only custom "
            "decks. Any other value sets no filter.",
        )
        visibility = serializers.ChoiceField(
            Visibility.choices, required=False, allow_blank=True
        )
        card = serializers.CharField(
            required=False,
            allow_blank=True,
            help_text="Decks holding this card: its slug or full name.",
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "DeckListOutput"

        id = serializers.IntegerField(source="deck.pk")
        name = serializers.CharField(source="deck.name")
        owner = serializers.CharField(source="deck.owner.username", allow_null=True)
        summoner = serializers.SlugField(source="deck.summoner.slug", allow_null=True)
        faction = serializers.SlugField(source="deck.faction.slug", allow_null=True)
        visibility = serializers.ChoiceField(
            Visibility.choices, source="deck.visibility"
        )
        ruleset = serializers.ChoiceField(Ruleset.choices, source="deck.ruleset")
        is_faction_deck = serializers.BooleanField(source="deck.is_faction_deck")
        read_only = serializers.BooleanField(  # type: ignore[assignment]
            source="deck.read_only"
        )
        can_edit = serializers.BooleanField()
        card_count = serializers.SerializerMethodField()
        validation = serializers.SerializerMethodField()
        buildable = serializers.BooleanField(allow_null=True)
        created_at = serializers.DateTimeField(source="deck.created_at")
        updated_at = serializers.DateTimeField(source="deck.updated_at")

        def get_card_count(self, view: selectors.DeckView) -> int:
            return sum(e.count for e in view.deck.entries.all())

        @extend_schema_field(ValidationOutputSerializer)
        def get_validation(self, view: selectors.DeckView) -> dict[str, Any]:
            return view.report.to_json()

    pagination_class = PageNumberPagination  # the schema's page parameter and body

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: OutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        filters = request.query_params.dict()
        filters.pop("page", None)
        decks = selectors.deck_list_for(request.user, filters=filters)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(decks, request, view=self)
        views = selectors.deck_views(page or [], user=request.user)
        data = DeckListApi.OutputSerializer(views, many=True).data
        return paginator.get_paginated_response(data)


# -------------------------------------------------------------------------- one deck


class DeckDetailApi(APIView):
    """``GET /api/decks/{id}/``: a deck you may read (yours, unlisted or public)."""

    class OutputSerializer(DeckListApi.OutputSerializer):
        class Meta:
            ref_name = "DeckDetailOutput"

        notes = serializers.CharField(source="deck.notes")
        entries = DeckEntryOutputSerializer(source="deck.entries", many=True)

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, deck_id: int) -> Response:
        deck = selectors.access_deck(request.user, deck_id)
        view = selectors.deck_views([deck], user=request.user)[0]
        return Response(DeckDetailApi.OutputSerializer(view).data)


class DeckCreateApi(DeckInputErrorHandlerMixin, APIView):
    """``POST /api/decks/``: a new deck of yours (login required), from ``cards`` or
    from deck ``text`` (as ``POST /api/decks/import/``, locked cards added). The deck
    may break the construction rules (a draft); its ``validation`` says how. Unknown
    fields are a 400."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "DeckCreateInput"

        name = StrictCharField(
            max_length=100,
            required=False,
            help_text='Required with "cards"; with "text" the text\'s # Deck: line '
            "is the default.",
        )
        summoner = StrictCharField(required=False, max_length=80)
        cards = DeckCardsField(required=False)
        text = StrictCharField(
            required=False,
            trim_whitespace=False,
            max_length=MAX_TEXT_CHARS,
            help_text="Deck text (COUNT Card Name lines) instead of cards.",
        )
        visibility = serializers.ChoiceField(
            Visibility.choices, default=Visibility.PRIVATE
        )
        ruleset = serializers.ChoiceField(Ruleset.choices, default=Ruleset.SECOND)
        notes = StrictCharField(
            required=False, allow_blank=True, max_length=MAX_NOTES_LENGTH, default=""
        )

    @extend_schema(
        request=InputSerializer, responses={201: DeckDetailApi.OutputSerializer}
    )
    def post(self, request: Request) -> Response:
        serializer = DeckCreateApi.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "text" in data and "cards" in data:
            raise serializers.ValidationError(
                'Send either "cards" or "text", not both.'
            )
        if "text" in data:
            deck = services.deck_import_text(
                owner=cast(User, request.user),
                text=data["text"],
                name=data.get("name"),
                visibility=data["visibility"],
                ruleset=data["ruleset"],
                notes=data["notes"],
            )
            return _deck_response(request, deck.pk, status_code=status.HTTP_201_CREATED)
        if not data.get("name"):
            raise serializers.ValidationError({"name": ["This field is required."]})
        deck = services.deck_create(
            owner=cast(User, request.user),
            name=data["name"],
            summoner=data.get("summoner"),
            entries=data.get("cards", []),
            visibility=data["visibility"],
            ruleset=data["ruleset"],
            notes=data["notes"],
        )
        return _deck_response(request, deck.pk, status_code=status.HTTP_201_CREATED)


class DeckUpdateApi(DeckInputErrorHandlerMixin, APIView):
    """``PATCH``/``PUT /api/decks/{id}/``: change your deck; ``cards`` replaces all
    entries. Others' private decks are 404, others' readable decks and faction decks
    403."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "DeckUpdateInput"

        name = StrictCharField(max_length=100)
        summoner = StrictCharField(max_length=80, allow_null=True)
        cards = DeckCardsField()
        visibility = serializers.ChoiceField(Visibility.choices)
        ruleset = serializers.ChoiceField(Ruleset.choices)
        notes = StrictCharField(allow_blank=True, max_length=MAX_NOTES_LENGTH)

    def _update(self, request: Request, deck_id: int, *, partial: bool) -> Response:
        serializer = DeckUpdateApi.InputSerializer(data=request.data, partial=partial)
        if not partial:
            # PUT: every field but summoner and notes.
            for name in ("summoner", "notes"):
                serializer.fields[name].required = False
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        with transaction.atomic():
            deck = selectors.access_deck(request.user, deck_id, lock=True, write=True)
            kwargs: dict[str, Any] = {
                k: data[k]
                for k in ("name", "notes", "visibility", "ruleset")
                if k in data
            }
            if "cards" in data:
                kwargs["entries"] = data["cards"]
            if "summoner" in data:
                kwargs["summoner"] = data["summoner"]
            services.deck_update(deck=deck, **kwargs)
        return _deck_response(request, deck.pk)

    @extend_schema(
        request=InputSerializer, responses={200: DeckDetailApi.OutputSerializer}
    )
    def put(self, request: Request, deck_id: int) -> Response:
        return self._update(request, deck_id, partial=False)

    @extend_schema(
        request=InputSerializer, responses={200: DeckDetailApi.OutputSerializer}
    )
    def patch(self, request: Request, deck_id: int) -> Response:
        return self._update(request, deck_id, partial=True)


class DeckDeleteApi(APIView):
    """``DELETE /api/decks/{id}/``: delete your deck."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request: Request, deck_id: int) -> Response:
        with transaction.atomic():
            deck = selectors.access_deck(request.user, deck_id, lock=True, write=True)
            services.deck_delete(deck=deck)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckCopyApi(DeckInputErrorHandlerMixin, APIView):
    """``POST /api/decks/{id}/copy/``: a private copy of any deck you may read."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "DeckCopyInput"

        name = StrictCharField(max_length=100, required=False)

    @extend_schema(
        request=InputSerializer, responses={201: DeckDetailApi.OutputSerializer}
    )
    def post(self, request: Request, deck_id: int) -> Response:
        serializer = DeckCopyApi.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        source = selectors.access_deck(request.user, deck_id)
        copy = services.deck_copy(
            deck=source,
            owner=cast(User, request.user),
            name=serializer.validated_data.get("name"),
        )
        return _deck_response(request, copy.pk, status_code=status.HTTP_201_CREATED)


class DeckCodeRenderer(renderers.JSONRenderer):
    """``?format=code``: ``{"code": ...}`` as JSON."""

    format = "code"


class DeckExportApi(APIView):
    """``GET /api/decks/{id}/export/``: the deck text (text/plain);
    ``?format=code``: ``{"code": "..."}``; ``?format=json``: both."""

    renderer_classes = [DeckTextRenderer, DeckCodeRenderer, renderers.JSONRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "format",
                OpenApiTypes.STR,
                enum=["text", "code", "json"],
                required=False,
            )
        ],
        responses={
            (200, "text/plain"): OpenApiResponse(
                response=OpenApiTypes.STR, description="The deck text format."
            ),
            (200, "application/json"): inline_serializer(
                "DeckExportOutput",
                {
                    "code": serializers.CharField(),
                    "text": serializers.CharField(
                        required=False, help_text="Absent with ?format=code."
                    ),
                },
            ),
            400: error_response("The deck cannot be written as a deck code."),
        },
    )
    def get(self, request: Request, deck_id: int) -> Response:
        deck = selectors.access_deck(request.user, deck_id)
        pairs = selectors.deck_entry_pairs(deck)
        catalog = load_catalog(ruleset=deck.ruleset)
        fmt = request.accepted_renderer.format
        if fmt == DeckTextRenderer.format:
            return Response(format_deck_text(pairs, catalog=catalog, name=deck.name))
        try:
            code = encode_deck_code(pairs, catalog=catalog, ruleset=deck.ruleset)
        except DeckCodeError as exc:
            raise exceptions.ValidationError({"detail": str(exc)}) from exc
        if fmt == DeckCodeRenderer.format:
            return Response({"code": code})
        text = format_deck_text(pairs, catalog=catalog, name=deck.name)
        return Response({"code": code, "text": text})

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        # Errors are JSON whatever format was asked for.
        if response.status_code >= 400:
            request.accepted_renderer = renderers.JSONRenderer()
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)


class DeckImportApi(DeckInputErrorHandlerMixin, APIView):
    """``POST /api/decks/import/``: a new deck of yours from deck text or a deck code.
    Unknown names or a damaged code: 400 with every problem (line, did-you-mean)."""

    permission_classes = [IsAuthenticated]

    @one_of_required("text", "code")
    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "DeckImportInput"

        text = StrictCharField(
            required=False, trim_whitespace=False, max_length=MAX_TEXT_CHARS
        )
        code = StrictCharField(required=False, max_length=MAX_CODE_CHARS)
        name = StrictCharField(required=False, max_length=100)
        visibility = serializers.ChoiceField(
            Visibility.choices, default=Visibility.PRIVATE
        )
        ruleset = serializers.ChoiceField(Ruleset.choices, default=Ruleset.SECOND)
        notes = StrictCharField(
            required=False, allow_blank=True, max_length=MAX_NOTES_LENGTH, default=""
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("text" in attrs) == ("code" in attrs):
                raise serializers.ValidationError('Send either "text" or "code".')
            return attrs

    @extend_schema(
        request=InputSerializer, responses={201: DeckDetailApi.OutputSerializer}
    )
    def post(self, request: Request) -> Response:
        serializer = DeckImportApi.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        common = {
            "owner": cast(User, request.user),
            "name": data.get("name"),
            "visibility": data["visibility"],
            "notes": data["notes"],
        }
        if "text" in data:
            deck = services.deck_import_text(
                text=data["text"], ruleset=data["ruleset"], **common
            )
        else:
            deck = services.deck_import_code(code=data["code"], **common)
        return _deck_response(request, deck.pk, status_code=status.HTTP_201_CREATED)


# ------------------------------------------------------------------------ collection


class CollectionListApi(APIView):
    """``GET /api/collection/``: the products you own and how many of each."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CollectionListOutput"

        product = serializers.SlugField(source="product.slug")
        edition = serializers.CharField(source="product.edition")
        name = serializers.CharField(source="product.name")
        kind = serializers.CharField(source="product.kind")
        quantity = serializers.IntegerField()

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        owned = selectors.collection_list(user=cast(User, request.user))
        return Response(CollectionListApi.OutputSerializer(owned, many=True).data)


class CollectionSetApi(APIView):
    """``PUT``/``POST /api/collection/`` ``{"product": slug, "quantity": n}``: set how
    many copies you own; 0 removes the product."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "CollectionSetInput"

        product = serializers.SlugField(max_length=80)
        quantity = serializers.IntegerField(min_value=0, max_value=MAX_OWNED_QUANTITY)
        ruleset = serializers.ChoiceField(
            choices=Ruleset.choices, default=Ruleset.SECOND, required=False
        )

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "CollectionSetOutput"

        product = serializers.SlugField()
        edition = serializers.CharField()
        quantity = serializers.IntegerField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def put(self, request: Request) -> Response:
        serializer = CollectionSetApi.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        owned = services.collection_set(
            user=cast(User, request.user),
            product=data["product"],
            quantity=data["quantity"],
            ruleset=data["ruleset"],
        )
        body = {
            "product": data["product"],
            "edition": data["ruleset"],
            "quantity": owned.quantity if owned else 0,
        }
        return Response(CollectionSetApi.OutputSerializer(body).data)

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer})
    def post(self, request: Request) -> Response:
        return self.put(request)


# ------------------------------------------------------- one path, several operations


class DeckListCreateApi(DeckCreateApi, DeckListApi):
    """``/api/decks/``: ``GET`` list (anyone), ``POST`` create (login)."""

    def get_permissions(self) -> Sequence[Any]:
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return super().get_permissions()


class DeckApi(DeckUpdateApi, DeckDeleteApi, DeckDetailApi):
    """``/api/decks/{id}/``: ``GET`` (readers), ``PUT``/``PATCH``/``DELETE`` (owner)."""

    def get_permissions(self) -> Sequence[Any]:
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return super().get_permissions()


class CollectionApi(CollectionSetApi, CollectionListApi):  # type: ignore[misc]
    """``/api/collection/``: ``GET`` list, ``PUT``/``POST`` set (login)."""
