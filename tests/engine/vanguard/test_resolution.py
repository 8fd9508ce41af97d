"""resolution.py: an automatic ability whose card moved is still played and fails (8.6.8)."""

from engine.vanguard import Action, advance, play

from .helpers import card, position


def test_forerunner_blasted_from_the_soul_fails_citing_8_6_8():
    blast = {"timing": "on_ride", "cost": [{"kind": "soul_blast", "count": 1}], "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=0, keywords=["forerunner"])},
                      "hand": [card("a-g1", grade=1, abilities=[blast])]}, phase="ride")
    st, _ = advance(st)
    st, _ = play(st, Action.make("ride", card="a-g1"))
    st, _ = play(st, Action.make("resolve", card="a-g1"))
    st, ev = play(st, Action.make("accept"))
    fails = [e for e in ev if e.kind == "effect_fizzles"]
    assert [e.data.get("card") for e in fails] == ["a-vg"] and fails[0].cites("8.6.8")
    assert "a-vg" in st.zones[0]["drop"] and not any(e.kind == "forerunner" for e in ev)


def test_a_counter_blast_effect_is_all_or_nothing():
    blast = {"timing": "act", "effects": [{"kind": "counter_blast", "count": 2}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[blast])},
                      "damage": [card("a-up"), card("a-down", face_down=True)]}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert "a-up" not in st.face_down
    assert [e for e in ev if e.kind == "effect_fizzles" and e.cites("10.16.1.2")]


def test_an_unmet_if_requirement_triggers_and_does_nothing_when_played():
    draw = {"timing": "on_attack", "conditions": [{"kind": "count", "player": "self", "zone": "hand", "min": 1}],
            "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[draw])}},
                  p1={"hand": [card("b-h")]})
    st, _ = advance(st)
    st, ev = play(st, Action.make("attack", card="a-vg", target="b-vg"))
    assert [e.kind for e in ev if e.data.get("card") == "a-vg" and e.kind != "attacker"][-2:] == [
        "standby", "ability_requirement_unmet"]
    assert not st.zones[0]["hand"]


def test_deck_bottom_puts_the_unit_last_in_its_owners_deck_without_retiring_it():
    bottom = {"timing": "act", "effects": [{"kind": "deck_bottom", "target": "choose_opponent_rear_guard"}]}
    watched = {"timing": "on_retired", "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[bottom])}},
                  p1={"field": {"front_left": card("b-fl", abilities=[watched])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert st.zones[1]["deck"][-1] == "b-fl" and not st.zones[1]["front_left"]
    assert [e for e in ev if e.kind == "deck_bottom" and e.cites("4.1.6")]
    assert not [e for e in ev if e.kind in ("retire", "standby")] and not st.zones[1]["hand"]


def test_a_unit_becomes_a_keyword_state_once_and_keeps_it_until_end_of_turn():
    twice = {"timing": "act", "effects": [{"kind": "become", "state": "engorged", "target": "self"},
                                          {"kind": "become", "state": "engorged", "target": "self"}]}
    bonus = {"timing": "cont", "conditions": [{"kind": "state", "state": "engorged"}],
             "effects": [{"kind": "power", "amount": 5000, "target": "self"}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[twice, bonus])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    became = [e for e in ev if e.kind == "become"]
    assert [e.data["again"] for e in became] == [False, True] and all(e.cites("11.24.1") for e in became)
    assert sum(m.stat == "engorged" for m in st.modifiers) == 1
    from engine.vanguard.characteristics import stat
    assert stat(st, "a-vg", "power") == 18000


def test_an_if_you_do_part_is_ignored_when_the_part_before_did_nothing():
    engorge = {"timing": "act", "effects": [{"kind": "retire", "target": "choose_own_rear_guard"},
                                            {"kind": "become", "state": "engorged", "target": "self", "if_done": True},
                                            {"kind": "draw", "count": 1, "if_done": True}, {"kind": "soul_charge", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[engorge])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert not [e for e in ev if e.kind in ("become", "draw")] and len(st.zones[0]["soul"]) == 1
    assert len([e for e in ev if e.kind == "effect_fizzles" and e.cites("8.5.4.1.3")]) == 3
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[engorge]), "front_left": card("a-fl")}},
                  phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert [e.kind for e in ev if e.kind in ("retire", "become", "draw")] == ["retire", "become", "draw"]


def test_rest_and_stand_effects_choose_only_units_they_can_change():
    rest = {"timing": "act", "effects": [{"kind": "rest", "target": "choose_own_rear_guard"}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[rest]),
                                "front_left": card("a-fl", rested=True), "front_right": card("a-fr")}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert [e.data["card"] for e in ev if e.kind == "rest"] == ["a-fr"]


def test_rush_triggers_when_your_effect_stands_the_unit():
    rush = {"timing": "on_stand_by_effect", "effects": [{"kind": "draw", "count": 1}]}
    stand = {"timing": "act", "effects": [{"kind": "stand", "target": "choose_own_rear_guard"}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[stand]),
                                "front_left": card("a-fl", rested=True, abilities=[rush])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert [e for e in ev if e.kind == "standby" and e.data["card"] == "a-fl"] and len(st.zones[0]["hand"]) == 1


def test_time_leap_binds_calls_one_grade_higher_and_returns_at_the_end_of_the_turn():
    leap = {"timing": "act", "effects": [{"kind": "time_leap", "target": "choose_own_rear_guard"}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[leap]), "front_left": card("a-fl", grade=1)},
                      "deck": [card("a-g2", grade=2), card("a-deck", count=5)]}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert "a-fl" in st.zones[0]["bind"] and st.pending.kind == "call"
    assert {a.get("card") for a in st.pending.options if a.kind == "call"} == {"a-g2"}
    st, ev = play(st, Action.make("call", card="a-g2", circle="front_left"))
    assert st.zones[0]["front_left"] == ["a-g2"] and [e for e in ev if e.kind == "delayed_created"]
    st, _ = play(st, Action.make("pass"))  # the main phase ends
    st, _ = play(st, Action.make("pass"))  # no attack: the end phase
    assert st.pending.kind == "call" and st.zones[0]["deck"][-1] == "a-g2"
    st, ev = play(st, Action.make("call", card="a-fl", circle="front_right"))
    assert st.zones[0]["front_right"] == ["a-fl"] and not st.zones[0]["bind"]


def test_a_card_put_into_the_hand_from_the_bind_zone_triggers_the_opponents_afterimage_card_by_card():
    take = {"timing": "act", "effects": [{"kind": "bind_to_hand", "count": 2}]}
    after = {"timing": "on_opponent_bind_to_hand", "effects": [{"kind": "to_hand", "target": "self"}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[take])}, "bind": [card("a-b1"), card("a-b2")]},
                  p1={"field": {"front_left": card("b-fl", abilities=[after])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-vg", ability=0))
    assert sorted(st.zones[0]["hand"]) == ["a-b1", "a-b2"]
    assert len([e for e in ev if e.kind == "standby" and e.cites("11.22.1.1")]) == 2
