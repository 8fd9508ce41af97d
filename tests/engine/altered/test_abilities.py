"""engine.altered.abilities / cards: abilities as data, and texts the vocabulary cannot express refused with a reason."""
import pytest

from engine.altered.cards import Card
from engine.core.errors import DefinitionError


def parse(**data):
    return Card.from_json({"id": "c", "name": "C", "type": "character", **data}, owner=0)


def test_an_ability_round_trips_through_json():
    card = parse(abilities=[{"timing": "reaction", "trigger": "at_noon",
                             "effects": [{"kind": "stat", "stat": "forest", "amount": 2, "duration": "day"}]}])
    again = Card.from_json(card.to_json())
    assert again == card and again.abilities[0].effects[0].get("target") == "self"


@pytest.mark.parametrize("ability, words", [
    ({"timing": "reaction", "trigger": "when_sacrificed", "effects": [{"kind": "draw", "count": 1}]}, "trigger"),
    ({"timing": "quick", "effects": [{"kind": "roll_a_die"}]}, "cannot play the effect"),
    ({"timing": "quick", "cost": [{"kind": "pay_life", "count": 1}], "effects": [{"kind": "draw", "count": 1}]},
     "cannot pay the cost"),
    ({"timing": "support", "effects": [{"kind": "draw", "count": 1}]}, "discards it from the Reserve"),
    ({"timing": "effect", "effects": [{"kind": "draw", "count": 1}]}, "only spells"),
    ({"timing": "reaction", "trigger": "at_noon", "effects": []}, "at least one effect"),
])
def test_what_the_vocabulary_cannot_express_is_refused_at_load(ability, words):
    with pytest.raises(DefinitionError, match=words):
        parse(abilities=[ability])


def test_only_characters_have_statistics_and_only_heroes_limits():
    with pytest.raises(DefinitionError, match="2.2.9.c"):
        Card.from_json({"id": "s", "name": "S", "type": "spell", "forest": 1}, owner=0)
    with pytest.raises(DefinitionError, match="2.2.11.b"):
        parse(reserve_limit=3)
