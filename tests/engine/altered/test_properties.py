"""Property tests (hypothesis) for Altered: one zone per card, determinism, JSON identity, exact undo."""

from hypothesis import given, settings

from engine.altered import GameState, advance, legal_actions, new_game, play
from engine.altered.sample import generated_deck
from tests.engine.properties import (GameUnderTest, backs, check_every_card_in_one_zone, check_exact_undo,
                                     check_identical_logs, check_json_round_trip, choices, seeds)

SETTINGS = settings(max_examples=30, deadline=None)
ALTERED = GameUnderTest(GameState, new_game, advance, legal_actions, play, generated_deck)


@SETTINGS
@given(seed=seeds, picks=choices)
def test_every_card_is_in_exactly_one_zone(seed, picks):
    check_every_card_in_one_zone(ALTERED, seed, picks)


@SETTINGS
@given(seed=seeds, picks=choices)
def test_same_seed_and_answers_give_identical_logs(seed, picks):
    check_identical_logs(ALTERED, seed, picks)


@SETTINGS
@given(seed=seeds, picks=choices)
def test_json_round_trip_is_identity(seed, picks):
    check_json_round_trip(ALTERED, seed, picks)


@SETTINGS
@given(seed=seeds, picks=choices, back=backs)
def test_undo_returns_the_exact_earlier_state(seed, picks, back):
    check_exact_undo(ALTERED, seed, picks, back)
