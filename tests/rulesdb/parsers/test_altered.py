"""Altered TCG comprehensive rules (Italian community translation): parser tests.

The real vendored file is parsed once; tricky units are pinned to exact text.
Small inline documents exercise each noise rule on its own. No database.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesdb.parsers import altered, altered_markers, base, parser_for

SOURCE = Path(__file__).resolve().parents[3] / "rulesdb" / "sources" / "altered-cr-it.txt"


@pytest.fixture(scope="module")
def source() -> str:
    return SOURCE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def result(source):
    return altered.parse(source, language="it")


@pytest.fixture(scope="module")
def by_number(result):
    table: dict[str, list[int]] = {}
    for index, clause in enumerate(result.clauses):
        table.setdefault(clause.number, []).append(index)
    return table


def one(result, by_number, number: str) -> base.ParsedClause:
    found = by_number[number]
    assert len(found) == 1, f"{number} printed {len(found)} times"
    return result.clauses[found[0]]


def index_of(by_number, number: str) -> int:
    (index,) = by_number[number]
    return index


def remarks_of(result, parent: int) -> list[base.ParsedClause]:
    return [c for c in result.clauses if c.parent == parent]


def dropped(result) -> dict[int, str]:
    return {d.line: d.reason for d in result.dropped}


# --- the real file: whole-document checks ---------------------------------


def test_registered_as_altered_family():
    assert parser_for("altered-cr") is altered.parse


def test_coverage_report_ok(source, result):
    # The reader text carries `oggetti` where the source prints `oggettoi`: compare the
    # source with its marked forms replaced (the mapping itself is pinned below).
    report = base.coverage_report(altered_markers.unmark_source(source), result)
    assert report.lost == []
    assert report.unfaithful == []
    assert report.ok
    assert report.total_lines == 740
    assert report.claimed == 726
    assert report.dropped == 14


def test_raw_coverage_as_the_importer_runs_it(source, result):
    """The importer checks the raw source: marked forms are structural words there."""
    report = base.coverage_report(source, result, marker_suffix="i")
    assert report.ok, (report.lost[:3], report.unfaithful[:3])
    assert result.structural_words == frozenset(
        {
            "azione", "caratteristicae", "contatorei", "costoi", "effettoi", "emblemai", "eroei",
            "eventoi", "forestae", "gettonei", "incantesimoi", "internai", "oggettoi", "passivai",
            "permanentei", "personaggioi", "rapidai", "reazionei", "regionei", "statisticae",
            "statoi", "tipoi", "turnoi", "visibilei", "zonae",
        }
    )
    # Only the markup forms: none of them is a word of the reader text, except `azione`.
    reader = set(base.words("\n".join(c.title + " " + c.text for c in result.clauses)))
    assert result.structural_words & reader == {"azione"}


def printed(result) -> list[base.ParsedClause]:
    """What the source prints (derived headings and the inferred rule left out)."""
    return [c for c in result.clauses if c.origin == "printed"]


def test_counts_by_kind_and_depth(result):
    kinds = Counter(c.kind for c in printed(result))
    depths = Counter((c.kind, c.depth) for c in printed(result))
    print("\nAltered counts by kind:", dict(sorted(kinds.items())))
    print("Altered counts by (kind, depth):", dict(sorted(depths.items())))
    print("Altered dropped:", dict(Counter(d.reason for d in result.dropped)))
    assert kinds == {"rule": 493, "heading": 13, "note": 50, "example": 32, "glossary": 23}
    assert depths == {
        ("rule", 3): 91,
        ("rule", 4): 402,
        ("heading", 2): 1,
        ("heading", 3): 12,
        ("note", 4): 7,
        ("note", 5): 36,
        ("note", 2): 7,
        ("example", 4): 9,
        ("example", 5): 23,
        ("glossary", 1): 23,
    }


def test_dropped_lines(result):
    assert dropped(result) == {
        **{n: "colophon" for n in range(1, 10)},
        120: "garbage",
        641: "garbage",
        643: "duplicate-block",
        644: "duplicate-block",
        645: "duplicate-block",
    }


def test_document_order_and_valid_kinds(result):
    starts = [c.line_start for c in result.clauses if c.lines]
    assert starts == sorted(starts)
    for index, clause in enumerate(result.clauses):
        assert clause.kind in base.CLAUSE_KINDS
        if clause.kind in ("rule", "heading", "section"):
            assert clause.parent is None
            assert clause.depth == base.number_depth(clause.number)
        elif clause.kind in ("note", "example"):
            assert clause.number == ""
            assert clause.parent is not None and clause.parent < index
            assert result.clauses[clause.parent].kind in ("rule", "heading", "glossary")
            assert clause.depth == result.clauses[clause.parent].depth + 1


def test_first_and_last_clause(result):
    first, last = printed(result)[0], result.clauses[-1]
    assert (first.number, first.kind, first.depth, first.lines) == ("1.1.1.a", "rule", 4, [10])
    assert first.text == (
        "Le Regole Complete di Altered sono un documento per esperti destinato a risolvere i casi più "
        "spinosi che possono verificarsi quando le carte interagiscono in modi inaspettati. Non sono "
        "destinate all'apprendimento delle regole di Altered."
    )
    assert (last.number, last.kind, last.title, last.defines_term, last.lines) == (
        "G23", "glossary", "Vanilla", "Vanilla", [740]
    )
    assert last.text.startswith('Una carta "Vanilla" è una carta che non ha abilità speciali')
    assert last.text.endswith("per semplificare i meccanismi di gioco.")


def test_headings(result, by_number):
    oggetti = one(result, by_number, "2.1")
    assert (oggetti.kind, oggetti.depth, oggetti.title, oggetti.text, oggetti.lines) == (
        "heading", 2, "Oggetti", "", [121]
    )
    inizio = one(result, by_number, "1.3.1")
    assert (inizio.kind, inizio.depth, inizio.title) == ("heading", 3, "Inizio della partita")
    assert one(result, by_number, "1.4.1").title == "Non può batte può"
    headings = [c.number for c in printed(result) if c.kind == "heading"]
    assert headings == [
        "1.3.1", "1.4.1", "1.4.2", "1.4.3", "1.4.4", "1.4.5", "1.4.6", "2.1",
        "7.2.1", "7.2.2", "7.2.3", "7.2.4", "7.4.3",
    ]


def test_note_attached_to_its_rule(result, by_number):
    parent = index_of(by_number, "1.1.4.e")
    (note,) = remarks_of(result, parent)
    assert (note.kind, note.number, note.depth, note.lines) == ("note", "", 5, [24])
    assert note.text == (
        "Nota. In Altered, contrariamente a molti altri giochi di carte collezionabili, le carte con lo "
        "stesso nome possono avere caratteristiche, rarità e fazione diverse. Un giocatore in un evento "
        "costruito dovrebbe chiarire quale versione di una carta sta giocando."
    )
    # The next rule is not swallowed by the note.
    assert one(result, by_number, "1.1.4.f").text == "Un mazzo costruito può includere al massimo 15 carte rare ()."


def test_example_attached_to_its_rule(result, by_number):
    (example,) = remarks_of(result, index_of(by_number, "2.2.3.c"))
    assert (example.kind, example.depth, example.lines) == ("example", 5, [177])
    assert example.text == (
        "Esempio. Fée Clochette è la versione francese di Tinker Bell. Il nome di un oggetto "
        "rappresentato da quella carta è Tinker Bell."
    )


def test_two_examples_after_one_rule(result, by_number):
    examples = remarks_of(result, index_of(by_number, "2.2.2.m"))
    assert [e.kind for e in examples] == ["example", "example"]
    assert [e.lines for e in examples] == [[165], [166]]
    assert examples[1].text.startswith("Esempio. Giorno di Festa ha l'effetto")


def test_unclosed_plusplus_example_ends_at_next_rule(result, by_number):
    (example,) = remarks_of(result, index_of(by_number, "2.1.e"))
    assert example.kind == "example"
    assert example.lines == [132]
    assert example.text == (
        'Esempio. Medusa di Luna ha la reazione "Quando vengo sacrificata, se non sono Fugace — '
        'Mettimi in Riserva".'
    )
    following = one(result, by_number, "2.2.1.a")
    assert following.text == "Un tipo è uno dei seguenti: Personaggio, Emblema, Eroe, Permanente, Regione, Incantesimo."


def test_closed_plusplus_example_spans_lines(result, by_number):
    (example,) = remarks_of(result, index_of(by_number, "2.2.10.d"))
    assert example.lines == [226, 227, 228, 229, 230, 231]
    assert example.text == (
        "Esempio. Il riquadro di testo di Apprendista di Haven ha il seguente testo:\n\n"
        "Guadagno due incrementi.\n\n"
        '"Va bene, ragazzo, mostrami cosa hai imparato."\n\n'
        ": Il prossimo Personaggio che giochi questo turno guadagna 1 incremento. "
        "(Scartami dalla Riserva per fare questo.)\n\n"
        "L'Apprendista di Haven (rara) ha due abilità: \" Guadagno due incrementi.\" e \" : Il prossimo "
        'Personaggio che giochi questo turno guadagna 1 incremento.". La prima è un\'abilità in gioco e '
        'la seconda è un\'abilità di supporto. "Va bene, ragazzo, mostrami cosa hai imparato." è testo di '
        'ambientazione e "(Scartami dalla Riserva per fare questo.)" è testo di promemoria.'
    )
    assert "++" not in example.text


def test_repeated_example_kept_under_both_rules(result, by_number):
    """The Ninette/Lithium example is printed twice (1.4.5.a and 6.1.g): both are kept."""
    (first,) = remarks_of(result, index_of(by_number, "1.4.5.a"))
    (second,) = remarks_of(result, index_of(by_number, "6.1.g"))
    assert first.lines == [114, 115] and second.lines == [501, 502]
    assert first.text == second.text
    assert first.text.endswith(
        "se Rifornimento o no.\n\nNel suo turno, Lithium gioca Anubis, che ha la reazione \" Ogni giocatore "
        'sacrifica un Personaggio". Lithium deve scegliere quale Personaggio sacrificare prima di Ninette, '
        "e Ninette sa quale Personaggio ha scelto di sacrificare quando fa la sua scelta. Entrambi i "
        "Personaggi vengono sacrificati simultaneamente."
    )


def test_rule_rejoined_after_lost_icons_1_1_6_j(result, by_number):
    clause = one(result, by_number, "1.1.6.j")
    assert clause.lines == [41, 42]
    assert clause.text == (
        'Un [numero] bianco in un cerchio nero o giallo (, , …) in un costo significa "Paga [quel numero] di mana".'
    )


def test_rule_rejoined_after_lost_icons_1_1_7_f(result, by_number):
    clause = one(result, by_number, "1.1.7.f")
    assert clause.lines == [48, 49, 50, 51, 52, 53]
    assert clause.text == (
        "Tra i due giocatori, è necessaria una Carta Regione Eroe, una Carta Regione Partener e tre "
        "diverse carte Tumulto (una, una e una) per rappresentare l'Avventura."
    )


def test_rule_rejoined_after_lost_icons_2_2_2_f(result, by_number):
    clause = one(result, by_number, "2.2.2.f")
    assert clause.text == "La lista dei sotto-tipi di regione è: Foresta (), Montagna (), Acqua ()."


def test_example_rejoined_after_lost_icons(result, by_number):
    (example,) = remarks_of(result, index_of(by_number, "2.1.c"))
    assert example.lines == [125, 126, 127, 128, 129]
    assert example.text == (
        "Esempio. Lithium ha Haven, Bravos Bastion e gioca Kuwat, il Dissidente dalla Riserva. Questo "
        'innesca le due reazioni di Kuwat, la sua nativa " Sacrifica un Personaggio" e quella concessa da '
        'Haven " Guadagno 1 incremento". Se Lithium decide di giocare prima la reazione e di sacrificare '
        "Kuwat, allora la reazione non incrementerà Kuwat nel mazzo degli Scarti poiché non è lo stesso "
        "oggetto di Kuwat nella zona Spedizione che ha innescato la reazione."
    )
    (example,) = remarks_of(result, index_of(by_number, "7.3.1.e"))
    assert example.lines == [580, 581, 582, 583, 584, 585]
    assert example.text == (
        "Esempio. Il Consiglio ha l'abilità \"Gli inneschi , e dei Personaggi di fronte a me non si "
        "attivano e Hua Mulan ha l'abilità \" Perdo Fugace \". Se Hua Mulan viene giocata dalla Riserva "
        "nella spedizione di fronte a Il Consiglio, non perde Fugace."
    )


def test_note_rejoined_after_lost_icons(result, by_number):
    (note,) = remarks_of(result, index_of(by_number, "4.2.5.b"))
    assert note.lines == [418, 419, 420]
    assert note.text == "Nota. Un numero di stati (Addormentato , Ancorato, Fugace) e abilità (Eternal) modificano l'effetto Riposo."


def test_step_list_kept_in_rule(result, by_number):
    clause = one(result, by_number, "4.2.3.c")
    assert clause.lines == [402, 403, 404, 405, 406]
    assert clause.text == (
        "Struttura del turno\n\n"
        "1. Il giocatore di cui è il turno gioca un'azione rapida da un oggetto che controlla, gioca una "
        "carta dalla propria Mano o Riserva, oppure passa;\n"
        "2. Controlla le Reazioni;\n"
        "3. Se è stata giocata un'azione rapida, il turno continua e torna al punto 1;\n"
        "4. Se il giocatore ha giocato una carta o ha passato, il turno termina:"
    )
    # The steps are no clauses (sections 1 and 4 exist only as derived headings).
    step_numbers = {c.number for c in printed(result)}
    assert "4" not in step_numbers and "1" not in step_numbers


def test_repeated_block_appears_once(result, by_number):
    for number, line in (("7.4.3.a", 638), ("7.4.3.b", 639), ("7.4.3.c", 640)):
        assert one(result, by_number, number).lines == [line]
    assert one(result, by_number, "7.4.3.a").text == "Gigante è un'abilità passiva che appare sui Personaggi."
    # The heading printed after the `{` is new: kept where it stands (after its first children).
    heading = one(result, by_number, "7.4.3")
    assert (heading.kind, heading.title, heading.lines) == ("heading", "Gigante", [642])
    assert one(result, by_number, "7.4.3.d").lines == [646, 647, 648]
    assert one(result, by_number, "7.4.3.d").text == (
        "Quando un oggetto Gigante entra nella zona Spedizione, i suoi inneschi , e si attivano solo una volta."
    )
    numbers = [c.number for c in result.clauses]
    assert numbers.index("7.4.3.c") + 1 == numbers.index("7.4.3")


def test_rule_that_lost_its_number(result, by_number):
    """`Quando un giocatore deve "sacrificare"…` (line 625, between 7.3.18.a's note and
    7.3.20.a) is its own rule, numbered 7.3.19.a as the sequence implies, marked inferred."""
    clause = one(result, by_number, "7.3.18.a")
    assert clause.lines == [623]
    assert clause.text == '"Sabotaggio" significa scartare fino a una carta bersaglio in una Riserva.'
    (note,) = remarks_of(result, index_of(by_number, "7.3.18.a"))
    assert (note.text, note.lines) == ("Nota. Un giocatore può Sabotaggio una carta dalla propria Riserva.", [624])
    inferred = one(result, by_number, "7.3.19.a")
    assert (inferred.kind, inferred.origin, inferred.depth, inferred.lines) == ("rule", "inferred", 4, [625])
    assert inferred.text == (
        'Quando un giocatore deve "sacrificare" [un oggetto], deve scartare un oggetto in gioco che controlla.'
    )
    assert [c.number for c in result.clauses if c.origin == "inferred"] == ["7.3.19.a"]


def test_term_markers_removed_and_linked(result, by_number):
    clause = one(result, by_number, "1.2.2.a")
    assert clause.text == "Gli oggetti sono i pezzi di gioco di Altered."
    assert [(l.start, l.end, l.surface) for l in clause.term_links] == [(4, 11, "oggetti")]
    clause = one(result, by_number, "1.2.2.c")
    assert clause.text == "Gli oggetti hanno caratteristiche:"
    assert [(l.start, l.end, l.surface) for l in clause.term_links] == [(4, 11, "oggetti"), (18, 33, "caratteristiche")]
    clause = one(result, by_number, "2.2.10.h")
    assert clause.text == 'Le azioni rapide sono scritte "Costo: Effetto".'
    assert [(l.start, l.end, l.surface) for l in clause.term_links] == [(3, 16, "azioni rapide")]
    clause = one(result, by_number, "2.2.2.a")
    assert clause.text == "I Personaggi, gli Incantesimi, i Permanenti, le Regioni e gli Emblemi possono avere sotto-tipi."
    assert [l.surface for l in clause.term_links] == [
        "Personaggi", "Incantesimi", "Permanenti", "Regioni", "Emblemi", "sotto-tipi",
    ]


def test_every_term_link_points_at_its_surface(source, result):
    total = 0
    for clause in result.clauses:
        for link in clause.term_links:
            assert clause.text[link.start : link.end] == link.surface
            total += 1
    # One link per marked occurrence in the kept lines (the dropped repeated block has two more).
    lexicon = altered_markers.GlossaryWords(source)
    skipped = {d.line for d in result.dropped}
    marked = sum(
        1
        for n, line in enumerate(source.splitlines(), start=1)
        if n not in skipped
        for w in altered_markers._WORD.findall(line)
        if lexicon.is_marked(w)
    )
    assert total == marked == 317
    assert not any(c.title != altered_markers.unmark(c.title, lexicon)[0] for c in result.clauses)


def test_marked_forms_of_the_real_file(source):
    assert altered_markers.marked_forms(source) == {
        "Emblemai": "Emblemi",
        "Eroei": "Eroi",
        "Forestae": "Foreste",
        "Incantesimoi": "Incantesimi",
        "Permanentei": "Permanenti",
        "Personaggioi": "Personaggi",
        "Reazionei": "Reazioni",
        "Regionei": "Regioni",
        "abilità passivai": "abilità passive",
        "azione internai": "azioni interne",
        "azione rapidai": "azioni rapide",
        "caratteristicae": "caratteristiche",
        "contatorei": "contatori",
        "costoi": "costi",
        "effettoi": "effetti",
        "emblemai": "emblemi",
        "eventoi": "eventi",
        "gettonei": "gettoni",
        "oggettoi": "oggetti",
        "personaggioi": "personaggi",
        "reazionei": "reazioni",
        "sotto-tipoi": "sotto-tipi",
        "statisticae": "statistiche",
        "statoi": "stati",
        "turnoi": "turni",
        "visibilei": "visibili",
        "zonae": "zone",
    }


# Italian words of the real file that end like a marked word but are not: checked by hand.
FALSE_POSITIVES_CHECKED = (
    "ai", "dai", "fai", "Fai", "hai", "mai", "nei", "sei", "dei", "poi", "suoi", "puoi", "Puoi",
    "vuoi", "potrai", "tornei", "temporanei", "crei", "Aloe", "Eroe", "eroe", "mie",
    "avversarie", "sceglie", "proprie", "serie", "grazie", "contromagie", "strategie",
)


def test_ordinary_words_are_not_markers(source, result):
    lexicon = altered_markers.GlossaryWords(source)
    for word in FALSE_POSITIVES_CHECKED:
        assert word in source
        assert not lexicon.is_marked(word), word
    everything = "\n".join(c.text for c in result.clauses)
    for phrase in ("i suoi contatori", "se sei il primo giocatore", "potrai fare", "Tuttavia, se sceglie"):
        assert phrase in everything


def test_glossary_entries(result, by_number):
    glossary = [c for c in result.clauses if c.kind == "glossary"]
    assert [c.number for c in glossary] == [f"G{n:02d}" for n in range(1, 24)]
    assert [c.title for c in glossary] == [
        "Aggro", "Archetipo", "Bersagliare", "", "Booster War", "Card Advantage", "", "Controllo",
        "Curva", "Deck Building", "Disrupt", "", "Draft di Buste", "Istanti Atomici", "Midrange",
        "Multigiocatore", "Pareggio", "Quality Advantage", "Ramp", "Standard", "Tutti contro tutti",
        "Value", "Vanilla",
    ]
    assert all(c.defines_term == c.title and c.depth == 1 and c.parent is None for c in glossary)
    aggro = one(result, by_number, "G01")
    assert aggro.lines == [686]
    assert aggro.text == (
        'Un mazzo "Aggro" è un tipo di archetipo che mira a infliggere il massimo danno all\'avversario il '
        "più rapidamente possibile, spesso giocando molte piccole creature o incantesimi di danno diretto "
        "fin dai primi turni. I mazzi aggro spesso sacrificano la durabilità e il controllo a lungo termine "
        "per massimizzare la pressione immediata sull'avversario, sperando di sconfiggerlo prima che possa "
        "stabilire una difesa o una strategia efficace."
    )
    bersagliare = one(result, by_number, "G03")
    assert bersagliare.text.startswith("Bersagliare è l'azione di selezionare una carta specifica sul campo")


def test_glossary_entries_that_lost_their_term(result, by_number):
    biomi = one(result, by_number, "G04")
    assert biomi.lines == [689, 690, 691, 692]
    assert biomi.text == (
        "Ce ne sono 3 e rappresentano gli elementi in cui bisogna avere una maggioranza per poter avanzare. "
        "Questi biomi sono presenti sulle carte centrali del Tumulto e varieranno in funzione del tuo stato "
        "di avanzamento.\n\n: Foresta\n: Montagna\n: Acqua"
    )
    assert one(result, by_number, "G07").text == "Fase del Mattino"
    assert one(result, by_number, "G12").text == (
        "Concede la possibilità di pescare quando una carta con questo effetto viene giocata. L'effetto si "
        "applica o all'avversario o a entrambi i giocatori."
    )


def test_glossary_community_notes(result, by_number):
    booster = index_of(by_number, "G05")
    assert result.clauses[booster].lines == [693, 694]
    assert result.clauses[booster].text.endswith(
        "\n\nQuesta modalità di gioco è stata proposta da Merlin, game designer di Equinox."
    )
    meno, piu = remarks_of(result, booster)
    assert (meno.kind, meno.depth, meno.title, meno.lines) == (
        "note", 2, "Regola - Modalità meno tecnica", [695, 696, 697, 698, 699, 700, 701]
    )
    assert meno.text == (
        "1. Ogni giocatore prende una busta, rimuove la carta Eroe e la mette in gioco.\n"
        "2. Mescola le carte rimanenti della busta per costituire il tuo mazzo.\n"
        "3. Gioca ad Altered rispettando le regole abituali, ma con tre differenze:\n"
        "   - Mana illimitato.\n"
        "   - Peschi 3 carte all'inizio di ogni turno, invece di 2.\n"
        "   - La partita termina dopo 4 giorni. Se, alla fine del quarto giorno, i giocatori sono in parità, "
        "viene giocato un giorno supplementare con le carte rimanenti (senza pescare nuove carte)."
    )
    assert piu.title == "Regola - Modalità più tecnica"
    tutti = index_of(by_number, "G21")
    assert [(n.title, n.lines) for n in remarks_of(result, tutti)] == [
        ("Preparazione di una partita Altered Multigiocatore Tutti contro tutti", [732, 733]),
        ("Condizioni di vittoria", [734, 735, 736]),
        ("Spareggio", [737, 738]),
    ]
    multi = index_of(by_number, "G16")
    assert result.clauses[multi].lines == [718, 719, 720, 721, 722]
    (rules,) = remarks_of(result, multi)
    assert rules.title == "Regole di costruzione del mazzo in modalità multigiocatore"
    standard = one(result, by_number, "G20")
    assert standard.lines == [728, 729, 730]
    assert standard.text.endswith(
        "\n\nIl formato Standard si gioca 1 contro 1. Un evento Standard può ospitare un numero qualsiasi "
        "di giocatori. Entrambi i giocatori devono avere un mazzo che rispetti le regole di costruzione del "
        "mazzo specifiche per questo formato.\n\nI mazzi Standard in Altered devono rispettare le seguenti "
        "linee guida:"
    )


def test_numbering_anomalies_are_kept(result):
    numbers = [c.number for c in printed(result) if c.kind in ("rule", "heading")]
    assert len(numbers) == len(set(numbers))  # no duplicate once the repeated block is dropped
    assert "2.4.2.a" not in numbers and "2.4.4.a" in numbers  # gap 2.4.2-2.4.3 kept as printed
    assert "7.3.18.a" in numbers and "7.3.20.a" in numbers


# --- small inline documents: one noise rule each ---------------------------


def parse(text: str) -> base.ParseResult:
    """The small document as printed: these tests pin how each line is read, not
    the headings derived from the numbering (tested on the real file above)."""
    return altered.parse_as_printed(text, language="it")


def test_inline_numbers_kinds_and_depth():
    res = parse("Crediti\n2.1 Oggetti\n2.1.a. Testo uno.\n2.2.3.b Testo due.\n")
    assert [(c.number, c.kind, c.depth, c.title, c.text) for c in res.clauses] == [
        ("2.1", "heading", 2, "Oggetti", ""),
        ("2.1.a", "rule", 3, "", "Testo uno."),
        ("2.2.3.b", "rule", 4, "", "Testo due."),
    ]
    assert [(d.line, d.reason) for d in res.dropped] == [(1, "colophon")]


def test_inline_note_and_example_parents():
    res = parse("1.1.a Regola.\nNota. Una nota.\nEsempio. Un esempio.\n1.1.b Altra.\n")
    rule, note, example, other = res.clauses
    assert (note.kind, note.parent, note.depth, note.text) == ("note", 0, 4, "Nota. Una nota.")
    assert (example.kind, example.parent, example.depth) == ("example", 0, 4)
    assert (other.number, other.parent) == ("1.1.b", None)


def test_inline_plusplus_examples():
    res = parse(
        "1.1.a Regola.\n++Esempio. Inizio.\nSeconda riga.\nTerza riga.++\n"
        "1.1.b Altra.\n++Esempio. Mai chiuso.\nContinua qui.\nNota. Fine esempio.\n1.1.c Ultima.\n"
    )
    kinds = [(c.kind, c.number, c.text) for c in res.clauses]
    assert kinds == [
        ("rule", "1.1.a", "Regola."),
        ("example", "", "Esempio. Inizio.\n\nSeconda riga.\n\nTerza riga."),
        ("rule", "1.1.b", "Altra."),
        ("example", "", "Esempio. Mai chiuso.\n\nContinua qui."),
        ("note", "", "Nota. Fine esempio."),
        ("rule", "1.1.c", "Ultima."),
    ]
    assert res.clauses[3].parent == 2 and res.clauses[4].parent == 2


def test_inline_lost_icon_fragments():
    res = parse(
        "1.1.a Tre carte (una |\n, una\n|\ne una\n|\n) per tutto.\n"
        "Nota. Il simbolo significa \"X\" e\nsignifica \"Y\".\n1.1.b Foresta (), Montagna (\n), Acqua (\n).\n"
    )
    rule, note, other = res.clauses
    assert rule.text == "Tre carte (una, una e una) per tutto."
    assert rule.lines == [1, 2, 3, 4, 5, 6]
    assert note.text == 'Nota. Il simbolo significa "X" e significa "Y".'
    assert other.text == "Foresta (), Montagna (), Acqua ()."


def test_inline_unnumbered_paragraph_belongs_above():
    res = parse(
        "1.1.a Prima frase.\nSeconda frase, nuovo paragrafo.\n"
        "1.1.b Regola.\nNota. Una nota.\nQuando manca il numero, resta alla regola.\n1.1.c Fine.\n"
    )
    a, b, note, c = res.clauses
    assert a.text == "Prima frase.\n\nSeconda frase, nuovo paragrafo."
    assert b.text == "Regola.\n\nQuando manca il numero, resta alla regola."
    assert b.lines == [3, 5]
    assert note.text == "Nota. Una nota." and note.lines == [4]


def test_inline_step_list():
    res = parse("4.2.3.c Struttura\n1. Primo;\n2. Secondo:\n4.2.4.a Dopo.\n")
    assert [(c.number, c.text) for c in res.clauses] == [
        ("4.2.3.c", "Struttura\n\n1. Primo;\n2. Secondo:"),
        ("4.2.4.a", "Dopo."),
    ]


def test_inline_bulleted_rule_and_page_break_behind_a_bullet():
    """A new extraction may print a bullet before a rule's number, and, where a page break split a
    sentence, before the rest of it: the rule is still a rule, the rest still its sentence. A list
    opened by a colon stays a list."""
    res = parse(
        "1.1.a Prima regola.\n- 1.1.b Una regola che la pagina\n\n- spezza a metà frase.\n"
        "1.1.c Le opzioni sono:\n- pescare una carta;\n- scartarne una.\n1.1.d Fine.\n"
    )
    assert [(c.number, c.text) for c in res.clauses] == [
        ("1.1.a", "Prima regola."),
        ("1.1.b", "Una regola che la pagina spezza a metà frase."),
        ("1.1.c", "Le opzioni sono:\n\n- pescare una carta;\n- scartarne una."),
        ("1.1.d", "Fine."),
    ]


def test_inline_markers():
    res = parse(
        "1.1.a Gli oggettoi hanno caratteristicae e le azione rapidai degli emblemai.\n"
        "1.1.b Un oggetto ha una caratteristica; un'azione rapida; i suoi dei poi sei.\n"
    )
    first, second = res.clauses
    assert first.text == "Gli oggetti hanno caratteristiche e le azioni rapide degli emblemi."
    assert [(l.start, l.end, l.surface) for l in first.term_links] == [
        (4, 11, "oggetti"), (18, 33, "caratteristiche"), (39, 52, "azioni rapide"), (59, 66, "emblemi"),
    ]
    assert second.text == "Un oggetto ha una caratteristica; un'azione rapida; i suoi dei poi sei."
    assert second.term_links == []


def test_inline_marker_needs_known_stem():
    # `lavorai` has no stem `lavora` in the text nor among the known lemmas: not a marker.
    res = parse("1.1.a Io lavorai con i gettonei.\n")
    assert res.clauses[0].text == "Io lavorai con i gettoni."


def test_inline_duplicate_block_after_brace():
    res = parse(
        "7.4.3.a Gigante è un'abilità.\n7.4.3.b Presente ovunque.\n{\n7.4.3 Gigante\n"
        "7.4.3.a Gigante è un'abilità.\n7.4.3.b Presente ovunque.\n7.4.3.c Nuova.\n"
    )
    assert [c.number for c in res.clauses] == ["7.4.3.a", "7.4.3.b", "7.4.3", "7.4.3.c"]
    assert [(d.line, d.reason) for d in res.dropped] == [(3, "garbage"), (5, "duplicate-block"), (6, "duplicate-block")]


def test_inline_glossary():
    res = parse(
        "7.5.5.c Ultima regola.\n"
        'Un mazzo "Aggro" è veloce.\n'
        "Il formato Standard è classico.\nIl formato Standard si gioca 1 contro 1.\n"
        "Condizioni di vittoria\nVince chi arriva primo.\n"
        "Fase del Mattino\n"
        "Bersagliare è scegliere.\n"
    )
    rule, aggro, standard, cond, mattino, bers = res.clauses
    assert (aggro.number, aggro.kind, aggro.title, aggro.defines_term, aggro.depth) == ("G01", "glossary", "Aggro", "Aggro", 1)
    assert (standard.number, standard.title, standard.text) == (
        "G02", "Standard", "Il formato Standard è classico.\n\nIl formato Standard si gioca 1 contro 1."
    )
    assert (cond.kind, cond.title, cond.text, cond.parent, cond.depth) == (
        "note", "Condizioni di vittoria", "Vince chi arriva primo.", 2, 2
    )
    assert (mattino.number, mattino.title, mattino.text) == ("G03", "", "Fase del Mattino")
    assert (bers.number, bers.title) == ("G04", "Bersagliare")


def test_inline_errors():
    with pytest.raises(base.ParseError):
        parse("Solo testo senza numeri.\n")
    with pytest.raises(base.ParseError):
        altered.parse("1.1.a Rule.\n", language="en")


# --- lost headings derived from the numbering --------------------------------


def test_derived_headings_give_every_rule_a_parent(result):
    numbers = {c.number for c in result.clauses if c.number}
    for clause in result.clauses:
        if clause.kind in ("rule", "heading", "section") and "." in clause.number:
            assert clause.number.rsplit(".", 1)[0] in numbers, clause.number
    derived = [c for c in result.clauses if c.origin == "derived"]
    assert len(derived) == 133
    assert Counter(c.kind for c in derived) == {"section": 7, "heading": 126}
    assert all(not c.lines and not c.text and c.depth == base.number_depth(c.number) for c in derived)
    printed_numbers = {c.number for c in printed(result)}
    assert not printed_numbers & {c.number for c in derived}


def test_derived_headings_stand_before_their_first_rule(result, by_number):
    numbers = [c.number for c in result.clauses]
    assert numbers[:4] == ["1", "1.1", "1.1.1", "1.1.1.a"]
    assert numbers.index("7.3.19") + 1 == numbers.index("7.3.19.a")
    assert numbers.index("2") < numbers.index("2.1") < numbers.index("2.2")


def test_derived_headings_titled_where_the_text_names_them(result, by_number):
    titles = {c.number: c.title for c in result.clauses if c.origin == "derived" and c.title}
    assert titles == {
        "1.4": "Regole d'Oro", "2": "Oggetti", "7.1.1": "Simboli di innesco", "7.1.4": "Simboli di costo",
    }


def test_inferred_number_needs_a_single_gap():
    assert altered.inferred_number("7.3.18.a", "7.3.20.a") == "7.3.19.a"
    assert altered.inferred_number("2.1.b", "2.1.d") == "2.1.c"
    assert altered.inferred_number("2.1.b", "2.1.c") is None
    assert altered.inferred_number("7.3.18.a", "7.3.21.a") is None
    assert altered.inferred_number("7.3.18.b", "7.3.20.c") is None


def test_unnumbered_paragraph_without_a_gap_stays_with_the_rule_above():
    text = (
        "1.1.1.a Primo.\nNota. Una nota.\nUn paragrafo intero senza numero.\n1.1.1.b Secondo.\n"
    )
    result = altered.parse(text, language="it")
    rule = next(c for c in result.clauses if c.number == "1.1.1.a")
    assert rule.text == "Primo.\n\nUn paragrafo intero senza numero."
    assert not [c for c in result.clauses if c.origin == "inferred"]
