"""Property tests (hypothesis) for Weiss Schwarz: one area per card, determinism, JSON identity, exact undo."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Timeline
from engine.weiss import GameState, advance, legal_actions, new_game, play
from engine.weiss.sample import generated_deck

SETTINGS = settings(max_examples=30, deadline=None)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80)


def game(seed):
    return new_game([generated_deck(seed), generated_deck(seed + 1)], seed=seed)


def run(seed, picks):
    state, events = advance(game(seed))
    states = [state]
    for pick in picks:
        if state.outcome:
            break
        options = legal_actions(state)
        state, ev = play(state, options[pick % len(options)])
        events += ev
        states.append(state)
    return states, events


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=1000), picks=choices)
def test_every_card_is_in_exactly_one_area(seed, picks):
    states, _ = run(seed, picks)
    for state in states:
        seen = {}
        for p in (0, 1):
            for zone, cards in state.zones[p].items():
                for cid in cards:
                    assert cid not in seen, f"{cid} in {seen[cid]} and {(p, zone)}"
                    seen[cid] = (p, zone)
        assert set(seen) == set(state.cards)
        assert seen == state.loc


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=1000), picks=choices)
def test_same_seed_and_answers_give_identical_logs(seed, picks):
    s1, e1 = run(seed, picks)
    s2, e2 = run(seed, picks)
    assert [e.to_json() for e in e1] == [e.to_json() for e in e2]
    assert s1[-1].to_json() == s2[-1].to_json()


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=1000), picks=choices)
def test_json_round_trip_is_identity(seed, picks):
    states, _ = run(seed, picks)
    for state in states[:: max(1, len(states) // 3)] + [states[-1]]:
        text = state.to_json()
        again = GameState.from_json(text)
        assert again.to_json() == text
        if again.pending:
            a = legal_actions(again)[0]
            assert play(again, a)[0].to_json() == play(state, a)[0].to_json()


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=1000), picks=choices, back=st.integers(min_value=0, max_value=100))
def test_undo_returns_the_exact_earlier_state(seed, picks, back):
    tl = Timeline(game(seed))
    snapshots = [tl.state.to_json()]
    for pick in picks:
        if tl.state.outcome:
            break
        options = legal_actions(tl.state)
        tl.play(options[pick % len(options)])
        snapshots.append(tl.state.to_json())
    steps = back % len(snapshots)
    for _ in range(steps):
        tl.undo()
    assert tl.state.to_json() == snapshots[len(snapshots) - 1 - steps]
