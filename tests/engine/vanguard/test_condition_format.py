"""condition_format.py: conditions of the ability format, each error a sentence an Italian page can say."""
import pytest

from engine.core.errors import DefinitionError
from engine.core.text import Text
from engine.vanguard.condition_format import parse_condition


def test_a_condition_on_a_number_needs_a_least_or_a_greatest_number():
    assert dict(parse_condition({"kind": "battle_number", "min": 2}, "c").params) == {"min": 2}
    with pytest.raises(DefinitionError) as error:
        parse_condition({"kind": "count", "player": "self", "zone": "drop"}, "c")
    assert isinstance(error.value.message, Text) and "least number" in error.value.message


def test_an_unknown_kind_is_said_in_the_schemas_shape():
    with pytest.raises(DefinitionError) as error:
        parse_condition({"kind": "nope"}, "c")
    assert error.value.message.startswith("expected one of limit_break")
