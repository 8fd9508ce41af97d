"""Vanguard's game words (judgeapp/sandbox/games/vanguard_words.py): each as its rules print it, in the clause it
cites, and shown in the page's language."""
import pytest
from django.utils import translation

from judgeapp.sandbox import wording
from judgeapp.sandbox.games import vanguard, vanguard_words
from judgeapp.sandbox.wording import RulesWord

from .rules_words_check import misplaced

pytestmark = pytest.mark.django_db

TABLES = {"zones and circles": vanguard_words.ZONE_NAMES, "keywords": vanguard_words.RULES_WORDS,
          "triggers": vanguard_words.TRIGGER_NAMES,
          "phases": {k: w for k, w in vanguard_words.PHASE_NAMES.items() if isinstance(w, RulesWord)},
          "steps": vanguard_words.STEP_NAMES}


@pytest.mark.parametrize("name", TABLES)
def test_each_italian_word_is_printed_in_the_italian_clause_it_cites(name):
    assert misplaced(TABLES[name], vanguard.RULES_DOCUMENT, "it") == []


@pytest.mark.parametrize("name", TABLES)
def test_each_english_word_is_printed_in_the_english_clause_it_cites(name):
    assert misplaced(TABLES[name], vanguard.EN_DOCUMENT, "en") == []


def test_every_zone_circle_phase_and_step_of_the_engine_is_a_rules_word():
    from engine.vanguard.actions import ALL_ZONES
    from engine.vanguard.cards import KEYWORDS, TRIGGERS

    assert set(ALL_ZONES) <= set(vanguard_words.ZONE_NAMES)
    assert set(KEYWORDS) <= set(vanguard_words.RULES_WORDS)
    assert set(TRIGGERS) - {"none"} <= set(vanguard_words.TRIGGER_NAMES)
    assert all(isinstance(w, RulesWord) for w in vanguard_words.STEP_NAMES.values())
    # only the Italian rules' missing removal zone goes without an Italian clause, and docs say so
    assert [k for k, w in vanguard_words.ZONE_NAMES.items() if w.it_clause is None] == ["removal"]


def test_the_page_language_chooses_the_rules_word():
    wording.game_is(vanguard.SLUG)
    try:
        with translation.override("it"):
            assert wording.words("front_left") == "frontale sinistro"
            assert wording.phase_text("battle", "drive") == "Fase di Battaglia, Sottofase di Assalto"
            assert str(vanguard.ZONE_LABELS["drop"]) == "Zona Scarti"
        with translation.override("en"):
            assert wording.words("front_left") == "left front"
            assert wording.phase_text("battle", "drive") == "battle phase, drive step"
            assert str(vanguard.ZONE_LABELS["drop"]) == "Drop zone"
    finally:
        wording.game_is(None)
