"""Where the deck pages meet the apps above decks, without importing them.

``decks`` stands below ``simulate`` and ``analysis`` (``tests/test_app_layers.py``):
it never imports them, not even inside a function. A deck page sends one of these
signals and each receiver returns context for it; the site connects the higher
apps' receivers (``sw_site.composition``). With no receiver the pages render without
those parts. Merge the answers with ``cards.hooks.page_context``.
"""

from __future__ import annotations

from django.dispatch import Signal

#: ``request``, ``deck``: context for the deck page (the "Simulate" buttons,
#: ``simulate``; the analyses of the deck, ``analysis``).
deck_page = Signal()

#: ``request``, ``deck`` (None for a new deck): context for the builder (the
#: "Simulate" links of the saved deck, ``simulate``).
builder_page = Signal()
