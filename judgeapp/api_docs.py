"""The API's documentation: /api/docs/ the light reference drawn on the server (judgeapp/api_reference.py),
and the API browsers at /api/docs/try/ (Swagger UI) and /api/redoc/ (ReDoc): assets from the sidecar
package under /static/, scripts from files (the Content-Security-Policy allows no inline script),
and OPTIONS answered with the allowed methods (the HTML renderer has no page for it).

ReDoc's bundle draws a logo from its makers' CDN in every page's sidebar, with no option to turn
it off: the bundle is served from here with that one address pointing at the site's own icon, so
the page asks nothing of any other host.  Its address carries a hash of its content, so that a
browser keeps it for a year and fetches it again only when a release changes it; nginx compresses
it on the way out (about 1.1 MB to 300 KB in Brotli).

Both pages carry the site's header.  The Swagger UI page loads only Swagger UI's bundle: the
"standalone" preset (its top bar, 230 KB) is not used by drf-spectacular's set-up (BaseLayout)."""
import functools
import hashlib

from django.contrib.staticfiles import finders
from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerSplitView

from .api_reference import api_reference

REDOC_BUNDLE = "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
OWN_LOGO = "judgeapp/icons/icon.svg"


class _OptionsAllowed:
    def options(self, request, *args, **kwargs):
        return HttpResponse(status=200, headers={"Allow": "GET, HEAD, OPTIONS"})


class ApiDocsView(_OptionsAllowed, SpectacularSwaggerSplitView):
    template_name = "api/swagger_ui.html"


class ApiRedocView(_OptionsAllowed, SpectacularRedocView):
    template_name = "api/redoc.html"

    @staticmethod
    def _redoc_standalone():
        return reverse("api-redoc-bundle", args=[redoc_bundle_hash()])


@functools.lru_cache(maxsize=1)
def _redoc_bundle_bytes() -> bytes:
    path = finders.find(REDOC_BUNDLE)
    with open(path, encoding="utf-8") as bundle:
        text = bundle.read()
    return text.replace(REDOC_LOGO, static(OWN_LOGO)).encode("utf-8")


@functools.lru_cache(maxsize=1)
def redoc_bundle_hash() -> str:
    return hashlib.sha256(_redoc_bundle_bytes()).hexdigest()[:12]


@require_GET
def redoc_bundle(request, content_hash: str):
    """ReDoc's script with its logo served from this site (read once per process); an older release's
    address is sent to the current one."""
    if content_hash != redoc_bundle_hash():
        return HttpResponsePermanentRedirect(reverse("api-redoc-bundle", args=[redoc_bundle_hash()]))
    response = HttpResponse(_redoc_bundle_bytes(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@require_GET
def api_reference_page(request):
    """Every operation and type of the API in plain HTML, light enough for a phone."""
    return render(request, "api/reference.html", {"reference": api_reference()})
