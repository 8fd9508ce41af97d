"""engine.altered.vocabulary: a condition read from its word or its object (6.5.c), refused with the reason when the
format has no such condition; every kind of step, cost and continuous effect a scenario may write is one the
engine resolves."""
import pytest

from engine.altered import vocabulary
from engine.altered.effects import STEP
from engine.core.errors import DefinitionError


@pytest.mark.parametrize("written, read", [
    ("first_player", "first_player"), ("did", "did"),
    ({"controls": "landmarks", "at_least": 2}, {"controls": "landmarks", "at_least": 2}),
    ({"it_is": "card", "subtype": "Animal"}, {"it_is": "card", "subtype": "Animal"}),
    ({"roll_in": [1, 6]}, {"roll_in": (1, 6)}),
    ({"expedition_is": "ahead"}, {"expedition_is": "ahead"}),
])
def test_a_condition_is_read_from_its_word_or_its_object(written, read):
    assert vocabulary.parse_condition(written, "if") == read


@pytest.mark.parametrize("written, of_a_step, words", [
    ("did", False, "expected one of"),  # "if you do" reads a step before: never a cost's or a passive's condition
    ({"roll_at_least": 5}, False, "die"),
    ({"controls": "landmarks", "in_region": "forest"}, True, "condition"),
    ({"roll_in": []}, True, "results"),
    ({"expedition_is": "first"}, True, "expected one of"),
])
def test_a_condition_the_format_lacks_is_refused_with_the_reason(written, of_a_step, words):
    allowed = vocabulary.STEP_CONDITIONS if of_a_step else vocabulary.CONDITIONS
    with pytest.raises(DefinitionError) as refused:
        vocabulary.parse_condition(written, "if", allowed)
    assert words in str(refused.value)


def test_every_kind_of_step_the_vocabulary_allows_is_resolved_by_the_engine():
    import engine.altered  # noqa: F401  (registers the steps of leaving.py and step_kinds.py)

    assert set(vocabulary.EFFECTS) <= set(STEP), set(vocabulary.EFFECTS) - set(STEP)
