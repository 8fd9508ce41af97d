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


# ---------------------------------------------------------------- named runs, stored timelines, the points of an export
def test_a_run_alone_and_an_action_then_a_named_run_are_points_of_their_own():
    tl = make()
    choice = tl.state.pending.options[0]
    answered = tl.act(choice, None)  # the answer alone: nothing run after it
    assert answered.run is None and not answered.advanced
    ran = tl.act(None, "event")
    assert ran.action is None and ran.run == "event" and ran.parent == answered.id
    assert ran.event_count == len(ran.events) and ran.state.to_json() != answered.state.to_json()
    tl.goto(0)
    assert tl.act(choice, None) is answered  # the same choice re-enters its point
    tl.goto(0)
    advanced = tl.act(choice)  # the same answer run on to the next decision is another choice
    assert advanced.id not in (0, answered.id) and advanced.state.pending is not None
    assert tl.reuse(choice, None) is None  # from the advanced point there is no such child


def test_compute_adds_nothing_and_a_point_name_is_mapped_to_the_games_own():
    tl = Timeline(new_game([generated_deck(1), generated_deck(2)], seed=9), advance_first=False,
                  points={"bout": "battle"})
    state, events = tl.compute(None, "decision")
    assert len(tl.nodes) == 1 and events and tl.nodes[0].state.pending is None
    tl.add(None, "decision", state, events)
    choice = tl.state.pending.options[-1]
    mapped = tl.compute(choice, "bout")
    assert len(tl.nodes) == 2
    assert mapped[0].to_json() == tl.compute(choice, "battle")[0].to_json()
    node = tl.add(choice, "bout", *mapped)
    assert node.run == "bout" and tl.current == node.id == 2
    with pytest.raises(DefinitionError):
        tl.compute(None, "no such point")


def test_named_runs_survive_both_json_forms():
    tl = make()
    tl.act(tl.state.pending.options[0], None)
    tl.act(None, "event")
    tl.goto(0)
    tl.act(tl.state.pending.options[1], "turn")
    full = json.loads(json.dumps(tl.to_json()))
    assert Timeline.from_json(full).to_json() == full
    again = Timeline.from_json(json.loads(json.dumps(tl.to_json(compact=True, checkpoint_every=1))))
    assert [(n.parent, n.action, n.run) for n in again.nodes] == [(n.parent, n.action, n.run) for n in tl.nodes]
    assert [n.state.to_json() for n in again.nodes] == [n.state.to_json() for n in tl.nodes]
    bad = tl.to_json(compact=True)
    bad["nodes"][1]["run"] = 7
    with pytest.raises(DefinitionError, match=r"^nodes\[1\]\.run"):
        Timeline.from_json(bad)


def test_other_lines_and_points_describe_every_branch():
    tl = make()
    a, b = tl.state.pending.options[:2]
    tl.play(a)
    tl.act(None, "event")
    tl.goto(0)
    tl.play(b)
    tl.goto(1)
    # The line to node 1 is a prefix of the line through the run: one line; b's line is the other one.
    assert tl.other_lines() == [[b]]
    assert [n.id for n in tl.leaves()] == [2, 3]
    points = tl.points_json()
    assert points["current"] == 1
    assert points["points"] == [{"parent": 0, "do": a.to_json(), "run": "decision"},
                                {"parent": 1, "run": "event"},
                                {"parent": 0, "do": b.to_json(), "run": "decision"}]


def test_a_stored_timeline_reads_each_state_only_when_asked():
    tl = make()
    tl.play(tl.state.pending.options[0])
    read = []

    def loader(node_id):
        read.append(node_id)
        return tl.nodes[node_id].state

    from engine.core.timeline import Node
    nodes = [Node(n.id, n.parent, n.action, None, None, list(n.children), run=n.run, event_count=n.event_count)
             for n in tl.nodes]
    stored = Timeline.stored(tl.game, nodes, 1, loader)
    assert read == [] and stored.nodes[1].event_count == len(tl.nodes[1].events)
    assert stored.state is tl.nodes[1].state and stored.state_of(1) is tl.nodes[1].state
    assert read == [1]
    child = stored.act(stored.state.pending.options[0])
    assert child.id == 2 and read == [1]
