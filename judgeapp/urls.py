"""Site URLs. Language and version live in every document URL."""
from django.contrib import admin
from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("admin/", admin.site.urls),
]

handler404 = "judgeapp.views.not_found"
handler500 = "judgeapp.views.server_error"
