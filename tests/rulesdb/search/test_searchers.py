"""rulesdb/search/searchers.py: searchers lent per search, reused across threads, retired with their index."""
from __future__ import annotations

import threading

import pytest
from django.test import override_settings

from rulesdb import search
from rulesdb.search.searchers import searcher_borrow

pytestmark = pytest.mark.django_db


def test_a_missing_index_is_built_on_the_first_search(small_corpus_index, tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path / "fresh"):
        assert not search.index_exists()
        results = search.clause_search(query="sentinella")
        assert results.count > 0 and search.index_exists()


def test_a_searcher_serves_one_thread_at_a_time_and_is_reused(search_index):
    search.clause_search(query="sentinella")
    with searcher_borrow() as first:
        with searcher_borrow() as second:  # while `first` is lent, another is opened
            assert second is not first
    seen = []

    def borrow():
        with searcher_borrow() as searcher:
            seen.append(searcher)

    thread = threading.Thread(target=borrow)
    thread.start()
    thread.join()
    assert seen[0] in (first, second)  # a new thread reuses an idle searcher


def test_a_rebuild_retires_the_old_searchers(small_corpus_index, tmp_path):
    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        search.index_rebuild()
        with searcher_borrow() as old:
            pass
        search.index_rebuild()
        with searcher_borrow() as new:
            assert new is not old and new.index_key != old.index_key
        assert old.is_closed
        assert search.clause_search(query="zona danni").count > 0


def test_an_index_of_an_earlier_release_is_rebuilt_on_the_first_search(small_corpus_index, tmp_path):
    from whoosh import index as whoosh_index
    from whoosh.fields import ID, Schema

    from rulesdb.search.index import SCHEMA

    with override_settings(SEARCH_INDEX_DIR=tmp_path):
        old = tmp_path / "ix-old"
        old.mkdir()
        whoosh_index.create_in(str(old), Schema(key=ID(unique=True))).writer().commit()
        (tmp_path / "CURRENT").write_text("ix-old")
        results = search.clause_search(query="intercept")
        assert results.count > 0
        with searcher_borrow() as searcher:
            assert set(searcher.schema.names()) == set(SCHEMA.names())
