"""Site URLs. Language and version live in every document URL.

Each feature keeps its routes in its own module under rulesdb/ (reader,
search, compare) and judgeapp/ (sandbox); the JSON API lives under /api/v1/.
"""
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog, set_language
from drf_spectacular.views import SpectacularAPIView

from . import venue_pages, views
from .api_docs import ApiDocsView, api_reference_page

api_v1 = [
    path("", include("rulesdb.api")),
    path("", include("rulesdb.search.api")),
    path("", include("rulesdb.translation.api")),
    path("", include("judgeapp.sandbox.api")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("venue/", venue_pages.landing, name="venue-landing"),
    path("venue/ca.crt", venue_pages.ca_certificate, name="venue-ca"),
    path("", include("rulesdb.offline.urls")),
    path("rules/", include("rulesdb.urls")),
    path("search/", include("rulesdb.search.urls")),
    path("compare/", include("rulesdb.translation.urls")),
    path("sandbox/", include("judgeapp.sandbox.urls")),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_reference_page, name="api-docs"),
    path("api/docs/try/", ApiDocsView.as_view(url_name="api-schema"), name="api-try"),
    # ReDoc's page (300 KB of script) was a second reference: its address leads to the light one.
    path("api/redoc/", RedirectView.as_view(pattern_name="api-docs", permanent=True), name="api-redoc"),
    path("admin/", admin.site.urls),
    # The header's language switch. Without a CSRF token: the reader's pages are kept for every
    # anonymous visitor (rulesdb/page_cache.py), and a token in the header would make each page
    # unkeepable; a forged switch can do no more than change the interface language.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    # The interface words the site's scripts show, in the visitor's language (gettext in JS).
    # kept by the browser for a week: its address names its version and language (templatetags/site_assets.py)
    path("jsi18n/", cache_control(max_age=604800, private=True)(JavaScriptCatalog.as_view(packages=["judgeapp"])),
         name="javascript-catalog"),
]

handler400 = "judgeapp.errors.bad_request"
handler403 = "judgeapp.errors.permission_denied"
handler404 = "judgeapp.errors.not_found"
handler500 = "judgeapp.errors.server_error"
