"""Headings a document's extraction lost, rebuilt from the numbering.

Altered's rules are numbered `1.1.4.g` under sections `1`, subsections `1.1`
and sub-subsections `1.1.4`, but the plain-text extraction kept only a dozen
of those headings. The numbering still implies every one of them, and the
text names some (`Vedi 7.1.4 "Simboli di costo"`, `Sottosezione 1.4 "Regole
d'Oro"`). `with_derived_headings` inserts one `derived` clause per implied
heading that is printed nowhere, so every rule has a parent and references to
a heading resolve. A derived clause has no source lines and no text: only its
number and, where the document itself names it, a title.
"""
from __future__ import annotations

import re

from .base import ParsedClause, number_depth

# `Sottosezione 1.4 "Regole d'Oro"`, `Vedi 7.1.4 “Simboli di costo”`, `Section 2 "Objects"`.
_NAMED_REFERENCE = re.compile(
    r"\b(?:sezione|sottosezione|vedi|regola|capitolo|section|subsection|see|rule|chapter)\s+"
    r"(?P<number>\d+(?:\.\d+)*)\.?\s+[\"“](?P<title>[^\"”\n]{2,60})[\"”]",
    re.IGNORECASE,
)
_NUMERIC = re.compile(r"^\d+(?:\.\d+)*$")


def named_headings(clauses: list[ParsedClause]) -> dict[str, str]:
    """Heading titles the document's own text gives a number (first mention wins)."""
    names: dict[str, str] = {}
    for clause in clauses:
        for match in _NAMED_REFERENCE.finditer(clause.text):
            names.setdefault(match.group("number"), match.group("title").strip())
    return names


def _implied_prefixes(number: str) -> list[str]:
    """`7.3.18.a` -> [`7`, `7.3`, `7.3.18`]: the headings its number places it under."""
    parts = number.split(".")
    prefixes = []
    for cut in range(1, len(parts)):
        prefix = ".".join(parts[:cut])
        if not _NUMERIC.match(prefix):
            break
        prefixes.append(prefix)
    return prefixes


def with_derived_headings(clauses: list[ParsedClause]) -> list[ParsedClause]:
    """`clauses` with a derived heading before the first clause of every heading
    the numbering implies and the document never prints.

    Only numbered rules, headings and sections are read (not glossary entries
    `G01` or remarks). A heading printed after its children is not derived
    again: the importer already attaches the children to it. Parent indexes set
    by the parser (remarks) are renumbered for the inserted clauses.
    """
    printed = {c.number for c in clauses if c.number}
    names = named_headings(clauses)
    out: list[ParsedClause] = []
    new_index: dict[int, int] = {}
    derived: set[str] = set()
    for index, clause in enumerate(clauses):
        if clause.number and clause.kind in ("rule", "heading", "section"):
            for prefix in _implied_prefixes(clause.number):
                if prefix in printed or prefix in derived:
                    continue
                derived.add(prefix)
                out.append(
                    ParsedClause(
                        number=prefix,
                        kind="section" if "." not in prefix else "heading",
                        title=names.get(prefix, ""),
                        depth=number_depth(prefix),
                        origin="derived",
                    )
                )
        new_index[index] = len(out)
        out.append(clause)
    for clause in out:
        if clause.origin != "derived" and clause.parent is not None:
            clause.parent = new_index[clause.parent]
    return out
