"""Site-wide guards: text that is not valid Unicode, drafts, the upload refusal, the admin login
throttle, over-size chunked bodies, and `check --deploy` with the HTTPS settings on."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import WSGIHandler

from judgeapp.sandbox.models import Scenario
from rulesdb.models import Document
from tests.judgeapp.sandbox.test_api import API, board, post

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
BAD_TEXTS = ("\ud800", "a\x00b")


def _string_paths(value, path=()):
    """Every path (tuple of keys and indexes) to a string inside a JSON value."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _string_paths(item, path + (key,))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield from _string_paths(item, path + (position,))


def _replaced(value, path, new):
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


def _body():
    return {"scenario": board(), "title": "Guard", "question": "Does it hold?", "description": "Boosted.",
            "tags": ["guard", "boost"]}


def test_invalid_text_in_any_string_of_a_created_scenario_is_a_400_naming_it(client):
    body = _body()
    paths = list(_string_paths(body))
    assert len(paths) > 15 and ("tags", 0) in paths and ("scenario", "players", 0, "deck", 0, "name") in paths
    before = Scenario.objects.count()
    for path in paths:
        for bad in BAD_TEXTS:
            response = post(client, API, _replaced(body, path, bad))
            assert response.status_code == 400, (path, response.content[:200])
            field = response.json()["field"]
            assert field.split(".")[-1].split("[")[0] in {str(p) for p in path}, (path, field)
    assert Scenario.objects.count() == before


def test_invalid_text_in_a_key_or_an_imported_export_is_refused(client):
    created = post(client, API, _body()).json()
    exported = client.get(f"{API}{created['id']}/export/").json()
    before = Scenario.objects.count()
    for path in list(_string_paths(exported))[:60]:
        response = post(client, API, _replaced(exported, path, "\ud800"))
        assert response.status_code == 400, (path, response.content[:200])
    assert post(client, API, {**_body(), "\ud800": 1}).status_code == 400
    assert Scenario.objects.count() == before


def test_a_patch_with_a_surrogate_saves_nothing_and_the_scenario_stays_readable(client):
    created = post(client, API, _body()).json()
    url = f"{API}{created['id']}/"
    for field, value in (("tags", ["ok", "\ud800"]), ("title", "\ud800"), ("question", "x\x00")):
        response = client.patch(url, json.dumps({field: value}), content_type="application/json")
        assert response.status_code == 400 and response.json()["field"].startswith(field)
    after = client.get(url)
    assert after.status_code == 200 and after.json()["tags"] == ["guard", "boost"]
    assert client.get(f"/sandbox/{created['id']}/").status_code == 200


def test_the_import_page_refuses_a_surrogate_in_pasted_or_uploaded_json(client):
    exported = client.get(f"{API}{post(client, API, _body()).json()['id']}/export/").json()
    before = Scenario.objects.count()
    bad = json.dumps(_replaced(exported, next(iter(_string_paths(exported))), "\ud800"))
    pasted = client.post("/sandbox/import/", {"json": bad})
    uploaded = client.post("/sandbox/import/", {"file": SimpleUploadedFile("s.json", bad.encode())})
    for response in (pasted, uploaded):
        assert response.status_code == 400 and "not valid text" in response.content.decode()
    assert Scenario.objects.count() == before


def test_nul_in_rules_queries_and_forms_is_a_400_naming_the_field(client):
    page = client.get("/search/", {"q": "guard\x00"})
    assert page.status_code == 400 and "“q”" in page.content.decode()
    api = client.get("/api/v1/search/", {"q": "\x00"})
    assert api.status_code == 400 and api.json()["field"] == "q"
    assert client.get("/rules/vg-cr-it-2.2/jump/", {"number": "1\x00"}).status_code == 400
    assert client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", {"section": "\x00"}).status_code == 400
    client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
    upload = client.post("/compare/upload/", {"file": SimpleUploadedFile("x.txt", b"1. x"), "game": "vanguard",
                                              "kind": "cr", "language": "it", "version": "9\x00", "slug": "vg-cr-it-9"})
    assert upload.status_code == 400 and "“version”" in upload.content.decode()
    assert not Document.objects.filter(slug="vg-cr-it-9").exists()


DRAFT = "vg-cr-en-1.48"
DRAFT_ROUTES = (
    f"/rules/{DRAFT}/", f"/rules/{DRAFT}/1/", f"/rules/{DRAFT}/glossary/",
    f"/compare/vg-cr-it-2.2/{DRAFT}/", f"/compare/{DRAFT}/vg-cr-it-2.2/terminology/",
    f"/compare/{DRAFT}/vg-cr-it-2.2/terminology/?format=csv",
    f"/compare/vg-cr-it-2.2/{DRAFT}/export.csv", f"/compare/vg-cr-it-2.2/{DRAFT}/export.xlf",
    f"/api/v1/compare/?left=vg-cr-it-2.2&right={DRAFT}",
)


@pytest.fixture
def draft():
    Document.objects.filter(slug=DRAFT).update(published=False)


@pytest.mark.parametrize("url", DRAFT_ROUTES)
def test_a_draft_is_a_404_for_anyone_but_staff(client, draft, url):
    assert client.get(url).status_code == 404
    client.force_login(User.objects.create_user("reader", password="pw"))
    assert client.get(url).status_code == 404
    client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
    assert client.get(url, follow=True).status_code == 200


def test_not_found_messages_list_only_what_the_caller_may_see(client, draft):
    anonymous = client.get("/api/v1/compare/?left=vg-cr-it-2.2&right=nope").json()["detail"]
    assert "vg-cr-it-2.2" in anonymous and DRAFT not in anonymous
    page = client.get(f"/compare/vg-cr-it-2.2/{DRAFT}/").content.decode()
    assert "loaded: " in page and DRAFT not in page.split("loaded: ", 1)[1]
    client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
    assert DRAFT in client.get("/api/v1/compare/?left=vg-cr-it-2.2&right=nope").json()["detail"]


def test_an_upload_to_a_published_slug_is_refused_and_unpublishes_nothing(client):
    client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
    response = client.post("/compare/upload/", {
        "file": SimpleUploadedFile("vg-cr-it-2.2.txt", b"1. Regole\n1.1. Testo\n"), "game": "vanguard", "kind": "cr",
        "language": "it", "version": "2.2", "slug": "vg-cr-it-2.2", "date": "2024-06-01"})
    assert response.status_code == 400 and "a new version gets a new slug" in response.content.decode()
    assert Document.objects.get(slug="vg-cr-it-2.2").published
    assert client.logout() is None and client.get("/rules/vg-cr-it-2.2/").status_code == 200


def test_the_service_refuses_a_draft_over_a_published_slug():
    from rulesdb.services import DocumentSpec, RulesImportError, ruleset_import

    spec = DocumentSpec(slug="vg-cr-it-2.2", game="vanguard", kind="cr", language="it", version="2.2",
                        family="vanguard-cr", date=None, file="x.txt")
    with pytest.raises(RulesImportError, match="new slug"):
        ruleset_import(spec=spec, data=b"1. x\n", published=False)
    assert Document.objects.get(slug="vg-cr-it-2.2").published


def test_admin_login_is_throttled_per_address_and_user(client, settings):
    from django.core.cache import cache

    cache.clear()
    User.objects.create_superuser("boss", password="right-password")
    for _ in range(settings.ADMIN_LOGIN_MAX_FAILURES):
        assert client.post("/admin/login/", {"username": "boss", "password": "wrong"}).status_code == 200
    locked = client.post("/admin/login/", {"username": "boss", "password": "right-password"})
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0
    assert "Too many failed logins" in locked.content.decode()
    other = client.post("/admin/login/", {"username": "someone", "password": "x"})
    assert other.status_code == 200  # another user name from the same address is not locked out
    cache.clear()
    assert client.post("/admin/login/", {"username": "boss", "password": "right-password"}).status_code == 302


def _chunked(path: str, body: bytes, content_type="application/json"):
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "testserver", "SERVER_PORT": "80",
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "CONTENT_TYPE": content_type,
        "HTTP_TRANSFER_ENCODING": "chunked", "HTTP_HOST": "testserver",
    }
    status = []
    chunks = WSGIHandler()(environ, lambda s, h, *a: status.append(s))
    return int(status[0].split()[0]), b"".join(chunks)


def test_a_chunked_body_over_the_limit_is_413_and_one_within_it_is_read(settings):
    code, body = _chunked(API, b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10))
    assert code == 413 and b"larger than" in body
    before = Scenario.objects.count()
    code, body = _chunked(API, json.dumps({"scenario": board(), "title": "chunked"}).encode())
    assert code == 201, body[:300]
    assert Scenario.objects.count() == before + 1


def test_check_deploy_is_clean_with_the_https_settings_on(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "JUDGEAPP_"))}
    env.update(DJANGO_SECRET_KEY="k" * 30 + "-not-a-real-secret-0123456789abcdef", JUDGEAPP_HTTPS="1",
               DJANGO_ALLOWED_HOSTS="judges.example.org", JUDGEAPP_VAR_DIR=str(tmp_path),
               DJANGO_SETTINGS_MODULE="judgeapp.settings.prod")
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    env.pop("JUDGEAPP_HTTPS")
    plain = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    assert plain.returncode != 0 and "SECURE_SSL_REDIRECT" in plain.stdout + plain.stderr
