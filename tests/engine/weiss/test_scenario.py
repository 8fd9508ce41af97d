"""The Weiss Schwarz scenario rules (engine/weiss/scenario.py): what an outsider's translated ruling may say."""

import copy
import json
from pathlib import Path

from engine.core.scenario import load_scenario, run_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "weiss"


def _data(name):
    return json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))


def _run(data):
    return run_scenario(load_scenario(data))


def _failed(result):
    return [c for c in result.checks if not c.passed]


# ---------------------------------------------------------------- decline "climax"
PLAYED = _data("outsider2-character-played-this-turn-can-attack")


def test_decline_climax_with_no_climax_to_play_is_met_by_climax_pass():
    # the climax phase asks nothing when the hand has no climax (6.6.1.2.1); "I play no climax" still reads
    result = _run(copy.deepcopy(PLAYED))
    assert result.passed, [c.detail for c in _failed(result)]
    decline = next(c for c in result.checks if c.label.startswith("script[2]"))
    assert "no climax to play" in decline.detail


def test_decline_climax_with_a_climax_in_hand_passes_the_play_timing():
    data = copy.deepcopy(PLAYED)
    data["players"][0]["hand"].append({"template": "cx", "id": "cx1"})
    data["expect"].append({"expect": "card_in", "card": "cx1", "zone": "hand", "player": 0})
    data["expect"].append({"expect": "event", "kind": "climax_pass", "exactly": 1})
    result = _run(data)
    assert result.passed, [c.detail for c in _failed(result)]


def test_decline_climax_is_not_met_by_an_earlier_phase():
    # the climax decision is declined where the main phase is still asked: the check fails, naming the decision
    data = copy.deepcopy(PLAYED)
    data["script"] = [data["script"][0], {"decline": "climax"}]
    data["expect"] = []
    failed = _failed(_run(data))
    assert [c.label for c in failed] == ["script[1] decline climax"]
    assert "main decision is pending" in failed[0].detail


# ---------------------------------------------------------------- refusals at the counter step's stop point
COUNTER = _data("outsider2-counter-step-non-counter-event-refused")


def test_refusal_at_the_counter_step_answers_as_its_play_timing():
    result = _run(copy.deepcopy(COUNTER))
    assert result.passed, [c.detail for c in _failed(result)]


def test_refusal_before_the_counter_step_is_not_answered_as_it():
    # stopped at the trigger step, the defender's counter is refused for the timing (7.4.1.2), not 7.4.1.2.1
    data = copy.deepcopy(COUNTER)
    data["script"][1] = {"stop_at": {"step": "trigger"}}
    failed = _failed(_run(data))
    assert [c.label.split(" ")[0] for c in failed] == ["script[2]", "script[3]"]
    assert "[7.4.1.2]" in failed[0].detail


def test_refusal_of_the_turn_player_at_the_counter_step_is_not_the_defenders():
    data = copy.deepcopy(COUNTER)
    data["players"][0]["hand"] = [dict(data["players"][1]["hand"][0], id="mine")]
    data["script"][2] = {"refuse": {"kind": "counter", "card": "mine"}, "clause": "7.4.1.2.1"}
    data["script"] = data["script"][:3]
    failed = _failed(_run(data))
    assert [c.label.split(" ")[0] for c in failed] == ["script[2]"]
