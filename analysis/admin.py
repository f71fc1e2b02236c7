"""Admin: read-mostly views of analyses (writes: services)."""

from django.contrib import admin

from analysis.models import AnalysisJob


@admin.register(AnalysisJob)
class AnalysisJobAdmin(admin.ModelAdmin):
    list_display = ("id", "owner", "kind", "status", "agent", "max_games", "created_at")
    list_filter = ("kind", "status", "agent")
    readonly_fields = ("deck_frozen", "field", "state", "report", "engine_version")
