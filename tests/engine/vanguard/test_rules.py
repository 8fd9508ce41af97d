"""Rules: setup, legal actions, refusals with citations, check timing order, judge actions."""

import pytest

from engine import GameOverError, IllegalActionError
from engine.vanguard import Action, advance, apply, legal_actions, new_game, play, power, step
from engine.vanguard.sample import generated_deck

from .helpers import card, position


def started(seed=3):
    st, ev = advance(new_game([generated_deck(1), generated_deck(2)], seed=seed))
    return st, ev


def test_setup_reaches_mulligan_of_first_player():
    st, ev = started()
    assert st.pending.kind == "mulligan" and st.pending.player == st.first_player
    assert all(len(st.zones[p]["hand"]) == 5 for p in (0, 1))
    assert len(st.pending.options) == 32
    assert any(e.cites("5.4.4") for e in ev) and any(e.cites("5.4.3") for e in ev)


def test_mulligan_returns_cards_and_redraws():
    st, _ = started()
    p = st.pending.player
    back = st.zones[p]["hand"][:2]
    st, ev = apply(st, Action.make("mulligan", cards=back))
    assert len(st.zones[p]["hand"]) == 5
    assert all(st.where(c) == (p, "deck") for c in back)


def test_same_seed_same_game_start():
    a, _ = started(seed=11)
    b, _ = started(seed=11)
    c, _ = started(seed=12)
    assert a == b
    assert a.zones[0]["hand"] != c.zones[0]["hand"] or a.zones[1]["hand"] != c.zones[1]["hand"]


def test_no_pending_decision_means_no_legal_actions_and_refusal():
    st = position(phase="main")
    assert st.pending is None and legal_actions(st) == []
    with pytest.raises(IllegalActionError) as err:
        apply(st, Action.make("pass"))
    assert err.value.citation.number == "8.4.2.2"
    assert isinstance(err.value, ValueError)


def test_refusal_reason_names_the_grades():
    st = position(p0={"hand": [card("a-g3", grade=3)], "field": {"vanguard": card("a-vg", grade=1)}}, phase="ride")
    st, _ = advance(st)
    with pytest.raises(IllegalActionError) as err:
        apply(st, Action.make("ride", card="a-g3"))
    assert "grade 3 cannot be normal-ridden on grade 1" in err.value.reason
    assert err.value.citation.number == "8.5.2.1.1.1" and err.value.citation.en_number == "8.5.2.1.1.1"


def test_step_emits_events_one_batch_at_a_time():
    st = position(phase="stand")
    st2, ev = step(st)
    assert ev and st2 is not st
    assert st.pending is None and st.phase == "stand"  # the input state is unchanged


def test_power_includes_boost_and_guardians():
    st = position(p0={"field": {"back_centre": card("a-b", keywords=["boost"])}},
                  p1={"hand": [card("b-h1"), card("b-h2")]})
    st, _ = advance(st)
    st, _ = play(st, Action.make("attack", card="a-vg"))
    st, _ = play(st, Action.make("target", card="b-vg"))
    st, _ = play(st, Action.make("boost", card="a-b"))
    assert power(st, "a-vg") == 21000
    st, _ = play(st, Action.make("guard", card="b-h1"))
    assert power(st, "b-vg") == 18000


def test_turn_player_standby_abilities_resolve_first():
    draw = {"timing": "on_hit", "effects": [{"kind": "draw", "count": 1}]}
    st = position(p0={"field": {"vanguard": card("a-vg", grade=3, power=13000, abilities=[draw])},
                      "hand": [card("a-h", grade=0)]},
                  p1={"field": {"vanguard": card("b-vg", grade=3, power=13000, abilities=[draw])}}, phase="main")
    st, _ = advance(st)
    st, _ = apply(st, Action.make("judge_standby", card="b-vg", ability=0))
    st, _ = apply(st, Action.make("judge_standby", card="a-vg", ability=0))
    st, ev = play(st, Action.make("call", card="a-h", circle="front_left"))
    played = [e.player for e in ev if e.kind == "ability_played"]
    assert played == [0, 1]
    assert any(e.cites("8.4.1.2") or e.cites("8.6.2") for e in ev) or played


def test_judge_actions_are_logged_as_judge_events():
    st = position(phase="main")
    st, _ = advance(st)
    st, ev = apply(st, Action.make("judge_set_damage", player=1, count=3))
    assert ev and ev[0].judge and len(st.zones[1]["damage"]) == 3
    st, ev = apply(st, Action.make("judge_add_modifier", card="a-vg", stat="power", amount=2000, duration="end_of_turn"))
    assert power(st, "a-vg") == 15000
    mid = str(st.modifiers[-1].order)
    st, ev = apply(st, Action.make("judge_remove_modifier", modifier=mid))
    assert power(st, "a-vg") == 13000
    assert st.pending is not None and st.pending.kind == "main"


def test_while_modifier_depends_on_condition():
    st = position(phase="main")
    st, _ = advance(st)
    cond = {"kind": "limit_break", "count": 2}
    st, _ = apply(st, Action.make("judge_add_modifier", card="a-vg", stat="power", amount=5000, duration="while",
                                  condition=cond))
    assert power(st, "a-vg") == 13000
    st, _ = apply(st, Action.make("judge_set_damage", player=0, count=2))
    assert power(st, "a-vg") == 18000


def test_game_over_refuses_further_answers():
    st = position(phase="main")
    st, _ = advance(st)
    st, _ = apply(st, Action.make("concede", player=0))
    assert st.outcome["winner"] == 1
    with pytest.raises(GameOverError):
        apply(st, Action.make("pass"))


def test_loss_is_an_outcome_not_an_exception():
    st = position(p1={"damage": [card("b-d", count=5)]})
    st, _ = advance(st)
    st, _ = play(st, Action.make("attack", card="a-vg"))
    st, ev = play(st, Action.make("target", card="b-vg"))
    assert st.outcome == {"winner": 0, "draw": False, "losers": [1], "reason": "LOSS_DAMAGE"}
    assert legal_actions(st) == []


def test_every_event_cites_a_clause_or_is_a_judge_event():
    st, ev = started()
    rnd_events = list(ev)
    import random

    rnd = random.Random(0)
    for _ in range(200):
        if st.outcome:
            break
        st, ev = play(st, rnd.choice(legal_actions(st)))
        rnd_events += ev
    assert all(e.citations or e.judge for e in rnd_events)


def test_new_game_validates_deck_construction():
    from engine.core.errors import DefinitionError

    deck = generated_deck(1)
    with pytest.raises(DefinitionError, match="5.2.2.1"):
        new_game([deck[:-1], generated_deck(2)])
    too_many_heals = deck[:-1] + [dict(deck[1])]
    with pytest.raises(DefinitionError) as err:
        new_game([too_many_heals, generated_deck(2)])
    assert "5.2.2" in str(err.value)
    new_game([deck[:-1], generated_deck(2)], validate=False)


def test_judge_move_position_and_orientation():
    st = position(p0={"hand": [card("a-h", grade=0)]}, phase="main")
    st, _ = advance(st)
    st, ev = apply(st, Action.make("judge_move", card="a-h", zone="deck", position=0))
    assert st.zones[0]["deck"][0] == "a-h" and ev[0].judge
    st, _ = apply(st, Action.make("judge_move", card="a-h", zone="front_left", rested=True))
    assert st.where("a-h") == (0, "front_left") and "a-h" in st.rested
    st, _ = apply(st, Action.make("judge_move", card="a-h", zone="hand", player=1))
    assert st.where("a-h") == (1, "hand")


def test_judge_errors_are_refusals():
    st = position(phase="main")
    st, _ = advance(st)
    with pytest.raises(IllegalActionError):
        apply(st, Action.make("judge_move", card="ghost", zone="drop"))
    with pytest.raises(IllegalActionError):
        apply(st, Action.make("judge_remove_modifier", modifier="999"))
    with pytest.raises(IllegalActionError):
        apply(st, Action.make("judge_standby", card="a-vg", ability=0))


def test_a_g_unit_leaving_the_field_returns_to_the_g_zone():
    from engine.vanguard.primitives import move

    gu = {"id": "a-gu", "name": "G", "grade": 4, "power": 15000, "type": "g_unit", "clan": "Royal Paladin"}
    st = position(p0={"field": {"front_left": gu}}, phase="main")
    move(st, "a-gu", "drop")
    assert st.where("a-gu") == (0, "gzone") and "a-gu" not in st.face_down


# ---------------------------------------------------------------- G guardians (7.4.1.2.4, 11.13)
def test_g_guardian_ability_only_on_g_units():
    import pytest

    from engine import DefinitionError
    from engine.vanguard import Card

    ab = {"timing": "g_guardian", "cost": [{"kind": "discard", "count": 1}]}
    Card.from_json({"id": "g", "name": "G", "grade": 4, "power": 15000, "type": "g_unit", "abilities": [ab]}, owner=0)
    with pytest.raises(DefinitionError, match=r"abilities\[0\]\.timing"):
        Card.from_json({"id": "n", "name": "N", "grade": 1, "power": 8000, "abilities": [ab]}, owner=0)
    with pytest.raises(DefinitionError, match=r"abilities\[0\]\.effects"):
        Card.from_json({"id": "g", "name": "G", "grade": 4, "power": 1, "type": "g_unit",
                        "abilities": [dict(ab, effects=[{"kind": "draw", "count": 1}])]}, owner=0)


# ---------------------------------------------------------------- legion (10.27)
def _legion_scenario():
    import json
    from pathlib import Path

    from engine.core.scenario import load_scenario

    path = Path(__file__).resolve().parents[2] / "scenarios" / "legion-attack.json"
    return load_scenario(json.loads(path.read_text(encoding="utf-8")))


def test_legion_state_round_trips_and_is_absent_otherwise():
    from engine.vanguard import GameState

    st = _legion_scenario().state
    assert st.legion == {"a-lead": "a-mate"}
    assert st.vanguard(0) == "a-lead"
    again = GameState.from_json(st.to_json())
    assert again.legion == st.legion and again == st
    st.legion.clear()
    assert '"legion"' not in st.to_json()


def test_a_zone_change_ends_the_legion():
    st, _ = advance(_legion_scenario().state)
    st, ev = apply(st, Action.make("judge_move", card="a-mate", zone="drop"))
    assert st.legion == {} and st.vanguard(0) == "a-lead"
    assert all(o.card != "a-mate" for o in legal_actions(st))
