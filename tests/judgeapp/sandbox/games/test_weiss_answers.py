"""judgeapp/sandbox/games/weiss_answers.py: each common question answered in one line from the engine's events, with
the clause that decides it (the encore, the refresh, a direct attack's damage)."""
import dataclasses
import json
from pathlib import Path

import pytest

import engine
from judgeapp.sandbox import answers
from judgeapp.sandbox.games import weiss_answers

from .pending_catalogue import merged_catalogue  # noqa: F401  (a fixture: the pending Italian counts)

ROOT = Path(__file__).resolve().parents[4]


def run(path: str):
    result = engine.run_scenario(json.loads((ROOT / path).read_text(encoding="utf-8")))
    return result.state, [e.to_json() for e in result.events]


@pytest.mark.parametrize("path, key, text, clause", [
    ("judgeapp/sandbox/examples/weiss-encore-three-stock.json", "encore",
     "Rookie: Encore, back on the stage in its position, rested", "10.2.2"),
    ("tests/scenarios/weiss/encore-declined.json", "encore", "%s: no Encore, its player does not pay", "8.7.3.2.1"),
    ("tests/scenarios/weiss/outsider-encore-step-without-stock.json", "encore",
     "%s: no Encore, the cost cannot be paid", "8.7.3.2.1"),
    ("judgeapp/sandbox/examples/weiss-refresh-point-damage.json", "refresh",
     "Refresh: the waiting room becomes the new deck; the refresh point puts its top card into the clock "
     "(not damage)", "9.9.1"),
    ("judgeapp/sandbox/examples/weiss-direct-attack-plus-one-soul.json", "damage",
     "Damage taken: 2 cards into the clock (direct attack: +1 soul)", "4.9.1.3"),
    ("judgeapp/sandbox/examples/weiss-level-four-loses.json", "win", "The first player wins: level 4", "9.4.1.1"),
])
def test_a_common_question_is_answered_in_one_line_with_its_clause(path, key, text, clause):
    state, events = run(path)
    line, citation = weiss_answers.answer_line(state, events, key)
    if "%s" in text:  # the character's name, whatever the scenario calls it
        assert line.endswith(text.replace("%s", "")) and line.count(":") == 1
    else:
        assert line == text
    assert citation["number"] == clause


def test_a_question_about_something_that_has_not_happened_gets_no_answer():
    state, events = run("judgeapp/sandbox/examples/weiss-front-attack-loser-reversed.json")
    assert weiss_answers.answer_line(state, events, "refresh") is None
    assert weiss_answers.answer_line(state, events, "encore") is None  # an attack came after the last encore step
    attack = next(i for i, e in enumerate(events) if e["kind"] == "attack")
    assert weiss_answers.answer_line(state, events[:attack + 1], "damage") is None


def test_a_free_text_question_reads_the_attack_and_the_encore_after_it_across_the_turn_s_end():
    state, events = run("judgeapp/sandbox/examples/weiss-encore-three-stock.json")
    assert events[-1]["kind"] != "encore"  # the board is in the next turn
    line, citation = weiss_answers.answer_line(state, events, "")
    assert line == ("Damage taken: 1 card into the clock; 1 character reversed; "
                    "Rookie: Encore, back on the stage in its position, rested")
    assert citation["number"] == "10.2.2"


def test_the_encore_question_stops_after_the_encore_step_and_every_question_is_read_its_own_way():
    definition = {"game": "weiss-schwarz"}
    assert answers.question_mode(definition, answers.question_text(definition, "encore")) == "phase"
    assert {"encore", "win", "refresh"} <= {q["key"] for q in answers.questions(definition)}
    assert weiss_answers.ANSWER_BY_QUESTION


@pytest.mark.parametrize("slug, text, clause", [
    ("weiss-level-requirement", "Knight cannot be played: Knight is level 1 and the first player is level 0",
     "8.6.2.1.2"),
    ("weiss-climax-colour-requirement", "Finale cannot be played: Finale is red and there is no red card in the "
     "first player's clock or level area", "8.6.2.1.1"),
])
def test_can_i_play_this_card_names_the_cards_refused_everywhere_with_the_forbidding_clause(slug, text, clause):
    state, events = run(f"judgeapp/sandbox/examples/{slug}.json")
    for key in ("play", ""):
        line, citation = weiss_answers.answer_line(state, events, key)
        assert line == text and citation["number"] == clause


def test_a_playable_card_is_not_said_to_be_unplayable():
    state, events = run("judgeapp/sandbox/examples/weiss-level-requirement.json")
    state.cards["k"] = dataclasses.replace(state.cards["k"], level=0)  # now playable: nothing to refuse
    assert weiss_answers.answer_line(state, events, "play") is None


def test_which_abilities_trigger_names_each_stand_by_since_the_action_that_opened_them():
    state, events = run("tests/scenarios/weiss/outsider11-when-attacked-triggers-on-a-side-attack-when-front-attacked-"
                        "does-not.json")
    line, citation = weiss_answers.answer_line(state, events, "trigger")
    assert line.startswith("Sentinel:") and line.count(";") == 0  # one ability: "when it is attacked", not the other
    assert citation["number"] == "8.7.2"
    attack = next(i for i, e in enumerate(events) if e["kind"] == "attack")
    assert weiss_answers.answer_line(state, events[:attack + 1], "trigger") is None  # the attack alone: none yet
    assert "trigger" in {q["key"] for q in answers.questions({"game": "weiss-schwarz"})}


def test_which_characters_can_attack_names_the_attacks_each_may_make_and_why_another_may_not():
    data = json.loads((ROOT / "tests/scenarios/weiss/outsider11-when-attacked-triggers-on-a-side-attack-when-front-"
                              "attacked-does-not.json").read_text(encoding="utf-8"))
    data["players"][0]["stage"]["center_middle"] = {"template": "c0", "id": "tired", "name": "Tired", "status": "rest"}
    data["script"], data["expect"] = [], []
    state = engine.run_scenario(data).state
    assert state.pending.kind == "attack"
    line, citation = weiss_answers.answer_line(state, [], "attack")
    assert line.startswith("Striker may make a front attack or a side attack; Tired cannot attack: ")
    assert citation["number"] == "7.2.1.3"
    assert weiss_answers.answer_line(engine.run_scenario({**data, "phase": "main"}).state, [], "attack") is None


def test_can_i_play_this_card_in_italian_speaks_of_the_card_so_the_participle_agrees(merged_catalogue):
    """A card named by its type ("Personaggio di livello 1", "Evento") read "Personaggio ... non può essere giocata":
    the sentence now names "la carta", whose participle is feminine whatever the name."""
    from django.utils import translation

    state, events = run("judgeapp/sandbox/examples/weiss-level-requirement.json")
    state.cards["k"] = dataclasses.replace(state.cards["k"], name="Personaggio di livello 1")
    with translation.override("it"):
        line, _citation = weiss_answers.answer_line(state, events, "play")
    assert line.startswith("La carta Personaggio di livello 1 non può essere giocata: ")


@pytest.mark.parametrize("name, text, clause", [
    ("outsider12-damage-equal-to-a-characters-level-reads-the-level-an-effect-gave-it",
     "X is the level of Veteran: 2; Damage taken: 2 cards into the clock", "8.6.2.4.4"),
    ("outsider12-damage-equal-to-the-reversed-battle-opponents-level-zero-deals-none",
     "X is the level of Page: 0; nothing is done: an action done 0 times is not done", "1.3.2.2"),
])
def test_what_x_comes_to_is_answered_with_the_damage_it_then_dealt(name, text, clause):
    state, events = run(f"tests/scenarios/weiss/{name}.json")
    line, citation = weiss_answers.answer_line(state, events, "counted")
    assert line == text and citation["number"] == clause
    assert "counted" in {q["key"] for q in answers.questions({"game": "weiss-schwarz"})}
    assert weiss_answers.answer_line(state, [e for e in events if e["kind"] != "counted"], "counted") is None


@pytest.mark.parametrize("name, text", [
    ("outsider13-brainstorm-deal-one-damage-for-each-climax-each-damage-is-cancelled-alone",
     "Brainstorm: 4 cards revealed, 2 climaxes among them; Cancelled: 0 damage (a climax was revealed); "
     "Damage taken: 1 card into the clock"),
    ("outsider8-brainstorm-no-climax-revealed-gives-nothing", "Brainstorm: 4 cards revealed, 0 climaxes among them"),
])
def test_what_a_brainstorm_gives_is_answered_with_each_damage_of_its_reward(name, text):
    state, events = run(f"tests/scenarios/weiss/{name}.json")
    line, citation = weiss_answers.answer_line(state, events, "brainstorm")
    assert line == text and citation["number"] == "10.7.3"
    assert "brainstorm" in {q["key"] for q in answers.questions({"game": "weiss-schwarz"})}
    assert weiss_answers.answer_line(state, [e for e in events if e["kind"] != "brainstorm"], "brainstorm") is None
