"""'At the beginning of ...' abilities (engine/weiss/check_timing.py): the turn player's, and the other player's
'at the beginning of your opponent's ...' ones (the ``opponent_turn`` condition, assumption W4)."""
from engine.weiss.characteristics import condition_holds
from engine.weiss.check_timing import begin_abilities

from .helpers import at_start


def test_the_other_players_ability_needs_the_opponent_turn_condition():
    state = at_start("outsider6-beginning-of-the-counter-step-turn-player-first")
    events: list = []
    assert begin_abilities(state, events, "begin_counter", "COUNTER_STEP_START")
    assert [(e.player, e.data["card"]) for e in events if e.kind == "standby"] == [(0, "a"), (1, "d")]


def test_an_opponent_turn_ability_of_the_turn_player_does_not_go_on_stand_by():
    state = at_start("outsider6-beginning-of-opponents-attack-phase-move-to-the-center")
    state.turn_player = 1  # now b's player's own attack phase: "your opponent's attack phase" it is not
    events: list = []
    assert not begin_abilities(state, events, "begin_attack", "ATTACK_PHASE_START")
    assert events == []


def test_own_and_opponent_turn_conditions_read_the_cards_player():
    state = at_start("outsider6-during-your-opponents-turn-power-only-in-their-turn")
    (cond,) = state.cards["d"].abilities[0].conditions
    assert condition_holds(state, cond, "d") and not condition_holds(state, cond, "a")


def _run_loop(name: str):
    from engine.core import games

    state = at_start(name)
    return games.for_state(state).advance(state)


def test_a_mandatory_situation_repeating_with_the_cards_in_the_same_areas_ends_in_a_draw():
    from engine.weiss.check_timing import ENDLESS_AFTER

    state, events = _run_loop("outsider7-situation-trigger-that-never-ends-is-a-draw")
    assert state.outcome == {"winner": None, "draw": True, "losers": [], "reason": "INFINITE_LOOP_DRAW"}
    # it went on stand-by as many times as the repetition needs to be recognised, and no more
    assert sum(e.kind == "standby" for e in events) == ENDLESS_AFTER - 1
    assert [c.number for c in events[-1].citations] == ["11.1.1.1", "11.1.1"]


def test_an_optional_repeating_situation_is_never_ended_by_the_engine():
    state, _ = _run_loop("outsider7-optional-situation-loop-stopped-by-its-controller")
    assert state.outcome is None and state.pending.kind == "use"


def test_the_repetition_count_survives_the_canonical_json():
    from engine.weiss.state import GameState

    state = at_start("outsider7-situation-trigger-that-never-ends-is-a-draw")
    state.repeating = {"key": "s:0", "areas": "x", "n": 7}
    assert GameState.from_json(state.to_json()).repeating == state.repeating
