"""Timeline: undo to any earlier step, branches kept, JSON round trip."""

from engine import Action, Timeline, new_game
from engine.sample import generated_deck


def make():
    return Timeline(new_game([generated_deck(1), generated_deck(2)], seed=9))


def test_undo_returns_exact_earlier_state_and_branches_are_kept():
    tl = make()
    root = tl.state.to_json()
    first = tl.state.pending.options[0]
    second = tl.state.pending.options[1]
    tl.play(first)
    after_first = tl.state.to_json()
    assert tl.undo().to_json() == root
    tl.play(second)
    assert tl.state.to_json() != after_first
    tl.undo()
    assert len(tl.nodes[0].children) == 2
    tl.play(first)  # the identical choice re-enters the existing branch
    assert tl.state.to_json() == after_first and len(tl.nodes) == 3


def test_path_events_and_goto():
    tl = make()
    for _ in range(5):
        tl.play(tl.state.pending.options[-1])
    assert [n.id for n in tl.path()] == [0, 1, 2, 3, 4, 5]
    assert tl.events()
    tl.goto(2)
    assert tl.state.to_json() == tl.nodes[2].state.to_json()
    tl.redo()
    assert tl.current == 3


def test_json_round_trip():
    tl = make()
    tl.play(tl.state.pending.options[0])
    tl.undo()
    tl.play(tl.state.pending.options[3])
    data = tl.to_json()
    again = Timeline.from_json(data)
    assert again.to_json() == data
    assert isinstance(again.nodes[1].action, Action)
