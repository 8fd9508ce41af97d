"""The scenario format's ``history`` (a sandbox's points in order): checked when a file loads, refused by field."""
import copy
import json
from pathlib import Path

import pytest

from engine.core.errors import DefinitionError
from engine.core.scenario import load_scenario, run_scenario

# A Playbook question, kept once as the sandbox's example.
BASE = json.loads((Path(__file__).resolve().parents[3] / "judgeapp" / "sandbox" / "examples" / "playbook-q11.json").read_text())
ACTION = {"kind": "judge_set_damage", "player": 1, "count": 1}


def _with(history) -> dict:
    data = copy.deepcopy(BASE)
    data["history"] = history
    return data


def test_a_history_of_points_loads_and_the_run_still_follows_the_script():
    history = {"current": 2, "points": [{"parent": 0, "do": ACTION, "run": None},
                                        {"parent": 1, "run": "event"}]}
    assert load_scenario(_with(history)).source["history"] == history
    assert run_scenario(_with(history)).passed == run_scenario(copy.deepcopy(BASE)).passed


@pytest.mark.parametrize("history, path", [
    ([], "history"),
    ({"points": [{"parent": 1, "run": "event"}]}, r"history\.points\[0\]\.parent"),
    ({"points": [{"parent": 0}]}, r"history\.points\[0\]\.run"),
    ({"points": [{"parent": 0, "run": 3}]}, r"history\.points\[0\]\.run"),
    ({"points": [{"parent": 0, "do": {"kind": "no such action"}}]}, r"history\.points\[0\]\.do"),
    ({"points": [{"parent": 0, "do": dict(ACTION, card="nobody")}]}, r"history\.points\[0\]\.do"),
    ({"points": [{"parent": 0, "run": "event", "extra": 1}]}, r"history\.points\[0\]"),
    ({"points": [{"parent": 0, "run": "event"}], "current": 2}, r"history\.current"),
    ({"current": 0}, "history"),
])
def test_a_malformed_history_is_refused_naming_the_field(history, path):
    with pytest.raises(DefinitionError, match="^" + path):
        load_scenario(_with(history))


def test_the_judges_words_load_in_italian_beside_english_and_must_be_text():
    data = copy.deepcopy(BASE)
    data["metadata"].update(title_it="Titolo", question_it="Domanda?", description_it="Descrizione.")
    assert load_scenario(data).metadata["question_it"] == "Domanda?"
    for field in ("title_it", "question_it", "description_it"):
        bad = copy.deepcopy(data)
        bad["metadata"][field] = ["not", "text"]
        with pytest.raises(DefinitionError, match=f"^metadata.{field}"):
            load_scenario(bad)
    unknown = copy.deepcopy(data)
    unknown["metadata"]["title_fr"] = "Titre"  # only the languages the site speaks
    with pytest.raises(DefinitionError, match="metadata"):
        load_scenario(unknown)


def test_a_repeat_stands_for_its_items_written_out_that_many_times():
    loop = json.loads((Path(__file__).resolve().parents[2] / "scenarios" /
                       "outsider7-loop-repeated-the-number-of-times-the-only-player-who-can-stop-it-chooses.json").read_text())
    scenario = load_scenario(loop)
    assert len(scenario.script) == 1 + 25 * 2 + 1
    assert run_scenario(scenario).passed
    for bad, path in (({"times": 0, "script": [{"do": {"kind": "accept"}}]}, "script[1].repeat.times"),
                      ({"times": 2, "script": []}, "script[1].repeat.script"),
                      ({"times": 2, "script": [{"repeat": {"times": 2, "script": [{"do": {"kind": "accept"}}]}}]},
                       "script[1].repeat.script[0].repeat"),
                      ({"times": 2}, "script[1].repeat.script")):
        data = copy.deepcopy(loop)
        data["script"][1] = {"repeat": bad}
        with pytest.raises(DefinitionError) as err:
            load_scenario(data)
        assert err.value.path == path, (err.value.path, path)
