"""`make serve`: nginx in front of gunicorn, started and stopped together (`python -m judgeapp.serving`).

gunicorn's threaded worker reads each request in one of its few threads, as slowly as the client
sends it: a dozen clients sending a body a byte every two seconds once left the site answering
nobody.  nginx reads every request whole, headers and body, before it passes it on, and every
answer whole before it sends it out, with an event loop for which a slow connection costs a few
kilobytes and no thread; gunicorn then only ever talks to nginx, over loopback, at full speed.

nginx refuses, without the application seeing anything:
* headers that have not all arrived within ``JUDGEAPP_CLIENT_TIMEOUT`` seconds (default 10; the
  connection is closed), and a body during which the client sends nothing for that long;
* a body larger than the largest the application accepts (``client_max_body_size``: 413);
* more than ``JUDGEAPP_CONNECTIONS_PER_ADDRESS`` (default 512) requests at once from one address
  (429), and more than ``JUDGEAPP_MAX_CONNECTIONS`` (default 4096) connections in all: the
  connections beyond it wait for one to end (the documented capacity, docs/deploy.md).

It passes the client's address in ``X-Forwarded-For`` and the scheme in ``X-Forwarded-Proto``,
replacing whatever the client sent; the site trusts them from 127.0.0.1 only
(``JUDGEAPP_TRUSTED_PROXIES``, set by `make serve`).  Behind a TLS proxy of its own (another
machine, or Caddy on this one), list that proxy's addresses in ``JUDGEAPP_FRONT_PROXIES``: nginx
then takes the client's address and scheme from that proxy's headers, and from nobody else's.

With ``JUDGEAPP_TLS_BIND`` (`make venue VENUE_TLS=1`) nginx serves the site over HTTPS there, with
the venue's own certificate (judgeapp/venue_tls.py, made into ``VAR_DIR/venue-tls/``), and the
plain-HTTP address ``JUDGEAPP_BIND`` answers only the landing page that explains how to trust it
(``/venue/``, where ``/`` leads), its download and the static files that page needs; every other
address there is redirected to the same address over HTTPS.

The configuration is generated into ``VAR_DIR/nginx/`` with everything nginx writes (pid file,
buffered bodies, access log when ``JUDGEAPP_ACCESS_LOG`` is set), so nginx runs as the invoking
user; gunicorn listens on a loopback port chosen at start (an inherited socket, ``fd://``).
Either process stopping stops the other; Ctrl-C or SIGTERM stops both.
"""
from __future__ import annotations

import ipaddress
import os
import pwd
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NGINX_CANDIDATES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")
MISSING_NGINX = ("nginx is not installed: `make serve` installs it when run as root; "
                 "otherwise run 'sudo apt-get install nginx'")
SPARE_FILES = 64
# Multipart framing around a rules upload (its file part is bounded by RULES_MAX_UPLOAD_BYTES).
MULTIPART_MARGIN = 64 * 1024
# What nginx compresses besides text/html (always compressed when compression is on).
COMPRESSED_TYPES = ("text/plain text/css text/xml text/javascript application/javascript application/json "
                    "application/problem+json application/xml application/manifest+json image/svg+xml "
                    "application/vnd.oai.openapi application/vnd.oai.openapi+json")
BROTLI_MODULE_CANDIDATES = ("/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so",
                            "/usr/local/lib/nginx/modules/ngx_http_brotli_filter_module.so")


class ServeError(Exception):
    """A setting or the machine prevents serving: a message for the person running `make serve`."""


@dataclass
class Front:
    """What the nginx in front is configured with."""

    listen: str
    upstream_port: int
    var_dir: Path
    max_body_bytes: int
    client_timeout: int = 10
    max_connections: int = 4096
    connections_per_address: int = 512
    front_proxies: tuple[str, ...] = ()
    access_log: str | None = None
    brotli_module: str | None = None  # nginx's Brotli filter (Debian's libnginx-mod-http-brotli-filter), when installed
    run_as: str | None = None  # only when started as root: the user nginx's workers run as
    tls_listen: str | None = None  # the site over HTTPS there, `listen` then serving the venue's landing page
    tls_certificate: str | None = None
    tls_key: str | None = None

    @property
    def directory(self) -> Path:
        return self.var_dir / "nginx"

    def worker_connections(self) -> int:
        # nginx counts its connections to gunicorn too: every client's may hold one.
        return 2 * self.max_connections + SPARE_FILES

    def open_files(self) -> int:
        """Descriptors nginx may need: its connections, and a file for each body it buffers on disk."""
        return self.worker_connections() + self.max_connections + SPARE_FILES

    def config(self) -> str:
        d = self.directory
        user = f"user {self.run_as};\n" if self.run_as else ""
        access = (f"access_log {self.access_log} combined buffer=64k flush=5s;" if self.access_log
                  else "access_log off;")
        if self.front_proxies:
            trusted = "".join(f"    set_real_ip_from {address};\n" for address in self.front_proxies)
            listed = "".join(f"        {address} 1;\n" for address in self.front_proxies)
            client = (f"{trusted}    real_ip_header X-Forwarded-For;\n    real_ip_recursive on;\n"
                      f"    geo $realip_remote_addr $from_front_proxy {{\n        default 0;\n{listed}    }}\n"
                      "    map $from_front_proxy $forwarded_proto {\n        default $scheme;\n"
                      "        1 $http_x_forwarded_proto;\n    }\n")
        else:
            client = "    map $scheme $forwarded_proto {\n        default $scheme;\n    }\n"
        limit_mb = -(-self.max_body_bytes // (1024 * 1024))
        load = f"load_module {self.brotli_module};\n" if self.brotli_module else ""
        brotli = (f"    brotli on;\n    brotli_comp_level 5;\n    brotli_min_length 1024;\n"
                  f"    brotli_types {COMPRESSED_TYPES};\n" if self.brotli_module else "")
        return f"""# Generated by judgeapp/serving.py at each start of `make serve`: edit that file, not this one.
{load}daemon off;
master_process on;
worker_processes 1;
worker_rlimit_nofile {self.open_files()};
pid {d}/nginx.pid;
error_log stderr error;
{user}
events {{
    worker_connections {self.worker_connections()};
}}

http {{
    server_tokens off;
    {access}
    client_body_temp_path {d}/client_body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    default_type text/plain;
    charset utf-8;

    # Pages and API answers compressed on the way out (BREACH: docs/deploy.md); static files arrive from
    # whitenoise already compressed (.br, .gz made by collectstatic) and pass as they are.
    gzip on;
    gzip_comp_level 5;
    gzip_min_length 1024;
    gzip_proxied any;
    gzip_vary on;
    gzip_types {COMPRESSED_TYPES};
{brotli}
    # Slow clients: the headers whole within the timeout, a body never idle that long, no larger than
    # the application accepts; then the connection is dropped without a word.
    client_header_timeout {self.client_timeout}s;
    client_body_timeout {self.client_timeout}s;
    send_timeout 30s;
    keepalive_timeout 15s;
    reset_timedout_connection on;
    client_max_body_size {self.max_body_bytes};
    client_body_buffer_size 128k;
    limit_conn_zone $binary_remote_addr zone=per_address:10m;
    limit_conn_status 429;
    limit_conn_log_level warn;

{client}
    # A new connection to gunicorn for each request: whichever worker is free accepts it.  Kept
    # connections stay with the worker that accepted them, and nginx reuses the latest first: under the
    # load benchmark one worker then had twice the other's work, and the site served 100-200 req/s
    # instead of about 290.  fail_timeout=0: a failed request never marks the only server down.
    upstream judgeapp {{
        server 127.0.0.1:{self.upstream_port} fail_timeout=0;
    }}

    server {{
        {self._site_listen()}

        # nginx's own refusals, in words: the application's own answers pass as they are.
        error_page 413 @too_large;
        error_page 429 @too_many;
        error_page 502 503 504 @unavailable;
        location @too_large {{
            return 413 "The request is too large: at most {limit_mb} MB.\\n";
        }}
        location @too_many {{
            add_header Retry-After 10 always;
            return 429 "Too many connections from your address at once: try again in a few seconds.\\n";
        }}
        location @unavailable {{
            add_header Retry-After 30 always;
            return 503 "The site is not answering just now: try again in a minute.\\n";
        }}

        location / {{
{self._proxied()}        }}
    }}
{self._landing_server()}}}
"""

    def _proxied(self) -> str:
        """A location's passing of requests to gunicorn."""
        return f"""            limit_conn per_address {self.connections_per_address};
            proxy_pass http://judgeapp;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $forwarded_proto;
            proxy_set_header X-Forwarded-Host "";
            proxy_set_header Forwarded "";
            proxy_request_buffering on;
            proxy_buffering on;
            proxy_buffer_size 16k;
            proxy_buffers 32 16k;
            proxy_connect_timeout 5s;
            proxy_read_timeout 90s;
            proxy_send_timeout 30s;
"""

    def _site_listen(self) -> str:
        if not self.tls_listen:
            return f"listen {self.listen} default_server;"
        # ECDSA keys, TLS 1.2 and 1.3 only (every phone of the last ten years); HTTP/2 for the many small
        # requests of a page. `listen … http2` is what Debian's nginx 1.22 knows (newer ones warn, and accept it).
        return (f"listen {self.tls_listen} ssl http2 default_server;\n"
                f"        ssl_certificate {self.tls_certificate};\n"
                f"        ssl_certificate_key {self.tls_key};\n"
                "        ssl_protocols TLSv1.2 TLSv1.3;\n"
                "        ssl_session_cache shared:tls:2m;\n"
                "        ssl_session_timeout 1h;\n"
                "        ssl_session_tickets off;")

    def _landing_server(self) -> str:
        """With HTTPS: the plain-HTTP address answers the landing page (how to trust the venue's
        certificate, its download, and what that page loads), and sends everything else to HTTPS.
        302, not 301: a browser would remember a permanent redirect after the venue is over."""
        if not self.tls_listen:
            return ""
        https_port = self.tls_listen.rpartition(":")[2]
        return f"""
    server {{
        listen {self.listen} default_server;
        error_page 429 @too_many;
        error_page 502 503 504 @unavailable;
        location @too_many {{
            return 429 "Too many connections from your address at once: try again in a few seconds.\\n";
        }}
        location @unavailable {{
            return 503 "The site is not answering just now: try again in a minute.\\n";
        }}
        absolute_redirect off;  # "/venue/" as it is: the host and port the phone used, whatever they are
        location = / {{
            return 302 /venue/;
        }}
        location ~ ^/(?:venue/|static/|i18n/setlang/$|jsi18n/$) {{
{self._proxied()}        }}
        location / {{
            return 302 https://$host:{https_port}$request_uri;
        }}
    }}
"""

    def write(self) -> Path:
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.directory / name).mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.directory / "nginx.conf"
        path.write_text(self.config())
        return path


def _int_setting(name: str, default: int, least: int = 1) -> int:
    raw = os.environ.get(name, "").strip() or str(default)
    try:
        value = int(raw)
    except ValueError:
        raise ServeError(f"{name} must be a whole number, not {raw!r}") from None
    if value < least:
        raise ServeError(f"{name} must be at least {least}")
    return value


def _addresses(name: str) -> tuple[str, ...]:
    found = []
    for item in os.environ.get(name, "").split(","):
        item = item.strip()
        if not item:
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ServeError(f"{name} must list IP addresses or networks, separated by commas: {item!r} is not one") \
                from None
        found.append(item)
    return tuple(found)


def _listen_address(raw: str, name: str = "JUDGEAPP_BIND") -> str:
    host, _, port = raw.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ServeError(f"{name} must be HOST:PORT (e.g. 127.0.0.1:8000), not {raw!r}")
    return raw


def find_nginx() -> str | None:
    named = os.environ.get("JUDGEAPP_NGINX")
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("nginx") or next((path for path in NGINX_CANDIDATES if os.access(path, os.X_OK)), None)


def find_brotli_module() -> str | None:
    """nginx's Brotli filter module when installed; without it pages are compressed with gzip only."""
    return next((path for path in BROTLI_MODULE_CANDIDATES if os.path.exists(path)), None)


def front_from_environment(upstream_port: int) -> Front:
    """The front's settings from the environment `make serve` exports, and the limits the site has."""
    from django.conf import settings

    body = max(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, settings.RULES_MAX_UPLOAD_BYTES + MULTIPART_MARGIN)
    max_connections = _int_setting("JUDGEAPP_MAX_CONNECTIONS", 4096, least=16)
    front = Front(
        listen=_listen_address(os.environ.get("JUDGEAPP_BIND", "127.0.0.1:8000")),
        upstream_port=upstream_port,
        var_dir=Path(settings.VAR_DIR).resolve(),
        max_body_bytes=body,
        client_timeout=_int_setting("JUDGEAPP_CLIENT_TIMEOUT", 10),
        max_connections=max_connections,
        connections_per_address=_int_setting("JUDGEAPP_CONNECTIONS_PER_ADDRESS", 512),
        front_proxies=_addresses("JUDGEAPP_FRONT_PROXIES"),
        access_log=os.environ.get("JUDGEAPP_ACCESS_LOG") or None,
        brotli_module=find_brotli_module(),
        run_as=pwd.getpwuid(os.geteuid()).pw_name if os.geteuid() == 0 else None,
    )
    if os.environ.get("JUDGEAPP_TLS_BIND", "").strip():
        front.tls_listen = _listen_address(os.environ["JUDGEAPP_TLS_BIND"].strip(), "JUDGEAPP_TLS_BIND")
        if front.tls_listen.rpartition(":")[2] == front.listen.rpartition(":")[2]:
            raise ServeError("JUDGEAPP_TLS_BIND needs a port of its own: JUDGEAPP_BIND's serves the landing page")
        tls = front.var_dir / "venue-tls"
        front.tls_certificate, front.tls_key = str(tls / "server.crt"), str(tls / "server.key")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and front.open_files() > hard:
        if os.environ.get("JUDGEAPP_MAX_CONNECTIONS", "").strip():
            raise ServeError(f"JUDGEAPP_MAX_CONNECTIONS={max_connections} needs {front.open_files()} open files, more "
                             f"than this user may have ({hard}): lower it, or raise the limit ('ulimit -Hn')")
        # The default capacity, on a machine that allows fewer files: as many connections as fit.
        front.max_connections = max(16, (hard - 4 * SPARE_FILES) // 3)
        print(f"make serve: at most {front.max_connections} connections at once (this user may open {hard} files; "
              "raise 'ulimit -Hn' for the default 4096)", file=sys.stderr)
    return front


class ConcurrencyLimit:
    """A WSGI wrapper: at most ``limit`` requests inside ``app`` at once (judgeapp/wsgi.py).

    gunicorn's threads also read requests from nginx and write answers back, and wait while they do;
    only this many of them run the application, where the work is CPU and the interpreter runs one
    thread at a time.  More in the application at once hold the database's write lock longer (its
    holder shares the interpreter with them) and every writer waits for it: measured with the load
    benchmark behind nginx, 16 threads of which 4 in the application served 295-300 req/s, 8 threads
    all in the application 250, 4 threads 170-220."""

    def __init__(self, app, limit: int):
        self.app = app
        self.places = threading.BoundedSemaphore(limit)

    def __call__(self, environ, start_response):
        with self.places:
            return self.app(environ, start_response)


def _stop(process: subprocess.Popen, sig: int) -> None:
    if process.poll() is None:
        try:
            process.send_signal(sig)
        except ProcessLookupError:
            pass


def _prepare_tls(front: Front):
    """The venue's certificates for this machine's addresses now (judgeapp/venue_tls.py), and the
    environment that tells the site where its authority's certificate is and that HTTPS is in front."""
    from judgeapp import venue, venue_tls

    tls = venue_tls.prepare(Path(front.tls_certificate).parent, venue.lan_addresses())
    os.environ["JUDGEAPP_VENUE_TLS_DIR"] = str(tls.directory)
    os.environ["JUDGEAPP_VENUE_HTTPS_PORT"] = front.tls_listen.rpartition(":")[2]
    return tls


def serve() -> int:
    """Start gunicorn and nginx; return when either stops (or we are told to stop), having stopped both."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings.prod")
    nginx = find_nginx()
    if nginx is None:
        raise ServeError(MISSING_NGINX)
    # gunicorn's socket, bound here to a free loopback port and inherited: no other process can take the
    # port between choosing it and listening on it.
    upstream = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    upstream.bind(("127.0.0.1", 0))
    front = front_from_environment(upstream.getsockname()[1])
    tls = _prepare_tls(front) if front.tls_listen else None
    config = front.write()

    stopping = []

    def request_stop(signum, frame):
        stopping.append(signum)

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, request_stop)
    gunicorn = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "-c", str(ROOT / "judgeapp" / "gunicorn.conf.py")],
        cwd=ROOT, pass_fds=[upstream.fileno()],
        env={**os.environ, "JUDGEAPP_APP_BIND": f"fd://{upstream.fileno()}",
             "JUDGEAPP_GUNICORN_PIDFILE": str(front.var_dir / "gunicorn.pid")})
    upstream.close()
    proxy = subprocess.Popen([nginx, "-e", "stderr", "-p", str(front.directory), "-c", str(config)], cwd=ROOT)
    served = f"https://{front.tls_listen}/ (and its landing page on http://{front.listen}/)" if tls \
        else f"http://{front.listen}/"
    print(f"judgeapp on {served} (nginx in front of gunicorn on 127.0.0.1:{front.upstream_port}); "
          "Ctrl-C stops both", file=sys.stderr, flush=True)
    if os.environ.get("JUDGEAPP_VENUE"):  # `make venue`: where the phones should go, once nginx listens
        from judgeapp import venue

        port = int(front.listen.rpartition(":")[2])
        if tls:
            sys.stdout.write(venue.announcement(list(tls.addresses), port, https_port=int(front.tls_listen.rpartition(":")[2]),
                                                tls=tls))
        else:
            sys.stdout.write(venue.announcement(venue.lan_addresses(), port))
        sys.stdout.flush()
    while not stopping and gunicorn.poll() is None and proxy.poll() is None:
        time.sleep(0.2)
    failed = None if stopping else ("nginx" if proxy.poll() is not None else "gunicorn")
    # nginx first: no new request reaches gunicorn while it finishes the ones it has.
    _stop(proxy, signal.SIGQUIT)
    _stop(gunicorn, signal.SIGTERM)
    deadline = time.monotonic() + 40
    for process in (proxy, gunicorn):
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if failed:
        print(f"{failed} stopped (exit code {(proxy if failed == 'nginx' else gunicorn).returncode}): "
              "see its message above; stopped the other one too", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    try:
        sys.exit(serve())
    except ServeError as error:
        print(f"make serve: {error}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
