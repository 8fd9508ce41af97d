"""The second opinion on the candidates (rulesdb/search/plain.py): words found whole, as the start of a longer
word or with a typo, clauses with all of the query's words first, headings and the other language held back,
and the reciprocal rank fusion of the two orders."""
import pytest

from rulesdb.search import plain as plain_module
from rulesdb.search.plain import PlainIndex, fused, second_order
from rulesdb.search.query import QueryPlan


def _clause(title: str, text: str, *, kind: str = "rule", language: str = "it", game: str = "vanguard",
            questions: str = "") -> dict:
    return {"title_raw": title, "text_raw": text, "kind": kind, "language": language, "game": game,
            "current": "yes", "questions": questions}


def _plan(words: list[str], *, weights: list[float] | None = None, forms: list[set[str]] | None = None,
          language: str | None = None) -> QueryPlan:
    return QueryPlan(None, [], forms or [set() for _ in words], weights or [3.0] * len(words), set(), {},
                     language=language, words=words)


@pytest.fixture
def stored():
    return [
        _clause("", "Il giocatore può intercettare con una retroguardia nella fila anteriore."),          # 0
        _clause("", "Un guardiano viene messo nel cerchio del guardiano."),                              # 1
        _clause("Intercetto", "", kind="heading"),                                                         # 2
        _clause("", "The turn player may intercept with a rear-guard in the front row.", language="en"),  # 3
        _clause("", "Una retroguardia riposa.", questions="posso intercettare da dietro"),                 # 4
        _clause("", "Old text.", language="it") | {"current": "no"},                                      # 5
    ]


def test_a_word_is_found_whole_as_the_start_of_a_longer_one_or_with_a_typo(stored):
    plain = PlainIndex(stored)
    found = plain.derived("intercett")
    assert 0 < found["intercettare"] < 1 and "intercetto" in found
    assert plain.derived("guardiano")["guardiano"] == 1.0
    typo = plain.derived("guardaino")  # two letters swapped: two edits in a nine-letter word
    assert 0 < typo["guardiano"] < 0.45
    assert "guardiano" not in plain.derived("guardo")  # one edit in five letters, not three


def test_only_current_clauses_count_in_the_word_frequencies(stored):
    plain = PlainIndex(stored)
    assert plain.count == 5 and "old" not in plain.df[1]


def test_the_clause_with_all_the_words_comes_first(stored):
    plain = PlainIndex(stored)
    order = second_order(stored[:5], plain, _plan(["intercettare", "retroguardia", "anteriore"]))
    assert order[0] == 0
    assert 1 not in order  # none of the words


def test_the_words_of_the_questions_asked_of_a_clause_find_it(stored):
    plain = PlainIndex(stored)
    assert 4 in second_order(stored[:5], plain, _plan(["dietro"]))


def test_a_heading_is_held_back_below_a_rule_with_the_same_words(stored):
    stored += [_clause("Intercetto", "", kind="rule")]
    plain = PlainIndex(stored)
    assert second_order([stored[2], stored[6]], plain, _plan(["intercetto"])) == [1, 0]


def test_a_form_of_a_word_counts_less_than_the_word_typed(stored):
    plain = PlainIndex(stored)
    plan = _plan(["intercept"], forms=[{"intercett"}])
    order = second_order(stored[:5], plain, plan)
    assert order[0] == 3  # the English clause has the word typed; the Italian ones only a form of it


def test_a_clause_in_the_other_language_is_held_back_where_the_game_has_rules_in_the_query_s(stored):
    plain = PlainIndex(stored)
    candidates = [stored[3], stored[0]]
    plan = _plan(["intercett"], language="it")
    assert second_order(candidates, plain, plan) == [1, 0]


def test_function_words_are_searched_only_when_there_is_nothing_else(stored):
    plain = PlainIndex(stored)
    assert second_order(stored[:5], plain, _plan(["il", "retroguardia"], weights=[0.5, 3.0])) == \
        second_order(stored[:5], plain, _plan(["retroguardia"]))
    assert second_order(stored[:5], plain, _plan(["il"], weights=[0.5])) == [0]


def test_the_two_orders_are_fused_by_reciprocal_rank():
    head = ["a", "b", "c", "d"]
    # 1/(10 + rank) + 0.5/(10 + rank here): c 1/13 + 0.5/12 = 0.119, d 1/14 + 0.5/11 = 0.117, a 1/11, b 1/12.
    assert fused(head, [3, 2]) == ["c", "d", "a", "b"]
    assert fused(head, [1]) == ["b", "a", "c", "d"]
    assert fused(head, []) == head
    assert fused(head, [0, 1, 2, 3]) == head


def test_no_second_opinion_when_no_word_as_typed_is_in_any_candidate(stored):
    """A judges' word the rules never print ("pilaccia" for the damage zone) finds clauses only through its forms,
    which the main ranking weighs better."""
    plain = PlainIndex(stored)
    assert second_order(stored[:5], plain, _plan(["pilaccia"], forms=[{"retroguardia"}])) == []
    assert second_order(stored[:5], plain, _plan(["retroguardia"])) != []


def test_a_heading_whose_title_is_what_the_judge_typed_is_not_held_back_but_put_forward(stored):
    """"intercetto" is the whole title of one heading: as in the main ranking, that heading is the answer (times
    1.6), where a heading that only mentions the word is held back (times 0.6)."""
    stored += [_clause("Intercetto e Supporto", "", kind="heading")]
    plain = PlainIndex(stored)
    plan = _plan(["intercetto"], forms=[{"intercetto", "intercett"}])
    search = plain_module._search(plain, plan)
    named, mentioned = (plain.score(stored[n], search, plan) for n in (2, 6))
    assert named > 2 * mentioned > 0  # their words alone would make them nearly equal
