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


def test_a_call_of_two_cards_places_neither_before_both_are_chosen_and_not_on_the_same_circle():
    st = position(p0={"drop": [card("a-x1"), card("a-x2"), card("a-x3")]}, phase="main")
    st.agenda.clear()
    events: list = []
    first = Action.make("call", card="a-x1", circle="front_left")
    assert call_effect(st, _task(source="drop", count=2), first, events) is None
    # 10.7.1.1.2: not yet placed; the next card is asked by a task of the same effect, holding the first choice
    assert st.loc["a-x1"][1] == "drop" and not events and st.agenda[-1]["picked"] == [["a-x1", "front_left"]]
    decision = call_effect(st, st.agenda.pop(), None, [])
    assert "a-x1" not in {o.card for o in decision.options}
    assert "front_left" not in {o.get("circle") for o in decision.options} and Action.make("pass") not in decision.options
    call_effect(st, {**_task(source="drop", count=2), "picked": [["a-x1", "front_left"]]},
                Action.make("call", card="a-x2", circle="back_left"), events)
    assert (st.loc["a-x1"][1], st.loc["a-x2"][1]) == ("front_left", "back_left")


def test_a_call_of_up_to_two_cards_may_stop_and_one_with_too_few_cards_calls_those_there_are():
    st = position(p0={"soul": [card("a-s1")]}, phase="main")
    decision = call_effect(st, _task(source="soul", count=2, up_to=True), None, [])
    assert Action.make("pass") in decision.options
    events: list = []
    call_effect(st, _task(source="soul", count=2, up_to=True), Action.make("pass"), events)
    assert [e.kind for e in events] == ["none_chosen"] and st.loc["a-s1"][1] == "soul"
    # 8.5.4.1.2: as many as can be - with one card in the soul, the first call ends the effect
    st.agenda.clear()
    call_effect(st, {**_task(source="soul", count=2), "picked": []}, Action.make("call", card="a-s1", circle="front_right"),
                events)
    st2 = st.agenda.pop() if st.agenda else None
    assert st2 is not None and call_effect(st, st2, None, events) is None and st.loc["a-s1"][1] == "front_right"
