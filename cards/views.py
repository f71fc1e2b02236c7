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
    return render(
        request,
        "cards/home.html",
        {"factions": selectors.faction_list_with_status()},
    )


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
            "factions": selectors.faction_list_with_status(edition=edition),
            "edition": edition,
            "edition_label": Edition(edition).label,
            "editions": _editions(edition),
        },
    )


def _with_query(request: HttpRequest, url: str) -> str:
    query = request.GET.urlencode()
    return f"{url}?{query}" if query else url


def faction_detail_view(request: HttpRequest, slug: str) -> HttpResponse:
    """A faction with a known deck: its deck page. Otherwise the faction's page says
    what the catalog knows and what is missing, and offers no deck to play."""
    edition = edition_of(request.GET)
    try:
        faction = selectors.faction_get(slug=slug, edition=edition)
    except Http404 as exc:
        return _not_found(request, exc)
    status = selectors.faction_status(faction)
    if status.playable:
        url = reverse("cards:faction-deck", kwargs={"slug": slug})
        return redirect(_with_query(request, url))
    return render(
        request,
        "cards/faction_detail.html",
        {
            "faction": faction,
            "status": status,
            "cards": selectors.faction_cards(faction=faction),
        },
    )


def faction_deck_view(request: HttpRequest, slug: str) -> HttpResponse:
    edition = edition_of(request.GET)
    try:
        deck = selectors.faction_deck_get(slug=slug, edition=edition)
    except Http404 as exc:
        return _not_found(request, exc)
    if not deck.entries:
        # No deck list known: no deck page pretending there is one (the faction's
        # page says what is known and what is missing).
        url = reverse("cards:faction-detail", kwargs={"slug": slug})
        return redirect(_with_query(request, url))
    return render(
        request,
        "cards/faction_deck.html",
        {
            "faction": deck.faction,
            "deck": deck,
            "groups": deck.groups,
            "setup_rows": deck.setup_rows(),
            "deck_cards": selectors.faction_deck_cards(deck=deck),
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


#: The card list's two views (``view=`` in the URL): faces in a grid, or rows.
VIEWS = ("grid", "table")
#: Filters always shown; the others sit in the "More filters" fold.
MAIN_FIELDS = ("ruleset", "q", "sort")


def card_list_view(request: HttpRequest) -> HttpResponse:
    """The card list: faces in a grid (the default) or a table, both with the
    cards' texts. Filters, search, sort, view and page all live in the query string,
    so a link reproduces the view."""
    # One bound FilterSet serves the form (with its errors) and the results.
    filterset = selectors.card_filterset(filters=request.GET, request=request)
    status, page = 200, None
    if filterset.is_valid():
        paginator = Paginator(filterset.qs, CARDS_PER_PAGE)
        page = paginator.get_page(request.GET.get("page"))
    else:
        status = 400
    view = request.GET.get("view", "")
    view = view if view in VIEWS else VIEWS[0]
    query = request.GET.copy()
    query.pop("page", None)
    query.pop("view", None)
    sort = query.pop("sort", [""])[-1]
    base = query.urlencode()
    # Table headers sort in the table view.
    table_base = f"{base}&view=table".lstrip("&")
    columns = [
        _sort_column(key, label, sort, table_base)
        for key, label in (
            ("name", "Card"),
            ("faction", "Faction"),
            ("type", "Type"),
            ("cost", "Cost"),
            ("strength", "Str"),
            ("life", "Life"),
        )
    ]
    with_sort = (base + (f"&sort={sort}" if sort else "")).lstrip("&")
    edition = filterset.edition
    return render(
        request,
        "cards/card_list.html",
        {
            "filter": filterset,
            "form": filterset.form,
            "page": page,
            "view": view,
            # every parameter but the page (for the pager)
            "query": (with_sort + ("&view=table" if view == "table" else "")).lstrip(
                "&"
            ),
            "view_links": [
                {
                    "value": v,
                    "label": {"grid": "Cards", "table": "Table"}[v],
                    "href": "?"
                    + (with_sort + (f"&view={v}" if v != VIEWS[0] else "")).lstrip("&"),
                    "current": v == view,
                }
                for v in VIEWS
            ],
            "columns": {c["key"]: c for c in columns},
            "logged_in": request.user.is_authenticated,
            "main_fields": MAIN_FIELDS,
            "advanced_set": sum(
                1
                for k, v in request.GET.items()
                if v and k in filterset.filters and k not in MAIN_FIELDS
            ),
            "filtered": any(
                v for k, v in request.GET.items() if k not in ("page", "view")
            ),
            "edition": edition,
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
    """A card: its face, its notes (confidence, sources), the faction decks holding
    it, the viewer's own decks and the public decks using it, and the same card in
    the other edition."""
    try:
        card = selectors.card_get(slug=slug, edition=edition_of(request.GET))
    except Http404 as exc:
        return _not_found(request, exc)
    # the apps above the catalog add theirs (the decks using the card; the viewer's
    # own decks of any visibility besides the public ones)
    extra = hooks.page_context(
        hooks.card_page, card_detail_view, request=request, card=card
    )
    using = list(extra.get("decks_using", []))
    user = request.user
    mine = [d for d in using if user.is_authenticated and d.owner_id == user.pk]
    public = [d for d in using if not d.is_faction_deck and d not in mine]
    return render(
        request,
        "cards/card_detail.html",
        {
            **extra,
            "card": card,
            "faction_decks": selectors.card_faction_decks(card=card),
            "other_editions": selectors.card_other_editions(card=card),
            "my_decks": mine,
            "public_decks": public,
            "decks_using_count": extra.get("decks_using_count", 0),
            "shown_count": len(using),
        },
    )
