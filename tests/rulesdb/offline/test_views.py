"""The offline routes: the manifest, the service worker served at the root with its scope and no
caching, the offline page, the catalogue and the bundles."""
import json

import pytest
from django.contrib.staticfiles import finders

from rulesdb.models import Clause, Document

pytestmark = pytest.mark.django_db


def test_the_manifest_installs_the_site_as_an_app(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(answer.content)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/") and finders.find(icon["src"].removeprefix("/static/"))
    assert 'rel="manifest" href="/manifest.webmanifest"' in client.get("/").content.decode()


def test_the_manifest_speaks_the_visitor_s_language(client):
    italian = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="it").content)
    english = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en").content)
    assert italian["lang"] == "it" and english["lang"] == "en"


def test_the_service_worker_is_served_at_the_root_for_the_whole_site_and_never_kept(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    cache_control = answer["Cache-Control"]
    assert "no-cache" in cache_control and "max-age=0" in cache_control and "immutable" not in cache_control
    script = answer.content.decode()
    # The offline page and its hashed assets are what it keeps first.
    assert '"/offline/"' in script and "/static/judgeapp/offline-reader.js" in script
    assert "/static/vendor/minisearch-7.2.0/minisearch.js" in script
    assert "{{" not in script and "{%" not in script
    again = client.get("/sw.js", HTTP_IF_NONE_MATCH=answer["ETag"])  # the browser's check at each navigation
    assert again.status_code == 304 and again["Service-Worker-Allowed"] == "/"
    for path in json.loads(script.split("const ASSETS = ")[1].split(";")[0]):
        assert finders.find(path.removeprefix("/static/")), path


def test_every_page_registers_the_worker_and_a_document_page_offers_to_keep_it(client):
    assert "/static/judgeapp/offline.js" in client.get("/").content.decode()
    page = client.get("/rules/vg-cr-it-2.2/").content.decode()
    assert 'class="offline-keep" data-slug="vg-cr-it-2.2"' in page and "Keep offline" in page


def test_the_offline_page_says_what_is_kept_and_searches_it(client):
    page = client.get("/offline/").content.decode()
    assert "data-offline-shell" in page and 'id="offline-search"' in page and "Kept on this device" in page
    assert 'data-search-script="/static/vendor/minisearch-7.2.0/minisearch.js"' in page  # loaded at the first search


def test_the_catalogue_gives_each_document_s_bundle_and_its_size(client):
    answer = client.get("/offline/documents.json")
    assert answer.status_code == 200 and "no-cache" in answer["Cache-Control"]
    entries = {entry["slug"]: entry for entry in answer.json()["documents"]}
    entry = entries["vg-cr-en-1.48"]
    bundle = client.get(entry["url"])
    assert bundle.status_code == 200 and bundle["Content-Type"] == "application/json"
    assert "immutable" in bundle["Cache-Control"]
    assert len(bundle.content) == entry["bytes"] and entry["gzip_bytes"] < entry["bytes"]
    payload = json.loads(bundle.content)
    assert len(payload["clauses"]) == entry["clauses"] == Clause.objects.filter(document__slug="vg-cr-en-1.48").count()


def test_an_old_bundle_address_leads_to_the_current_one_and_a_draft_is_not_given(client):
    entry = {e["slug"]: e for e in client.get("/offline/documents.json").json()["documents"]}["ws-cr-it"]
    stale = client.get("/offline/documents/ws-cr-it.000000000000.json")
    assert stale.status_code == 302 and stale["Location"] == entry["url"]
    Document.objects.filter(slug="ws-cr-it").update(published=False)
    missing = client.get(entry["url"])
    assert missing.status_code == 404 and "ws-cr-it" in missing.content.decode()
    assert "Traceback" not in missing.content.decode()


def test_the_catalogue_may_be_asked_for_some_series_only(client):
    answer = client.get("/offline/documents.json?series=vg-cr-en,ws-cr-it")
    assert {entry["slug"] for entry in answer.json()["documents"]} == {"vg-cr-en-1.48", "ws-cr-it"}
    assert client.get("/offline/documents.json?series=").json()["documents"] == []
