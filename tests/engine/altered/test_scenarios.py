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


def _internal_spell_scenario(orbs: int) -> dict:
    """Player 0 plays a spell costing 1: "You may pay 1 to resupply. Draw a card." with that many ready orbs."""
    spell = {"id": "s", "name": "S", "type": "spell", "hand_cost": 1, "reserve_cost": 1, "abilities": [
        {"timing": "effect", "effects": [
            {"kind": "internal", "cost": [{"kind": "mana", "count": 1}], "effects": [{"kind": "resupply", "count": 1}]},
            {"kind": "draw", "count": 1}]}]}
    deck = [{"id": f"d{i}", "name": f"D{i}", "type": "character", "forest": 1, "mountain": 1, "water": 1,
             "hand_cost": 1, "reserve_cost": 1} for i in range(3)]
    orbs_ = [{"id": f"m{i}", "name": f"M{i}", "type": "character", "forest": 1, "mountain": 1, "water": 1}
             for i in range(orbs)]
    return {"format": "judgeapp-scenario/2", "game": "altered", "metadata": {"title": "t"},
            "players": [{"deck": deck, "hand": [spell], "mana": orbs_}, {}],
            "script": [{"do": {"kind": "play", "card": "s"}}, {"decline": "internal"}],
            "expect": [{"expect": "zone_count", "player": 0, "zone": "reserve", "count": 1},
                       {"expect": "card_in", "card": "d0", "zone": "hand"}]}


def test_decline_of_an_unpayable_cost_is_met_by_the_rules_settling_it():
    # one orb: the spell takes it, the internal action's cost cannot be paid (1.2.5.c): no decision, an event
    result = run_scenario(load_scenario(_internal_spell_scenario(1)))
    assert result.passed, format_result(result)
    assert any(e.kind == "cannot_pay" for e in result.events)
    assert not any(d.kind == "internal" for d in result.decisions)


def test_decline_of_a_payable_cost_answers_the_decision():
    # two orbs: the player is asked, and the decline answers it; nothing settles it by itself
    result = run_scenario(load_scenario(_internal_spell_scenario(2)))
    assert result.passed, format_result(result)
    assert not any(e.kind == "cannot_pay" for e in result.events)
    assert any(d.kind == "internal" for d in result.decisions)
    assert any(e.kind == "skip_step" and e.citations[0].number == "6.4.f" for e in result.events)


def test_decline_of_a_cost_nobody_is_asked_fails():
    data = _internal_spell_scenario(1)
    data["script"] = [{"decline": "internal"}]
    assert not run_scenario(load_scenario(data)).passed
