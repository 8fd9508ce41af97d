"""Weiss Schwarz comprehensive rules (Italian fan translation): parser tests.

The real vendored file is parsed once; tricky units are pinned to exact text.
Small inline documents exercise each noise rule on its own. No database.
"""
from __future__ import annotations

from collections import Counter

import pytest

from rulesdb.parsers import base, parser_for, weiss

from .parser_helpers import SOURCES, clauses_by_number, only_clause

SOURCE = SOURCES / "ws-cr-it.txt"


@pytest.fixture(scope="module")
def source() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def result(source):
    return weiss.parse(source, language="it")


@pytest.fixture(scope="module")
def by_number(result):
    return clauses_by_number(result)


one = only_clause


# --- the real file: whole-document checks ---------------------------------


def test_registered_as_weiss_family():
    assert parser_for("weiss-cr") is weiss.parse


def test_coverage_report_ok(source, result):
    report = base.coverage_report(source, result)
    assert report.lost == []
    assert report.unfaithful == []
    assert report.ok
    assert report.total_lines == 573
    assert report.claimed == 562
    assert report.dropped == 11


def test_counts_by_kind_and_depth(result):
    counts = Counter((c.kind, c.depth) for c in result.clauses)
    print("\nWeiss CR IT clauses by (kind, depth):")
    for key in sorted(counts):
        print(f"  {key[0]:8} depth {key[1]}: {counts[key]}")
    print(f"  total: {len(result.clauses)}")
    assert counts == {
        ("section", 1): 11,
        ("heading", 2): 94,
        ("rule", 3): 216,
        ("rule", 4): 142,
        ("rule", 5): 69,
        ("rule", 6): 6,
    }
    assert len(result.clauses) == 538


def test_numbers_unique_and_in_printed_order(result):
    numbers = [c.number for c in result.clauses]
    # This edition has no duplicate number: the legend's `- 1 Nome …` did not become sections.
    assert len(numbers) == len(set(numbers))
    starts = [c.line_start for c in result.clauses]
    assert starts == sorted(starts)


def test_every_clause_contract(result):
    for clause in result.clauses:
        assert clause.kind in base.CLAUSE_KINDS
        assert clause.parent is None
        assert clause.depth == base.number_depth(clause.number)
        assert not clause.number.endswith(".")
        assert clause.lines


def test_sections_are_the_eleven_en_dash_titles(result):
    sections = [(c.number, c.title, c.line_start) for c in result.clauses if c.kind == "section"]
    assert sections == [
        ("1", "Linee Guida Generali", 8),
        ("2", "Attributi delle Carte", 31),
        ("3", "Aree del Gioco", 129),
        ("4", "Concetti Generali", 229),
        ("5", "Preparazione del Gioco", 326),
        ("6", "Avanzamento del Gioco", 362),
        ("7", "Attacco e Battaglia", 431),
        ("8", "Giocare e Risolvere Carte ed Abilità", 556),
        ("9", "Azione Arbitraria", 692),
        ("10", "Parole e Abilità Chiave", 733),
        ("11", "Varie ed Eventuali", 790),
    ]


def test_dropped_lines_are_the_colophon(result):
    dropped = [(d.line, d.reason) for d in result.dropped]
    assert dropped == [(n, "colophon") for n in (3, 5, 802, 804, 806, 808, 810, 812, 814, 816, 818)]
    assert result.dropped[0].text == "Weiss Schwarz"
    assert result.dropped[1].text == "Regolamento Completo in Italiano"
    assert result.dropped[-1].text == "WebSite: www.weisschwarzitalia.it"


# --- the real file: pinned units --------------------------------------------


def test_first_clauses(result):
    first, second, third = result.clauses[:3]
    assert (first.number, first.kind, first.title, first.text, first.lines, first.depth) == (
        "1", "section", "Linee Guida Generali", "", [8], 1,
    )
    assert (second.number, second.kind, second.title, second.text, second.depth) == (
        "1.1", "heading", "Numero di giocatori", "", 2,
    )
    assert (third.number, third.kind, third.depth) == ("1.1.1", "rule", 3)
    assert third.text == (
        "Weiss Schwarz è un gioco per 2 giocatori. Le regole seguenti si applicano e sono "
        "pensate per partite giocate da 2 giocatori."
    )


def test_last_clause_stops_before_the_credits(result):
    last = result.clauses[-1]
    assert last.number == "11.1.1.3"
    assert last.lines == [800]
    assert last.text == (
        "Se entrambi i giocatori possono scegliere di fermare la ripetizione, il giocatore di turno "
        "sceglie un numero di volte che quella ripetizione avviene, poi il giocatore di turno sceglie "
        "un numero di volte che quella ripetizione avviene. Il numero di volte più basso è scelto e "
        "rappresenta il numero di volte in cui il set di azioni viene ripetuto, e il giocatore che ha "
        "scelto il numero più piccolo sceglie di fermare qualunque azione che possa fermare la "
        "ripetizione infinita. Poi, se tutte le situazioni della partita sono uguali a quando la "
        "ripetizione è avvenuta (ovvero se tutte le carte sono nelle stesse Aree), il giocatore che ha "
        "scelto il numero maggiore non può scegliere di far ripartire la ripetizione a meno che non è "
        "obbligato da Abilità Automatiche o altro."
    )


def test_card_diagram_legend_stays_in_section_2(by_number):
    section = one(by_number, "2")
    assert section.kind == "section"
    assert section.title == "Attributi delle Carte"
    assert section.text == (
        "- 1 Nome Giapponese (nelle carte inglesi è sempre presente sopra al nome inglese)\n"
        "- 2 Nome Inglese (nelle carte giapponesi non è presente)\n"
        "- 3 Livello\n"
        "- 4 Costo\n"
        "- 5 Icona\n"
        "- 6 Trigger\n"
        "- 7 Testo\n"
        "- 8 Power\n"
        "- 9 Soul\n"
        "- 10 Tratti\n"
        "- 11 Colore"
    )
    assert section.lines == [31, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]


def test_rule_1_3_5_without_bullet_after_blank_line(by_number):
    clause = one(by_number, "1.3.5")
    assert (clause.kind, clause.depth, clause.lines) == ("rule", 3, [29])
    assert clause.text == (
        "Se, per qualunque ragione, un giocatore è costretto a scegliere un numero, allora quel "
        "giocatore deve scegliere 0 o un numero positivo se non specificato. Non puoi scegliere "
        "alcuna frazione o numero negativo."
    )
    # The rule before it is not polluted.
    assert one(by_number, "1.3.4").text.endswith("dopo aver saputo le decisioni fatte dal giocatore di turno.")


def test_sentence_continued_over_page_break(by_number):
    clause = one(by_number, "3.2.3.1")
    assert clause.lines == [143, 145]
    assert clause.text == (
        "Se, per qualunque ragione, il numero delle carte nel mazzo è minore del numero di carte che è "
        "richiesto siano mosse dalla Deck Area ad un'altra Area, sposta tutte le carte presenti nel "
        "Mazzo nell'Area designata, risolvi un Refresh (*consultare la sezione 9.2*) e continua a "
        "spostare il numero rimanente richiesto di carte nell'Area designata."
    )


def test_continuation_with_bullet_in_front(by_number):
    clause = one(by_number, "8.7.4.1.1")
    assert clause.lines == [637, 639]
    assert clause.text == (
        "Se la carta che ha attivato l’abilità si muove da un’ Area Pubblica ad un’Area nascosta o "
        "viceversa, allora l’abilità si riferisce alle informazioni della carta mentre è nell'Area Pubblica."
    )


def test_number_after_a_broken_line(by_number):
    broken = one(by_number, "4.6.1.3")
    assert broken.lines == [266, 268]
    assert broken.text == (
        "Reversing: le carte posizionate verticalmente e sottosopra dalla tua prospettiva. Cambiare "
        "l’orientamento di una carta nello stato Reversing è chiamato “mettere in Reverse (un "
        "Personaggio/una Carta)”."
    )
    after = one(by_number, "4.6.1.3.1")
    assert (after.depth, after.lines) == (5, [270])
    assert after.text == "Nel Testo di una carta, la parola “Reverse” o “Reversing” è indicata da un'icona."


def test_number_after_broken_line_3_6(by_number):
    broken = one(by_number, "3.6.3")
    assert broken.lines == [172, 174]
    assert broken.text.endswith(
        "I 2 Slot nel Back Stage, da sinistra a destra, sono chiamati rispettivamente “Posizione "
        "Sinistra del Back Stage” e “Posizione Destra del Back Stage”."
    )
    after = one(by_number, "3.6.4")
    assert after.lines == [176]
    assert after.text.startswith("La “Posizione Sinistra del Back Stage” e la “Posizione Sinistra del Center Stage”,")


def test_broken_line_ending_with_comma(by_number):
    clause = one(by_number, "7.5.1.3")
    assert clause.text == (
        "Risolvi un Check Timing. Dopo aver completato tutte le azioni durante il Check Timing, se "
        "l'attacco effettuato è un Attacco Frontale, avanza al Battle Step. Se no, questa Attack "
        "Sub-Phase termina e il giocatore torna all'Attack Declaration Step."
    )


def test_references_in_the_middle_of_a_line_are_not_clauses(by_number):
    # The file has no clause printed mid-line; these look like one but are references.
    assert "dai punti 8.9.1.1 a 8.9.1.3. Se in qualche modo" in one(by_number, "8.9.1.4").text
    assert one(by_number, "7.7.1.4").text == (
        "Risolvi un Check Timing. Dopo aver completato tutte le azioni durante il Check Timing, se sono "
        "ancora presenti personaggi in reverse sullo Stage, ritorna al punto 7.7.1.2. Se no, avanza alla "
        "End Phase."
    )
    assert one(by_number, "7.7.1.2").text.endswith("ritorna al punto 7.7.1.2")
    assert one(by_number, "4.7.4.3").text == (
        "Seguendo questa sequenza, se dovessi effettuare 4.7.4.2 (numero) volte, quest'azione termina. "
        "Se non accade, torna al punto 4.7.4.1."
    )


def test_example_paragraph_and_example_over_page_break(by_number):
    clause = one(by_number, "8.9.1.3")
    assert clause.lines == [653, 654]
    assert clause.text == (
        "Poi, applica tutti gli effetti che cambiano valori numerici.\n\n"
        "Per esempio: Un personaggio A (Power: 3000) ha un personaggio dietro di lui con un'abilità che "
        "cita \"**CONT assist** Tutti i tuoi personaggi con 3000 Power o meno di fronte a questa carta "
        "prendono +500 Power\". Il Power del personaggio A diventa 3500. L'effetto si applica in questo modo."
    )
    clause = one(by_number, "8.9.1.4")
    assert clause.lines == [655, 656, 658]
    paragraphs = clause.text.split("\n\n")
    assert len(paragraphs) == 2
    assert paragraphs[1] == (
        "Per esempio: Il personaggio A è nel Center Stage con un personaggio dietro di lui con un'abilità "
        "che cita \"**CONT assist** Tutti i tuoi personaggi di fronte a questo prendono il tratto «Amore»” "
        "e un altro personaggio con un’abilità che cita “**CONT assist** Tutti i tuoi personaggi di "
        "fronte a questa carta con il tratto «Amore» prendono **AUTO Encore**”. L’ordine temporale nel "
        "quale le carte sono posizionate sullo Stage non importa, e il personaggio A prenderà il tratto "
        "specificato così come l’abilità **Encore**."
    )


def test_deepest_numbers(result, by_number):
    deepest = [c.number for c in result.clauses if c.depth == 6]
    assert deepest == [
        "7.3.1.2.7.1", "7.3.1.2.7.2", "7.3.1.2.7.3", "7.3.1.2.8.1", "8.6.2.1.1.1", "8.6.2.1.2.1",
    ]
    assert one(by_number, "8.6.2.1.2.1").text == (
        "Le carte Climax non hanno bisogno di soddisfare un prerequisito di Livello per essere giocate."
    )
    assert one(by_number, "7.3.1.2.8.1").text.startswith("Prendere in mano la carta con quest'icona")


def test_heading_title_variants(by_number):
    assert one(by_number, "2.1").title == "Nome"  # printed `- 2.1 – Nome.`
    assert one(by_number, "8.5").title == "Check Timing/Play Timing, Abilità ed Effetti"  # trailing dot
    assert one(by_number, "4.2").title == "Possessore"  # `4.2 –Possessore`, no bullet
    assert one(by_number, "7.3").title == "Trigger Step"  # `7.3 -Trigger Step`, hyphen
    assert one(by_number, "7.3").kind == "heading"
    assert one(by_number, "9.8").title == "Risolvere un Marker non assegnato"


def test_emphasis_and_icons_kept(by_number):
    assert one(by_number, "2.3.2.1.1").text == (
        "Una Carta Personaggio ha “**CH**” scritto sulla sinistra del Nome inglese della carta."
    )
    assert one(by_number, "1.2.2").text.endswith("(*fare riferimento alla sezione 9*).")
    assert one(by_number, "7.3.1.2.1").text == 'Nessuna Icona "🛑" : Non avviene nulla.'
    assert one(by_number, "7.3.1.2.9").text.startswith("Icona Pants “”: Il giocatore di turno")


def test_keyword_headings_define_terms(result):
    terms = [(c.number, c.defines_term) for c in result.clauses if c.defines_term]
    assert terms == [
        ("10.1", "Alarm"), ("10.2", "Encore"), ("10.3", "Assist"), ("10.4", "Bond"),
        ("10.5", "Backup"), ("10.6", "Bodyguard / Great Performance"), ("10.7", "Brainstorm"),
        ("10.8", "Change"), ("10.9", "Memory / Recollection"), ("10.10", "Experience"),
        ("10.11", "Shift"), ("10.12", "Accelerate"),
    ]


# --- inline noise rules ------------------------------------------------------


def parse(text: str) -> base.ParseResult:
    return weiss.parse(text, language="it")


def summary(result: base.ParseResult) -> list[tuple[str, str, int, str, str]]:
    return [(c.number, c.kind, c.depth, c.title, c.text) for c in result.clauses]


def test_inline_legend_is_a_list_not_sections():
    text = "2 – Attributi\n\n- 1 Nome\n- 2 Nome Inglese\n\n- 2.1 – Nome.\n- 2.1.1 Il nome.\n"
    assert summary(parse(text)) == [
        ("2", "section", 1, "Attributi", "- 1 Nome\n- 2 Nome Inglese"),
        ("2.1", "heading", 2, "Nome", ""),
        ("2.1.1", "rule", 3, "", "Il nome."),
    ]


def test_inline_bullets_and_indentation_do_not_set_depth():
    text = "1 – A\n- 1.1 – B\n    - 1.1.1 Uno.\n1.1.1.1 Due.\n - 1.2 –C\n"
    assert [(c.number, c.depth) for c in parse(text).clauses] == [
        ("1", 1), ("1.1", 2), ("1.1.1", 3), ("1.1.1.1", 4), ("1.2", 2),
    ]


def test_inline_trailing_dot_in_number_normalised():
    result = parse("1 – A\n1.1.1. Testo.\n1.2. – Titolo\n")
    assert [(c.number, c.kind, c.title, c.text) for c in result.clauses] == [
        ("1", "section", "A", ""), ("1.1.1", "rule", "", "Testo."), ("1.2", "heading", "Titolo", ""),
    ]


def test_inline_page_break_continuation_with_and_without_bullet():
    text = "1 – A\n1.1.1 Il giocatore che\n\nè stato scelto pesca\n\n- una carta.\n1.1.2 Dopo.\n"
    result = parse(text)
    assert summary(result)[1] == ("1.1.1", "rule", 3, "", "Il giocatore che è stato scelto pesca una carta.")
    assert result.clauses[1].lines == [2, 4, 6]
    assert base.coverage_report(text, result).ok


def test_inline_unnumbered_paragraph_after_full_stop():
    text = "1 – A\n1.1.1 Applica gli effetti.\nPer esempio: X diventa 3.\n"
    assert parse(text).clauses[1].text == "Applica gli effetti.\n\nPer esempio: X diventa 3."


def test_inline_lowercase_line_after_full_stop_is_joined():
    text = "1 – A\n1.1.1 Vedi la sezione 3.1.\n\n- e poi continua.\n"
    assert parse(text).clauses[1].text == "Vedi la sezione 3.1. e poi continua."


def test_inline_number_line_starting_with_reference_tail_is_continuation():
    text = "1 – A\n1.1.1 Consulta la sezione\n\n7.5.1.2), allora vale.\n1.1.2 Poi.\n"
    assert [(c.number, c.text) for c in parse(text).clauses] == [
        ("1", ""), ("1.1.1", "Consulta la sezione 7.5.1.2), allora vale."), ("1.1.2", "Poi."),
    ]


def test_inline_number_on_one_line_text_on_the_next():
    text = "1 – A\n1.1.1\nIl testo della regola.\n1.2 –\nTitolo\n3 –\nTerzo\n"
    result = parse(text)
    assert summary(result) == [
        ("1", "section", 1, "A", ""),
        ("1.1.1", "rule", 3, "", "Il testo della regola."),
        ("1.2", "heading", 2, "Titolo", ""),
        ("3", "section", 1, "Terzo", ""),
    ]
    assert result.clauses[1].lines == [2, 3]
    assert base.coverage_report(text, result).ok


def test_inline_number_printed_twice():
    assert parse("1 – A\n1.1.1 1.1.1. Testo.\n").clauses[1].text == "Testo."


def test_inline_mid_line_clause_is_split_but_reference_is_not():
    text = (
        "1 – A\n"
        "1.1.1 Prima regola. 1.1.2 Seconda regola, vedi punto 1.1.1. Se no, fine. 1.1.3 Terza.\n"
    )
    assert [(c.number, c.text, c.lines) for c in parse(text).clauses] == [
        ("1", "", [1]),
        ("1.1.1", "Prima regola.", [2]),
        ("1.1.2", "Seconda regola, vedi punto 1.1.1. Se no, fine.", [2]),
        ("1.1.3", "Terza.", [2]),
    ]


def test_inline_mid_line_clause_in_continuation_line():
    text = "1 – A\n1.1.1 Prima regola che\n\ncontinua qui. 1.1.2 Seconda.\n"
    assert [(c.number, c.text) for c in parse(text).clauses] == [
        ("1", ""), ("1.1.1", "Prima regola che continua qui."), ("1.1.2", "Seconda."),
    ]


def test_inline_duplicates_and_out_of_order_kept_as_printed():
    text = "1 – A\n1.1.2 Due.\n1.1.1 Uno.\n1.1.2 Due bis.\n"
    assert [(c.number, c.text) for c in parse(text).clauses] == [
        ("1", ""), ("1.1.2", "Due."), ("1.1.1", "Uno."), ("1.1.2", "Due bis."),
    ]


def test_inline_colophon_top_and_bottom():
    text = (
        "\nWeiss Schwarz\n\nRegolamento Completo in Italiano\n\n1 – A\n1.1.1 Regola.\n\n"
        "Manuale di Regolamento Completo in Italiano per Weiss Schwarz\n\nSeguiteci su\n"
    )
    result = parse(text)
    assert [(c.number, c.text) for c in result.clauses] == [("1", ""), ("1.1.1", "Regola.")]
    assert [(d.line, d.reason) for d in result.dropped] == [
        (2, "colophon"), (4, "colophon"), (9, "colophon"), (11, "colophon"),
    ]
    assert base.coverage_report(text, result).ok


def test_inline_keyword_section_defines_terms():
    text = "10 – Parole e Abilità Chiave\n- 10.1 –Alarm\n- 10.1.1 Alarm è una parola chiave.\n11 – Varie\n11.1 – Altro\n"
    result = parse(text)
    assert [(c.number, c.defines_term) for c in result.clauses] == [
        ("10", ""), ("10.1", "Alarm"), ("10.1.1", ""), ("11", ""), ("11.1", ""),
    ]


def test_inline_no_clause_raises():
    with pytest.raises(base.ParseError):
        parse("Weiss Schwarz\n\nsolo testo\n")
