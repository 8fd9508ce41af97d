"""Fixtures of the search tests: one index of the whole corpus per module, and the glossary seeded per test."""
from __future__ import annotations

import pytest
from django.test import override_settings

from rulesdb import search


@pytest.fixture(scope="module")
def search_index(tmp_path_factory, django_db_setup, django_db_blocker):
    """One index of the whole corpus, in a temporary directory, for the module."""
    root = tmp_path_factory.mktemp("search")
    with override_settings(SEARCH_INDEX_DIR=root), django_db_blocker.unblock():
        search.index_rebuild()
        yield root


@pytest.fixture
def glossary(search_index):
    """The vendored bilingual glossary and search synonyms, seeded for one test (rolled back after it)."""
    from rulesdb.management.commands.seed_glossary import glossary_seed, synonyms_seed

    glossary_seed()
    synonyms_seed()
    yield
    search.glossary_cache_clear()
