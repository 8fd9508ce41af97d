"""Scenario loading errors, runner results and the command-line entry point."""

import copy
import io
import json
from pathlib import Path

import pytest

from engine.core.errors import DefinitionError
from engine.core.scenario import load_scenario, main, run_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
EXAMPLES = Path(__file__).resolve().parents[3] / "judgeapp" / "sandbox" / "examples"
"""The Playbook's questions as scenarios: kept once, as the sandbox's examples."""
BASE = json.loads((EXAMPLES / "playbook-q17.json").read_text(encoding="utf-8"))


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
    assert main([str(EXAMPLES / "playbook-q17.json")], out) == 0
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
    main([str(EXAMPLES / "playbook-q17.json"), "--json"], out)
    data = json.loads(out.getvalue())
    assert data[0]["passed"] and data[0]["state"]["format"].startswith("judgeapp-vanguard-state")
    assert any(e["citations"] for e in data[0]["events"])


def test_management_command(capsys):
    from django.core.management import call_command

    call_command("run_scenario", str(EXAMPLES / "playbook-q17.json"))
    assert "PASS playbook-q17.json" in capsys.readouterr().out


def test_format_1_files_still_load_and_run():
    data = copy.deepcopy(BASE)
    data["format"] = "judgeapp-scenario/1"
    assert run_scenario(load_scenario(data)).passed


def test_an_item_after_the_game_ended_is_a_failed_check_not_an_exception():
    data = copy.deepcopy(BASE)
    data["script"] = [{"do": {"kind": "concede", "player": 1}}, {"do": {"kind": "pass"}}]
    data["expect"] = [{"expect": "winner", "equals": 0}]
    result = run_scenario(load_scenario(data))
    assert not result.passed and result.error is None
    failed = [c for c in result.checks if not c.passed]
    assert "after the game ended" in failed[0].detail
    assert failed[-1].label == "expect" and "not checked" in failed[-1].detail


def test_a_refused_answer_and_an_unreached_stop_are_failed_checks():
    data = copy.deepcopy(BASE)
    data["script"] = [{"do": {"kind": "ride", "card": data["script"][0]["do"]["card"]}}]
    result = run_scenario(load_scenario(data))
    assert not result.passed and "refused:" in result.checks[0].detail
    data = copy.deepcopy(BASE)
    data["script"] = [{"stop_at": {"phase": "end"}}]
    result = run_scenario(load_scenario(data))
    assert not result.passed and "decision of player 0 comes first" in result.checks[0].detail


def test_decline_needs_the_named_decision():
    data = copy.deepcopy(BASE)
    data["script"] = [{"decline": "guard"}]
    result = run_scenario(load_scenario(data))
    assert not result.checks[0].passed and "not a guard decision" in result.checks[0].detail


def test_event_order_reports_the_event_out_of_order():
    data = copy.deepcopy(BASE)
    data["expect"] = [{"expect": "event_order", "events": [{"kind": "hit"}, {"kind": "attack"}]}]
    result = run_scenario(load_scenario(data))
    (check,) = result.checks[-1:]
    assert not check.passed and "only before the previous one" in check.detail


@pytest.mark.parametrize("item,start", [
    ({"stop_at": {}}, "script[3].stop_at: name the point"),
    ({"stop_at": {"phase": "battle", "step": "ride"}}, "script[3].stop_at.step: expected one of"),
    ({"stop_at": {"decision": {"player": 0}, "turn": 2}}, "script[3].stop_at: decision is a stop point of its own"),
    ({"decline": "guard", "do": {"kind": "pass"}}, "script[3]: a script item has exactly one"),
    ({"expect": [{"expect": "event", "kind": "x", "count": 1, "exactly": 2}]}, "script[3].expect[0]: give at most one"),
])
def test_malformed_new_items_are_refused(item, start):
    assert broken(lambda d: d["script"].append(item)).startswith(start)


# ---------------------------------------------------------------- the runner's promises (docs/scenarios.md)
RIDE = json.loads((SCENARIOS / "runner-stop-then-ride.json").read_text(encoding="utf-8"))


def _run(mutate):
    data = copy.deepcopy(RIDE)
    mutate(data)
    return run_scenario(load_scenario(data))


def test_an_answer_after_a_stop_runs_on_to_the_next_decision():
    assert _run(lambda d: None).passed


def test_an_event_field_that_differs_fails_the_expectation():
    def m(d):
        d["expect"] = [{"expect": "event", "kind": "ride", "data": {"previous": "b-vg"}}]
    result = _run(m)
    assert not result.passed and "0 matching" in result.checks[-1].detail


def test_a_flag_does_not_match_a_number():
    def m(d):
        d["expect"] = [{"expect": "event", "kind": "ride", "data": {"card": "a-h2", "previous": True}}]
    assert not _run(m).passed


def test_a_refusal_outside_the_set_of_clauses_fails():
    def m(d):
        d["script"].insert(1, {"refuse": {"kind": "ride", "card": "a-vg"}, "clause": ["1.1", "1.2"]})
    result = _run(m)
    assert [c.passed for c in result.checks].count(False) == 1


def test_a_decision_of_the_other_player_first_fails_the_stop():
    def m(d):
        d["script"] = [{"stop_at": {"decision": {"player": 1}}}]
    result = _run(m)
    assert not result.passed and "comes first" in result.checks[0].detail


def test_game_over_is_not_a_draw_and_winner_null_reads_no_winner():
    path = SCENARIOS / "loss-both-decks-empty-draw.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["expect"] += [{"expect": "game_over", "equals": True}, {"expect": "draw", "equals": True},
                       {"expect": "winner", "equals": None}]
    assert run_scenario(load_scenario(data)).passed


@pytest.mark.parametrize("item,start", [
    ({"stop_at": {"run_to": "lunch"}}, "script[2].stop_at.run_to: expected one of"),
    ({"stop_at": {"run_to": "step", "phase": "main"}}, "script[2].stop_at: run_to is a stop point of its own"),
    ({"refuse": {"kind": "pass"}, "clause": []}, "script[2].clause: name at least one clause"),
    ({"refuse": {"kind": "pass"}, "clause": [3]}, "script[2].clause[0]: expected"),
    ({"expect": [{"expect": "event", "kind": "ride", "data": []}]}, "script[2].expect[0].data: expected an object"),
    ({"expect": [{"expect": "event", "kind": "ride", "data": {}}]}, "script[2].expect[0].data: name at least"),
    ({"expect": [{"expect": "game_over", "equals": 1}]}, "script[2].expect[0].equals: expected"),
])
def test_malformed_new_items_are_refused(item, start):
    data = copy.deepcopy(RIDE)
    data["script"].append(item)
    with pytest.raises(DefinitionError) as err:
        load_scenario(data)
    assert str(err.value).startswith(start)


def _outsider(name):
    return json.loads((SCENARIOS / f"outsider-{name}.json").read_text(encoding="utf-8"))


def test_a_decline_the_rules_settled_is_met_by_its_event_and_stands_just_after_it():
    # the defender has nothing to guard with (7.4.1.2.1.1) and no unit stands behind the attacker
    data = _outsider("rear-guard-hit-retired-no-damage")
    result = run_scenario(load_scenario(data))
    assert result.passed
    settled = [c for c in result.checks if c.label.startswith("script[1]") or c.label.startswith("script[2]")]
    assert [("no unit can boost" in c.detail, "7.4.1.2.1.1" in c.detail) for c in settled] == \
        [(True, False), (False, True)]
    # run_to "battle" after the settled decline starts inside the battle, so it is reached
    stop = next(c for c in result.checks if c.label.startswith("script[3] stop at"))
    assert stop.passed


def test_a_settled_decline_does_not_match_a_pass_answered_before_the_last_answer():
    data = _outsider("guardian-retired-at-end-of-battle")
    data["script"] = [{"do": {"kind": "attack", "card": "a-vg", "target": "b-vg"}}, {"decline": "guard"},
                      {"decline": "guard"}]
    data["expect"] = []
    result = run_scenario(load_scenario(data))
    # the first is answered (a card to guard with); the second finds no guard_pass after that answer
    failed = [c for c in result.checks if not c.passed]
    assert [c.label for c in failed] == ["script[2] decline guard"]
    assert "not a guard decision" in failed[0].detail


def test_run_to_decision_is_reached_after_the_game_ended():
    data = copy.deepcopy(BASE)
    data["script"] = [{"do": {"kind": "concede", "player": 1}}, {"stop_at": {"run_to": "decision"}}]
    data["expect"] = [{"expect": "winner", "equals": 0}]
    assert run_scenario(load_scenario(data)).passed


def test_effects_in_force_are_sentences_with_their_status_or_amount_as_a_parameter():
    """A starting modifier's event is a translatable sentence (say): a status ('cannot use its abilities') is not
    written as '+1 no_abilities', and an amount keeps its sign."""
    from engine.core.text import Text

    run = run_scenario(SCENARIOS / "outsider6-unit-that-cannot-use-its-abilities-from-an-earlier-effect-does-not-trigger.json")
    shown = [e.text for e in run.events if e.kind == "effect_in_force"]
    assert shown and all(isinstance(t, Text) for t in shown)
    assert all("+1" not in t and t.params["stat"] == "no_abilities" for t in shown), shown
    amounts = [e.text for e in run_scenario(SCENARIOS / "position-modifier-with-source.json").events
               if e.kind == "effect_in_force"]
    assert amounts and all(t.params["amount"].startswith(("+", "-")) for t in amounts), amounts
