"""rulesdb/search/index.py: the index records the database generation it was built from, and follows it."""
import pytest
from django.test import override_settings

from rulesdb import search
from rulesdb.models import Document
from rulesdb.search import index

pytestmark = pytest.mark.django_db


def _documents_in_index() -> set[str]:
    with index.searcher_borrow() as searcher:
        return {fields["document"] for fields in searcher.all_stored_fields()}


def test_an_index_rebuilds_when_the_database_moved_under_it(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        built = index.index_generation()
        assert built == index.database_generation()
        assert "ws-cr-it" in _documents_in_index()
        # Nothing changed: following the database leaves the index as it is.
        current = index.index_status()["current"]
        index.index_follow_database(wait=True)
        assert index.index_status()["current"] == current

        # Another server unpublishes a document (a plain update: nothing here hears of it).
        Document.objects.filter(slug="ws-cr-it").update(published=False)
        assert index.database_generation() != built and index.index_generation() == built
        index.index_follow_database(wait=True)
        assert index.index_generation() == index.database_generation()
        assert "ws-cr-it" not in _documents_in_index()


def test_an_index_of_an_earlier_release_counts_as_behind(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        root = index.index_root()
        (root / index.index_status()["current"] / "GENERATION").unlink()
        assert index.index_generation() is None
        index.index_follow_database(wait=True)
        assert index.index_generation() == index.database_generation()


def test_searches_check_the_database_at_most_once_per_interval(tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(index, "database_generation", lambda: asked.append(1) or "same")
    monkeypatch.setattr(index, "index_generation", lambda: "same")
    monkeypatch.setitem(index._follow, "checked", float("-inf"))
    with override_settings(SEARCH_INDEX_CHECK_SECONDS=60):
        for _ in range(5):
            index.index_follow_database()
    assert len(asked) == 1
