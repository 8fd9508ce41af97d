"""Helpers shared by the parser tests that look clauses up by number."""
from pathlib import Path

from rulesdb.parsers import base

SOURCES = Path(__file__).resolve().parents[3] / "rulesdb" / "sources"


def clauses_by_number(result: base.ParseResult) -> dict[str, list[base.ParsedClause]]:
    table: dict[str, list[base.ParsedClause]] = {}
    for clause in result.clauses:
        table.setdefault(clause.number, []).append(clause)
    return table


def only_clause(by_number: dict[str, list[base.ParsedClause]], number: str) -> base.ParsedClause:
    """The one clause printed with `number`; fails when it is printed more than once."""
    found = by_number[number]
    assert len(found) == 1, f"{number} printed {len(found)} times"
    return found[0]
