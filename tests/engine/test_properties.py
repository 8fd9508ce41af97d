"""Property tests (hypothesis) for every game: one zone per card, determinism, JSON identity, exact undo.

One test runs each check (tests/engine/properties.py) once per game, with that game's number of
examples (Vanguard, the oldest engine, keeps its larger sample).
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
PLAYED = {"seed": seeds, "picks": choices}
CHECKS = [
    pytest.param(check_every_card_in_one_zone, PLAYED, id="every card is in exactly one zone"),
    pytest.param(check_identical_logs, PLAYED, id="same seed and answers give identical logs"),
    pytest.param(check_json_round_trip, PLAYED, id="JSON round trip is identity"),
    pytest.param(check_exact_undo, {**PLAYED, "back": backs}, id="undo returns the exact earlier state"),
]


@pytest.mark.parametrize("check, strategies", CHECKS)
@pytest.mark.parametrize("game, examples", GAMES)
def test_property_holds(game, examples, check, strategies):
    @settings(max_examples=examples, deadline=None)
    @given(**strategies)
    def holds(**drawn):
        check(game, **drawn)

    holds()
