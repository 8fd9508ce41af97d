"""`make venue VENUE_TLS=1` (judgeapp/venue_tls.py, judgeapp/venue.py): the venue's authority and the
server certificate, checked as a browser checks them: the certificate covers every address the
venue command prints, the authority can vouch for nothing beyond local networks, and a restart
keeps what phones already trust."""
import datetime
import ipaddress
import re
import stat
from urllib.parse import urlsplit

import pytest
from cryptography import x509
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from judgeapp import venue, venue_tls

LAN = ["192.168.1.23", "10.20.0.4", "172.17.0.1"]


def _chain(tls):
    leaf, *intermediates = x509.load_pem_x509_certificates(tls.certificate.read_bytes())
    authority = x509.load_pem_x509_certificate(tls.ca_certificate.read_bytes())
    return leaf, intermediates, authority


def _verify(tls, address: str, now=None) -> None:
    """What a phone that installed the authority checks when it opens https://address/ (raises when it would refuse)."""
    leaf, intermediates, authority = _chain(tls)
    builder = PolicyBuilder().store(Store([authority]))
    if now is not None:
        builder = builder.time(now)
    builder.build_server_verifier(x509.IPAddress(ipaddress.ip_address(address))).verify(leaf, intermediates)


def test_the_certificate_covers_every_address_the_venue_command_prints(tmp_path):
    tls = venue_tls.prepare(tmp_path, LAN)
    printed = venue.announcement(list(tls.addresses), 8000, https_port=8443, tls=tls)
    https = [urlsplit(url) for url in re.findall(r"^  (https://\S+)$", printed, re.MULTILINE)]
    assert [(u.hostname, u.port) for u in https] == [(address, 8443) for address in LAN]
    for url in https:
        _verify(tls, url.hostname)
    _verify(tls, "127.0.0.1")  # this machine too
    # The landing pages it prints are the plain-HTTP addresses, the QR code the first one's.
    assert [f"http://{a}:8000/" for a in LAN] == re.findall(r"^  (http://\S+)$", printed, re.MULTILINE)
    assert printed.endswith(venue.qr_block("http://192.168.1.23:8000/"))
    assert venue_tls.fingerprint(venue_tls.ca_certificate_der(tmp_path)) in printed
    # An address the certificate does not name is refused.
    with pytest.raises(VerificationError):
        _verify(tls, "192.168.1.99")


def test_the_authority_vouches_for_local_networks_only(tmp_path):
    tls = venue_tls.prepare(tmp_path, ["192.168.1.23", "203.0.113.9"])
    assert tls.addresses == ("192.168.1.23",) and tls.left_out == ("203.0.113.9",)
    printed = venue.announcement(list(tls.addresses), 8000, https_port=8443, tls=tls)
    assert "203.0.113.9 is not a private network address" in printed
    assert "https://203.0.113.9" not in printed
    _, _, authority = _chain(tls)
    constraints = authority.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    permitted = constraints.value.permitted_subtrees
    assert {str(name.value) for name in permitted if isinstance(name, x509.IPAddress)} == \
        {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "127.0.0.0/8"}
    assert [name.value for name in permitted if isinstance(name, x509.DNSName)] == ["localhost"]
    # Even were its key stolen, a certificate it signed for a public address is refused.
    import judgeapp.venue_tls as module

    stolen = tmp_path / "stolen"
    stolen.mkdir()
    for name in ("ca.crt", "ca.key"):
        (stolen / name).write_bytes((tmp_path / name).read_bytes())
    forged = module.VenueTls(stolen, ("203.0.113.9",), ())
    module._new_server_certificate(forged, *module._load_ca(forged), ["203.0.113.9"], module._now())
    with pytest.raises(VerificationError):
        _verify(forged, "203.0.113.9")


def test_a_restart_keeps_the_authority_and_makes_a_new_certificate_only_when_needed(tmp_path):
    first = venue_tls.prepare(tmp_path, ["192.168.1.23"])
    authority = first.ca_certificate.read_bytes()
    leaf = first.certificate.read_bytes()
    assert venue_tls.prepare(tmp_path, ["192.168.1.23"]).certificate.read_bytes() == leaf
    # Another network at the next venue: the same authority (phones keep trusting it), a new certificate.
    moved = venue_tls.prepare(tmp_path, ["10.0.0.8"])
    assert moved.ca_certificate.read_bytes() == authority and moved.certificate.read_bytes() != leaf
    _verify(moved, "10.0.0.8")
    # Near its end (iOS takes at most 398 days), made again.
    now = datetime.datetime.now(datetime.UTC)
    current, _, _ = _chain(moved)
    assert (current.not_valid_after_utc - current.not_valid_before_utc).days <= 398
    before = moved.certificate.read_bytes()
    later = now + datetime.timedelta(days=380)
    renewed = venue_tls.prepare(tmp_path, ["10.0.0.8"], now=later)
    assert renewed.certificate.read_bytes() != before
    _verify(renewed, "10.0.0.8", now=later)


def test_the_private_keys_are_readable_by_their_owner_only(tmp_path):
    tls = venue_tls.prepare(tmp_path, ["192.168.1.23"])
    for key in (tls.ca_key, tls.key):
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
