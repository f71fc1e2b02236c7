"""Read-mostly admin for the catalog tables (the YAML + load_catalog is the writer)."""

from django.contrib import admin

from cards.models import (
    Ability,
    Card,
    Faction,
    FactionDeckEntry,
    Product,
    ProductCard,
    SummonerSetup,
    Symbol,
)


class AbilityInline(admin.TabularInline):
    model = Ability
    extra = 0


class DeckEntryInline(admin.TabularInline):
    model = FactionDeckEntry
    extra = 0
    raw_id_fields = ["card"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "faction", "card_type", "cost", "strength", "life"]
    list_filter = ["faction", "card_type", "confidence", "data_complete"]
    search_fields = ["name", "slug", "search_text"]
    list_select_related = ["faction"]
    inlines = [AbilityInline]


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "summoner", "data_status", "sort_order"]
    list_select_related = ["summoner"]
    inlines = [DeckEntryInline]


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "kind"]


@admin.register(ProductCard)
class ProductCardAdmin(admin.ModelAdmin):
    list_display = ["product", "card", "count"]
    list_select_related = ["product", "card"]


admin.site.register(Symbol)
admin.site.register(SummonerSetup)
