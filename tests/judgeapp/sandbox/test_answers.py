"""Ask, answer, stop (judgeapp/sandbox/answers.py and the games' answer lines): the answer in one line with the
clause that decides it, read from the engine's events; the question's stop point; the board's page."""
import json
from pathlib import Path

import pytest
from django.utils import translation

import engine
from judgeapp.sandbox import answers
from judgeapp.sandbox.games import vanguard_answers, weiss_answers
from judgeapp.sandbox.models import Scenario

ROOT = Path(__file__).resolve().parents[3]


def run(path: str, until: str | None = None):
    """A scenario file run by the engine: its final state and its events (up to the first ``until`` event)."""
    result = engine.run_scenario(json.loads((ROOT / path).read_text(encoding="utf-8")))
    events = [e.to_json() for e in result.events]
    if until:
        events = events[:next(i for i, e in enumerate(events) if e["kind"] == until) + 1]
    return result.state, events


@pytest.mark.parametrize("path, until, text, clause", [
    ("judgeapp/sandbox/examples/playbook-q19.json", "battle_end", "No hit: 0 damage", "7.6.1.2"),
    ("judgeapp/sandbox/examples/playbook-q17.json", "battle_end", "Hit: 1 damage", "7.6.1.5"),
    ("judgeapp/sandbox/examples/playbook-q18.json", "battle_end", "Hit: the attacked rear-guard is retired", "7.6.1.10"),
    ("tests/scenarios/outsider10-hit-rear-guard-returns-to-the-hand-instead-of-being-retired.json", "battle_end",
     "Hit: the attacked rear-guard is not retired, it returns to the hand instead", "8.2.1.3.1"),
    ("tests/scenarios/loss-six-damage.json", None, "The first player wins: six damage", "1.2.2.1"),
    ("tests/scenarios/loss-both-decks-empty-draw.json", None, "A draw: both players lose at once", "1.2.3"),
    ("tests/scenarios/outsider6-loop-that-nobody-can-stop-is-a-draw.json", None, "A draw: a loop nobody can stop",
     "12.1.1.1"),
])
def test_a_vanguard_battle_is_answered_in_one_line_with_its_clause(path, until, text, clause):
    state, events = run(path, until)
    line, citation = vanguard_answers.answer_line(state, events)
    assert line == text
    assert citation["number"] == clause and citation["document"] == "vg-cr-it-2.2"


def test_no_answer_before_the_point_and_none_carried_into_the_next_turn():
    state, events = run("judgeapp/sandbox/examples/playbook-q19.json")
    attack = next(i for i, e in enumerate(events) if e["kind"] == "attack")
    assert vanguard_answers.answer_line(state, events[:attack + 1]) is None  # the battle is under way
    assert vanguard_answers.answer_line(state, events) is None  # the next turn has begun: a new point


@pytest.mark.parametrize("slug, text, clause", [
    ("weiss-damage-cancelled-by-climax", "Cancelled: 0 damage (a climax was revealed)", "4.9.1.2"),
    ("weiss-front-attack-loser-reversed", "Damage taken: 1 card into the clock; 1 character reversed", "4.9.1.3"),
    ("weiss-level-four-loses", "The first player wins: level 4", "9.4.1.1"),
    ("weiss-level-up-at-seven", "The second player levels up to level 1", "9.3.2"),
])
def test_a_weiss_attack_is_answered_in_one_line_with_its_clause(slug, text, clause):
    state, events = run(f"judgeapp/sandbox/examples/{slug}.json")
    line, citation = weiss_answers.answer_line(state, events)
    assert line == text and citation["number"] == clause


def test_a_weiss_draw_by_an_endless_repetition_is_not_called_a_double_loss():
    state, events = run("tests/scenarios/weiss/outsider7-situation-trigger-that-never-ends-is-a-draw.json")
    line, citation = weiss_answers.answer_line(state, events)
    assert line == "A draw: a repetition nobody can stop" and citation["number"] == "11.1.1.1"


def test_a_common_question_names_its_stop_point_in_either_language_and_free_text_the_games():
    definition = {"game": "vanguard"}
    hit = answers.question_text(definition, "hit")
    assert answers.question_mode(definition, f"  {hit.upper()} ") == "battle"
    assert answers.question_mode(definition, answers.question_text(definition, "ride")) == "step"
    with translation.override("it"):
        assert answers.question_mode(definition, hit) == "battle"
    assert answers.question_mode(definition, "Who keeps the booster?") == vanguard_answers.QUESTION_POINT
    assert answers.question_key(definition, "") == "" and answers.question_text(definition, "nope") == ""
    assert [q["key"] for q in answers.questions({"game": "weiss-schwarz"})] == [
        q["key"] for q in weiss_answers.QUESTIONS]


def test_a_refusal_is_the_answer_with_its_reading_linked_not_written():
    line = answers.answer_view(scenario=None, state=None, refused={
        "reason": "a card moves only within its column (assumption A11)", "citation": {"number": "6.6.1.2.3"}})
    assert line["text"] == "Refused: a card moves only within its column"
    assert line["assumptions"] == ["A11"] and line["refused"] and line["citation"]["number"] == "6.6.1.2.3"


BOARD = {"format": "judgeapp-scenario/1", "seed": 1, "turn": 3, "turn_player": 0, "first_player": 0,
         "phase": "battle",
         "players": [{"field": {"vanguard": {"id": "a-vg", "name": "King", "grade": 3, "power": 8000}},
                      "deck": [{"id": f"a-d{i}", "name": "Filler", "grade": 1, "power": 8000} for i in range(6)]},
                     {"field": {"vanguard": {"id": "b-vg", "name": "Blaster", "grade": 3, "power": 10000}},
                      "deck": [{"id": f"b-d{i}", "name": "Filler", "grade": 1, "power": 8000} for i in range(6)]}]}


@pytest.mark.django_db
def test_the_board_asks_stops_at_the_questions_point_and_shows_the_answer(client):
    response = client.post("/sandbox/import/", {"json": json.dumps(BOARD)})
    url = response["Location"]
    scenario = Scenario.objects.get()
    assert client.post(f"{url}save/", {"ask": "hit"}).status_code == 302
    scenario.refresh_from_db()
    assert scenario.question == "Does the attack hit, and how much damage does it deal?"
    # A board whose script plays nothing opens where the engine's runner stands: at the first decision.
    action = {"kind": "attack", "card": "a-vg", "target": "b-vg"}
    assert client.post(f"{url}play/", {"op": "answer", "action": json.dumps(action)}).status_code == 302
    scenario.refresh_from_db()
    assert scenario.tree["nodes"][scenario.tree["current"]]["mode"] == "battle"  # stopped at the battle's end
    page = client.get(url).content.decode()
    assert 'id="sb-answer"' in page and "No hit: 0 damage" in page and "/rules/vg-cr-it-2.2/7.6.1.2/" in page
    assert "close step" in page  # the heading says where the log stopped
    ruling = client.get(f"{url}ruling/{scenario.tree['current']}/").content.decode()
    assert ruling.index("Does the attack hit") < ruling.index("No hit: 0 damage") < ruling.index("clause by clause")
    assert "Your scenarios" in client.get("/sandbox/").content.decode()
    assert "Does the attack hit" in client.get("/sandbox/").content.decode()  # the board is titled by its question


@pytest.mark.django_db
def test_running_on_is_the_judges_choice(client):
    url = client.post("/sandbox/import/", {"json": json.dumps(BOARD)})["Location"]
    client.post(f"{url}play/", {"op": "step", "mode": "decision"})
    action = {"kind": "attack", "card": "a-vg", "target": "b-vg"}
    client.post(f"{url}play/", {"op": "answer", "action": json.dumps(action), "run_on": "1"})
    scenario = Scenario.objects.get()
    assert scenario.tree["nodes"][scenario.tree["current"]]["mode"] == "decision"
