"""engine/weiss/refusals.py: a refused answer is explained with the clause that governs it, also where nobody
decides (a scenario's stop point), as the play timing of that moment would explain it."""
from engine.core import games
from engine.weiss.actions import Action
from engine.weiss.citations import cite
from engine.weiss.refusals import explain

from .helpers import at_decision, at_start


def _number(state, action) -> str:
    _, key = explain(state, action)
    return cite(key).number


def test_a_character_at_the_climax_phase_with_no_climax_to_play_cites_the_climax_phase():
    # the climax phase's play timing is skipped with no climax to play; a character is still refused by 6.6.1.2.1
    state = at_start("outsider8-climax-phase-with-no-climax-a-character-is-still-refused")
    assert state.pending is None and state.phase == "climax"
    assert _number(state, Action.make("play", card="h", slot="center_left")) == "6.6.1.2.1"


def test_a_second_clock_after_the_first_cites_the_clock_phase():
    state = at_decision("outsider8-clock-phase-second-card-refused")
    game = games.for_state(state)
    state, _ = game.apply(state, Action.make("clock", card="h1"))
    state, _ = game.run_to(state, "event")  # stands between events: the drawing of the two cards
    assert state.pending is None
    reason, key = explain(state, Action.make("clock", card="h2"))
    assert cite(key).number == "6.4.1.2" and "only one card" in reason


def test_a_clock_in_the_main_phase_cites_the_clock_phase():
    state = at_decision("outsider8-clock-in-the-main-phase-refused")
    assert state.pending.kind == "main"
    assert _number(state, Action.make("clock", card="h1")) == "6.4.1.2"


def test_a_climax_forbidden_by_a_cont_effect_is_not_offered_and_cites_the_effect():
    # 1.3.3: "you cannot play climaxes" wins over 6.6.1.2.1, which would allow it
    state = at_start("outsider8-cannot-play-climaxes-none-offered-and-refused")
    reason, key = explain(state, Action.make("play", card="x1"))
    assert cite(key).number == "1.3.3" and "cannot play climaxes" in reason


def test_a_character_forbidden_to_the_opponent_only():
    state = at_decision("outsider8-opponent-cannot-play-characters-refused")
    assert not [a for a in state.pending.options if a.kind == "play"]
    assert _number(state, Action.make("play", card="h", slot="center_left")) == "1.3.3"
    mine = at_decision("outsider8-cannot-play-characters-only-the-named-player")
    assert any(a.kind == "play" and a.card == "h" for a in mine.pending.options)


def test_an_act_ability_at_a_stop_outside_the_main_phase_cites_the_main_phases_act_clause():
    # the encore step (or the end phase) has no play timing for ACT abilities: only the main phase's (6.5.1.2.3)
    state = at_start("outsider13-act-in-the-encore-step-refused")
    assert state.pending is None and state.phase == "main"
    assert _number(state, Action.make("act", card="b", ability=0)) != "6.5.1.2.3"  # the main phase's stop: no answer
    state.phase, state.step = "attack", "encore"
    reason, key = explain(state, Action.make("act", card="b", ability=0))
    assert cite(key).number == "6.5.1.2.3" and "main phase" in reason
