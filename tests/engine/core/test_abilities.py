"""engine.core.abilities: parts of abilities, the sparse JSON of cards and abilities, counts and ACT answers."""

from dataclasses import dataclass

from engine.core.abilities import Part, act_options, count_within, set_fields
from engine.vanguard.actions import Action


@dataclass(frozen=True)
class Ability:
    timing: str
    cost: tuple = ()
    optional: bool = False
    text: str = ""


def test_only_the_fields_that_are_set_are_written_in_order():
    ability = Ability("act", (Part("rest", (("count", 1),)),), False, "text")
    out = set_fields({"timing": "act"}, ability, ("cost", "optional", "text"))
    assert out == {"timing": "act", "cost": [{"kind": "rest", "count": 1}], "text": "text"}
    assert list(out) == ["timing", "cost", "text"]
    assert set_fields({}, Ability("auto"), ("cost", "optional", "text")) == {}


def test_a_count_is_within_its_optional_bounds():
    assert count_within(Part("count", (("min", 2),)), 2) and not count_within(Part("count", (("min", 2),)), 1)
    assert count_within(Part("count", (("max", 2),)), 0) and not count_within(Part("count", (("max", 2),)), 3)
    assert count_within(Part("count"), 99)


def test_an_act_answer_for_each_usable_act_ability():
    @dataclass
    class Card:
        abilities: tuple

    @dataclass
    class State:
        cards: dict

    state = State({"a": Card((Ability("act"), Ability("auto"), Ability("act"))), "b": Card((Ability("act"),))})
    options = act_options(state, Action, ["a", "b"], lambda card, i: (card, i) != ("a", 2))
    assert options == [Action.make("act", card="a", ability=0), Action.make("act", card="b", ability=0)]


def test_nested_parts_are_written_as_json():
    from engine.core.abilities import Part

    inner = Part("retire", (("target", "self"),))
    assert Part("delayed", (("at", "end_of_turn"), ("effects", (inner,)))).to_json() == {
        "kind": "delayed", "at": "end_of_turn", "effects": [{"kind": "retire", "target": "self"}]}
