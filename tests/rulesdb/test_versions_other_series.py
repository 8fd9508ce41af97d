"""A next version of the other series (the English Vanguard rules, Weiss Schwarz, Altered) uploaded and published
through the staff pages as the Italian Vanguard one is (tests/rulesdb/test_versions.py): the series follows it,
the old pages say they are superseded, and no page of either version fails."""
from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from rulesdb import search
from rulesdb.models import ChangeReport, Document
from rulesdb.services import SOURCES_DIR

pytestmark = pytest.mark.django_db

SERIES = [
    # (current slug, its source, game, language, new version, new slug): the same text as a new version
    ("vg-cr-en-1.48", "vg-cr-en-1.48.txt", "vanguard", "en", "1.49", "vg-cr-en-1.49"),
    ("ws-cr-it", "ws-cr-it.txt", "weiss-schwarz", "it", "2", "ws-cr-it-2"),
    ("altered-cr-it", "altered-cr-it.txt", "altered", "it", "2", "altered-cr-it-2"),
]


@pytest.mark.parametrize("old_slug, source, game, language, version, slug", SERIES)
def test_a_next_version_of_each_series_is_published_and_followed(client, tmp_path, django_capture_on_commit_callbacks,
                                                                 old_slug, source, game, language, version, slug):
    old = Document.objects.get(slug=old_slug)
    text = (SOURCES_DIR / source).read_text(encoding="utf-8")
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "search"):
        search.index_rebuild()
        client.force_login(User.objects.create_user("editor", password="pw", is_staff=True))
        response = client.post("/compare/upload/", {
            "file": SimpleUploadedFile(f"{slug}.txt", text.encode("utf-8")), "game": game, "kind": "cr",
            "language": language, "version": version, "slug": slug, "date": "2026-01-15", "title": "", "credit": "",
        })
        assert response.status_code == 200, response.content.decode()[:2000]
        progress = b"".join(response.streaming_content).decode()
        assert "refused" not in progress, progress[-2000:]
        report = ChangeReport.objects.get(new__slug=slug)
        assert client.get(f"/compare/changes/{report.pk}/").status_code == 200
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(f"/compare/changes/{report.pk}/publish/", {"confirm": "yes"}).status_code == 302
        client.logout()
        new = Document.objects.get(slug=slug)
        assert new.published
        clause = new.clauses.exclude(number="").order_by("order")[5]
        for url in (f"/rules/{slug}/", f"/rules/{slug}/{clause.number}/", f"/rules/{old_slug}/{clause.number}/",
                    f"/rules/{slug}/glossary/", f"/rules/{slug}/{clause.number}/history/", "/",
                    f"/search/?q={clause.number}", "/api/v1/documents/"):
            got = client.get(url, follow=True)
            assert got.status_code == 200, (url, got.status_code)
        old_page = client.get(f"/rules/{old_slug}/{clause.number}/").content.decode()
        assert f"/rules/{slug}/{clause.number}/" in old_page  # superseded, pointing at the same clause now
        if old.series != old_slug:
            assert client.get(f"/rules/{old.series}/").url == f"/rules/{slug}/"  # the series URL follows
        # else a first version named as its series keeps its address (links and citations made before stay true);
        # the home page's jump follows the series
        jump = client.get("/", {"doc": old.series, "n": clause.number}, follow=True)
        assert jump.redirect_chain[-1][0] == f"/rules/{slug}/{clause.number}/", jump.redirect_chain
