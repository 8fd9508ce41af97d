"""The API's documentation: /api/docs/ the light reference drawn on the server from the schema
(judgeapp/api_reference.py), and /api/docs/try/ the console (Swagger UI) that sends requests from
the browser: its assets from the sidecar package under /static/, scripts from files (the
Content-Security-Policy allows no inline script), and OPTIONS answered with the allowed methods (the
HTML renderer has no page for it).

Both pages carry the site's header.  The console loads only Swagger UI's bundle (some 350 KB in
Brotli, kept a year by the browser): the "standalone" preset (its top bar, 230 KB) is not used by
drf-spectacular's set-up (BaseLayout).  It loads it when the visitor asks (a button saying how much
it downloads; static/judgeapp/api-console.js), and at once for a browser that opened it before and
keeps it: a phone that follows a link to the console gets a light page first.  The reference is plain HTML (about 20 KB on the wire), so
a phone reads it without the console's script; ReDoc, which drew the same reference from 300 KB of
script, is gone (/api/redoc/ leads to /api/docs/)."""
import functools

import brotli
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView

from .api_reference import api_reference

CONSOLE_FILES = ("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js",
                 "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui.css")


@functools.lru_cache(maxsize=1)
def console_download_bytes() -> int:
    """About what the console's files cost on the wire (Brotli, as whitenoise serves them), once per process."""
    total = 0
    for name in CONSOLE_FILES:
        found = finders.find(name)
        if found:
            with open(found, "rb") as source:
                total += len(brotli.compress(source.read(), quality=5))
    return total


class ApiDocsView(SpectacularSwaggerSplitView):
    template_name = "api/swagger_ui.html"

    @extend_schema(exclude=True)  # the console's page is no operation of the API
    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        if isinstance(response.data, dict) and "swagger_ui_bundle" in response.data:  # the page, not its script
            response.data["console_bytes"] = console_download_bytes()
        return response

    def options(self, request, *args, **kwargs):
        return HttpResponse(status=200, headers={"Allow": "GET, HEAD, OPTIONS"})


@require_GET
def api_reference_page(request):
    """Every operation and type of the API in plain HTML, light enough for a phone."""
    return render(request, "api/reference.html", {"reference": api_reference()})
