"""The questions asked of a clause, matched whole (rulesdb/search/questions.py)."""
from __future__ import annotations

from rulesdb.search.query import QueryPlan
from rulesdb.search.questions import one_question_factor, question_masks
from rulesdb.search.ranking import rerank_score


def test_one_question_that_has_the_querys_words_counts_more_than_the_same_words_spread_over_several():
    # "can a unit swing twice": every word is in one of the first clause's questions; the second
    # clause's questions have the same words, but never all in one question.
    plan = QueryPlan(None, [], [{"unit"}, {"swing"}, {"twice"}], [2.0, 5.0, 4.0], set(), {})

    def score(questions: str) -> float:
        stems = " ".join(sorted(set(questions.split())))
        return rerank_score(1.0, {"kind": "rule", "written_stems": stems, "questions": questions}, plan)

    together = score("can unit swing twice\nunit attack again")
    spread = score("can unit swing\nunit attack twice")
    assert together > spread > score("")
    # The share is of the query's weighed words: the rare words a question has count more.
    assert score("swing twice") > score("unit swing") > score("unit")


def test_a_clause_with_no_question_or_no_word_of_the_query_in_one_keeps_its_score():
    plan = QueryPlan(None, [], [{"unit"}, {"swing"}], [2.0, 5.0], set(), {})
    assert one_question_factor({}, plan) == 1.0
    assert one_question_factor({"questions": "deck empty draw"}, plan) == 1.0
    assert one_question_factor({"questions": "unit swing"}, plan) == 5.0  # the whole query: 1 + 4 x 1^4


def test_each_form_knows_the_questions_that_have_it():
    fields = {"questions": "unit swing\nunit boost"}
    assert question_masks(fields) == {"unit": 0b11, "swing": 0b01, "boost": 0b10}
