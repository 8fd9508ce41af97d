"""Run every scenario under tests/scenarios/ (one pytest case per file)."""

from pathlib import Path

import pytest

from engine.core.scenario import format_result, load_scenario, run_scenario

EXAMPLES = Path(__file__).resolve().parents[3] / "judgeapp" / "sandbox" / "examples"
# The Playbook's forty questions are kept once, as the sandbox's examples, and run here with the rest.
SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.json")) + sorted(EXAMPLES.glob("playbook-q*.json"))


def test_there_are_at_least_50_scenarios():
    assert len(SCENARIOS) >= 50


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    result = run_scenario(load_scenario(path))
    assert result.passed, format_result(result)
    assert result.checks, "a scenario must check something"


def test_playbook_scenarios_name_their_question():
    for path in SCENARIOS:
        if path.stem.startswith("playbook-q"):
            scenario = load_scenario(path)
            q = path.stem.split("-")[1].upper()
            assert q in scenario.metadata.get("playbook", ""), path.name
