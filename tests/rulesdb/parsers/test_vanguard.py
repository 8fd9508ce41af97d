"""The Vanguard comprehensive-rules parser on the real Italian 2.2 and English 1.48 files."""
from collections import Counter
from pathlib import Path

import pytest

from rulesdb.parsers.base import ParseError, coverage_report
from rulesdb.parsers.vanguard import parse

SOURCES = Path(__file__).resolve().parents[3] / "rulesdb" / "sources"


def _load(name, language):
    text = (SOURCES / name).read_text(encoding="utf-8")
    return text, parse(text, language=language)


@pytest.fixture(scope="module")
def italian():
    return _load("vg-cr-it-2.2.txt", "it")


@pytest.fixture(scope="module")
def english():
    return _load("vg-cr-en-1.48.txt", "en")


def _all(result, number):
    return [c for c in result.clauses if c.number == number]


def _one(result, number):
    found = _all(result, number)
    assert len(found) == 1, f"{number}: {len(found)} clauses"
    return found[0]


# --- Italian 2.2 -----------------------------------------------------------------

def test_it_nothing_lost(italian):
    text, result = italian
    report = coverage_report(text, result)
    assert report.lost == [] and report.unfaithful == []
    assert report.total_lines == report.claimed + report.dropped


def test_it_table_of_contents_is_not_body(italian):
    _, result = italian
    assert result.clauses[0].number == "1" and result.clauses[0].lines == [183]
    assert len(_all(result, "1.1")) == 1
    toc = [d for d in result.dropped if d.reason == "toc"]
    assert any(d.text.startswith("11.15. Audacia\t54\t11.29. Carica") for d in toc)


def test_it_sentence_continued_over_page_break(italian):
    clause = _one(italian[1], "3.1.1.5.2")
    assert clause.text == (
        "Per un'Abilità Automatica che ha un Costo, se un'azione scritta nel Costo non viene eseguita, "
        "le azioni precedute da \"puoi pagare il costo. Se lo fai\" non verranno eseguite, a meno che "
        "non ci fosse un'opzione dovuta ad una condizione prima del pagamento del Costo o Restrizioni "
        "d'Uso alla sezione 8.1.1.2.3.1."
    )
    assert clause.lines == [480, 482]


def test_it_deep_number(italian):
    clause = _one(italian[1], "6.4.1.2.3.2.3")
    assert clause.depth == 7 and clause.kind == "rule"
    assert clause.text == "La tua mano non contiene nessuna carta con grado +1 rispetto al grado del Vanguard."


def test_it_number_printed_three_times(italian):
    texts = [c.text for c in _all(italian[1], "11.5.1")]
    assert texts == [
        "\"Triplo Assalto\" è un'abilità d'assalto. \"Triplo Assalto\" conferisce all'unità +2 assalti.",
        "\"Resistenza\" è un'abilità. Le unità con \"Resistenza\" non possono essere scelte dagli effetti del "
        "tuo avversario che dicono \"Sceglie\" o \"Scegli\".",
        "\"Vincolo\" è un'abilità. Le unità con Vincolo non possono essere scelte come Unità Attaccante in una "
        "Sottofase di Attacco.",
    ]


def test_it_number_in_the_middle_of_a_line(italian):
    first, second = _one(italian[1], "12.4.1"), _one(italian[1], "12.4.2")
    assert first.text.endswith("viene immediatamente aggiunto dopo il turno in corso.")
    assert second.text.startswith("Se vengono guadagnati 2 o più turni addizionali durante lo stesso turno")
    assert first.lines == [1786] and second.lines[0] == 1786


def test_it_example_paragraph_belongs_to_clause_above(italian):
    clause = _one(italian[1], "12.4.2")
    assert "\n\nPER ESEMPIO: se ogni giocatore risolve il testo" in clause.text
    assert clause.text.endswith("-> **Turno del Giocatore di Turno**")
    assert "ESEMPIO - Se \"guadagna +1000 di forza\"" in _one(italian[1], "12.1.1.4").text


def test_it_number_printed_twice_on_one_line(italian):
    clause = _one(italian[1], "10.16.1")
    assert clause.title == "Contrattacco"
    assert clause.text.startswith("Allo scopo di attivare un’Abilità, girare uno specifico numero di Carte")
    # The line break after "è chiamato" and the blank line are a page break.
    assert "come Costo è chiamato “Contrattacco”, ed è indicato" in clause.text


def test_it_stray_number_kept_where_printed(italian):
    _, result = italian
    numbers = [c.number for c in result.clauses]
    at = [i for i, n in enumerate(numbers) if n == "4.6.7"]
    assert len(at) == 2
    assert numbers[at[1] - 1] == "10.24.1" and numbers[at[1] + 1] == "10.24.2"


def test_it_heading_number_printed_twice(italian):
    heading, rule = _all(italian[1], "10.1")
    assert (heading.kind, heading.title) == ("heading", "Alcune Azioni sono definite come Azioni Specifiche")
    assert (rule.kind, rule.text) == (
        "rule", "Le Azioni specifiche sono Azioni comuni nel gioco e si risolvono sempre allo stesso modo."
    )


def test_it_keyword_heading_misnumbered_inside_section_11(italian):
    first, second = _all(italian[1], "10.30")
    assert first.title == "Perdere il Costo" and second.title == "Oscurità"
    assert second.defines_term == "Oscurità"


def test_it_diagram_labels_stay_in_their_clause(italian):
    section = _one(italian[1], "4")
    assert section.title == "Zone del Gioco"
    assert section.text.startswith("1: Zona del Deck\n\n2: Mano\n3: Zona Scarti")
    assert not _all(italian[1], "1: Zona del Deck")
    assert "| 1: Nome | 4: Grado | 7: Critico | 10: Icona dell'Abilità |" in _one(italian[1], "2").text


def test_it_table_rows_keep_their_lines(italian):
    text = _one(italian[1], "2.17.4.2").text
    assert "Santuario Unito\tPaladino Reale\n\tOracolo Esperto\n" in text


def test_it_list_of_phases(italian):
    text = _one(italian[1], "6.2.2").text
    assert text.startswith("Le fasi e le sottofasi di ogni fase procedono nell'ordine specificato qui sotto:\n\n- ▶ Fase di Risveglio\n- ▶ Fase di Pescata\n")
    assert text.endswith("- ▷ Sottofase di Chiusura\n- ▶ Fase Finale")


def test_it_change_history(italian):
    _, result = italian
    section = _one(result, "13")
    assert (section.kind, section.title) == ("section", "Storico Modifiche")
    assert _one(result, "13.1").title == "" and _one(result, "13.1.1").text == "Riformulazione generale"
    assert _one(result, "13.2").title == "12/06/2023"
    assert _one(result, "13.2.1").text == "Aggiunte le Parole Chiave: 11.14. Audacia, 11.18 Legame, 11.26. Impeto, 11.29 Oscurità"
    assert {c.kind for c in result.clauses if c.number.startswith("13.")} == {"changelog"}
    assert result.clauses[-1].number == "13.3.4"
    assert result.clauses[-1].text == "Aggiunta la sezione 11.13 Guardiano G."
    assert {d.text for d in result.dropped if d.reason == "colophon"} >= {"Edizione Italiana", "Francesco Boggi"}


def test_it_lost_icon_does_not_break_clause(italian):
    clause = _one(italian[1], "2.8.1.1.4")
    assert clause.text.startswith("(Innesco Risveglio): Scegli una delle tue Retroguardie e Attivala(3.17.1.1.).")


def test_it_counts(italian):
    _, result = italian
    kinds = Counter(c.kind for c in result.clauses)
    assert kinds == {"rule": 738, "heading": 151, "section": 13, "changelog": 12}
    assert Counter(c.depth for c in result.clauses) == {1: 13, 2: 155, 3: 365, 4: 232, 5: 111, 6: 32, 7: 6}


# --- English 1.48 ----------------------------------------------------------------

def test_en_nothing_lost(english):
    text, result = english
    report = coverage_report(text, result)
    assert report.lost == [] and report.unfaithful == []
    assert [(d.line, d.reason) for d in result.dropped] == [(1, "colophon"), (3, "colophon")]


def test_en_section_headings_at_noisy_levels(english):
    _, result = english
    sections = [(c.number, c.title) for c in result.clauses if c.kind == "section"]
    assert sections[:3] == [("1", "Outline of the Game"), ("2", "Characteristics of a Card"), ("3", "Basic Concepts")]
    assert len(sections) == 12


def test_en_number_glued_to_previous_word(english):
    heading, rule = _one(english[1], "12.6"), _one(english[1], "12.6.1")
    assert heading.title == "For each X do Y / Do Y equal to number of X"
    assert rule.text == "When Y is to be done for each X / equal to number of X, Y is done X number of times."


def test_en_number_on_one_line_text_on_next(english):
    clause = _one(english[1], "2.8.1.1.4")
    assert clause.text.startswith("Stand Trigger): Choose one of your units, and if it is a rear-guard, stand it.")
    assert clause.lines == [95, 96]


def test_en_duplicates_kept(english):
    first, second = _all(english[1], "5.2.2.1")
    assert first.text == "A main deck must contain exactly fifty cards."
    assert second.text.startswith("Even if any other information is different, if two cards have the same name")
    assert len(_all(english[1], "10.7.1.1.1")) == 2


def test_en_bulleted_example_is_a_paragraph_of_its_clause(english):
    text = _one(english[1], "12.4.2").text
    assert text.startswith("If 2 or more turns are added within the same turn")
    assert "\n\n- For example, if each player resolves the text \"you get an extra turn\"" in text


def test_en_page_break_behind_a_bullet(english):
    text = _one(english[1], "12.1.1").text
    assert "number of times. This is called a loop, and the cycle of actions is called a \"loop action set\"." in text
    assert "\n- number of times" not in text


def test_en_page_break_behind_a_bullet_after_a_parenthesis(english):
    assert _one(english[1], "10.33.1").text.startswith('When a rule or text says "deal (number) damage" to a vanguard,')


def test_page_break_behind_a_bullet_after_a_parenthesis():
    """The rest of a sentence after a page break, behind a bullet, continues a sentence whose last
    line ended with a parenthesis (`(scegli un'opzione)`), not a list."""
    text = ("Sezione 1: Prova\n\n1.1. Titolo\n\n1.1.1. Se puoi (scegli un'opzione)\n\n- invece. Se lo fai, fai B.\n\n"
            "1.1.2. Le fasi sono:\n\n- la prima;\n\n- la seconda.\n")
    clauses = {c.number: c for c in parse(text, language="it").clauses}
    assert clauses["1.1.1"].text == "Se puoi (scegli un'opzione) invece. Se lo fai, fai B."
    assert clauses["1.1.2"].text.endswith("\n- la seconda.") and "\n- la prima;" in clauses["1.1.2"].text


def test_en_paragraph_after_blank_line(english):
    assert _one(english[1], "12.3.2").text.endswith(
        "\n\nIcons triggered during drive check or damage check cannot be partially resolved."
    )


def test_en_list_items(english):
    text = _one(english[1], "6.2.2").text
    assert "\n\n- ► Stand Phase\n- ► Draw Phase\n- ▷ Draw Step\n" in text


def test_en_out_of_order_child_kept_in_place(english):
    _, result = english
    numbers = [c.number for c in result.clauses]
    i = numbers.index("8.1.1.1.2.6.1")
    assert numbers[i - 1] == "8.1.1.2.6"


def test_en_indentation_does_not_give_depth(english):
    clause = _one(english[1], "1.2.2.2")
    assert clause.depth == 4
    assert clause.text == "During a game, if a player has no cards in his or her deck, then he or she fulfills a losing condition."


def test_en_last_clause_truncated_in_source(english):
    last = english[1].clauses[-1]
    assert last.number == "12.11.1"
    assert last.text.startswith("When a \"cannot be affected by effects\" effect with special conditions is applied")
    assert last.text.endswith("if the effect would change the zone or state of that card, it is not performed.")


def test_en_keyword_terms(english):
    terms = {c.defines_term for c in english[1].clauses if c.defines_term}
    assert {"Boost", "Intercept", "Sentinel"} <= terms


def test_en_number_behind_a_double_bullet(english):
    clause = _one(english[1], "11.10.2.1")
    assert clause.text.startswith("Multiple [card characteristics] and 'or' may be written directly after the Seek Mate icon")
    assert clause.depth == 4


def test_en_counts(english):
    _, result = english
    assert Counter(c.kind for c in result.clauses) == {"rule": 859, "heading": 172, "section": 12}


# --- small inputs ----------------------------------------------------------------

def test_no_section_heading_is_an_error():
    with pytest.raises(ParseError, match="no section heading"):
        parse("just some words\nand more\n", language="en")


def test_unknown_language_is_an_error():
    with pytest.raises(ParseError):
        parse("Section 1. X\n1.1. Y\n", language="fr")


def test_mid_line_number_that_is_a_reference_is_not_split():
    text = "Section 1. Outline\n- 1.1. Heading\n- 1.1.1. See rule 1.1.2. Nothing else.\n"
    result = parse(text, language="en")
    assert [c.number for c in result.clauses] == ["1", "1.1", "1.1.1"]
