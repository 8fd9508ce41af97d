"""Malformed scenarios: loading raises DefinitionError naming a field path, never TypeError/KeyError/AttributeError.

Table-driven: every field of a few representative scenarios (cards, templates, abilities, legion, G guardians,
script actions, expectations) is replaced by values of every JSON type or deleted.  Hypothesis then plants
random nested JSON anywhere in a scenario.
"""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import DefinitionError
from engine.core.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
EXAMPLES = Path(__file__).resolve().parents[3] / "judgeapp" / "sandbox" / "examples"
"""The Playbook's questions as scenarios: kept once, as the sandbox's examples."""
FILES = ["legion-attack.json", "g-guardian-call.json", "ability-order-choice.json", "judge-modifier.json",
         "ability-cont-limit-break.json", "lock-not-attackable.json", "playbook-q11.json"]
GARBAGE = [None, True, 0, -1, 1.5, 10**30, "", "x", [], [None], [1, "x"], {}, {"x": 1}, {"kind": 1}, [{}], {"kind": []}]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _mutated(base, path, value, delete):
    data = copy.deepcopy(base)
    if not path:
        return value
    d = data
    for k in path[:-1]:
        d = d[k]
    if delete:
        del d[path[-1]]
    else:
        d[path[-1]] = value
    return data


def _check(data, path=()):
    """Load; anything but success or DefinitionError fails the test. Returns the error, if any."""
    try:
        load_scenario(data)
    except DefinitionError as exc:
        assert str(exc), "a DefinitionError has a message"
        if path and path[0] not in ("templates",):
            # the error names a field path inside the part of the scenario that was broken, or the card use site
            assert exc.path, f"{path}: error without a field path: {exc}"
        return exc
    return None


def _cases():
    for name in FILES:
        folder = EXAMPLES if name.startswith("playbook-q") else SCENARIOS
        base = json.loads((folder / name).read_text(encoding="utf-8"))
        for path in _paths(base):
            for value in GARBAGE:
                yield name, base, path, value, False
            if path:
                yield name, base, path, None, True


@pytest.mark.parametrize("name", FILES)
def test_every_field_with_every_wrong_type_or_missing(name):
    seen = 0
    for fname, base, path, value, delete in _cases():
        if fname != name:
            continue
        seen += 1
        _check(_mutated(base, path, value, delete), path)
    assert seen > 500


@pytest.mark.parametrize("data,words", [
    (None, "expected a scenario object"),
    (42, "expected a scenario object"),
    ([], "expected a scenario object"),
    ("[1]", "expected an object"),
    ("{not json", "invalid JSON"),
])
def test_top_level_garbage(data, words):
    with pytest.raises(DefinitionError) as err:
        load_scenario(data)
    assert err.value.path == "" and words in str(err.value)


def test_unused_template_is_still_checked():
    base = json.loads((SCENARIOS / "legion-attack.json").read_text(encoding="utf-8"))
    base["templates"]["unused"] = {"name": "x", "grade": "high"}
    with pytest.raises(DefinitionError, match=r"^templates\.unused\.grade: "):
        load_scenario(base)


def test_question_must_be_a_string():
    base = json.loads((EXAMPLES / "playbook-q22.json").read_text(encoding="utf-8"))
    assert load_scenario(base).metadata["question_it"].startswith("Posso attaccare")  # the Playbook's printed Italian
    base["metadata"]["question"] = ["?"]
    with pytest.raises(DefinitionError, match=r"^metadata\.question: expected a string"):
        load_scenario(base)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.sampled_from(["f", "g3", "vanguard", "attack", "a-vg", "power", "main"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from(["kind", "card", "id", "template", "timing", "effects", "cost", "expect", "do", "x"]),
        children, max_size=3),
    max_leaves=8)
BASE = json.loads((SCENARIOS / "legion-attack.json").read_text(encoding="utf-8"))
BASE_PATHS = list(_paths(BASE))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASE_PATHS), JSON, st.booleans())
def test_random_json_anywhere(path, value, delete):
    _check(_mutated(BASE, path, value, delete and bool(path)), path)
