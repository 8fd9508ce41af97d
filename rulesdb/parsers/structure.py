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


# --- Numbers that contradict where they are printed ---------------------------
#
# A printed number names the heading its clause belongs to (`11.2.1` belongs to
# `11.2`). Where the clause is printed under another heading, position and number
# disagree, and one of three things happened:
#
# - a repeat: the same number with the same text was printed before (the Italian
#   Vanguard reprints rule 4.6.7 inside 10.24 "Bloccare"). It is the same rule
#   quoted where it applies: it stays where it is printed and keeps its number;
# - children printed before their heading: the heading the number names comes
#   later, the heading above already has rules of its own, and the number is not
#   printed again under its own heading (Altered prints 7.4.3.a-c, then "7.4.3
#   Gigante"). The number decides, as the importer always did;
# - otherwise a misprint (the Italian Vanguard's section 11: "11.1 Supporto" over a
#   rule printed 11.2.1, "11.2 Intercetto" over 11.3.1, the Triplo Assalto and
#   Vincolo rules both printed 11.5.1). The position decides: the clause stays under
#   the heading it is printed under and its address is the number it would have
#   there, while `printed_number` keeps what the page prints.

def _extends(number: str, head: str) -> bool:
    return number == head or number.startswith(head + ".")


def _prefix(number: str, depth: int) -> str:
    return ".".join(number.split(".")[:depth])


def _next_free(head: str, last: str, in_use) -> str:
    """`head.last` when no clause uses it, else the next child number of `head` no clause uses."""
    wanted = f"{head}.{last}"
    if not in_use[wanted]:
        return wanted
    if last.isdigit():
        siblings = [n[len(head) + 1:] for n in in_use if in_use[n] and n.startswith(head + ".")]
        used = [int(s) for s in siblings if s.isdigit()]
        return f"{head}.{max(used, default=0) + 1}"
    for letter in "abcdefghijklmnopqrstuvwxyz":
        if not in_use[f"{head}.{letter}"]:
            return f"{head}.{letter}"
    return wanted


def with_misprints_placed(clauses: list[ParsedClause]) -> list[ParsedClause]:
    """`clauses` with every misprinted number (see above) moved to an address under
    the heading it is printed under, the printed number kept in `printed_number`,
    and every repeat attached to the heading it is printed under (by `parent`).

    Only dotted numbers of rules, headings and sections are read; the list is
    changed in place and returned."""
    from collections import Counter

    from .base import fold

    in_use = Counter(c.number for c in clauses if c.number)
    positions: dict[str, list[int]] = {}
    for index, clause in enumerate(clauses):
        if clause.number:
            positions.setdefault(clause.number, []).append(index)
    heads: list[int] = []
    renamed: dict[str, str] = {}
    renamed_under: int | None = None
    for index, clause in enumerate(clauses):
        number = clause.number
        if not number or clause.kind in ("note", "example"):
            continue
        depth = number_depth(number)
        while heads and number_depth(clauses[heads[-1]].number) >= depth:
            heads.pop()
        if heads and "." in number:
            container = heads[-1]
            head = clauses[container].number
            if renamed_under != container:
                renamed, renamed_under = {}, container
            moved = next((p for p in sorted(renamed, key=len, reverse=True) if number.startswith(p + ".")), None)
            if moved is not None:
                _rename(clause, renamed[moved] + number[len(moved):], in_use, renamed)
            elif not _extends(number, head):
                if _is_repeat(clauses, index, positions, fold):
                    clause.parent = container
                elif not _printed_before_heading(clauses, index, container, positions):
                    _rename(clause, _next_free(head, number.rsplit(".", 1)[1], in_use), in_use, renamed)
        if clause.kind in ("section", "heading"):
            heads.append(index)
    return clauses


def _rename(clause: ParsedClause, address: str, in_use, renamed: dict[str, str]) -> None:
    renamed[clause.number] = address
    in_use[clause.number] -= 1
    in_use[address] += 1
    clause.printed_number, clause.number = clause.number, address


def _is_repeat(clauses: list[ParsedClause], index: int, positions: dict[str, list[int]], fold) -> bool:
    clause = clauses[index]
    same = fold(clause.text).strip(" .")
    return any(
        i < index and fold(clauses[i].text).strip(" .") == same and same
        for i in positions[clause.number]
    )


def _printed_before_heading(
    clauses: list[ParsedClause], index: int, container: int, positions: dict[str, list[int]]
) -> bool:
    """Whether clause `index` is one of its heading's rules printed just before that heading."""
    number = clauses[index].number
    head = clauses[container].number
    own_heading = _prefix(number, number_depth(head))
    later_heading = [i for i in positions.get(own_heading, ()) if i > index and clauses[i].kind in ("section", "heading")]
    if not later_heading:
        return False
    has_own_rules = any(_extends(clauses[i].number, head) and clauses[i].number != head for i in range(container + 1, index))
    printed_again_under_it = any(i > later_heading[0] for i in positions[number])
    return has_own_rules and not printed_again_under_it
