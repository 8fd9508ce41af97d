"""Clauses that only describe their term, learned from the clause structure (rulesdb.search.structure)."""
from __future__ import annotations

import pytest

from rulesdb import search
from rulesdb.search.rows import index_rows
from rulesdb.search.structure import defined_term, descriptive_clauses

pytestmark = pytest.mark.django_db


def _family(definitions: dict[str, list[str]]) -> list[dict]:
    """One section of keyword headings, each with its rules."""
    clauses = [dict(id=1, parent_id=None, kind="section", title="Keywords", text="")]
    for term, rules in definitions.items():
        heading = len(clauses) + 1
        clauses.append(dict(id=heading, parent_id=1, kind="heading", title=term, text=""))
        for rule in rules:
            clauses.append(dict(id=len(clauses) + 1, parent_id=heading, kind="rule", title="", text=rule))
    return clauses


def test_a_clause_made_of_its_familys_usual_words_describes_its_term():
    clauses = _family(
        {
            "Defender": ["Defender is a passive ability that appears on characters.",
                         "An expedition with a Defender character cannot move forward at dusk."],
            "Eternal": ["Eternal is a passive ability that appears on characters.",
                        "An Eternal character is not sent to the reserve during rest."],
            "Gigantic": ["Gigantic is a passive ability that appears on characters.",
                         "A Gigantic object is present in both expeditions of its controller."],
            "Seasoned": ["Seasoned is a passive ability that appears on characters.",
                         "A Seasoned object keeps its boosts when it moves to the reserve."],
        }
    )
    found = descriptive_clauses(clauses, "en")
    texts = {clauses[i - 1]["text"] for i in found}
    assert texts == {f"{t} is a passive ability that appears on characters." for t in ("Defender", "Eternal", "Gigantic", "Seasoned")}
    term, words = found[3]
    assert "defend" in term and {"passiv", "abil"} <= words


def test_without_a_family_nothing_is_learned():
    clauses = _family({"Defender": ["Defender is a passive ability that appears on characters.", "It stops moving."]})
    assert descriptive_clauses(clauses, "en") == {}


@pytest.mark.parametrize(
    "text, lang, term",
    [
        ("Each pair of circles, left front and left back, is called a column.", "en", ["column"]),
        # A rule that opens with the term and says what it is.
        ("The check timing is the time that is used to resolve rule actions.", "en", ["check", "timing"]),
        ("One shot effects are effects that do the instructed action once.", "en", ["One", "shot", "effects"]),
        ("Un evento è un cambiamento da uno stato di gioco a un altro.", "it", ["evento"]),
        ("Il giocatore di turno è il giocatore che gioca il turno.", "it", ["giocatore", "di", "turno"]),
        ("Gli Effetti ad Uso Singolo sono effetti che fanno l'azione una volta.", "it", ["Effetti", "ad", "Uso", "Singolo"]),
        ("“Pescare (carte)” è un'azione che sposta carte dal mazzo alla mano.", "it", ["Pescare", "carte"]),
        # A term of several words said to be its own noun's kind, with no article: a definition by genus.
        ("Le Azioni Arbitrarie sono azioni effettuate automaticamente dal gioco.", "it", ["Azioni", "Arbitrarie"]),
        ("Rule actions are actions made automatically by the game.", "en", ["Rule", "actions"]),
        ("Il giocatore attivo è obbligato a pescare.", "it", []),
        ("Le carte rivelate sono pubbliche.", "it", []),
        # A condition, a quantifier or a negation opening the rule names no term.
        ("If a unit is the attacked unit, it stays.", "en", []),
        ("Ogni giocatore è il proprietario delle carte del suo mazzo.", "it", []),
        ("La Rarità non è una caratteristica di una carta.", "it", []),
        ("The unit that attacks in this battle is the one chosen in 7.3.1.4 and stays so.", "en", []),
        ("The zones with hidden information are called \"hidden zones\".", "en", ["hidden", "zones"]),
        ("Quella carta è chiamata “Fonte di Danno” ed è definita nel seguito.", "it", ["Fonte", "di", "Danno"]),
        ("Tali testi sono chiamate “Frase d’Effetto” (flavor text).", "it", ["Frase", "d", "Effetto"]),
        ("Le due posizioni sono chiamate collettivamente “Back Stage”.", "it", ["Back", "Stage"]),
        ("Una fase si chiama Turno e ha inizio subito.", "it", ["Turno"]),
        # A name longer than a term's is a description; a rule that names nothing defines nothing.
        ("This step is called the last main phase battle closing step.", "en", []),
        ("Your vanguard is dealt one damage.", "en", []),
        ("Each pair of circles is called a column.", None, []),
    ],
)
def test_a_rule_that_names_a_term_defines_it(text, lang, term):
    assert defined_term(text, lang) == term


def test_the_corpus_descriptions_are_found(search_index):
    rows = {(r["document"], r["stable_id"]): r for r in index_rows()}
    # Altered's keyword headings carry no title: the term is what every rule under them names.
    assert rows[("altered-cr-it", "7.4.1.a")]["describes"]
    assert not rows[("altered-cr-it", "7.4.1.b")]["describes"]
    assert not rows[("vg-cr-en-1.48", "11.3.1")]["describes"]  # the intercept rule itself
    assert rows[("vg-cr-en-1.48", "4.6.2")]["defines"] == "column"
    assert rows[("vg-cr-en-1.48", "4.6.2.1")]["defines"] == ""  # it uses the term, after defining it


def test_a_question_about_a_mechanic_ranks_what_it_does_above_its_description(search_index):
    results = search.clause_search(query="cosa fa difensore", document="altered-cr-it")
    ranks = {h.stable_id: i for i, h in enumerate(results.hits)}
    assert min(ranks.get("7.4.1.b", 99), ranks.get("7.4.1.c", 99)) < ranks.get("7.4.1.a", 99)


def test_a_question_about_the_description_still_finds_it(search_index):
    results = search.clause_search(query="difensore abilita passiva", document="altered-cr-it")
    assert results.hits[0].stable_id == "7.4.1.a"
