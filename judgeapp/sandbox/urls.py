"""Sandbox pages under /sandbox/ (the JSON API is judgeapp/sandbox/api.py under /api/v1/scenarios/)."""
from django.urls import path

from . import handover, setup_views, views

urlpatterns = [
    path("", views.sandbox_index, name="sandbox-index"),
    path("new/", views.sandbox_new, name="sandbox-new"),
    path("import/", views.sandbox_import, name="sandbox-import"),
    path("assumptions/", views.sandbox_assumptions, name="sandbox-assumptions"),
    path("examples/<slug:slug>/", views.sandbox_example, name="sandbox-example"),
    path("s/<str:token>/", views.sandbox_shared, name="sandbox-shared"),
    path("player/<str:token>/", views.sandbox_player, name="sandbox-player"),
    path("s/<str:token>/qr.svg", handover.shared_qr, name="sandbox-shared-qr"),
    path("player/<str:token>/qr.svg", handover.player_qr, name="sandbox-player-qr"),
    path("<uuid:scenario_id>/", views.sandbox_detail, name="sandbox-detail"),
    path("<uuid:scenario_id>/build/", setup_views.sandbox_build, name="sandbox-build"),
    path("<uuid:scenario_id>/play/", views.sandbox_play, name="sandbox-play"),
    path("<uuid:scenario_id>/save/", views.sandbox_save, name="sandbox-save"),
    path("<uuid:scenario_id>/expect/", views.sandbox_expect, name="sandbox-expect"),
    path("<uuid:scenario_id>/fork/", views.sandbox_fork, name="sandbox-fork"),
    path("<uuid:scenario_id>/export.json", views.sandbox_export, name="sandbox-export"),
    path("<uuid:scenario_id>/compare/", views.sandbox_compare, name="sandbox-compare"),
    path("<uuid:scenario_id>/ruling/<int:node>/", views.sandbox_ruling, name="sandbox-ruling"),
]
