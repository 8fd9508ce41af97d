"""The version lifecycle on a synthetic next version of the Italian Vanguard rules (IT 2.3), uploaded,
reviewed and published through the staff pages: current version, jump, search, superseded notices,
renumbered 404s, clause history, counterparts carried over and counterpart flags."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from rulesdb import search
from rulesdb.models import AlignedPair, Alignment, ChangeReport, CounterpartFlag, Document
from rulesdb.services import SOURCES_DIR

pytestmark = pytest.mark.django_db

REWORDED = "5.3.2"          # "massimo di 8 carte" becomes 16
INSERTED_BEFORE = "10.7.1.4"
RENUMBERED = ("12.4", "12.5")  # a heading and its rules  # a new 10.7.1.4: the old 10.7.1.4 and 10.7.1.5 become 10.7.1.5 and 10.7.1.6
REMOVED = "7.2.1.3"
HAND_PAIRS = Path(__file__).parent / "translation" / "data" / "alignment_subsections.tsv"


def synthetic_next_version() -> bytes:
    lines = (SOURCES_DIR / "vg-cr-it-2.2.txt").read_text(encoding="utf-8").split("\n")

    def at(prefix: str) -> int:
        return next(i for i, line in enumerate(lines) if i >= 200 and line.lstrip("- ").startswith(prefix))

    lines[at("5.3.2. ")] = lines[at("5.3.2. ")].replace("massimo di 8 carte", "massimo di 16 carte")
    old_5 = at("10.7.1.5. ")
    lines[old_5] = lines[old_5].replace("10.7.1.5. ", "10.7.1.6. ", 1)
    old_4 = at("10.7.1.4. ")
    lines[old_4] = lines[old_4].replace("10.7.1.4. ", "10.7.1.5. ", 1)
    lines.insert(old_4, "10.7.1.4. Una carta schierata da un effetto durante la Fase di Battaglia non può attaccare nello stesso turno.\n")
    del lines[at("7.2.1.3. ")]
    heading = at("12.4. Turni")  # the last heading of the text, renumbered: 12.4 prints no more
    for i in range(heading, heading + 3):
        lines[i] = lines[i].replace("12.4.", "12.5.")
    return "\n".join(lines).encode("utf-8")


@pytest.fixture
def published(client, tmp_path, django_capture_on_commit_callbacks):
    """IT 2.3 uploaded, reviewed and published through the staff pages (the search index rebuilt
    at publication, as after the commit)."""
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "search"):
        search.index_rebuild()
        client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
        form = client.get("/compare/upload/", {"series": "vg-cr-it"})
        assert form.status_code == 200
        initial = form.context["form"].initial
        assert initial["title"] == Document.objects.get(slug="vg-cr-it-2.2").title and initial["language"] == "it"
        response = client.post("/compare/upload/", {
            "file": SimpleUploadedFile("vg-cr-it-2.3.txt", synthetic_next_version()), "series": "vg-cr-it",
            "game": "vanguard", "kind": "cr", "language": "it", "version": "2.3", "slug": "vg-cr-it-2.3",
            "date": "2026-01-15", "title": "", "credit": "",
        })
        assert response.status_code == 200 and response.streaming
        progress = b"".join(response.streaming_content).decode()
        report = ChangeReport.objects.get(new__slug="vg-cr-it-2.3")
        assert "Storing the clauses… done" in progress and f"/compare/changes/{report.pk}/" in progress
        new = Document.objects.get(slug="vg-cr-it-2.3")
        assert not new.published and new.title == Document.objects.get(slug="vg-cr-it-2.2").title
        # The draft: staff see it with a banner, readers do not; search does not have it yet.
        assert "Draft:" in client.get("/rules/vg-cr-it-2.3/5.3.2/").content.decode()
        confirm = client.post(f"/compare/changes/{report.pk}/publish/")
        assert confirm.status_code == 200 and "Yes, publish it" in confirm.content.decode()
        assert not Document.objects.get(slug="vg-cr-it-2.3").published  # not without the confirmation
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(f"/compare/changes/{report.pk}/publish/", {"confirm": "yes"})
        assert response.status_code == 302
        client.logout()
        yield report


def test_change_report_of_the_synthetic_version_is_exact(published):
    rows = {(r["change"], r["old_number"], r["new_number"]) for r in published.changes if not r["detail"].startswith("reference")}
    assert ("changed", REWORDED, REWORDED) in rows
    assert ("added", "", "10.7.1.4") in rows and ("removed", REMOVED, "") in rows
    assert ("moved", "10.7.1.4", "10.7.1.5") in rows and ("moved", "10.7.1.5", "10.7.1.6") in rows
    assert ("moved", "12.4", "12.5") in rows and ("moved", "12.4.1", "12.5.1") in rows
    assert len(rows) == 8, rows  # the five above, 12.4's two rules, nothing else


def test_series_url_jump_home_and_api_follow_the_publication(client, published):
    assert client.get("/rules/vg-cr-it/").url == "/rules/vg-cr-it-2.3/"
    jump = client.get("/rules/vg-cr-it/jump/", {"n": "4.11"})
    assert jump.url == "/rules/vg-cr-it-2.3/jump/?n=4.11"
    assert client.get(jump.url).url == "/rules/vg-cr-it-2.3/4.11/"
    home = client.get("/", {"doc": "vg-cr-it", "n": "10.7.1.6"}, follow=True)
    assert home.redirect_chain[-1][0] == "/rules/vg-cr-it-2.3/10.7.1.6/"
    assert 'value="vg-cr-it"' in client.get("/").content.decode()
    data = client.get("/api/v1/documents/vg-cr-it/clauses/5.3.2/").json()
    assert data["document"] == "vg-cr-it-2.3" and "16 carte" in data["text"]


def test_search_returns_each_clause_once_from_the_current_version(client, published, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    for query in ("Schieramento Superiore", "G Deck carte"):
        hits = client.get("/api/v1/search/", {"q": query, "language": "it", "game": "vanguard"}).json()["results"]
        assert hits and {h["document"] for h in hits if h["document"].startswith("vg-cr-it")} == {"vg-cr-it-2.3"}
        assert len({h["id"] for h in hits}) == len(hits)
    older = client.get("/api/v1/search/", {"q": "Schieramento Superiore", "version": "2.2"}).json()["results"]
    assert older and {h["document"] for h in older} == {"vg-cr-it-2.2"}
    assert client.get("/api/v1/search/", {"q": "carte", "version": "9.9"}).status_code == 400
    both = client.get("/api/v1/search/", {"q": "Schieramento Superiore", "version": "all", "language": "it"}).json()
    assert {h["document"] for h in both["results"] if h["document"].startswith("vg-cr-it")} == {"vg-cr-it-2.2", "vg-cr-it-2.3"}


def test_old_pages_are_superseded_and_point_through_renumbering(client, published):
    old = client.get("/rules/vg-cr-it-2.2/10.7.1.4/").content.decode()
    assert "superseded" in old and 'href="/rules/vg-cr-it-2.3/10.7.1.5/"' in old and "(renumbered)" in old
    removed = client.get(f"/rules/vg-cr-it-2.2/{REMOVED}/").content.decode()
    assert "removed in" in removed
    current = client.get("/rules/vg-cr-it-2.3/10.7.1.5/").content.decode()
    assert "superseded" not in current and "Renumbered in this version" in current
    assert "(new in this version)" in client.get("/rules/vg-cr-it-2.3/").content.decode()
    # A number the old version printed, now renumbered; and one removed.
    missing = client.get("/rules/vg-cr-it-2.3/10.7.1.6/")
    assert missing.status_code == 200
    gone = client.get(f"/rules/vg-cr-it-2.3/{REMOVED}/")
    assert gone.status_code == 404 and "was removed in" in gone.content.decode()
    renumbered = client.get("/rules/vg-cr-it/jump/", {"n": "12.4.1"}, follow=True)
    assert renumbered.status_code == 404
    assert 'it is now <a href="/rules/vg-cr-it-2.3/12.5.1/">12.5.1</a>' in renumbered.content.decode()
    assert 'href="/rules/vg-cr-it-2.3/12.5/"' in client.get("/rules/vg-cr-it-2.2/12.4/").content.decode()




def test_history_page_and_api_of_a_reworded_clause(client, published):
    html = client.get(f"/rules/vg-cr-it-2.3/{REWORDED}/history/").content.decode()
    assert "massimo di 8 carte" in html and "massimo di 16 carte" in html
    assert "<del><span class=\"visually-hidden\">[removed: </span>8" in html
    assert "<ins><span class=\"visually-hidden\">[added: </span>16" in html
    assert "reworded" in html and "Change report: changed" in html
    moved = client.get("/rules/vg-cr-it-2.2/10.7.1.4/history/").content.decode()
    assert "renumbered" in moved and 'href="/rules/vg-cr-it-2.3/10.7.1.5/"' in moved
    data = client.get(f"/api/v1/documents/vg-cr-it/clauses/{REWORDED}/history/").json()
    assert [s["document"] for s in data["steps"]] == ["vg-cr-it-2.2", "vg-cr-it-2.3"]
    assert data["steps"][1]["status"] == "reworded" and {"op": "+", "words": "16"} in data["steps"][1]["diff"]
    assert data["steps"][1]["change"]["change"] == "changed" and data["steps"][1]["current"]


def _pairs(left: str, right: str) -> dict[str, str]:
    stored = Alignment.objects.get(left__slug=left, right__slug=right)
    return {
        p.left_clause.stable_id: p.right_clause.stable_id
        for p in AlignedPair.objects.filter(alignment=stored, left_clause__isnull=False, right_clause__isnull=False)
        .select_related("left_clause", "right_clause")
    }


def test_hand_checked_pairs_hold_in_the_new_version_where_unchanged(published):
    lines = [line for line in HAND_PAIRS.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    hand = {row["it_number"]: row["en_number"] for row in csv.DictReader(lines, delimiter="\t") if row["en_number"]}
    old, new = _pairs("vg-cr-it-2.2", "vg-cr-en-1.48"), _pairs("vg-cr-it-2.3", "vg-cr-en-1.48")
    changed = {REWORDED, REMOVED, "10.7.1.4", "10.7.1.5"}
    held = [it for it, en in hand.items() if it not in changed and not it.startswith("12.4") and old.get(it) == en]
    assert len(held) > 250
    assert [it for it in held if new.get(it) != old[it]] == []
    # The renumbered clause keeps its counterpart under its new number.
    assert new.get("10.7.1.5") == old.get("10.7.1.4") and new.get("12.5.1") == old.get("12.4.1")


def test_reworded_clause_flags_its_counterpart(client, published):
    flag = CounterpartFlag.objects.get(raised_by__slug="vg-cr-it-2.3", clause__stable_id=REWORDED)
    assert flag.document.slug == "vg-cr-en-1.48" and flag.change == "reworded"
    page = client.get(f"/rules/vg-cr-en-1.48/{REWORDED}/").content.decode()
    assert "May need updating: its counterpart 5.3.2 was reworded in Italian 2.3." in page
    compare = client.get("/compare/vg-cr-it-2.3/vg-cr-en-1.48/", {"status": "may need updating"}).content.decode()
    assert 'href="/rules/vg-cr-en-1.48/5.3.2/"' in compare and "may need updating" in compare
    assert 'href="/rules/vg-cr-en-1.48/1.1.1/"' not in compare
    body = client.get("/compare/vg-cr-it-2.3/vg-cr-en-1.48/export.csv").content.decode("utf-8-sig")
    rows = {r["target_number"]: r for r in csv.DictReader(io.StringIO(body))}
    assert rows["5.3.2"]["may_need_updating"].startswith("May need updating") and rows["1.1.1"]["may_need_updating"] == ""
    # Staff dismiss it with a reason, then undo.
    staff = User.objects.get(username="editor")
    client.force_login(staff)
    assert client.post(f"/compare/flags/{flag.pk}/dismiss/", {"reason": ""}).status_code == 400
    client.post(f"/compare/flags/{flag.pk}/dismiss/", {"reason": "the English already says 16"})
    flag.refresh_from_db()
    assert flag.dismissed_by == "editor" and "Undo the dismissal" in client.get(f"/rules/vg-cr-en-1.48/{REWORDED}/").content.decode()
    client.post(f"/compare/flags/{flag.pk}/restore/")
    flag.refresh_from_db()
    assert flag.dismissed_at is None
    client.logout()
    assert client.post(f"/compare/flags/{flag.pk}/dismiss/", {"reason": "x"}).status_code == 302  # to the login page
    flag.refresh_from_db()
    assert flag.dismissed_at is None


def test_unpublishing_hands_the_series_back(client, published, django_capture_on_commit_callbacks, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    client.force_login(User.objects.get(username="editor"))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/compare/changes/{published.pk}/unpublish/", {"confirm": "yes"})
    assert not Document.objects.get(slug="vg-cr-it-2.3").published
    assert not CounterpartFlag.objects.filter(raised_by__slug="vg-cr-it-2.3").exists()
    client.logout()
    assert client.get("/rules/vg-cr-it/").url == "/rules/vg-cr-it-2.2/"
    hits = client.get("/api/v1/search/", {"q": "Schieramento Superiore", "language": "it"}).json()["results"]
    assert {h["document"] for h in hits if h["document"].startswith("vg-cr-it")} == {"vg-cr-it-2.2"}
