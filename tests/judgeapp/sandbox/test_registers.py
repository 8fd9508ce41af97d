"""The readings registers in Italian and English (issue 28): each register (docs/engine-assumptions*.md) has an
Italian edition beside it (docs/engine-assumptions*.it.md) with the same readings; the readings page shows the
edition of the page's language, and a reading the Italian edition lacks stays English, marked lang="en"."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from judgeapp.sandbox.games import altered, vanguard_views, weiss
from judgeapp.sandbox.registers import edition_path, in_page_language, missing_rows, read_rows, register_rows
from tests.judgeapp.test_i18n import (  # noqa: F401  (the .mo files, the English-words scan)
    _card_entries, _italian_rules_words, compiled_messages, interface_english)

# (game, its register, the register's row) for every game the sandbox hosts
REGISTERS = [(slug, m.ASSUMPTIONS_FILE, m.ASSUMPTION_ROW)
             for slug, m in (("vanguard", vanguard_views), ("weiss-schwarz", weiss), ("altered", altered))]
CLAUSE = re.compile(r"\d+(?:\.\d+)+(?:\.[a-z])?|\d+(?:\.\d+)*\.x")


def italian() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")


@pytest.mark.parametrize("slug, path, row", REGISTERS, ids=[r[0] for r in REGISTERS])
def test_every_reading_is_in_both_editions(slug, path, row):
    """A reading added to one edition only fails here: translate it into the other (docs/translations.md)."""
    english, italian_rows = read_rows(path, row), read_rows(edition_path(path, "it"), row)
    assert len(english) >= 10, path
    missing = missing_rows(path, row, "it")
    assert not missing, (f"{edition_path(path, 'it').name} lacks the readings {', '.join(missing)} of {path.name}: "
                         f"translate them (docs/translations.md, 'The readings registers')")
    extra = sorted({r["id"] for r in italian_rows} - {r["id"] for r in english})
    assert not extra, f"{edition_path(path, 'it').name} has readings {extra} that {path.name} lacks"
    assert [r["id"] for r in italian_rows] == [r["id"] for r in english]  # the same order


@pytest.mark.parametrize("slug, path, row", REGISTERS, ids=[r[0] for r in REGISTERS])
def test_both_editions_name_the_same_clauses_and_the_italian_is_not_the_english(slug, path, row):
    italian_rows = {r["id"]: r for r in read_rows(edition_path(path, "it"), row)}
    for english in read_rows(path, row):
        translated = italian_rows[english["id"]]
        assert CLAUSE.findall(translated["where"]) == CLAUSE.findall(english["where"]), english["id"]
        # the reading is translated; the problem may be only the Italian rules' words quoted (W5)
        assert translated["reading"] and translated["reading"] != english["reading"], english["id"]
        assert translated["problem"] != english["problem"] or english["problem"].count('"') >= 2, english["id"]
        for cell in ("problem", "reading"):
            # the clause numbers the prose cites are the same too (numbers are never translated)
            assert set(CLAUSE.findall(english[cell])) <= set(CLAUSE.findall(translated[cell])) | {"1.48"}, \
                (english["id"], cell, set(CLAUSE.findall(english[cell])) - set(CLAUSE.findall(translated[cell])))


def test_a_reading_missing_from_the_italian_edition_falls_back_to_english_marked(tmp_path):
    row = re.compile(r"^\|\s*(Z\d+)\s*\|(.*)\|\s*$")
    register = tmp_path / "engine-assumptions-z.md"
    register.write_text("| id | clause | the text | reading |\n|---|---|---|---|\n"
                        "| Z1 | 1.1 | the text is garbled | the engine reads it so |\n"
                        "| Z2 | 2.1 | a rule is missing | the engine adds it |\n", encoding="utf-8")
    edition_path(register, "it").write_text("| Z1 | 1.1 | il testo è corrotto | il motore lo legge così |\n",
                                            encoding="utf-8")
    rows = register_rows(register, row)
    assert missing_rows(register, row, "it") == ["Z2"]
    with translation.override("it"):
        shown = {r["id"]: r for r in in_page_language(rows)}
    assert "il motore lo legge così" in shown["Z1"]["reading"] and shown["Z1"]["lang"] is None
    assert "the engine adds it" in shown["Z2"]["reading"] and shown["Z2"]["lang"] == "en"
    with translation.override("en"):
        shown = {r["id"]: r for r in in_page_language(rows)}
    assert "the engine reads it so" in shown["Z1"]["reading"] and shown["Z1"]["lang"] is None
    assert "il testo" not in shown["Z1"]["problem"]


def test_a_register_without_its_italian_edition_is_english_everywhere(tmp_path):
    row = re.compile(r"^\|\s*(Z\d+)\s*\|(.*)\|\s*$")
    register = tmp_path / "engine-assumptions-y.md"
    register.write_text("| Z1 | 1.1 | the text is garbled | the engine reads it so |\n", encoding="utf-8")
    with translation.override("it"):
        (shown,) = in_page_language(register_rows(register, row))
    assert shown["lang"] == "en" and "garbled" in shown["problem"]


def test_each_edition_reads_its_identifiers_in_its_own_language_whoever_reads_it_first(tmp_path):
    """The rows are kept for later pages: an English request reading the register first must not leave the
    Italian edition's `opponent_turn` in English (it did: "con la condizione during your opponent's turn")."""
    row = re.compile(r"^\|\s*(Z\d+)\s*\|(.*)\|\s*$")
    register = tmp_path / "engine-assumptions-x.md"
    register.write_text("| Z1 | 1.1 | the text | with the condition `opponent_turn` |\n", encoding="utf-8")
    edition_path(register, "it").write_text("| Z1 | 1.1 | il testo | con la condizione `opponent_turn` |\n",
                                            encoding="utf-8")
    with translation.override("en"):
        rows = register_rows(register, row)
    with translation.override("it"):
        (shown,) = in_page_language(rows)
    assert "durante il turno del tuo avversario" in shown["reading"], shown["reading"]
    with translation.override("it"):
        rows = register_rows(register, row)
    with translation.override("en"):
        (shown,) = in_page_language(rows)
    assert "during your opponent" in shown["reading"], shown["reading"]

def test_the_scenario_files_a_reading_names_are_left_off_the_site(tmp_path):
    row = re.compile(r"^\|\s*(Z\d+)\s*\|(.*)\|\s*$")
    register = tmp_path / "engine-assumptions-w.md"
    register.write_text("| Z1 | 1.1 | the text | both go to the waiting room (9.6.2). `weiss/outsider7-two-put-at-once.json`, "
                        "`weiss/outsider7-climaxes.json` |\n", encoding="utf-8")
    (shown,) = register_rows(register, row)
    assert "outsider7" not in shown["reading"] and ".json" not in shown["reading"], shown["reading"]
    assert "both go to the waiting room (9.6.2)." in shown["reading"]

@pytest.mark.parametrize("slug, path, row", REGISTERS, ids=[r[0] for r in REGISTERS])
def test_every_identifier_the_italian_edition_names_reads_as_words(slug, path, row):
    """An identifier in `code` is shown as the sandbox's words for it; one the sandbox has no words for would show
    in English on the Italian page ("l'evento ability declined"): the Italian edition says it in Italian instead."""
    from judgeapp.sandbox.registers import CODE_SPAN, FILE_SPANS
    from judgeapp.sandbox.wording import vocabulary

    tables = vocabulary()
    unknown = sorted({
        (reading["id"], identifier)
        for reading in read_rows(edition_path(path, "it"), row)
        for cell in (reading["problem"], reading["reading"])
        for span in CODE_SPAN.findall(FILE_SPANS.sub("", cell))
        for identifier in re.findall(r"[A-Za-z_]\w*", span)
        if identifier not in tables["WORDS"] and identifier not in tables["ZONE_NAMES"]})
    assert not unknown, unknown

@pytest.mark.django_db
def test_the_readings_page_in_italian_has_no_english_outside_marked_fallbacks():
    page = italian().get("/sandbox/assumptions/").content.decode()
    assert '<html lang="it">' in page
    assert not interface_english(page, _italian_rules_words()), interface_english(page, _italian_rules_words())
    # (a reading not translated yet is English marked lang="en": test_every_reading_is_in_both_editions names it)
    assert "Il testo italiano (quello di riferimento)" in page  # A9's reading
    assert "Riordino" in page and "spareggi" in page  # Weiss Schwarz's W6 and Altered's AL3
    for slug, path, row in REGISTERS:
        for reading in read_rows(path, row):
            assert page.count(f'id="{reading["id"]}"') == 1, reading["id"]


@pytest.mark.django_db
def test_the_readings_page_in_english_is_the_english_register():
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get("/sandbox/assumptions/").content.decode()
    assert "The Italian (primary) text" in page and "Il testo italiano" not in page
    assert 'lang="en"' not in page.split("<body", 1)[1].split('id="sandbox-app"', 1)[1]


@pytest.mark.django_db
def test_a_ruling_page_shows_the_readings_relied_on_in_the_page_language(client):
    opened = italian().post("/sandbox/examples/playbook-q05/")["Location"]
    from judgeapp.sandbox.models import Scenario

    scenario = Scenario.objects.get(pk=opened.rstrip("/").rsplit("/", 1)[-1])
    last = len(scenario.tree["nodes"]) - 1
    page = italian().get(f"{opened}ruling/{last}/").content.decode()
    assert "sb-readings-title" in page and "Il più recente 10.7.1.5" in page  # reading A3, in Italian
    names = (scenario.title, scenario.question, scenario.description, *_italian_rules_words(),
             *(e.get("name", "") for e in _card_entries(scenario.definition)))
    for name in sorted(filter(None, names), key=len, reverse=True):  # a card's name in its label too
        page = page.replace(name, " ")
    assert not interface_english(page), interface_english(page)


@pytest.mark.django_db
def test_the_readings_page_names_no_scenario_file_in_either_language():
    """The readings ended with the engine scenarios that test them (`weiss/outsider6-….json`), read on the page as
    "…-Discard pile-triggers-from-the-hand.json": the developers' pointer stays in the register, not on the page."""
    assert any(".json`" in path.read_text(encoding="utf-8") for _slug, path, _row in REGISTERS)
    for language in ("it", "en"):
        page = Client(HTTP_ACCEPT_LANGUAGE=language).get("/sandbox/assumptions/").content.decode()
        assert ".json" not in page, language


@pytest.mark.django_db
def test_the_italian_readings_read_in_italian_after_an_english_page_read_the_registers_first():
    """The registers are read once and kept: an English visitor first left "during your opponent's turn" (a code
    span said in the first request's language) on the Italian page (found running the sandbox tests in parallel)."""
    for _slug, module in (("vanguard", vanguard_views), ("weiss-schwarz", weiss), ("altered", altered)):
        module.assumption_list.cache_clear()
    Client(HTTP_ACCEPT_LANGUAGE="en").get("/sandbox/assumptions/")
    page = italian().get("/sandbox/assumptions/").content.decode()
    assert not interface_english(page, _italian_rules_words())
