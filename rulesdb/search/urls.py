"""Routes of the search page (included at /search/)."""
from django.urls import path

from . import views

urlpatterns = [
    path("", views.search_page, name="search"),
]
