"""Property tests (hypothesis) for every game: one zone per card, determinism, JSON identity, exact undo.

One module for the three games: each test runs once per game, with that game's
number of examples (Vanguard, the oldest engine, keeps its larger sample).
"""

import pytest
from hypothesis import given, settings

from engine import altered, vanguard, weiss
from engine.altered.sample import generated_deck as altered_deck
from engine.vanguard.sample import generated_deck as vanguard_deck
from engine.weiss.sample import generated_deck as weiss_deck
from tests.engine.properties import (GameUnderTest, backs, check_every_card_in_one_zone, check_exact_undo,
                                     check_identical_logs, check_json_round_trip, choices, seeds)


def under_test(module, deck):
    return GameUnderTest(module.GameState, module.new_game, module.advance, module.legal_actions, module.play, deck)


GAMES = [
    pytest.param(under_test(vanguard, vanguard_deck), 50, id="vanguard"),
    pytest.param(under_test(weiss, weiss_deck), 30, id="weiss"),
    pytest.param(under_test(altered, altered_deck), 30, id="altered"),
]


def examples(count):
    return settings(max_examples=count, deadline=None)


@pytest.mark.parametrize("game, count", GAMES)
def test_every_card_is_in_exactly_one_zone(game, count):
    @examples(count)
    @given(seed=seeds, picks=choices)
    def check(seed, picks):
        check_every_card_in_one_zone(game, seed, picks)
    check()


@pytest.mark.parametrize("game, count", GAMES)
def test_same_seed_and_answers_give_identical_logs(game, count):
    @examples(count)
    @given(seed=seeds, picks=choices)
    def check(seed, picks):
        check_identical_logs(game, seed, picks)
    check()


@pytest.mark.parametrize("game, count", GAMES)
def test_json_round_trip_is_identity(game, count):
    @examples(count)
    @given(seed=seeds, picks=choices)
    def check(seed, picks):
        check_json_round_trip(game, seed, picks)
    check()


@pytest.mark.parametrize("game, count", GAMES)
def test_undo_returns_the_exact_earlier_state(game, count):
    @examples(count)
    @given(seed=seeds, picks=choices, back=backs)
    def check(seed, picks, back):
        check_exact_undo(game, seed, picks, back)
    check()
