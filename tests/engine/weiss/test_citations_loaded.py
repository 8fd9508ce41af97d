"""Every clause the Weiss Schwarz engine can cite exists in ws-cr-it as loaded, and some scenario cites it.

tests/engine/weiss/test_citations.py checks the registry against the vendored text and the parser;
this checks it against the clause database the reader serves (what a judge follows from an event's
citation), and that no registry entry is dead: a scenario's run cites each one.
"""
from pathlib import Path

import pytest

from engine.weiss.citations import ALL_CLAUSES, DOCUMENT, REGISTRY
from tests.engine.loaded_clauses import loaded_texts, uncited_entries, wording_problems

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "weiss"


def test_every_citation_is_a_loaded_clause_with_its_words():
    assert loaded_texts(DOCUMENT), f"{DOCUMENT} is not loaded"
    assert wording_problems(ALL_CLAUSES, DOCUMENT) == []


def test_every_clause_a_game_can_cite_is_cited_by_some_scenario():
    """Events, refusals and decisions of every Weiss Schwarz scenario's run, as the Vanguard test counts them."""
    assert uncited_entries(REGISTRY, SCENARIOS) == []
