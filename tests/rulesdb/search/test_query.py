"""rulesdb/search/query.py: what a query matches (words, stems, typos, prefixes, phrases, counts, glossary and synonym expansions)."""
from __future__ import annotations

import re

import pytest

from rulesdb import search
from rulesdb.search.analysis import stem, terms
from rulesdb.search.parsing import query_parse
from rulesdb.search.query import query_plan
from rulesdb.search.searchers import searcher_borrow

from .search_helpers import ids, unmarked

pytestmark = pytest.mark.django_db


def test_words_that_change_a_ruling_are_not_stop_words(search_index):
    negative = search.clause_search(query='"non può attaccare"', document="vg-cr-it-2.2")
    positive = search.clause_search(query='"può attaccare"', document="vg-cr-it-2.2")
    assert "vg-cr-it-2.2:10.27.15" in ids(negative)
    assert 0 < negative.count < positive.count
    assert search.clause_search(query='"cannot attack"', document="vg-cr-en-1.48").count > 0


def test_a_misspelt_word_finds_the_right_one(search_index):
    results = search.clause_search(query="contrattaco", document="vg-cr-it-2.2")
    assert ids(results)[0] in {"vg-cr-it-2.2:10.16", "vg-cr-it-2.2:10.16.1"}


def test_a_word_cut_short_matches_as_a_prefix(search_index):
    results = search.clause_search(query="contrat", document="vg-cr-it-2.2")
    assert any("Contrattacco" in hit.title for hit in results.hits)


def test_a_quoted_phrase_must_match_in_order(search_index):
    results = search.clause_search(query='"check timing"', page_size=50)
    assert results.count > 10
    for hit in results.hits:
        assert re.search(r"check\W+timing", unmarked(hit.snippet) + " " + hit.title, re.I), hit


@pytest.mark.parametrize(
    "query, italian, expected",
    [
        ("drive check", "controllo d'assalto", {"10.14", "10.14.1", "2.16.1", "7.5.1.2"}),
        ("rear-guard", "retroguardia", {"3.10", "3.10.1"}),
        ("damage zone", "zona danni", {"4.8", "4.8.1", "4.8.2", "4.8.3"}),
    ],
)
def test_english_terms_search_the_italian_rules_through_the_glossary(client, glossary, query, italian, expected):
    response = client.get("/api/v1/search/", {"q": query, "document": "vg-cr-it-2.2"})
    body = response.json()
    assert response.status_code == 200
    assert italian in body["expanded_terms"]
    top = {hit["id"] for hit in body["results"][:5]}
    assert top & expected, (query, top)


def test_italian_terms_search_the_english_rules_too(glossary):
    results = search.clause_search(query="zona danni", document="vg-cr-en-1.48")
    assert "damage zone" in results.expanded_terms
    assert ids(results)[0] in {f"vg-cr-en-1.48:{n}" for n in ("4.8", "4.8.1", "4.8.2", "4.8.3")}


def test_italian_synonyms_and_loanwords_find_each_other(glossary):
    # The Italian rules say "Deck" where a judge types "mazzo".
    results = search.clause_search(query="inneschi mazzo", document="vg-cr-it-2.2")
    assert "deck" in [t.lower() for t in results.expanded_terms]
    assert "vg-cr-it-2.2:5.2.2.3" in ids(results)[:5]


def test_a_term_in_several_games_glossaries_expands_to_each_translation(glossary):
    # "owner": "proprietario" in Vanguard, "possessore" too in Weiss Schwarz.
    results = search.clause_search(query="owner")
    assert {"proprietario", "possessore"} <= set(results.expanded_terms)


def test_a_bare_integer_among_words_is_a_count_not_a_clause_number(search_index):
    parsed = query_parse("weiss level 4 lose")
    assert "4" in parsed.words and not parsed.numbers and parsed.whole_number is None
    assert query_parse("regola 4").numbers == ["4"]
    assert query_parse("7.3 drive").numbers == ["7.3"]
    results = search.clause_search(query="weiss level 4 lose")
    assert ids(results)[0].startswith("ws-cr-it:")


def test_counts_in_letters_find_digits(search_index):
    results = search.clause_search(query="level quattro carte", document="ws-cr-it")
    assert any("<mark>4</mark>" in hit.snippet for hit in results.hits[:5])


@pytest.mark.parametrize(
    "query, document, synonym, expected",
    [
        # Magic's "tap" is Vanguard's "rest"; "graveyard" its drop zone; "cimitero" the Italian one.
        ("tapped", "vg-cr-en-1.48", "rest", {"3.17.1.2", "3.17.1.2.1"}),
        ("graveyard", "vg-cr-en-1.48", "drop zone", {"4.4", "4.4.1", "4.4.2"}),
        ("cimitero", "vg-cr-it-2.2", "zona scarti", {"4.4", "4.4.1", "4.4.2"}),
        # A paraphrase the rules put otherwise: "flip" for "turn ... face up".
        ("flip damage face up", "vg-cr-en-1.48", "turn face up", {"10.30.1"}),
    ],
)
def test_everyday_words_find_the_rules_words_through_the_synonyms(glossary, query, document, synonym, expected):
    results = search.clause_search(query=query, document=document)
    assert synonym in results.expanded_terms
    top = {hit.stable_id for hit in results.hits[:5]}
    assert top & expected, (query, top)


def test_without_the_synonyms_those_words_miss(search_index):
    results = search.clause_search(query="graveyard", document="vg-cr-en-1.48")
    assert not {hit.stable_id for hit in results.hits[:5]} & {"4.4", "4.4.1", "4.4.2"}


def test_a_misspelt_word_is_corrected_and_offered(search_index):
    results = search.clause_search(query="guardain")
    assert results.did_you_mean == "guardian"
    # The swap of two letters is one edit: "guardare" (to look, two edits) is not searched.
    assert all("guardare" not in unmarked(hit.snippet).casefold() for hit in results.hits[:5])
    assert "guardian" in unmarked(results.hits[0].snippet).casefold()


def test_a_word_the_index_knows_is_not_corrected(search_index):
    assert search.clause_search(query="guardian").did_you_mean == ""


def test_a_games_bare_name_says_where_to_look_not_what_is_asked(search_index):
    from rulesdb.search.parsing import game_names_split

    with searcher_borrow() as searcher:
        reader = searcher.reader()
        assert game_names_split(["soul", "trigger", "weiss"], reader) == (["soul", "trigger"], {"weiss-schwarz"})
        # "vanguard" is also the rules' word for a unit and a circle: it stays a word to look for.
        words, games = game_names_split(["vanguard", "circle"], reader)
        assert words == ["vanguard", "circle"] and games == {"vanguard"}
        assert game_names_split(["weiss"], reader)[0] == ["weiss"]  # nothing else to look for
    results = search.clause_search(query="soul trigger weiss")
    assert ids(results)[0].startswith("ws-cr-it:")
    assert not any("Weiss" in hit.text for hit in results.hits[:3])


def test_an_english_synonym_finds_the_loanword_the_italian_rules_keep(glossary):
    # Magic's "tap" is "rest"; the Italian Weiss Schwarz rules keep the English word: "mettere in Rest".
    with searcher_borrow() as searcher:
        plan = query_plan(query_parse("tap"), searcher.reader(), search.SearchResults(query="tap"))
    assert "text_it:rest" in str(plan.query) and stem("rest", "it") in plan.all_forms
    results = search.clause_search(query="tap a character weiss")
    assert "ws-cr-it:4.6.1.2" in ids(results)[:10], ids(results)[:10]


def test_a_term_of_several_words_counts_by_its_telling_words(search_index):
    from rulesdb.search.query import _telling_forms

    with searcher_borrow() as searcher:
        reader = searcher.reader()
        # "mettere a riposo": a clause has the term when it has "riposo", not merely "a".
        forms = _telling_forms(terms("mettere a riposo", "it"), "it", reader)
        assert stem("riposo", "it") in forms and "a" not in forms
        assert _telling_forms([stem("riposo", "it")], "it", reader) == {stem("riposo", "it")}
        # Only common words: the rarest of them stands for the term.
        assert _telling_forms(["a", "di"], "it", reader) in ({"a"}, {"di"})


@pytest.mark.parametrize(
    "query, document, expected",
    [
        # Weiss Schwarz 9.2: "Quando un giocatore non ha più carte nella sua Deck Area ...".
        ("deck out", "ws-cr-it", {"9.2.1", "9.2.2", "9.2.2.1", "9.4.1.2"}),
        # Altered 2.5.i: "Quando un oggetto lascia la zona Spedizione ...".
        ("card leaves play", "altered-cr-it", {"2.5.i"}),
    ],
)
def test_everyday_english_phrases_find_the_italian_only_rules(glossary, monkeypatch, query, document, expected):
    from rulesdb.search import vocabulary

    results = search.clause_search(query=query, document=document)
    top = {hit.stable_id for hit in results.hits[:5]}
    assert top & expected, (query, top)
    # The phrase table is what turns the English words into the Italian rules' (the questions written
    # for the search reach these rules too, so the hits alone no longer tell).
    with_table = set(results.expanded_terms)
    monkeypatch.setattr(vocabulary, "phrase_entries", lambda: ())
    search.glossary_cache_clear()
    assert with_table - set(search.clause_search(query=query, document=document).expanded_terms), query


def test_a_judges_shorthand_fused_with_its_count_is_the_shorthand_and_a_count(glossary):
    from rulesdb.search.parsing import shorthand_unpacked

    parsed = shorthand_unpacked(query_parse("LB4 power"))
    assert parsed.words == ["power", "lb", "4"] and parsed.numbers == [] and parsed.whole_number is None
    # A clause number with letters is not a shorthand: it stays a number.
    assert shorthand_unpacked(query_parse("G17")).whole_number == "g17"
    results = search.clause_search(query="LB4", document="vg-cr-en-1.48")
    assert "limit break" in results.expanded_terms
    assert any("limit break" in unmarked(hit.snippet).casefold() for hit in results.hits[:3]), ids(results)[:3]


@pytest.mark.parametrize("query, words", [
    ("10k shield", ["shield", "10000"]),  # a clause number to the parser, thousands to a player
    ("+5k al vanguard", ["5000", "al", "vanguard"]),
])
def test_power_in_thousands_is_read_as_the_number_the_rules_print(query, words):
    from rulesdb.search.parsing import shorthand_unpacked

    parsed = shorthand_unpacked(query_parse(query))
    assert parsed.words == words and parsed.numbers == [] and parsed.whole_number is None


def test_a_translated_term_is_looked_for_side_by_side_in_the_other_languages_rules(glossary):
    # "first player" -> "primo giocatore" (the phrase table): the Italian rules that print those words
    # side by side have what the English query's adjacent words ask, as an English rule would.
    with searcher_borrow() as searcher:
        english = query_plan(query_parse("first player attacks"), searcher.reader(), search.SearchResults(query=""))
        italian = query_plan(query_parse("primo giocatore attacca"), searcher.reader(), search.SearchResults(query=""))
    assert english.language == "en" and " prim giocator " in english.translated_pairs
    # A translation into the query's own language adds nothing: its own words are the query's pairs.
    assert " prim giocator " not in italian.translated_pairs and " prim giocator " in italian.pairs



def test_an_english_word_is_also_the_loanword_the_italian_rules_print(glossary):
    # The Italian Weiss Schwarz rules keep "Stand Phase" in English: an English question finds 6.2.1.1 there,
    # though English knows the words (and would otherwise search them in the English rules only).
    with searcher_borrow() as searcher:
        plan = query_plan(query_parse("stand phase abilities at the start of the turn"), searcher.reader(),
                          search.SearchResults(query=""))
    assert plan.language == "en"
    results = search.clause_search(query="stand phase abilities at the start of the turn", document="ws-cr-it")
    assert {"6.2.1.1", "6.2.1", "6.2"} & {h.stable_id for h in results.hits[:3]}, ids(results)[:5]


@pytest.mark.parametrize("text, defining", [
    ("cos'è la fase d'attacco", True), ("icona d'innesco significato", True), ("cosa vuol dire muovere", True),
    ("what is a vanilla card", True), ("shield value what does it mean", True), ("trigger icon meaning", True),
    ("definizione di ritirare", True), ("cosa succede se ho 7 danni", False), ("what happens when a unit is hit", False),
    ("quante carte posso avere", False), ("is the hero zone public", False)])
def test_a_question_asking_what_a_term_is_is_told_apart(text, defining):
    from rulesdb.search.analysis import fold
    from rulesdb.search.parsing import query_parse
    from rulesdb.search.vocabulary import DEFINING_RE
    words = query_parse(text).words
    assert bool(DEFINING_RE.search(" ".join(fold(w) for w in words))) is defining


@pytest.mark.parametrize("query, numbers", [
    ("WS 9,6,1", ["9.6.1"]),  # a clause number typed on a keyboard whose decimal key is a comma
    ("regola 10,26,3 vanguard", ["10.26.3"]),
    ("2,2,11,a altered", ["2.2.11.a"]),
])
def test_a_clause_number_typed_with_commas_among_words_is_the_number(query, numbers):
    assert query_parse(query).numbers == numbers


def test_one_comma_is_a_power_in_thousands_not_a_clause_number():
    assert not [n for n in query_parse("power 10,000").numbers if "." in n]
