"""Deck and collection API routes, included under ``api/`` by sw_site.urls."""

from django.urls import path

from decks import apis

app_name = "decks_api"

urlpatterns = [
    path("decks/", apis.DeckListCreateApi.as_view(), name="deck-list"),
    path("decks/validate/", apis.DeckValidateApi.as_view(), name="deck-validate"),
    path("decks/import/", apis.DeckImportApi.as_view(), name="deck-import"),
    path("decks/<int:deck_id>/", apis.DeckApi.as_view(), name="deck-detail"),
    path("decks/<int:deck_id>/copy/", apis.DeckCopyApi.as_view(), name="deck-copy"),
    path(
        "decks/<int:deck_id>/export/", apis.DeckExportApi.as_view(), name="deck-export"
    ),
    path("collection/", apis.CollectionApi.as_view(), name="collection"),
]
