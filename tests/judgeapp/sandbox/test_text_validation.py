"""The services refuse text that is not valid Unicode (NUL, lone surrogates) by themselves, naming the
field, for callers that never pass through the request middleware: nothing is saved."""
import json

import pytest

from judgeapp.sandbox import services, validation
from judgeapp.sandbox.models import Scenario
from tests.judgeapp.sandbox.test_api import board

pytestmark = pytest.mark.django_db

BAD = ["\ud800", "a\x00b", "\udfff tail"]


@pytest.mark.parametrize("bad", BAD)
def test_text_clean_names_the_field(bad):
    with pytest.raises(validation.SandboxError) as caught:
        validation.text_clean(bad, "title", 200)
    assert caught.value.field == "title" and "not valid text" in caught.value.message


@pytest.mark.parametrize("bad", BAD)
def test_json_parse_names_the_path_of_the_bad_string_or_key(bad):
    escaped = json.dumps(bad)  # "\ud800" / "a\u0000b": valid JSON text, invalid once parsed
    with pytest.raises(validation.SandboxError) as caught:
        validation.json_parse('{"players": [{"hand": [{"name": %s}]}]}' % escaped, "scenario")
    assert caught.value.field == "scenario.players[0].hand[0].name"
    with pytest.raises(validation.SandboxError) as caught:
        validation.json_parse('{%s: 1}' % escaped, "action")
    assert "action" in caught.value.field and "not valid text" in caught.value.message


def test_json_parse_still_accepts_valid_text():
    assert validation.json_parse('{"name": "Drago \\u00e8 \\ud83d\\udc09"}', "x") == {"name": "Drago è 🐉"}
    assert validation.text_clean("  Guardia è  ", "title", 200) == "Guardia è"


@pytest.mark.parametrize("bad", BAD)
def test_services_called_directly_refuse_and_save_nothing(bad):
    before = Scenario.objects.count()
    definition = board()
    definition["players"][0]["field"]["vanguard"]["name"] = bad
    with pytest.raises(validation.SandboxError) as caught:
        services.scenario_create(definition=definition, start=True)
    assert caught.value.field.endswith("players[0].field.vanguard.name")
    with pytest.raises(validation.SandboxError) as caught:
        services.scenario_create(definition=board(), meta={"title": "ok", "tags": ["fine", bad]})
    assert caught.value.field == "tags[1]"
    with pytest.raises(validation.SandboxError) as caught:
        services.scenario_import(data={**board(), "metadata": {"title": bad}})
    assert caught.value.field == "scenario.metadata.title"
    assert Scenario.objects.count() == before
    scenario = services.scenario_create(definition=board(), meta={"title": "kept"})
    with pytest.raises(validation.SandboxError) as caught:
        services.meta_update(scenario=scenario, data={"question": bad})
    assert caught.value.field == "question"
    scenario.refresh_from_db()
    assert scenario.question == "" and scenario.title == "kept"


@pytest.mark.parametrize("bad", BAD)
def test_a_draft_refuses_bad_text_in_its_board_and_its_cards(bad):
    definition = board()
    definition["players"][1]["hand"][0]["clan"] = bad
    with pytest.raises(validation.SandboxError) as caught:
        services.scenario_create(definition=definition)
    assert caught.value.field == "scenario.players[1].hand[0].clan"
    with pytest.raises(validation.SandboxError) as caught:
        services.card_clean({"name": bad, "grade": 1}, "card")
    assert caught.value.field == "card.name"
