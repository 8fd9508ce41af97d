"""The client's address and scheme: believed from X-Forwarded-* only when a trusted proxy sends them."""
import ipaddress
import runpy
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory

from judgeapp.client_address import ForwardedHeadersMiddleware, client_address, is_trusted_proxy
from judgeapp.settings import base

ROOT = Path(__file__).resolve().parents[2]
PROXY = "127.0.0.1"


def _request(remote: str, forwarded: str | None = None, **meta):
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", REMOTE_ADDR=remote, **meta)


@pytest.fixture
def behind_proxy(settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY), ipaddress.ip_network("10.0.0.0/8")]
    return settings


def test_without_trusted_proxies_the_peer_is_the_client_whatever_it_forwards(settings):
    settings.TRUSTED_PROXIES = []
    assert client_address(_request("198.51.100.4", "203.0.113.9")) == "198.51.100.4"
    assert client_address(_request(PROXY, "203.0.113.9")) == PROXY


def test_behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client(behind_proxy):
    # The proxy appends the address it saw: what the client wrote before it is not believed.
    assert client_address(_request(PROXY, "203.0.113.9")) == "203.0.113.9"
    assert client_address(_request(PROXY, "192.0.2.66, 203.0.113.9")) == "203.0.113.9"
    # Two trusted hops (a load balancer on the private network, then the local proxy).
    assert client_address(_request(PROXY, "192.0.2.66, 203.0.113.9, 10.1.2.3")) == "203.0.113.9"
    # Every hop trusted: the request began on the proxies' side; the first of them is the client.
    assert client_address(_request(PROXY, "10.0.0.7, 10.0.0.8")) == "10.0.0.7"
    assert client_address(_request(PROXY)) == PROXY


def test_a_peer_that_is_not_a_trusted_proxy_is_the_client_even_when_it_forwards(behind_proxy):
    assert client_address(_request("198.51.100.4", "203.0.113.9")) == "198.51.100.4"
    assert client_address(_request("198.51.100.4", "10.0.0.7")) == "198.51.100.4"


def test_addresses_are_spelled_one_way(behind_proxy):
    assert client_address(_request(PROXY, "2001:DB8:0:0::1")) == "2001:db8::1"
    assert client_address(_request("::ffff:198.51.100.4")) == "198.51.100.4"
    assert is_trusted_proxy("::ffff:127.0.0.1") and not is_trusted_proxy("::1")
    assert client_address(_request(PROXY, "unknown")) == "unknown"  # a proxy's word for a peer it could not name


def test_a_unix_socket_peer_is_trusted_only_when_proxies_are_configured(settings):
    settings.TRUSTED_PROXIES = []
    assert not is_trusted_proxy("")
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY)]
    assert is_trusted_proxy("") and client_address(_request("", "203.0.113.9")) == "203.0.113.9"


@pytest.mark.django_db
@pytest.mark.parametrize("peer, secure", [("198.51.100.4", False), (PROXY, True)])
def test_the_https_redirect_believes_x_forwarded_proto_only_from_the_trusted_proxy(client, behind_proxy, peer,
                                                                                    secure):
    behind_proxy.SECURE_SSL_REDIRECT = True
    behind_proxy.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    response = client.get("/sandbox/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_PROTO="https")
    if secure:
        assert response.status_code == 200
    else:
        assert response.status_code == 301 and response["Location"].startswith("https://")


def test_forwarded_headers_from_an_untrusted_peer_never_reach_a_view(behind_proxy):
    seen = {}

    def view(request):
        seen.clear()
        seen.update({k: v for k, v in request.META.items() if k.startswith("HTTP_X_FORWARDED")})

    forwarded = {"HTTP_X_FORWARDED_FOR": "203.0.113.9", "HTTP_X_FORWARDED_PROTO": "https",
                 "HTTP_X_FORWARDED_HOST": "evil.example", "HTTP_X_FORWARDED_PORT": "443"}
    middleware = ForwardedHeadersMiddleware(view)
    middleware(RequestFactory().get("/", REMOTE_ADDR="198.51.100.4", **forwarded))
    assert seen == {}
    middleware(RequestFactory().get("/", REMOTE_ADDR=PROXY, **forwarded))
    assert seen == forwarded


def test_the_setting_reads_addresses_and_networks_and_names_the_variable_when_wrong(monkeypatch):
    monkeypatch.setenv("JUDGEAPP_TRUSTED_PROXIES", " 127.0.0.1, 10.0.0.0/8 ,::1,")
    assert [str(n) for n in base._networks("JUDGEAPP_TRUSTED_PROXIES")] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    monkeypatch.delenv("JUDGEAPP_TRUSTED_PROXIES")
    assert base._networks("JUDGEAPP_TRUSTED_PROXIES") == []
    for wrong in ("localhost", "10.0.0.1/8"):
        monkeypatch.setenv("JUDGEAPP_TRUSTED_PROXIES", wrong)
        with pytest.raises(ImproperlyConfigured, match="^JUDGEAPP_TRUSTED_PROXIES: "):
            base._networks("JUDGEAPP_TRUSTED_PROXIES")


def test_gunicorn_believes_the_same_proxies(monkeypatch):
    config = str(ROOT / "judgeapp" / "gunicorn.conf.py")
    # The configuration reads the production settings first (judgeapp/settings/env.py): give them a key.
    monkeypatch.setenv("DJANGO_SECRET_KEY", "k" + "".join(chr(65 + i % 50) for i in range(60)))
    monkeypatch.delenv("JUDGEAPP_TRUSTED_PROXIES", raising=False)
    assert runpy.run_path(config)["forwarded_allow_ips"] == ""
    monkeypatch.setenv("JUDGEAPP_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    assert runpy.run_path(config)["forwarded_allow_ips"] == "127.0.0.1,10.0.0.0/8"
