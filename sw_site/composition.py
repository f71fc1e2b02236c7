"""The site's composition: what the pages of a lower app show of the apps above it.

The apps stand in layers (``tests/test_app_layers.py``): the catalog (``cards``)
below ``decks``, decks below ``simulate`` and ``analysis``. A lower app never
imports a higher one; its pages send hooks instead (``cards.hooks``,
``decks.hooks``). ``decks`` answers the catalog's itself (``decks.receivers``); the
site, which may import every app, plugs in the simulations' and analyses' parts
here, once every app is loaded (``SiteConfig.ready``, listed last in
``INSTALLED_APPS``):

- the "Simulate" buttons of the faction deck page, the deck page and the builder;
- the analyses of a deck on the deck page.
"""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig


def faction_deck_simulate(*, slug: str, edition: str, **kwargs: Any) -> dict[str, Any]:
    """The faction deck page's "Simulate" buttons: the default edition's factions
    whose deck the engine can play."""
    from cards.models import DEFAULT_EDITION
    from engine.deckbuilding.resolve import default_catalog, playable_factions
    from simulate.selectors import simulate_links

    if edition != DEFAULT_EDITION or slug not in playable_factions(default_catalog()):
        return {"simulate": None}
    return {"simulate": simulate_links(slug)}


def deck_simulate(*, deck: Any, **kwargs: Any) -> dict[str, Any]:
    """The deck page's "Simulate" buttons; the simulation form names a faction deck
    by its faction's slug, any other deck by its id."""
    from simulate.selectors import simulate_links

    faction = deck.is_faction_deck and deck.faction
    key = faction.slug if faction else str(deck.pk)
    return {"simulate": simulate_links(key, ruleset=deck.ruleset)}


def deck_analyses(*, request: Any, deck: Any, **kwargs: Any) -> dict[str, Any]:
    """The deck page's analyses (card values, suggestions) and their links."""
    from analysis.views import deck_analysis_context

    return deck_analysis_context(request.user, deck)


def builder_simulate(*, deck: Any, **kwargs: Any) -> dict[str, Any]:
    """The builder's "Simulate" links, for a saved deck."""
    from simulate.selectors import simulate_links

    if not deck:
        return {"simulate": None}
    return {"simulate": simulate_links(str(deck.pk), ruleset=deck.ruleset)}


class SiteConfig(AppConfig):
    """The site itself as an app: no models, only the wiring above."""

    name = "sw_site"
    label = "sw_site"
    verbose_name = "Site"

    def ready(self) -> None:
        from cards import hooks as cards_hooks
        from decks import hooks as decks_hooks

        cards_hooks.faction_deck_page.connect(
            faction_deck_simulate, dispatch_uid="sw_site.faction_deck_simulate"
        )
        decks_hooks.deck_page.connect(deck_simulate, dispatch_uid="sw_site.simulate")
        decks_hooks.deck_page.connect(deck_analyses, dispatch_uid="sw_site.analyses")
        decks_hooks.builder_page.connect(
            builder_simulate, dispatch_uid="sw_site.builder_simulate"
        )
