"""The decks app's answers to the catalog's hooks (``cards.hooks``), connected by
``DecksConfig.ready``: the catalog never imports decks, decks plugs into it.

- ``load_catalog`` refreshes the public faction decks (``faction_decks_sync``);
- the card list's "owned" filter reads the user's collection;
- the card page lists the viewer's own and the public decks using the card.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Case, Q, Value, When

from cards import hooks
from decks.selectors import collection_owned_cards, deck_list_for
from decks.services import SyncReport, faction_decks_sync


def sync_faction_decks(**kwargs: Any) -> SyncReport:
    return faction_decks_sync()


def owned_cards(*, user: Any, **kwargs: Any) -> dict[str, int] | None:
    return collection_owned_cards(user=user)


def decks_using_card(
    *, card: Any, request: Any = None, **kwargs: Any
) -> dict[str, Any]:
    # The viewer's own decks (any visibility) besides the public ones, theirs first.
    user = getattr(request, "user", None)
    mine = Q(owner=user) if user is not None and user.is_authenticated else Q(pk=None)
    using = (
        deck_list_for(user, filters={"card": card.slug})
        .filter(ruleset=card.edition)
        .alias(mine=Case(When(mine, then=Value(0)), default=Value(1)))
        .order_by("mine", "-is_faction_deck", "name", "pk")
    )
    return {"decks_using": using[:20], "decks_using_count": using.count()}


def connect() -> None:
    hooks.catalog_loaded.connect(sync_faction_decks, dispatch_uid="decks.sync")
    hooks.owned_cards.connect(owned_cards, dispatch_uid="decks.owned_cards")
    hooks.card_page.connect(decks_using_card, dispatch_uid="decks.decks_using")
