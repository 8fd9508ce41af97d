"""The offline search's ranking (static/judgeapp/offline-search.js) in Chromium, over three small documents
made here: a clause number with the game or the language it is asked in, the words of a question less its
function words, a clause with all of a query's words first, a judge's English over the Italian rules
through the game's equivalents, the game a query names and the query's language first."""
import json
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"


def _doc(slug: str, game: str, language: str, game_words: list[str], clauses: list[tuple[str, str, str]],
         equivalents: list[list[str]] | None = None) -> dict:
    """A kept bundle as offline-reader.js holds it: clauses as objects, by number (a heading has no text)."""
    rows = [{"position": i, "number": n, "title": title, "html": f"<p>{text}</p>" if text else "", "asked": "",
             "kind": "rule" if text else "heading"} for i, (n, title, text) in enumerate(clauses)]
    return {"slug": slug, "game": game, "language": language, "game_words": game_words, "clauses": rows,
            "byNumber": {r["number"].lower(): r for r in rows}, "equivalents": equivalents or []}


DOCUMENTS = [
    _doc("vg-cr-it-2.2", "vanguard", "it", ["vanguard", "vg"], [
        ("7.3.1", "", "Il giocatore di turno sceglie un'unità in posizione di attacco e attacca."),
        ("7.3.1.4", "", "Metti la carta nella zona danni a faccia in su."),
        ("9", "Deck vuoto", ""),
        ("9.2", "", "Se il deck è vuoto il giocatore perde la partita."),
        ("2.2.11.a", "", "Una regola con una lettera."),
        ("Q3", "Domanda", "Posso attaccare con un guardiano?"),
    ], [["damage zone", "zona danni"], ["deck", "mazzo"]]),
    _doc("vg-cr-en-1.48", "vanguard", "en", ["vanguard", "vg"], [
        ("7.3.1", "", "The turn player chooses a unit in attack position and attacks."),
        ("9.2", "", "If a deck has no cards the player loses the game."),
    ], [["damage zone", "zona danni"], ["deck", "mazzo"]]),
    _doc("ws-cr-it", "weiss-schwarz", "it", ["weiss", "ws"], [
        ("7.3.1", "", "Il giocatore sceglie un personaggio e attacca."),
        ("9.2", "", "Se il mazzo è vuoto il giocatore mette la waiting room nel mazzo e perde la partita? No: riordina."),
        ("4.1", "", "Il mazzo mazzo mazzo."),
    ]),
]


@pytest.fixture(scope="module")
def ranking_page(browser):
    page = browser.new_page()
    page.set_content("<!doctype html><title>offline search</title>")
    page.add_script_tag(path=str(STATIC / "vendor" / "minisearch-7.2.0" / "minisearch.js"))
    page.add_script_tag(path=str(STATIC / "judgeapp" / "offline-search.js"))
    page.evaluate("""docs => {
        window.docs = docs;
        window.plain = html => html.replace(/<[^>]*>/g, "");
        window.index = judgeappOfflineSearch.createIndex(MiniSearch, docs, plain);
        window.ids = hits => hits.map(h => h.doc.slug + ":" + h.clause.number);
    }""", DOCUMENTS)
    yield page
    page.close()


def _numbers(page, query: str) -> list[str]:
    return page.evaluate("q => ids(judgeappOfflineSearch.numberHits(docs, q))", query)


def _words(page, query: str) -> list[str]:
    return page.evaluate("q => ids(judgeappOfflineSearch.wordHits(index, docs, q))", query)


def test_a_number_is_offered_in_every_document_that_prints_it(ranking_page):
    assert _numbers(ranking_page, "7.3.1") == ["vg-cr-it-2.2:7.3.1", "vg-cr-en-1.48:7.3.1", "ws-cr-it:7.3.1"]
    assert _numbers(ranking_page, "7.3.1.4.") == ["vg-cr-it-2.2:7.3.1.4"]


def test_a_number_with_the_game_named_is_that_game_s_clause(ranking_page):
    assert _numbers(ranking_page, "ws 7.3.1") == ["ws-cr-it:7.3.1"]
    assert _numbers(ranking_page, "7.3.1 Vanguard") == ["vg-cr-it-2.2:7.3.1", "vg-cr-en-1.48:7.3.1"]


def test_a_number_typed_with_commas_or_a_word_before_it_is_read(ranking_page):
    assert _numbers(ranking_page, "regola 7,3,1,4") == ["vg-cr-it-2.2:7.3.1.4"]
    assert _numbers(ranking_page, "art. 9.2") == ["vg-cr-it-2.2:9.2", "ws-cr-it:9.2", "vg-cr-en-1.48:9.2"]  # Italian first
    assert _numbers(ranking_page, "2.2.11a") == ["vg-cr-it-2.2:2.2.11.a"]
    assert _numbers(ranking_page, "domanda 3") == ["vg-cr-it-2.2:Q3"]


def test_rule_or_regola_puts_the_rules_in_that_language_first(ranking_page):
    assert _numbers(ranking_page, "vanguard rule 9.2") == ["vg-cr-en-1.48:9.2", "vg-cr-it-2.2:9.2"]
    assert _numbers(ranking_page, "vg regola 9.2") == ["vg-cr-it-2.2:9.2", "vg-cr-en-1.48:9.2"]


def test_words_are_not_a_number(ranking_page):
    assert _numbers(ranking_page, "zona danni") == []
    assert _numbers(ranking_page, "ws 7.3.1 attacco") == []


def test_a_question_s_function_words_choose_nothing(ranking_page):
    # "se", "il", "è" are in most clauses: the clause that has "deck" and "vuoto" answers.
    assert _words(ranking_page, "se il deck è vuoto")[0] == "vg-cr-it-2.2:9.2"


def test_a_clause_with_all_the_words_outranks_one_with_the_rarest_word_often(ranking_page):
    hits = _words(ranking_page, "mazzo vuoto partita weiss")
    assert hits[0] == "ws-cr-it:9.2"
    assert hits.index("ws-cr-it:9.2") < hits.index("ws-cr-it:4.1")


def test_english_finds_the_italian_rules_through_the_game_s_equivalents(ranking_page):
    assert _words(ranking_page, "damage zone face up")[0] == "vg-cr-it-2.2:7.3.1.4"


def test_the_game_named_comes_first(ranking_page):
    assert _words(ranking_page, "mazzo vuoto vanguard")[0].startswith("vg-")
    assert _words(ranking_page, "mazzo vuoto ws")[0].startswith("ws-")


def test_the_query_s_language_comes_first_where_the_game_has_rules_in_it(ranking_page):
    assert _words(ranking_page, "what happens when the deck is empty")[0] == "vg-cr-en-1.48:9.2"
    assert _words(ranking_page, "cosa succede se il deck è vuoto")[0] == "vg-cr-it-2.2:9.2"


def test_a_query_of_function_words_only_still_searches_them(ranking_page):
    assert _words(ranking_page, "the") != []
    assert json.dumps(_words(ranking_page, "")) == "[]"


def test_a_rule_outranks_the_heading_that_names_its_topic(ranking_page):
    hits = _words(ranking_page, "deck vuoto")
    assert hits.index("vg-cr-it-2.2:9.2") < hits.index("vg-cr-it-2.2:9")


def test_a_query_with_no_function_words_is_in_the_language_whose_rules_print_its_words(ranking_page):
    # "vuoto" is printed only by the Italian rules, "cards" only by the English ones.
    assert _words(ranking_page, "deck vuoto")[0] == "vg-cr-it-2.2:9.2"
    assert _words(ranking_page, "deck cards")[0] == "vg-cr-en-1.48:9.2"


def test_a_clause_number_among_words_puts_that_numbers_clauses_first(ranking_page):
    # As the site does: the number's clauses in the query's language first, then the words' hits.
    hits = _words(ranking_page, "what does rule 9.2 say about the deck")
    assert hits[:3] == ["vg-cr-en-1.48:9.2", "vg-cr-it-2.2:9.2", "ws-cr-it:9.2"]
    assert len(hits) > 3
    named = _words(ranking_page, "ws 7.3.1 attacco")
    assert named[0] == "ws-cr-it:7.3.1" and set(named[:3]) == {"ws-cr-it:7.3.1", "vg-cr-it-2.2:7.3.1", "vg-cr-en-1.48:7.3.1"}
    assert _words(ranking_page, "deck 4 cards")[0] == "vg-cr-en-1.48:9.2"  # a bare integer is a count
