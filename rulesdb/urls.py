"""The reader's routes, under /rules/. Language and version are in the document
slug (`vg-cr-it-2.2`); a series slug (`vg-cr-it`) redirects to the newest version."""
from django.urls import path

from . import views

app_name = "rulesdb"

urlpatterns = [
    path("", views.series_index, name="index"),
    path("<str:slug>/", views.document_detail, name="document"),
    path("<str:slug>/jump/", views.clause_jump, name="jump"),
    path("<str:slug>/glossary/", views.glossary, name="glossary"),
    path("<str:slug>/id/<str:stable_id>/", views.clause_by_id, name="clause-by-id"),
    path("<str:slug>/id/<str:stable_id>/preview/", views.clause_by_id_preview, name="clause-by-id-preview"),
    path("<str:slug>/<str:number>/", views.clause_detail, name="clause"),
    path("<str:slug>/<str:number>/preview/", views.clause_preview, name="clause-preview"),
    path("<str:slug>/<str:number>/history/", views.clause_history, name="clause-history"),
]
