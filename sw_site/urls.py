"""Root URLs: pages per app, the REST API under /api/, OpenAPI schema and docs."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from sw_site.health import HealthApi

#: What the docs pages need beyond the site's policy (sw_site/settings.py): Swagger
#: UI and ReDoc inject <style> elements and draw icons from data: URLs; ReDoc runs
#: its search in a Web Worker made from a blob: URL. Scripts stay 'self' only:
#: Swagger UI's init script is served as a file by the split view.
DOCS_CSP = {
    "style-src": ["'unsafe-inline'"],
    "img-src": ["data:"],
    "worker-src": ["'self'", "blob:"],
}

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        csp_update(DOCS_CSP)(
            SpectacularSwaggerSplitView.as_view(
                url_name="api-schema", template_name="api/swagger_ui.html"
            )
        ),
        name="api-docs",
    ),
    path(
        "api/redoc/",
        csp_update(DOCS_CSP)(
            SpectacularRedocView.as_view(
                url_name="api-schema", template_name="api/redoc.html"
            )
        ),
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
