"""Cards and abilities as data: strict validation naming the field."""

import pytest

from engine.vanguard.cards import Card, same_clan
from engine.core.errors import DefinitionError


def test_card_round_trip():
    data = {"id": "x", "owner": 0, "name": "X", "grade": 2, "power": 10000, "shield": 5000, "critical": 1,
            "trigger": "none", "type": "normal", "clan": "RP", "keywords": ["intercept"],
            "abilities": [{"timing": "on_attack", "effects": [{"kind": "draw", "count": 1}]}]}
    card = Card.from_json(data)
    assert Card.from_json(card.to_json()) == card


@pytest.mark.parametrize("field,value,message", [
    ("grade", "x", 'grade: expected integer 0-4, got "x"'),
    ("grade", 7, "grade: expected integer 0-4, got 7"),
    ("trigger", "mega", "trigger: expected one of"),
    ("keywords", ["flying"], "keywords[0]: expected one of"),
    ("colour", "red", "colour: unknown field"),
])
def test_card_errors_name_the_field(field, value, message):
    data = {"id": "x", "owner": 0, "name": "X", "grade": 1, "power": 1000, field: value}
    with pytest.raises(DefinitionError) as err:
        Card.from_json(data, "players[0].hand[2]")
    assert message in str(err.value)
    assert str(err.value).startswith("players[0].hand[2]")


def test_trigger_type_must_agree():
    with pytest.raises(DefinitionError, match="type"):
        Card.from_json({"id": "x", "owner": 0, "name": "X", "grade": 0, "power": 1, "trigger": "heal", "type": "normal"})


def test_same_clan_rules():
    a = Card("a", 0, "A", 0, 1, clan="RP")
    b = Card("b", 0, "B", 0, 1, clan="Kagero")
    elemental = Card("e", 0, "E", 0, 1, clan="Cray Elemental")
    assert same_clan(a, a) and not same_clan(a, b) and same_clan(a, elemental)
    n1 = Card("n1", 0, "N", 0, 1, nation="Dragon Empire")
    n2 = Card("n2", 0, "N", 0, 1, nation="Dragon Empire")
    assert same_clan(n1, n2)


def test_cray_elemental_belongs_to_every_clan_by_the_name_either_text_prints():
    a = Card("a", 0, "A", 0, 1, clan="RP")
    italian = Card("e", 0, "E", 0, 1, clan="Elementale di Cray")  # IT 2.2.5
    no_clan = Card("n", 0, "N", 0, 1, nation="Dragon Empire")
    assert same_clan(a, italian) and same_clan(italian, a) and same_clan(no_clan, italian)
    assert not same_clan(a, Card("x", 0, "X", 0, 1, clan="Elementale"))
