"""Who a request comes from: the peer's address, or, from a trusted proxy only, the address it forwards.

Behind a proxy (nginx terminating TLS, `make serve`'s buffering proxy) every
request arrives from the proxy's address; the visitor's is in the
``X-Forwarded-For`` header the proxy appends to, and whether the visitor used
HTTPS in ``X-Forwarded-Proto``.  Any client can send those headers itself, so
they are believed only from the proxies listed in ``settings.TRUSTED_PROXIES``
(``JUDGEAPP_TRUSTED_PROXIES``, comma-separated addresses or networks):

* :func:`client_address` walks ``X-Forwarded-For`` from the right, skipping
  the trusted proxies' own hops, and takes the first address that is not one:
  the hop a trusted proxy wrote.  Everything to its left came from the client
  and may be invented.
* :class:`ForwardedHeadersMiddleware`, first in ``MIDDLEWARE``, removes the
  forwarded headers from a request whose peer is not a trusted proxy, so that
  Django's ``SECURE_PROXY_SSL_HEADER`` (the HTTPS redirect, Secure cookies) and
  anything else reading them sees only what the proxy said.  gunicorn's
  ``forwarded_allow_ips`` follows the same variable (judgeapp/gunicorn.conf.py).

A peer with no IP address (a UNIX socket, which only processes of this machine
can open) counts as a trusted proxy when any proxy is configured, as gunicorn
counts it.
"""
from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse

FORWARDED_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST",
                     "HTTP_X_FORWARDED_PORT")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@lru_cache(maxsize=8)
def _networks(proxies: tuple) -> tuple:
    return tuple(ipaddress.ip_network(proxy) for proxy in proxies)


def _parsed(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # An IPv4 client seen through a dual-stack socket (::ffff:192.0.2.7) is that IPv4 address.
    return getattr(address, "ipv4_mapped", None) or address


def is_trusted_proxy(address: str) -> bool:
    """Whether ``address`` (a REMOTE_ADDR or a hop of X-Forwarded-For) is one of the trusted proxies."""
    networks = _networks(tuple(settings.TRUSTED_PROXIES))
    if not networks:
        return False
    parsed = _parsed(address)
    if parsed is None:
        return address.strip() == ""  # a UNIX socket's peer has no address
    return any(parsed.version == network.version and parsed in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The visitor's address: REMOTE_ADDR, or behind a trusted proxy the right-most hop of
    X-Forwarded-For that is not a trusted proxy (the left-most when every hop is one)."""
    remote = request.META.get("REMOTE_ADDR", "")
    if not is_trusted_proxy(remote):
        return _normal(remote)
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not is_trusted_proxy(hop):
            return _normal(hop)
    return _normal(hops[0]) if hops else _normal(remote)


def _normal(text: str) -> str:
    """One spelling per address (2001:DB8::1 and 2001:db8:0::1 are one client); text that is no
    address (what a proxy wrote for an unknown peer) is kept as it is, shortened."""
    parsed = _parsed(text)
    return str(parsed) if parsed is not None else text.strip()[:100]


class ForwardedHeadersMiddleware:
    """X-Forwarded-For, -Proto, -Host and -Port are removed unless the peer is a trusted proxy."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if any(name in meta for name in FORWARDED_HEADERS) and not is_trusted_proxy(meta.get("REMOTE_ADDR", "")):
            for name in FORWARDED_HEADERS:
                meta.pop(name, None)
        return self.get_response(request)
