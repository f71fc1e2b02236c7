from django.apps import AppConfig


class SimulateConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "simulate"

    def ready(self) -> None:
        from sw_site.celery import ensure_embedded_broker_dirs

        ensure_embedded_broker_dirs()
        from simulate import checks  # noqa: F401 - registers the system checks
