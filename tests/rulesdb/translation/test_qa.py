"""The translation QA pages: findings grouped by check and term with links, pagination, dismissals
(staff only, with a reason, listed, undoable), the pair page, and uncertain counterparts."""
import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from rulesdb.management.commands.seed_glossary import glossary_seed
from rulesdb.models import Clause, Document, QADismissal
from rulesdb.translation import qa
from rulesdb.translation.alignment import UNCERTAIN_SCORE, alignment_get_or_compute, clause_counterpart

pytestmark = pytest.mark.django_db
QA = "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/"
KEY = "numbers|8, 16|5.3.2|5.3.2"


@pytest.fixture(autouse=True)
def glossary():
    glossary_seed()
    cache.clear()


@pytest.fixture
def staff(client):
    user = User.objects.create_user("translator", password="pw", is_staff=True)
    client.force_login(user)
    return user


def test_findings_grouped_by_check_and_term_with_links(client):
    html = client.get(QA, {"check": "numbers"}).content.decode()
    assert "<h2>Numbers differ</h2>" in html and "<table" not in html  # blocks that wrap, not squeezed columns
    assert 'href="/rules/vg-cr-en-1.48/5.3.2/"' in html and 'href="/rules/vg-cr-it-2.2/5.3.2/"' in html
    assert "Italian has 8; English has 16" in html
    assert 'href="?check=numbers&amp;term=8%2C%2016"' in html  # the term is a link to its findings
    assert "/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/" in html


def test_pages_and_filters(client):
    html = client.get(QA).content.decode()
    assert "page 1 of " in html and "Glossary term not rendered" in html
    assert html.count('class="qa-finding"') == 40
    assert client.get(QA, {"page": 2}).status_code == 200
    only = client.get(QA, {"check": "missing", "term": "power"}).content.decode()
    assert only.count('class="qa-finding"') == 3 and "Showing “power” only" in only


def test_bad_requests_are_explained(client):
    response = client.get(QA, {"check": "spelling"})
    assert response.status_code == 400 and "spelling" not in response.content.decode().split("<main")[0]
    # Two Italian documents: nothing to check a translation against.
    response = client.get("/compare/vg-cr-it-2.2/vg-playbook-it-3.00/terminology/")
    assert response.status_code == 400


def test_csv_of_findings_has_a_byte_order_mark(client):
    body = client.get(QA, {"format": "csv", "check": "numbers"}).content
    assert body.startswith(b"\xef\xbb\xbf") and KEY.encode() in body


def test_dismiss_with_a_reason_list_and_undo(client, staff):
    dismiss = "/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/dismiss/"
    response = client.post(dismiss, {"key": KEY, "reason": "  ", "next": QA})
    assert response.status_code == 400 and "Say why" in response.content.decode()
    response = client.post(dismiss, {"key": "numbers|1|9.9|9.9", "reason": "x"})
    assert response.status_code == 400 and "no longer reported" in response.content.decode()
    response = client.post(dismiss, {"key": KEY, "reason": "The Italian 2.2 lowered the limit on purpose", "next": QA + "?check=numbers"})
    assert response.status_code == 302 and response.url == QA + "?check=numbers"
    assert KEY not in client.get(QA, {"check": "numbers", "format": "csv"}).content.decode()
    listed = client.get(QA + "dismissed/").content.decode()
    assert "lowered the limit on purpose" in listed and "translator" in listed
    # The same from the other side of the comparison: one dismissal per pair of documents.
    assert KEY not in client.get("/compare/vg-cr-en-1.48/vg-cr-it-2.2/terminology/", {"format": "csv"}).content.decode()
    dismissal = QADismissal.objects.get(key=KEY)
    response = client.post(f"{QA}dismissed/{dismissal.pk}/undo/", {"next": "https://evil.example/"})
    assert response.status_code == 302 and response.url == QA + "dismissed/"
    assert KEY in client.get(QA, {"check": "numbers", "format": "csv"}).content.decode()


def test_only_staff_dismiss(client):
    response = client.post("/compare/vg-cr-it-2.2/vg-cr-en-1.48/terminology/dismiss/", {"key": KEY, "reason": "no"})
    assert response.status_code == 302 and "/login/" in response.url
    assert not QADismissal.objects.exists()
    assert "Dismiss</button>" not in client.get(QA).content.decode()


def test_dismissing_twice_keeps_one_row_with_the_last_reason():
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    qa.qa_dismiss(left=it, right=en, key=KEY, reason="first", user="a")
    qa.qa_dismiss(left=en, right=it, key=KEY, reason="second", user="b")
    assert list(QADismissal.objects.values_list("reason", "dismissed_by")) == [("second", "b")]


def test_pair_page_shows_both_texts_and_findings(client):
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    pair = alignment_get_or_compute(left=it, right=en).pairs.get(left_clause__number="5.3.2")
    html = client.get(f"/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/{pair.order}/").content.decode()
    assert "massimo di 8 carte" in html and "0 to 16 cards" in html and "Numbers differ" in html
    assert client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/999999/").status_code == 404


def test_uncertain_pairs_are_shown_as_uncertain_never_as_same_content(client):
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    alignment = alignment_get_or_compute(left=it, right=en)
    weak = alignment.pairs.filter(status="same", score__lt=UNCERTAIN_SCORE).select_related("left_clause", "right_clause").first()
    assert weak is not None
    clause = Clause.objects.get(pk=weak.left_clause_id)
    counterpart, how = clause_counterpart(clause=clause, other_document=en)
    assert how.startswith("uncertain counterpart") and "same content" not in how
    html = client.get(f"/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/{weak.order}/").content.decode()
    assert "Uncertain counterpart" in html
    only = client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", {"status": "uncertain"}).content.decode()
    assert only.count('class="uncertain"') >= 10 and '<td class="status">same' not in only
    listing = client.get("/compare/vg-cr-it-2.2/vg-cr-en-1.48/", {"status": "same"}).content.decode()
    assert f'class="uncertain" href="/compare/vg-cr-it-2.2/vg-cr-en-1.48/pair/{weak.order}/"' in listing


def test_numbers_differing_inside_a_pair_flag_it():
    it, en = Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")
    counterpart, how = clause_counterpart(clause=Clause.objects.get(document=it, number="5.3.2"), other_document=en)
    assert counterpart.number == "5.3.2"
    assert how == "same number, but the numbers differ: 8 here, 16 there"


def test_api_lists_open_findings_and_marks_uncertain_pairs(client):
    data = client.get("/api/v1/compare/qa/", {"left": "vg-cr-en-1.48", "right": "vg-cr-it-2.2", "check": "numbers"}).json()
    assert data["english"] == "vg-cr-en-1.48" and data["italian"] == "vg-cr-it-2.2"
    found = next(f for f in data["findings"] if f["key"] == KEY)
    assert found["english"] == {"id": "5.3.2", "number": "5.3.2"} and "16" in found["detail"]
    assert client.get("/api/v1/compare/qa/", {"left": "vg-cr-en-1.48", "right": "vg-cr-it-2.2", "check": "x"}).status_code == 400
    assert client.get("/api/v1/compare/qa/", {"left": "vg-cr-it-2.2", "right": "vg-playbook-it-3.00"}).status_code == 400
    assert client.get("/api/v1/compare/qa/").status_code == 400
    pairs = client.get("/api/v1/compare/", {"left": "vg-cr-it-2.2", "right": "vg-cr-en-1.48"}).json()["pairs"]
    assert any(p["uncertain"] for p in pairs) and all(p["score"] >= UNCERTAIN_SCORE for p in pairs if p["status"] == "same" and not p["uncertain"])
