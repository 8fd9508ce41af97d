"""`make venue VENUE_TLS=1`: HTTPS on the venue's network, with a certificate authority of the venue's own.

Browsers give service workers (the rules offline, docs/offline.md) to secure pages only, and no
public authority certifies a laptop's LAN address.  So the machine makes its own authority once
(kept in ``VAR_DIR/venue-tls/``, so that a phone that trusted it at one event trusts it at the
next) and, at each start, a server certificate for the addresses it has now.  A judge installs
the authority's certificate once from the plain-HTTP landing page (judgeapp/venue_pages.py).

A phone that trusts this authority must not thereby trust it for the whole internet: its
certificate carries name constraints (RFC 5280, 4.2.1.10) that limit it to private network
addresses (10/8, 172.16/12, 192.168/16, 100.64/10 as some routers hand out, 127/8) and the name
``localhost``; browsers refuse anything else it would sign.  An address outside them is left out
of the server certificate, and said.

The keys are ECDSA P-256 (small, quick on phones, accepted by Android and iOS); the server
certificate lasts 397 days (iOS refuses longer ones) and is made again when an address is missing
from it or it has less than 30 days left.  The private keys are written with mode 600.
"""
from __future__ import annotations

import datetime
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

PERMITTED_NETWORKS = tuple(ipaddress.IPv4Network(n) for n in
                           ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "127.0.0.0/8"))
PERMITTED_NAMES = ("localhost",)
CA_DAYS = 10 * 365
SERVER_DAYS = 397
RENEW_BEFORE = datetime.timedelta(days=30)
CA_NAME = "judgeapp venue certificate authority"
CA_FILENAME = "judgeapp-venue-ca.crt"
"""The name a phone saves the authority's certificate under (the landing page's download)."""


@dataclass(frozen=True)
class VenueTls:
    """The files nginx serves HTTPS with, and which of the machine's addresses the certificate covers."""

    directory: Path
    addresses: tuple[str, ...]
    """The LAN addresses the server certificate covers (besides 127.0.0.1 and localhost)."""
    left_out: tuple[str, ...]
    """The machine's addresses outside the private networks the authority may certify."""

    @property
    def ca_certificate(self) -> Path:
        return self.directory / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.directory / "ca.key"

    @property
    def certificate(self) -> Path:
        """The server certificate followed by the authority's (the chain nginx sends)."""
        return self.directory / "server.crt"

    @property
    def key(self) -> Path:
        return self.directory / "server.key"


def permitted(address: str) -> bool:
    """Whether the venue's authority may certify ``address``."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return any(ip in network for network in PERMITTED_NETWORKS)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _write_private(path: Path, data: bytes) -> None:
    # Created with mode 600 from the start (never readable by others, not even for a moment), then
    # moved into place: a reader never sees half a key.
    temporary = path.with_suffix(path.suffix + ".new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def _write_public(path: Path, data: bytes) -> None:
    temporary = path.with_suffix(path.suffix + ".new")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _new_ca(tls: VenueTls, now: datetime.datetime) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, CA_NAME),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "judgeapp")])
    subtrees = [x509.IPAddress(network) for network in PERMITTED_NETWORKS] + \
        [x509.DNSName(name_) for name_ in PERMITTED_NAMES]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=True,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.NameConstraints(permitted_subtrees=subtrees, excluded_subtrees=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(tls.ca_key, _key_pem(key))
    _write_public(tls.ca_certificate, certificate.public_bytes(serialization.Encoding.PEM))
    return certificate, key


def _load_ca(tls: VenueTls) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None:
    try:
        certificate = x509.load_pem_x509_certificate(tls.ca_certificate.read_bytes())
        key = serialization.load_pem_private_key(tls.ca_key.read_bytes(), password=None)
    except (OSError, ValueError):
        return None
    if certificate.public_key().public_numbers() != key.public_key().public_numbers():
        return None
    return certificate, key


def covered(certificate: x509.Certificate) -> set[str]:
    """The IP addresses a certificate names."""
    try:
        names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set()
    return {str(address) for address in names.get_values_for_type(x509.IPAddress)}


def _current_server_certificate(tls: VenueTls, ca: x509.Certificate, wanted: set[str],
                                now: datetime.datetime) -> bool:
    try:
        certificate = x509.load_pem_x509_certificates(tls.certificate.read_bytes())[0]
        key = serialization.load_pem_private_key(tls.key.read_bytes(), password=None)
    except (OSError, ValueError, IndexError):
        return False
    return (certificate.issuer == ca.subject
            and certificate.public_key().public_numbers() == key.public_key().public_numbers()
            and wanted <= covered(certificate)
            and certificate.not_valid_after_utc - now > RENEW_BEFORE)


def _new_server_certificate(tls: VenueTls, ca: x509.Certificate, ca_key: ec.EllipticCurvePrivateKey,
                            addresses: list[str], now: datetime.datetime) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    names = [x509.IPAddress(ipaddress.IPv4Address(address)) for address in addresses] + \
        [x509.DNSName(name) for name in PERMITTED_NAMES]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, addresses[0])]))
        .issuer_name(ca.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(tls.key, _key_pem(key))
    _write_public(tls.certificate, certificate.public_bytes(serialization.Encoding.PEM)
                  + ca.public_bytes(serialization.Encoding.PEM))


def prepare(directory: Path, lan_addresses: list[str], now: datetime.datetime | None = None) -> VenueTls:
    """The authority (made once) and a server certificate for ``lan_addresses`` that may be certified,
    127.0.0.1 and localhost (made again when one is missing, or it is near its end)."""
    now = now or _now()
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    addresses = [address for address in lan_addresses if permitted(address)]
    tls = VenueTls(directory, tuple(addresses), tuple(a for a in lan_addresses if a not in addresses))
    authority = _load_ca(tls) or _new_ca(tls, now)
    wanted = [*addresses, "127.0.0.1"]
    if not _current_server_certificate(tls, authority[0], set(wanted), now):
        _new_server_certificate(tls, *authority, wanted, now)
    return tls


def ca_certificate_der(directory: Path) -> bytes | None:
    """The authority's certificate as a phone installs it (DER), or None when there is none yet."""
    try:
        return x509.load_pem_x509_certificate((directory / "ca.crt").read_bytes()).public_bytes(
            serialization.Encoding.DER)
    except (OSError, ValueError):
        return None


def fingerprint(der: bytes) -> str:
    """The SHA-256 fingerprint as phones show it (pairs of hex digits), to check the download."""
    digest = hashes.Hash(hashes.SHA256())
    digest.update(der)
    return ":".join(f"{byte:02X}" for byte in digest.finalize())
