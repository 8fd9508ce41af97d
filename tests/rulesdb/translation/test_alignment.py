"""Alignment of the Italian 2.2 and English 1.48 Vanguard rules, and the stored counterpart lookup."""
import csv
from pathlib import Path

import pytest

from rulesdb.models import Clause, Document
from rulesdb.translation.alignment import alignment_get_or_compute, clause_counterpart, documents_align

pytestmark = pytest.mark.django_db

SECTIONS_FILE = Path(__file__).parent / "data" / "alignment_sections.tsv"


@pytest.fixture(scope="module")
def it_en_pairs(django_db_setup, django_db_blocker):
    """{it stable id: en stable id or None} and {en stable id: it or None}, computed once."""
    with django_db_blocker.unblock():
        it = Document.objects.get(slug="vg-cr-it-2.2")
        en = Document.objects.get(slug="vg-cr-en-1.48")
        results = documents_align(left=it, right=en)
    left = {r.left.stable_id: (r.right.stable_id if r.right else None) for r in results if r.left}
    right = {r.right.stable_id: (r.left.stable_id if r.left else None) for r in results if r.right}
    statuses = {(r.left.stable_id if r.left else None, r.right.stable_id if r.right else None): r.status for r in results}
    return left, right, statuses


@pytest.fixture
def it_en():
    return Document.objects.get(slug="vg-cr-it-2.2"), Document.objects.get(slug="vg-cr-en-1.48")


def _clause(document, stable_id):
    return Clause.objects.select_related("document").get(document=document, stable_id=stable_id)


# Read in both texts: the Italian battle steps 7.2-7.7 are the English 7.3-7.8
# (1.48 has an extra 7.2 "Attack Resolution"); specific actions and keyword
# abilities are in another order; IT `10.30 Oscurità` is printed inside section 11.
PINNED = [
    ("1.1", "1.1"), ("3.5", "3.5"), ("6.5", "6.5"), ("10.2", "10.2"),
    ("7.2", "7.3"), ("7.3", "7.4"), ("7.4", "7.5"), ("7.5", "7.6"), ("7.6", "7.7"), ("7.7", "7.8"),
    ("7.2.1", "7.3.1"), ("7.2.1.2", "7.3.1.2"), ("7.2.1.3", "7.3.1.3"),
    ("7.3.1.1", "7.4.1.1"), ("7.3.1.2", "7.4.1.2"), ("7.3.1.3.1", "7.4.1.5.1"),
    ("7.3.1.4.7", "7.4.1.8.6"), ("7.3.1.6", "7.4.1.10"), ("7.3.1.9", "7.4.1.13"),
    ("10.6", "10.6"), ("10.7", "10.7"),
    ("10.17", "10.30"), ("10.17.1", "10.30.1"), ("10.18", "10.17"), ("10.24", "10.22"),
    ("10.25", "10.24"), ("10.27", "10.25"), ("10.29", "10.27"), ("10.31", "10.32"), ("10.32", "10.33"),
    ("11.1", "11.4"), ("11.1.1", "11.4.1"), ("11.2.1", "11.3.1"), ("11.2", "11.3"), ("11.3", "11.2"),
    ("11.5", "11.13"), ("11.6", "11.5"), ("11.14", "11.12"), ("11.13", "11.14"), ("11.30", "11.30"),
]

ONLY_ENGLISH = [
    "4.12", "7.2", "10.31", "10.34", "10.35", "10.36", "10.37", "11.17", "11.18", "11.20", "11.23",
    "11.36", "11.39", "11.40", "12.5", "12.6", "12.11",
]
ONLY_ITALIAN = ["13"]


@pytest.mark.parametrize("it_id,en_id", PINNED)
def test_pinned_alignments(it_en_pairs, it_id, en_id):
    left, right, statuses = it_en_pairs
    assert left[it_id] == en_id
    assert statuses[(it_id, en_id)] == ("same" if it_id == en_id else "renumbered")


def test_one_sided_clauses(it_en_pairs):
    left, right, statuses = it_en_pairs
    assert [en for en in ONLY_ENGLISH if right[en] is not None] == []
    assert [it for it in ONLY_ITALIAN if left[it] is not None] == []
    assert statuses[(None, "7.2")] == "right-only" and statuses[("13", None)] == "left-only"


def test_section_level_accuracy_against_hand_alignment(it_en_pairs):
    left, _, _ = it_en_pairs
    with SECTIONS_FILE.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert len(rows) == 151  # every depth-2 heading of IT 2.2
    wrong = [(r["it_id"], r["en_id"], left.get(r["it_id"])) for r in rows if left.get(r["it_id"]) != (r["en_id"] or None)]
    print(f"\ndepth-2 accuracy {1 - len(wrong) / len(rows):.1%} ({len(rows) - len(wrong)}/{len(rows)}); wrong: {wrong}")
    assert 1 - len(wrong) / len(rows) >= 0.95, wrong


def test_documents_of_different_games_refused():
    vanguard = Document.objects.get(slug="vg-cr-it-2.2")
    weiss = Document.objects.get(slug="ws-cr-it")
    with pytest.raises(ValueError, match="different games"):
        documents_align(left=vanguard, right=weiss)


def test_stored_alignment_reused_until_reimport(it_en):
    it, en = it_en
    first = alignment_get_or_compute(left=it, right=en)
    assert alignment_get_or_compute(left=it, right=en).pk == first.pk
    assert first.pairs.count() >= Clause.objects.filter(document=it).count()


def test_counterpart_of_renumbered_battle_step(it_en):
    it, en = it_en
    counterpart, how = clause_counterpart(clause=_clause(it, "7.2"), other_document=en)
    assert counterpart.number == "7.3"
    # Plain words on a judge's page: the two numbers, no score.
    assert how == "the same text under another number: 7.2 here, 7.3 there (matched by what it says)"


def test_counterpart_same_number_and_one_sided(it_en, django_assert_max_num_queries):
    it, en = it_en
    counterpart, how = clause_counterpart(clause=_clause(it, "10.2"), other_document=en)
    assert counterpart.number == "10.2" and how == "same number, same content"
    clause = _clause(en, "7.2")
    with django_assert_max_num_queries(2):
        counterpart, how = clause_counterpart(clause=clause, other_document=it)
    assert counterpart is None
    assert how == "no counterpart: this clause exists only in English 1.48"


SUBSECTIONS_FILE = Path(__file__).parent / "data" / "alignment_subsections.tsv"


def _subsection_rows():
    with SUBSECTIONS_FILE.open(encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def test_subsection_level_accuracy_against_hand_alignment(it_en_pairs):
    """Every depth-3 clause (x.y.z) of IT 2.2, hand-aligned with EN 1.48 (stable ids; empty = no counterpart)."""
    left, _, _ = it_en_pairs
    rows = _subsection_rows()
    assert len(rows) == 356 and all(r["it_number"] in left for r in rows)
    per_section: dict[str, list[int]] = {}
    wrong = []
    for r in rows:
        expected, got = r["en_number"] or None, left.get(r["it_number"])
        section = per_section.setdefault(r["it_number"].split(".")[0], [0, 0])
        section[1] += 1
        if got == expected:
            section[0] += 1
        else:
            wrong.append((r["it_number"], expected, got))
    accuracy = 1 - len(wrong) / len(rows)
    print(f"\ndepth-3 accuracy {accuracy:.1%} ({len(rows) - len(wrong)}/{len(rows)}); "
          + ", ".join(f"{s}: {ok}/{n}" for s, (ok, n) in sorted(per_section.items(), key=lambda i: int(i[0]))))
    print("wrong:", wrong)
    assert accuracy >= 0.95, wrong
