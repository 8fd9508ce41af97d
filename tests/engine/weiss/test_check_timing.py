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


def test_when_you_use_accelerate_answers_an_ability_with_a_clock_cost_only():
    """10.12.3: an AUTO ability whose cost puts a card into the clock (10.12.1) is an Accelerate; paid with stock it
    is not, and "when you use Accelerate" stays silent."""
    import json

    import engine

    from .helpers import SCENARIOS

    data = json.loads((SCENARIOS / "outsider12-when-you-use-accelerate-triggers-as-the-accelerate-ability-resolves"
                                   ".json").read_text(encoding="utf-8"))

    def watcher_triggered(d) -> bool:
        d = {**d, "expect": []}
        return any(e.kind == "standby" and e.data.get("card") == "w"
                   for e in engine.run_scenario(engine.load_scenario(d)).events)

    assert watcher_triggered(data)
    data["players"][0]["stage"]["center_left"]["abilities"][0]["cost"] = [{"kind": "stock", "count": 1}]
    assert not watcher_triggered(data)
