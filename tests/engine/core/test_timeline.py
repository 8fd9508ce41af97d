"""Timeline: undo to any earlier step, branches kept, JSON round trip."""

from engine import Timeline
from engine.vanguard import Action, new_game
from engine.vanguard.sample import generated_deck


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


# ---------------------------------------------------------------- compact form (root state + actions)
import json  # noqa: E402
import random  # noqa: E402

import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine import DefinitionError  # noqa: E402


def _random_tree(seed, steps):
    rnd = random.Random(seed)
    tl = Timeline(new_game([generated_deck(seed), generated_deck(seed + 1)], seed=seed))
    for _ in range(steps):
        r = rnd.random()
        if r < 0.1:
            tl.undo()
            continue
        state = tl.state
        if state.outcome or state.pending is None:
            tl.undo()
            continue
        if r < 0.15:
            hand = state.zones[state.pending.player]["hand"]
            if hand:
                tl.play(Action.make("judge_move", card=hand[0], zone="drop"))
                continue
        tl.play(rnd.choice(state.pending.options), advance=r > 0.25)
    return tl


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 80), st.integers(1, 20))
def test_compact_round_trip_gives_identical_states_and_events_at_every_node(seed, steps, every):
    tl = _random_tree(seed, steps)
    data = json.loads(json.dumps(tl.to_json(compact=True, checkpoint_every=every)))
    again = Timeline.from_json(data)
    assert again.current == tl.current and len(again.nodes) == len(tl.nodes)
    for a, b in zip(tl.nodes, again.nodes):
        assert a.state.to_json() == b.state.to_json(), a.id
        assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events], a.id
        assert (a.parent, a.action, a.children, a.advanced) == (b.parent, b.action, b.children, b.advanced)
    assert again.to_json() == tl.to_json()


def test_compact_is_much_smaller_and_the_full_form_is_still_read():
    tl = _random_tree(5, 150)
    full, compact = json.dumps(tl.to_json()), json.dumps(tl.to_json(compact=True))
    assert len(compact) * 10 < len(full)
    assert Timeline.from_json(json.loads(full)).to_json() == tl.to_json()


def test_a_checkpoint_that_the_replay_does_not_reproduce_is_refused():
    tl = _random_tree(3, 30)
    data = tl.to_json(compact=True, checkpoint_every=1)
    data["nodes"][2]["state"]["turn"] += 7
    with pytest.raises(DefinitionError, match=r"^nodes\[2\]\.state: "):
        Timeline.from_json(data)
    data = tl.to_json(compact=True)
    data["nodes"][0]["parent"] = 99
    with pytest.raises(DefinitionError, match=r"^nodes\[0\]\.parent"):
        Timeline.from_json(data)
