"""The offline routes: the manifest and the service worker at the site's root (a worker's scope is
at most the folder it is served from, and the reader is all of /), the offline page, the list of
what may be kept and each document's bundle.  Thin: the bundles are rulesdb.offline.bundles."""
from __future__ import annotations

import functools
import hashlib
import json

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import etag, require_GET

from judgeapp.errors import NotFound
from rulesdb.models import Document

from . import bundles

# What the offline page needs to draw itself with no network: kept when the worker installs.
SHELL_ASSETS = [
    "judgeapp/site.css",
    "judgeapp/reader.js",
    "judgeapp/offline.js",
    "judgeapp/offline-reader.js",
    "judgeapp/offline-search.js",
    "vendor/minisearch-7.2.0/minisearch.js",
    "judgeapp/icons/icon.svg",
    "judgeapp/icons/icon-32.png",
    "judgeapp/icons/icon-192.png",
]
ICONS = [("judgeapp/icons/icon.svg", "image/svg+xml", "any"), ("judgeapp/icons/icon-192.png", "image/png", "192x192"),
         ("judgeapp/icons/icon-512.png", "image/png", "512x512")]
# The worker script is never served from a cache without asking the server: a kept copy would
# delay an update. A browser checks it at navigations; its ETag lets an unchanged one cost a 304.
WORKER_CACHE_CONTROL = "no-cache, max-age=0, must-revalidate"


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: the site installs as an app on a phone, opening at the home page."""
    body = {
        "id": "/",
        "name": gettext("judgeapp — rules reference and ruling sandbox"),
        "short_name": "judgeapp",
        "description": gettext("The rules for card-game judges, readable offline once kept."),
        "lang": request.LANGUAGE_CODE,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fdfdfb",
        "theme_color": "#0b5cad",
        "icons": [{"src": static(path), "type": kind, "sizes": sizes, "purpose": "any"} for path, kind, sizes in ICONS],
    }
    response = HttpResponse(json.dumps(body, ensure_ascii=False), content_type="application/manifest+json; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def _worker_context() -> dict:
    assets = [static(path) for path in SHELL_ASSETS]
    pages = [reverse("offline:page"), reverse("javascript-catalog")]
    return {
        "version": _version(tuple(assets)),
        "assets": json.dumps(assets),
        "pages": json.dumps(pages),
        "offline_url": json.dumps(reverse("offline:page")),
        "static_prefix": json.dumps(static("")),
    }


@functools.lru_cache(maxsize=4)
def _version(assets: tuple) -> str:
    return hashlib.sha256("\n".join(assets).encode()).hexdigest()[:12]


def _worker_script() -> str:
    return render_to_string("offline/sw.js", _worker_context())


def _worker_etag(request: HttpRequest) -> str:
    return hashlib.sha256(_worker_script().encode()).hexdigest()[:16]


@etag(_worker_etag)
def _worker(request: HttpRequest) -> HttpResponse:
    return HttpResponse(_worker_script(), content_type="text/javascript; charset=utf-8")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at /sw.js so that its scope is the whole site. The browser asks for it
    again at every navigation (never from its cache): an unchanged worker costs a 304."""
    response = _worker(request)
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = WORKER_CACHE_CONTROL
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What is kept offline and how to keep more; with no network the worker answers any page of
    the site with this one, whose script draws the clause, contents or search asked for."""
    return render(request, "offline/offline.html", {})


@require_GET
def catalogue(request: HttpRequest) -> JsonResponse:
    """Every document that may be kept offline; `?series=vg-cr-it,ws-cr-it` only those series'."""
    series = [name for name in request.GET.get("series", "").split(",") if name] if "series" in request.GET else None
    response = JsonResponse({"documents": bundles.catalogue(user=request.user, series=series)})
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def bundle(request: HttpRequest, slug: str, digest: str) -> HttpResponse:
    document = Document.objects.visible_to(request.user).filter(slug=slug, published=True).first()
    if document is None:
        raise NotFound(gettext("There is no document “%(slug)s” to keep offline.") % {"slug": slug})
    found = bundles.document_bundle(document=document)
    if digest != found.digest:  # an older import's address: the current content has another
        return HttpResponseRedirect(found.url)
    response = HttpResponse(found.content, content_type="application/json")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
