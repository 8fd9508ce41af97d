"""Routes of the translator's workbench, under /compare/ (slugs hold dots: `vg-cr-it-2.2`)."""
from django.urls import path

from . import views

urlpatterns = [
    path("upload/", views.upload, name="compare-upload"),
    path("changes/<int:report_id>/", views.change_report, name="compare-changes"),
    path("changes/<int:report_id>/publish/", views.change_report_publish, name="compare-changes-publish"),
    path("changes/<int:report_id>/unpublish/", views.change_report_unpublish, name="compare-changes-unpublish"),
    path("flags/<int:flag_id>/dismiss/", views.flag_dismiss, name="compare-flag-dismiss"),
    path("flags/<int:flag_id>/restore/", views.flag_restore, name="compare-flag-restore"),
    path("<str:left>/<str:right>/", views.compare_page, name="compare"),
    path("<str:left>/<str:right>/terminology/", views.compare_terminology, name="compare-terminology"),
    path("<str:left>/<str:right>/terminology/dismiss/", views.compare_dismiss, name="compare-dismiss"),
    path("<str:left>/<str:right>/terminology/dismissed/", views.compare_dismissed, name="compare-dismissed"),
    path("<str:left>/<str:right>/terminology/dismissed/<int:dismissal_id>/undo/", views.compare_dismissal_undo, name="compare-dismissal-undo"),
    path("<str:left>/<str:right>/pair/<int:order>/", views.compare_pair, name="compare-pair"),
    path("<str:left>/<str:right>/export.csv", views.compare_export, {"fmt": "csv"}, name="compare-export-csv"),
    path("<str:left>/<str:right>/export.xlf", views.compare_export, {"fmt": "xliff"}, name="compare-export-xliff"),
    path("<str:left>/<str:right>/import-xliff/", views.compare_xliff_import, name="compare-xliff-import"),
]
