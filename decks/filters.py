"""Filters of the deck list, shared by the ``/decks/`` page and ``GET /api/decks/``.

Invalid values (``faction=nope``, ``mine=maybe``, ``ruleset=third``) make the FilterSet
invalid; callers turn that into a 400, never a 500 or a silently empty list.

Slugs are unique per edition only (``cave-goblins`` is a faction of the second and of
the first edition): ``faction`` and ``summoner`` are resolved in the edition
``ruleset`` names, the second when it names none, and ``ruleset`` also keeps the list
to that edition's decks.
"""

from __future__ import annotations

from typing import Any

import django_filters as filters
from django.db.models import Q, QuerySet

from cards.filters import OneValueFilterSet, edition_of
from cards.models import Card, Edition, Faction
from decks.models import Deck, Visibility


class DeckFilter(OneValueFilterSet):
    ruleset = filters.ChoiceFilter(
        choices=Edition.choices,
        label="Edition",
        empty_label=None,
        help_text="Only decks of this edition (second or first); the edition the "
        "faction and summoner slugs are looked up in (the second by default).",
    )
    q = filters.CharFilter(
        method="filter_q", label="Search", help_text="Words in the deck name or notes."
    )
    mine = filters.BooleanFilter(
        method="filter_mine", label="Only my decks", help_text="true: only your decks."
    )
    faction = filters.ModelChoiceFilter(
        queryset=Faction.objects.all(),
        to_field_name="slug",
        empty_label="Any faction",
        help_text="Faction slug, e.g. polar-dwarves.",
    )
    summoner = filters.ModelChoiceFilter(
        queryset=Card.objects.all(),
        to_field_name="slug",
        help_text="Summoner card slug, e.g. svara.",
    )
    faction_decks = filters.BooleanFilter(
        field_name="is_faction_deck",
        label="Faction decks",
        help_text="true: only the catalog's faction decks; false: only custom decks.",
    )
    visibility = filters.ChoiceFilter(choices=Visibility.choices)
    card = filters.CharFilter(
        method="filter_card",
        label="Card",
        help_text="Decks holding this card: its slug or its full name.",
    )

    class Meta:
        model = Deck
        fields = [
            "ruleset",
            "q",
            "mine",
            "faction",
            "summoner",
            "faction_decks",
            "visibility",
            "card",
        ]

    def __init__(self, *args: Any, request_user: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_user = request_user
        # A slug names one card or faction per edition: look it up in the edition
        # asked for, never across editions (get() would find two: a 500).
        edition = edition_of(self.data)
        self.filters["faction"].queryset = Faction.objects.filter(edition=edition)
        self.filters["summoner"].queryset = Card.objects.filter(edition=edition)
        self.edition = edition

    def filter_q(self, queryset: QuerySet[Deck], name: str, value: str) -> QuerySet:
        for word in value.split()[:10]:
            queryset = queryset.filter(
                Q(name__icontains=word) | Q(notes__icontains=word)
            )
        return queryset

    def filter_card(self, queryset: QuerySet[Deck], name: str, value: str) -> QuerySet:
        value = value.strip()
        if not value:
            return queryset
        holding = Deck.objects.filter(
            Q(entries__card__slug=value) | Q(entries__card__name__iexact=value)
        )
        if self.data.get("ruleset"):
            holding = holding.filter(entries__card__edition=self.edition)
        return queryset.filter(pk__in=holding.values("pk"))

    def filter_mine(self, queryset: QuerySet[Deck], name: str, value: bool) -> QuerySet:
        if value is None:
            return queryset
        user = self.request_user
        if user is None or not user.is_authenticated:
            return queryset.none() if value else queryset
        return queryset.filter(owner=user) if value else queryset.exclude(owner=user)
