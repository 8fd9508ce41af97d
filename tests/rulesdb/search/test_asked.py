"""rulesdb/search/asked.py: the rulings' questions, collected, attached to the clauses they name, and searched."""
from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command

from rulesdb.search.asked import asked_attach, asked_collect


def _ruling(folder, name, **metadata):
    (folder / f"{name}.json").write_text(json.dumps({"game": metadata.pop("game", "weiss-schwarz"),
                                                     "metadata": metadata}), encoding="utf-8")


def test_a_ruling_gives_its_questions_in_each_language_to_its_game_document_and_to_the_playbook_question(tmp_path):
    _ruling(tmp_path, "a", question="Who picks the level card?", title="Level up", clauses=["9.3.2"])
    _ruling(tmp_path, "b", game="vanguard", question="Must I rest the attacked unit?",
            question_it="Devo mettere a riposo l'unità attaccata?", clauses=["7.3.1.3"],
            playbook="vg-playbook-it-3.00 Q15")
    _ruling(tmp_path, "c", title="no clauses named")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    table = asked_collect([tmp_path], {"weiss-schwarz": "ws-cr-it", "vanguard": "vg-cr-it-2.2"})
    assert table["questions"] == [
        {"document": "vg-cr-it-2.2", "numbers": ["7.3.1.3"], "en": ["Must I rest the attacked unit?"],
         "it": ["Devo mettere a riposo l'unità attaccata?"]},
        {"document": "vg-playbook-it-3.00", "numbers": ["Q15"], "en": ["Must I rest the attacked unit?"],
         "it": ["Devo mettere a riposo l'unità attaccata?"]},
        {"document": "ws-cr-it", "numbers": ["9.3.2"], "en": ["Who picks the level card?", "Level up"], "it": []},
    ]


def _row(document, number, text, *, series, current="yes", counterpart=""):
    return {"document": document, "series": series, "number": number, "stable_id": number, "text": text,
            "current": current, "counterpart": counterpart}


def test_a_question_reaches_the_counterpart_and_follows_its_number_into_a_newer_version_only_if_the_text_stayed():
    old_same = _row("cr-it-1", "1.1", "Il giocatore pesca una carta.", series="cr-it", current="no")
    old_changed = _row("cr-it-1", "1.2", "Il giocatore scarta una carta.", series="cr-it", current="no")
    new_same = _row("cr-it-2", "1.1", "Il giocatore pesca una carta.", series="cr-it", counterpart="cr-en|1.1")
    new_changed = _row("cr-it-2", "1.2", "Ogni giocatore mescola il proprio mazzo e lo divide.", series="cr-it")
    english = _row("cr-en", "1.1", "The player draws a card.", series="cr-en", counterpart="cr-it-2|1.1")
    rows = [old_same, old_changed, new_same, new_changed, english]
    asked_attach(rows, [{"document": "cr-it-1", "numbers": ["1.1", "1.2"], "en": ["Do I draw?"], "it": ["Pesco?"]}])
    assert old_same["asked"] == old_changed["asked"] == {"en": ["Do I draw?"], "it": ["Pesco?"]}
    assert new_same["asked"] == english["asked"] == {"en": ["Do I draw?"], "it": ["Pesco?"]}
    assert "asked" not in new_changed  # renumbered: another rule now bears the number


@pytest.mark.django_db
def test_the_vendored_table_holds_every_rulings_question_now():
    call_command("collect_asked_questions", "--check")  # fails naming the command to run


@pytest.fixture(scope="module")
def index_with_a_made_up_ruling(tmp_path_factory, django_db_setup, django_db_blocker):
    """The corpus indexed with one more ruling, asked in words no rule prints, of Weiss Schwarz 9.3.2."""
    from django.test import override_settings

    from rulesdb import search
    from rulesdb.search.rows import index_rows

    with override_settings(SEARCH_INDEX_DIR=tmp_path_factory.mktemp("asked")), django_db_blocker.unblock():
        rows = index_rows()
        asked_attach(rows, [{"document": "ws-cr-it", "numbers": ["9.3.2"], "en": ["Who grabs the zorblax card?"],
                             "it": ["Chi prende la carta zorblax?"]}])
        search.index_rebuild(rows=rows)
        yield


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["zorblax", "Zorblax?"])
def test_a_question_asked_in_words_no_rule_prints_finds_the_rule_the_ruling_names(index_with_a_made_up_ruling, query):
    from rulesdb.search.selectors import clause_search

    hits = clause_search(query=query).hits
    assert (hits[0].document, hits[0].number) == ("ws-cr-it", "9.3.2")


def test_both_tables_are_read_the_rulings_and_the_questions_written_for_the_search(tmp_path):
    from rulesdb.search.asked import asked_load

    rulings, written = tmp_path / "asked.json", tmp_path / "written.json"
    rulings.write_text(json.dumps({"format": "judgeapp-search-asked/1", "questions": [
        {"document": "ws-cr-it", "numbers": ["9.3.2"], "en": ["Who picks?"], "it": []}]}), encoding="utf-8")
    written.write_text(json.dumps({"format": "judgeapp-search-asked/1", "questions": [
        {"document": "ws-cr-it", "numbers": ["1.1"], "en": ["How do I win?"], "it": ["Come si vince?"]}]}),
        encoding="utf-8")
    assert [e["numbers"] for e in asked_load(rulings) + asked_load(written) + asked_load(tmp_path / "missing.json")] == [["9.3.2"], ["1.1"]]


_CLAUSE_NUMBER = re.compile(r"\b\d+\.\d+")


@pytest.mark.django_db
@pytest.mark.parametrize("table", ["written", "whole"])
def test_every_written_question_names_a_clause_of_the_vendored_rules_in_both_languages(table):
    """The hand-written tables are data from outside: a clause number that names nothing, a question
    with no words in one language, or a clause number in the words (a number typed is found as a
    number) is a defect that would tie words to the wrong rule, or to none."""
    from rulesdb.models import Clause
    from rulesdb.search import asked

    entries = getattr(asked, f"{table}_load")()
    assert len(entries) > 2000
    known = set(Clause.objects.values_list("document__slug", "number"))
    problems = []
    for entry in entries:
        for number in entry["numbers"]:
            if (entry["document"], number) not in known:
                problems.append(f"{entry['document']} {number}: no such clause")
        if not entry["en"] or not entry["it"]:
            problems.append(f"{entry['document']} {entry['numbers']}: a language without questions")
        problems += [f"{entry['document']} {entry['numbers']}: a clause number in {q!r}"
                     for q in entry["en"] + entry["it"] if _CLAUSE_NUMBER.search(q)]
    assert problems == []
