"""`make venue` (judgeapp/venue.py): the addresses it serves and allows, and what it prints."""
import json
import subprocess
from pathlib import Path

import segno

from judgeapp import venue

ROOT = Path(__file__).resolve().parents[2]


def _interface(name, flags, *addresses):
    return {"ifname": name, "flags": flags,
            "addr_info": [{"family": "inet6" if ":" in a else "inet", "local": a, "prefixlen": 24} for a in addresses]}


# A laptop at a venue: loopback, Wi-Fi with an address, a cable unplugged, a link-local address,
# an IPv6 address, and a container bridge that is up.
IP_JSON = json.dumps([
    _interface("lo", ["LOOPBACK", "UP", "LOWER_UP"], "127.0.0.1", "::1"),
    _interface("wlan0", ["BROADCAST", "MULTICAST", "UP", "LOWER_UP"], "192.168.1.23", "fe80::1"),
    _interface("eth0", ["NO-CARRIER", "BROADCAST", "MULTICAST"], "10.0.0.5"),
    _interface("eth1", ["BROADCAST", "UP"], "169.254.10.2"),
    _interface("br0", ["BROADCAST", "UP", "LOWER_UP"], "172.17.0.1", "192.168.1.23"),
])


def _no_route():
    raise AssertionError("the route is asked only when `ip` says nothing usable")


def test_the_addresses_are_the_ipv4_of_interfaces_that_are_up_other_than_loopback_and_link_local():
    assert venue.lan_addresses(lambda: IP_JSON, _no_route) == ["192.168.1.23", "172.17.0.1"]


def test_without_ip_the_address_the_kernel_routes_from_is_used():
    assert venue.lan_addresses(lambda: None, lambda: "10.1.2.3") == ["10.1.2.3"]
    # An `ip` printing something else than JSON counts as none.
    assert venue.lan_addresses(lambda: "1: lo: <LOOPBACK,UP>", lambda: "10.1.2.3") == ["10.1.2.3"]
    # A machine on no network: the routed address is loopback, or there is no route at all.
    assert venue.lan_addresses(lambda: None, lambda: "127.0.0.1") == []
    assert venue.lan_addresses(lambda: None, lambda: None) == []


def test_the_allowed_hosts_are_the_addresses_and_this_machine():
    assert venue.allowed_hosts(["192.168.1.23", "172.17.0.1"]) == \
        ["192.168.1.23", "172.17.0.1", "127.0.0.1", "localhost"]


def _matrix_from_block(block: str) -> list[list[bool]]:
    """Dark modules from the printed half-block drawing (a full block is two light modules)."""
    halves = {"█": (False, False), "▀": (False, True), "▄": (True, False), " ": (True, True)}
    rows = []
    for line in block.splitlines():
        pairs = [halves[char] for char in line]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    return rows


def test_the_announcement_prints_each_address_and_a_qr_code_of_the_first():
    text = venue.announcement(["192.168.1.23", "172.17.0.1"], 8000)
    assert "  http://192.168.1.23:8000/\n" in text and "  http://172.17.0.1:8000/\n" in text
    block = "\n".join(line for line in text.splitlines() if line and set(line) <= set("█▀▄ "))
    printed = _matrix_from_block(block)
    expected = segno.make("http://192.168.1.23:8000/", error="m", boost_error=False)
    border = 2
    size = len(expected.matrix)
    modules = [row[border:border + size] for row in printed[border:border + size]]
    assert modules == [[bool(cell) for cell in row] for row in expected.matrix]
    # Light border all round: a phone's camera needs the quiet zone.
    assert not any(printed[0]) and not any(row[0] for row in printed[:border + size + border])
    other = segno.make("http://172.17.0.1:8000/", error="m", boost_error=False)
    assert modules != [[bool(cell) for cell in row] for row in other.matrix]


def test_port_80_is_left_out_of_the_address():
    assert venue.urls(["192.168.1.23"], 80) == ["http://192.168.1.23/"]


def test_without_an_address_the_announcement_says_what_to_do():
    text = venue.announcement([], 8000)
    assert "join the venue's Wi-Fi" in text and "http://127.0.0.1:8000/" in text and "█" not in text


def test_make_venue_serves_every_address_with_the_computed_hosts():
    planned = subprocess.run(["make", "-n", "venue", "VENUE_PORT=8123"], cwd=ROOT, capture_output=True, text=True)
    assert planned.returncode == 0, planned.stderr
    assert "-m judgeapp.venue hosts 8123" in planned.stdout
    assert "serve HOST=0.0.0.0:8123" in planned.stdout and 'DJANGO_ALLOWED_HOSTS="$hosts"' in planned.stdout
    assert "JUDGEAPP_VENUE=1" in planned.stdout


def test_the_command_prints_the_hosts_of_this_machine():
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "-m", "judgeapp.venue", "hosts", "8000"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0
    assert done.stdout.strip() == ",".join(venue.allowed_hosts(venue.lan_addresses()))


def test_make_venue_with_tls_serves_https_on_its_own_port():
    planned = subprocess.run(["make", "-n", "venue", "VENUE_TLS=1", "VENUE_TLS_PORT=8444"], cwd=ROOT,
                             capture_output=True, text=True, check=False)
    assert planned.returncode == 0, planned.stderr
    assert "serve HOST=0.0.0.0:8000" in planned.stdout and "JUDGEAPP_TLS_BIND=0.0.0.0:8444" in planned.stdout
    for without in ([], ["VENUE_TLS=0"]):
        plain = subprocess.run(["make", "-n", "venue", *without], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout
        assert "serve HOST=0.0.0.0:8000" in plain and "JUDGEAPP_TLS_BIND" not in plain
