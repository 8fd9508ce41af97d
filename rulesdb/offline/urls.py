"""The offline routes, at the site's root (the service worker's scope is the folder it is served from)."""
from django.urls import path

from . import views

app_name = "offline"

urlpatterns = [
    path("sw.js", views.service_worker, name="worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline_page, name="page"),
    path("offline/documents.json", views.catalogue, name="catalogue"),
    path("offline/documents/<str:slug>.<slug:digest>.json", views.bundle, name="bundle"),
]
