"""rulesdb/search/results.py: the page count and the corrected query ("did you mean")."""
from __future__ import annotations

import pickle

from rulesdb.search.results import SearchedTerm, SearchHit, SearchResults


def test_pages_round_up_and_are_never_zero():
    assert SearchResults(query="x", count=0, page_size=10).pages == 1
    assert SearchResults(query="x", count=10, page_size=10).pages == 1
    assert SearchResults(query="x", count=11, page_size=10).pages == 2


def test_did_you_mean_replaces_whole_words_only():
    results = SearchResults(query="guardain guardains", corrections={"guardain": "guardian"})
    assert results.did_you_mean == "guardian guardains"


def test_nothing_corrected_offers_nothing():
    assert SearchResults(query="guardian").did_you_mean == ""
    # A correction that changes nothing in the query is no suggestion either.
    assert SearchResults(query="guardian", corrections={"absent": "other"}).did_you_mean == ""


def test_a_hit_links_its_printed_number_or_its_address():
    hit = SearchHit(document="vg-cr-it-2.2", language="it", kind="rule", stable_id="11.2.1~m",
                    number="", title="", snippet="", score=1.0)
    assert hit.url == "/rules/vg-cr-it-2.2/11.2.1~m/"
    hit.number = "7.3.1"
    assert hit.url == "/rules/vg-cr-it-2.2/7.3.1/"


def test_a_searched_term_is_its_pair_with_the_languages_beside():
    term = SearchedTerm("drop zone", "zona scarti", "en", "it")
    assert term == ("drop zone", "zona scarti") and dict([term]) == {"drop zone": "zona scarti"}
    assert (term.source, term.source_lang, term.target, term.target_lang) == ("drop zone", "en", "zona scarti", "it")
    kept = pickle.loads(pickle.dumps(term))
    assert kept == term and (kept.source_lang, kept.target_lang) == ("en", "it")
