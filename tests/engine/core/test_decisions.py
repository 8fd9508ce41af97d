"""engine.core.decisions: the choices every game asks alike (the starting-hand redraw, a play timing)."""

from engine.core.decisions import mulligan, play_timing
from engine.vanguard.actions import Action


def test_a_mulligan_asks_every_subset_then_puts_back_draws_as_many_and_says_so():
    decision = mulligan(None, Action, 1, ["a", "b"], "redraw?", None, None, None, None)
    assert decision.kind == "mulligan" and decision.player == 1 and len(decision.options) == 4
    log = []
    assert mulligan(Action.make("mulligan", cards=["b", "a"]), Action, 1, ["a", "b"], "redraw?", None,
                    lambda c: log.append(("back", c)), lambda: log.append("draw"),
                    lambda chosen: log.append(("done", chosen))) is None
    assert log == [("back", "a"), ("back", "b"), "draw", "draw", ("done", ["a", "b"])]


def test_a_play_timing_asks_until_the_player_passes():
    log = []
    asked = play_timing(None, lambda: "the decision", lambda: log.append("passed"), log.append)
    assert asked == "the decision" and log == []
    assert play_timing(Action.make("pass"), None, lambda: log.append("passed"), log.append) is None
    act = Action.make("choose", card="x")
    assert play_timing(act, None, lambda: log.append("passed"), log.append) is None
    assert log == ["passed", act]
