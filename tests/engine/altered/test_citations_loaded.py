"""Every clause the Altered engine can cite exists in altered-cr-it as loaded, and some scenario cites it."""
from pathlib import Path

import pytest

from engine.altered.citations import ALL_CLAUSES, DOCUMENT, REGISTRY
from tests.engine.loaded_clauses import loaded_texts, uncited_entries, wording_problems

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "altered"


def test_every_citation_is_a_loaded_clause_with_its_words():
    assert loaded_texts(DOCUMENT), f"{DOCUMENT} is not loaded"
    assert wording_problems(ALL_CLAUSES, DOCUMENT) == []


def test_every_clause_the_game_can_cite_is_cited_by_some_scenario():
    assert uncited_entries(REGISTRY, SCENARIOS) == []
