"""Read-only REST API of the card catalog (``/api/factions/``, ``/api/cards/``).

Thin views: each calls one selector and serialises the result. Errors go through
``sw_site.api.exception_handler`` (JSON ``{"code", "message"}``): invalid filters are a
400 with ``code="invalid"``, unknown slugs a 404, also under ``?format=text``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, generics, renderers, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import selectors
from cards.filters import CardFilter
from cards.models import (
    DEFAULT_EDITION,
    AttackType,
    Card,
    CardClass,
    Confidence,
    DeckRole,
    Edition,
    Faction,
    Phase,
    Product,
    Symbol,
)
from cards.read_cache import CachedCatalogReadMixin


class CardRefSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()


class AbilityOutputSerializer(serializers.Serializer):
    id = serializers.CharField(source="ability_id")
    name = serializers.CharField()
    text = serializers.CharField(allow_null=True)


class CardOutputSerializer(serializers.ModelSerializer):
    faction: serializers.SlugRelatedField[Faction] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    classes = serializers.ListField(child=serializers.ChoiceField(CardClass.choices))
    attack_type = serializers.ChoiceField(AttackType.choices, allow_null=True)
    phase = serializers.ChoiceField(Phase.choices, allow_null=True)
    symbols: serializers.SlugRelatedField[Symbol] = serializers.SlugRelatedField(
        slug_field="name", many=True, read_only=True
    )
    abilities = AbilityOutputSerializer(many=True, read_only=True)
    notes = serializers.CharField(allow_null=True)

    class Meta:
        model = Card
        fields = [
            "slug",
            "name",
            "faction",
            "card_type",
            "classes",
            "cost",
            "strength",
            "life",
            "attack_type",
            "symbols",
            "symbols_known",
            "phase",
            "active",
            "stats_known",
            "data_complete",
            "abilities",
            "confidence",
            "notes",
            "sources",
        ]
        read_only_fields = fields

    def to_representation(self, instance: Card) -> dict[str, Any]:
        data = super().to_representation(instance)
        # Blank text columns mean "none"/"unknown": expose them as null.
        for key in ("attack_type", "phase", "notes"):
            if data.get(key) == "":
                data[key] = None
        return data


class FactionDeckSummarySerializer(serializers.Serializer):
    size = serializers.IntegerField(
        source="deck_size", help_text="Cards in the faction deck; 0 when unknown."
    )
    confidence = serializers.ChoiceField(Confidence.choices, source="deck_confidence")


class FactionSetupSummarySerializer(serializers.Serializer):
    confidence = serializers.ChoiceField(Confidence.choices)


class FactionOutputSerializer(serializers.ModelSerializer):
    product: serializers.SlugRelatedField[Product] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    build_symbols: serializers.SlugRelatedField[Symbol] = serializers.SlugRelatedField(
        slug_field="name", many=True, read_only=True
    )
    summoner = CardRefSerializer(allow_null=True, read_only=True)
    card_count = serializers.IntegerField(help_text="Cards of this faction.")
    complete_card_count = serializers.IntegerField(
        help_text="Cards whose stats, symbols and ability texts are all known."
    )
    deck = FactionDeckSummarySerializer(source="*", read_only=True)
    setup = FactionSetupSummarySerializer(
        read_only=True,
        allow_null=True,
        help_text="The setup layout's confidence; null when the layout is unknown.",
    )

    class Meta:
        model = Faction
        fields = [
            "slug",
            "name",
            "product",
            "wave",
            "build_symbols",
            "summoner",
            "data_status",
            "card_count",
            "complete_card_count",
            "deck",
            "setup",
            "notes",
            "sources",
        ]
        read_only_fields = fields


RULESET_PARAMETER = OpenApiParameter(
    "ruleset",
    OpenApiTypes.STR,
    enum=list(Edition.values),
    description="Edition: second (the default) or first.",
)


def request_edition(request: Any) -> str:
    """The ``?ruleset=`` of a request (default: the second edition); an unknown
    value is a 400 (``ValidationError``)."""
    value = request.query_params.get("ruleset") or DEFAULT_EDITION
    if value not in Edition.values:
        raise exceptions.ValidationError(
            {
                "ruleset": [
                    f"Unknown edition {value[:40]!r}: {', '.join(Edition.values)}."
                ]
            }
        )
    return value


@extend_schema_view(get=extend_schema(parameters=[RULESET_PARAMETER]))
class FactionListApi(CachedCatalogReadMixin, generics.ListAPIView):
    """Every faction in catalog order, with its summoner and data completeness."""

    serializer_class = FactionOutputSerializer
    pagination_class = None
    filter_backends: list[Any] = []

    def get_queryset(self):
        return selectors.faction_list(edition=request_edition(self.request))


@extend_schema_view(get=extend_schema(parameters=[RULESET_PARAMETER]))
class FactionDetailApi(CachedCatalogReadMixin, generics.RetrieveAPIView):
    serializer_class = FactionOutputSerializer
    filter_backends: list[Any] = []

    def get_object(self) -> Faction:
        return selectors.faction_get(
            slug=self.kwargs["slug"], edition=request_edition(self.request)
        )


def _cost_parameter(name: str, description: str) -> OpenApiParameter:
    return OpenApiParameter(
        name, {"type": "integer", "minimum": 0}, description=description
    )


# What the FilterSet's schema extension leaves out: costs are never negative (a
# negative one is a 400), and faction and symbol are slugs of the edition asked for.
@extend_schema_view(
    get=extend_schema(
        parameters=[
            _cost_parameter("cost", "Cost."),
            _cost_parameter("cost__lte", "Cost at most."),
            _cost_parameter("cost__gte", "Cost at least."),
            OpenApiParameter(
                "faction",
                OpenApiTypes.STR,
                description="Faction slug in the edition asked for, e.g. "
                "polar-dwarves; an unknown one is a 400.",
            ),
            OpenApiParameter(
                "symbol",
                OpenApiTypes.STR,
                description="Build symbol slug, e.g. water; an unknown one is a 400.",
            ),
        ]
    )
)
class CardListApi(CachedCatalogReadMixin, generics.ListAPIView):
    """Cards in catalog order, filtered and paginated.

    Filtering happens in the ``card_list`` selector; ``filterset_class`` is declared so
    the OpenAPI schema documents the same query parameters the selector accepts.
    """

    serializer_class = CardOutputSerializer
    filterset_class = CardFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Card.objects.none()
        return selectors.card_list(
            filters=self.request.query_params, request=self.request
        )

    def filter_queryset(self, queryset):
        return queryset  # already filtered by the selector


@extend_schema_view(get=extend_schema(parameters=[RULESET_PARAMETER]))
class CardDetailApi(CachedCatalogReadMixin, generics.RetrieveAPIView):
    serializer_class = CardOutputSerializer
    filter_backends: list[Any] = []

    def get_object(self) -> Card:
        return selectors.card_get(
            slug=self.kwargs["slug"], edition=request_edition(self.request)
        )


class DeckTextRenderer(renderers.BaseRenderer):
    """``?format=text``: the deck text format as ``text/plain``."""

    media_type = "text/plain"
    format = "text"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str):
            return data.encode(self.charset)
        return str(data).encode(self.charset)  # pragma: no cover - errors are JSON


class DeckEntryOutputSerializer(serializers.Serializer):
    card = serializers.SlugField(source="card.slug")
    name = serializers.CharField(source="card.name")
    count = serializers.IntegerField()
    role = serializers.ChoiceField(DeckRole.choices)


class SetupUnitOutputSerializer(serializers.Serializer):
    card = serializers.SlugField()
    name = serializers.CharField()
    row = serializers.IntegerField()
    col = serializers.IntegerField()


class PositionOutputSerializer(serializers.Serializer):
    row = serializers.IntegerField()
    col = serializers.IntegerField()


class SetupOutputSerializer(serializers.Serializer):
    summoner = PositionOutputSerializer(
        help_text="Row 0 is the owner's back row, col 0 the owner's leftmost column."
    )
    gate = PositionOutputSerializer()
    units = SetupUnitOutputSerializer(many=True)
    confidence = serializers.ChoiceField(Confidence.choices)
    source = serializers.CharField(allow_null=True)  # type: ignore[assignment]


class FactionDeckOutputSerializer(serializers.Serializer):
    faction = serializers.SlugField()
    name = serializers.CharField()
    ruleset = serializers.CharField(help_text="The edition: second or first.")
    kind = serializers.CharField(
        help_text='"faction deck", or "sample deck, counts not official" (first '
        "edition decks built by the catalog's sample rule: copy counts unknown)."
    )
    summoner = serializers.SlugField(allow_null=True)
    confidence = serializers.ChoiceField(Confidence.choices)
    total = serializers.IntegerField()
    entries = DeckEntryOutputSerializer(many=True)
    setup = SetupOutputSerializer(allow_null=True)


def _deck_payload(deck: selectors.FactionDeck) -> dict[str, Any]:
    faction, setup = deck.faction, deck.setup
    return {
        "faction": faction.slug,
        "name": faction.name,
        "ruleset": faction.edition,
        "kind": deck.label,
        "summoner": faction.summoner.slug if faction.summoner else None,
        "confidence": faction.deck_confidence,
        "total": deck.total,
        "entries": deck.entries,
        "setup": None
        if setup is None
        else {
            "summoner": {"row": setup.summoner_row, "col": setup.summoner_col},
            "gate": {"row": setup.gate_row, "col": setup.gate_col},
            "units": [
                {
                    "card": slug,
                    "name": card.name if card else slug,
                    "row": row,
                    "col": col,
                }
                for card, slug, row, col in deck.setup_units
            ],
            "confidence": setup.confidence,
            "source": setup.source or None,
        },
    }


class FactionDeckApi(CachedCatalogReadMixin, APIView):
    """The faction deck: entries with counts and roles, plus the setup layout."""

    renderer_classes = [
        renderers.JSONRenderer,
        renderers.BrowsableAPIRenderer,
        DeckTextRenderer,
    ]

    @extend_schema(
        parameters=[
            RULESET_PARAMETER,
            OpenApiParameter(
                "format",
                OpenApiTypes.STR,
                enum=["json", "text"],
                description="`text`: the deck text format (`COUNT Card Name` lines, "
                "`#` headers) as text/plain.",
            ),
        ],
        responses={
            (200, "application/json"): FactionDeckOutputSerializer,
            (200, "text/plain"): OpenApiResponse(
                response=OpenApiTypes.STR, description="The deck text format."
            ),
        },
    )
    def get(self, request: Request, slug: str) -> Response:
        deck = selectors.faction_deck_get(slug=slug, edition=request_edition(request))
        if request.accepted_renderer.format == DeckTextRenderer.format:
            return Response(selectors.faction_deck_text(deck=deck))
        return Response(FactionDeckOutputSerializer(_deck_payload(deck)).data)

    def handle_exception(self, exc: Exception) -> Response:
        # Errors stay JSON even when the text format was asked for.
        request = getattr(self, "request", None)
        if request is not None and isinstance(
            getattr(request, "accepted_renderer", None), DeckTextRenderer
        ):
            request.accepted_renderer = renderers.JSONRenderer()
            request.accepted_media_type = "application/json"
        return super().handle_exception(exc)
