"""REST endpoints of deck analyses, included under /api/ by sw_site.urls."""

from django.urls import path

from analysis import apis

app_name = "analysis-api"

urlpatterns = [
    path(
        "decks/<int:deck_id>/card-values/",
        apis.CardValuesApi.as_view(),
        name="card-values",
    ),
    path(
        "decks/<int:deck_id>/suggestions/",
        apis.SuggestionsApi.as_view(),
        name="suggestions",
    ),
    path("analysis-jobs/", apis.AnalysisListApi.as_view(), name="analysis-list"),
    path(
        "analysis-jobs/<int:job_id>/",
        apis.AnalysisDetailApi.as_view(),
        name="analysis-detail",
    ),
    path(
        "analysis-jobs/<int:job_id>/cancel/",
        apis.AnalysisCancelApi.as_view(),
        name="analysis-cancel",
    ),
    path(
        "analysis-jobs/<int:job_id>/apply/",
        apis.AnalysisApplyApi.as_view(),
        name="analysis-apply",
    ),
]
