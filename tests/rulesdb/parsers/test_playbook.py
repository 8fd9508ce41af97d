"""Cardfight!! Vanguard Playbook (Italian 3.00): parser tests.

The real vendored file is parsed once; tricky units are pinned to exact text.
No database. Run with `-s` to see the counts by kind and depth.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from rulesdb.parsers import base, parser_for, playbook

from .parser_helpers import SOURCES, clauses_by_number, only_clause

SOURCE = SOURCES / "vg-playbook-it-3.00.txt"


@pytest.fixture(scope="module")
def source() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def result(source):
    return playbook.parse(source, language="it")


@pytest.fixture(scope="module")
def by_number(result):
    return clauses_by_number(result)


one = only_clause


def titled(result, title: str) -> base.ParsedClause:
    found = [c for c in result.clauses if c.title == title]
    assert len(found) == 1, f"{title!r} appears {len(found)} times"
    return found[0]


# --- whole document ---------------------------------------------------------


def test_registered_as_playbook_family():
    assert parser_for("vanguard-playbook") is playbook.parse


def test_coverage_report_ok(source, result):
    report = base.coverage_report(source, result)
    assert report.lost == []
    assert report.unfaithful == []
    assert report.ok
    assert report.total_lines == 747
    # 62 whole lines dropped (cover, back cover, TOC, two navigation bars, one
    # repeated paragraph) + 11 table rows that lost only their `<ul>` tag.
    assert report.dropped == 73
    assert report.claimed == 747 - 73


def test_counts_by_kind_and_depth(result):
    counts = Counter((c.kind, c.depth) for c in result.clauses)
    print("\nclauses by (kind, depth):")
    for key, count in sorted(counts.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"  {key[0]:9} depth {key[1]}: {count}")
    print("dropped by reason:", dict(Counter(d.reason for d in result.dropped)))
    assert counts == {
        ("section", 1): 14,
        ("heading", 2): 37,
        ("heading", 3): 10,
        ("glossary", 2): 19,
        ("qa", 2): 30,
        ("qa", 3): 10,
    }
    assert len(result.clauses) == 120


def test_dropped_reasons(result):
    reasons = Counter(d.reason for d in result.dropped)
    assert reasons == {"colophon": 12, "toc": 25, "furniture": 24, "duplicate-block": 1, "garbage": 11}


def test_numbers_unique_url_safe_and_parents_explicit(result):
    numbers = [c.number for c in result.clauses]
    assert len(numbers) == len(set(numbers))
    assert all(re.fullmatch(r"[0-9A-Za-z.]+", n) for n in numbers)
    for index, clause in enumerate(result.clauses):
        if clause.depth == 1:
            assert clause.parent is None and clause.kind == "section"
        else:
            assert clause.parent is not None and clause.parent < index
            assert clause.depth == result.clauses[clause.parent].depth + 1
        assert clause.lines, clause.number


def test_document_order(result):
    # Clauses are listed in the order their headings are printed (8.8.1 also holds a
    # flowchart label printed before its heading, line 560).
    starts = [min(c.lines) for c in result.clauses if c.number != "8.8.1"]
    assert starts == sorted(starts)


def test_chapters_in_order(result):
    chapters = [(c.number, c.title) for c in result.clauses if c.kind == "section"]
    assert chapters == [
        ("1", "Riguardo questo Playbook"),
        ("2", "Gioca rispettando le regole e divertiti!"),
        ("3", "Come leggere una carta"),
        ("4", "Icone"),
        ("5", "Parti del Campo da Gioco"),
        ("6", "Regole per costruire un deck"),
        ("7", "Differenza nei Testi Abilità"),
        ("8", "Ordine di un Cardfight"),
        ("9", "Le Basi e Definizioni"),
        ("10", "Gestire più Meccaniche e Abilità"),
        ("11", "Glossario dei termini importanti"),
        ("12", "Domande Frequenti"),
        ("13", "Regole da Torneo"),
        ("14", 'Termini usati in "Cardfight!! Vanguard"'),
    ]


def test_chapter_text(by_number):
    chapter = one(by_number, "8")
    assert chapter.title == "Ordine di un Cardfight"
    assert chapter.text == (
        "Se hai compreso l'ordine base di un cardfight, le condizioni di vittoria e timing di "
        "abilità, diamo un'occhiata alle regole in dettaglio."
    )
    assert chapter.lines == [387, 389]


def test_section_numbering(by_number, result):
    assert one(by_number, "8.10").title == "Fase di Battaglia"
    subs = [(c.number, c.title) for c in result.clauses if c.parent == result.clauses.index(one(by_number, "8.10"))]
    assert subs == [
        ("8.10.1", "Sottofase Iniziale"),
        ("8.10.2", "Sottofase di Attacco"),
        ("8.10.3", "Sottofase di Guardia"),
        ("8.10.4", "Sottofase di Assalto"),
        ("8.10.5", "Sottofase del Danno"),
        ("8.10.6", "Sottofase di Chiusura"),
    ]


# --- what is not content ------------------------------------------------------


def test_toc_is_dropped_not_clauses(result):
    toc = [d for d in result.dropped if d.reason == "toc"]
    assert [d.line for d in toc] == [33] + list(range(35, 59))
    assert toc[0].text == "Tabella dei Contenuti"
    assert all("Tabella dei Contenuti" not in c.title + c.text for c in result.clauses)
    assert not any(set(c.lines) & set(range(33, 59)) for c in result.clauses)
    # "Carte Specifiche" and "Sottofase di Difesa" exist only in the TOC.
    assert not any("Carte Specifiche" in c.title + c.text for c in result.clauses)


def test_navigation_bars_are_furniture(result):
    furniture = [d.line for d in result.dropped if d.reason == "furniture"]
    assert furniture == list(range(562, 585, 2)) + list(range(803, 826, 2))


def test_cover_and_back_cover_are_colophon(result):
    colophon = [d.line for d in result.dropped if d.reason == "colophon"]
    assert colophon == [5, 7, 9, 11, 13, 15, 1320, 1321, 1323, 1325, 1327, 1329]


def test_repeated_paragraph_dropped_once(result, by_number):
    (duplicate,) = [d for d in result.dropped if d.reason == "duplicate-block"]
    assert duplicate.line == 966
    assert one(by_number, "10").text.count("Quando accadono più risoluzioni") == 1


def test_stripped_markup_loses_no_words(source, result):
    """Table rows lose only their `<ul ...>` tag: every other word is in the clause."""
    lines = source.splitlines()
    garbage = [d for d in result.dropped if d.reason == "garbage"]
    assert [d.line for d in garbage] == [403, 404, 405, 406, 408, 423, 424, 425, 426, 427, 428]
    for dropped in garbage:
        assert dropped.text == '<ul style="list-style-type: none">'
        (owner,) = [c for c in result.clauses if dropped.line in c.lines]
        rest = lines[dropped.line - 1].replace(dropped.text, "")
        assert set(base.words(rest)) <= set(base.words(owner.title + " " + owner.text))
        assert "<ul" not in owner.text


# --- Q&A ------------------------------------------------------------------------


def test_exactly_40_qa_in_order(result):
    qa = [c.number for c in result.clauses if c.kind == "qa"]
    assert qa == [f"Q{n:02d}" for n in range(1, 41)]


def test_q01_layout_bold_question_then_answer(by_number):
    q = one(by_number, "Q01")
    assert q.title == "Pescò una carta nel mio primo turno anche se sono io ad iniziare?"
    assert q.text == "Sì, devi. Ma, se inizi non puoi attaccare durante il tuo primo turno."
    assert q.lines == [1136, 1138]


def test_q08_bold_inside_the_question(by_number):
    q = one(by_number, "Q08")
    assert q.title == "Posso usare ACT <<abilità attivabile>> più volte durante la mia fase principale?"


def test_q12_last_of_first_layout(by_number):
    q = one(by_number, "Q12")
    assert q.title == "Il mio vanguard in Legion viene eliminato. Cosa succede?"
    assert q.text == (
        "Entrambe le unità vengono messe a faccia in giù, rimanendo l'una di fianco all'altra. "
        "La forza di entrambe le unità diventa 0 e perdono le loro abilità. Alla fine del turno "
        "ritorneranno scoperte normalmente, in stato di Legion."
    )
    assert q.lines == [1180, 1182]


def test_q13_dash_layout(by_number):
    q = one(by_number, "Q13")
    assert q.title == "Quando è il timing delle abilità automatiche con \"quando 'carta' attacca\"?"
    assert q.text == (
        "È dopo aver messo in posizione di riposo le unità attaccante e supportante. "
        "È lo stesso di \"quando 'carta' supporta\"."
    )
    assert q.lines == [1184, 1185]


def test_q22_last_dash_layout(by_number):
    q = one(by_number, "Q22")
    assert q.title == "Posso attaccare il Legion Mate del mio avversario nel cerchio del vanguard?"
    assert q.text == (
        "No, non puoi. Quando attacchi un vanguard in stato di Legion devi attaccare sempre e solo "
        "il Legion Leader. Anche la comparazione dei punti forza viene fatta sulla base di quella "
        "del Legion Leader."
    )
    assert q.lines == [1202, 1203]


def test_q23_bold_closed_only(by_number):
    q = one(by_number, "Q23")
    assert q.title == "Quanti guardiani posso schierare in una volta sola?"
    assert q.text == (
        "Puoi schierare quanti guardiani vuoi. I guardiani si ritirano alla fine di ogni battaglia, "
        "quindi fai attenzione a non usarne troppi."
    )
    assert q.lines == [1205, 1206]


def test_q30_ends_before_the_group_heading(by_number):
    q = one(by_number, "Q30")
    assert q.title == (
        "Dopo che la forza dell'unità attaccante è aumentata con un innesco, posso schierare altri guardiani?"
    )
    assert q.text == (
        "No, non puoi. I guardiani possono essere schierati solo durante la sottofase di difesa. "
        "Quindi non puoi schierarne altri dopo il controllo d'assalto."
    )
    assert q.lines == [1219, 1220]


def test_q31_unbalanced_bold(by_number):
    q = one(by_number, "Q31")
    assert q.title == 'Se una carta ha "Triplo Assalto!!!", posso eseguire solo 2 controlli d\'assalto?'
    assert q.text == (
        "No, non puoi. Devi eseguire tutti i controlli d'assalto che la carta è in grado di eseguire."
    )


def test_q35_lost_icon_and_next_heading(by_number):
    q = one(by_number, "Q35")
    assert q.title == (
        "Ho ricevuto 1 danno quando ne ho già 5 nella mia zona danni, ma ho rivelato un "
        "(innesco cura). Ho comunque perso?"
    )
    assert q.text == (
        "No, non perdi. L'effetto di un innesco si risolve quando si trova in zona innesco. "
        "Quindi, quando la carta verrà messa in zona danni, ti sarai già curato di 1 danno."
    )
    assert q.lines == [1232, 1233]


def test_q40_ends_before_next_chapter(by_number):
    q = one(by_number, "Q40")
    assert q.title == "Cosa succede se la forza di un'unità eliminata diminuisce?"
    assert q.text == (
        "La forza originale dell'unità eliminata diventa 0. Tutte le diminuzioni di forza si "
        "risolvono normalmente."
    )
    assert q.lines == [1247, 1248]


def test_qa_parents(result, by_number):
    faq = result.clauses.index(one(by_number, "12"))
    group1 = result.clauses.index(one(by_number, "12.12"))
    group2 = result.clauses.index(one(by_number, "12.13"))
    assert result.clauses[group1].title == '"Controllo d\'Assalto!!!" "Controllo del Danno!!!" Cardfight Q&A'
    assert result.clauses[group2].title == "Altro Cardfight Q&A"
    assert result.clauses[group2].lines == [1235, 1237]
    parents = {c.number: c.parent for c in result.clauses if c.kind == "qa"}
    assert {parents[f"Q{n:02d}"] for n in range(1, 31)} == {faq}
    assert {parents[f"Q{n:02d}"] for n in range(31, 36)} == {group1}
    assert {parents[f"Q{n:02d}"] for n in range(36, 41)} == {group2}
    assert one(by_number, "Q30").depth == 2 and one(by_number, "Q31").depth == 3


def test_no_answer_holds_a_question(result):
    for clause in result.clauses:
        if clause.kind == "qa":
            assert not re.search(r"\bQ\d\d\b", clause.text), clause.number
            assert "**" not in clause.title and not clause.text.startswith("- ")


# --- glossary ---------------------------------------------------------------------


def test_glossary_numbering(result):
    glossary = [(c.number, c.defines_term) for c in result.clauses if c.kind == "glossary"]
    assert [n for n, _ in glossary] == [f"G{n:02d}" for n in range(1, 20)]
    assert [t for _, t in glossary] == [
        "trascendenza", "eliminare", "Legion", "bloccare", "Zone Pubbliche e Zone Nascoste",
        "Limit Break", "Vincolo", "Mega Attacco", "Sentinella", "Intercetto Speciale",
        "Generation Break", "Convocazione Break", "Attacco Personale", "Convocazione incrociata",
        "Confinare", "Signore", "Precursore", "Contro-Attacco Speciale", "Attacco dell'Anima Speciale",
    ]


def test_glossary_first_entry(by_number):
    entry = one(by_number, "G01")
    assert entry.title == "Cos'è la trascendenza?"
    assert entry.defines_term == "trascendenza"
    assert entry.text == (
        "È un'abilità che rende un'unità G, che trascende il tempo e lo spazio, il tuo vanguard. "
        "Il tuo vanguard originale diventa il \"cuore\" e l'unità G prende il suo nome e forza. "
        "Tuttavia il \"cuore\" non è una carta in anima. Alla fine del turno, l'unità trascesa torna "
        "nella zona G scoperta.\n\n"
        "All'inizio della partita metti fino a 8 carte nella zona G. Questo è chiamato deck G.\n\n"
        "Un'unità G che trascende torna scoperta alla fine del turno."
    )


def test_glossary_term_entry(by_number):
    entry = one(by_number, "G06")
    assert (entry.title, entry.defines_term) == ("Limit Break", "Limit Break")
    assert entry.text == (
        "Le abilità con Limit Break si attivano quando sono presenti 4 o più carte nella tua zona "
        "danni. Queste abilità hanno un'icona come quella a destra."
    )
    assert one(by_number, "G12").title == "Convocazione Break"  # printed **Convocazione Break**


def test_glossary_last_entries_share_one_definition(by_number):
    definition = (
        "Carte con certe condizioni di contro-attacco o attacco dell'anima. Le condizioni si "
        "riferiscono a specifiche parole chiave come clan o nomi di carte."
    )
    first, last = one(by_number, "G18"), one(by_number, "G19")
    assert (first.title, first.defines_term, first.text) == ("Contro-Attacco Speciale", "Contro-Attacco Speciale", definition)
    assert (last.title, last.defines_term, last.text) == ("Attacco dell'Anima Speciale", "Attacco dell'Anima Speciale", definition)
    assert first.lines == last.lines == [1316, 1318]


def test_glossary_labels_stay_in_entry(by_number):
    legion = one(by_number, "G03")
    assert "\n\nLegion Mate\n\nHa l'icona\n\nLegion Leader\n\nIl Legion Leader può essere attaccato" in legion.text


# --- sections, page breaks, figures ------------------------------------------------


def test_heading_glued_to_its_text(by_number):
    section = one(by_number, "3.1")
    assert section.title == "Come leggere un Testo Abilità"
    assert section.text.startswith(
        "Il testo è di solito scritto nell'ordine ①tipo di abilità ②zona d'effetto ③costo ④condizione ⑤effetto.\n\n- Le [] mostrano"
    )


def test_damage_step_crosses_page_break(by_number):
    """Steps [1]-[2] of the damage step, the battle-result figure, a navigation bar
    and the flowchart of the drive step sit between them and steps [3]-[10]."""
    damage = one(by_number, "8.10.5")
    assert damage.title == "Sottofase del Danno"
    assert damage.text.startswith("**Timing Abilità**\n\n- All'inizio della sottofase del danno\n")
    assert (
        "l'attacco non colpisce.\n\n■ Risultato della battaglia\n\nAttaccante ha forza maggiore\n\n"
        "Stessa forza\n\nAttaccante ha forza minore\n\n"
    ) in damage.text
    assert (
        "dopo la battaglia.\n\nContinua dalla Sottofase del Danno\n\n"
        "- [3] I passi successivi dipendono dal risultato della battaglia e dall'unità attaccata.\n"
        "  - ① Se l'attacco colpisce un vanguard, procedi al punto [4].\n"
    ) in damage.text
    assert damage.text.endswith(
        "- [10] Risolti tutti gli effetti e abilità, procedi alla sottofase di chiusura.\n\n"
        "■ Ordine della Sottofase del Danno"
    )
    assert set(range(831, 854)) <= set(damage.lines)  # steps [3]-[10], one line each
    assert {753, 767, 787, 801, 829, 831, 853, 855} <= set(damage.lines)
    assert not set(range(769, 786)) & set(damage.lines)  # the drive-step flowchart is not here
    assert "Fase di pescata" not in damage.text


def test_flowchart_filed_with_the_section_it_names(by_number):
    drive = one(by_number, "8.10.4")
    assert drive.title == "Sottofase di Assalto"
    assert drive.text.endswith(
        "■ Ordine della Sottofase di Assalto\n\n"
        "Abilità automatiche con il timing \"all'inizio della sottofase di assalto\" si attivano\n\n"
        "Compi un \"controllo d'assalto\" nel seguente ordine\n\n"
        "- ① Metti la carta in cima al deck scoperta nella zona innesco\n"
        "- ② Controlla se la carta è un'unità innesco\n"
        "- ③ Risolvi l'azione e l'effetto dell'innesco\n"
        "- ④ Abilità automatiche con il timing \"quando 'fighter' fa un controllo d'assalto\" e "
        "\"quando il controllo d'assalto di 'carta rivela\" si attivano\n"
        "- ⑤ Metti la carta rivelata in mano\n\n"
        "Se l'unità attaccante ha \"Doppio Assalto!!\", compi un secondo \"controllo d'assalto\". "
        "Se ha \"Triplo Assalto!!!\" compi un terzo \"controllo d'assalto\".\n\n"
        "Risolvi tutti i \"controlli d'assalto\"\n\n"
        "Alla Sottofase del Danno\n\n"
        "Ha \"Doppio Assalto!!\" o \"Triplo Assalto!!!\""
    )
    assert 827 in drive.lines  # label stranded after the navigation bar


def test_lost_heading_section_by_content(by_number):
    """The attack step's heading is lost beside the start-step flowchart."""
    start, attack = one(by_number, "8.10.1"), one(by_number, "8.10.2")
    assert start.text.endswith("procedi alla fase finale.\n\n■ Ordine della Sottofase Iniziale")
    assert attack.title == "Sottofase di Attacco"
    assert attack.text.startswith(
        "- All'inizio della sottofase di attacco\n- Quando \"carta\" attacca\n"
        "- Quando \"carta\" supporta/è supportata\n- Quando \"carta\" è attaccata\n\n"
        "Il fighter di turno decide l'unità attaccante durante questa sottofase."
    )
    assert attack.text.endswith("procedi alla sottofase di guardia.\n\n■ Ordine della sottofase di attacco")
    assert attack.lines[0] == 679


def test_label_printed_before_its_figure(by_number):
    summon = one(by_number, "8.8.1")
    assert summon.title == "Sottofase di convocazione"
    assert summon.text.endswith(
        "■ Ordine della sottofase di convocazione\n\nHai un'unità da convocare normalmente"
    )
    assert 560 in summon.lines
    assert "Hai un'unità" not in one(by_number, "8.7.2").text


def test_broken_lines_rejoined(by_number):
    prep = one(by_number, "8.5")
    assert (
        "Metti un'unità di grado 0 dal tuo deck coperto nel tuo cerchio del vanguard. "
        "Questa unità è chiamata \"vanguard iniziale\"."
    ) in prep.text
    stand = one(by_number, "8.6")
    assert (
        "- [2] Il giocatore di turno risveglia tutte le sue unità sul terreno. "
        "Se non ci sono unità in posizione di riposo, salta questa sottofase.\n"
    ) in stand.text


def test_nested_steps(by_number):
    prep = one(by_number, "8.5")
    assert (
        "- [6] Ogni fighter può cambiare la sua mano una volta.\n"
        "  - ① Metti un qualunque numero di carte dalla tua mano in fondo al tuo deck.\n"
    ) in prep.text
    assist = one(by_number, "8.7.2")
    assert "\n\n[1] Procedura dell'Ausilio G\n\n- ❶ Per dimostrare" in assist.text


def test_tables(by_number):
    turn = one(by_number, "8.2")
    assert turn.text.splitlines()[:3] == [
        "|  | Timing Abilità |",
        "|---|---|",
        "| Fase di Risveglio | ● All'inizio del turno ● All'inizio della fase di risveglio |",
    ]
    deck = one(by_number, "6.1")
    assert deck.text.endswith(
        "Esempio base di un deck bilanciato\n\n- Gradi 3 — 8\n- Gradi 2 — 10\n- Gradi 1 — 15\n- Gradi 0 — 17"
    )


def test_intro_chapters_keep_their_content(by_number):
    about = one(by_number, "1")
    assert about.text.endswith('Sito Ufficiale "Cardfight!! Vanguard"\n\n<http://cf-vanguard.it/>')
    assert one(by_number, "2").text.endswith("pensa solo a divertirti!\n\nChrono Shindou")


def test_card_rulings_are_sections_of_faq(by_number, result):
    card = one(by_number, "12.11")
    assert card.title == "Blaster Joker, Star-vader"
    assert card.text == (
        "Un vanguard, il cui Mate è stato ritirato dall'abilità di questa carta, non potrà più "
        "attivare Legion. Se una nuova unità in grado di eseguire Legion viene convocata, essa "
        "potrà eseguirla normalmente."
    )
    assert result.clauses[card.parent].number == "12"


# --- failures -------------------------------------------------------------------------


def test_missing_heading_is_a_parse_error(source):
    broken = source.replace("\nFase Principale\n", "\nFase Principale (rivista)\n")
    with pytest.raises(base.ParseError, match="Fase Principale"):
        playbook.parse(broken, language="it")


def test_other_language_refused(source):
    with pytest.raises(base.ParseError):
        playbook.parse(source, language="en")
