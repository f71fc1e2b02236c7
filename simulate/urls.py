"""Pages of the simulate app, included at the site root by sw_site.urls."""

from django.urls import path

from simulate import views

app_name = "simulate"

urlpatterns = [
    path("simulations/", views.simulation_list_view, name="simulation-list"),
    path("simulations/new/", views.simulation_new_view, name="simulation-new"),
    path(
        "simulations/<int:job_id>/",
        views.simulation_detail_view,
        name="simulation-detail",
    ),
    path(
        "simulations/<int:job_id>/share/",
        views.simulation_share_view,
        name="simulation-share",
    ),
    path(
        "simulations/<int:job_id>/games/<int:game_index>/",
        views.simulation_replay_view,
        name="simulation-replay",
    ),
    # Shared results, by their unguessable tokens (ids are for owners only).
    path("s/<slug:token>/", views.simulation_shared_view, name="simulation-shared"),
    path(
        "s/<slug:token>/games/<int:game_index>/",
        views.simulation_shared_replay_view,
        name="simulation-shared-replay",
    ),
    path("m/<slug:token>/", views.matrix_shared_view, name="matrix-shared"),
    path("matrices/ready/", views.ready_matrix_view, name="matrix-ready"),
    path("matrices/new/", views.matrix_new_view, name="matrix-new"),
    path("matrices/<int:matrix_id>/", views.matrix_detail_view, name="matrix-detail"),
    path(
        "matrices/<int:matrix_id>/share/",
        views.matrix_share_view,
        name="matrix-share",
    ),
    path(
        "matrices/<int:matrix_id>/cells/<int:cell_id>/rerun/",
        views.matrix_cell_rerun_view,
        name="matrix-cell-rerun",
    ),
    path(
        "matrices/<int:matrix_id>/cancel/",
        views.matrix_cancel_view,
        name="matrix-cancel",
    ),
]
