"""engine.core.text: a sentence that is its English text to everyone and keeps its template and parameters."""
import copy
import json
import pickle

import orjson

from engine.core.events import Event
from engine.core.text import Text, say, say_n


def test_a_count_meeting_a_noun_takes_the_english_form_that_agrees_with_it():
    one = say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", 1, player=0)
    two = say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", 2, player=0)
    none = say_n("player %(player)s draws %(count)s card", "player %(player)s draws %(count)s cards", 0, player=0)
    assert (one, two, none) == ("player 0 draws 1 card", "player 0 draws 2 cards", "player 0 draws 0 cards")
    assert one.template == "player %(player)s draws %(count)s card" and one.params == {"count": 1, "player": 0}
    assert two.template == "player %(player)s draws %(count)s cards"


def test_a_sentence_is_its_english_text_and_keeps_what_it_was_made_from():
    text = say("%(card)s attacks %(target)s", card="Knight", target="Squire")
    assert text == "Knight attacks Squire" and isinstance(text, str)
    assert hash(text) == hash("Knight attacks Squire")
    assert text.template == "%(card)s attacks %(target)s"
    assert text.params == {"card": "Knight", "target": "Squire"}
    assert repr(text) == repr("Knight attacks Squire")


def test_a_sentence_without_parameters_is_its_template_even_with_a_percent_sign():
    assert say("the battle ends") == "the battle ends" and say("the battle ends").params == {}
    assert Text("100% sure") == "100% sure"  # no parameters: not formatted, so a lone % is kept


def test_events_serialise_byte_for_byte_as_with_a_plain_string():
    plain = Event("attack", "Knight attacks Squire", player=0)
    said = Event("attack", say("%(card)s attacks %(target)s", card="Knight", target="Squire"), player=0)
    assert json.dumps(said.to_json(), sort_keys=True) == json.dumps(plain.to_json(), sort_keys=True)
    assert orjson.dumps(said.to_json()) == orjson.dumps(plain.to_json())
    assert said == plain


def test_copies_and_pickles_keep_the_template():
    text = say("player %(player)s draws a card", player=1)
    for kept in (copy.copy(text), copy.deepcopy(text), pickle.loads(pickle.dumps(text))):
        assert kept == text and kept.template == text.template and kept.params == {"player": 1}


def test_words_added_after_a_sentence_make_a_plain_string():
    # the template no longer says the whole sentence: a host must not translate it as if it did
    longer = say("player %(player)s draws a card", player=0) + ": Knight"
    assert longer == "player 0 draws a card: Knight" and type(longer) is str
