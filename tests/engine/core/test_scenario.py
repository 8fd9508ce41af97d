"""Scenario loading errors, runner results and the command-line entry point."""

import copy
import io
import json
from pathlib import Path

import pytest

from engine.core.errors import DefinitionError
from engine.core.scenario import load_scenario, main, run_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BASE = json.loads((SCENARIOS / "playbook-q17.json").read_text(encoding="utf-8"))


def broken(mutate):
    data = copy.deepcopy(BASE)
    mutate(data)
    with pytest.raises(DefinitionError) as err:
        load_scenario(data)
    return str(err.value)


def test_bad_grade_names_the_path():
    def m(d):
        d["players"][0]["hand"] = ["f", "f", {"name": "x", "grade": "x", "power": 1}]
    assert broken(m) == 'players[0].hand[2].grade: expected integer 0-4, got "x"'


@pytest.mark.parametrize("mutate,start", [
    (lambda d: d.update(colour="red"), "colour: unknown field"),
    (lambda d: d.update(format="other"), "format:"),
    (lambda d: d["players"].pop(), "players: expected exactly 2 players"),
    (lambda d: d["players"][1].update(graveyard=[]), "players[1].graveyard: unknown field"),
    (lambda d: d["players"][0]["field"].update(vanguard={"template": "nope"}), "players[0].field.vanguard.template"),
    (lambda d: d["script"].append({"do": {"kind": "attack"}}), "script[3].do.card: required field is missing"),
    (lambda d: d["script"].append({"do": {"kind": "attack", "card": "ghost"}}), "script[3].do.card: unknown card"),
    (lambda d: d["expect"].append({"expect": "mood", "equals": 1}), "expect[5].expect: expected one of"),
    (lambda d: d["expect"].append({"expect": "damage", "player": 1}), "expect[5].count: required field is missing"),
    (lambda d: d["metadata"].update(author="me"), "metadata.author: unknown field"),
    (lambda d: d["players"][0]["field"].pop("vanguard"), "players[0].field.vanguard: a vanguard is required"),
])
def test_malformed_scenarios_are_refused(mutate, start):
    assert broken(mutate).startswith(start)


def test_failed_expectation_is_reported():
    data = copy.deepcopy(BASE)
    data["expect"].append({"expect": "damage", "player": 1, "count": 4})
    result = run_scenario(load_scenario(data))
    assert not result.passed
    assert [c.passed for c in result.checks].count(False) == 1


def test_cli_prints_checks_and_exit_status(tmp_path):
    out = io.StringIO()
    assert main([str(SCENARIOS / "playbook-q17.json")], out) == 0
    assert "pass hit(equals=true)" in out.getvalue()
    bad = tmp_path / "bad.json"
    data = copy.deepcopy(BASE)
    data["expect"].append({"expect": "winner", "equals": 1})
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert main([str(bad)], out) == 1
    assert "FAIL" in out.getvalue()


def test_cli_json_has_state_and_events():
    out = io.StringIO()
    main([str(SCENARIOS / "playbook-q17.json"), "--json"], out)
    data = json.loads(out.getvalue())
    assert data[0]["passed"] and data[0]["state"]["format"].startswith("judgeapp-vanguard-state")
    assert any(e["citations"] for e in data[0]["events"])


def test_management_command(capsys):
    from django.core.management import call_command

    call_command("run_scenario", str(SCENARIOS / "playbook-q17.json"))
    assert "PASS playbook-q17.json" in capsys.readouterr().out
