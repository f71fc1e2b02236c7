from django.apps import AppConfig


class SimulateConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "simulate"

    def ready(self) -> None:
        from sw_site.celery import ensure_embedded_broker_dirs
        from work.kinds import register

        ensure_embedded_broker_dirs()
        from simulate.kinds import SIMULATION

        register(SIMULATION)
