"""The card list filters, shared by the ``/cards/`` page and ``GET /api/cards/``.

One FilterSet so the page's GET form, the API's query parameters and the OpenAPI schema
always agree. Invalid values (``cost=abc``, ``card_type=wizard``, ``faction=nope``) make
the FilterSet invalid; callers turn that into a 400, never an empty or a 500 result.
"""

from __future__ import annotations

import django_filters as filters
from django import forms
from django.db.models import Q, QuerySet
from django_filters.filters import BaseCSVFilter

from cards import hooks, search
from cards.models import (
    DEFAULT_EDITION,
    AttackType,
    Card,
    CardClass,
    CardType,
    Edition,
    Faction,
    Symbol,
)


class IntegerFilter(filters.NumberFilter):
    field_class = forms.IntegerField


class SearchField(forms.CharField):
    """``q``: the search syntax of ``cards.search`` (bad terms are form errors)."""

    def clean(self, value: object) -> search.CardQuery | None:
        text = super().clean(value)
        return search.parse(text) if text else None


class SearchFilter(filters.CharFilter):
    field_class = SearchField


#: Sortable columns as django-filter's OrderingFilter takes them: (model field,
#: parameter value). ``-name`` sorts descending.
SORT_FIELDS = (
    ("name", "name"),
    ("faction__name", "faction"),
    ("card_type", "type"),
    ("cost", "cost"),
    ("strength", "strength"),
    ("life", "life"),
)


def edition_of(data: object) -> str:
    """The edition a request asks for (``ruleset``), the default one when it names
    none or an unknown one (the filter's own validation then answers 400)."""
    value = data.get("ruleset") if hasattr(data, "get") else None
    return value if value in Edition.values else DEFAULT_EDITION


class OneValueFilterSet(filters.FilterSet):
    """A filter set whose single-valued parameters are refused when repeated
    (``?cost=1&cost=x`` is a form error, as the schema documents one value), not
    read as their last value; parameters that take several values (comma lists,
    multiple choices) are left alone."""

    def is_valid(self) -> bool:
        valid: bool = super().is_valid()
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return valid
        for name, f in self.filters.items():
            if isinstance(f, filters.MultipleChoiceFilter | BaseCSVFilter):
                continue
            if len(getlist(name)) > 1 and name in self.form.fields:
                self.form.add_error(name, "Give this parameter once.")
                valid = False
        return valid


class CardFilter(OneValueFilterSet):
    """Cards of one edition (``ruleset``; the second is the default everywhere)."""

    ruleset = filters.ChoiceFilter(
        choices=Edition.choices,
        method="filter_ruleset",
        label="Edition",
        empty_label=None,
        help_text="Edition: second (default) or first.",
    )
    q = SearchFilter(
        method="filter_q",
        label="Search",
        help_text=search.SYNTAX_HELP,
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
    owned = filters.BooleanFilter(
        method="filter_owned",
        label="Only cards I own",
        widget=forms.CheckboxInput,
        help_text="Cards in your recorded collection (logged in; same as is:owned).",
    )
    sort = filters.OrderingFilter(
        fields=SORT_FIELDS,
        label="Sort by",
        help_text="name, faction, type, cost, strength or life; a leading - sorts "
        "descending (e.g. -cost).",
    )

    def __init__(self, data=None, queryset=None, *, request=None, prefix=None):
        edition = edition_of(data)
        if queryset is not None:
            queryset = queryset.filter(edition=edition)
        super().__init__(data, queryset, request=request, prefix=prefix)
        self.filters["faction"].queryset = Faction.objects.filter(edition=edition)
        self.edition = edition

    def filter_ruleset(self, queryset: QuerySet[Card], name: str, value: str):
        return queryset  # the queryset is already the edition's (see __init__)

    class Meta:
        model = Card
        fields = [
            "ruleset",
            "q",
            "faction",
            "card_class",
            "card_type",
            "symbol",
            "cost",
            "cost__lte",
            "cost__gte",
            "attack_type",
            "owned",
        ]

    def filter_q(self, queryset: QuerySet[Card], name: str, value: search.CardQuery):
        # Every term must match; search_text is lowercase name + ability texts.
        if value is None:
            return queryset
        queryset = queryset.filter(value.q)
        return self.filter_owned(queryset, "owned", True) if value.owned else queryset

    def filter_owned(self, queryset: QuerySet[Card], name: str, value: bool | None):
        """Cards the request's user owns at least one copy of; logged out: none."""
        if not value:
            return queryset
        user = getattr(self.request, "user", None)
        # The collection is the decks app's: it answers the catalog's hook.
        owned = (
            hooks.owned_cards_of(user, sender=type(self)) if user is not None else None
        )
        return queryset.filter(slug__in=[s for s, n in (owned or {}).items() if n > 0])

    def filter_card_class(self, queryset: QuerySet[Card], name: str, value: str):
        # ``classes`` is a JSON list; match the quoted word in its text form, which
        # works on SQLite and PostgreSQL alike ('"gate"' never matches a longer word).
        return queryset.filter(Q(classes__icontains=f'"{value}"'))
