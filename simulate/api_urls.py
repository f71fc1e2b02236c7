"""REST endpoints of simulations and matrices, included under /api/ by sw_site.urls."""

from django.urls import path

from simulate import apis

app_name = "simulate-api"

urlpatterns = [
    path(
        "simulations/",
        apis.SimulationListCreateApi.as_view(),
        name="simulation-list",
    ),
    path(
        "simulations/<int:job_id>/",
        apis.SimulationDetailApi.as_view(),
        name="simulation-detail",
    ),
    path(
        "simulations/shared/<slug:token>/",
        apis.SimulationSharedApi.as_view(),
        name="simulation-shared",
    ),
    path(
        "simulations/<int:job_id>/cancel/",
        apis.SimulationCancelApi.as_view(),
        name="simulation-cancel",
    ),
    path(
        "simulations/<int:job_id>/rerun/",
        apis.SimulationRerunApi.as_view(),
        name="simulation-rerun",
    ),
    path(
        "simulations/<int:job_id>/share/",
        apis.SimulationShareApi.as_view(),
        name="simulation-share",
    ),
    path("matrices/", apis.MatrixCreateApi.as_view(), name="matrix-list"),
    path(
        "matrices/<int:matrix_id>/",
        apis.MatrixDetailApi.as_view(),
        name="matrix-detail",
    ),
    path(
        "matrices/shared/<slug:token>/",
        apis.MatrixSharedApi.as_view(),
        name="matrix-shared",
    ),
    path(
        "matrices/<int:matrix_id>/cancel/",
        apis.MatrixCancelApi.as_view(),
        name="matrix-cancel",
    ),
    path(
        "matrices/<int:matrix_id>/cells/<int:cell_id>/rerun/",
        apis.MatrixCellRerunApi.as_view(),
        name="matrix-cell-rerun",
    ),
    path(
        "matrices/<int:matrix_id>/share/",
        apis.MatrixShareApi.as_view(),
        name="matrix-share",
    ),
]
