"""Alignment of the Italian 2.2 and English 1.48 Vanguard rules, and the stored counterpart lookup."""
import pytest

from rulesdb.alignment import clause_counterpart
from rulesdb.models import Clause, Document

pytestmark = pytest.mark.django_db


@pytest.fixture
def it_en():
    return Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")


def _clause(document, stable_id):
    return Clause.objects.select_related("document").get(document=document, stable_id=stable_id)


def test_counterpart_of_renumbered_battle_step(it_en):
    it, en = it_en
    counterpart, how = clause_counterpart(clause=_clause(it, "7.2"), other_document=en)
    assert counterpart.number == "7.3"
    assert how.startswith("aligned by content") and "score" in how


def test_counterpart_same_number_and_one_sided(it_en, django_assert_max_num_queries):
    it, en = it_en
    counterpart, how = clause_counterpart(clause=_clause(it, "10.2"), other_document=en)
    assert counterpart.number == "10.2" and how == "same number, same content"
    clause = _clause(en, "7.2")
    with django_assert_max_num_queries(2):
        counterpart, how = clause_counterpart(clause=clause, other_document=it)
    assert counterpart is None
    assert how == "no counterpart: this clause exists only in English 1.48"
