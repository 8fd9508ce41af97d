"""Run every Altered scenario under tests/scenarios/altered/ (one case per file) and check the examples' index."""

import json
from pathlib import Path

import pytest

from engine.core.scenario import format_result, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "altered").glob("*.json"))
EXAMPLES = json.loads((ROOT / "tests" / "scenarios" / "altered" / "examples" / "index.json").read_text(encoding="utf-8"))


def test_there_are_at_least_60_scenarios_besides_the_examples():
    assert len([p for p in SCENARIOS if not p.stem.startswith("example-")]) >= 60


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    scenario = load_scenario(path)
    assert scenario.game == "altered"
    assert scenario.metadata.get("title"), "a scenario says what it shows"
    result = run_scenario(scenario)
    assert result.passed, format_result(result)
    assert result.checks, "a scenario must check something"


def test_every_example_of_the_text_is_a_scenario_or_says_why_not():
    text = (ROOT / "rulesdb" / "sources" / "altered-cr-it.txt").read_text(encoding="utf-8").splitlines()
    lines = [n for n, line in enumerate(text, start=1) if "Esempio." in line]
    assert [e["line"] for e in EXAMPLES["examples"]] == lines
    names = {p.stem for p in SCENARIOS}
    for entry in EXAMPLES["examples"]:
        assert ("scenario" in entry) != ("reason" in entry), entry
        if "scenario" in entry:
            assert entry["scenario"] in names, entry
            assert "example" in json.loads((ROOT / "tests" / "scenarios" / "altered" /
                                            f"{entry['scenario']}.json").read_text())["metadata"]["tags"]


def test_a_scenario_that_expects_wrongly_fails():
    data = json.loads(SCENARIOS[0].read_text(encoding="utf-8"))
    data["expect"] = [{"expect": "winner", "equals": 1}]
    assert not run_scenario(load_scenario(data)).passed
