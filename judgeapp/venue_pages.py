"""The venue's landing page (`make venue VENUE_TLS=1`): on the plain-HTTP address, how a judge's
phone trusts the venue's certificate authority once (Android, iPhone), its download, and the way on
to the site over HTTPS, where the rules can be kept offline (docs/offline.md, docs/deploy.md).

nginx leads the plain-HTTP address's `/` here and sends every other address to HTTPS
(judgeapp/serving.py); the certificates are judgeapp/venue_tls.py's. Without `make venue`'s TLS
both addresses are not found."""
from __future__ import annotations

from pathlib import Path

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from judgeapp import venue_tls
from judgeapp.errors import NotFound


def _authority() -> bytes:
    """The authority's certificate (DER); not found when this server is no venue over HTTPS."""
    der = venue_tls.ca_certificate_der(Path(settings.VENUE_TLS_DIR)) if settings.VENUE_TLS_DIR else None
    if der is None:
        raise NotFound(gettext("This server does not serve a venue over HTTPS: there is no certificate to install."))
    return der


def _hostname(request: HttpRequest) -> str:
    host = request.get_host()  # validated against ALLOWED_HOSTS
    return host if host.endswith("]") else host.rsplit(":", 1)[0]


@require_GET
def landing(request: HttpRequest) -> HttpResponse:
    der = _authority()
    port = str(settings.VENUE_HTTPS_PORT)
    https_url = f"https://{_hostname(request)}{'' if port == '443' else ':' + port}/"
    # The code leads another phone to this page as it is on the plain-HTTP address (the one a phone
    # without the certificate can open); over HTTPS this page is for reading, not for passing on.
    qr = None if request.is_secure() else segno.make(
        request.build_absolute_uri(reverse("venue-landing")), error="m", boost_error=False).svg_data_uri(
        scale=5, border=2)
    return render(request, "venue/landing.html", {
        "https_url": https_url, "fingerprint": venue_tls.fingerprint(der), "qr": qr,
        "filename": venue_tls.CA_FILENAME, "secure": request.is_secure(),
    })


@require_GET
def ca_certificate(request: HttpRequest) -> HttpResponse:
    """The authority's certificate, as Android's and iOS's installers take it."""
    response = HttpResponse(_authority(), content_type="application/x-x509-ca-cert")
    response["Content-Disposition"] = f'attachment; filename="{venue_tls.CA_FILENAME}"'
    response["Cache-Control"] = "no-cache"
    return response
