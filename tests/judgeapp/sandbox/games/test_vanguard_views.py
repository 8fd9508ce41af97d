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


def _battle_on_two_units():
    from pathlib import Path

    root = Path(__file__).resolve().parents[4] / "tests" / "scenarios"
    state = load_scenario(root / "outsider12-unit-that-attacks-two-units-its-player-chooses-the-second.json").state
    state.battle = {"number": 1, "attacker": "a-vg", "attacker_circle": "vanguard", "target": "b-vg",
                    "target_circle": "vanguard", "also": [["b-fr", "front_right"]], "booster": None,
                    "booster_circle": None, "guardians": {}, "hit": None, "drive_checks": 0}
    return state


def test_every_attacked_unit_of_the_battle_is_marked_on_its_circle_the_extra_one_too():
    from judgeapp.sandbox.games.vanguard_views import battle_roles

    state = _battle_on_two_units()
    assert battle_roles(state) == {0: {"vanguard": "attacking"}, 1: {"vanguard": "attacked", "front_right": "attacked"}}
    state.zones[1]["front_right"].remove("b-fr")  # an attacked unit that left its circle is no longer attacked
    state.zones[1]["back_right"].append("b-fr")
    state.loc["b-fr"] = (1, "back_right")
    assert battle_roles(state)[1] == {"vanguard": "attacked"}
    state.battle = None
    assert battle_roles(state) == {0: {}, 1: {}}


def test_the_mat_says_under_each_circle_which_unit_attacks_and_which_are_attacked():
    from django.template.loader import render_to_string

    from judgeapp.sandbox import fragments
    from judgeapp.sandbox.games.vanguard_views import board_view

    view = board_view(state=_battle_on_two_units())
    view.setdefault("game", "vanguard")
    with translation.override("en"):
        html = render_to_string("sandbox/_board.html", {"board": fragments.board_page(view)})
    assert html.count("attacked unit</small>") == 2 and html.count("attacking unit</small>") == 1
    assert "boosting unit" not in html
