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
    assert len(texts) == 9 and all("expedition" not in t and "Dusk" not in t for t in texts), texts


@pytest.mark.parametrize("name, question, text, clause", [
    ("condition-controls-two-landmarks-met", "play", "Yes: I Tre Porcellini is played from the hand, for 0 mana",
     "5.1.1.b"),
    ("cost-next-card-costs-less", "quick", "Yes: Luccica Luccica's ability is used", "4.2.3.c"),
    ("condition-controls-two-landmarks-met", "reaction", "Yes: I Tre Porcellini's reaction triggers", "7.1.1.b"),
    ("example-il-consiglio-stops-hua-mulan", "reaction", "No: Hua Mulan's reaction cannot trigger", "7.3.1.e"),
    # the card the spell moved before the spell's own way to the Reserve
    ("effect-discard", "where", "B goes to: Discard pile of player 2; Banish goes to: Reserve of player 1",
     "7.3.4.a"),
    ("conditional-step-not-met", "where", "Lead goes to: Reserve of player 1", "5.2.3.j"),
    ("night-anchored-stays", "where", "Rock stays in its expedition", "4.2.5.b"),
    ("night-token-ceases", "where", "Recruit ceases to exist", "4.2.5.b"),
    # a Fleeting character's discard replaced (6.2.g, AL35): it is the card asked about, and it has not moved
    ("outsider12-fleeting-sent-to-reserve-is-discarded-so-my-discard-instead-applies", "where",
     "Scout does not move: Vault replaces its discard; Wanderer goes to: Reserve of player 1; Toss goes to: Reserve "
     "of player 1", "6.2.g"),
    # two such modifiers: the one its controller chose (6.2.f) is named, the other never applied
    ("outsider13-fleeting-discard-two-discard-insteads-i-choose-the-draw", "where",
     "Scout does not move: Archive replaces its discard; Toss goes to: Reserve of player 1", "6.2.g"),
])
def test_a_question_about_a_card_is_answered_from_what_happened_to_it(name, question, text, clause):
    state, events = run(name)
    with translation.override("en"):
        line, citation = altered_answers.answer_line(state, events, question)
    assert (line, citation["number"]) == (text, clause)


def test_a_question_about_a_card_has_no_answer_before_anything_happened_to_one():
    state, events = run("condition-controls-two-landmarks-met")
    play = next(i for i, e in enumerate(events) if e["kind"] == "play")
    assert altered_answers.answer_line(state, events[:play], "play") is None
    assert altered_answers.answer_line(state, events[:play + 1], "reaction") is None


def test_the_host_gives_the_common_question_asked_to_the_altered_answer():
    assert altered_answers.ANSWER_BY_QUESTION
    with translation.override("it"):
        asked = str(next(q["text"] for q in altered_answers.QUESTIONS if q["key"] == "where"))
    assert answers.question_key({"game": "altered"}, asked) == "where"  # asked in Italian, read in either language


@pytest.mark.django_db
def test_the_board_asked_where_a_card_goes_answers_it_after_the_judge_plays(client):
    from judgeapp.sandbox.models import Scenario

    board = json.loads((ROOT / "tests" / "scenarios" / "altered" /
                        "outsider9-random-discard-takes-the-card-the-ruling-names-sc.json").read_text(encoding="utf-8"))
    board["script"], board["expect"] = [], []  # the judge plays the card on the board
    url = client.post("/sandbox/import/", {"json": json.dumps(board)})["Location"]
    assert client.post(f"{url}save/", {"ask": "where"}).status_code == 302
    assert Scenario.objects.get().question == "Where does this card go?"
    assert 'id="sb-answer"' not in client.get(url).content.decode()  # nothing has gone anywhere yet
    # A board whose script plays nothing opens where the engine's runner stands: at the first decision.
    action = {"kind": "play", "card": "sp"}
    assert client.post(f"{url}play/", {"op": "answer", "action": json.dumps(action)}).status_code == 302
    page = client.get(url).content.decode()
    assert 'id="sb-answer"' in page and "Pickpocket goes to: Reserve of player 1" in page, page[:200]


EXAMPLES = sorted((ROOT / "judgeapp" / "sandbox" / "examples").glob("altered-example-*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_worked_example_asks_a_common_question_and_its_board_answers_it(path):
    """The phone walk found worked examples with no answer on their board: their questions were none of the
    game's common questions.  Each asks one now, in both languages, and the run answers it with a clause."""
    data = json.loads(path.read_text(encoding="utf-8"))
    key = answers.question_key(data, data["metadata"]["question"])
    assert key, data["metadata"]["question"]
    with translation.override("en"):
        english = str(next(q["text"] for q in altered_answers.QUESTIONS if q["key"] == key))
    assert data["metadata"]["question"] == english and data["metadata"]["question_it"]
    result = engine.run_scenario(data)
    with translation.override("en"):
        line = altered_answers.answer_line(result.state, [e.to_json() for e in result.events], key)
    assert line is not None and line[1] is not None, path.stem


@pytest.mark.parametrize("slug, text, clause", [
    ("ratatoskr-only-itself", "Ratatoskr: Forest 3, Mountain 3, Water 3 (2 boosts)", "7.3.7.a"),
    ("giorno-di-festa-no-progress", "No expedition moves forward", "2.2.2.m"),
    ("anubis-one-player-without-characters", "B goes to: Discard pile of player 2; Anubis goes to: Reserve of "
     "player 1", "7.3.19.a"),
    ("medusa-finds-herself-in-the-discard-pile", "Medusa di Luna goes to: Reserve of player 1; A-SP goes to: "
     "Reserve of player 1", "7.3.20.a"),
])
def test_the_examples_the_phone_walk_found_unanswered_are_answered(slug, text, clause):
    data = json.loads((ROOT / "judgeapp" / "sandbox" / "examples" / f"altered-example-{slug}.json").read_text(
        encoding="utf-8"))
    result = engine.run_scenario(data)
    with translation.override("en"):
        line, citation = altered_answers.answer_line(result.state, [e.to_json() for e in result.events],
                                                     answers.question_key(data, data["metadata"]["question"]))
    assert (line, citation["number"]) == (text, clause)


def test_the_statistics_question_waits_for_a_character_in_an_expedition():
    state, events = run("condition-controls-two-landmarks-met")
    assert altered_answers.answer_line(state, [e for e in events if e["kind"] == "phase"], "stat") is None
    assert altered_answers.answer_line(state, [e for e in events if e["kind"] == "play"], "stat")[0] == (
        "I Tre Porcellini: Forest 2, Mountain 2, Water 2 (1 boost)")


@pytest.mark.django_db
@pytest.mark.parametrize("slug, text", [
    ("altered-example-medusa-finds-herself-in-the-discard-pile", "Medusa di Luna goes to: Reserve of player 1"),
    ("altered-example-giorno-di-festa-no-progress", "No expedition moves forward"),
    ("altered-example-aloe-vera-noon-resupply", "Aloe Vera&#x27;s reaction triggers"),
])
def test_a_worked_example_opened_as_a_board_shows_its_answer(client, slug, text):
    """The phone walk opened these examples and found no answer on the board: played to its end (the example opens
    at its start, its script in the history), the board answers the example's question."""
    from judgeapp.sandbox.models import Scenario

    url = client.post(f"/sandbox/examples/{slug}/")["Location"]
    assert 'id="sb-answer"' not in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()  # nothing played yet
    last = len(Scenario.objects.get().tree["nodes"]) - 1
    assert client.post(f"{url}play/", {"op": "goto", "node": last}).status_code == 302
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="sb-answer"' in page and text in page, page[page.find("sb-answer") - 200:][:600]


@pytest.mark.parametrize("name, text, clause", [
    ("outsider11-cleanup-landmarks-within-the-limit-all-stay", "Clean-up discards 1 card: Wanderer of player 1",
     "4.2.5.c"),
    ("outsider11-cleanup-within-the-limits-no-one-is-asked",
     "Clean-up discards nothing: every Reserve and landmark zone is within its limit", "4.2.5.c"),
    ("outsider11-cleanup-discard-not-replaced-by-a-discard-modifier", "Clean-up discards 1 card: Wanderer of player 1",
     "4.2.5.c"),
])
def test_what_clean_up_discards_is_answered_from_the_newest_night(name, text, clause):
    state, events = run(name)
    with translation.override("en"):
        line, citation = altered_answers.answer_line(state, events, "cleanup")
    assert (line, citation["number"]) == (text, clause)
    night = next(i for i, e in enumerate(events) if e["kind"] == "phase" and e["data"]["phase"] == "night")
    assert altered_answers.answer_line(state, events[:night], "cleanup") is None  # Night has not come yet


@pytest.mark.parametrize("name, text, clause", [
    ("outsider11-tough-support-ability-costs-more", "Yes: player 1 pays 1 more mana to target Bastion", "7.4.5.c"),
    ("outsider-tough-own-character-costs-nothing-more", "No: nothing more to pay for Tough", None),
    ("outsider12-tough-extra-lowered-by-a-spell-cost-reduction-left-over",
     "Yes, 1 less (a cost reduction left over): player 1 pays 0 more mana to target Bulwark", "7.4.5.c"),
])
def test_whether_targeting_a_tough_character_costs_more_is_answered(name, text, clause):
    state, events = run(name)
    with translation.override("en"):
        line, citation = altered_answers.answer_line(state, events, "tough")
    assert line == text and (citation or {}).get("number") == clause
    first = next(i for i, e in enumerate(events) if e["kind"] in ("play", "quick"))
    assert altered_answers.answer_line(state, events[:first], "tough") is None  # nothing played yet
