"""engine.vanguard.why_not: the answers a judge might expect, refused with the engine's reason and clause."""
import engine
from engine import vanguard
from engine.vanguard.why_not import candidate_options, refused_options


def card(cid, grade, power, **extra):
    return {"id": cid, "name": f"Grade {grade} {cid}", "grade": grade, "power": power, **extra}


def at_decision(phase="main", p0_field=None, p0_hand=(), p1_field=None, p1_hand=()):
    scenario = {"format": "judgeapp-scenario/1", "seed": 1, "turn": 2, "turn_player": 0, "first_player": 1,
                "phase": phase, "players": [
                    {"field": p0_field or {"vanguard": card("a-vg", 2, 10000)}, "hand": list(p0_hand),
                     "deck": [card("a-d1", 1, 8000)]},
                    {"field": p1_field or {"vanguard": card("b-vg", 2, 10000)}, "hand": list(p1_hand),
                     "deck": [card("b-d1", 1, 8000)]}]}
    state, _ = engine.advance(engine.load_scenario(scenario).state)
    return state


def refusals(state):
    return {(a.kind, a.card, a.get("circle")): (reason, c.number if c else None)
            for a, reason, c in refused_options(state)}


def test_a_grade_1_cannot_ride_on_a_grade_2_and_the_refusal_cites_8_5_2_1_1_1():
    state = at_decision(p0_hand=[card("a-h1", 1, 8000)])
    reason, number = refusals(state)[("ride", "a-h1", None)]
    assert number == "8.5.2.1.1.1"
    assert "grade 1 cannot be normal-ridden on grade 2" in reason


def test_calls_above_the_vanguard_grade_are_refused_on_every_rear_guard_circle_and_legal_ones_are_not_listed():
    state = at_decision(p0_hand=[card("a-h1", 1, 8000), card("a-h3", 3, 13000)])
    found = refusals(state)
    for circle in ("front_left", "back_left", "back_centre", "back_right", "front_right"):
        assert found[("call", "a-h3", circle)][1] == "8.5.2.1.1.2"
        assert ("call", "a-h1", circle) not in found  # legal: an option, not a refusal
    legal = set(state.pending.options)
    assert not any(a in legal for a, _, _ in refused_options(state))


def test_guard_step_refuses_a_guardian_above_the_vanguard_grade_and_an_intercept_without_the_keyword():
    state = at_decision(phase="battle", p0_field={"vanguard": card("a-vg", 3, 13000)},
                        p1_field={"vanguard": card("b-vg", 1, 8000), "front_left": card("b-fl", 1, 8000)},
                        p1_hand=[card("b-h3", 3, 13000, shield=0), card("b-h1", 1, 8000, shield=5000)])
    for answer in ({"kind": "attack", "card": "a-vg"}, {"kind": "target", "card": "b-vg"}):
        state, _ = engine.play(state, vanguard.Action.from_json(answer))
    assert state.pending.kind == "guard"
    found = refusals(state)
    assert found[("guard", "b-h3", None)][1] == "8.5.2.1.1.2"
    assert "intercept" in found[("intercept", "b-fl", None)][0]
    assert ("guard", "b-h1", None) not in found


def test_attacking_with_a_back_row_unit_is_refused():
    state = at_decision(phase="battle", p0_field={"vanguard": card("a-vg", 3, 13000),
                                                   "back_centre": card("a-bc", 1, 8000, keywords=["boost"])})
    assert state.pending.kind == "attack"
    reason, _ = refusals(state)[("attack", "a-bc", None)]
    assert "front row" in reason


def test_no_decision_no_refusals_and_candidates_have_no_duplicates():
    state = at_decision(p0_hand=[card("a-h1", 1, 8000)])
    candidates = candidate_options(state)
    assert len(candidates) == len(set(candidates)) > 0
    state.pending = None
    assert refused_options(state) == [] and candidate_options(state) == []
