"""battle.py: the attacked unit's "when this unit is attacked" (assumption A33)."""

from engine.vanguard import Action, advance, play, power

from .helpers import card, position

PLUS = {"timing": "on_attacked", "effects": [{"kind": "power", "amount": 10000, "target": "self",
                                               "duration": "end_of_battle"}]}
ATTACKS = {"timing": "on_attack", "effects": [{"kind": "power", "amount": 5000, "target": "self",
                                               "duration": "end_of_battle"}]}


def _attack(p1_field, target):
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[ATTACKS])}},
                  p1={"field": p1_field, "hand": [card("b-h")]})  # a guard decision stops the battle there
    st, _ = advance(st)
    return play(st, Action.make("attack", card="a-vg", target=target))


def test_attacked_units_ability_resolves_after_the_attackers():
    st, ev = _attack({"vanguard": card("b-vg", grade=3, power=13000, abilities=[PLUS])}, "b-vg")
    resolved = [(e.data.get("card"), e.cites("8.4.1.3")) for e in ev if e.kind == "ability_resolved"]
    assert resolved == [("a-vg", False), ("b-vg", True)]
    assert power(st, "b-vg") == 23000 and power(st, "a-vg") == 18000


def test_only_the_unit_chosen_to_attack_is_attacked():
    st, ev = _attack({"front_left": card("b-fl", abilities=[PLUS])}, "b-vg")
    assert not any(e.kind == "standby" and e.data.get("card") == "b-fl" for e in ev)
    assert power(st, "b-fl") == 8000


def test_the_boosted_attacker_and_the_interceptor_have_their_own_timings():
    boosted = {"timing": "on_boosted", "effects": [{"kind": "draw", "count": 1}]}
    intercepts = {"timing": "on_intercept", "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[boosted]),
                                "back_centre": card("a-bc", keywords=["boost"])}},
                  p1={"field": {"front_left": card("b-fl", keywords=["intercept"], abilities=[intercepts])},
                      "hand": [card("b-h")]})
    st, _ = advance(st)
    st, ev = play(st, Action.make("attack", card="a-vg", target="b-vg", boost="a-bc"))
    assert [e.data.get("card") for e in ev if e.kind == "ability_resolved"] == ["a-vg"]
    st, ev = play(st, Action.make("intercept", card="b-fl"))
    assert [e.data.get("card") for e in ev if e.kind == "ability_resolved"] == ["b-fl"]


BLAZE = {"timing": "begin_attack_step", "conditions": [{"kind": "own_turn"}, {"kind": "more_rear_guards"}],
         "effects": [{"kind": "become", "state": "blazing", "target": "own_vanguard"}]}


def test_the_attack_steps_beginning_is_played_before_the_attacker_is_rested():
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[BLAZE]),
                                "front_left": card("a-fl")}}, p1={"hand": [card("b-h")]})
    st, _ = advance(st)
    st, ev = play(st, Action.make("attack", card="a-vg", target="b-vg"))
    kinds = [e.kind for e in ev]
    assert kinds.index("battle_begins") < kinds.index("become") < kinds.index("attacker")
    assert [e for e in ev if e.kind == "standby" and e.cites("7.3.1.2")]


def test_a_declared_attacker_retired_at_the_attack_steps_beginning_does_not_attack():
    gone = {"timing": "begin_attack_step", "conditions": [{"kind": "opponent_turn"}],
            "effects": [{"kind": "retire", "target": "choose_opponent_rear_guard"}]}
    st = position(p0={"field": {"front_left": card("a-fl")}},
                  p1={"field": {"vanguard": card("b-vg", grade=3, power=13000, abilities=[gone])}, "hand": [card("b-h")]})
    st, _ = advance(st)
    st, ev = play(st, Action.make("attack", card="a-fl", target="b-vg"))
    assert "a-fl" in st.zones[0]["drop"] and not [e for e in ev if e.kind in ("attacker", "attack")]
    assert [e for e in ev if e.kind == "no_attack" and e.cites("7.3.1.3") and "A42" in e.assumptions]
    assert st.pending.kind == "attack"


def test_the_start_step_ability_triggers_at_every_start_step_the_battle_phase_ability_once():
    start = {"timing": "begin_start_step", "effects": [{"kind": "draw", "count": 1}]}
    phase = {"timing": "begin_battle_phase", "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"back_left": card("a-bl", abilities=[start]), "back_right": card("a-br", abilities=[phase])}})
    st, _ = advance(st)  # the two abilities of the first start step: the turn player orders them
    st, ev = play(st, Action.make("resolve", card="a-bl"))
    st, ev2 = play(st, Action.make("attack", card="a-vg", target="b-vg"))
    stood = [e.data["card"] for e in ev + ev2 if e.kind == "standby"]
    assert stood.count("a-bl") == 1 and stood.count("a-br") == 0  # a-br went on stand-by before the answer
    assert any(e.kind == "standby" and e.data["card"] == "a-bl" and e.cites("7.2.1.1") and "A50" in e.assumptions
               for e in ev2)


TWO = {"timing": "cont", "effects": [{"kind": "gain_keyword", "target": "self", "keyword": "attacks_two_units"}]}


def _battle_on_the_vanguard(abilities=(), **b1):
    """Battle 1: the vanguard attacks the opponent's vanguard; his front row is b-fl and what ``b1`` adds."""
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=list(abilities))}},
                  p1={"field": {"front_left": card("b-fl"), "back_left": card("b-bl"), **b1}})
    st.battle = {"number": 1, "attacker": "a-vg", "attacker_circle": "vanguard", "target": "b-vg",
                 "target_circle": "vanguard", "booster": None, "booster_circle": None, "guardians": {}, "hit": None,
                 "drive_checks": 0}
    return st


def test_attacks_two_units_asks_its_player_for_the_second_among_the_others_then_adds_it():
    from engine.vanguard.battle import _second_target
    from engine.vanguard.several import attacked_units

    st = _battle_on_the_vanguard([TWO], front_right=card("b-fr"))
    decision = _second_target(st, {"t": "second_target"}, None, [])
    assert decision.kind == "target" and decision.player == 0 and decision.citation.number == "7.3.1.4.5"
    assert {o.card for o in decision.options} == {"b-fl", "b-fr"}  # not the first attacked unit, not the back row
    events = []
    assert _second_target(st, {"t": "second_target"}, Action.make("target", card="b-fr"), events) is None
    assert attacked_units(st.battle) == [("b-vg", "vanguard"), ("b-fr", "front_right")]
    assert events[0].kind == "attacks_several" and events[0].data["cards"] == ["b-fr"]
    # asked once: with a second unit already attacked, the task does nothing
    assert _second_target(st, {"t": "second_target"}, None, []) is None


def test_without_the_keyword_no_second_unit_is_asked_for():
    from engine.vanguard.battle import _second_target

    st = _battle_on_the_vanguard(front_right=card("b-fr"))
    assert _second_target(st, {"t": "second_target"}, None, []) is None and "also" not in st.battle




def test_a_rear_guard_without_drive_has_no_drive_step_nor_its_beginning_abilities():
    drive_step = {"timing": "begin_drive_step", "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, abilities=[drive_step]), "front_left": card("a-fl")}})
    st, _ = advance(st)
    st, events = play(st, Action.make("attack", card="a-fl", target="b-vg"))
    kinds = [e.kind for e in events]
    assert "no_drive_step" in kinds and "draw" not in kinds and "drive_check" not in kinds
    assert next(e for e in events if e.kind == "no_drive_step").cites("7.4.1.2.1")
    assert kinds.index("no_drive_step") < kinds.index("no_hit")  # straight on to the damage step
