"""Compare pages, API, exports, upload and change review."""
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile

from rulesdb.models import ChangeReport, Document
from tests.rulesdb.translation.test_changes import synthetic_it_2_3

pytestmark = pytest.mark.django_db
NS = {"x": "urn:oasis:names:tc:xliff:document:2.0"}


def test_compare_page_side_by_side_filtered_with_reader_links(client):
    response = client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", {"status": "renumbered", "section": "7"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="/rules/vg-cr-it-2.2/7.2/"' in html and 'href="/rules/vg-cr-en-1.48/7.3/"' in html
    assert "Sottofase Iniziale" in html and "Start Step" in html
    assert "vg-cr-it-2.2/8.1/" not in html and "vg-cr-it-2.2/1.1/" not in html


def test_compare_errors_are_clear(client):
    assert client.get("/compare/vg-cr-it-2.2/nope/").status_code == 404
    assert client.get("/compare/vg-cr-it-2.2/ws-cr-it/").status_code == 400
    assert client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", {"status": "bogus"}).status_code == 400
    assert client.get("/api/v1/compare/", {"left": "vg-cr-it-2.2", "right": "nope"}).status_code == 404
    assert client.get("/api/v1/compare/", {"left": "vg-cr-it-2.2", "right": "altered-cr-it"}).status_code == 400
    assert client.get("/api/v1/compare/").status_code == 400


def test_api_pairs(client):
    data = client.get("/api/v1/compare/", {"left": "vg-cr-it-2.2", "right": "vg-cr-en-1.48"}).json()
    pair = next(p for p in data["pairs"] if p["left"] and p["left"]["id"] == "7.2")
    assert pair["right"] == {"id": "7.3", "number": "7.3"} and pair["status"] == "renumbered"
    assert data["counts"]["right-only"] >= 10


def test_xliff_and_csv_exports_parse(client):
    body = client.get("/compare/vg-cr-en-1.48/vg-cr-it-2.2/export.xlf").content
    root = ET.fromstring(body)
    assert root.tag == "{urn:oasis:names:tc:xliff:document:2.0}xliff"
    assert root.get("version") == "2.0" and root.get("srcLang") == "en" and root.get("trgLang") == "it"
    units = root.findall("x:file/x:unit", NS)
    assert len(units) > 500
    unit = next(u for u in units if u.get("name") == "7.3")
    assert unit.find("x:segment/x:source", NS).text.startswith("Start Step")
    assert unit.find("x:segment/x:target", NS).text.startswith("Sottofase Iniziale")
    csv_bytes = client.get("/compare/vg-cr-en-1.48/vg-cr-it-2.2/export.csv").content
    assert csv_bytes.startswith(b"\xef\xbb\xbf")  # the byte-order mark Excel needs to read UTF-8
    csv_text = csv_bytes.decode("utf-8-sig")
    assert csv_text.splitlines()[0] == "order,source_id,source_number,target_id,target_number,status,score,review,source,target,may_need_updating"
    assert "è" in csv_text


def test_upload_is_staff_only_and_review_publishes(client):
    assert client.get("/compare/upload/").status_code == 302  # to the login page
    staff = User.objects.create_user("editor", password="pw", is_staff=True)
    client.force_login(staff)
    upload = SimpleUploadedFile("vg-cr-it-2.3.txt", synthetic_it_2_3())
    response = client.post(
        "/compare/upload/",
        {"file": upload, "game": "vanguard", "kind": "cr", "language": "it", "version": "2.3", "slug": "vg-cr-it-2.3", "date": "2024-06-01"},
    )
    assert response.status_code == 200 and response.streaming  # the import's progress, step by step
    assert response["X-Accel-Buffering"] == "no"  # nginx passes each step on as it comes
    progress = b"".join(response.streaming_content).decode()
    report = ChangeReport.objects.get(new__slug="vg-cr-it-2.3")
    assert f'href="/compare/changes/{report.pk}/"' in progress
    page = client.get(f"/compare/changes/{report.pk}/").content.decode()
    assert "12.4 is now 12.5" in page and "Publish vg-cr-it-2.3" in page
    client.post(f"/compare/changes/{report.pk}/publish/", {"confirm": "yes"})
    report.refresh_from_db()
    assert report.published_at and report.reviewed_by == "editor"
    assert Document.objects.get(slug="vg-cr-it-2.3").published
    assert Document.objects.get(slug="vg-cr-it-2.2").published  # the old version stays readable


def test_upload_refuses_bad_file(client):
    client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
    response = client.post(
        "/compare/upload/",
        {"file": SimpleUploadedFile("x.txt", b"\xe0\xe1 not utf8"), "game": "vanguard", "kind": "cr", "language": "it", "version": "9", "slug": "vg-cr-it-9"},
    )
    assert response.status_code == 400 and "not valid UTF-8" in response.content.decode()
