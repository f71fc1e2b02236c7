"""Where the catalog meets the apps above it, without importing them.

The catalog stands at the bottom of the apps (``tests/test_app_layers.py``): it never
imports ``decks``, ``simulate``, ``analysis`` or ``work``, not even inside a
function. Where a catalog command or page involves them, it sends one of these
signals and the higher app answers: its receiver is connected in its
``AppConfig.ready`` (``decks.apps``) or by the site (``sw_site.composition``). With no
receiver, the catalog works on its own: no faction decks to sync, nothing owned, no
links or decks on its pages.
"""

from __future__ import annotations

from typing import Any

from django.dispatch import Signal

#: Sent by ``load_catalog`` inside its transaction once every edition's rows are
#: written (``editions``: their names). A receiver returns a report (``as_text()``)
#: that the command prints after the catalog's, or None: ``decks`` syncs the public
#: faction decks.
catalog_loaded = Signal()

#: ``user``: a receiver returns the copies ``user`` owns per card slug, or None
#: (anonymous, or no collection recorded): the card list's "owned" filter. The first
#: answer that is not None counts; none: nothing is owned.
owned_cards = Signal()

#: ``request``, ``slug``, ``edition``: context for the faction deck page (its
#: "Simulate" buttons, ``simulate``).
faction_deck_page = Signal()

#: ``request``, ``card``: context for the card page (the decks using the card that
#: the request's user may read: theirs of any visibility and the public ones,
#: ``decks_using`` and ``decks_using_count``).
card_page = Signal()


def answers(signal: Signal, sender: Any, **kwargs: Any) -> list[tuple[Any, Any]]:
    """``signal.send``: (receiver, its answer) per receiver, whatever the answers
    (the stubs type them as text)."""
    return list(signal.send(sender=sender, **kwargs))


def page_context(signal: Signal, sender: Any, **kwargs: Any) -> dict[str, Any]:
    """The receivers' context for a page, merged in the order they connected."""
    context: dict[str, Any] = {}
    for _, answer in answers(signal, sender, **kwargs):
        context.update(answer or {})
    return context


def owned_cards_of(user: Any, sender: Any = None) -> dict[str, int] | None:
    """The first receiver's copies owned per card slug (see ``owned_cards``)."""
    for _, answer in answers(owned_cards, sender, user=user):
        if answer is not None:
            return dict(answer)
    return None
