"""Weiss Schwarz's game words (judgeapp/sandbox/games/weiss_words.py): each as its Italian rules print it, in the
clause it cites; the English names are the project's (no English text of these rules here), documented."""
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from judgeapp.sandbox import wording
from judgeapp.sandbox.games import weiss, weiss_words

from .rules_words_check import misplaced

pytestmark = pytest.mark.django_db

TABLES = {"areas and positions": weiss_words.ZONE_NAMES, "phases": weiss_words.PHASE_NAMES,
          "steps": weiss_words.STEP_NAMES, "statuses": weiss_words.STATUS_WORDS,
          "card types": weiss_words.CARD_TYPES}


@pytest.mark.parametrize("name", TABLES)
def test_each_italian_word_is_printed_in_the_clause_it_cites(name):
    assert misplaced(TABLES[name], weiss.RULES_DOCUMENT, "it") == []


@pytest.mark.parametrize("name", TABLES)
def test_each_english_name_is_the_documented_one(name):
    documented = (Path(settings.BASE_DIR) / "docs" / "sandbox-game-words.md").read_text(encoding="utf-8")
    for word in TABLES[name].values():
        assert word.en_clause is None
        assert f"| {word.it} | {word.en} |" in documented, word


def test_a_weiss_board_names_its_own_words_where_vanguard_names_the_same_identifier_otherwise():
    wording.game_is(weiss.SLUG)
    try:
        with translation.override("it"):
            assert wording.phase_text("stand") == "Stand Phase"
            assert wording.words("back_left") == "Posizione Sinistra del Back Stage"
        with translation.override("en"):
            assert wording.words("back_left") == "back stage left"
    finally:
        wording.game_is(None)
    with translation.override("it"):
        assert wording.words("back_left", weiss.SLUG) == "Posizione Sinistra del Back Stage"
        assert wording.words("back_left", "vanguard") == "posteriore sinistro"
