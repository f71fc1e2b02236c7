from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "analysis"

    def ready(self) -> None:
        from analysis.kinds import ANALYSIS
        from work.kinds import register

        register(ANALYSIS)
