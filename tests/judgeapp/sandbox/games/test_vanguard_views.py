"""judgeapp/sandbox/games/vanguard_views.py: a timed trigger on stand-by is shown by its card and its effects."""

from django.utils import translation

from engine.core.scenario import load_scenario
from judgeapp.sandbox.games.vanguard_views import _standby_text


def test_a_timed_trigger_on_stand_by_reads_as_its_effects():
    state = load_scenario({"format": "judgeapp-scenario/2", "turn": 3, "phase": "main", "players": [
        {"deck": [{"id": "a-d", "name": "Filler", "grade": 1, "power": 8000, "count": 3}],
         "field": {"vanguard": {"id": "a-vg", "name": "Boss", "grade": 3, "power": 11000}}},
        {"deck": [{"id": "b-d", "name": "Filler", "grade": 1, "power": 8000, "count": 3}],
         "field": {"vanguard": {"id": "b-vg", "name": "Boss", "grade": 3, "power": 11000}}}]}).state
    entry = {"card": "a-vg", "ability": -2, "ctx": {"delayed": [{"kind": "retire", "target": "self"}]}}
    with translation.override("en"):
        assert _standby_text(state, entry) == "timed ability of Boss: retire this unit"


def test_a_declared_name_and_an_optional_replacement_have_labels_of_their_own():
    from judgeapp.sandbox.games.vanguard_views import action_label
    from pathlib import Path

    root = Path(__file__).resolve().parents[4] / "tests" / "scenarios"
    state = load_scenario(root / "outsider11-declared-name-must-be-an-existing-card.json").state
    with translation.override("en"):
        assert action_label(state, {"kind": "declare", "name": "Crit"}, decision="declare") == "Declare “Crit”"
        assert action_label(state, {"kind": "accept"}, decision="replacement") == "Put it there instead"
        assert action_label(state, {"kind": "pass"}, decision="replacement") == "Pass: it is retired"
