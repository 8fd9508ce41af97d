"""Handing a board over: the QR code of a read-only or a player's private link, drawn as SVG by this server
(segno; no third-party service sees the link), so that a player's phone camera opens it."""
from __future__ import annotations

import io

import segno
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from judgeapp.errors import NotFound

from . import selectors


def qr_svg(url: str) -> bytes:
    """``url`` as a QR code in SVG (dark modules on white, a quiet zone of 4 modules, scalable)."""
    out = io.BytesIO()
    segno.make(url, error="m", boost_error=False).save(out, kind="svg", scale=4, border=4, xmldecl=False,
                                                         svgns=True, title=None, unit=None, svgclass="sb-qr-code")
    return out.getvalue()


def _svg(request: HttpRequest, route: str, token: str) -> HttpResponse:
    response = HttpResponse(qr_svg(request.build_absolute_uri(reverse(route, args=[token]))),
                            content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"  # the link it draws never changes
    return response


@require_GET
def player_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a player's private link (404 for a token that opens no board)."""
    try:
        selectors.scenario_get_for_player(token=token)
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    return _svg(request, "sandbox-player", token)


@require_GET
def shared_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The QR code of a board's read-only link."""
    try:
        selectors.scenario_get_shared(token=token)
    except selectors.ScenarioNotFound as exc:
        raise NotFound(str(exc)) from None
    return _svg(request, "sandbox-shared", token)
