"""judgeapp/sandbox/input_errors.py: an error on a pasted scenario, said in the page's language.

The site walk of site-walk2 pasted broken scenarios on an Italian page and read "Players: expected a list, got 3",
"Giocatore 0, graveyard: unknown field (allowed: …)", "Metadata, title it: …"."""
import json

import pytest
from django.test import Client
from django.utils import translation
from lxml import html as lxml_html

from judgeapp.sandbox import input_errors, wording
from tests.judgeapp.test_i18n import compiled_messages  # noqa: F401  (the .mo files)

pytestmark = pytest.mark.django_db


def test_each_shape_of_the_schemas_messages_is_said_again_and_others_stay_as_they_are():
    with translation.override("it"):
        assert input_errors.message_words("required field is missing") == "manca questo campo"
        assert input_errors.message_words("expected a list, got 3") == "ci vuole una lista tra parentesi quadre, non 3"
        assert input_errors.message_words("expected an object, got a list") == (
            "ci vuole un gruppo di campi tra parentesi graffe, non una lista")
        assert input_errors.message_words("expected integer 0-99, got \"x\"") == (
            "ci vuole un numero intero da 0 a 99, non \"x\"")
        assert input_errors.message_words("a climax has no soul (2.5)") == "a climax has no soul (2.5)"
    with translation.override("en"):
        assert input_errors.message_words("required field is missing") == "this field is missing"


def test_a_games_own_check_said_with_say_is_said_in_the_page_s_language_even_from_its_stored_english():
    from engine.core.text import say

    check = say("only characters have statistics (2.2.9.c)")  # engine/altered/cards.py
    with translation.override("it"):
        assert input_errors.message_words(check) == input_errors.message_words(str(check)) == (
            "solo i personaggi hanno statistiche (2.2.9.c)")


def test_a_field_path_names_the_fields_in_words_and_counts_the_players_from_one():
    with translation.override("it"):
        wording.game_is("vanguard")
        try:
            assert input_errors.field_text("scenario.metadata.title_it") == "descrizione dello scenario, titolo (in italiano)"
            assert input_errors.field_text("scenario.players[0].hand[0].grade").startswith("giocatore 1, Mano, carta 1")
            assert input_errors.field_text("json") == "lo scenario incollato"
        finally:
            wording.game_is(None)


@pytest.mark.parametrize("pasted, wanted", [
    ({"format": "judgeapp-scenario/1", "players": 3}, "ci vuole una lista"),
    ({"players": []}, "manca questo campo"),
])
def test_a_broken_scenario_pasted_on_an_italian_page_is_explained_in_italian(pasted, wanted):
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": json.dumps(pasted)})
    assert page.status_code == 400
    alert = " ".join(lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]//text()'))
    assert wanted in alert and "expected" not in alert and "required" not in alert, alert


def test_the_values_a_field_allows_are_said_in_the_games_words_where_its_tables_have_them():
    # The site walk of site-walk4 read "ci vuole uno tra act, cont, backup, encore…" on an Italian Weiss board.
    from engine.weiss.ability_parts import TIMINGS

    message = f"expected one of {', '.join(TIMINGS)}, got 'x'"
    with translation.override("it"):
        wording.game_is("weiss-schwarz")
        try:
            said = input_errors.message_words(message, "timing")
            colours = input_errors.message_words("expected one of yellow, green, red, blue, got 'x'", "colour")
        finally:
            wording.game_is(None)
    # the kinds of ability as the game's words name them: Encore the keyword (its timing), not the Encore Step
    assert said.startswith("ci vuole uno tra ACT, CONT, Backup, Encore, "), said
    assert "quando viene giocata" in said and "on_play" not in said
    assert colours == "ci vuole uno tra giallo, verde, rosso, blu, non 'x'"


def test_a_pasted_weiss_ability_of_an_unknown_kind_names_the_kinds_in_italian():
    from pathlib import Path

    scenario = json.loads((Path(input_errors.__file__).parent / "examples" / "weiss-counter-step-backup.json").read_text())
    text = json.dumps(scenario).replace('"timing": "backup"', '"timing": "contropartita"', 1)
    assert "contropartita" in text
    page = Client(HTTP_ACCEPT_LANGUAGE="it").post("/sandbox/import/", {"json": text})
    assert page.status_code == 400
    alert = " ".join(lxml_html.fromstring(page.content.decode()).xpath('//*[@id="sb-error"]//text()'))
    assert "Backup" in alert and "quando viene giocata" in alert and "on_play" not in alert, alert
