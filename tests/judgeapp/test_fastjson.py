"""orjson paths give the same JSON as the standard library's: the history tree field and the API renderer."""
import json

import pytest

from judgeapp.fastjson import FastJSONRenderer
from judgeapp.sandbox.models import Scenario

pytestmark = pytest.mark.django_db

TREE = {"current": 1, "nodes": [{"id": 0, "parent": None, "events": [], "children": [1]},
                                {"id": 1, "parent": 0, "events": [{"text": "città ★", "n": 1.5}], "children": []}]}


def test_the_tree_field_round_trips_what_the_standard_library_would_store():
    scenario = Scenario.objects.create(definition={}, tree=TREE)
    assert Scenario.objects.get(pk=scenario.pk).tree == TREE
    assert Scenario.objects.filter(pk=scenario.pk, tree__current=1).exists()  # JSON lookups still work
    Scenario.objects.filter(pk=scenario.pk).update(tree=None)
    assert Scenario.objects.get(pk=scenario.pk).tree is None


def test_values_orjson_cannot_encode_are_stored_the_standard_way():
    huge = {"players": [{"n": 10**30}], "note": "città"}
    scenario = Scenario.objects.create(definition=huge, tags=["a"])
    assert Scenario.objects.get(pk=scenario.pk).definition == huge


def test_the_renderer_writes_the_same_json_as_drf():
    data = {"a": [1, 2, {"b": "città"}], 3: None}
    assert json.loads(FastJSONRenderer().render(data)) == json.loads(json.dumps(data))
    assert FastJSONRenderer().render(None) == b""
