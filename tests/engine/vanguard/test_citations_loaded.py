"""Every clause the engine can cite exists in the corpus as loaded, and says what the engine did.

tests/engine/vanguard/test_citations.py checks the registry against the source files;
this checks it against the clause database the reader serves, which is what a
judge follows from an event's citation.
"""
from pathlib import Path

import pytest

from engine.vanguard.citations import ALL_CLAUSES as REGISTRY, EN_DOCUMENT, IT_DOCUMENT
from tests.engine.loaded_clauses import loaded_texts, uncited_entries, wording_problems

pytestmark = pytest.mark.django_db


def _texts(slug):
    return loaded_texts(slug)


def test_every_italian_citation_exists_and_carries_its_words():
    assert wording_problems(REGISTRY, IT_DOCUMENT) == []


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


def test_every_registry_clause_is_cited_by_some_scenario_and_exists():
    """Walk every clause the engine can cite: it is a loaded clause, and some scenario's run cites it
    (an event, a refusal or a decision), so the registry holds no dead entry."""
    from engine.vanguard.citations import REGISTRY as EMITTED_BY_GAMES

    italian = _texts(IT_DOCUMENT)
    missing = uncited_entries(EMITTED_BY_GAMES, Path(__file__).resolve().parents[2] / "scenarios")
    absent = sorted(f"{k} {e.citation.number}" for k, e in EMITTED_BY_GAMES.items() if e.citation.number not in italian)
    assert missing == [] and absent == []
