"""Numbers that contradict the heading they are printed under (rulesdb/parsers/structure.py)."""
from rulesdb.parsers.base import ParsedClause, number_depth
from rulesdb.parsers.structure import with_misprints_placed
from rulesdb.services import tree_parents


def _clauses(*rows):
    out = []
    for row in rows:
        number, kind, text = row
        out.append(ParsedClause(number=number, kind=kind, text=text, depth=number_depth(number), lines=[len(out) + 1]))
    return out


def _parents(clauses):
    return [clauses[p].number if p is not None else None for p in tree_parents(clauses)]


def test_a_rule_numbered_for_the_next_heading_stays_where_it_is_printed():
    clauses = with_misprints_placed(_clauses(
        ("5", "section", ""),
        ("5.1", "heading", ""), ("5.2.1", "rule", "Boost."),
        ("5.2", "heading", ""), ("5.3.1", "rule", "Intercept."),
        ("5.3", "heading", ""), ("5.3.1", "rule", "Drive."), ("5.3.1.1", "rule", "Drive detail."),
    ))
    assert [(c.printed_number, c.number) for c in clauses if c.kind == "rule"] == [
        ("5.2.1", "5.1.1"), ("5.3.1", "5.2.1"), ("", "5.3.1"), ("", "5.3.1.1"),
    ]
    assert _parents(clauses)[2] == "5.1" and _parents(clauses)[4] == "5.2" and _parents(clauses)[6] == "5.3"


def test_an_address_taken_under_the_heading_gives_the_next_free_number():
    clauses = with_misprints_placed(_clauses(
        ("5", "section", ""), ("5.4", "heading", ""), ("5.4.1", "rule", "Twin."), ("5.5.1", "rule", "Triple."),
        ("5.5", "heading", ""), ("5.5.1", "rule", "Resist."),
        ("5.6", "heading", ""), ("5.5.1", "rule", "Restraint."), ("5.5.1.1", "rule", "Restraint detail."),
    ))
    assert [c.number for c in clauses] == ["5", "5.4", "5.4.1", "5.4.2", "5.5", "5.5.1", "5.6", "5.6.1", "5.6.1.1"]
    assert clauses[8].printed_number == "5.5.1.1"  # a sub-rule of a misprinted rule follows it


def test_a_heading_printed_with_another_sections_number():
    clauses = with_misprints_placed(_clauses(
        ("10", "section", ""), ("10.30", "heading", ""), ("11", "section", ""), ("11.29", "heading", ""),
        ("10.30", "heading", ""), ("11.30.1", "rule", "Darkness."),
    ))
    assert (clauses[4].printed_number, clauses[4].number) == ("10.30", "11.30")
    assert clauses[5].printed_number == "" and _parents(clauses)[5] == "11.30"


def test_children_printed_before_their_heading_keep_the_heading_their_number_names():
    clauses = with_misprints_placed(_clauses(
        ("7", "section", ""), ("7.4.2", "heading", ""), ("7.4.2.a", "rule", "Eternal."),
        ("7.4.3.a", "rule", "Giant."), ("7.4.3.b", "rule", "Giant again."), ("7.4.3", "heading", ""),
    ))
    assert not any(c.printed_number for c in clauses)
    assert _parents(clauses)[3] == "7.4.3"


def test_a_rule_repeated_word_for_word_elsewhere_keeps_its_number_where_it_is_reprinted():
    clauses = with_misprints_placed(_clauses(
        ("4", "section", ""), ("4.6", "heading", ""), ("4.6.7", "rule", "A locked circle."),
        ("10", "section", ""), ("10.24", "heading", ""), ("10.24.1", "rule", "Lock."), ("4.6.7", "rule", "A locked circle"),
    ))
    assert not any(c.printed_number for c in clauses)
    assert _parents(clauses)[6] == "10.24"
