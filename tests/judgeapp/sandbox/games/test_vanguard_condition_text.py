"""Conditions as card text: each kind in words, in the page's language; an unknown one shown with its fields."""
from django.utils import translation

from judgeapp.sandbox.games.vanguard_condition_text import condition_text, revealed_text


def test_a_state_condition_reads_is_or_is_not():
    assert condition_text({"kind": "state", "state": "blazing"}) == "this unit is blazing"
    assert condition_text({"kind": "state", "state": "blazing", "unit": "own_vanguard", "absent": True}) == \
        "your vanguard is not blazing"


def test_a_count_condition_names_its_bounds_zone_and_grade():
    text = condition_text({"kind": "count", "player": "opponent", "zone": "rear_guards", "min": 2, "grade": 1})
    assert text.startswith("your opponent's rear-guards number at least 2") and "grade 1" in text


def test_a_revealed_condition_joins_its_trigger_and_grade():
    assert revealed_text({"trigger": "critical", "grade": 0}) == \
        "the drive check reveals a critical trigger and the drive check reveals a grade 0 card"


def test_an_unknown_condition_shows_its_fields_rather_than_vanish():
    assert condition_text({"kind": "moon_phase", "full": True}) == "moon_phase full=True"


def test_conditions_read_in_italian_on_an_italian_page():
    with translation.override("it"):
        assert condition_text({"kind": "own_turn"}) != "during your turn"
