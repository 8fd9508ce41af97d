"""Every URL pattern, filled with real slugs and ids: HEAD answers what GET does (without a body),
OPTIONS is never a server error, every page carries the Content-Security-Policy and no inline
script or style attribute."""
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from rulesdb.models import ChangeReport, Clause
from tests.judgeapp.sandbox.test_api import API, board, post

pytestmark = pytest.mark.django_db

PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")
# The API console builds its styles at run time; their policy allows inline styles (not scripts).
INLINE_STYLE_ALLOWED = ("/api/docs/try/",)


def _routes(patterns, prefix=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route


@pytest.fixture
def values(client):
    created = post(client, API, {"scenario": board(), "title": "Routes"}).json()
    clause = Clause.objects.filter(document__slug="vg-cr-it-2.2", kind="rule").exclude(number="").first()
    report = ChangeReport.objects.first()
    return {
        "slug": "vg-cr-it-2.2", "number": clause.number, "stable_id": clause.stable_id,
        "left": "vg-cr-it-2.2", "right": "vg-cr-en-1.48", "report_id": report.pk if report else 1,
        "scenario_id": created["id"], "app_label": "rulesdb", "object_id": "1", "content_type_id": "1",
        "share": created["share_url"].rstrip("/").rsplit("/", 1)[-1],
        "player": created["player_urls"]["p0"].rstrip("/").rsplit("/", 1)[-1],
        "example": "playbook-q01",
    }


def _urls(values) -> list[str]:
    urls = []
    for route in _routes(get_resolver().url_patterns):
        route = route.lstrip("^").rstrip("$").replace("\\Z", "")
        if "(?P" in route:  # admin's regex routes (the app index): one known app
            route = re.sub(r"\(\?P<app_label>[^)]*\)", "rulesdb", route)
        def fill(match):
            name = match.group(2)
            if name == "token":
                return values["player"] if route.startswith(("sandbox/player", "api/v1/scenarios/player")) \
                    else values["share"]
            if name == "slug" and route.startswith("sandbox/examples"):
                return values["example"]
            return str(values.get(name, "1"))
        urls.append("/" + PARAMETER.sub(fill, route))
    return sorted(set(urls))


def test_the_walk_covers_every_kind_of_route(values):
    urls = _urls(values)
    assert len(urls) > 40
    for expected in ("/rules/vg-cr-it-2.2/", f"/sandbox/{values['scenario_id']}/", "/api/docs/",
                     "/compare/vg-cr-it-2.2/vg-cr-en-1.48/export.csv", f"/sandbox/player/{values['player']}/"):
        assert expected in urls


def test_head_answers_as_get_and_options_never_fails(client, values):
    for url in _urls(values):
        got = client.get(url)
        head = client.head(url)
        assert head.status_code == got.status_code, (url, got.status_code, head.status_code)
        assert head.content == b"", url
        assert client.options(url).status_code < 500, url


def test_every_page_has_the_policy_and_no_inline_script(client, values):
    urls = _urls(values) + ["/no-such-page/", "/search/?q=%00", "/rules/vg-cr-it-2.2/999.999.9/"]
    pages = 0
    for url in urls:
        response = client.get(url, follow=True)
        assert "script-src 'self'" in response["Content-Security-Policy"], url
        assert "unsafe-inline" not in response["Content-Security-Policy"].split("script-src")[1].split(";")[0]
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        pages += 1
        html = response.content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert not re.search(r"\son\w+\s*=", html.split("<body", 1)[-1]), url  # event-handler attributes
        if not url.startswith(INLINE_STYLE_ALLOWED):
            assert " style=" not in html and "<style" not in html, url
    assert pages > 20


def test_a_json_script_would_be_caught():
    pattern = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>")
    assert pattern.search('<script type="application/json">{}</script>')
    assert not pattern.search('<script src="/static/x.js" defer></script>')
