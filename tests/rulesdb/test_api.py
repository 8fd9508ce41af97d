"""The reader's JSON API under /api/v1/."""
import pytest

pytestmark = pytest.mark.django_db


def test_documents_list_the_five(client):
    data = client.get("/api/v1/documents/").json()
    slugs = {d["slug"] for d in data}
    assert {"vg-cr-it-2.2", "vg-cr-en-1.48", "vg-playbook-it-3.00", "ws-cr-it", "altered-cr-it"} <= slugs
    it = next(d for d in data if d["slug"] == "vg-cr-it-2.2")
    assert it["language"] == "it" and it["series"] == "vg-cr-it" and it["clause_count"] > 800


def test_document_detail_and_unknown_document(client):
    assert client.get("/api/v1/documents/altered-cr-it/").json()["language"] == "it"
    response = client.get("/api/v1/documents/nope/")
    assert response.status_code == 404 and "nope" in response.json()["detail"]


def test_clause_has_children_references_and_cited_by(client):
    data = client.get("/api/v1/documents/vg-cr-it-2.2/clauses/7.3.1.3/").json()
    assert data["number"] == "7.3.1.3" and data["url"] == "/rules/vg-cr-it-2.2/7.3.1.3/"
    assert [c["number"] for c in data["children"]] == ["7.3.1.3.1", "7.3.1.3.2"]
    assert {c["number"] for c in data["cited_by"]} >= {"7.3.1.3.1", "7.3.1.3.2"}
    ref = client.get("/api/v1/documents/vg-cr-it-2.2/clauses/7.3.1.3.1./").json()["references"][0]
    assert ref["target_number"] == "7.3.1.3" and ref["target_url"] == "/rules/vg-cr-it-2.2/7.3.1.3/"


def test_dangling_reference_has_a_null_url(client):
    refs = client.get("/api/v1/documents/vg-cr-it-2.2/clauses/7.5.1.3/").json()["references"]
    assert any(r["target_number"] == "7.1.5.2" and r["target_url"] is None for r in refs)


def test_duplicates_are_listed(client):
    data = client.get("/api/v1/documents/vg-cr-it-2.2/clauses/11.15.1.1/").json()
    assert [d["stable_id"] for d in data["duplicates"]] == ["11.15.1.1~2"]


def test_a_misprinted_number_is_served_at_its_address_with_the_printed_number(client):
    data = client.get("/api/v1/documents/vg-cr-it-2.2/clauses/11.6.1/").json()
    assert data["printed_number"] == "11.5.1" and data["parent"]["number"] == "11.6"
    assert data["text"].startswith('"Vincolo"')
    assert client.get("/api/v1/documents/vg-cr-it-2.2/clauses/11.5.1/").json()["printed_number"] == ""


@pytest.mark.parametrize("number", ["9.9.9.9", "<script>", "x" * 300])
def test_unknown_clause_is_a_404_with_a_message(client, number):
    response = client.get(f"/api/v1/documents/vg-cr-it-2.2/clauses/{number}/")
    assert response.status_code == 404
    assert "no clause" in response.json()["detail"]


def test_glossary(client):
    data = client.get("/api/v1/documents/vg-cr-en-1.48/glossary/").json()
    assert any(e["term"] == "Legion" and e["clause"]["url"].startswith("/rules/vg-cr-en-1.48/") for e in data)


def test_schema_validates(client):
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--file", "/dev/null")
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in ("/api/v1/documents/", "/api/v1/documents/{slug}/clauses/{number}/", "/api/v1/documents/{slug}/glossary/"):
        assert path in schema["paths"]


def test_the_api_names_lost_icons_as_the_reader_does_and_references_follow(client):
    """No "()" or stray punctuation left by an icon the extraction dropped: the API serves the text
    the reader shows, and each reference's offsets still point at its number."""
    from rulesdb.models import Clause
    from rulesdb.parsers.icons import lost_icons

    checked = 0
    for clause in Clause.objects.select_related("document").exclude(number="").order_by("document", "order"):
        language = clause.document.language
        if not lost_icons(clause.text, language=language) or clause.stable_id != clause.number:
            continue
        data = client.get(f"/api/v1/documents/{clause.document.slug}/clauses/{clause.number}/").json()
        assert lost_icons(data["text"], language=language) == [], (clause.document.slug, clause.number)
        assert "[icon" in data["text"], data["text"]
        for ref in data["references"]:
            assert data["text"][ref["start"]:ref["end"]] == ref["target_number"] or ref["raw"].endswith(
                data["text"][ref["start"]:ref["end"]]), ref
        checked += 1
    assert checked >= 50
