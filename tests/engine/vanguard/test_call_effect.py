"""call_effect.py: a superior call offers only the cards its filters allow; a search of the deck may pass."""

from engine.vanguard.actions import Action
from engine.vanguard.call_effect import call_effect

from .helpers import card, position


def _task(**part):
    return {"t": "effect", "p": 0, "src": "a-vg", "part": {"kind": "call", **part}, "ctx": {}}


def test_a_call_of_a_grade_1_or_less_card_offers_no_other_and_must_be_made():
    st = position(p0={"drop": [card("a-g1", grade=1), card("a-g3", grade=3)]}, phase="main")
    decision = call_effect(st, _task(source="drop", max_grade=1), None, [])
    assert {o.card for o in decision.options} == {"a-g1"} and Action.make("pass") not in decision.options
    assert decision.citation.number == "10.7.1.3"


def test_a_search_of_the_deck_offers_a_pass_and_shuffles_the_deck_after():
    st = position(p0={"deck": [card("a-g2", grade=2, count=3), card("a-g1", grade=1, name="Small")]}, phase="main")
    decision = call_effect(st, _task(source="deck", name="Small"), None, [])
    assert {o.card for o in decision.options if o.card} == {"a-g1"} and Action.make("pass") in decision.options
    events: list = []
    assert call_effect(st, _task(source="deck", name="Small"), Action.make("pass"), events) is None
    assert [e.kind for e in events] == ["search", "shuffle"] and st.loc["a-g1"][1] == "deck"


def test_a_call_of_the_declared_name_reads_it_from_the_abilitys_context():
    st = position(p0={"soul": [card("a-s1", name="Boss"), card("a-s2", name="Filler")]}, phase="main")
    task = {**_task(source="soul", name_declared=True), "ctx": {"declared": "Boss"}}
    assert {o.card for o in call_effect(st, task, None, []).options} == {"a-s1"}
