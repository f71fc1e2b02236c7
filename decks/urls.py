"""Deck pages, included at the site root by sw_site.urls."""

from django.urls import path

from decks import views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list_view, name="list"),
    path("decks/new/", views.deck_builder_view, name="new"),
    path("decks/import/", views.deck_import_view, name="import"),
    path("decks/<int:deck_id>/", views.deck_detail_view, name="detail"),
    path("decks/<int:deck_id>/edit/", views.deck_builder_view, name="edit"),
    path("decks/<int:deck_id>/copy/", views.deck_copy_view, name="copy"),
    path("decks/<int:deck_id>/delete/", views.deck_delete_view, name="delete"),
    path("collection/", views.collection_view, name="collection"),
]
