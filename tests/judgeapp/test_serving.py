"""`make serve` (judgeapp/serving.py): the nginx in front of gunicorn, its limits, and the production
server answering ordinary requests within a second while 100 clients drip their headers and bodies."""
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from django.conf import settings

from benchmarks._gunicorn import ROOT, nginx_pids, production_server, request, server_env
from benchmarks._slow_clients import CHUNKED_BODY, HEADER, LENGTH_BODY, Drippers
from judgeapp import serving

BOARD = {
    "format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1, "phase": "battle",
    "players": [
        {"field": {"vanguard": {"id": "a-vg", "name": "G3", "grade": 3, "power": 13000, "clan": "A"}},
         "deck": [{"id": f"a-d{i}", "name": "G1", "grade": 1, "power": 8000, "clan": "A"} for i in range(4)]},
        {"field": {"vanguard": {"id": "b-vg", "name": "G3", "grade": 3, "power": 13000, "clan": "B"}},
         "deck": [{"id": f"b-d{i}", "name": "G1", "grade": 1, "power": 8000, "clan": "B"} for i in range(4)]},
    ],
}
# The smallest vendored document: enough for a clause page and a search, quick to load.
DOCUMENT = "ws-cr-it"
CLIENT_TIMEOUT = 3


def _nginx_or_fail() -> str:
    nginx = serving.find_nginx()
    if nginx is None:
        pytest.fail(serving.MISSING_NGINX)
    return nginx


def _front(tmp_path: Path, **changes) -> serving.Front:
    values = dict(listen=f"127.0.0.1:{_free_port()}", upstream_port=_free_port(), var_dir=tmp_path,
                  max_body_bytes=6 * 1024 * 1024)
    return serving.Front(**{**values, **changes})


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize("front_proxies", [(), ("10.0.0.7", "192.168.1.0/24")])
def test_the_generated_configuration_is_one_nginx_accepts(tmp_path, front_proxies):
    nginx = _nginx_or_fail()
    front = _front(tmp_path, front_proxies=front_proxies, access_log=str(tmp_path / "access.log"))
    config = front.write()
    checked = subprocess.run([nginx, "-t", "-e", "stderr", "-p", str(front.directory), "-c", str(config)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_front_takes_its_limits_from_the_site_and_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEAPP_BIND", "0.0.0.0:8080")
    monkeypatch.setenv("JUDGEAPP_CLIENT_TIMEOUT", "7")
    monkeypatch.setenv("JUDGEAPP_FRONT_PROXIES", "10.0.0.7, 10.1.0.0/16")
    front = serving.front_from_environment(9000)
    assert front.listen == "0.0.0.0:8080" and front.upstream_port == 9000
    assert front.client_timeout == 7 and front.front_proxies == ("10.0.0.7", "10.1.0.0/16")
    # No body the site would accept is refused in front of it, and none much larger gets through.
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= front.max_body_bytes
    assert settings.RULES_MAX_UPLOAD_BYTES < front.max_body_bytes <= 2 * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert f"client_max_body_size {front.max_body_bytes};" in front.config()


@pytest.mark.parametrize("name, value", [
    ("JUDGEAPP_CLIENT_TIMEOUT", "ten"), ("JUDGEAPP_MAX_CONNECTIONS", "0"),
    ("JUDGEAPP_FRONT_PROXIES", "10.0.0.7,proxy.example.org"), ("JUDGEAPP_BIND", "8000"),
    ("JUDGEAPP_MAX_CONNECTIONS", "100000000"),
])
def test_a_bad_setting_stops_the_start_with_its_name(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(serving.ServeError, match=name):
        serving.front_from_environment(9000)


def test_the_default_capacity_fits_the_files_the_user_may_open(monkeypatch):
    import resource

    monkeypatch.setattr(resource, "getrlimit", lambda which: (1024, 4096))
    front = serving.front_from_environment(9000)
    assert 1000 < front.max_connections < 4096 and front.open_files() <= 4096


def test_at_most_limit_requests_run_in_the_application_at_once():
    inside, most = [0], [0]
    lock = threading.Lock()

    def app(environ, start_response):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        time.sleep(0.05)
        with lock:
            inside[0] -= 1
        return [b"ok"]

    limited = serving.ConcurrencyLimit(app, 2)
    threads = [threading.Thread(target=limited, args=({}, None)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 2


def test_without_nginx_the_start_says_how_to_install_it(monkeypatch):
    monkeypatch.setenv("JUDGEAPP_NGINX", "/nonexistent/nginx")
    with pytest.raises(serving.ServeError, match="apt-get install nginx"):
        serving.serve()


def test_make_serve_ends_in_the_command_the_tests_start():
    recipe = subprocess.run(["make", "-n", "--no-print-directory", "serve"], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "DJANGO_SECRET_KEY": "x" * 50}).stdout
    assert "-m judgeapp.serving" in recipe


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """A data directory as `make serve` prepares it, with one document loaded and indexed (in one process:
    each command's start-up is seconds), copied by each test that serves it."""
    var_dir = tmp_path_factory.mktemp("served")
    steps = ("import django; django.setup(); from django.core.management import call_command as run; "
             "run('migrate', interactive=False, verbosity=0); run('collectstatic', interactive=False, verbosity=0); "
             f"run('load_rules', {DOCUMENT!r}, verbosity=0); run('rebuild_index', verbosity=0)")
    subprocess.run([sys.executable, "-c", steps], cwd=ROOT, env=server_env(var_dir, 0, 1), check=True,
                   stdout=subprocess.DEVNULL)
    return var_dir


def _copy_of(prepared: Path):
    def prepare(var_dir: Path, env: dict) -> None:
        shutil.copytree(prepared, var_dir, dirs_exist_ok=True)

    return prepare


def _timed(base: str, method: str, path: str, body=None) -> tuple[int, float]:
    started = time.monotonic()
    status, _ = request(base, method, path, body, timeout=10)
    return status, time.monotonic() - started


def _raw(port: int, head: bytes, body: bytes = b"", wait: float = 10) -> tuple[bytes, float]:
    """Send ``head`` and ``body``, then read until the server closes: (what it said, seconds it took)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=wait)
    started = time.monotonic()
    try:
        sock.sendall(head + body)
        received = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
    finally:
        sock.close()
    return received, time.monotonic() - started


def test_ordinary_requests_answer_within_a_second_beside_100_slow_clients(prepared, tmp_path):
    _nginx_or_fail()
    env_extra = {"JUDGEAPP_CLIENT_TIMEOUT": str(CLIENT_TIMEOUT)}
    with production_server(tmp_path, workers=2, extra_env=env_extra, prepare_with=_copy_of(prepared)) as (
            base, gunicorn):
        port = int(base.rsplit(":", 1)[1])
        with sqlite3.connect(tmp_path / "judgeapp.sqlite3") as db:
            number = db.execute("SELECT c.number FROM rulesdb_clause c JOIN rulesdb_document d ON d.id = c.document_id"
                                " WHERE d.slug = ? AND c.kind = 'rule' AND c.number != '' ORDER BY c.id LIMIT 1",
                                [DOCUMENT]).fetchone()[0]
        ordinary = [("GET", f"/rules/{DOCUMENT}/{urllib.parse.quote(number)}/", None, 200),
                    ("GET", "/search/?q=attacco", None, 200),
                    ("GET", "/api/v1/documents/", None, 200),
                    ("POST", "/api/v1/scenarios/", {"scenario": BOARD, "title": "beside slow clients"}, 201)]
        # Each a few times before, so that no cache is cold in either worker (a request goes to whichever
        # worker accepts it first: once each could leave the other worker's search index unopened).
        for _ in range(4):
            for method, path, body, expected in ordinary:
                assert _timed(base, method, path, body)[0] == expected, path

        with Drippers("127.0.0.1", port, headers=50, bodies=50, interval=1.0) as drippers:
            time.sleep(1.5)
            waits = []
            # Long enough for every dripping header to be cut (CLIENT_TIMEOUT) and opened again.
            until = time.monotonic() + CLIENT_TIMEOUT + 3
            while time.monotonic() < until:
                for method, path, body, expected in ordinary:
                    status, took = _timed(base, method, path, body)
                    assert status == expected, (path, status)
                    waits.append((took, path))
                time.sleep(0.5)
            held = drippers.held()
        assert max(waits)[0] < 1, sorted(waits)[-5:]
        assert held == 100  # they were all there, dripping, to the end
        # A header is cut when its time is up (no answer: the client gets nothing to parse); a body that
        # keeps coming is only ever refused for its size or a stall, below.
        assert drippers.cut[HEADER] >= 50 and not drippers.answers[HEADER]
        assert drippers.cut[LENGTH_BODY] == drippers.cut[CHUNKED_BODY] == 0
        assert min(drippers.lifetimes[HEADER]) >= CLIENT_TIMEOUT - 1

        head = "POST /api/v1/scenarios/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        # A body declared over the limit is refused before it is sent; one that grows past it, when it does.
        answer, _ = _raw(port, (head + f"Content-Length: {7 * 1024 * 1024}\r\nConnection: close\r\n\r\n").encode())
        assert answer.startswith(b"HTTP/1.1 413") and b"too large" in answer
        chunk = b" " * 65536
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(7 * 16))
        answer, _ = _raw(port, (head + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode(), chunks)
        assert answer.startswith(b"HTTP/1.1 413")
        # A body that stops coming is cut once the client has been silent for the timeout.
        answer, took = _raw(port, (head + "Content-Length: 1000\r\n\r\n").encode(), b'{"title": ')
        assert CLIENT_TIMEOUT - 0.5 < took < CLIENT_TIMEOUT + 3 and answer == b""  # dropped without a word
        assert _timed(base, "GET", "/api/v1/documents/")[0] == 200
        proxies = nginx_pids(gunicorn)
    # Stopping the server stopped both.
    assert not any(_running(pid) for pid in [gunicorn, *proxies])


def test_when_nginx_stops_gunicorn_stops_too(prepared, tmp_path):
    _nginx_or_fail()
    with production_server(tmp_path, workers=1, prepare_with=_copy_of(prepared)) as (base, gunicorn):
        supervisor = int(Path(f"/proc/{gunicorn}/stat").read_text().rsplit(")", 1)[1].split()[1])
        os.kill(nginx_pids(gunicorn)[0], signal.SIGTERM)
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and (_running(gunicorn) or _running(supervisor)):
            time.sleep(0.2)
        assert not _running(gunicorn) and not _running(supervisor)


def _running(pid: int) -> bool:
    """Whether the process is alive (an exited child nobody has waited for yet is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_configuration_compresses_pages_with_brotli_when_nginx_has_it(tmp_path):
    nginx = _nginx_or_fail()
    plain = _front(tmp_path / "plain").config()
    assert "gzip on;" in plain and "text/html" not in plain.split("gzip_types", 1)[1].split(";")[0]
    assert "application/json" in plain.split("gzip_types", 1)[1].split(";")[0]
    assert "brotli" not in plain
    module = serving.find_brotli_module()
    if module is None:
        pytest.fail("nginx's Brotli filter is missing: 'apt-get install libnginx-mod-http-brotli-filter' (make nginx)")
    front = _front(tmp_path / "brotli", brotli_module=module)
    assert front.config().startswith("# Generated") and f"load_module {module};" in front.config()
    config = front.write()
    checked = subprocess.run([nginx, "-t", "-e", "stderr", "-p", str(front.directory), "-c", str(config)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def _fetch(base: str, path: str, encoding: str | None) -> tuple[str | None, bytes, dict]:
    import urllib.request

    headers = {"Accept-Encoding": encoding} if encoding else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=10) as answer:
        return answer.headers.get("Content-Encoding"), answer.read(), dict(answer.headers)


def test_pages_and_static_files_go_out_compressed_as_the_client_accepts(prepared, tmp_path):
    import gzip
    import re

    import brotli

    _nginx_or_fail()
    with production_server(tmp_path, workers=1, prepare_with=_copy_of(prepared)) as (base, _):
        page = f"/rules/{DOCUMENT}/"
        none, plain, _ = _fetch(base, page, None)
        assert none is None and b"</html>" in plain
        used, body, headers = _fetch(base, page, "gzip")
        assert used == "gzip" and gzip.decompress(body).endswith(plain[-200:]) and len(body) < len(plain) / 3
        assert "Accept-Encoding" in headers.get("Vary", "")
        used, body, _ = _fetch(base, page, "gzip, deflate, br")
        assert used == "br" and brotli.decompress(body).endswith(plain[-200:])
        # A stylesheet: the copy collectstatic compressed, hashed in its name.
        sheet = re.search(rb'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', plain).group(1).decode()
        used, body, _ = _fetch(base, sheet, "gzip, br")
        assert used == "br" and brotli.decompress(body) == _fetch(base, sheet, None)[1]
        used, body, _ = _fetch(base, "/api/v1/documents/", "gzip")
        assert used in (None, "gzip")  # a short answer may go out as it is (under gzip_min_length)


def test_the_configuration_for_a_venue_over_https_is_one_nginx_accepts(tmp_path):
    from judgeapp import venue_tls

    nginx = _nginx_or_fail()
    tls = venue_tls.prepare(tmp_path / "venue-tls", ["192.168.1.23"])
    front = _front(tmp_path, tls_listen=f"127.0.0.1:{_free_port()}", tls_certificate=str(tls.certificate),
                   tls_key=str(tls.key), brotli_module=serving.find_brotli_module())
    text = front.config()
    site, landing = text.split("    server {")[1:]
    assert f"listen {front.tls_listen} ssl http2 default_server;" in site and "ssl_protocols TLSv1.2 TLSv1.3;" in site
    assert f"listen {front.listen} default_server;" in landing and "ssl" not in landing
    config = front.write()
    checked = subprocess.run([nginx, "-t", "-e", "stderr", "-p", str(front.directory), "-c", str(config)],
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr
    # Without it, one plain server as before.
    assert _front(tmp_path).config().count("    server {") == 1


def test_the_https_port_must_differ_from_the_landing_page_s(monkeypatch):
    monkeypatch.setenv("JUDGEAPP_BIND", "0.0.0.0:8000")
    monkeypatch.setenv("JUDGEAPP_TLS_BIND", "0.0.0.0:8000")
    with pytest.raises(serving.ServeError, match="JUDGEAPP_TLS_BIND"):
        serving.front_from_environment(1234)


def _plain_get(port: int, path: str) -> tuple[int, dict, bytes]:
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, dict(answer.headers), answer.read()
    finally:
        connection.close()


def test_at_a_venue_over_https_the_plain_address_serves_the_landing_page_and_its_authority(
        prepared, tmp_path, monkeypatch):
    import re
    import ssl
    import urllib.error
    import urllib.request

    from judgeapp import venue_tls

    _nginx_or_fail()
    tls_port = _free_port()
    # The authority made before the start (the server keeps it, as it keeps a venue's from one event to
    # the next), so that this test's client can trust it as a phone that installed it does.
    tls = venue_tls.prepare(tmp_path / "venue-tls", [])
    monkeypatch.setenv("SSL_CERT_FILE", str(tls.ca_certificate))  # the start-up probe follows the redirect to HTTPS
    with production_server(tmp_path, workers=1, extra_env={"JUDGEAPP_TLS_BIND": f"127.0.0.1:{tls_port}"},
                           prepare_with=_copy_of(prepared)) as (base, _):
        port = int(base.rsplit(":", 1)[1])
        status, headers, _ = _plain_get(port, "/")
        assert (status, headers["Location"]) == (302, "/venue/")
        status, _, page = _plain_get(port, "/venue/")
        assert status == 200 and f'href="https://127.0.0.1:{tls_port}/"'.encode() in page
        status, headers, der = _plain_get(port, "/venue/ca.crt")
        assert status == 200 and headers["Content-Type"] == "application/x-x509-ca-cert"
        assert der == venue_tls.ca_certificate_der(tls.directory)
        # What the landing page loads is served on the plain address too.
        sheet = re.search(rb'href="(/static/[^"]+\.css)"', page).group(1).decode()
        assert _plain_get(port, sheet)[0] == 200
        # Everything else: the same address over HTTPS.
        status, headers, _ = _plain_get(port, f"/rules/{DOCUMENT}/?q=1")
        assert (status, headers["Location"]) == (302, f"https://127.0.0.1:{tls_port}/rules/{DOCUMENT}/?q=1")
        # Over HTTPS with the venue's authority trusted: the site, which knows it is on HTTPS.
        trusting = ssl.create_default_context(cafile=str(tls.ca_certificate))
        with urllib.request.urlopen(f"https://127.0.0.1:{tls_port}/rules/{DOCUMENT}/", context=trusting,
                                    timeout=10) as answer:
            assert answer.status == 200 and b"</html>" in answer.read()
        with urllib.request.urlopen(f"https://127.0.0.1:{tls_port}/venue/", context=trusting, timeout=10) as answer:
            assert b"data:image/svg+xml" not in answer.read()  # the page over HTTPS: is_secure() is true
        # A client that does not trust the authority is refused.
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            urllib.request.urlopen(f"https://127.0.0.1:{tls_port}/", context=ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT),
                                   timeout=10)
