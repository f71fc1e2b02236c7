from django.apps import AppConfig


class WorkConfig(AppConfig):
    name = "work"
    verbose_name = "Engine work (slices, heartbeats, watchdog, fair scheduling)"

    def ready(self) -> None:
        from work import checks  # noqa: F401 - registers the system checks
