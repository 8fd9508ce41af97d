"""Run every scenario under tests/scenarios/ (one pytest case per file)."""

from pathlib import Path

import pytest

from engine.core.scenario import format_result, load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.json"))


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
