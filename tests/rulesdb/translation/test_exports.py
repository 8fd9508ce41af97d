"""CSV and XLIFF exports a CAT tool accepts, and a translated XLIFF brought back as a draft version."""
import csv
import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from lxml import etree

from rulesdb.models import ChangeReport, Document
from rulesdb.translation import exports
from rulesdb.translation.alignment import UNCERTAIN_SCORE, alignment_get_or_compute

pytestmark = pytest.mark.django_db
SCHEMA = Path(__file__).parent / "data" / "xliff" / "xliff_core_2.0.xsd"
NS = {"x": exports.XLIFF_NS}
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


@pytest.fixture(scope="module")
def schema():
    return etree.XMLSchema(etree.parse(str(SCHEMA)))


def _xliff(client, left="vg-cr-en-1.48", right="vg-cr-it-2.2"):
    return client.get(f"/compare/{left}/{right}/export.xlf").content


@pytest.mark.parametrize("left,right", [("vg-cr-en-1.48", "vg-cr-it-2.2"), ("vg-cr-it-2.2", "vg-cr-en-1.48")])
def test_xliff_is_valid_against_the_xliff_2_schema(client, schema, left, right):
    root = etree.fromstring(_xliff(client, left, right))
    assert schema.validate(root), schema.error_log.last_error
    # No unit without words to translate (IT 13.1 is a bare number).
    assert all("".join(s.itertext()).strip() for s in root.iterfind(".//x:source", NS))
    names = {u.get("name") for u in root.iterfind(".//x:unit", NS)}
    assert "13.1" not in names or left == "vg-cr-en-1.48"


def test_the_schema_catches_what_it_should(schema):
    bad = etree.fromstring(
        b'<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">'
        b'<file id="f"><unit id="u1"><segment state="done"><source>a</source></segment></unit></file></xliff>'
    )
    assert not schema.validate(bad)


def test_line_breaks_are_preserved_and_uncertain_pairs_are_never_translated(client):
    root = etree.fromstring(_xliff(client))
    multi = [s for s in root.iterfind(".//x:source", NS) if "\n" in "".join(s.itertext())]
    assert multi and all(s.get(XML_SPACE) == "preserve" for s in multi)
    en, it = Document.objects.get(slug="vg-cr-en-1.48"), Document.objects.get(slug="vg-cr-it-2.2")
    alignment = alignment_get_or_compute(left=en, right=it)
    weak = {p.left_clause.stable_id for p in alignment.pairs.filter(score__lt=UNCERTAIN_SCORE, status__in=["same", "renumbered"]).select_related("left_clause")}
    assert weak
    for unit in root.iterfind(".//x:unit", NS):
        if unit.get("name") in weak:
            assert unit.find("x:segment", NS).get("state") == "initial"
            assert any(n.get("category") == "review" for n in unit.iterfind("x:notes/x:note", NS))


def test_csv_marks_uncertain_pairs_for_review(client):
    text = client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/export.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert any(r["review"] == "uncertain counterpart" for r in rows)
    assert all(float(r["score"]) >= UNCERTAIN_SCORE for r in rows if r["review"] == "" and r["status"] in ("same", "renumbered"))
    pair = next(r for r in rows if r["source_number"] == "5.3.2")
    assert "8 carte" in pair["source"] and "16 cards" in pair["target"]


def _translated(xliff: bytes, target_id: str, new_text: str) -> bytes:
    root = etree.fromstring(xliff)
    for unit in root.iterfind(".//x:unit", NS):
        if any(n.get("category") == "target" and n.text == target_id for n in unit.iterfind("x:notes/x:note", NS)):
            unit.find("x:segment/x:target", NS).text = new_text
            unit.find("x:segment", NS).set("state", "reviewed")
            break
    else:
        raise AssertionError(f"no unit for {target_id}")
    return etree.tostring(root, xml_declaration=True, encoding="utf-8")


def test_round_trip_a_translated_segment_becomes_a_draft_whose_report_shows_exactly_it(client, schema):
    staff = User.objects.create_user("translator", password="pw", is_staff=True)
    client.force_login(staff)
    xliff = _xliff(client)
    new = "Un G Deck deve essere costituito da un minimo di 0 a un massimo di 16 carte."
    translated = _translated(xliff, "5.3.2", new)
    assert schema.validate(etree.fromstring(translated))
    response = client.post(
        "/compare/vg-cr-en-1.48/vg-cr-it-2.2/import-xliff/",
        {"file": SimpleUploadedFile("vg.xlf", translated), "version": "2.3", "slug": "vg-cr-it-2.3"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    draft = Document.objects.get(slug="vg-cr-it-2.3")
    assert not draft.published and draft.language == "it"
    assert draft.clauses.get(number="5.3.2").text == new
    report = ChangeReport.objects.get(new=draft)
    assert response.url == f"/compare/changes/{report.pk}/"
    assert [(c["change"], c["new_number"]) for c in report.changes] == [("changed", "5.3.2")]
    assert "-[8] +[16]" in report.changes[0]["detail"]


def test_xliff_import_refuses_what_it_cannot_use(client):
    client.force_login(User.objects.create_user("translator", password="pw", is_staff=True))
    url = "/compare/vg-cr-en-1.48/vg-cr-it-2.2/import-xliff/"

    def post(data: bytes):
        return client.post(url, {"file": SimpleUploadedFile("x.xlf", data), "version": "2.3", "slug": "vg-cr-it-2.3"})

    for body, message in [
        (b"not xml", "not a well-formed XLIFF"),
        (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>', "entities"),
        (b'<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"/>', "not an XLIFF 2.0 file"),
        (_xliff(client), "nothing to import"),
    ]:
        response = post(body)
        assert response.status_code == 400 and message in response.content.decode(), message
        assert "Traceback" not in response.content.decode()
    assert not Document.objects.filter(slug="vg-cr-it-2.3").exists()
    client.logout()
    assert client.get(url).status_code == 302  # staff only
