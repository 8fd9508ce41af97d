"""The effects of the ability format: each kind takes its own fields; anything else is refused naming the field."""

import pytest

from engine.core.errors import DefinitionError
from engine.vanguard.effect_format import parse_effect


def test_call_effect_names_the_guardian_circle_or_a_rear_guard_circle():
    # "call it to your guardian circle" (10.7.1.3.1) is told apart from a call to a rear-guard circle
    assert parse_effect({"kind": "call", "source": "hand", "circle": "guardian"}, "e", "act").get("circle") == "guardian"
    assert parse_effect({"kind": "call", "source": "hand"}, "e", "act").get("circle") is None
    with pytest.raises(DefinitionError):
        parse_effect({"kind": "call", "source": "hand", "circle": "vanguard"}, "e", "act")
    with pytest.raises(DefinitionError):
        parse_effect({"kind": "power", "amount": 1, "target": "self", "duration": "end_of_turn", "circle": "guardian"}, "e", "act")


def test_deal_damage_names_a_count_and_a_player():
    part = parse_effect({"kind": "deal_damage", "count": 2, "player": "opponent"}, "e", "act")
    assert part.get("count") == 2 and part.get("player") == "opponent"
    for bad in ({"kind": "deal_damage", "count": 1}, {"kind": "deal_damage", "count": 0, "player": "self"},
                {"kind": "deal_damage", "count": 1, "player": "both"},
                {"kind": "deal_damage", "count": 1, "player": "self", "target": "self"}):
        with pytest.raises(DefinitionError):
            parse_effect(bad, "e", "act")


def test_a_timed_trigger_holds_effects_but_not_another_timed_trigger():
    part = parse_effect({"kind": "delayed", "at": "end_of_battle", "effects": [{"kind": "retire", "target": "self"}]},
                        "e", "on_attack")
    assert part.to_json() == {"kind": "delayed", "at": "end_of_battle", "effects": [{"kind": "retire", "target": "self"}]}
    for bad, path in (
            ({"kind": "delayed", "at": "end_of_turn", "effects": []}, "e.effects"),
            ({"kind": "delayed", "at": "next_turn", "effects": [{"kind": "draw", "count": 1}]}, "e.at"),
            ({"kind": "delayed", "at": "end_of_turn", "effects": [
                {"kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "draw", "count": 1}]}]}, "e.effects[0]")):
        with pytest.raises(DefinitionError) as err:
            parse_effect(bad, "e", "act")
        assert err.value.path == path
    with pytest.raises(DefinitionError):
        parse_effect({"kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "draw", "count": 1}]}, "e", "cont")


def test_if_done_is_only_true_and_never_on_a_cont_ability():
    part = parse_effect({"kind": "draw", "count": 1, "if_done": True}, "e", "act")
    assert part.get("if_done") is True and part.to_json() == {"kind": "draw", "count": 1, "if_done": True}
    for bad, timing, path in (({"kind": "draw", "count": 1, "if_done": False}, "act", "e.if_done"),
                              ({"kind": "draw", "count": 1, "if_done": "yes"}, "act", "e.if_done"),
                              ({"kind": "power", "amount": 1, "target": "self", "if_done": True}, "cont", "e.if_done")):
        with pytest.raises(DefinitionError) as err:
            parse_effect(bad, "e", timing)
        assert err.value.path == path


def test_a_call_until_the_end_of_the_turn_names_where_the_unit_goes():
    part = parse_effect({"kind": "call", "source": "soul", "at_end_of_turn": "soul"}, "e", "act")
    assert part.get("at_end_of_turn") == "soul"
    with pytest.raises(DefinitionError) as err:
        parse_effect({"kind": "call", "source": "soul", "at_end_of_turn": "hand"}, "e", "act")
    assert err.value.path == "e.at_end_of_turn"
    assert parse_effect({"kind": "to_soul", "target": "self"}, "e", "act").get("target") == "self"


def test_cannot_be_guarded_names_a_target_a_grade_and_a_duration():
    part = parse_effect({"kind": "cannot_be_guarded", "target": "self", "grade": 1, "duration": "end_of_battle"}, "e", "on_attack")
    assert part.get("grade") == 1 and part.get("duration") == "end_of_battle"
    for bad, timing in (({"kind": "cannot_be_guarded", "target": "self", "grade": 5, "duration": "end_of_battle"}, "act"),
                        ({"kind": "cannot_be_guarded", "target": "self", "duration": "end_of_battle"}, "act"),
                        ({"kind": "cannot_be_guarded", "target": "self", "grade": 1}, "act"),
                        ({"kind": "cannot_be_guarded", "target": "self", "grade": 1, "duration": "end_of_battle"}, "cont")):
        with pytest.raises(DefinitionError):
            parse_effect(bad, "e", timing)


def test_a_move_in_its_column_names_only_its_target():
    assert parse_effect({"kind": "move_in_column", "target": "self"}, "e", "act").get("target") == "self"
    for bad in ({"kind": "move_in_column"}, {"kind": "move_in_column", "target": "self", "circle": "front_left"}):
        with pytest.raises(DefinitionError):
            parse_effect(bad, "e", "act")


def test_a_call_takes_a_count_and_up_to():
    # "call up to two cards from your soul" (8.5.4.1.1; placed together, 10.7.1.1.2)
    part = parse_effect({"kind": "call", "source": "soul", "count": 2, "up_to": True}, "e", "act")
    assert part.get("count") == 2 and part.get("up_to") is True
    assert parse_effect({"kind": "call", "source": "soul"}, "e", "act").get("count") is None
    for bad in ({"kind": "call", "source": "soul", "count": 0}, {"kind": "call", "source": "soul", "count": 6},
                {"kind": "call", "source": "soul", "up_to": "yes"}):
        with pytest.raises(DefinitionError):
            parse_effect(bad, "e", "act")
