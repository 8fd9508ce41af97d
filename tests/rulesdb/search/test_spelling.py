"""rulesdb/search/spelling.py: the nearest words of an unknown word, and a query read with them."""
from __future__ import annotations

import pytest

from rulesdb import search
from rulesdb.search.ranking import index_data
from rulesdb.search.searchers import searcher_borrow
from rulesdb.search.spelling import compound_split, dictionary_words, misspellings_corrected, spelling_candidates

from .search_helpers import ids

pytestmark = pytest.mark.django_db


def test_two_letters_swapped_in_a_short_word_are_one_mistake(search_index):
    """"shitf" is "shift" with two letters swapped: found although the index counts it two edits away."""
    with searcher_borrow() as searcher:
        assert "shift" in spelling_candidates("shitf", searcher.reader())
        assert spelling_candidates("zzqqx", searcher.reader()) == []


def test_the_words_near_an_unknown_word_are_those_whoosh_finds_within_two_edits(search_index):
    """The index's words are looked through by their first two letters: the same words as whoosh's own
    search within two edits sharing those letters."""
    from rulesdb.search.spelling import _words_by_start, within_two_edits

    with searcher_borrow() as searcher:
        reader = searcher.reader()
        by_start = _words_by_start(reader)
        assert _words_by_start(reader) is by_start  # read once per reader
        for typed in ("guardain", "innescco", "retroguadria", "sacrficare", "attakc", "zzqqx", "damgae"):
            assert within_two_edits(typed, reader) == set(reader.terms_within("exact", typed, 2, prefix=2)), typed
        assert "guardian" in spelling_candidates("guardain", reader)


def test_a_four_letter_word_is_corrected_only_by_two_letters_swapped(search_index):
    """"stpe" is "step" swapped; "stez" (one letter changed) could be several words and is left alone."""
    with searcher_borrow() as searcher:
        reader = searcher.reader()
        assert spelling_candidates("stpe", reader) == ["step"]
        assert spelling_candidates("stez", reader) == []
        results = search.SearchResults(query="damage stpe")
        words = misspellings_corrected(["damage", "stpe"], reader, index_data(searcher).lexicon, results)
    assert words == ["damage", "step"]
    assert results.did_you_mean == "damage step"


def test_a_word_nothing_knows_is_read_as_its_nearest_word_and_offered_as_did_you_mean(search_index):
    results = search.SearchResults(query="zona innescco")
    with searcher_borrow() as searcher:
        lexicon = index_data(searcher).lexicon
        words = misspellings_corrected(["zona", "innescco"], searcher.reader(), lexicon, results)
    assert words == ["zona", "innesco"]
    assert results.did_you_mean == "zona innesco"


@pytest.mark.parametrize("words", [
    # "tappare" is no rule's word but a judges' word; "dominare" only the English rules print.
    ["tappare", "dominare"],
    # "static" alone is no word of the index (it was read as "stati"); "static abilities" is Magic's name for passive ones.
    ["static", "abilities"],
    # Everyday words no rule prints: "muore" (dies) is not "muove" (moves), "interrupt" is not "intercept".
    ["muore", "interrupt", "scattare"],
])
def test_a_word_a_glossary_a_judges_phrase_or_the_word_table_knows_is_left_as_typed(glossary, words):
    with searcher_borrow() as searcher:
        lexicon = index_data(searcher).lexicon
        corrected = misspellings_corrected(words, searcher.reader(), lexicon, search.SearchResults(query=""))
    assert corrected == words


def test_a_word_the_rules_hyphenate_typed_as_one_is_read_as_its_two_words(search_index):
    # Altered prints "sotto-tipi"; the judge types "sottotipi".
    with searcher_borrow() as searcher:
        reader = searcher.reader()
        assert compound_split("sottotipi", reader) == ["sotto", "tipi"]
        assert compound_split("zzzzqqqq", reader) == []
        results = search.SearchResults(query="sottotipi degli emblemi")
        words = misspellings_corrected(["sottotipi", "degli", "emblemi"], reader, index_data(searcher).lexicon, results)
    assert words == ["sotto", "tipi", "degli", "emblemi"]
    assert results.did_you_mean == "sotto tipi degli emblemi"
    found = search.clause_search(query="sottotipi degli emblemi", document="altered-cr-it")
    assert "altered-cr-it:2.2.2.h" in ids(found)[:3], ids(found)[:5]


def test_the_corrected_word_is_searched_as_the_word(search_index):
    # The trigger zone (4.10) for "zona innescco": the corrected word weighs as the word, not as a fuzzy match.
    results = search.clause_search(query="zona innescco", document="vg-cr-it-2.2")
    assert any(i.startswith("vg-cr-it-2.2:4.10") for i in ids(results)[:3]), ids(results)[:5]


def test_a_word_the_rules_print_in_another_form_is_not_offered_a_correction(search_index):
    """No rule prints "count", but "counts" is printed: the judge meant it, and "did you mean cont" (the icon)
    would be a wrong offer."""
    results = search.clause_search(query="count damage", document="vg-cr-en-1.48")
    assert results.did_you_mean is None or "cont" not in results.did_you_mean.split()
    assert "count" not in results.corrections


def test_the_everyday_words_are_the_ones_no_rule_prints(search_index):
    with searcher_borrow() as searcher:
        words = set(dictionary_words(searcher.reader()))
        assert {"muore", "interrupt", "scattare", "matter"} <= words
        assert not {"carta", "card", "guardian", "muove"} & words  # printed by the rules
        assert all(len(w) >= 4 for w in words)
        # Saved with the index's word list, so every search reads the set the index was built with.
        assert index_data(searcher).lexicon["dictionary"] == frozenset(words)


def test_an_everyday_word_is_not_offered_a_correction(search_index):
    results = search.clause_search(query="scattare abilità automatica")
    assert "scattare" not in results.corrections and not results.did_you_mean
