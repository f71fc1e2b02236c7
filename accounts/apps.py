from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        # /admin/login/ is throttled like the login page (sw_site.throttles).
        from django.contrib import admin

        from accounts.views import throttled_admin_login

        if not getattr(admin.site.login, "throttled", False):
            admin.site.login = throttled_admin_login(admin.site.login)  # type: ignore[method-assign]
            admin.site.login.throttled = True  # type: ignore[attr-defined]
