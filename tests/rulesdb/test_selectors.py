"""The reader's index: numbers as typed or linked to the clause they open (rulesdb/selectors.py)."""
from rulesdb.models import Clause
from rulesdb import selectors
from rulesdb.selectors import DocumentIndex


def _index(*rows):
    clauses = [Clause(pk=i + 1, stable_id=stable_id, number=number, printed_number=printed, order=i, depth=1,
                      kind="rule", line_start=1, line_end=1)
               for i, (stable_id, number, printed) in enumerate(rows)]
    return DocumentIndex(1, clauses, {}, {}, {}, [])


def test_a_number_opens_its_address_then_a_clause_misprinted_with_it():
    index = _index(("5.1.1", "5.1.1", "5.9.1"), ("5.2.1", "5.2.1", "5.1.1"), ("5.2.2", "5.2.2", ""))
    assert index.address_of("5.1.1") == "5.1.1"      # an address wins over a misprint
    assert index.address_of("5.9.1") == "5.1.1"      # printed only by mistake: that clause
    assert index.address_of("5.7") is None


def test_an_id_of_an_earlier_import_names_the_nth_printing_of_a_number():
    index = _index(("11.4.2", "11.4.2", "11.5.1"), ("11.5.1", "11.5.1", ""), ("11.6.1", "11.6.1", "11.5.1"))
    assert [index.printed_occurrence(f"11.5.1~{n}").stable_id for n in (1, 2, 3)] == ["11.4.2", "11.5.1", "11.6.1"]
    assert index.printed_occurrence("11.5.1~4") is None and index.printed_occurrence("11.5.1") is None


def test_number_spellings_try_the_typed_text_first_then_the_printed_shapes():
    assert selectors.number_spellings(" 7.3.1.4. ") == ["7.3.1.4"]
    assert selectors.number_spellings("2.2.11a") == ["2.2.11a", "2.2.11.a"]
    assert selectors.number_spellings("art. 9,4,1,1") == ["art. 9,4,1,1", "9,4,1,1", "9.4.1.1"]
    assert selectors.number_spellings("Q12") == ["Q12"]  # a playbook's question keeps its letter
