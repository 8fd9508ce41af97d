"""Vanguard's citations in the clause database as loaded: the English matches, and the hit clause's words.

tests/engine/test_citations_loaded.py checks every game's Italian citations against the loaded database and
that some scenario cites each; tests/engine/vanguard/test_citations.py checks them against the source files.
"""
import pytest

from engine.vanguard.citations import ALL_CLAUSES as REGISTRY, EN_DOCUMENT, IT_DOCUMENT
from tests.engine.loaded_clauses import loaded_texts

pytestmark = pytest.mark.django_db


def _texts(slug):
    return loaded_texts(slug)


def test_every_english_match_exists():
    english = _texts(EN_DOCUMENT)
    missing = [
        f"{key}: {EN_DOCUMENT} {entry.citation.en_number}"
        for key, entry in REGISTRY.items()
        if entry.citation.en_number and entry.citation.en_number not in english
    ]
    assert missing == []


def test_the_hit_citation_is_the_clause_that_compares_power():
    entry = REGISTRY["HIT"]
    (text,) = _texts(IT_DOCUMENT)[entry.citation.number]
    assert "confronta la forza" in text and "inferiore o uguale" in text and "colpisce" in text, text
