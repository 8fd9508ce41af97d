"""Fixtures of the search tests: one index of the whole corpus per test process, opened by each module
that asks for it, and the glossary seeded per test."""
from __future__ import annotations

import pytest
from django.test import override_settings

from rulesdb import search


@pytest.fixture(scope="session")
def corpus_index_root(tmp_path_factory, django_db_setup, django_db_blocker):
    """The whole corpus indexed once per test process (the corpus is loaded once per process and
    every test rolls its changes back, so every module would build the same index)."""
    root = tmp_path_factory.mktemp("search")
    with override_settings(SEARCH_INDEX_DIR=root), django_db_blocker.unblock():
        search.index_rebuild()
    return root


@pytest.fixture(scope="module")
def search_index(corpus_index_root, django_db_blocker):
    """The corpus index, in use for the module (a module that needs another index defines its own)."""
    with override_settings(SEARCH_INDEX_DIR=corpus_index_root), django_db_blocker.unblock():
        search.search_caches_clear()
        yield corpus_index_root


@pytest.fixture
def small_corpus_index(monkeypatch):
    """Rebuilds of three of the five documents (the Italian Weiss Schwarz and Altered rules and the
    Playbook, 1,400 of 3,360 clauses), read from the database as any rebuild reads it: for the tests
    of how an index is built, swapped and followed, which need an index, not the whole corpus."""
    from rulesdb.search import index

    whole = index.index_rows
    kept = {"ws-cr-it", "altered-cr-it", "vg-playbook-it-3.00"}
    monkeypatch.setattr(index, "index_rows", lambda: [row for row in whole() if row["document"] in kept])
    return index.index_rows


@pytest.fixture
def glossary(search_index):
    """The vendored bilingual glossary and search synonyms, seeded for one test (rolled back after it)."""
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    glossary_seed()
    synonyms_seed()
    yield
    search.glossary_cache_clear()
