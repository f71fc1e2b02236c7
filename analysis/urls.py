"""Pages of deck analyses, included at the site root by sw_site.urls."""

from django.urls import path

from analysis import views

app_name = "analysis"

urlpatterns = [
    path(
        "decks/<int:deck_id>/analyse/<str:kind>/",
        views.analysis_new_view,
        name="new",
    ),
    path("analyses/<int:job_id>/", views.analysis_detail_view, name="detail"),
    path("analyses/<int:job_id>/cancel/", views.analysis_cancel_view, name="cancel"),
    path("analyses/<int:job_id>/apply/", views.analysis_apply_view, name="apply"),
]
