"""`make venue`: serve the phones on the venue's network in one command.

The machine's LAN addresses are every IPv4 address of an interface that is up, other than loopback
and link-local (169.254/16, which a phone cannot be sent to): read from `ip -j addr` (iproute2,
on every Debian), or, where that is missing, from the address the kernel would send a packet
out of towards a public address (no packet is sent: a UDP socket only chooses its route).

    python -m judgeapp.venue hosts 8000     # the DJANGO_ALLOWED_HOSTS make venue serves with
    python -m judgeapp.venue announce 8000  # the addresses to open, and a QR code of the first

`judgeapp.serving` prints the announcement once nginx is listening when `JUDGEAPP_VENUE` is set;
with `VENUE_TLS=1` it names the landing page (plain HTTP: how to trust the venue's certificate,
judgeapp/venue_pages.py) and the HTTPS addresses its certificate covers (judgeapp/venue_tls.py).
"""
from __future__ import annotations

import io
import ipaddress
import json
import socket
import subprocess
import sys
from collections.abc import Callable

import segno

NO_ADDRESS = ("no network address found on this machine: join the venue's Wi-Fi (or plug in its cable) "
              "and start again; until then the site answers on this machine only")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def addresses_from_ip_json(text: str) -> list[str]:
    """The usable IPv4 addresses in the output of `ip -j addr`, interfaces that are up only."""
    found = []
    for interface in json.loads(text or "[]"):
        flags = interface.get("flags", [])
        if "UP" not in flags or "LOOPBACK" in flags:
            continue
        for info in interface.get("addr_info", []):
            local = info.get("local", "")
            if info.get("family") == "inet" and _usable(local) and local not in found:
                found.append(local)
    return found


def _ip_json() -> str | None:
    try:
        done = subprocess.run(["ip", "-j", "addr"], capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def _routed_address() -> str | None:
    # connect() on a UDP socket sends nothing; it only asks the kernel which address it would use.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.1", 9))  # TEST-NET-1: never a real host
            return sock.getsockname()[0]
        except OSError:
            return None


def lan_addresses(ip_json: Callable[[], str | None] = _ip_json,
                  routed: Callable[[], str | None] = _routed_address) -> list[str]:
    text = ip_json()
    if text is not None:
        try:
            return addresses_from_ip_json(text)
        except (ValueError, AttributeError, TypeError):
            pass  # an `ip` too old for JSON, or another tool by that name: try the route instead
    address = routed()
    return [address] if address and _usable(address) else []


def allowed_hosts(addresses: list[str]) -> list[str]:
    """The names the site answers to: the LAN addresses, and this machine itself."""
    return [*addresses, "127.0.0.1", "localhost"]


def urls(addresses: list[str], port: int, scheme: str = "http") -> list[str]:
    suffix = "" if port == {"http": 80, "https": 443}[scheme] else f":{port}"
    return [f"{scheme}://{address}{suffix}/" for address in addresses]


def qr_block(url: str) -> str:
    """The URL as a QR code drawn with half-block characters (two rows of modules per line)."""
    out = io.StringIO()
    segno.make(url, error="m", boost_error=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def announcement(addresses: list[str], port: int, https_port: int | None = None, tls=None) -> str:
    """What `make venue` prints once serving; with ``https_port`` (`VENUE_TLS=1`), ``tls`` is the
    judgeapp.venue_tls.VenueTls the HTTPS site is served with."""
    if https_port is not None:
        return _tls_announcement(addresses, port, https_port, tls)
    if not addresses:
        return f"make venue: {NO_ADDRESS}\n  http://127.0.0.1:{port}/\n"
    found = urls(addresses, port)
    lines = ["Judges on this network open (or scan the code with a phone's camera):"]
    lines += [f"  {url}" for url in found]
    if len(found) > 1:
        lines.append(f"The code is for {found[0]}; a phone on another of this machine's networks opens its address.")
    return "\n".join(lines) + "\n" + qr_block(found[0])


def _tls_announcement(addresses: list[str], port: int, https_port: int, tls) -> str:
    from judgeapp import venue_tls

    lines = []
    for address in tls.left_out:
        lines.append(f"make venue: {address} is not a private network address, which the venue's certificate "
                     "may not vouch for: phones there are not served over HTTPS")
    if not addresses:
        lines.append(f"make venue: {NO_ADDRESS}")
        lines += [f"  https://127.0.0.1:{https_port}/"]
        return "\n".join(lines) + "\n"
    landing, sites = urls(addresses, port), urls(addresses, https_port, "https")
    lines.append("Judges on this network open (or scan the code with a phone's camera) the page that shows how to "
                 "trust this venue's certificate once, which is what keeping the rules offline needs:")
    lines += [f"  {url}" for url in landing]
    lines.append("then the rules, over HTTPS:")
    lines += [f"  {url}" for url in sites]
    der = venue_tls.ca_certificate_der(tls.directory)
    if der:
        lines.append(f"The venue's certificate (SHA-256, as a phone shows it): {venue_tls.fingerprint(der)}")
    if len(landing) > 1:
        lines.append(f"The code is for {landing[0]}; a phone on another of this machine's networks opens its address.")
    return "\n".join(lines) + "\n" + qr_block(landing[0])


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("hosts", "announce") or not argv[1].isdigit():
        print("usage: python -m judgeapp.venue hosts|announce PORT", file=sys.stderr)
        return 2
    addresses = lan_addresses()
    if argv[0] == "hosts":
        if not addresses:
            print(f"make venue: {NO_ADDRESS}", file=sys.stderr)
        print(",".join(allowed_hosts(addresses)))
    else:
        sys.stdout.write(announcement(addresses, int(argv[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
