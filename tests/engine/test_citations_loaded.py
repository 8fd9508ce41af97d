"""Every clause a game's engine can cite exists in its rules as loaded, and some scenario of the game cites it.

tests/engine/<game>/test_citations.py checks each registry against the vendored text; this checks it against
the clause database the reader serves (what a judge follows from an event's citation), and that no registry
entry is dead: a run of the game's scenarios (an event, a refusal or a decision) cites each one.
Vanguard's English matches are checked in tests/engine/vanguard/test_citations_loaded.py.
"""
from pathlib import Path

import pytest

from engine.altered import citations as altered
from engine.vanguard import citations as vanguard
from engine.weiss import citations as weiss
from tests.engine.loaded_clauses import loaded_texts, uncited_entries, wording_problems

pytestmark = pytest.mark.django_db

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# The Playbook's questions are Vanguard scenarios kept once, as the sandbox's examples.
EXAMPLES = Path(__file__).resolve().parents[2] / "judgeapp" / "sandbox" / "examples"
VANGUARD_SCENARIOS = sorted(SCENARIOS.glob("*.json")) + sorted(EXAMPLES.glob("playbook-q*.json"))
# (every clause the game cites, deck construction included; its document; the clauses a game's run can cite;
# the folder of its scenarios: Vanguard's are the top level)
GAMES = [
    pytest.param(vanguard.ALL_CLAUSES, vanguard.IT_DOCUMENT, vanguard.REGISTRY, VANGUARD_SCENARIOS, id="vanguard"),
    pytest.param(weiss.ALL_CLAUSES, weiss.DOCUMENT, weiss.REGISTRY, SCENARIOS / "weiss", id="weiss"),
    pytest.param(altered.ALL_CLAUSES, altered.DOCUMENT, altered.REGISTRY, SCENARIOS / "altered", id="altered"),
]


@pytest.mark.parametrize("every, document, registry, scenarios", GAMES)
def test_every_citation_is_a_loaded_clause_with_its_words(every, document, registry, scenarios):
    assert loaded_texts(document), f"{document} is not loaded"
    assert wording_problems(every, document) == []


@pytest.mark.parametrize("every, document, registry, scenarios", GAMES)
def test_every_clause_a_game_can_cite_is_cited_by_some_scenario(every, document, registry, scenarios):
    assert uncited_entries(registry, scenarios) == []
