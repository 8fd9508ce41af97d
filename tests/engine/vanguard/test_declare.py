"""declare.py: "declare a card name" (10.23) and the effects of the same ability that read the name declared."""

from engine.vanguard.actions import Action
from engine.vanguard.declare import declare_name, with_declared_name

from .helpers import card, position


def test_the_names_offered_are_the_game_cards_and_the_answer_reaches_only_the_same_abilitys_later_effects():
    st = position(p0={"hand": [card("a-h", name="Blaster Blade")]})
    later = {"t": "effect", "src": "a-vg", "p": 0, "part": {"kind": "search", "count": 1, "name_declared": True}}
    other = {"t": "effect", "src": "b-vg", "p": 1, "part": {"kind": "draw", "count": 1}}
    st.agenda = [other, {"t": "ability_done", "src": "a-vg"}, later]
    task = {"t": "effect", "src": "a-vg", "p": 0, "part": {"kind": "declare_name"}}
    decision = declare_name(st, task, None, [])
    assert decision.kind == "declare" and decision.citation.number == "10.23.1"
    assert Action.make("declare", name="Blaster Blade") in decision.options
    assert len({o.get("name") for o in decision.options}) == len(decision.options)  # each name once
    events: list = []
    assert declare_name(st, task, Action.make("declare", name="Blaster Blade"), events) is None
    assert events[0].kind == "name_declared" and events[0].data["name"] == "Blaster Blade"
    assert st.agenda[-1]["ctx"] == {"declared": "Blaster Blade"} and "ctx" not in st.agenda[0]


def test_an_effect_asking_for_the_declared_name_reads_it_and_finds_nothing_without_one():
    part = {"kind": "search", "count": 1, "name_declared": True}
    assert with_declared_name(part, {"declared": "Crit"})["name"] == "Crit"
    assert with_declared_name(part, {})["name"] == ""
    assert with_declared_name({"kind": "search", "count": 1}, {"declared": "Crit"}) == {"kind": "search", "count": 1}
