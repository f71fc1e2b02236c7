"""Server-rendered browse pages: factions, the card list, a card, a faction deck.

Thin views: parse the request, call one selector, render. An unknown slug renders the
site's "not found" page with status 404; invalid filter values re-render the card list
form with its errors and status 400.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from cards import hooks, selectors
from cards.filters import edition_of
from cards.models import DEFAULT_EDITION, Edition

CARDS_PER_PAGE = 30


def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return render(request, "cards/not_found.html", {"message": str(exc)}, status=404)


def home_view(request: HttpRequest) -> HttpResponse:
    """The front page: the player's path (browse, build, simulate) and the factions,
    their data details folded away."""
    return render(request, "cards/home.html", {"factions": selectors.faction_list()})


def _editions(current: str) -> list[dict[str, object]]:
    """The edition switch: each edition's label, its query and whether it is shown."""
    return [
        {
            "value": value,
            "label": label,
            "query": "" if value == DEFAULT_EDITION else f"?ruleset={value}",
            "current": value == current,
        }
        for value, label in Edition.choices
    ]


def faction_list_view(request: HttpRequest) -> HttpResponse:
    edition = edition_of(request.GET)
    return render(
        request,
        "cards/faction_list.html",
        {
            "factions": selectors.faction_list(edition=edition),
            "edition": edition,
            "edition_label": Edition(edition).label,
            "editions": _editions(edition),
        },
    )


def faction_detail_view(request: HttpRequest, slug: str) -> HttpResponse:
    query = request.GET.urlencode()
    url = reverse("cards:faction-deck", kwargs={"slug": slug})
    return redirect(f"{url}?{query}" if query else url)


def faction_deck_view(request: HttpRequest, slug: str) -> HttpResponse:
    edition = edition_of(request.GET)
    try:
        deck = selectors.faction_deck_get(slug=slug, edition=edition)
    except Http404 as exc:
        return _not_found(request, exc)
    return render(
        request,
        "cards/faction_deck.html",
        {
            "faction": deck.faction,
            "deck": deck,
            "groups": deck.groups,
            "setup_rows": deck.setup_rows(),
            "deck_text": selectors.faction_deck_text(deck=deck),
            "simulate": None,
            "deck_label": deck.label,
            # the apps above the catalog add theirs (the "Simulate" buttons)
            **hooks.page_context(
                hooks.faction_deck_page,
                faction_deck_view,
                request=request,
                slug=slug,
                edition=edition,
            ),
        },
    )


def card_list_view(request: HttpRequest) -> HttpResponse:
    # One bound FilterSet serves the form (with its errors) and the results.
    filterset = selectors.card_filterset(filters=request.GET, request=request)
    status, page = 200, None
    if filterset.is_valid():
        paginator = Paginator(filterset.qs, CARDS_PER_PAGE)
        page = paginator.get_page(request.GET.get("page"))
    else:
        status = 400
    query = request.GET.copy()
    query.pop("page", None)
    sort = query.pop("sort", [""])[-1]
    columns = [
        _sort_column(key, label, sort, query.urlencode())
        for key, label in (
            ("name", "Card"),
            ("faction", "Faction"),
            ("type", "Type"),
            ("cost", "Cost"),
            ("strength", "Str"),
            ("life", "Life"),
        )
    ]
    return render(
        request,
        "cards/card_list.html",
        {
            "filter": filterset,
            "form": filterset.form,
            "page": page,
            "query": (query.urlencode() + (f"&sort={sort}" if sort else "")).lstrip(
                "&"
            ),
            "columns": {c["key"]: c for c in columns},
            "logged_in": request.user.is_authenticated,
            "filtered": any(v for k, v in request.GET.items() if k != "page"),
        },
        status=status,
    )


def _sort_column(key: str, label: str, sort: str, query: str) -> dict[str, str]:
    """A sortable column header: its link (ascending, or descending when already
    sorted ascending) and its aria-sort state."""
    state = {key: "ascending", f"-{key}": "descending"}.get(sort, "none")
    target = f"-{key}" if state == "ascending" else key
    prefix = f"{query}&" if query else ""
    return {
        "key": key,
        "label": label,
        "href": f"?{prefix}sort={target}",
        "state": state,
    }


def card_detail_view(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        card = selectors.card_get(slug=slug, edition=edition_of(request.GET))
    except Http404 as exc:
        return _not_found(request, exc)
    return render(
        request,
        "cards/card_detail.html",
        {
            "card": card,
            "decks_using": [],
            "decks_using_count": 0,
            # the apps above the catalog add theirs (the decks using the card)
            **hooks.page_context(
                hooks.card_page, card_detail_view, request=request, card=card
            ),
        },
    )
