"""The property checks every game's hypothesis tests run: one zone per card, determinism, JSON identity, exact undo.

tests/engine/test_properties.py names each game (a :class:`GameUnderTest`) and its
number of hypothesis examples; the checks live here once.
"""

from dataclasses import dataclass
from typing import Any, Callable

from hypothesis import strategies as st

from engine import Timeline

seeds = st.integers(min_value=0, max_value=1000)
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80)
backs = st.integers(min_value=0, max_value=100)


@dataclass(frozen=True)
class GameUnderTest:
    """One game's public functions, as the checks call them."""

    state_class: Any
    new_game: Callable
    advance: Callable
    legal_actions: Callable
    play: Callable
    generated_deck: Callable

    def game(self, seed):
        return self.new_game([self.generated_deck(seed), self.generated_deck(seed + 1)], seed=seed)

    def run(self, seed, picks):
        """Play answers picked by index; returns the states and the full event log."""
        state, events = self.advance(self.game(seed))
        states = [state]
        for pick in picks:
            if state.outcome:
                break
            options = self.legal_actions(state)
            state, ev = self.play(state, options[pick % len(options)])
            events += ev
            states.append(state)
        return states, events


def assert_zones_consistent(state):
    seen = {}
    for p in (0, 1):
        for zone, cards in state.zones[p].items():
            for cid in cards:
                assert cid not in seen, f"{cid} in {seen[cid]} and {(p, zone)}"
                seen[cid] = (p, zone)
    assert set(seen) == set(state.cards)
    assert seen == state.loc


def check_every_card_in_one_zone(game: GameUnderTest, seed, picks):
    states, _ = game.run(seed, picks)
    for state in states:
        assert_zones_consistent(state)


def check_identical_logs(game: GameUnderTest, seed, picks):
    s1, e1 = game.run(seed, picks)
    s2, e2 = game.run(seed, picks)
    assert [e.to_json() for e in e1] == [e.to_json() for e in e2]
    assert s1[-1].to_json() == s2[-1].to_json()


def check_json_round_trip(game: GameUnderTest, seed, picks):
    states, _ = game.run(seed, picks)
    for state in states[:: max(1, len(states) // 3)] + [states[-1]]:
        text = state.to_json()
        again = game.state_class.from_json(text)
        assert again.to_json() == text
        # the reloaded state also continues identically
        if again.pending:
            a = game.legal_actions(again)[0]
            assert game.play(again, a)[0].to_json() == game.play(state, a)[0].to_json()


def check_exact_undo(game: GameUnderTest, seed, picks, back):
    tl = Timeline(game.game(seed))
    snapshots = [tl.state.to_json()]
    for pick in picks:
        if tl.state.outcome:
            break
        options = game.legal_actions(tl.state)
        tl.play(options[pick % len(options)])
        snapshots.append(tl.state.to_json())
    steps = back % len(snapshots)
    for _ in range(steps):
        tl.undo()
    assert tl.state.to_json() == snapshots[len(snapshots) - 1 - steps]
