"""The card list filters, shared by the ``/cards/`` page and ``GET /api/cards/``.

One FilterSet so the page's GET form, the API's query parameters and the OpenAPI schema
always agree. Invalid values (``cost=abc``, ``card_type=wizard``, ``faction=nope``) make
the FilterSet invalid; callers turn that into a 400, never an empty or a 500 result.
"""

from __future__ import annotations

import django_filters as filters
from django import forms
from django.db.models import Q, QuerySet

from cards.models import AttackType, Card, CardClass, CardType, Faction, Symbol


class IntegerFilter(filters.NumberFilter):
    field_class = forms.IntegerField


class CardFilter(filters.FilterSet):
    q = filters.CharFilter(
        method="filter_q",
        label="Search",
        help_text="Words to find in card names and ability names and texts.",
    )
    faction = filters.ModelChoiceFilter(
        queryset=Faction.objects.all(),
        to_field_name="slug",
        empty_label="Any faction",
        help_text="Faction slug, e.g. polar-dwarves.",
    )
    card_class = filters.ChoiceFilter(
        choices=CardClass.choices,
        method="filter_card_class",
        label="Class",
        empty_label="Any class",
    )
    card_type = filters.ChoiceFilter(
        choices=CardType.choices, label="Type", empty_label="Any type"
    )
    symbol = filters.ModelChoiceFilter(
        queryset=Symbol.objects.all(),
        to_field_name="slug",
        field_name="symbols",
        empty_label="Any symbol",
        help_text="Build symbol slug, e.g. water.",
    )
    cost = IntegerFilter(field_name="cost", min_value=0, label="Cost")
    cost__lte = IntegerFilter(
        field_name="cost", lookup_expr="lte", min_value=0, label="Cost at most"
    )
    cost__gte = IntegerFilter(
        field_name="cost", lookup_expr="gte", min_value=0, label="Cost at least"
    )
    attack_type = filters.ChoiceFilter(
        choices=AttackType.choices, label="Attack", empty_label="Any attack"
    )

    class Meta:
        model = Card
        fields = [
            "q",
            "faction",
            "card_class",
            "card_type",
            "symbol",
            "cost",
            "cost__lte",
            "cost__gte",
            "attack_type",
        ]

    def filter_q(self, queryset: QuerySet[Card], name: str, value: str):
        # Every word must appear; search_text is lowercase name + ability texts.
        for word in value.lower().split():
            queryset = queryset.filter(search_text__contains=word)
        return queryset

    def filter_card_class(self, queryset: QuerySet[Card], name: str, value: str):
        # ``classes`` is a JSON list; match the quoted word in its text form, which
        # works on SQLite and PostgreSQL alike ('"gate"' never matches a longer word).
        return queryset.filter(Q(classes__icontains=f'"{value}"'))
