"""characteristics.py: "during your turn" / "during your opponent's turn" read the card's owner (6.2.1)."""

import pytest

from engine.core.abilities import Part
from engine.vanguard.characteristics import condition_holds

from .helpers import card, position


@pytest.mark.parametrize("kind,card,holds", [
    ("own_turn", "a-vg", True), ("own_turn", "b-vg", False),
    ("opponent_turn", "a-vg", False), ("opponent_turn", "b-vg", True),
])
def test_turn_conditions_follow_the_turn_player(kind, card, holds):
    st = position(turn_player=0)
    assert condition_holds(st, Part(kind), card) is holds


@pytest.mark.parametrize("params,holds", [
    ((("grade", 1),), True), ((("grade", 3),), False), ((("trigger", "any"),), False), ((("trigger", "none"),), True),
])
def test_revealed_reads_the_checked_card(params, holds):
    st = position()
    checked = st.zones[0]["deck"][0]  # a grade 1 card without a trigger (helpers.card)
    assert condition_holds(st, Part("revealed", params), "a-vg", {"checked": checked}) is holds
    assert condition_holds(st, Part("revealed", params), "a-vg", {}) is False


@pytest.mark.parametrize("params,holds", [
    ({"min": 2}, True), ({"min": 3}, False), ({"min": 1, "max": 1}, False), ({"max": 2}, True),
])
def test_battle_number_reads_the_current_battle_of_the_turn(params, holds):
    state = position()
    cond = Part("battle_number", tuple(sorted(params.items())))
    assert condition_holds(state, cond, "a-vg") is False  # no battle: no battle number (11.35)
    state.battle = {"number": 2, "attacker": "a-vg", "target": "b-vg", "target_circle": "vanguard"}
    assert condition_holds(state, cond, "a-vg") is holds


def test_the_turns_counts_are_the_cards_owners():
    state = position()
    cond = Part("calls_this_turn", (("min", 2),))
    state.calls_this_turn = [2, 1]
    assert condition_holds(state, cond, "a-vg") and not condition_holds(state, cond, "b-vg")
    state.soul_in_this_turn = [0, 1]
    assert condition_holds(state, Part("soul_in_this_turn", (("min", 1),)), "b-vg")


def test_more_rear_guards_leaves_out_locked_cards_and_rear_guard_power_counts_the_boost():
    from engine.vanguard.abilities import parse_condition
    from engine.vanguard.characteristics import condition_holds

    more = parse_condition({"kind": "more_rear_guards"}, "c")
    st = position(p0={"field": {"front_left": card("a-fl"), "front_right": card("a-fr")}},
                  p1={"field": {"front_left": card("b-fl"), "front_right": card("b-lk", locked=True)}})
    assert condition_holds(st, more, "a-vg") and not condition_holds(st, more, "b-vg")
    strong = parse_condition({"kind": "rear_guard_power", "min": 15000}, "c")
    st = position(p0={"field": {"front_left": card("a-fl"), "back_left": card("a-bl", power=7000, keywords=["boost"])}},
                  p1={"hand": [card("b-h")]})
    assert not condition_holds(st, strong, "a-vg")
    from engine.vanguard import Action, advance, play
    st, _ = advance(st)
    st, _ = play(st, Action.make("attack", card="a-fl", target="b-vg", boost="a-bl"))
    assert condition_holds(st, strong, "a-vg")


def test_brave_oracle_and_thunderstrike_count_the_hand_and_the_opponents_bind_zone():
    from engine.vanguard.abilities import parse_condition

    brave, oracle = parse_condition({"kind": "brave"}, "c"), parse_condition({"kind": "oracle"}, "c")
    strike = parse_condition({"kind": "thunderstrike", "count": 2}, "c")
    st = position(p0={"hand": [card(f"a-h{i}") for i in range(3)]},
                  p1={"hand": [card(f"b-h{i}") for i in range(5)], "bind": [card("a-b1"), card("a-b2")]})
    assert condition_holds(st, brave, "a-vg") and not condition_holds(st, oracle, "a-vg")
    assert condition_holds(st, oracle, "b-vg") and not condition_holds(st, brave, "b-vg")
    assert condition_holds(st, strike, "a-vg") and not condition_holds(st, strike, "b-vg")


def test_the_battle_condition_reads_the_current_battle_only():
    from engine.vanguard.abilities import parse_condition

    missed = parse_condition({"kind": "battle", "target": "vanguard", "hit": False}, "c")
    st = position()
    assert not condition_holds(st, missed, "a-vg")  # no battle
    st.battle = {"target": "b-vg", "target_circle": "vanguard", "hit": False}
    assert condition_holds(st, missed, "a-vg") and condition_holds(st, missed, "b-vg")
    st.battle["hit"] = True
    assert not condition_holds(st, missed, "a-vg")
    with pytest.raises(Exception) as err:
        parse_condition({"kind": "battle"}, "c")
    assert err.value.path == "c"


def test_a_keyword_given_then_taken_away_the_latest_effect_wins():
    from engine.vanguard.characteristics import has_keyword
    from engine.vanguard.primitives import add_modifier

    state = _keyword_state()
    assert not has_keyword(state, "a-fl", "intercept")
    add_modifier(state, "a-fl", "intercept", 1, "end_of_turn", "a-vg")
    assert has_keyword(state, "a-fl", "intercept")
    add_modifier(state, "a-fl", "intercept", -1, "end_of_turn", "a-vg")
    assert not has_keyword(state, "a-fl", "intercept")
    assert has_keyword(state, "a-vg", "twin_drive") and not has_keyword(state, "a-vg", "boost")  # printed, untouched


def _keyword_state():
    return position({"field": {"vanguard": card("a-vg", grade=3, keywords=["twin_drive"]), "front_left": card("a-fl")}})


def test_a_cont_ability_gives_its_keyword_only_while_its_condition_holds_and_a_later_effect_wins():
    from engine.vanguard.characteristics import has_keyword
    from engine.vanguard.primitives import add_modifier, move
    cont = {"timing": "cont", "conditions": [{"kind": "count", "player": "self", "zone": "rear_guards", "min": 3}],
            "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "boost"}]}
    st = position(p0={"field": {"back_centre": card("a-bc", abilities=[cont]), "front_left": card("a-fl")}})
    assert not has_keyword(st, "a-bc", "boost")
    move(st, "a-deck-0", "front_right", 0)  # a third rear-guard
    assert has_keyword(st, "a-bc", "boost")
    add_modifier(st, "a-bc", "boost", -1, "end_of_turn", "a-vg")
    assert not has_keyword(st, "a-bc", "boost")


def test_a_keyword_a_cont_gives_and_an_effect_takes_is_taken():
    from engine.vanguard.characteristics import has_keyword, keyword_taken
    from engine.vanguard.primitives import add_modifier
    cont = {"timing": "cont", "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "intercept"}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[cont])}})
    assert has_keyword(st, "a-fl", "intercept") and not keyword_taken(st, "a-fl", "intercept")
    add_modifier(st, "a-fl", "intercept", -1, "end_of_turn", "b-vg")
    assert not has_keyword(st, "a-fl", "intercept") and keyword_taken(st, "a-fl", "intercept")


def test_a_cont_bonus_to_your_front_row_units_or_to_all_your_units_reaches_only_those():
    from engine.vanguard import power

    front = {"timing": "cont", "effects": [{"kind": "power", "target": "all_own_front_row", "amount": 1000}]}
    every = {"timing": "cont", "effects": [{"kind": "power", "target": "all_own_units", "amount": 100}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[front]), "back_left": card("a-bl", abilities=[every]),
                                "front_right": card("a-fr")}}, phase="main")
    assert power(st, "a-vg") == 13000 + 1100 and power(st, "a-fl") == 8000 + 1100 and power(st, "a-fr") == 8000 + 1100
    assert power(st, "a-bl") == 8000 + 100 and power(st, "b-vg") == 13000  # the back row; the opponent's units


def test_an_amount_for_each_is_the_amount_times_the_cards_counted_now():
    from engine.vanguard.characteristics import count_cards, per_amount

    st = position(p0={"field": {"front_left": card("a-fl"), "back_left": card("a-bl", grade=3)},
                      "soul": [card("a-s1"), card("a-s2", grade=3)]}, phase="main")
    assert count_cards(st, 0, {"player": "self", "zone": "rear_guards"}) == 2
    assert count_cards(st, 0, {"player": "self", "zone": "soul", "grade": 3}) == 1
    assert per_amount(st, 0, {"amount": 2000, "per": [{"player": "self", "zone": "soul"}]}) == 4000
    assert per_amount(st, 0, {"amount": 2000}) == 2000 and per_amount(st, 1, {"amount": 5, "per": [
        {"player": "opponent", "zone": "rear_guards"}]}) == 10
