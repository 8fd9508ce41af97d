"""rulesdb/search/index.py: the index records the database generation it was built from, and follows it."""
import threading

import pytest
from django.test import override_settings

from rulesdb import search
from rulesdb.models import Document
from rulesdb.search import index
from rulesdb.search.searchers import searcher_borrow

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("small_corpus_index")]


def _documents_in_index() -> set[str]:
    with searcher_borrow() as searcher:
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


def test_an_index_built_by_a_release_that_reads_words_otherwise_counts_as_behind(tmp_path, monkeypatch):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        built = index.index_generation()
        # The next release changes the analysis (a word kept apart, a new word table): same database.
        monkeypatch.setattr(index, "index_format", lambda: "another-release")
        assert index.database_generation() != built
        index.index_follow_database(wait=True)
        assert index.index_generation() == index.database_generation() != built


def test_the_index_format_digests_the_code_and_tables_that_build_the_index():
    assert len(index.index_format()) == 16
    assert "analysis.py" in index._FORMAT_SOURCES and index.WORDS_PATH.exists()


def test_searches_check_the_database_at_most_once_per_interval(tmp_path, monkeypatch):
    asked = []
    monkeypatch.setattr(index, "database_generation", lambda: asked.append(1) or "same")
    monkeypatch.setattr(index, "index_generation", lambda: "same")
    monkeypatch.setitem(index._follow, "checked", float("-inf"))
    with override_settings(SEARCH_INDEX_CHECK_SECONDS=60):
        for _ in range(5):
            index.index_follow_database()
    assert len(asked) == 1


def test_searches_keep_answering_during_a_rebuild(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        rows = index.index_rows()  # read in this thread: the test's database connection
        before = (tmp_path / "CURRENT").read_text()
        errors: list[BaseException] = []

        def rebuild():
            try:
                with override_settings(SEARCH_INDEX_DIR=tmp_path):
                    search.index_rebuild(rows=rows)
            except BaseException as error:  # noqa: BLE001 - reported below
                errors.append(error)

        thread = threading.Thread(target=rebuild)
        thread.start()
        answered = 0
        while thread.is_alive() or answered < 3:
            assert search.clause_search(query="zona danni").count > 0
            answered += 1
        thread.join()
        assert not errors
        after = (tmp_path / "CURRENT").read_text()
        assert after != before
        assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [after]
        assert search.clause_search(query="zona danni").count > 0


def test_every_import_refreshes_an_existing_index(tmp_path, django_capture_on_commit_callbacks):
    from rulesdb import services

    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        before = (tmp_path / "CURRENT").read_text()
        with django_capture_on_commit_callbacks(execute=True):
            services.vendored_load(slugs=["altered-cr-it"])
        assert (tmp_path / "CURRENT").read_text() != before
        assert search.clause_search(query="oggetti", document="altered-cr-it").count > 0


def test_a_rebuild_that_fails_half_way_leaves_the_last_complete_index_in_use(tmp_path, monkeypatch):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        before = (tmp_path / "CURRENT").read_text()
        rows = index.index_rows()
        calls = []

        def failing(row):
            calls.append(row)
            if len(calls) > 100:
                raise RuntimeError("the disk filled up")
            return real(row)

        real = index._index_document
        monkeypatch.setattr(index, "_index_document", failing)
        with pytest.raises(RuntimeError):
            search.index_rebuild(rows=rows)
        monkeypatch.undo()
        assert (tmp_path / "CURRENT").read_text() == before
        assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [before]
        assert search.clause_search(query="zona danni").count > 0


def test_a_directory_left_by_a_killed_rebuild_is_never_used_and_goes_with_the_next(tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        before = (tmp_path / "CURRENT").read_text()
        # A rebuild killed before its swap leaves a directory the pointer never named.
        (tmp_path / "ix-00000000-000000-deadbeef").mkdir()
        assert search.clause_search(query="zona danni").count > 0
        with searcher_borrow() as searcher:
            assert searcher.index_key[1] == before
        search.index_rebuild()
        after = (tmp_path / "CURRENT").read_text()
        assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == [after]
        # The pointer is replaced whole: no temporary pointer file is left beside it.
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".CURRENT")] == []


def test_a_whole_question_is_kept_only_whole():
    """The whole questions (`search-whole.json`) are matched only as whole questions at rerank: their
    words reach neither the searched fields nor the word share."""
    from rulesdb.search.index import _index_document

    row = {"document": "ws-cr-it", "game": "ws", "stable_id": "9.2.1", "number": "9.2.1", "language": "it", "kind": "rule",
           "order": 1, "doc_rank": 0,
           "title": "", "text": "Il mazzo", "context": "", "series": "ws-cr-it",
           "whole": {"en": ["my deck ran out while I was drawing, what now"]},
           "written": {"en": ["empty deck refresh"]}}
    doc = _index_document(row)
    lines = doc["questions"].split("\n")
    assert len(lines) == 2 and any("ran" in line.split() for line in lines)
    assert "ran" not in doc.get("written_en", "") and "ran" not in doc.get("written_stems", "").split()
    assert "refresh" in doc["written_en"]
