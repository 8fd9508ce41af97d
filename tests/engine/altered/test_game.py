"""engine.altered.game and the day: deck construction (1.1.4), a game from the start, stop points in the day's words."""
import pytest

from engine import Timeline
from engine.altered import GAME, advance, legal_actions, new_game, play, run_to, stop_points
from engine.altered.sample import generated_deck
from engine.core.errors import DefinitionError


def game(seed=3):
    return new_game([generated_deck(seed), generated_deck(seed + 1)], seed=seed)


def test_a_deck_without_a_hero_or_too_small_is_refused_citing_1_1_4():
    with pytest.raises(DefinitionError, match="1.1.4.b"):
        new_game([generated_deck(0)[1:], generated_deck(1)])
    with pytest.raises(DefinitionError, match="1.1.4.c"):
        new_game([generated_deck(0)[:20], generated_deck(1)])


def test_the_hero_starts_in_the_hero_zone():
    state = game()
    assert [state.cards[c].type for c in state.zones[0]["hero"]] == ["hero"]


def test_a_game_runs_to_the_first_afternoon_turn_and_stop_points_speak_of_the_day():
    state, _ = advance(game())
    asked = []
    while state.pending.kind != "turn":
        asked.append(state.pending.kind)
        state, _ = play(state, legal_actions(state)[0])
    assert asked[:2] == ["setup_mana", "setup_mana"] and "optional" in asked  # the heroes' Noon reactions
    assert state.phase == "afternoon" and state.day == 1 and state.pending.kind == "turn"
    pass_ = next(a for a in legal_actions(state) if a.kind == "pass")
    state, _ = GAME.apply(state, pass_)
    names = [p.name for p in stop_points(state)]
    assert names[:3] == ["turn", "phase", "day"]
    state, events = run_to(state, "phase")
    assert state.pending is not None or state.phase != "afternoon"


def test_undo_and_branches_through_the_core_timeline():
    tl = Timeline(game())
    first = tl.state.to_json()
    tl.play(legal_actions(tl.state)[0])
    tl.undo()
    assert tl.state.to_json() == first
    tl.play(legal_actions(tl.state)[1])
    assert len(tl.nodes[0].children) == 2
    again = Timeline.from_json(tl.to_json(compact=True), "altered")
    assert again.state.to_json() == tl.state.to_json()
