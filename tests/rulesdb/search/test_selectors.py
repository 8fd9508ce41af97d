"""rulesdb/search/selectors.py: clause_search (numbers, ranking order, facets, suggestions)."""
from __future__ import annotations

import pytest

from rulesdb import search

from .search_helpers import ids, unmarked

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("query", ["7.3.1.4", "7.3.1.4.", " 7.3.1.4 "])
def test_a_clause_number_comes_first(search_index, query):
    results = search.clause_search(query=query, document="vg-cr-it-2.2")
    assert ids(results)[0] == "vg-cr-it-2.2:7.3.1.4"
    assert results.number_match.stable_id == "7.3.1.4"


def test_a_lettered_number_comes_first(search_index):
    results = search.clause_search(query="1.1.4.g")
    assert ids(results)[0] == "altered-cr-it:1.1.4.g"


@pytest.mark.parametrize("query, key", [
    ("9,4,1,1", "ws-cr-it:9.4.1.1"), ("9, 4, 1, 1", "ws-cr-it:9.4.1.1"),  # a phone keyboard's decimal comma
    ("2.2.11a", "altered-cr-it:2.2.11.a"), ("2.2.11 a", "altered-cr-it:2.2.11.a"), ("2.2.11.A", "altered-cr-it:2.2.11.a"),
    ("regola 7.4.3 i", "altered-cr-it:7.4.3.i"), ("art. 9,4,1,1", "ws-cr-it:9.4.1.1"),  # the word before a number
])
def test_a_number_typed_another_way_is_the_clause_printed(search_index, query, key):
    assert ids(search.clause_search(query=query))[:1] == [key]


def test_a_number_and_a_word_that_are_no_clause_are_searched_as_words(search_index):
    results = search.clause_search(query="7.3 a")
    assert results.count and "7.3.a" not in {hit.number for hit in results.hits}


def test_a_number_prefix_lists_its_subtree_in_order(search_index):
    results = search.clause_search(query="7.3", document="vg-cr-en-1.48", page_size=50)
    numbers = [hit.number for hit in results.hits]
    assert numbers[0] == "7.3"
    assert all(n == "7.3" or n.startswith("7.3.") for n in numbers)
    assert results.count > 1 and results.number_match is not None


def test_results_carry_facets_and_pages(search_index):
    first = search.clause_search(query="zona danni", page=1, page_size=10)
    second = search.clause_search(query="zona danni", page=2, page_size=10)
    assert first.count == second.count > 20
    assert set(ids(first)).isdisjoint(ids(second))
    assert sum(first.facets["document"].values()) == first.count
    assert sum(first.facets["kind"].values()) == first.count
    scoped = search.clause_search(query="zona danni", document="vg-playbook-it-3.00", kind="qa")
    assert scoped.count == len([1 for h in scoped.hits]) or scoped.count > 10
    assert {h.document for h in scoped.hits} == {"vg-playbook-it-3.00"} and {h.kind for h in scoped.hits} == {"qa"}


def test_a_number_printed_in_several_documents_offers_each_documents_clause(search_index):
    results = search.clause_search(query="7.3.1", page_size=50)
    assert results.number_choices
    documents = [hit.document for hit in results.hits]
    assert len(documents) == len(set(documents)) >= 4  # one clause per document, not its subtree
    assert all(hit.number == "7.3.1" for hit in results.hits)
    assert results.count == len(results.hits)
    # A heading with no words of its own shows the first words under it.
    assert all(unmarked(hit.snippet).strip() for hit in results.hits)


def test_a_number_in_one_document_still_lists_its_subtree(search_index):
    results = search.clause_search(query="7.3.1", document="vg-cr-en-1.48", page_size=50)
    assert not results.number_choices and results.count > 1


def test_a_phrase_that_is_nowhere_is_searched_with_its_words_apart(search_index):
    """A judge quotes a card's text from memory: no clause has it word for word, so its words are searched
    apart, and the judge is told so."""
    results = search.clause_search(query='"intercetto fantasma"')
    loose = search.clause_search(query="intercetto fantasma")
    assert results.unquoted == ["intercetto fantasma"]
    assert results.count == loose.count > 0 and ids(results) == ids(loose)
    among_words = search.clause_search(query='when does "attack fantasma step" happen')
    assert among_words.unquoted == ["attack fantasma step"] and among_words.count > 0
    printed = search.clause_search(query='"unità attaccante"')
    assert printed.count > 0 and printed.unquoted == []  # printed word for word: searched as a phrase


def test_a_phrase_whose_words_are_nowhere_either_offers_what_finds_something(search_index):
    results = search.clause_search(query='"fantasma zzqkx" intercetto')
    assert results.count > 0 and results.unquoted == ["fantasma zzqkx"]  # apart, "intercetto" finds clauses
    nothing = search.clause_search(query='"fantasma zzqkx"')
    assert nothing.count == 0 and nothing.unquoted == []
    assert "fantasma" not in dict(nothing.suggestions)  # it finds nothing either


def test_the_querys_language_comes_first_when_both_translations_answer(glossary):
    results = search.clause_search(query="what does intercept do")
    first_english = next(i for i, h in enumerate(results.hits) if h.document == "vg-cr-en-1.48" and h.number.startswith("11.3"))
    italian = [i for i, h in enumerate(results.hits) if h.document == "vg-cr-it-2.2" and h.number in ("11.2", "11.2.1")]
    assert not italian or first_english < min(italian)


@pytest.mark.parametrize("query, document", [("weiss 7.3.1", "ws-cr-it"), ("7.3.1 altered", "altered-cr-it"),
                                             ("ws 7.3.1", "ws-cr-it"), ("WS 7,3,1", "ws-cr-it"),
                                             ("regola 7,3,1 altered", "altered-cr-it")])
def test_a_number_beside_a_games_name_is_that_games_clause(search_index, query, document):
    """A judge types the game before the number ("weiss 10.2.3"): the number in that game's rules, not a text search
    for the game's name."""
    results = search.clause_search(query=query, page_size=50)
    assert ids(results)[0] == f"{document}:7.3.1"
    assert {hit.document for hit in results.hits} == {document}


@pytest.mark.parametrize("query, first", [
    ("playbook Q22", {"vg-playbook-it-3.00:Q22"}),  # the document's name from its address
    ("domanda 33 playbook", {"vg-playbook-it-3.00:Q33"}),  # the Playbook's questions by their word
    ("question 12 vanguard", {"vg-playbook-it-3.00:Q12"}),
    ("vg 9.1.3", {"vg-cr-it-2.2:9.1.3", "vg-cr-en-1.48:9.1.3"}),  # the game's code from the documents' addresses
    ("regola 9.3.6 vanguard", {"vg-cr-it-2.2:9.3.6"}),  # "regola": the Italian rules first
    ("rule 9.3.6 vanguard", {"vg-cr-en-1.48:9.3.6"}),  # "rule": the English ones
])
def test_a_number_beside_a_documents_name_or_a_languages_word_is_that_documents_clause(search_index, query, first):
    results = search.clause_search(query=query, page_size=10)
    assert ids(results)[0] in first
    assert {hit.game for hit in results.hits} == {"vanguard"}


def test_a_number_with_other_words_is_still_a_text_search(search_index):
    results = search.clause_search(query="7.3.1 guardiano", page_size=10)
    assert results.number_match is None


def test_a_question_asking_what_a_term_is_gets_the_rule_that_defines_it_before_its_heading(search_index):
    """"6.7 Attack Phase" names the phase; 6.7.1 says what it is. Asked what it is, the judge reads 6.7.1 first."""
    assert ids(search.clause_search(query="attack phase cos'è ws"))[:2] == ["ws-cr-it:6.7.1", "ws-cr-it:6.7"]
    assert ids(search.clause_search(query="fase d'attacco cosa significa ws"))[0] == "ws-cr-it:6.7.1"


def test_naming_a_heading_without_asking_what_it_is_still_finds_the_heading_first(search_index):
    assert ids(search.clause_search(query="attack phase ws"))[0] == "ws-cr-it:6.7"


def test_warming_up_reads_the_index_before_the_first_search(search_index):
    from rulesdb.search import ranking

    search.search_caches_clear()
    search.search_warm()
    assert ranking._index_data_by_key  # the stored fields, lengths and word table, read once


def test_warming_up_builds_no_index_that_is_missing(search_index, monkeypatch):
    from rulesdb.search import ranking, selectors

    monkeypatch.setattr(selectors, "index_exists", lambda: False)
    search.search_caches_clear()
    search.search_warm()
    assert not ranking._index_data_by_key


def test_the_best_scores_are_kept_best_first_equal_scores_in_index_order():
    import heapq
    import random

    from rulesdb.search.selectors import _best

    rng = random.Random(5)
    for _ in range(500):
        scores = {rng.randrange(5000): rng.choice([1.0, 2.0, 0.5, rng.random()]) for _ in range(rng.randint(0, 300))}
        count = rng.randint(1, 120)
        assert _best(scores, count) == heapq.nsmallest(count, scores.items(), key=lambda item: (-item[1], item[0]))


def test_a_clause_number_among_words_puts_that_numbers_clauses_first(search_index):
    """"what does rule 9.2.4 say about damage": the judge typed a reference; the words frame the question and
    say which language's clause comes first."""
    english = search.clause_search(query="what does rule 9.2.4 say about damage")
    assert [(h.document, h.number) for h in english.hits[:1]] == [("vg-cr-en-1.48", "9.2.4")]
    assert {h.number for h in english.hits[:3]} == {"9.2.4"} and english.count > 3  # then the words' results
    italian = search.clause_search(query="7.3.1 cosa dice sulla sottofase")
    assert italian.hits[0].number == "7.3.1" and italian.hits[0].language == "it"
    named = search.clause_search(query="7.3.1 altered reazione")
    assert (named.hits[0].document, named.hits[0].number) == ("altered-cr-it", "7.3.1")
    counted = search.clause_search(query="level 4 lose")  # a bare integer among words is a count, not a number
    assert all(h.number != "4" for h in counted.hits[:3])


def test_a_game_named_none_of_whose_rules_has_the_words_is_said(search_index):
    """"intercept weiss": Weiss Schwarz has no intercept; the results are Vanguard's, and the judge is told so
    rather than left to apply another game's rule."""
    results = search.clause_search(query="intercept weiss")
    assert results.games_without_words == ["Weiss Schwarz"]
    assert results.hits and all(h.game != "weiss-schwarz" for h in results.hits[:3])
    assert search.clause_search(query="weiss mulligan").games_without_words == []
    assert search.clause_search(query="intercept").games_without_words == []  # no game named
