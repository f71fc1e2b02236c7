"""Admin: decks (with entries inline) and owned products. Faction decks are written by
``faction_decks_sync`` only; edit the catalog YAML instead."""

from django.contrib import admin

from decks.models import Deck, DeckEntry, OwnedProduct


class DeckEntryInline(admin.TabularInline):
    model = DeckEntry
    extra = 0
    raw_id_fields = ["card"]


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "summoner", "visibility", "is_faction_deck"]
    list_filter = ["visibility", "is_faction_deck", "ruleset", "faction"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner", "summoner"]
    inlines = [DeckEntryInline]


@admin.register(OwnedProduct)
class OwnedProductAdmin(admin.ModelAdmin):
    list_display = ["user", "product", "quantity"]
    raw_id_fields = ["user"]
