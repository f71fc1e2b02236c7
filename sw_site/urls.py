"""Root URLs: pages per app, the REST API under /api/, OpenAPI schema and docs."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerView,
)

from sw_site.health import HealthApi

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="api-schema"),
        name="api-docs",
    ),
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="api-schema"),
        name="api-redoc",
    ),
    path("api/health/", HealthApi.as_view(), name="api-health"),
    path("api/", include("accounts.api_urls")),
    path("api/", include("cards.api_urls")),
    path("api/", include("decks.api_urls")),
    path("api/", include("simulate.api_urls")),
    path("api/", include("analysis.api_urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("decks.urls")),
    path("", include("cards.urls")),
    path("", include("simulate.urls")),
    path("", include("analysis.urls")),
]
