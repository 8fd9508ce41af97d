"""vanguard_answers.py: the one-line answer of an attack on several units (7.3.1.4.6) counts the units it hit."""
from pathlib import Path

from django.utils import translation

from engine.core.scenario import load_scenario, run_scenario
from judgeapp.sandbox.games.vanguard_answers import answer_line

SCENARIOS = Path(__file__).resolve().parents[4] / "tests" / "scenarios"


def test_an_attack_on_the_whole_front_row_says_how_many_units_it_hit_and_the_damage():
    scenario = load_scenario(SCENARIOS / "outsider11-attack-on-all-front-row-units-each-compared-hit-vanguard-damaged-"
                                         "hit-rear-guard-retired.json")
    result = run_scenario(scenario)
    events = [e.to_json() for e in result.events]
    events = events[:next(i for i, e in enumerate(events) if e["kind"] == "battle_end") + 1]  # the battle's point
    with translation.override("en"):
        text, citation = answer_line(result.state, events)
    assert text == "The attack hits 2 of its 3 attacked units: 1 damage"
    assert citation["number"] == "7.6.1.5"


def test_one_attacked_unit_is_answered_as_before():
    result = run_scenario(load_scenario(SCENARIOS / "outsider-guard-equal-power-hits.json"))
    events = [e.to_json() for e in result.events]
    events = events[:next(i for i, e in enumerate(events) if e["kind"] == "battle_end") + 1]
    with translation.override("en"):
        text, _citation = answer_line(result.state, events)
    assert text.startswith("Hit")


def test_an_attack_on_two_units_of_its_players_choice_answers_both_hits_in_one_line():
    result = run_scenario(load_scenario(SCENARIOS / "outsider12-unit-that-attacks-two-units-its-player-chooses-the-"
                                                    "second.json"))
    events = [e.to_json() for e in result.events]
    events = events[:next(i for i, e in enumerate(events) if e["kind"] == "battle_end") + 1]
    with translation.override("en"):
        text, citation = answer_line(result.state, events)
    assert text == "The attack hits 2 of its 2 attacked units: 1 damage" and citation["number"] == "7.6.1.5"


def test_a_perfect_guard_on_one_of_two_attacked_units_answers_one_hit_and_no_damage():
    result = run_scenario(load_scenario(SCENARIOS / "outsider12-perfect-guard-on-one-of-several-attacked-units-the-"
                                                    "other-is-still-hit.json"))
    events = [e.to_json() for e in result.events]
    events = events[:next(i for i, e in enumerate(events) if e["kind"] == "battle_end") + 1]
    with translation.override("en"):
        text, _citation = answer_line(result.state, events)
    assert text == "The attack hits 1 of its 2 attacked units: 0 damage"
