"""engine/weiss/game.py: deck construction (5.1.2), each problem a sentence naming its clause."""
import pytest

from engine.core.errors import DefinitionError
from engine.core.text import Text
from engine.weiss import deck_problems, new_game
from engine.weiss.cards import Card


def _cards(n: int, names: int = 25, climaxes: int = 0) -> list[dict]:
    return [{"id": f"c{i}", "name": f"N{i % names}", "colour": "yellow", "level": 0, "cost": 0,
             **({"type": "climax"} if i < climaxes else {"type": "character", "power": 1000})} for i in range(n)]


def _deck(n: int, names: int = 25, climaxes: int = 0) -> list[Card]:
    return [Card.from_json(c, c["id"], owner=0) for c in _cards(n, names, climaxes)]


def test_a_legal_deck_has_no_problem():
    assert deck_problems(_deck(50, names=13, climaxes=8)) == []


@pytest.mark.parametrize("deck, key, clause", [
    (_deck(49), "DECK_SIZE", "5.1.2.1"),
    (_deck(50, names=12), "DECK_COPIES", "5.1.2.2"),
    (_deck(50, names=25, climaxes=9), "DECK_CLIMAX", "5.1.2.3"),
])
def test_each_problem_is_a_sentence_that_names_its_clause(deck, key, clause):
    message, found = deck_problems(deck)[0]
    assert found == key and isinstance(message, Text) and f"({clause})" in message


def test_a_new_game_refuses_a_deck_with_the_sentence_itself():
    with pytest.raises(DefinitionError) as raised:
        new_game([_cards(49), [{**c, "id": "d" + c["id"]} for c in _cards(50, names=13)]])
    assert raised.value.path == "decks[0]" and isinstance(raised.value.message, Text)
    assert raised.value.message.template.startswith("a deck holds exactly 50 cards")
