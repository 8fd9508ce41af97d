"""rulesdb/search/ranking.py: BM25F outside whoosh's matchers, the term-score cache, and the reranking priors."""
from __future__ import annotations

import pytest

from rulesdb import search
from rulesdb.search.analysis import stem
from rulesdb.search.parsing import query_parse
from rulesdb.search.query import query_plan
from rulesdb.search.ranking import IndexData, games_implied, index_data, query_scores
from rulesdb.search.searchers import searcher_borrow

from .search_helpers import ids

pytestmark = pytest.mark.django_db


def _whoosh_scores(searcher, query) -> dict[int, float]:
    return {hit.docnum: hit.score for hit in searcher.search(query, limit=None)}


def test_a_word_only_one_game_uses_ranks_that_games_rules_first(search_index):
    # "retroguardie" is Vanguard's word; "al massimo" is said most often in Altered's deck rules.
    results = search.clause_search(query="quante retroguardie al massimo")
    assert ids(results)[0].startswith("vg-cr-it-2.2:3.10") and "vg-cr-it-2.2:3.10.1.1" in ids(results)[:3]
    with searcher_borrow() as searcher:
        data = index_data(searcher)
        plan = query_plan(query_parse("stock nascosta"), searcher.reader(), search.SearchResults(query=""))
        assert games_implied(searcher, data, ["stock", "nascosta"], plan.word_weights) == {"weiss-schwarz"}
        plan = query_plan(query_parse("carte mano"), searcher.reader(), search.SearchResults(query=""))
        assert games_implied(searcher, data, ["carte", "mano"], plan.word_weights) == frozenset()


@pytest.mark.parametrize(
    "fieldname, text",
    [("text_it", stem("danni", "it")), ("title_it", stem("sentinella", "it")),
     ("text_en", stem("guardian", "en")), ("exact", "retroguardia"), ("context_en", stem("battle", "en"))],
)
def test_a_terms_scores_are_whooshs_bm25f(search_index, fieldname, text):
    from whoosh.query import Term

    with searcher_borrow() as searcher:
        data = IndexData(searcher.reader())
        ours = data.leaf_scores(searcher, Term(fieldname, text))
        theirs = _whoosh_scores(searcher, Term(fieldname, text))
    assert ours and ours.keys() == theirs.keys()
    assert all(ours[n] == pytest.approx(theirs[n], rel=1e-9) for n in theirs)


def test_postings_read_by_block_are_those_read_one_at_a_time(search_index):
    from whoosh.matching import ListMatcher

    from rulesdb.search.ranking import _postings

    with searcher_borrow() as searcher:
        reader = searcher.reader()
        for fieldname, word in (("exact", "carte"), ("text_it", stem("turno", "it")), ("title_en", stem("phase", "en"))):
            one_at_a_time = []
            matcher = reader.postings(fieldname, word)
            while matcher.is_active():
                one_at_a_time.append((matcher.id(), matcher.weight()))
                matcher.next()
            assert list(_postings(reader.postings(fieldname, word))) == one_at_a_time
        assert len(one_at_a_time) > 0
        many = [(n, w) for n, w in _postings(reader.postings("exact", "carte"))]
        assert len(many) > 300  # more than one block (whoosh writes 128 postings a block)
    # A matcher without blocks is read one posting at a time.
    assert list(_postings(ListMatcher([2, 5, 9], weights=[1.0, 3.0, 2.0]))) == [(2, 1.0), (5, 3.0), (9, 2.0)]


def test_combined_queries_score_as_whoosh_combines_them(search_index):
    from whoosh.query import And, AndMaybe, Or, Phrase, Term

    it = lambda word: stem(word, "it")  # noqa: E731
    query = AndMaybe(
        Or([Phrase("text_it", [it("zona"), it("danni")], slop=1), Term("title_it", it("danni"), boost=3.0)]),
        Or([And([Term("text_it", it("carte")), Term("text_it", it("perdere"))], boost=2.0), Term("number", "8.1.2")]),
    )
    with searcher_borrow() as searcher:
        ours = query_scores(searcher, IndexData(searcher.reader()), query)
        theirs = _whoosh_scores(searcher, query)
    assert len(ours) > 20 and ours.keys() == theirs.keys()
    assert all(ours[n] == pytest.approx(theirs[n], rel=1e-9) for n in theirs)


def test_the_term_score_cache_stays_within_its_budget(search_index):
    from whoosh.query import Term

    with searcher_borrow() as searcher:
        data = IndexData(searcher.reader())
        data.LEAF_CACHE_POSTINGS = 300
        for word in ("danni", "carte", "turno", "unita", "forza", "attacco"):
            data.leaf_scores(searcher, Term("exact", word))
            assert data.leaves_postings == sum(len(v) for v in data.leaves.values())
            assert data.leaves_postings <= 300 or len(data.leaves) == 1  # one list over budget is kept alone


def test_the_aligned_words_weigh_less_than_a_clauses_own(search_index):
    results = search.clause_search(query="boost")
    first_italian = next(i for i, h in enumerate(results.hits) if h.language == "it")
    first_english = next(i for i, h in enumerate(results.hits) if h.language == "en")
    assert first_english < first_italian


def test_a_judges_shorthand_ranks_the_rules_above_the_glossary_entry_naming_the_term():
    from rulesdb.search.query import QueryPlan
    from rulesdb.search.ranking import rerank_score

    def score(kind: str, implied: frozenset[str]) -> float:
        plan = QueryPlan(None, [], [], [], set(), {}, implied_games=implied)
        return rerank_score(1.0, {"kind": kind, "game": "vanguard"}, plan)

    vanguard = frozenset({"vanguard"})
    assert score("glossary", vanguard) < score("rule", vanguard)
    # Without a judges' word the glossary entry keeps its place beside the rule.
    assert score("glossary", frozenset()) == score("rule", frozenset())


def test_a_judges_shorthand_finds_the_rule_before_the_playbook_glossary(glossary, monkeypatch):
    from rulesdb.search import ranking

    assert search.clause_search(query="CB counter blast").hits[0].kind != "glossary"
    # The Playbook's glossary entry, titled with the term, came first before (and still does when the
    # rule that defines "to counter blast" is not preferred either).
    monkeypatch.setattr(ranking, "_JARGON_GLOSSARY", 1.0)
    monkeypatch.setattr(ranking, "_W_DEFINES", 1.0)
    assert search.clause_search(query="CB counter blast").hits[0].kind == "glossary"


def test_the_rule_that_defines_the_term_asked_about_ranks_above_one_that_uses_it():
    from rulesdb.search.query import QueryPlan
    from rulesdb.search.ranking import rerank_score

    def score(word_forms: list[set[str]], **fields) -> float:
        plan = QueryPlan(None, [], word_forms, [5.0] * len(word_forms), set(), {})
        return rerank_score(1.0, {"kind": "rule", "stems": "column colonn circl", **fields}, plan)

    column = [{"colonna", "colonn", "column"}]
    defining = {"defines": "column", "defines_size": 1}
    assert score(column, **defining) > score(column)
    # A question about more than the term is not answered by its definition first...
    assert score([*column, {"boost"}], **defining) == score([*column, {"boost"}])
    # ...nor a word of a longer defined name ("source of damage") by that name's definition.
    damage = [{"damage", "damag"}]
    assert score(damage, defines="damag damage source", defines_size=2) == score(damage)


def test_a_translated_term_side_by_side_counts_less_than_the_querys_own_words():
    from rulesdb.search.query import QueryPlan
    from rulesdb.search.ranking import rerank_score

    plan = QueryPlan(None, [" first player "], [], [], set(), {}, language="en")
    plan.translated_pairs = [" prim giocator "]

    def score(sequence: str) -> float:
        return rerank_score(1.0, {"kind": "rule", "sequence": sequence}, plan)

    own, translated, neither = score(" the first player "), score(" il prim giocator "), score(" il giocator ")
    assert own > translated > neither

