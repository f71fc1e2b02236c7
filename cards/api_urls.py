"""REST API routes of the card catalog, included under ``api/`` by sw_site.urls."""

from django.urls import path

from cards import apis

app_name = "cards_api"

urlpatterns = [
    path("factions/", apis.FactionListApi.as_view(), name="faction-list"),
    path(
        "factions/<slug:slug>/", apis.FactionDetailApi.as_view(), name="faction-detail"
    ),
    path(
        "factions/<slug:slug>/deck/", apis.FactionDeckApi.as_view(), name="faction-deck"
    ),
    path("cards/", apis.CardListApi.as_view(), name="card-list"),
    path("cards/<slug:slug>/", apis.CardDetailApi.as_view(), name="card-detail"),
]
