"""Admin: read-mostly views of jobs, chunks and matrices (writes: services)."""

from django.contrib import admin

from simulate.models import ChunkResult, MatrixJob, SimulationJob


@admin.register(SimulationJob)
class SimulationJobAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "owner",
        "status",
        "games",
        "agent_a",
        "agent_b",
        "created_at",
    )
    list_filter = ("status", "agent_a", "agent_b")
    readonly_fields = ("deck_a", "deck_b", "result", "engine_version")


@admin.register(ChunkResult)
class ChunkResultAdmin(admin.ModelAdmin):
    list_display = ("job", "first_game", "games", "wins_a", "wins_b", "draws")
    readonly_fields = ("outcomes", "card_stats", "turn_hist", "terminations")


@admin.register(MatrixJob)
class MatrixJobAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "status", "games_per_pair", "created_at")
