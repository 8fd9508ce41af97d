"""Error answers: a fixed message per status, the project's own words only when it wrote them for the
visitor, the same words as JSON under /api/; never Django's resolver dump, a setting or a reason."""
import json

import pytest
from django.core.exceptions import BadRequest, PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404
from django.test import Client, RequestFactory
from rest_framework import exceptions as api_exceptions

from judgeapp import errors
from judgeapp.errors import MESSAGES

pytestmark = pytest.mark.django_db
HOST = "judges.example.org"


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = [HOST]
    return Client(HTTP_HOST=HOST, raise_request_exception=False)


def _page(response) -> str:
    return response.content.decode()


def test_an_unknown_address_is_a_404_that_helps_and_dumps_nothing(production):
    for url in ("/nope/", "/static/nope.css", "/rules/vg-cr-it-2.2/x/y/z/"):
        response = production.get(url)
        html = _page(response)
        assert response.status_code == 404 and MESSAGES[404] in html
        assert "URLconf" not in html and "<slug:" not in html and "judgeapp.urls" not in html
        assert 'action="/search/"' in html and 'href="/"' in html and 'href="/#rules"' in html


def test_an_unknown_api_address_is_json_with_the_same_words(production):
    for url in ("/api/v1/", "/api/v1/nope/", "/api/"):
        response = production.get(url)
        assert response.status_code == 404 and response.json() == {"detail": MESSAGES[404]}


def test_an_unknown_host_is_a_400_that_names_no_setting(production):
    for url in ("/", "/api/v1/documents/"):
        response = production.get(url, HTTP_HOST="evil.example")
        assert response.status_code == 400
        assert MESSAGES[400] in _page(response) and "ALLOWED_HOSTS" not in _page(response)


def test_the_projects_own_messages_are_shown(production):
    jump = production.get("/", {"doc": "nope", "n": "1"})
    assert jump.status_code == 400 and "choose one of the listed documents" in _page(jump)
    missing = production.get("/rules/no-such-document/")
    assert missing.status_code == 404 and "There is no document “no-such-document”." in _page(missing)
    scenario = production.get("/sandbox/00000000-0000-0000-0000-000000000000/")
    assert scenario.status_code == 404 and "no scenario" in _page(scenario)


def test_djangos_own_not_found_text_is_not(production):
    response = production.get("/compare/changes/999999/")  # get_object_or_404: "No ChangeReport matches …"
    assert response.status_code == 404 and "ChangeReport" not in _page(response) and MESSAGES[404] in _page(response)


def test_a_bare_405_gets_a_page_and_keeps_allow(production):
    page = production.post("/sandbox/", {})  # require_GET: Django's 405 has no body
    assert page.status_code == 405 and MESSAGES[405] in _page(page) and "GET" in page["Allow"]
    assert int(page["Content-Length"]) == len(page.content)  # a server sends only what this says
    api = production.delete("/api/v1/documents/")
    assert api.status_code == 405 and api.json() == {"detail": MESSAGES[405]} and "GET" in api["Allow"]
    head = production.head("/sandbox/new/")
    assert head.status_code == 405 and head.content == b""


def test_the_csrf_failure_page_names_no_setting_and_no_reason(settings):
    settings.ALLOWED_HOSTS = [HOST]
    client = Client(HTTP_HOST=HOST, enforce_csrf_checks=True)
    response = client.post("/sandbox/new/", {}, HTTP_ORIGIN="https://evil.example")
    html = _page(response)
    assert response.status_code == 403 and errors.CSRF_MESSAGE in html
    assert "DEBUG" not in html and "CSRF_" not in html and "evil.example" not in html and "Origin" not in html


def test_too_big_and_too_many_fields(production, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 5
    fields = production.post("/sandbox/import/", {f"f{i}": "x" for i in range(10)})
    assert fields.status_code == 400 and MESSAGES[400] in _page(fields) and "DATA_UPLOAD" not in _page(fields)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    big = production.post("/sandbox/import/", {"json": "x" * 1000})
    assert big.status_code == 413 and MESSAGES[413] in _page(big) and "DATA_UPLOAD" not in _page(big)


@pytest.mark.parametrize("exception, status, shown", [
    (Http404("Using the URLconf defined in judgeapp.urls"), 404, MESSAGES[404]),
    (errors.NotFound("There is no document “x”."), 404, "There is no document “x”."),
    (BadRequest("secret internals"), 400, MESSAGES[400]),
    (errors.InvalidRequest("choose one of the listed documents"), 400, "choose one of the listed documents"),
    (SuspiciousOperation("Invalid HTTP_HOST header"), 400, MESSAGES[400]),
    (RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE."), 413, MESSAGES[413]),
    (PermissionDenied("internal reason"), 403, MESSAGES[403]),
])
def test_the_handlers_show_only_words_written_for_the_visitor(exception, status, shown):
    handler = {404: errors.not_found, 403: errors.permission_denied}.get(status, errors.bad_request)
    for path in ("/page/", "/api/v1/thing/"):
        response = handler(RequestFactory().get(path), exception)
        assert response.status_code == status
        text = response.content.decode()
        assert shown in text and (shown == str(exception) or str(exception) not in text)


def test_the_server_error_answer_needs_nothing_and_says_nothing():
    page = errors.server_error(RequestFactory().get("/rules/"))
    assert page.status_code == 500 and MESSAGES[500] in page.content.decode()
    api = errors.server_error(RequestFactory().get("/api/v1/scenarios/"))
    assert api.status_code == 500 and json.loads(api.content) == {"detail": MESSAGES[500]}


@pytest.mark.parametrize("exception, status", [
    (api_exceptions.ParseError("JSON parse error - Expecting value: line 1 column 1 (char 0)"), 400),
    (api_exceptions.PermissionDenied("CSRF Failed: Origin checking failed - https://x does not match"), 403),
    (api_exceptions.MethodNotAllowed("BREW"), 405),
    (api_exceptions.UnsupportedMediaType("text/weird"), 415),
    (api_exceptions.Throttled(30), 429),
    (Http404("No Scenario matches the given query."), 404),
    (PermissionDenied("internal"), 403),
])
def test_the_api_handler_replaces_drfs_words_with_the_fixed_message(exception, status):
    response = errors.api_exception_handler(exception, {})
    assert response.status_code == status and response.data == {"detail": MESSAGES[status]}


def test_the_api_handler_keeps_field_messages_and_the_projects_bodies():
    invalid = api_exceptions.ValidationError({"q": ["This field is required."]})
    assert errors.api_exception_handler(invalid, {}).data == {"q": ["This field is required."]}
    from judgeapp.sandbox.api import SandboxAPIError

    body = {"error": "invalid", "field": "game", "message": "expected one of vanguard, weiss-schwarz"}
    response = errors.api_exception_handler(SandboxAPIError(body, 400), {})
    assert response.status_code == 400 and response.data == body
    assert errors.api_exception_handler(errors.NotFound("no scenario 'x'"), {}).data == {"detail": "no scenario 'x'"}
    assert errors.api_exception_handler(ValueError("boom"), {}) is None  # a server error: handler500
