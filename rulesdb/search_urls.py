"""Routes of the search page (included at /search/)."""
from django.urls import path

from . import search_views

urlpatterns = [
    path("", search_views.search_page, name="search"),
]
