"""The venue's landing page (judgeapp/venue_pages.py): how to trust the venue's certificate, its
download, the way on to HTTPS; not found on a server that is no venue over HTTPS."""
import pytest
from cryptography import x509
from django.test import override_settings

from judgeapp import venue_tls

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue(tmp_path, settings):
    tls = venue_tls.prepare(tmp_path / "venue-tls", ["192.168.1.23"])
    settings.VENUE_TLS_DIR = str(tls.directory)
    settings.VENUE_HTTPS_PORT = "8443"
    settings.ALLOWED_HOSTS = ["192.168.1.23", "testserver"]
    return tls


def test_the_landing_page_says_how_to_trust_the_certificate_and_leads_to_https(client, venue):
    response = client.get("/venue/", HTTP_HOST="192.168.1.23:8000", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'href="/venue/ca.crt"' in page
    assert 'href="https://192.168.1.23:8443/"' in page  # the same address, over HTTPS
    for words in ("Android", "iPhone", "CA certificate", "Certificate Trust Settings", "Keep offline"):
        assert words in page
    der = venue_tls.ca_certificate_der(venue.directory)
    assert venue_tls.fingerprint(der) in page
    assert 'src="data:image/svg+xml' in page  # the code another phone scans


def test_the_landing_page_serves_the_venue_s_authority(client, venue):
    response = client.get("/venue/ca.crt", HTTP_HOST="192.168.1.23:8000")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-x509-ca-cert"
    assert 'filename="judgeapp-venue-ca.crt"' in response["Content-Disposition"]
    certificate = x509.load_der_x509_certificate(response.content)
    assert certificate == x509.load_pem_x509_certificate(venue.ca_certificate.read_bytes())
    assert certificate.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert not response.content.startswith(b"-----")  # DER: what both installers take


def test_over_https_the_page_offers_no_code_to_pass_on(client, venue):
    response = client.get("/venue/", HTTP_HOST="192.168.1.23:8443", secure=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and "data:image/svg+xml" not in response.content.decode()


@pytest.mark.parametrize("path", ["/venue/", "/venue/ca.crt"])
def test_without_the_venue_s_tls_there_is_nothing_to_install(client, path):
    with override_settings(VENUE_TLS_DIR=""):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "no certificate to install" in response.content.decode()
