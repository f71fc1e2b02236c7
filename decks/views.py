"""Deck pages: my decks, deck detail, the builder, import, the collection.

Thin views: they parse the request, call one selector or service and render. The
builder works without JavaScript (choose a summoner, set counts, save: the server
validates and shows the messages); ``static/js/deck-builder.js`` adds +/- buttons,
search and filters and live validation through ``POST /api/decks/validate/``.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from cards.hooks import page_context
from cards.models import CardClass, DeckRole
from decks import hooks, selectors, services, wording
from decks.forms import DeckImportForm, DeckMetaForm, SummonerForm
from decks.models import MAX_ENTRY_COUNT, Deck, Ruleset
from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.construction import ValidationReport
from engine.deckbuilding.decktext import (
    DeckCodeError,
    encode_deck_code,
    format_deck_text,
)
from sw_site.pages import friendly_errors

ROLE_LABELS = {role.value: str(role.label) for role in DeckRole}
CLASS_LABELS = {c.value: str(c.label) for c in CardClass}


# ------------------------------------------------------------------------ helpers


def _report_context(
    report: ValidationReport, summoner: str | None, ruleset: str = Ruleset.SECOND
) -> dict[str, Any]:
    """What the validation panel shows: messages, slots against targets, cost curve
    and class breakdown (also rebuilt live by deck-builder.js from the API)."""
    summary = report.summary
    targets = selectors.deck_slot_targets(summoner, ruleset)
    slots = [
        {
            "role": role,
            "label": ROLE_LABELS.get(role, role),
            "count": summary.roles.get(role, 0),
            "target": target,
        }
        for role, target in targets.items()
    ]
    curve = dict(summary.cost_curve)
    top = max(curve.values(), default=0)
    curve_rows = [
        {
            "cost": cost,
            "copies": curve.get(cost, 0),
            "pct": round(100 * curve.get(cost, 0) / top) if top else 0,
        }
        for cost in range(0, max(curve, default=-1) + 1)
    ]
    classes = [
        {"label": CLASS_LABELS.get(cls, cls), "count": n}
        for cls, n in summary.class_counts.items()
    ]
    return {
        "report": report,
        "error_items": wording.report_items(report.errors),
        "warning_items": wording.report_items(report.warnings),
        "slots": slots,
        "slot_targets": targets,
        "curve_rows": curve_rows,
        "class_rows": classes,
    }


def _deck_groups(view: selectors.DeckView) -> list[dict[str, Any]]:
    """The deck's entries grouped by their R9 role (from the report), in slot order;
    cards no slot holds come last as "Not allowed"."""
    catalog = load_catalog(ruleset=view.deck.ruleset)
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in view.report.summary.entries:
        role = entry.role.value if entry.role is not None else ""
        groups.setdefault(role, []).append(
            {"card": catalog.cards[entry.card], "count": entry.count}
        )
    known = {e.card for e in view.report.summary.entries}
    for slug, count in selectors.deck_entry_pairs(view.deck):
        if slug not in known:  # unknown to the engine catalog
            groups.setdefault("", []).append(
                {"card": None, "slug": slug, "count": count}
            )
    order = list(ROLE_LABELS) + [""]
    return [
        {
            "label": ROLE_LABELS.get(role, "Not allowed"),
            "entries": groups[role],
            "count": sum(e["count"] for e in groups[role]),
        }
        for role in order
        if role in groups
    ]


def _parse_counts(post: Any) -> tuple[dict[str, int], list[str]]:
    counts: dict[str, int] = {}
    problems: list[str] = []
    for key, value in post.items():
        if not key.startswith("count-"):
            continue
        slug = key[len("count-") :]
        try:
            count = int(str(value).strip() or "0")
        except ValueError:
            problems.append(f"{slug}: '{str(value)[:20]}' is not a number.")
            continue
        if count < 0 or count > MAX_ENTRY_COUNT:
            problems.append(f"{slug}: {count} copies; use 0 to {MAX_ENTRY_COUNT}.")
            continue
        if count:
            counts[slug] = count
    return counts, problems


def _edition(value: str | None) -> str:
    """A ``ruleset`` parameter as an edition (the second when missing or unknown)."""
    return value if value in Ruleset.values else Ruleset.SECOND


def _edition_label(ruleset: str) -> str:
    return str(Ruleset(ruleset).label)


def _with_edition(url: str, ruleset: str) -> str:
    return url if ruleset == Ruleset.SECOND else f"{url}?ruleset={ruleset}"


def _edition_links(url: str, current: str) -> list[dict[str, Any]]:
    """The edition switch of a page that shows one edition at a time."""
    return [
        {
            "value": v,
            "label": label,
            "url": _with_edition(url, v),
            "current": v == current,
        }
        for v, label in Ruleset.choices
    ]


def _distinct_names(views: list[selectors.DeckView]) -> list[selectors.DeckView]:
    """Tell apart decks of both editions that share a name on one page: each such
    deck's ``display_name`` carries its edition ("Phoenix Elves (First edition)")."""
    editions: dict[str, set[str]] = {}
    for v in views:
        editions.setdefault(v.deck.name.casefold(), set()).add(v.deck.ruleset)
    for v in views:
        name = v.deck.name
        if len(editions[name.casefold()]) > 1:
            name = f"{name} ({_edition_label(v.deck.ruleset)})"
        v.deck.display_name = name  # type: ignore[attr-defined]
    return views


# -------------------------------------------------------------------------- pages


def deck_list_view(request: HttpRequest) -> HttpResponse:
    """My decks (logged in) and the public decks, faction decks first."""
    filters = {
        k: v
        for k, v in request.GET.items()
        if k in ("q", "faction", "card", "summoner", "ruleset")
    }
    error = None
    try:
        public = selectors.deck_list_for(None, filters=filters).order_by(
            "-is_faction_deck", "name", "pk"
        )
    except ValidationError as exc:
        error = "; ".join(exc.messages)
        public = selectors.deck_list_for(None)
    mine: list[selectors.DeckView] = []
    if request.user.is_authenticated:
        mine = selectors.deck_views(
            selectors.deck_list_for(request.user, filters={"mine": "true"}),
            user=request.user,
        )
    page = Paginator(public, 50).get_page(request.GET.get("page"))
    public_views = selectors.deck_views(page.object_list, user=request.user)
    # One page, one name per deck: same-named decks of both editions say theirs.
    _distinct_names(mine + public_views)
    # Faction slugs are looked up in the edition filtered on (the second by default).
    faction_edition = _edition(request.GET.get("ruleset"))
    return render(
        request,
        "decks/deck_list.html",
        {
            "mine": mine,
            "public": public_views,
            "page": page,
            "filters": filters,
            "filter_error": error,
            "editions": Ruleset.choices,
            "faction_edition_label": _edition_label(faction_edition),
            "factions": [
                (f.slug, f.name)
                for f in load_catalog(ruleset=faction_edition).factions.values()
            ],
        },
    )


@friendly_errors
def deck_detail_view(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.access_deck(request.user, deck_id)
    view = selectors.deck_views([deck], user=request.user)[0]
    pairs = selectors.deck_entry_pairs(deck)
    catalog = load_catalog(ruleset=deck.ruleset)
    text = format_deck_text(pairs, catalog=catalog, name=deck.name) if pairs else ""
    try:
        code = encode_deck_code(pairs, catalog=catalog, ruleset=deck.ruleset)
    except DeckCodeError:
        code = ""
    summoner = deck.summoner.slug if deck.summoner else None
    return render(
        request,
        "decks/deck_detail.html",
        {
            "deck": deck,
            "simulate": None,
            "analysis": None,
            "view": view,
            "groups": _deck_groups(view),
            "deck_text": text,
            "deck_code": code,
            # the apps above decks add theirs (the "Simulate" buttons, the analyses)
            **page_context(
                hooks.deck_page, deck_detail_view, request=request, deck=deck
            ),
            **_report_context(view.report, summoner, deck.ruleset),
        },
    )


#: Session key of a logged-out visitor's unsaved builder work (kept across log-in).
DRAFT_KEY = "deck_builder_draft"


def _start_from(
    request: HttpRequest,
) -> tuple[str | None, dict[str, int], str, str | None]:
    """``?from=``: a deck id the visitor may read, or a faction slug (its faction
    deck): its summoner, counts, a name for the copy and its edition. Unknown:
    nothing."""
    source = request.GET.get("from", "").strip()
    if not source:
        return None, {}, "", None
    asked = request.GET.get("ruleset") or Ruleset.SECOND
    ruleset = asked if asked in Ruleset.values else Ruleset.SECOND
    deck = selectors.deck_start_from(request.user, source, ruleset)
    if deck is None:
        return None, {}, "", None
    summoner = deck.summoner.slug if deck.summoner else None
    name = f"My {deck.name}"[:100]
    return summoner, dict(selectors.deck_entry_pairs(deck)), name, deck.ruleset


@friendly_errors
@require_http_methods(["GET", "POST"])
def deck_builder_view(request: HttpRequest, deck_id: int | None = None) -> HttpResponse:
    """``/decks/new/`` (open to everyone: a logged-out visitor's Save keeps the work
    in the session and asks to log in) and ``/decks/<id>/edit/`` (the owner)."""
    deck: Deck | None = None
    anonymous = not request.user.is_authenticated
    if deck_id is not None:
        if anonymous:
            return redirect_to_login(request.get_full_path())
        deck = selectors.access_deck(request.user, deck_id, write=True)
    current = selectors.deck_entry_pairs(deck) if deck else []
    deck_summoner = deck.summoner.slug if deck and deck.summoner else None
    start_summoner, start_counts, start_name, start_ruleset = _start_from(request)
    draft = request.session.get(DRAFT_KEY) if request.GET.get("draft") else None
    if draft:
        start_summoner = draft.get("summoner")
        start_counts = {k: int(v) for k, v in draft.get("counts", {}).items()}
        start_name = draft.get("name", "")
    summoner = request.POST.get("summoner") or request.GET.get("summoner")
    summoner = summoner or start_summoner or deck_summoner
    # the deck's edition; a new deck's from ?ruleset= (the second by default)
    asked = request.POST.get("ruleset") or request.GET.get("ruleset")
    ruleset = deck.ruleset if deck else (asked or start_ruleset or Ruleset.SECOND)
    if ruleset not in Ruleset.values:
        ruleset = Ruleset.SECOND
    summoner_form = SummonerForm(
        initial={"summoner": summoner, "ruleset": ruleset}, ruleset=ruleset
    )
    editions = [
        {"value": v, "label": label, "current": v == ruleset}
        for v, label in Ruleset.choices
    ]
    if not summoner:
        return render(
            request,
            "decks/builder.html",
            {
                "deck": deck,
                "summoner_form": summoner_form,
                "rows": None,
                "ruleset": ruleset,
                "editions": editions,
            },
        )
    try:
        selectors.builder_pool(summoner, ruleset)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        target = reverse("decks:edit", args=[deck.pk]) if deck else reverse("decks:new")
        return redirect(target)

    problems: list[str] = []
    if request.method == "POST":
        form = DeckMetaForm(request.POST)
        counts, problems = _parse_counts(request.POST)
        if anonymous:
            # Keep the work; saving needs an account (log in or sign up, then back).
            request.session[DRAFT_KEY] = {
                "summoner": summoner,
                "counts": counts,
                "name": request.POST.get("name", "")[:100],
            }
            messages.info(
                request,
                "Log in or sign up to save your deck; your cards are kept and will "
                "be back in the builder.",
            )
            return redirect_to_login(f"{reverse('decks:new')}?draft=1")
        if form.is_valid() and not problems:
            data = form.cleaned_data
            try:
                with transaction.atomic():
                    if deck is None:
                        deck = services.deck_create(
                            owner=cast(User, request.user),
                            name=data["name"],
                            summoner=summoner,
                            entries=list(counts.items()),
                            visibility=data["visibility"],
                            ruleset=ruleset,
                            notes=data["notes"],
                        )
                    else:
                        locked = selectors.access_deck(
                            request.user, deck.pk, lock=True, write=True
                        )
                        deck = services.deck_update(
                            deck=locked,
                            name=data["name"],
                            summoner=summoner,
                            entries=list(counts.items()),
                            visibility=data["visibility"],
                            notes=data["notes"],
                        )
            except services.DeckInputError as exc:
                problems = [p["message"] for p in exc.problems]
            except ValidationError as exc:
                problems = exc.messages
            else:
                request.session.pop(DRAFT_KEY, None)
                messages.success(request, f"Saved “{deck.name}”.")
                return redirect("decks:detail", deck_id=deck.pk)
    else:
        # A new summoner keeps the cards it also accepts (see deck_builder_rows).
        counts = start_counts or dict(current)
        form = DeckMetaForm(
            initial={
                "name": deck.name if deck else start_name,
                "visibility": deck.visibility if deck else "private",
                "notes": deck.notes if deck else "",
            }
        )
    owned = selectors.collection_owned_cards(user=request.user, ruleset=ruleset)
    rows = selectors.deck_builder_rows(
        summoner=summoner,
        counts=counts,
        owned=owned,
        keep_others=summoner == deck_summoner
        or request.method == "POST"
        or bool(start_counts),
        ruleset=ruleset,
    )
    entries = [(r.card.slug, r.count) for r in rows if r.count]
    report = selectors.deck_validate(
        entries, owned=owned, summoner=summoner, ruleset=ruleset
    )
    groups: dict[str, list[selectors.BuilderRow]] = {}
    for row in rows:
        groups.setdefault(row.role, []).append(row)
    order = list(ROLE_LABELS) + [""]
    return render(
        request,
        "decks/builder.html",
        {
            "deck": deck,
            "summoner": load_catalog(ruleset=ruleset).cards[summoner],
            "summoner_form": summoner_form,
            "ruleset": ruleset,
            "ruleset_query": "" if ruleset == Ruleset.SECOND else f"?ruleset={ruleset}",
            "editions": editions,
            "form": form,
            "problems": problems,
            "rows": rows,
            "row_groups": [
                {
                    "role": role,
                    "label": ROLE_LABELS.get(role, "Not allowed"),
                    "rows": groups[role],
                }
                for role in order
                if role in groups
            ],
            "class_labels": CLASS_LABELS,
            "show_owned": owned is not None,
            "anonymous": anonymous,
            "simulate": None,
            # the apps above decks add theirs (the "Simulate" links of a saved deck)
            **page_context(
                hooks.builder_page, deck_builder_view, request=request, deck=deck
            ),
            **_report_context(report, summoner, ruleset),
        },
        status=400 if request.method == "POST" else 200,
    )


@friendly_errors
@login_required
@require_POST
def deck_copy_view(request: HttpRequest, deck_id: int) -> HttpResponse:
    source = selectors.access_deck(request.user, deck_id)
    copy = services.deck_copy(deck=source, owner=cast(User, request.user))
    messages.success(request, f"Copied “{source.name}” into your decks.")
    return redirect("decks:edit", deck_id=copy.pk)


@friendly_errors
@login_required
@require_http_methods(["GET", "POST"])
def deck_delete_view(request: HttpRequest, deck_id: int) -> HttpResponse:
    if request.method == "POST":
        with transaction.atomic():
            deck = selectors.access_deck(request.user, deck_id, lock=True, write=True)
            name = deck.name
            services.deck_delete(deck=deck)
        messages.success(request, f"Deleted “{name}”.")
        return redirect("decks:list")
    deck = selectors.access_deck(request.user, deck_id, write=True)
    return render(request, "decks/deck_confirm_delete.html", {"deck": deck})


@login_required
@require_http_methods(["GET", "POST"])
def deck_import_view(request: HttpRequest) -> HttpResponse:
    form = DeckImportForm(
        request.POST or None,
        initial={"ruleset": _edition(request.GET.get("ruleset"))},
    )
    problems: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        common = {
            "owner": cast(User, request.user),
            "name": data["name"] or None,
            "visibility": data["visibility"],
        }
        try:
            if data["text"].strip():
                deck = services.deck_import_text(
                    text=data["text"], ruleset=data["ruleset"], **common
                )
            else:
                deck = services.deck_import_code(code=data["code"].strip(), **common)
        except services.DeckInputError as exc:
            problems = exc.problems
        else:
            messages.success(request, f"Imported “{deck.name}”.")
            return redirect("decks:detail", deck_id=deck.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "decks/deck_import.html",
        {"form": form, "problems": problems},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def collection_view(request: HttpRequest) -> HttpResponse:
    """The products the user owns, one edition at a time (``?ruleset=first``)."""
    ruleset = _edition(request.POST.get("ruleset") or request.GET.get("ruleset"))
    rows = selectors.collection_rows(user=cast(User, request.user), ruleset=ruleset)
    errors: list[str] = []
    if request.method == "POST":
        quantities: dict[str, int] = {}
        for product, _ in rows:
            raw = request.POST.get(f"quantity-{product.slug}", "").strip() or "0"
            try:
                quantities[product.slug] = int(raw)
            except ValueError:
                errors.append(f"{product.name}: '{raw[:20]}' is not a number.")
        if not errors:
            try:
                services.collection_set_many(
                    user=cast(User, request.user),
                    quantities=quantities,
                    ruleset=ruleset,
                )
            except ValidationError as exc:
                errors = exc.messages
            else:
                messages.success(
                    request, f"Collection saved ({_edition_label(ruleset)})."
                )
                return redirect(_with_edition(reverse("decks:collection"), ruleset))
    owned_cards = (
        selectors.collection_owned_cards(user=request.user, ruleset=ruleset) or {}
    )
    return render(
        request,
        "decks/collection.html",
        {
            "ruleset": ruleset,
            "editions": _edition_links(reverse("decks:collection"), ruleset),
            "rows": rows,
            "errors": errors,
            "owned_total": sum(owned_cards.values()),
            "owned_distinct": len(owned_cards),
        },
        status=400 if errors else 200,
    )
