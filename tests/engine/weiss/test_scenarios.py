"""Run every Weiss Schwarz scenario under tests/scenarios/weiss/ (one pytest case per file)."""

from pathlib import Path

import pytest

from engine.core.scenario import format_result, load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "weiss").glob("*.json"))


def test_there_are_at_least_30_scenarios():
    assert len(SCENARIOS) >= 30


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    scenario = load_scenario(path)
    assert scenario.game == "weiss-schwarz"
    assert scenario.metadata.get("question") and scenario.metadata.get("clauses"), "a scenario names its question and clauses"
    result = run_scenario(scenario)
    assert result.passed, format_result(result)
    assert result.checks, "a scenario must check something"
