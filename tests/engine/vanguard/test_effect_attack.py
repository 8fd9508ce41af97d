"""effect_attack.py: "(unit A) attacks (unit B)" (EN 10.34)."""
from engine.vanguard import Action, advance, play
from engine.vanguard.effect_attack import after_battle

from .helpers import card, position


def test_after_a_battle_made_by_an_effect_no_start_step_follows_and_waiting_attacks_come_first():
    st = position(phase="main")
    st.agenda = []
    after_battle(st, {"by_effect": True, "resume_step": None, "then_attacks": [{"t": "effect_attack", "x": 1}]})
    assert [t["t"] for t in st.agenda] == ["effect_attack"] and st.step is None
    st.agenda = []
    after_battle(st, {"then_attacks": [{"t": "effect_attack", "x": 2}]})
    assert [t["t"] for t in st.agenda] == ["start_step_begins", "effect_attack"]  # the attack runs first (top of the stack)


def test_an_act_that_makes_a_rear_guard_attack_runs_a_battle_in_the_main_phase():
    attack = {"timing": "act", "effects": [{"kind": "effect_attack", "attacker": "self", "target": "opponent_vanguard"}]}
    st = position(p0={"field": {"front_left": card("a-fl", power=30000, abilities=[attack])}}, phase="main")
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-fl", ability=0))
    kinds = [e.kind for e in ev]
    assert "attack_waits" in kinds and "battle_begins" in kinds and kinds.index("attack_waits") < kinds.index("battle_begins")
    assert any(e.kind == "battle_begins" and e.cites("en:10.34.1.2") for e in ev)


def test_rear_guards_an_effect_names_are_chosen_in_any_row_but_not_locked_or_with_resist():
    from engine.vanguard.effect_attack import named_rear_guards
    st = position(p1={"field": {"back_left": card("b-bl"), "back_right": card("b-br", keywords=["resist"]),
                                "front_left": card("b-fl"), "back_centre": card("b-bc", locked=True)}})
    assert named_rear_guards(st, 1, "choose_opponent_back_row") == ["b-bl"]
    assert sorted(named_rear_guards(st, 1, "choose_opponent_rear_guard")) == ["b-bl", "b-fl"]


def test_a_vanguard_in_legion_is_not_made_to_attack_by_an_effect():
    # 10.27.5: neither the Legion Leader nor the Legion Mate "can be forced to attack by an effect"
    attack = {"timing": "act", "effects": [{"kind": "effect_attack", "attacker": "own_vanguard", "target": "opponent_vanguard"}]}
    st = position(p0={"field": {"front_left": card("a-fl", abilities=[attack])}}, phase="main")
    st.legion[st.vanguard(0)] = "a-fl"  # the rear-guard stands in for a Legion Mate: only the pairing is read
    st, _ = advance(st)
    st, ev = play(st, Action.make("act", card="a-fl", ability=0))
    assert not any(e.kind == "battle_begins" for e in ev)
    assert any(e.kind == "no_attack" and e.cites("10.27.5") for e in ev)
