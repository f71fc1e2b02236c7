"""Browse pages of the card catalog, included at the site root by sw_site.urls."""

from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("", views.home_view, name="home"),
    path("factions/", views.faction_list_view, name="faction-list"),
    path("factions/<slug:slug>/", views.faction_detail_view, name="faction-detail"),
    path("factions/<slug:slug>/deck/", views.faction_deck_view, name="faction-deck"),
    path("cards/", views.card_list_view, name="card-list"),
    path("cards/<slug:slug>/", views.card_detail_view, name="card-detail"),
]
