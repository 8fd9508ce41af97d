"""The API browsers at /api/docs/ (Swagger UI) and /api/redoc/ (ReDoc): assets from the sidecar
package under /static/, scripts from files (the Content-Security-Policy allows no inline script),
and OPTIONS answered with the allowed methods (the HTML renderer has no page for it)."""
from django.http import HttpResponse
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView


class _OptionsAllowed:
    def options(self, request, *args, **kwargs):
        return HttpResponse(status=200, headers={"Allow": "GET, HEAD, OPTIONS"})


class ApiDocsView(_OptionsAllowed, SpectacularSwaggerSplitView):
    template_name = "api/swagger_ui.html"


class ApiRedocView(_OptionsAllowed, SpectacularRedocView):
    template_name = "api/redoc.html"
