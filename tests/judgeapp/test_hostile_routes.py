"""Every route family asked as a hostile visitor would, under production settings (DEBUG off, one
allowed host): bad arguments, every method, unknown hosts, huge or non-ASCII headers, broken bodies.
No answer is a server error, and none shows an exception's text, a setting's name, a server path or a
URL pattern, in its body (any status; the API's schema and its browsers aside) or its headers."""
import collections
import io
import json
import re

import pytest
from django.conf import global_settings, settings as live_settings
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client
from django.urls import get_resolver

from tests.judgeapp.sandbox.test_api import API, board, post
from tests.judgeapp.test_every_route import PARAMETER, _routes

pytestmark = pytest.mark.django_db

HOST = "judges.example.org"
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "BREW")
# Arguments a route's converters accept but that name nothing, and text no route expects.
BAD_ARGUMENTS = {"int": "999999999", "uuid": "00000000-0000-0000-0000-000000000000", "slug": "no-such-thing",
                 "str": "no such thing", "path": "no/such/thing"}
BAD_SEGMENTS = ("x" * 300, "%ff%fe", "..%2F..%2Fetc%2Fpasswd", "-1", "1e9", "%E2%80%AE", "null")
BODIES = (
    (b"{not json", "application/json"),
    (b'{"game": {}, "scenario": []}', "application/json"),
    (b'{"format": "judgeapp-scenario/1", "game": []}', "application/json"),
    (b"[1, 2, 3]", "application/json"),
    (b'"\xff\xfe not utf-8"', "application/json"),
    (b"a=%ff&b=\xff", "application/x-www-form-urlencoded"),
    (b"--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../a.json\"\r\n\r\n{\r\n--x--",
     "multipart/form-data; boundary=x"),
    (b"<xml/>", "text/weird"),
)
HEADERS = (
    {"HTTP_HOST": "evil.example"},
    {"HTTP_HOST": "judges.example.org:99999"},
    {"HTTP_HOST": "bad host with spaces"},
    {"HTTP_HOST": "\xc3\xa9.example"},
    {"HTTP_X_SANDBOX_OWNER": "\xc3\xa9t\xc3\xa9"},
    {"HTTP_X_SANDBOX_OWNER": "x" * 100_000},
    {"HTTP_COOKIE": "sessionid=\xc3\xa9; csrftoken=" + "y" * 5000},
    {"HTTP_ACCEPT": "application/x-nothing"},
    {"HTTP_ACCEPT": "text/html"},  # the API's browsable pages
    {"HTTP_ACCEPT_LANGUAGE": "\xff" * 200},
    {"HTTP_REFERER": "https://evil.example/\xc3\xa9", "HTTP_ORIGIN": "https://evil.example"},
    {"HTTP_X_FORWARDED_FOR": "not an address", "HTTP_X_FORWARDED_PROTO": "gopher"},
    {"CONTENT_LENGTH": "abc"},
    {"HTTP_IF_MODIFIED_SINCE": "yesterday", "HTTP_RANGE": "bytes=9-1"},
)

# The API's schema and its browsers name the API's own types (SandboxError) and bundle a library's code.
API_DOCUMENTATION = ("/api/schema/", "/api/docs/", "/api/redoc/")
# Django's JavaScript catalogue is Django's own script (django.gettext…) with the interface's words.
LIBRARY_SCRIPTS = ("/jsi18n/",)
# What an answer must never show.
SETTING_NAMES = {name for name in dir(global_settings) if name.isupper() and len(name) > 4} | {
    name for name in dir(live_settings) if name.isupper() and "_" in name}
SETTING = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, SETTING_NAMES), key=len, reverse=True)) + r")\b")
LEAKS = re.compile(
    r"Traceback|File \"|/work/|site-packages|/usr/lib|\.py\b|"  # a traceback, a server path
    r"<(?:int|str|slug|uuid|path):|\(\?P<|URLconf|URL patterns|tried these|"  # a URL pattern, the resolver's dump
    r"\b[A-Z]\w*(?:Error|Exception)\b|unhashable|object has no attribute|invalid literal|Expecting value|"
    r"NoneType|\bdjango\.|\brest_framework\.|\bsettings\b",  # an exception's text
)


STYLE_SHEET = re.compile(r"<style[^>]*>.*?</style>", re.S)  # the API's browsable pages inline a highlighter's CSS


def _leak(text: str) -> str | None:
    text = STYLE_SHEET.sub("", text)
    found = LEAKS.search(text) or SETTING.search(text)
    return found.group(0) if found else None


def _filled_routes(values) -> list[tuple[str, str]]:
    """(route, URL with real arguments) for every pattern; routes are the resolver's, as declared."""
    out = []
    for route in _routes(get_resolver().url_patterns):
        clean = route.lstrip("^").rstrip("$").replace("\\Z", "")
        clean = re.sub(r"\(\?P<app_label>[^)]*\)", "rulesdb", clean)
        out.append((clean, "/" + PARAMETER.sub(lambda m: str(values.get(m.group(2), "1")), clean)))
    return out


def _bad_urls(route: str, values: dict) -> list[str]:
    """The route with every argument something its converter accepts but that names nothing, then with
    its first argument each of the segments no converter expects (the others real)."""
    urls = ["/" + PARAMETER.sub(lambda m: BAD_ARGUMENTS.get(m.group(1) or "str", "x"), route)]
    if not PARAMETER.search(route):
        return urls + ["/" + route + BAD_SEGMENTS[0] + "/"]
    for segment in BAD_SEGMENTS:
        first = PARAMETER.sub(lambda m: segment, route, count=1)
        urls.append("/" + PARAMETER.sub(lambda m: str(values.get(m.group(2), "1")), first))
    return urls


class Probe:
    """Sends requests under production settings and keeps every answer that fails the rules."""

    def __init__(self, settings):
        settings.DEBUG = False
        settings.ALLOWED_HOSTS = [HOST]
        settings.CSRF_TRUSTED_ORIGINS = [f"https://{HOST}"]
        # Its own address, and limits it never reaches: the probe is about answers, not budgets, and
        # leaves other tests' budgets alone.
        settings.RATE_LIMITS = {scope: (100_000, window) for scope, (_, window) in settings.RATE_LIMITS.items()}
        self.client = Client(HTTP_HOST=HOST, REMOTE_ADDR="203.0.113.7", raise_request_exception=False)
        self.failures: list[str] = []
        self.count = 0

    def send(self, method: str, url: str, body: bytes = b"", content_type: str = "application/json", **headers):
        self.count += 1
        response = self.client.generic(method, url, body, content_type=content_type, **headers)
        length = response.get("Content-Length")
        if method != "HEAD" and not response.streaming and length is not None and int(length) != len(response.content):
            self.failures.append(f"{method} {url[:80]}: Content-Length {length}, body {len(response.content)} bytes")
        documentation = url.startswith(API_DOCUMENTATION + LIBRARY_SCRIPTS) and response.status_code < 400
        self.check(f"{method} {url[:80]} {sorted(headers)[:2]}", response.status_code,
                   b"" if documentation else response.content, response.items())
        return response

    def check(self, what: str, status: int, content: bytes, headers) -> None:
        if status >= 500:
            self.failures.append(f"{what}: {status}")
            return
        leaked = _leak(content.decode("utf-8", "replace"))
        for name, value in headers:
            leaked = leaked or _leak(f"{name}: {value}")
        if leaked:
            self.failures.append(f"{what}: {status} shows {leaked!r}")


@pytest.fixture
def values(client):
    created = post(client, API, {"scenario": board(), "title": "Hostile"}).json()
    return {"scenario_id": created["id"], "slug": "vg-cr-it-2.2", "left": "vg-cr-it-2.2", "right": "vg-cr-en-1.48",
            "number": "1", "token": created["share_url"].rstrip("/").rsplit("/", 1)[-1],
            "owner_token": created["owner_token"]}


@pytest.fixture
def probe(settings, values):
    """Production settings from here on (the scenario in ``values`` was made before, on the test host)."""
    return Probe(settings)


def test_the_leak_patterns_catch_what_django_and_python_would_show():
    for leak in ("Using the URLconf defined in judgeapp.urls, Django tried these URL patterns",
                 "rules/<slug:slug>/", "Invalid HTTP_HOST header: 'x'. You may need to add 'x' to ALLOWED_HOSTS.",
                 "TypeError: unhashable type: 'dict'", 'File "/work/judgeapp/views.py", line 3',
                 "More information is available with DEBUG=True.", "JSON parse error - Expecting value: line 1"):
        assert _leak(leak), leak
    for fine in ("There is nothing at this address.", "“q” holds characters that are not valid text",
                 '{"error": "invalid", "field": "game", "message": "expected one of vanguard"}'):
        assert _leak(fine) is None, fine


def test_every_route_with_bad_arguments_and_every_method(probe, values):
    routes = _filled_routes(values)
    assert len(routes) > 40
    for route, url in routes:
        for position, bad in enumerate(_bad_urls(route, values)):
            probe.send("GET", bad)
            if position < 2:  # a write to an address that names nothing, and to one no converter takes
                probe.send("POST", bad, b"{not json")
        for method in METHODS:
            if method == "GET":
                continue  # answered by test_every_route: real pages, some of them slow to build
            probe.send(method, url, b"{not json")
    assert probe.count > 500
    assert not probe.failures, "\n".join(probe.failures[:40])


def test_bad_bodies_on_every_route_that_takes_one(probe, values):
    writes = [url for route, url in _filled_routes(values)
              if route.startswith(("sandbox/", "api/v1/scenarios", "compare/upload", "admin/login"))]
    assert len(writes) > 15
    for url in writes:
        for body, content_type in BODIES:
            probe.send("POST", url, body, content_type)
        probe.send("PATCH", url, BODIES[1][0])
    assert not probe.failures, "\n".join(probe.failures[:40])


def test_bad_hosts_and_headers_on_one_route_of_each_family(probe, values):
    families = {}
    for route, url in _filled_routes(values):
        families.setdefault("/".join(route.split("/")[:3 if route.startswith("api/") else 1]), url)
    for url in list(families.values()) + ["/nope/", "/static/nope.css", "/api/v1/", f"{API}{values['scenario_id']}/step/"]:
        for headers in HEADERS:
            probe.send("GET", url, **headers)
            probe.send("POST", url, b'{"mode": "event"}', **headers)
    assert not probe.failures, "\n".join(probe.failures[:40])


def test_bad_paths(probe):
    for path in ("/nope/", "/static/nope.css", "/static/../judgeapp/settings/base.py", "/api/v1/", "/api/v1/nope/",
                 "/api/", "/rules/%00/", "/rules/vg-cr-it-2.2/%ff/", "/" + "a/" * 500, "/sandbox/<slug:slug>/",
                 "/admin/../../etc/passwd", "/%2e%2e/%2e%2e/", "/rules/vg-cr-it-2.2/1/?n=%ff", "/search/?q=" + "x" * 5000,
                 "/api/v1/search/?q=(", "/api/v1/search/?page=-1", "/api/v1/compare/?left=%ff&right=x",
                 "/compare/vg-cr-it-2.2/vg-cr-en-1.48/?status=nope", "/compare/changes/999999/",
                 "/favicon.ico/x", "/?doc=nope&n=1"):
        for method in ("GET", "HEAD", "POST", "TRACE"):
            probe.send(method, path)
    assert not probe.failures, "\n".join(probe.failures[:40])


def _raw(environ_extra: dict, body: bytes) -> tuple[int, bytes, list]:
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": API, "SERVER_NAME": HOST, "SERVER_PORT": "443",
               "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "https", "CONTENT_TYPE": "application/json",
               "HTTP_HOST": HOST, **environ_extra}
    status, headers = [], []
    chunks = WSGIHandler()(environ, lambda s, h, *a: (status.append(s), headers.extend(h)))
    return int(status[0].split()[0]), b"".join(chunks), headers


def test_chunked_bodies_cut_short_or_malformed(probe):
    from gunicorn.http.body import Body, ChunkedReader
    from gunicorn.http.unreader import IterUnreader

    class Request:
        trailers: list = []

    for raw in (b"5\r\nhello\r\nzz\r\n", b"ffff\r\n{\"sc", b"5\r\nhelloXX0\r\n\r\n", b"-1\r\n\r\n"):
        reader = Body(ChunkedReader(Request(), IterUnreader([raw])))
        status, content, headers = _raw({"wsgi.input": reader, "HTTP_TRANSFER_ENCODING": "chunked"}, b"")
        probe.check(f"chunked {raw!r}", status, content, headers)
        assert status == 400 and json.loads(content)["detail"].startswith("The request body did not arrive whole")
    assert not probe.failures, "\n".join(probe.failures)


def test_a_game_that_is_not_text_is_a_400_naming_the_field(client):
    from judgeapp.sandbox.models import Scenario

    before = Scenario.objects.count()
    for game in ({}, [], 3, True):
        created = post(client, API, {"scenario": board(), "game": game})
        assert created.status_code == 400 and created.json()["field"] == "game", created.content[:200]
        imported = post(client, API, {"format": "judgeapp-scenario/1", "game": game, **board()})
        assert imported.status_code == 400 and imported.json()["field"].endswith("game"), imported.content[:200]
    assert Scenario.objects.count() == before


def test_a_non_ascii_owner_header_is_a_wrong_token(values):
    client = Client()
    for token in ("\xc3\xa9t\xc3\xa9", "\u00e9t\u00e9", "\ud800"):
        step = client.post(f"{API}{values['scenario_id']}/step/", '{"mode": "event"}', content_type="application/json",
                           HTTP_X_SANDBOX_OWNER=token)
        assert step.status_code == 403 and step.json()["error"] == "forbidden"
        read = client.get(f"{API}{values['scenario_id']}/", HTTP_X_SANDBOX_OWNER=token)
        assert read.status_code == 200 and read.json()["owner"] is False


WRONG_TYPES = ({}, [], 3.5, -1, True, None, "x" * 300, {"": {"": []}})
FIELDS = ("scenario", "game", "title", "question", "description", "tags", "clauses", "expectations", "start",
          "definition", "status", "mode", "from_node", "action", "then", "node", "format", "players", "script")


def test_every_field_of_the_sandbox_api_with_a_wrong_type(probe, values):
    base = f"{API}{values['scenario_id']}/"
    writes = [("POST", API), ("PATCH", base), ("POST", base + "step/"), ("POST", base + "answer/"),
              ("POST", base + "undo/")]
    answers = collections.Counter()
    for method, url in writes:
        for field in FIELDS:
            for value in WRONG_TYPES:
                response = probe.send(method, url, json.dumps({field: value}).encode(),
                                      HTTP_X_SANDBOX_OWNER=values["owner_token"])
                answers[response.status_code] += 1
    assert probe.count > 700 and answers[400] > 500, answers  # the fields' checks answered, not a guard
    assert not probe.failures, "\n".join(probe.failures[:40])
