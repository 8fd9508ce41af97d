"""The API's documentation: /api/docs/ the light reference drawn on the server from the schema
(judgeapp/api_reference.py), and /api/docs/try/ the console (Swagger UI) that sends requests from
the browser: its assets from the sidecar package under /static/, scripts from files (the
Content-Security-Policy allows no inline script), and OPTIONS answered with the allowed methods (the
HTML renderer has no page for it).

Both pages carry the site's header.  The console loads only Swagger UI's bundle (some 350 KB in
Brotli, kept a year by the browser): the "standalone" preset (its top bar, 230 KB) is not used by
drf-spectacular's set-up (BaseLayout).  The reference is plain HTML (about 20 KB on the wire), so
a phone reads it without the console's script; ReDoc, which drew the same reference from 300 KB of
script, is gone (/api/redoc/ leads to /api/docs/)."""
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from drf_spectacular.views import SpectacularSwaggerSplitView

from .api_reference import api_reference


class ApiDocsView(SpectacularSwaggerSplitView):
    template_name = "api/swagger_ui.html"

    def options(self, request, *args, **kwargs):
        return HttpResponse(status=200, headers={"Allow": "GET, HEAD, OPTIONS"})


@require_GET
def api_reference_page(request):
    """Every operation and type of the API in plain HTML, light enough for a phone."""
    return render(request, "api/reference.html", {"reference": api_reference()})
