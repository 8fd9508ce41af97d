"""Terminology QA: inflected forms count, missing translations and forbidden variants are flagged."""
import pytest

from rulesdb.models import BilingualTerm, Document, Game
from rulesdb.translation.alignment import alignment_get_or_compute
from rulesdb.translation.terminology import term_used, terminology_by_term, terminology_check

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "phrase,text,language",
    [
        ("unità attaccante", "le Unità Attaccanti", "it"),
        ("carta", "tre carte", "it"),
        ("azione specifica", "azioni specifiche", "it"),
        ("condizione", "le condizioni", "it"),
        ("rear-guard", "two rear-guards", "en"),
        ("soul blast", "Soul Blasts", "en"),
        ("ability", "abilities", "en"),
    ],
)
def test_inflected_forms_match(phrase, text, language):
    assert term_used(phrase, text, language=language)


def test_no_false_match_inside_words():
    assert not term_used("drive", "overdrive", language="en")
    assert not term_used("anima", "animazione", language="it")


def test_missing_and_forbidden_terms_flagged_per_clause_and_term():
    game = Game.objects.get(slug="vanguard")
    BilingualTerm.objects.update_or_create(game=game, english="guard step", defaults={"italian": ["sottofase di difesa"], "forbidden": ["fase di guardia"]})
    BilingualTerm.objects.update_or_create(game=game, english="close step", defaults={"italian": ["sottofase di chiusura"], "forbidden": []})
    BilingualTerm.objects.update_or_create(game=game, english="drive check", defaults={"italian": ["verifica dell'assalto"], "forbidden": ["controllo assalto"]})
    en, it = Document.objects.get(slug="vg-cr-en-1.48"), Document.objects.get(slug="vg-cr-it-2.2")
    issues = terminology_check(alignment=alignment_get_or_compute(left=en, right=it))
    grouped = terminology_by_term(issues)
    # IT writes "Sottofase di Difesa": the accepted form, in any case and number.
    assert not [i for i in grouped.get("guard step", []) if i.english_id == "7.5"]
    # IT says "Verificare l'Assalto" where the glossary wants "verifica dell'assalto".
    drive = [i for i in grouped["drive check"] if i.kind == "missing"]
    assert drive and all(i.term == "drive check" for i in drive)
    assert any(i.english_number.startswith("10.14") for i in drive)
