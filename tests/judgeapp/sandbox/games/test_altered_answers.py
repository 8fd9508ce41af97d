"""Altered's questions and answers (judgeapp/sandbox/games/altered_answers.py): Dusk's Progress and the game's end in
one line, each with the clause that decides it; an Altered board offers its common questions."""
import json
from pathlib import Path

import pytest
from django.utils import translation

import engine
from judgeapp.sandbox import answers, wording
from judgeapp.sandbox.games import altered_answers

ROOT = Path(__file__).resolve().parents[4]


def run(name: str):
    result = engine.run_scenario(json.loads((ROOT / "tests" / "scenarios" / "altered" / f"{name}.json").read_text(
        encoding="utf-8")))
    return result.state, [e.to_json() for e in result.events]


@pytest.fixture(autouse=True)
def altered_board():
    wording.game_is("altered")
    yield
    wording.game_is(None)


@pytest.mark.parametrize("name, text, clause", [
    ("dusk-moves-only-once", "1 expedition moves forward: hero expedition of player 1", "4.2.4.b"),
    ("dusk-giant-in-both-expeditions",
     "2 expeditions move forward: hero expedition of player 1, companion expedition of player 1", "4.2.4.b"),
    ("judge-expedition-win", "Player 1 wins: the expeditions meet", "4.3.a"),
    ("concede", "Player 1 wins: a player concedes", "1.2.1.a"),
])
def test_dusk_and_the_games_end_are_answered_in_one_line_with_their_clause(name, text, clause):
    state, events = run(name)
    with translation.override("en"):
        line, citation = altered_answers.answer_line(state, events)
    assert line == text and citation["number"] == clause


def test_no_answer_before_dusk_and_a_new_day_is_a_new_point():
    state, events = run("dusk-moves-only-once")
    dusk = next(i for i, e in enumerate(events) if e["kind"] == "phase" and e["data"]["phase"] == "dusk")
    assert altered_answers.answer_line(state, events[:dusk]) is None
    assert altered_answers.answer_line(state, events[:dusk + 1]) is None
    assert altered_answers.answer_line(state, events + [{"kind": "phase", "data": {"phase": "morning"}}]) is None


def test_an_altered_board_offers_its_common_questions_in_the_pages_language():
    with translation.override("it"):
        texts = [q["text"] for q in answers.questions({"game": "altered"})]
    assert len(texts) == 2 and all("expedition" not in t and "Dusk" not in t for t in texts), texts
