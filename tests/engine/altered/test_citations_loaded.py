"""Every clause the Altered engine can cite exists in altered-cr-it as loaded, and some scenario cites it."""
from pathlib import Path

import pytest

from engine.altered.citations import ALL_CLAUSES, DOCUMENT, REGISTRY
from engine.core.scenario import load_scenario, run_scenario
from tests.engine.loaded_clauses import loaded_texts, wording_problems

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "altered"


def test_every_citation_is_a_loaded_clause_with_its_words():
    assert loaded_texts(DOCUMENT), f"{DOCUMENT} is not loaded"
    assert wording_problems(ALL_CLAUSES, DOCUMENT) == []


def test_every_clause_the_game_can_cite_is_cited_by_some_scenario():
    cited: set[str] = set()
    for path in sorted(SCENARIOS.glob("*.json")):
        cited |= run_scenario(load_scenario(path)).cited_numbers()
    missing = sorted(f"{key} {entry.citation.number}" for key, entry in REGISTRY.items()
                     if entry.citation.number not in cited)
    assert missing == []
